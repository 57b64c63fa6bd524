/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp_vlink: what the wire does to one frame, as pure functions of the
 * frame and the knobs: its time on the wire, the resolution of its stamps,
 * where its PTP header is, and the one-step Sync's originTimestamp.  Here
 * so that the KUnit suite ptp_vlink_frame (src/ptp_vlink_kunit.c) tests
 * them; no state, no locking.
 */
#ifndef _PTP_VLINK_FRAME_H
#define _PTP_VLINK_FRAME_H

#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/math64.h>
#include <linux/skbuff.h>
#include <linux/udp.h>
#include <net/ip.h>

#include "ptp_dummy_model.h"

/* IEEE 1588 on UDP: the event port; the header fields one-step writes. */
#define PTP_EVENT_PORT		319
#define PTP_HDR_ORIGIN		34
#define PTP_HDR_END		44
#define PTP_MSG_SYNC		0x0
#define PTP_FLAG_TWO_STEP	0x02
/* On the wire, around a frame: preamble and SFD, FCS, interframe gap. */
#define VLINK_WIRE_OVERHEAD	(8 + ETH_FCS_LEN + 12)

/*
 * The time a frame of @len bytes (without FCS) takes on a wire of @mbps
 * Mbit/s: padded to the least Ethernet frame, with the overhead; 0 for a
 * wire without a speed (@mbps 0).
 */
static inline u64 vlink_wire_ns(unsigned int len, s64 mbps)
{
	u64 bits = (u64)(max_t(unsigned int, len, ETH_ZLEN) +
			 VLINK_WIRE_OVERHEAD) * 8;

	/* bits / (Mbit/s) is microseconds: times 1000 for ns. */
	return mbps > 0 ? div64_u64(bits * 1000, mbps) : 0;
}

/* The clock time @ns as a port with TCLK period @q stamps it. */
static inline s64 vlink_quantize(s64 ns, s64 q)
{
	return q > 1 ? ns - dummy_mod(ns, q) : ns;
}

/*
 * The offset of the PTP header in a frame that carries an event message
 * (Ethernet, 802.1Q, IPv4/UDP), or -1; with UDP, the UDP header's offset
 * in @udp, else -1.  Reads only what the frame has.
 */
static inline int vlink_ptp_offset(struct sk_buff *skb, int *udp)
{
	unsigned int off = ETH_HLEN;
	struct udphdr _uh, *uh;
	struct iphdr _ih, *ih;
	__be16 _proto, *proto;

	*udp = -1;
	proto = skb_header_pointer(skb, offsetof(struct ethhdr, h_proto),
				   sizeof(_proto), &_proto);
	if (proto && *proto == htons(ETH_P_8021Q)) {
		proto = skb_header_pointer(skb, off + 2, sizeof(_proto), &_proto);
		off += VLAN_HLEN;
	}
	if (!proto)
		return -1;
	if (*proto == htons(ETH_P_1588))
		return off;
	if (*proto != htons(ETH_P_IP))
		return -1;
	ih = skb_header_pointer(skb, off, sizeof(_ih), &_ih);
	if (!ih || ih->version != 4 || ih->ihl < 5 ||
	    ih->protocol != IPPROTO_UDP ||
	    ih->frag_off & htons(IP_MF | IP_OFFSET))
		return -1;
	off += ih->ihl * 4;
	uh = skb_header_pointer(skb, off, sizeof(_uh), &_uh);
	if (!uh || uh->dest != htons(PTP_EVENT_PORT))
		return -1;
	*udp = off;
	return off + sizeof(*uh);
}

/*
 * The low @n bytes of @v, big-endian, at @p: by bytes, as the fields are
 * unaligned (and <asm/unaligned.h> moved in 6.12).
 */
static inline void vlink_put_be(u8 *p, u64 v, unsigned int n)
{
	while (n--) {
		p[n] = v & 0xff;
		v >>= 8;
	}
}

/*
 * One-step Sync: if @skb is a PTP v2 Sync message without the two-step
 * flag, write the TX stamp @ns into its originTimestamp.  Over UDP the
 * checksum is then zeroed, as IPv4 allows.  Return: whether it was
 * written.
 */
static inline bool vlink_onestep(struct sk_buff *skb, s64 ns)
{
	int off, udp;
	u32 nsec;
	u64 sec;
	u8 *h;

	off = vlink_ptp_offset(skb, &udp);
	if (off < 0 || ns < 0 || skb_ensure_writable(skb, off + PTP_HDR_END))
		return false;
	h = skb->data + off;
	if ((h[0] & 0x0f) != PTP_MSG_SYNC || (h[1] & 0x0f) != 2 ||
	    h[6] & PTP_FLAG_TWO_STEP)
		return false;
	sec = div_u64_rem(ns, NSEC_PER_SEC, &nsec);
	vlink_put_be(h + PTP_HDR_ORIGIN, sec, 6);
	vlink_put_be(h + PTP_HDR_ORIGIN + 6, nsec, 4);
	if (udp >= 0)
		((struct udphdr *)(skb->data + udp))->check = 0;
	return true;
}

#endif /* _PTP_VLINK_FRAME_H */
