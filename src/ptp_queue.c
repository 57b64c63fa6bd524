// SPDX-License-Identifier: GPL-2.0
/*
 * ptp-clock: external timestamp queues.
 *
 * Every open file of /dev/ptpN has a queue of its own, and so has the sysfs
 * "fifo" attribute, so that each reader sees every event of the channels in
 * its mask.  (In 6.1 all readers share one queue and steal each other's
 * events.)  A full queue drops its oldest event, as 6.1 does, and counts
 * the drop; the counters are in debugfs, ptp/ptpN/queues (ptp_debugfs.c).
 *
 * ptp_evq_post() runs in the driver's interrupt context: it takes the
 * clock's spinlock and allocates nothing.  Each queue has its own wait
 * queue, and an event wakes only the readers it was queued for: a reader
 * whose mask leaves the channel out sleeps on.  (6.1 has one wait queue
 * per clock, but its readers take a mutex before they wait, so one
 * reader at a time waits there.)
 */
#define pr_fmt(fmt) "ptp: " fmt

#include <linux/bitmap.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/nospec.h>
#include <linux/overflow.h>
#include <linux/slab.h>

#include "ptp_private.h"

/**
 * ptp_evq_create() - allocate an extts queue reading every channel
 * @ptp: the clock
 * @owner: pid of the opener, 0 for the sysfs queue
 *
 * Return: the queue, not yet attached, or NULL.
 */
struct timestamp_event_queue *ptp_evq_create(struct ptp_clock *ptp, pid_t owner)
{
	unsigned int nbits = max(ptp->info->n_ext_ts, 1);
	struct timestamp_event_queue *q;

	/*
	 * Each open file has one, so user space decides how many: charge
	 * them to its memory cgroup.  With queue_slots=4096 a queue is
	 * 128 KiB, too large to ask for contiguous pages.
	 */
	q = kvzalloc(struct_size(q, buf, ptp_queue_slots), GFP_KERNEL_ACCOUNT);
	if (!q)
		return NULL;
	q->mask = bitmap_zalloc(nbits, GFP_KERNEL_ACCOUNT);
	if (!q->mask) {
		kvfree(q);
		return NULL;
	}
	bitmap_fill(q->mask, nbits);
	q->nbits = nbits;
	q->slots = ptp_queue_slots;
	q->owner = owner;
	INIT_LIST_HEAD(&q->qlist);
	init_waitqueue_head(&q->wq);
	return q;
}

/**
 * ptp_evq_free() - free a queue that is detached or whose clock is gone
 * @q: the queue, or NULL
 */
void ptp_evq_free(struct timestamp_event_queue *q)
{
	if (!q)
		return;
	bitmap_free(q->mask);
	kvfree(q);
}

/**
 * ptp_evq_attach() - start delivering the clock's events to a queue
 * @ptp: the clock
 * @q: the queue
 */
void ptp_evq_attach(struct ptp_clock *ptp, struct timestamp_event_queue *q)
{
	spin_lock_irq(&ptp->tsevqs_lock);
	list_add_tail(&q->qlist, &ptp->tsevqs);
	spin_unlock_irq(&ptp->tsevqs_lock);
}

/**
 * ptp_evq_detach() - stop delivering events to a queue
 * @ptp: the clock
 * @q: the queue
 */
void ptp_evq_detach(struct ptp_clock *ptp, struct timestamp_event_queue *q)
{
	spin_lock_irq(&ptp->tsevqs_lock);
	list_del_init(&q->qlist);
	spin_unlock_irq(&ptp->tsevqs_lock);
}

/**
 * ptp_evq_post() - queue an external timestamp for every interested reader
 * @ptp: the clock
 * @ev: a PTP_CLOCK_EXTTS event
 *
 * Wakes the readers of the queues that took the event, and no others.
 * Safe in hard interrupt context.
 */
void ptp_evq_post(struct ptp_clock *ptp, const struct ptp_clock_event *ev)
{
	struct ptp_extts_event e = { .index = ev->index };
	unsigned long flags;
	struct timestamp_event_queue *q;
	u32 nsec;

	e.t.sec = div_u64_rem(ev->timestamp, NSEC_PER_SEC, &nsec);
	e.t.nsec = nsec;

	spin_lock_irqsave(&ptp->tsevqs_lock, flags);
	list_for_each_entry(q, &ptp->tsevqs, qlist) {
		if (!ptp_mask_wants(q->mask, q->nbits, ev->index))
			continue;
		if (ptp_ring_full(q->head, q->tail, q->slots)) {
			WRITE_ONCE(q->head, ptp_ring_next(q->head, q->slots));
			q->dropped++;
		}
		q->buf[q->tail] = e;
		WRITE_ONCE(q->tail, ptp_ring_next(q->tail, q->slots));
		/*
		 * Under the lock, which keeps @q from being freed.  The
		 * barrier in wq_has_sleeper() orders the new tail before the
		 * look at @q->wq: a reader not on it yet checks the queue
		 * after joining it (ptp_evq_pending()) and sees the event.
		 */
		if (wq_has_sleeper(&q->wq))
			wake_up_interruptible(&q->wq);
	}
	spin_unlock_irqrestore(&ptp->tsevqs_lock, flags);
}

/**
 * ptp_evq_defunct() - the clock is going away: wake every reader
 * @ptp: the clock
 *
 * Sets &ptp_clock.defunct, which readers check after they join their
 * queue's wait queue, and wakes them all: they return -ENODEV.
 */
void ptp_evq_defunct(struct ptp_clock *ptp)
{
	struct timestamp_event_queue *q;

	spin_lock_irq(&ptp->tsevqs_lock);
	ptp->defunct = true;
	list_for_each_entry(q, &ptp->tsevqs, qlist)
		wake_up_interruptible_all(&q->wq);
	spin_unlock_irq(&ptp->tsevqs_lock);
}

/**
 * ptp_evq_take() - dequeue the oldest events of a queue
 * @ptp: the clock
 * @q: the queue
 * @out: where the events go
 * @max: room in @out
 *
 * Return: the number of events dequeued.
 */
unsigned int ptp_evq_take(struct ptp_clock *ptp, struct timestamp_event_queue *q,
			  struct ptp_extts_event *out, unsigned int max)
{
	unsigned int n = 0;

	spin_lock_irq(&ptp->tsevqs_lock);
	while (n < max && q->head != q->tail) {
		out[n++] = q->buf[q->head];
		WRITE_ONCE(q->head, ptp_ring_next(q->head, q->slots));
	}
	spin_unlock_irq(&ptp->tsevqs_lock);
	return n;
}

/**
 * ptp_evq_pending() - does a queue hold events?
 * @q: the queue
 *
 * Without the lock: for a reader deciding whether to sleep, which then
 * takes the events under it (ptp_evq_take() may find none, if another
 * reader of the file was first).  The caller has joined @q->wq and put a
 * full barrier after it (prepare_to_wait_event() does); it pairs with the
 * one in ptp_evq_post()'s wq_has_sleeper(), after the event is stored:
 * either this sees the event, or the post sees the reader and wakes it.
 *
 * Return: true when at least one event is queued.
 */
bool ptp_evq_pending(struct timestamp_event_queue *q)
{
	return READ_ONCE(q->head) != READ_ONCE(q->tail);
}

/**
 * ptp_evq_mask_clear() - PTP_MASK_CLEAR_ALL: read no channel
 * @ptp: the clock
 * @q: the queue of the file
 *
 * Return: 0.
 */
int ptp_evq_mask_clear(struct ptp_clock *ptp, struct timestamp_event_queue *q)
{
	spin_lock_irq(&ptp->tsevqs_lock);
	bitmap_zero(q->mask, q->nbits);
	spin_unlock_irq(&ptp->tsevqs_lock);
	return 0;
}

/**
 * ptp_evq_mask_set() - PTP_MASK_EN_SINGLE: also read channel @chan
 * @ptp: the clock
 * @q: the queue of the file
 * @chan: an extts channel of the clock
 *
 * Return: 0, or -EINVAL when the clock has no such channel.
 */
int ptp_evq_mask_set(struct ptp_clock *ptp, struct timestamp_event_queue *q,
		     unsigned int chan)
{
	if (chan >= ptp->info->n_ext_ts)
		return -EINVAL;
	/* chan comes from user space: no speculative write beyond the mask. */
	chan = array_index_nospec(chan, ptp->info->n_ext_ts);
	spin_lock_irq(&ptp->tsevqs_lock);
	set_bit(chan, q->mask);
	spin_unlock_irq(&ptp->tsevqs_lock);
	return 0;
}
