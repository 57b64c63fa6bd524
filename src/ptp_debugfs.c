// SPDX-License-Identifier: GPL-2.0
/*
 * ptp-clock: debugfs, /sys/kernel/debug/ptp/ptpN/.
 *
 * "queues" lists the extts queues of the clock, one line per reader: who
 * opened it (or sysfs), the events waiting, the events dropped because
 * the queue was full, and the channels it reads.  Not an ABI.
 */
#define pr_fmt(fmt) "ptp: " fmt

#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#include "ptp_logic.h"
#include "ptp_private.h"

static struct dentry *ptp_debugfs_root;

/* debugfs: ptp/ptpN/queues, one line per queue. */
static int ptp_queues_show(struct seq_file *m, void *unused)
{
	struct ptp_clock *ptp = m->private;
	struct timestamp_event_queue *q;

	seq_puts(m, "# reader queued dropped channels\n");
	spin_lock_irq(&ptp->tsevqs_lock);
	list_for_each_entry(q, &ptp->tsevqs, qlist) {
		if (q->owner)
			seq_printf(m, "pid:%d", q->owner);
		else
			seq_puts(m, "sysfs");
		seq_printf(m, " %u %llu %*pbl\n",
			   ptp_ring_count(q->head, q->tail, q->slots),
			   q->dropped, q->nbits, q->mask);
	}
	spin_unlock_irq(&ptp->tsevqs_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ptp_queues);

/**
 * ptp_debugfs_add() - create the clock's debugfs directory
 * @ptp: the clock
 */
void ptp_debugfs_add(struct ptp_clock *ptp)
{
	ptp->debugfs_root = debugfs_create_dir(dev_name(&ptp->dev),
					       ptp_debugfs_root);
	debugfs_create_file("queues", 0444, ptp->debugfs_root, ptp,
			    &ptp_queues_fops);
}

/**
 * ptp_debugfs_remove() - remove it, waiting for its readers
 * @ptp: the clock
 */
void ptp_debugfs_remove(struct ptp_clock *ptp)
{
	debugfs_remove(ptp->debugfs_root);
	ptp->debugfs_root = NULL;
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
