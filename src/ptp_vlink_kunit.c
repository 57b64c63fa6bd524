// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what ptp_vlink's wire does to one frame
 * (src/ptp_vlink_frame.h): the time on the wire, the stamps' resolution,
 * finding the PTP header in Ethernet, 802.1Q and IPv4/UDP frames (and
 * nothing in others, or in frames cut short), and the one-step Sync's
 * originTimestamp (suite ptp_vlink_frame); and how a port's delivery
 * timer is re-armed (src/ptp_vlink_rxq.h, suite ptp_vlink_rxq).  A
 * separate module that needs neither ptp_vlink.ko nor
 * ptp_dummy.ko; built only when the target kernel has CONFIG_KUNIT; not
 * shipped.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/module.h>

#include "ptp_vlink_frame.h"
#include "ptp_vlink_rxq.h"

enum frame_kind { FRAME_L2, FRAME_VLAN, FRAME_UDP, FRAME_UDP_OPTS, FRAME_VLAN_UDP };

/* Where each kind of frame has its PTP header. */
static const int frame_ptp_off[] = {
	[FRAME_L2] = ETH_HLEN,
	[FRAME_VLAN] = ETH_HLEN + VLAN_HLEN,
	[FRAME_UDP] = ETH_HLEN + 20 + 8,
	[FRAME_UDP_OPTS] = ETH_HLEN + 24 + 8,
	[FRAME_VLAN_UDP] = ETH_HLEN + VLAN_HLEN + 20 + 8,
};

/*
 * A frame of @kind carrying a PTP v2 message of @type with @flags0 (the
 * first flags byte), whose originTimestamp holds 0xee bytes.  The cases
 * free it with kfree_skb(), and check with EXPECT, not ASSERT, while it
 * lives: an ASSERT would leave it to kmemleak.
 */
static struct sk_buff *frame_make(struct kunit *test, enum frame_kind kind,
				  u8 type, u8 flags0)
{
	int off = frame_ptp_off[kind], l3 = ETH_HLEN;
	struct sk_buff *skb;
	u8 *f;

	skb = alloc_skb(128, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	f = skb_put_zero(skb, off + PTP_HDR_END);
	eth_broadcast_addr(f);
	if (kind == FRAME_VLAN || kind == FRAME_VLAN_UDP) {
		*(__be16 *)(f + 12) = htons(ETH_P_8021Q);
		*(__be16 *)(f + 14) = htons(7);
		l3 += VLAN_HLEN;
	}
	if (kind == FRAME_L2 || kind == FRAME_VLAN) {
		*(__be16 *)(f + l3 - 2) = htons(ETH_P_1588);
	} else {
		struct iphdr *ih = (struct iphdr *)(f + l3);
		struct udphdr *uh = (struct udphdr *)(f + off - 8);

		*(__be16 *)(f + l3 - 2) = htons(ETH_P_IP);
		ih->version = 4;
		ih->ihl = kind == FRAME_UDP_OPTS ? 6 : 5;
		ih->protocol = IPPROTO_UDP;
		uh->dest = htons(PTP_EVENT_PORT);
		uh->check = (__force __sum16)htons(0x1234);
	}
	f[off] = type;
	f[off + 1] = 2;
	f[off + 6] = flags0;
	memset(f + off + PTP_HDR_ORIGIN, 0xee, 10);
	return skb;
}

/* The 10 bytes of originTimestamp in the PTP header at @h. */
static bool origin_is(const u8 *h, const u8 *want)
{
	return !memcmp(h + PTP_HDR_ORIGIN, want, 10);
}

static u16 udp_check(const u8 *h)
{
	return ntohs((__force __be16)((const struct udphdr *)(h - 8))->check);
}

/* Time on the wire: padded to 60 bytes, plus 24 of overhead, at the speed. */
static void vlink_test_wire_ns(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(58, 1000), 672ULL);
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(0, 1000), 672ULL);
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(60, 1), 672000ULL);
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(1514, 1000), (1514ULL + 24) * 8);
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(1514, 400000), (1514ULL + 24) * 8 / 400);
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(1514, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(1514, -1), 0ULL);
	/* the largest frame at the lowest speed does not overflow */
	KUNIT_EXPECT_EQ(test, vlink_wire_ns(65535, 1), (65535ULL + 24) * 8000);
}

/* Stamps in whole periods, rounded down, before the epoch too. */
static void vlink_test_quantize(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, vlink_quantize(1234567, 0), 1234567LL);
	KUNIT_EXPECT_EQ(test, vlink_quantize(1234567, 1), 1234567LL);
	KUNIT_EXPECT_EQ(test, vlink_quantize(1234567, 8), 1234560LL);
	KUNIT_EXPECT_EQ(test, vlink_quantize(1234560, 8), 1234560LL);
	KUNIT_EXPECT_EQ(test, vlink_quantize(-1, 8), -8LL);
	KUNIT_EXPECT_EQ(test, vlink_quantize(S64_MAX, 1000), S64_MAX - S64_MAX % 1000);
}

/* The PTP header of every kind of frame; the UDP header's too. */
static void vlink_test_offset(struct kunit *test)
{
	enum frame_kind k;
	int udp;

	for (k = FRAME_L2; k <= FRAME_VLAN_UDP; k++) {
		struct sk_buff *skb = frame_make(test, k, PTP_MSG_SYNC, 0);

		KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), frame_ptp_off[k]);
		KUNIT_EXPECT_EQ(test, udp, k == FRAME_L2 || k == FRAME_VLAN ? -1 :
				frame_ptp_off[k] - 8);
		kfree_skb(skb);
	}
}

/* Frames that carry no PTP event message: no header found. */
static void vlink_test_offset_none(struct kunit *test)
{
	struct sk_buff *skb = frame_make(test, FRAME_UDP, PTP_MSG_SYNC, 0);
	struct iphdr *ih = (struct iphdr *)(skb->data + ETH_HLEN);
	struct udphdr *uh = (struct udphdr *)(skb->data + ETH_HLEN + 20);
	int udp;

	uh->dest = htons(320);		/* a general message */
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	KUNIT_EXPECT_EQ(test, udp, -1);
	uh->dest = htons(PTP_EVENT_PORT);
	ih->frag_off = htons(IP_MF);	/* a first fragment */
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	ih->frag_off = htons(8);	/* a later one */
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	ih->frag_off = 0;
	ih->protocol = IPPROTO_TCP;
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	ih->protocol = IPPROTO_UDP;
	ih->ihl = 4;			/* shorter than an IPv4 header */
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	ih->ihl = 5;
	ih->version = 6;		/* not IPv4, whatever the EtherType says */
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	ih->version = 4;
	*(__be16 *)(skb->data + 12) = htons(ETH_P_IPV6);
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	*(__be16 *)(skb->data + 12) = htons(ETH_P_ARP);
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), -1);
	*(__be16 *)(skb->data + 12) = htons(ETH_P_IP);
	KUNIT_EXPECT_EQ(test, vlink_ptp_offset(skb, &udp), ETH_HLEN + 28);
	kfree_skb(skb);
}

/*
 * Every kind of frame cut short at every length: the header is found only
 * where its headers are whole, and one-step writes nothing into a frame
 * without a whole PTP header (KASAN would see a read or write beyond it).
 */
static void vlink_test_short(struct kunit *test)
{
	enum frame_kind k;
	unsigned int len;
	int off, udp;

	for (k = FRAME_L2; k <= FRAME_VLAN_UDP; k++) {
		unsigned int full = frame_ptp_off[k] + PTP_HDR_END;

		for (len = 0; len < full; len++) {
			struct sk_buff *skb = frame_make(test, k, PTP_MSG_SYNC, 0);

			skb_trim(skb, len);
			off = vlink_ptp_offset(skb, &udp);
			KUNIT_EXPECT_TRUE(test, off == -1 || off == frame_ptp_off[k]);
			if (off >= 0)
				KUNIT_EXPECT_GE(test, (int)len, off);
			KUNIT_EXPECT_FALSE(test, vlink_onestep(skb, 5));
			KUNIT_EXPECT_EQ(test, skb->len, len);
			kfree_skb(skb);
		}
	}
}

/* originTimestamp: 48 bits of seconds and 32 of ns, big-endian. */
static void vlink_test_onestep(struct kunit *test)
{
	static const u8 want[10] = {
		0x00, 0x01, 0x23, 0x45, 0x67, 0x89,	/* seconds, past 32 bits */
		0x3b, 0x9a, 0xc9, 0xff,			/* 999999999 ns */
	};
	s64 ns = 0x123456789LL * NSEC_PER_SEC + 999999999;
	enum frame_kind k;

	for (k = FRAME_L2; k <= FRAME_VLAN_UDP; k++) {
		struct sk_buff *skb = frame_make(test, k, PTP_MSG_SYNC, 0);
		u8 *h = skb->data + frame_ptp_off[k];

		KUNIT_EXPECT_TRUE(test, vlink_onestep(skb, ns));
		KUNIT_EXPECT_TRUE(test, origin_is(h, want));
		if (k != FRAME_L2 && k != FRAME_VLAN)
			KUNIT_EXPECT_EQ(test, udp_check(h), 0);
		/* the fields around it are as they were */
		KUNIT_EXPECT_EQ(test, h[0], PTP_MSG_SYNC);
		KUNIT_EXPECT_EQ(test, h[PTP_HDR_ORIGIN - 1], 0);
		kfree_skb(skb);
	}
}

/* What one-step leaves alone: two-step Syncs, other messages, PTP v1. */
static void vlink_test_onestep_not(struct kunit *test)
{
	static const u8 ee[10] = {
		0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee,
	};
	struct { u8 type, flags0, version; } cases[] = {
		{ PTP_MSG_SYNC, PTP_FLAG_TWO_STEP, 2 },
		{ 0x1, 0, 2 },		/* Delay_Req */
		{ 0x2, 0, 2 },		/* Pdelay_Req */
		{ 0x8, 0, 2 },		/* Follow_Up */
		{ PTP_MSG_SYNC, 0, 1 },
	};

	struct sk_buff *skb;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		u8 *h;

		skb = frame_make(test, FRAME_UDP, cases[i].type, cases[i].flags0);
		h = skb->data + frame_ptp_off[FRAME_UDP];
		h[1] = cases[i].version;
		KUNIT_EXPECT_FALSE(test, vlink_onestep(skb, 5));
		KUNIT_EXPECT_TRUE(test, origin_is(h, ee));
		KUNIT_EXPECT_EQ(test, udp_check(h), 0x1234);
		kfree_skb(skb);
	}
	/* nor a time before the epoch */
	skb = frame_make(test, FRAME_L2, PTP_MSG_SYNC, 0);
	KUNIT_EXPECT_FALSE(test, vlink_onestep(skb, -1));
	kfree_skb(skb);
}

static struct kunit_case vlink_frame_cases[] = {
	KUNIT_CASE(vlink_test_wire_ns),
	KUNIT_CASE(vlink_test_quantize),
	KUNIT_CASE(vlink_test_offset),
	KUNIT_CASE(vlink_test_offset_none),
	KUNIT_CASE(vlink_test_short),
	KUNIT_CASE(vlink_test_onestep),
	KUNIT_CASE(vlink_test_onestep_not),
	{}
};

static struct kunit_suite vlink_frame_suite = {
	.name = "ptp_vlink_frame",
	.test_cases = vlink_frame_cases,
};

/* Two soft timers of one CPU, and the order in which they fired. */
struct rxq_timers {
	struct hrtimer rx;
	struct hrtimer other;
	atomic_t fired;
	int rx_nth;
	int other_nth;
};

static enum hrtimer_restart rxq_rx_fired(struct hrtimer *t)
{
	struct rxq_timers *o = container_of(t, struct rxq_timers, rx);

	o->rx_nth = atomic_inc_return(&o->fired);
	return HRTIMER_NORESTART;
}

static enum hrtimer_restart rxq_other_fired(struct hrtimer *t)
{
	struct rxq_timers *o = container_of(t, struct rxq_timers, other);

	o->other_nth = atomic_inc_return(&o->fired);
	return HRTIMER_NORESTART;
}

/*
 * The delivery timer, started by a sender on another CPU while its
 * callback runs: the callback's re-arm must leave it in its right place
 * among the CPU's timers.  Frames a (due at +100 ms) and b (+300 ms) are
 * queued; a sender starts the timer for +50 ms, as one whose frame
 * overtook a would; then the callback's work runs for a.  Another soft
 * timer of the CPU, due at +200 ms, must then fire before the delivery
 * timer (+300 ms).  A timer whose expiry were moved in place, while
 * queued at +50 ms, would stay first in the CPU's queue and hold the
 * other back until +300 ms.
 */
static void vlink_test_rxq_rearm(struct kunit *test)
{
	struct sk_buff_head q, due;
	struct sk_buff *a, *b;
	struct rxq_timers *o;
	bool raced;
	int i;
	u64 now;

	o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o);
	hrtimer_init(&o->rx, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	o->rx.function = rxq_rx_fired;
	hrtimer_init(&o->other, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_SOFT);
	o->other.function = rxq_other_fired;
	__skb_queue_head_init(&q);
	__skb_queue_head_init(&due);
	a = alloc_skb(0, GFP_KERNEL);
	b = alloc_skb(0, GFP_KERNEL);
	if (!a || !b) {
		kfree_skb(a);
		kfree_skb(b);
		KUNIT_FAIL(test, "no memory for two frames");
		return;
	}

	/* On one CPU, whose timers these are, without a break. */
	preempt_disable();
	now = ktime_get_ns();
	vlink_rxq_add(&q, &o->rx, a, now + 100 * NSEC_PER_MSEC);
	vlink_rxq_add(&q, &o->rx, b, now + 300 * NSEC_PER_MSEC);
	hrtimer_start(&o->rx, ns_to_ktime(now + 50 * NSEC_PER_MSEC),
		      HRTIMER_MODE_ABS_SOFT);
	hrtimer_start(&o->other, ns_to_ktime(now + 200 * NSEC_PER_MSEC),
		      HRTIMER_MODE_ABS_PINNED_SOFT);
	raced = vlink_rxq_take(&q, &o->rx, now + 100 * NSEC_PER_MSEC, &due);
	preempt_enable();

	KUNIT_EXPECT_TRUE(test, raced);
	KUNIT_EXPECT_PTR_EQ(test, skb_peek(&due), a);
	KUNIT_EXPECT_PTR_EQ(test, skb_peek(&q), b);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(hrtimer_get_expires(&o->rx)),
			now + 300 * NSEC_PER_MSEC);
	for (i = 0; i < 100 && atomic_read(&o->fired) < 2; i++)
		msleep(50);
	hrtimer_cancel(&o->rx);
	hrtimer_cancel(&o->other);
	KUNIT_EXPECT_EQ(test, atomic_read(&o->fired), 2);
	KUNIT_EXPECT_EQ(test, o->other_nth, 1);
	KUNIT_EXPECT_EQ(test, o->rx_nth, 2);
	__skb_queue_purge(&due);
	__skb_queue_purge(&q);
}

/* A queue in order of delivery; only a new head starts the timer. */
static void vlink_test_rxq_order(struct kunit *test)
{
	static const unsigned int due_ms[] = { 400, 200, 300, 200, 100 };
	struct sk_buff_head q, due;
	struct rxq_timers *o;
	struct sk_buff *skb;
	unsigned int i;
	u64 now, last = 0;

	o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o);
	hrtimer_init(&o->rx, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	o->rx.function = rxq_rx_fired;	/* never fires: cancelled in time */
	__skb_queue_head_init(&q);
	__skb_queue_head_init(&due);
	now = ktime_get_ns() + 3600 * NSEC_PER_SEC;
	for (i = 0; i < ARRAY_SIZE(due_ms); i++) {
		skb = alloc_skb(0, GFP_KERNEL);
		if (!skb)
			break;
		vlink_rxq_add(&q, &o->rx, skb, now + due_ms[i] * NSEC_PER_MSEC);
		KUNIT_EXPECT_EQ(test, ktime_to_ns(hrtimer_get_expires(&o->rx)),
				VLINK_CB(skb_peek(&q))->due);
	}
	KUNIT_EXPECT_EQ(test, skb_queue_len(&q), ARRAY_SIZE(due_ms));
	skb_queue_walk(&q, skb) {
		KUNIT_EXPECT_GE(test, VLINK_CB(skb)->due, last);
		last = VLINK_CB(skb)->due;
	}
	/* at +250 ms: three frames are due; the timer is set for +300 ms */
	vlink_rxq_take(&q, &o->rx, now + 250 * NSEC_PER_MSEC, &due);
	KUNIT_EXPECT_EQ(test, skb_queue_len(&due), 3U);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(hrtimer_get_expires(&o->rx)),
			now + 300 * NSEC_PER_MSEC);
	hrtimer_cancel(&o->rx);
	__skb_queue_purge(&due);
	__skb_queue_purge(&q);
}

static struct kunit_case vlink_rxq_cases[] = {
	KUNIT_CASE(vlink_test_rxq_order),
	KUNIT_CASE(vlink_test_rxq_rearm),
	{}
};

static struct kunit_suite vlink_rxq_suite = {
	.name = "ptp_vlink_rxq",
	.test_cases = vlink_rxq_cases,
};

kunit_test_suites(&vlink_frame_suite, &vlink_rxq_suite);

MODULE_DESCRIPTION("KUnit tests of ptp_vlink's frame functions and receive queue");
MODULE_LICENSE("GPL");
