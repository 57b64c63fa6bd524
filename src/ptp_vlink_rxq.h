/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp_vlink: a port's receive queue, the frames in flight to it by time
 * of delivery, and the hrtimer that delivers them.  The caller serialises
 * (vlink_lock); the timer's callback may run on another CPU meanwhile.
 * Here so that the KUnit suite ptp_vlink_rxq (src/ptp_vlink_kunit.c)
 * tests how the timer is re-armed.
 */
#ifndef _PTP_VLINK_RXQ_H
#define _PTP_VLINK_RXQ_H

#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/skbuff.h>

/*
 * A frame in flight: its time of delivery, in CLOCK_MONOTONIC ns; the
 * cookie of the sender's network namespace when it was sent: whether the
 * frame crosses namespaces is decided when it arrives; the raw instant it
 * arrives at, and whether it was sent to the port while the port stamped
 * nothing: whether it is stamped is decided when it arrives, too.
 */
struct vlink_cb {
	u64 due;
	u64 from_net;
	u64 arrive;
	bool unstamped;
};

#define VLINK_CB(skb)	((struct vlink_cb *)(skb)->cb)

/*
 * Queue @skb to @q, due at @due, in order of delivery; a frame that
 * becomes the head (re)starts the delivery timer @t.
 */
static inline void vlink_rxq_add(struct sk_buff_head *q, struct hrtimer *t,
				 struct sk_buff *skb, u64 due)
{
	struct sk_buff *prev;

	VLINK_CB(skb)->due = due;
	skb_queue_reverse_walk(q, prev) {
		if (VLINK_CB(prev)->due <= due) {
			__skb_queue_after(q, prev, skb);
			return;
		}
	}
	__skb_queue_head(q, skb);
	hrtimer_start(t, ns_to_ktime(due), HRTIMER_MODE_ABS_SOFT);
}

/*
 * The delivery timer's work: move the frames of @q due by @now to @due,
 * and arm @t for the next one.
 *
 * A sender on another CPU may have started @t while its callback ran (a
 * frame that overtook the head): @t is then queued, and moving its expiry
 * in place would leave it at its old place among the CPU's timers, where
 * it holds back every soft timer behind it.  So @t is re-armed with
 * hrtimer_start(), and the callback returns HRTIMER_NORESTART.
 *
 * Return: whether @t was found queued (that race).
 */
static inline bool vlink_rxq_take(struct sk_buff_head *q, struct hrtimer *t,
				  u64 now, struct sk_buff_head *due)
{
	struct sk_buff *skb;
	bool queued;

	while ((skb = skb_peek(q)) && VLINK_CB(skb)->due <= now) {
		__skb_unlink(skb, q);
		__skb_queue_tail(due, skb);
	}
	if (!skb)
		return false;
	queued = hrtimer_is_queued(t);
	hrtimer_start(t, ns_to_ktime(VLINK_CB(skb)->due), HRTIMER_MODE_ABS_SOFT);
	return queued;
}

#endif /* _PTP_VLINK_RXQ_H */
