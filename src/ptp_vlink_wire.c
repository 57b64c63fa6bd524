// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_vlink: the wire.  A frame sent on a port goes to every other port of
 * its segment, as through a hub.  Its timestamps are computed when it is
 * sent, from the clocks' models at the modelled instants, so that no
 * scheduling delay of the guest enters them; an hrtimer then delivers each
 * copy when the model says it has arrived.
 *
 * The instants of a frame, in CLOCK_MONOTONIC_RAW ns (docs/network.md):
 *   depart  = max(now, when the sender's transmitter is free)
 *	       the TX stamp: the sender's clock at depart
 *   arrive  = depart + egress + tx_delay (sender) + jitter
 *		      + rx_delay + ingress (receiver)
 *	       the RX stamp: the receiver's clock at arrive
 *   deliver = arrive + the frame's serialisation time at the link speed
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/etherdevice.h>
#include <linux/ktime.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/timekeeping.h>

#include "ptp_dummy_link.h"
#include "ptp_dummy_model.h"
#include "ptp_vlink.h"
#include "ptp_vlink_frame.h"

DEFINE_SPINLOCK(vlink_lock);
struct vlink_segment vlink_segments[VLINK_N_SEGMENTS];

/* What a port's clock reads at raw instant @raw, as it stamps; lock held. */
static int vlink_stamp(struct vlink_port *p, u64 raw, s64 *ns)
{
	if (!p->clk || ptp_dummy_time_at(p->clk, raw, ns)) {
		p->cnt.stamp_fails++;
		return -ENODEV;
	}
	*ns = vlink_quantize(*ns, p->param[P_QUANTUM]);
	return 0;
}

/* Serialisation time of @len bytes of frame on @seg; lock held. */
static u64 vlink_serial_ns(const struct vlink_segment *seg, unsigned int len)
{
	return vlink_wire_ns(len, seg->param[S_SPEED]);
}

/* The extra delay of one frame (signed, ns); lock held. */
static s64 vlink_jitter(struct vlink_segment *seg)
{
	u32 j = seg->param[S_JITTER];

	if (!j)
		return 0;
	/* Three uniforms on [-j, j] add up to a bell of standard deviation j. */
	if (seg->param[S_JITTER_DIST] == VLINK_NORMAL)
		return dummy_rand(&seg->rng, j) + dummy_rand(&seg->rng, j) +
			dummy_rand(&seg->rng, j);
	return dummy_rand(&seg->rng, j);
}

/* Whether the segment loses this copy of a frame; lock held. */
static bool vlink_drop(struct vlink_segment *seg)
{
	s64 ppm = seg->param[S_DROP];

	if (!ppm)
		return false;
	if (ppm >= 1000000)
		return true;
	return dummy_rand(&seg->rng, 500000) + 500000 < ppm;
}

/**
 * vlink_seg_reseed() - restart a segment's random numbers from its seed
 * @seg: the segment; vlink_lock held
 */
void vlink_seg_reseed(struct vlink_segment *seg)
{
	seg->rng = dummy_rand_seed(seg->param[S_SEED]);
}

/*
 * A copy of @skb, sent by @p at raw instant @depart, to @q; @mono is
 * CLOCK_MONOTONIC at raw instant @raw.  Lock held.
 */
static void vlink_send_to(struct vlink_port *p, struct vlink_port *q,
			  struct sk_buff *skb, u64 raw, u64 mono, u64 depart)
{
	struct vlink_segment *seg = p->seg;
	struct sk_buff *copy;
	s64 delay, ns;
	u64 arrive;

	if (q->dead || !netif_running(q->dev))
		return;
	if (vlink_drop(seg) || skb_queue_len(&q->rxq) >= VLINK_RXQ_MAX) {
		q->cnt.drops++;
		return;
	}
	delay = p->param[P_EGRESS] + p->param[P_TX_DELAY] + vlink_jitter(seg) +
		q->param[P_RX_DELAY] + q->param[P_INGRESS];
	arrive = depart + max_t(s64, delay, 0);

	copy = skb_copy(skb, GFP_ATOMIC);
	if (!copy) {
		q->cnt.drops++;
		return;
	}
	/* The copy is the receiver's from now on, whatever becomes of p. */
	copy->dev = q->dev;
	VLINK_CB(copy)->from_net = dev_net(p->dev)->net_cookie;
	VLINK_CB(copy)->arrive = arrive;
	VLINK_CB(copy)->unstamped = q->ts.rx_filter == HWTSTAMP_FILTER_NONE;
	if (!VLINK_CB(copy)->unstamped && !vlink_stamp(q, arrive, &ns))
		skb_hwtstamps(copy)->hwtstamp = ns_to_ktime(ns);
	vlink_rxq_add(&q->rxq, &q->rx_timer, copy,
		      mono + (arrive - raw) + vlink_serial_ns(seg, skb->len));
}

/* Take from @p's transmit ring what has left by raw instant @raw; lock held. */
static void vlink_tx_reap(struct vlink_port *p, u64 raw)
{
	while (p->tx_len && p->tx_done[p->tx_head] <= raw) {
		p->tx_head = (p->tx_head + 1) % VLINK_TX_RING;
		p->tx_len--;
	}
}

/* Put a frame that leaves the transmitter at raw @done in @p's ring; lock held. */
static void vlink_tx_push(struct vlink_port *p, u64 done)
{
	p->tx_done[(p->tx_head + p->tx_len) % VLINK_TX_RING] = done;
	p->tx_len++;
}

/**
 * vlink_xmit() - ndo_start_xmit: stamp a frame, send it to the segment
 * @skb: the frame
 * @dev: the port
 *
 * Return: NETDEV_TX_OK; the frame is always consumed.
 */
netdev_tx_t vlink_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct vlink_port *p = netdev_priv(dev), *q;
	struct skb_shared_hwtstamps hwts = {};
	bool want, stamped = false;
	unsigned long flags;
	u64 raw, mono, depart;
	s64 ns;

	/*
	 * pktgen's queue_xmit holds the frame it hands over: one-step must
	 * not write into it, so it gets a frame of its own (with a tap open,
	 * the clone's data is then copied before it is written).
	 */
	skb = skb_share_check(skb, GFP_ATOMIC);
	spin_lock_irqsave(&vlink_lock, flags);
	if (!skb)
		goto drop;
	raw = ktime_get_raw_ns();
	mono = ktime_get_ns();
	/* A frame that finds the transmit ring full is dropped. */
	if (p->seg) {
		vlink_tx_reap(p, raw);
		if (p->tx_len == VLINK_TX_RING)
			goto drop;
	}
	want = skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP;
	p->cnt.tx_frames++;
	p->cnt.tx_bytes += skb->len;
	depart = max(raw, p->busy_until);
	if (p->seg) {
		p->busy_until = depart + vlink_serial_ns(p->seg, skb->len);
		vlink_tx_push(p, p->busy_until);
	}

	/* A one-step port stamps every Sync, asked or not. */
	if ((p->ts.tx_type == HWTSTAMP_TX_ONESTEP_SYNC ||
	     (p->ts.tx_type == HWTSTAMP_TX_ON && want)) &&
	    !vlink_stamp(p, depart, &ns)) {
		if (p->ts.tx_type == HWTSTAMP_TX_ONESTEP_SYNC &&
		    vlink_onestep(skb, ns))
			p->cnt.onestep++;
		else
			stamped = want;
	}
	if (stamped) {
		hwts.hwtstamp = ns_to_ktime(ns);
		p->cnt.tx_stamps++;
	}

	if (p->seg) {
		list_for_each_entry(q, &p->seg->ports, node)
			if (q != p)
				vlink_send_to(p, q, skb, raw, mono, depart);
	}
	spin_unlock_irqrestore(&vlink_lock, flags);

	if (stamped)
		skb_shinfo(skb)->tx_flags |= SKBTX_IN_PROGRESS;
	skb_tx_timestamp(skb);
	if (stamped)
		skb_tstamp_tx(skb, &hwts);
	consume_skb(skb);
	return NETDEV_TX_OK;

drop:
	p->cnt.tx_drops++;
	spin_unlock_irqrestore(&vlink_lock, flags);
	kfree_skb(skb);
	return NETDEV_TX_OK;
}

/*
 * Count a frame that has arrived at @p, and stamp it if @p stamps now:
 * what the port's filter was when the frame was sent does not matter (a
 * ptp4l that starts enables it between a peer's frame leaving and that
 * frame arriving).  The stamp's value comes from the model, at the raw
 * instant of arrival, as on the send side.  Lock held.
 */
static void vlink_rx_account(struct vlink_port *p, struct sk_buff *skb)
{
	struct skb_shared_hwtstamps *hwts = skb_hwtstamps(skb);
	struct vlink_cb *cb = VLINK_CB(skb);
	s64 ns;

	p->cnt.rx_frames++;
	p->cnt.rx_bytes += skb->len;
	if (p->ts.rx_filter == HWTSTAMP_FILTER_NONE) {
		hwts->hwtstamp = 0;
		return;
	}
	if (cb->unstamped && !vlink_stamp(p, cb->arrive, &ns))
		hwts->hwtstamp = ns_to_ktime(ns);
	if (hwts->hwtstamp)
		p->cnt.rx_stamps++;
}

/* Deliver what has arrived (softirq); re-arm for what has not. */
static enum hrtimer_restart vlink_rx_expire(struct hrtimer *t)
{
	struct vlink_port *p = container_of(t, struct vlink_port, rx_timer);
	struct sk_buff_head due;
	struct sk_buff *skb;
	unsigned long flags;

	__skb_queue_head_init(&due);
	spin_lock_irqsave(&vlink_lock, flags);
	if (vlink_rxq_take(&p->rxq, t, ktime_get_ns(), &due))
		p->cnt.rx_rearms++;
	skb_queue_walk(&due, skb)
		vlink_rx_account(p, skb);
	spin_unlock_irqrestore(&vlink_lock, flags);

	while ((skb = __skb_dequeue(&due))) {
		u64 from = VLINK_CB(skb)->from_net;

		WARN_ON_ONCE(skb->dev != p->dev);
		memset(skb->cb, 0, sizeof(skb->cb));
		/* The namespace it arrives in, not the one it was sent to. */
		skb_scrub_packet(skb, from != dev_net(p->dev)->net_cookie);
		skb->protocol = eth_type_trans(skb, p->dev);
		netif_rx(skb);
	}
	return HRTIMER_NORESTART;
}

/**
 * vlink_port_init_wire() - a new port's queue and delivery timer
 * @p: the port, not yet visible to any other
 */
void vlink_port_init_wire(struct vlink_port *p)
{
	skb_queue_head_init(&p->rxq);
	hrtimer_init(&p->rx_timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	p->rx_timer.function = vlink_rx_expire;
}

/**
 * vlink_port_stop_wire() - take a port off the wire for good
 * @p: the port, being deleted
 *
 * Unplugs it, so that nothing is queued to it any more, stops its timer,
 * frees the frames still in flight to it and lets go of its clock.
 */
void vlink_port_stop_wire(struct vlink_port *p)
{
	struct dummy_clock *clk;
	unsigned long flags;

	spin_lock_irqsave(&vlink_lock, flags);
	p->dead = true;
	if (p->seg) {
		list_del(&p->node);
		p->seg->n_ports--;
		p->seg = NULL;
	}
	clk = p->clk;
	p->clk = NULL;
	spin_unlock_irqrestore(&vlink_lock, flags);

	hrtimer_cancel(&p->rx_timer);
	__skb_queue_purge(&p->rxq);
	ptp_dummy_put(clk);
}

/**
 * vlink_plug() - plug a port into a segment, or unplug it
 * @p: the port
 * @segment: the segment's number, or -1 to unplug
 *
 * The port has carrier while it is plugged in.
 *
 * Return: 0, -EINVAL for no such segment, -ENOSPC if it is full, or
 * -ENODEV if the port is being deleted.
 */
int vlink_plug(struct vlink_port *p, s64 segment)
{
	struct vlink_segment *seg = NULL;
	unsigned long flags;
	int err = 0;

	if (segment < -1 || segment >= VLINK_N_SEGMENTS)
		return -EINVAL;
	if (segment >= 0)
		seg = &vlink_segments[segment];

	spin_lock_irqsave(&vlink_lock, flags);
	if (p->dead) {
		err = -ENODEV;
	} else if (seg != p->seg) {
		if (seg && seg->n_ports >= VLINK_SEG_PORTS) {
			err = -ENOSPC;
			goto unlock;
		}
		if (p->seg) {
			list_del(&p->node);
			p->seg->n_ports--;
		}
		p->seg = seg;
		if (seg) {
			list_add_tail(&p->node, &seg->ports);
			seg->n_ports++;
		}
		p->param[P_SEGMENT] = segment;
	}
unlock:
	spin_unlock_irqrestore(&vlink_lock, flags);
	if (err)
		return err;
	if (seg)
		netif_carrier_on(p->dev);
	else
		netif_carrier_off(p->dev);
	return 0;
}

/**
 * vlink_set_clock() - choose the dummy clock that stamps a port's frames
 * @p: the port
 * @phc: the clock's PHC index, or -1 for none
 *
 * Return: 0, -ENODEV if no ptp_dummy clock has that index, or if the port
 * is being deleted.
 */
int vlink_set_clock(struct vlink_port *p, s64 phc)
{
	struct dummy_clock *clk = NULL, *old;
	unsigned long flags;
	int err = 0;

	if (phc < -1 || phc > INT_MAX)
		return -EINVAL;
	if (phc >= 0) {
		clk = ptp_dummy_get(phc);
		if (IS_ERR(clk))
			return PTR_ERR(clk);
	}
	spin_lock_irqsave(&vlink_lock, flags);
	if (p->dead) {
		old = clk;
		err = -ENODEV;
	} else {
		old = p->clk;
		p->clk = clk;
		p->param[P_PHC] = phc;
	}
	spin_unlock_irqrestore(&vlink_lock, flags);
	ptp_dummy_put(old);
	return err;
}
