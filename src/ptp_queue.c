// SPDX-License-Identifier: GPL-2.0
/*
 * ptp-clock: external timestamp queues.
 *
 * Every open file of /dev/ptpN has a queue of its own, and so has the sysfs
 * "fifo" attribute, so that each reader sees every event of the channels in
 * its mask.  (In 6.1 all readers share one queue and steal each other's
 * events.)  A full queue drops its oldest event, as 6.1 does, and counts
 * the drop; the counters are in debugfs, ptp/ptpN/queues.
 *
 * ptp_evq_post() runs in the driver's interrupt context: it takes the
 * clock's spinlock and allocates nothing.
 */
#define pr_fmt(fmt) "ptp: " fmt

#include <linux/bitmap.h>
#include <linux/debugfs.h>
#include <linux/math64.h>
#include <linux/overflow.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "ptp_private.h"

static struct dentry *ptp_debugfs_root;

/**
 * ptp_evq_create() - allocate an extts queue reading every channel
 * @ptp: the clock
 * @owner: pid of the opener, 0 for the sysfs queue
 *
 * Return: the queue, not yet attached, or NULL.
 */
struct ptp_evq *ptp_evq_create(struct ptp_clock *ptp, pid_t owner)
{
	unsigned int nbits = max(ptp->info->n_ext_ts, 1);
	struct ptp_evq *q;

	q = kzalloc(struct_size(q, buf, ptp_queue_slots), GFP_KERNEL);
	if (!q)
		return NULL;
	q->mask = bitmap_zalloc(nbits, GFP_KERNEL);
	if (!q->mask) {
		kfree(q);
		return NULL;
	}
	bitmap_fill(q->mask, nbits);
	q->nbits = nbits;
	q->slots = ptp_queue_slots;
	q->owner = owner;
	INIT_LIST_HEAD(&q->node);
	return q;
}

/**
 * ptp_evq_free() - free a queue that is detached or whose clock is gone
 * @q: the queue, or NULL
 */
void ptp_evq_free(struct ptp_evq *q)
{
	if (!q)
		return;
	bitmap_free(q->mask);
	kfree(q);
}

/**
 * ptp_evq_attach() - start delivering the clock's events to a queue
 * @ptp: the clock
 * @q: the queue
 */
void ptp_evq_attach(struct ptp_clock *ptp, struct ptp_evq *q)
{
	spin_lock_irq(&ptp->evq_lock);
	list_add_tail(&q->node, &ptp->queues);
	spin_unlock_irq(&ptp->evq_lock);
}

/**
 * ptp_evq_detach() - stop delivering events to a queue
 * @ptp: the clock
 * @q: the queue
 */
void ptp_evq_detach(struct ptp_clock *ptp, struct ptp_evq *q)
{
	spin_lock_irq(&ptp->evq_lock);
	list_del_init(&q->node);
	spin_unlock_irq(&ptp->evq_lock);
}

/**
 * ptp_evq_post() - queue an external timestamp for every interested reader
 * @ptp: the clock
 * @ev: a PTP_CLOCK_EXTTS event
 *
 * Safe in hard interrupt context.
 */
void ptp_evq_post(struct ptp_clock *ptp, const struct ptp_clock_event *ev)
{
	struct ptp_extts_event e = { .index = ev->index };
	unsigned long flags;
	struct ptp_evq *q;
	u32 nsec;

	e.t.sec = div_u64_rem(ev->timestamp, NSEC_PER_SEC, &nsec);
	e.t.nsec = nsec;

	spin_lock_irqsave(&ptp->evq_lock, flags);
	list_for_each_entry(q, &ptp->queues, node) {
		if (!ptp_mask_wants(q->mask, q->nbits, ev->index))
			continue;
		if (ptp_ring_full(q->head, q->tail, q->slots)) {
			q->head = ptp_ring_next(q->head, q->slots);
			q->dropped++;
		}
		q->buf[q->tail] = e;
		q->tail = ptp_ring_next(q->tail, q->slots);
	}
	spin_unlock_irqrestore(&ptp->evq_lock, flags);

	wake_up_interruptible_all(&ptp->evq_wait);
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
unsigned int ptp_evq_take(struct ptp_clock *ptp, struct ptp_evq *q,
			  struct ptp_extts_event *out, unsigned int max)
{
	unsigned int n = 0;

	spin_lock_irq(&ptp->evq_lock);
	while (n < max && q->head != q->tail) {
		out[n++] = q->buf[q->head];
		q->head = ptp_ring_next(q->head, q->slots);
	}
	spin_unlock_irq(&ptp->evq_lock);
	return n;
}

/**
 * ptp_evq_pending() - does a queue hold events?
 * @ptp: the clock
 * @q: the queue
 *
 * Return: true when at least one event is queued.
 */
bool ptp_evq_pending(struct ptp_clock *ptp, struct ptp_evq *q)
{
	bool pending;

	spin_lock_irq(&ptp->evq_lock);
	pending = q->head != q->tail;
	spin_unlock_irq(&ptp->evq_lock);
	return pending;
}

/**
 * ptp_evq_mask_clear() - PTP_MASK_CLEAR_ALL: read no channel
 * @ptp: the clock
 * @q: the queue of the file
 *
 * Return: 0.
 */
int ptp_evq_mask_clear(struct ptp_clock *ptp, struct ptp_evq *q)
{
	spin_lock_irq(&ptp->evq_lock);
	bitmap_zero(q->mask, q->nbits);
	spin_unlock_irq(&ptp->evq_lock);
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
int ptp_evq_mask_set(struct ptp_clock *ptp, struct ptp_evq *q,
		     unsigned int chan)
{
	if (chan >= ptp->info->n_ext_ts)
		return -EINVAL;
	spin_lock_irq(&ptp->evq_lock);
	set_bit(chan, q->mask);
	spin_unlock_irq(&ptp->evq_lock);
	return 0;
}

/* debugfs: ptp/ptpN/queues, one line per queue. */
static int ptp_queues_show(struct seq_file *m, void *unused)
{
	struct ptp_clock *ptp = m->private;
	struct ptp_evq *q;

	seq_puts(m, "# reader queued dropped channels\n");
	spin_lock_irq(&ptp->evq_lock);
	list_for_each_entry(q, &ptp->queues, node) {
		if (q->owner)
			seq_printf(m, "pid:%d", q->owner);
		else
			seq_puts(m, "sysfs");
		seq_printf(m, " %u %llu %*pbl\n",
			   ptp_ring_count(q->head, q->tail, q->slots),
			   q->dropped, q->nbits, q->mask);
	}
	spin_unlock_irq(&ptp->evq_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ptp_queues);

/**
 * ptp_debugfs_add() - create the clock's debugfs directory
 * @ptp: the clock
 */
void ptp_debugfs_add(struct ptp_clock *ptp)
{
	ptp->debugfs = debugfs_create_dir(dev_name(&ptp->dev),
					  ptp_debugfs_root);
	debugfs_create_file("queues", 0444, ptp->debugfs, ptp,
			    &ptp_queues_fops);
}

/**
 * ptp_debugfs_remove() - remove it, waiting for its readers
 * @ptp: the clock
 */
void ptp_debugfs_remove(struct ptp_clock *ptp)
{
	debugfs_remove(ptp->debugfs);
	ptp->debugfs = NULL;
}

/**
 * ptp_debugfs_init() - create the module's debugfs directory "ptp"
 */
void ptp_debugfs_init(void)
{
	ptp_debugfs_root = debugfs_create_dir("ptp", NULL);
}

/**
 * ptp_debugfs_exit() - remove it
 */
void ptp_debugfs_exit(void)
{
	debugfs_remove(ptp_debugfs_root);
}
