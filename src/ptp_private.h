/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp-clock: private declarations shared by the files of ptp.ko.
 *
 * struct ptp_clock is opaque to clock drivers.  Its 6.1 layout only matters
 * for symbol CRCs, which src/kabi.h takes care of; genksyms therefore must
 * not see the definition below.
 */
#ifndef _PTP_CLOCK_PRIVATE_H
#define _PTP_CLOCK_PRIVATE_H

#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/posix-clock.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/time.h>

#include "ptp_logic.h"

/* 6.1 limits that are part of the ABI. */
#define PTP_MAX_ALARMS		4
#define PTP_READ_MAX_EVENTS	30	/* events handed out by one read() */
#define PTP_DEFAULT_MAX_VCLOCKS	20
#define PTP_MAX_VCLOCKS_LIMIT	(KMALLOC_MAX_SIZE / sizeof(int))

struct ptp_vclock;

/**
 * struct timestamp_event_queue - the external timestamp events of one reader
 * @qlist: entry in &ptp_clock.tsevqs
 * @head: index of the oldest event
 * @tail: index where the next event goes
 * @slots: ring size; the queue holds at most @slots - 1 events
 * @dropped: events discarded because the queue was full
 * @owner: pid of the process that opened the file, 0 for the sysfs queue
 * @mask: channels this reader wants (bit per channel of the clock)
 * @nbits: number of bits in @mask
 * @wq: the file's readers and pollers wait here, for an event in this
 *	queue or for &ptp_clock.defunct; woken only when one of them comes
 * @buf: the ring
 *
 * All fields but @mask/@nbits/@slots/@owner/@wq are protected by
 * &ptp_clock.tsevqs_lock; @mask is written under it too.  The names are
 * mainline's (6.7, where each queue also has a lock of its own), so that
 * its fixes port by reading.
 */
struct timestamp_event_queue {
	struct list_head qlist;
	unsigned int head;
	unsigned int tail;
	unsigned int slots;
	u64 dropped;
	pid_t owner;
	unsigned long *mask;
	unsigned int nbits;
	wait_queue_head_t wq;
	struct ptp_extts_event buf[];
};

#ifndef __GENKSYMS__
/**
 * struct ptp_clock - one registered PTP hardware (or virtual) clock
 * @clock: the dynamic POSIX clock behind /dev/ptpN
 * @dev: the class device ptpN; its release frees this structure
 * @info: the driver's description and callbacks
 * @index: N of ptpN, held until the last reference is gone
 * @pps_source: PPS source when @info->pps, else NULL; cleared under
 *	@tsevqs_lock when the clock is unregistered
 * @dialed_frequency: last frequency set, returned by adjtime(modes=0)
 * @pincfg_mux: serialises pin configuration and driver enable requests
 * @events_on: what the driver's enable switched on and nothing switched
 *	off: a bit per extts channel, then per periodic output, then PPS;
 *	under @pincfg_mux
 * @events_n_ext_ts: @info->n_ext_ts when @events_on was sized
 * @events_n_per_out: @info->n_per_out when @events_on was sized
 * @tsevqs_lock: protects @tsevqs, the contents of every queue, and
 *	@pps_source while events are reported
 * @tsevqs: every extts queue: @sysfs_queue first, then one per open file
 * @sysfs_queue: the queue the sysfs "fifo" attribute reads (mainline: the
 *	first entry of @tsevqs)
 * @defunct: set once the clock is being unregistered, under @tsevqs_lock
 * @pin_files: the files of the sysfs "pins" directory, one per pin
 *	(mainline: pin_dev_attr)
 * @pins_dir: the "pins" attribute group over @pin_files (mainline keeps
 *	its attribute list, pin_attr, and group, pin_attr_group, apart; the
 *	list here is @pins_dir.attrs)
 * @dev_groups: the device's groups, @pins_dir when there are pins
 * @kworker: worker running @info->do_aux_work, if any
 * @aux_work: the delayed work queued on @kworker
 * @vclock_mux: protects @n_vclocks, @max_vclocks, @vclocks, @vclocks_closed
 * @n_vclocks: number of virtual clocks on top of this one
 * @max_vclocks: limit for @n_vclocks
 * @vclocks: the virtual clocks, @max_vclocks slots (mainline keeps their
 *	indices instead, vclock_index)
 * @vclocks_closed: unregistering: no virtual clock may be made any more
 * @is_virtual_clock: this is a virtual clock over a physical one
 * @has_cycles: the driver has a free running cycle counter
 * @debugfs_root: this clock's debugfs directory
 *
 * Field names follow mainline 6.7's struct ptp_clock where it has an
 * equivalent; the layout is ours, as no driver sees it.
 */
struct ptp_clock {
	struct posix_clock clock;
	struct device dev;
	struct ptp_clock_info *info;
	int index;
	struct pps_device *pps_source;
	long dialed_frequency;
	struct mutex pincfg_mux;	/* pin_config, driver enable() */
	unsigned long *events_on;
	unsigned int events_n_ext_ts;
	unsigned int events_n_per_out;

	spinlock_t tsevqs_lock;		/* tsevqs and their contents */
	struct list_head tsevqs;
	struct timestamp_event_queue *sysfs_queue;
	bool defunct;

	struct device_attribute *pin_files;
	struct attribute_group pins_dir;
	const struct attribute_group *dev_groups[2];

	struct kthread_worker *kworker;
	struct kthread_delayed_work aux_work;

	struct mutex vclock_mux;	/* n/max_vclocks, vclocks */
	unsigned int n_vclocks;
	unsigned int max_vclocks;
	struct ptp_vclock **vclocks;
	bool vclocks_closed;
	bool is_virtual_clock;
	bool has_cycles;

	struct dentry *debugfs_root;
};
#endif

extern struct class *ptp_class;
extern unsigned int ptp_queue_slots;

/* ptp_clock.c */
bool ptp_clock_freerun(struct ptp_clock *ptp);
int ptp_driver_enable(struct ptp_clock *ptp, struct ptp_clock_request *rq,
		      int on);
int ptp_driver_disable(struct ptp_clock *ptp, int type, unsigned int index);
int ptp_read_time(struct ptp_clock *ptp, struct timespec64 *ts,
		  struct ptp_system_timestamp *sts);
int ptp_read_cycles(struct ptp_clock *ptp, struct timespec64 *ts,
		    struct ptp_system_timestamp *sts);
int ptp_cross_cycles(struct ptp_clock *ptp,
		     struct system_device_crosststamp *xt);
bool ptp_cycles_with_sts(struct ptp_clock *ptp);
bool ptp_has_cross_cycles(struct ptp_clock *ptp);

/* ptp_chardev.c */
int ptp_open(struct posix_clock_context *pccontext, fmode_t fmode);
int ptp_release(struct posix_clock_context *pccontext);
long ptp_ioctl(struct posix_clock_context *pccontext, unsigned int cmd,
	       unsigned long arg);
ssize_t ptp_read(struct posix_clock_context *pccontext, uint flags,
		 char __user *buf, size_t cnt);
__poll_t ptp_poll(struct posix_clock_context *pccontext, struct file *fp,
		  poll_table *wait);
int ptp_pin_read(struct ptp_clock *ptp, unsigned int pin,
		 struct ptp_pin_desc *pd);
int ptp_request_pinfunc(struct ptp_clock *ptp, unsigned int pin,
			enum ptp_pin_function func, unsigned int chan);
int ptp_request_enable(struct ptp_clock *ptp, struct ptp_clock_request *rq,
		       int on);

/* ptp_queue.c */
struct timestamp_event_queue *ptp_evq_create(struct ptp_clock *ptp, pid_t owner);
void ptp_evq_attach(struct ptp_clock *ptp, struct timestamp_event_queue *q);
void ptp_evq_detach(struct ptp_clock *ptp, struct timestamp_event_queue *q);
void ptp_evq_free(struct timestamp_event_queue *q);
void ptp_evq_post(struct ptp_clock *ptp, const struct ptp_clock_event *ev);
void ptp_evq_defunct(struct ptp_clock *ptp);
unsigned int ptp_evq_take(struct ptp_clock *ptp, struct timestamp_event_queue *q,
			  struct ptp_extts_event *out, unsigned int max);
bool ptp_evq_pending(struct timestamp_event_queue *q);
int ptp_evq_mask_clear(struct ptp_clock *ptp, struct timestamp_event_queue *q);
int ptp_evq_mask_set(struct ptp_clock *ptp, struct timestamp_event_queue *q,
		     unsigned int chan);
void ptp_debugfs_add(struct ptp_clock *ptp);
void ptp_debugfs_remove(struct ptp_clock *ptp);
void ptp_debugfs_init(void);
void ptp_debugfs_exit(void);

/* ptp_sysfs.c */
extern const struct attribute_group *ptp_class_groups[];
int ptp_pins_sysfs_init(struct ptp_clock *ptp);
void ptp_pins_sysfs_free(struct ptp_clock *ptp);

/* ptp_vclock.c */
struct ptp_vclock *ptp_vclock_create(struct ptp_clock *parent);
void ptp_vclock_destroy(struct ptp_vclock *vclock);
int ptp_vclocks_resize(struct ptp_clock *ptp, unsigned int num);
void ptp_vclocks_remove_all(struct ptp_clock *ptp);

#endif /* _PTP_CLOCK_PRIVATE_H */
