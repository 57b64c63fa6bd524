// SPDX-License-Identifier: GPL-2.0
/*
 * ptp-clock: the PTP hardware clock core.  Clock registration, the exported
 * driver API and the POSIX clock operations of /dev/ptpN.
 *
 * This file exports the 6.1 API, so its includes are those of src/kabi.h
 * only (see there): any further header could change the symbol CRCs.
 */
#define pr_fmt(fmt) "ptp: " fmt

#include "kabi.h"
#include "ptp_private.h"

#define PTP_PPS_DEFAULTS	(PPS_CAPTUREASSERT | PPS_OFFSETASSERT)
#define PTP_PPS_MODE		(PTP_PPS_DEFAULTS | PPS_CANWAIT | PPS_TSFMT_TSPEC)

struct class *ptp_class;
static dev_t ptp_devt;
static DEFINE_IDA(ptp_index_ida);

unsigned int ptp_queue_slots = 128;
module_param_named(queue_slots, ptp_queue_slots, uint, 0444);
MODULE_PARM_DESC(queue_slots,
		 "slots of each extts event ring, holding one less event (default 128, as 6.1; 2..4096)");

/* Driver callbacks, with the fallbacks of 6.1 for those that are optional. */

/* The bits of events_on: the extts channels, the periodic outputs, PPS. */
static unsigned int ptp_n_events(struct ptp_clock *ptp)
{
	return ptp->events_n_ext_ts + ptp->events_n_per_out + 1;
}

static int ptp_event_bit(struct ptp_clock *ptp,
			 const struct ptp_clock_request *rq)
{
	switch (rq->type) {
	case PTP_CLK_REQ_EXTTS:
		if (rq->extts.index >= ptp->events_n_ext_ts)
			return -1;
		return rq->extts.index;
	case PTP_CLK_REQ_PEROUT:
		if (rq->perout.index >= ptp->events_n_per_out)
			return -1;
		return ptp->events_n_ext_ts + rq->perout.index;
	case PTP_CLK_REQ_PPS:
		return ptp->events_n_ext_ts + ptp->events_n_per_out;
	default:
		return -1;
	}
}

/* The driver's enable; what it switched on is remembered in events_on. */
int ptp_driver_enable(struct ptp_clock *ptp, struct ptp_clock_request *rq,
		      int on)
{
	struct ptp_clock_info *info = ptp->info;
	int bit, err;

	lockdep_assert_held(&ptp->pincfg_mux);
	if (!info->enable)
		return -EOPNOTSUPP;
	err = info->enable(info, rq, on);
	bit = ptp_event_bit(ptp, rq);
	if (!err && bit >= 0)
		assign_bit(bit, ptp->events_on, on);
	return err;
}

/*
 * Switch off through the driver: extts channel or periodic output @index
 * (@type PTP_CLK_REQ_EXTTS or _PEROUT), or PPS (PTP_CLK_REQ_PPS).
 */
int ptp_driver_disable(struct ptp_clock *ptp, int type, unsigned int index)
{
	struct ptp_clock_request rq = { .type = type };

	if (type == PTP_CLK_REQ_EXTTS)
		rq.extts.index = index;
	else if (type == PTP_CLK_REQ_PEROUT)
		rq.perout.index = index;
	return ptp_driver_enable(ptp, &rq, 0);
}

/*
 * Unregistering: switch off through the driver whatever requests switched
 * on and nobody switched off, so that the driver stops making events for
 * the PPS source and queues that are going away.  (An event the driver is
 * making at that moment may still come: drivers stop their interrupts and
 * timers before they unregister.)  No request can reach the driver any
 * more.  6.1 leaves them on.
 */
static void ptp_events_off(struct ptp_clock *ptp)
{
	unsigned int n_ext_ts = ptp->events_n_ext_ts;
	unsigned int bit;
	int err;

	mutex_lock(&ptp->pincfg_mux);
	for_each_set_bit(bit, ptp->events_on, ptp_n_events(ptp)) {
		if (bit < n_ext_ts)
			err = ptp_driver_disable(ptp, PTP_CLK_REQ_EXTTS, bit);
		else if (bit < n_ext_ts + ptp->events_n_per_out)
			err = ptp_driver_disable(ptp, PTP_CLK_REQ_PEROUT,
						 bit - n_ext_ts);
		else
			err = ptp_driver_disable(ptp, PTP_CLK_REQ_PPS, 0);
		if (err)
			dev_dbg(&ptp->dev, "event %u stays on\n", bit);
	}
	mutex_unlock(&ptp->pincfg_mux);
}

int ptp_read_time(struct ptp_clock *ptp, struct timespec64 *ts,
		  struct ptp_system_timestamp *sts)
{
	struct ptp_clock_info *info = ptp->info;

	if (info->gettimex64)
		return info->gettimex64(info, ts, sts);
	return info->gettime64(info, ts);
}

/*
 * The free running counter that virtual clocks build on: the driver's
 * cycle counter when it has one, else its time (6.1's fallbacks).
 */
int ptp_read_cycles(struct ptp_clock *ptp, struct timespec64 *ts,
		    struct ptp_system_timestamp *sts)
{
	struct ptp_clock_info *info = ptp->info;

	if (!ptp->has_cycles)
		return ptp_read_time(ptp, ts, sts);
	if (info->getcyclesx64 && (sts || !info->getcycles64))
		return info->getcyclesx64(info, ts, sts);
	return info->getcycles64(info, ts);
}

/* Can ptp_read_cycles() fill system timestamps? */
bool ptp_cycles_with_sts(struct ptp_clock *ptp)
{
	return ptp->has_cycles ? !!ptp->info->getcyclesx64 :
				 !!ptp->info->gettimex64;
}

bool ptp_has_cross_cycles(struct ptp_clock *ptp)
{
	return ptp->has_cycles ? !!ptp->info->getcrosscycles :
				 !!ptp->info->getcrosststamp;
}

int ptp_cross_cycles(struct ptp_clock *ptp,
		     struct system_device_crosststamp *xt)
{
	struct ptp_clock_info *info = ptp->info;

	if (ptp->has_cycles)
		return info->getcrosscycles(info, xt);
	return info->getcrosststamp(info, xt);
}

/*
 * While virtual clocks run on top of a clock without a separate cycle
 * counter, its time is their counter and must not be stepped or tuned.
 */
bool ptp_clock_freerun(struct ptp_clock *ptp)
{
	bool busy;

	if (ptp->has_cycles || ptp->is_virtual_clock)
		return false;
	if (mutex_lock_interruptible(&ptp->vclock_mux))
		return true;
	busy = ptp->n_vclocks > 0;
	mutex_unlock(&ptp->vclock_mux);
	return busy;
}

/* POSIX clock operations. */

static struct ptp_clock *pc_to_ptp(struct posix_clock *pc)
{
	return container_of(pc, struct ptp_clock, clock);
}

static int ptp_pc_getres(struct posix_clock *pc, struct timespec64 *tp)
{
	*tp = (struct timespec64){ .tv_sec = 0, .tv_nsec = 1 };
	return 0;
}

static int ptp_pc_gettime(struct posix_clock *pc, struct timespec64 *tp)
{
	return ptp_read_time(pc_to_ptp(pc), tp, NULL);
}

static int ptp_pc_settime(struct posix_clock *pc, const struct timespec64 *tp)
{
	struct ptp_clock *ptp = pc_to_ptp(pc);

	if (ptp_clock_freerun(ptp)) {
		pr_err_ratelimited("physical clock is free running\n");
		return -EBUSY;
	}
	if (!timespec64_valid_settod(tp))
		return -EINVAL;
	return ptp->info->settime64(ptp->info, tp);
}

static int ptp_adj_setoffset(struct ptp_clock *ptp, struct __kernel_timex *tx)
{
	struct timespec64 delta, now;
	int err;

	err = ptp_setoffset_to_ts(tx->time.tv_sec, tx->time.tv_usec,
				  tx->modes & ADJ_NANO, &delta);
	if (err)
		return err;
	/* The clock must stay within the range settimeofday() accepts. */
	err = ptp_read_time(ptp, &now, NULL);
	if (err)
		return err;
	now = timespec64_add(now, delta);
	if (!timespec64_valid_settod(&now))
		return -EINVAL;
	return ptp->info->adjtime(ptp->info, timespec64_to_ns(&delta));
}

static int ptp_adj_frequency(struct ptp_clock *ptp, long scaled_ppm)
{
	struct ptp_clock_info *info = ptp->info;
	int err;

	if (ptp_freq_out_of_range(scaled_ppm, info->max_adj))
		return -ERANGE;
	if (info->adjfine)
		err = info->adjfine(info, scaled_ppm);
	else if (info->adjfreq)
		err = info->adjfreq(info, scaled_ppm_to_ppb(scaled_ppm));
	else
		err = -EOPNOTSUPP;
	if (!err)
		ptp->dialed_frequency = scaled_ppm;
	return err;
}

static int ptp_pc_adjtime(struct posix_clock *pc, struct __kernel_timex *tx)
{
	struct ptp_clock *ptp = pc_to_ptp(pc);
	struct ptp_clock_info *info = ptp->info;

	if ((tx->modes & (ADJ_SETOFFSET | ADJ_FREQUENCY | ADJ_OFFSET)) &&
	    ptp_clock_freerun(ptp)) {
		pr_err_ratelimited("physical clock is free running\n");
		return -EBUSY;
	}

	if (tx->modes & ADJ_SETOFFSET)
		return ptp_adj_setoffset(ptp, tx);
	if (tx->modes & ADJ_FREQUENCY)
		return ptp_adj_frequency(ptp, tx->freq);
	if (tx->modes & ADJ_OFFSET) {
		if (!info->adjphase)
			return -EOPNOTSUPP;
		return info->adjphase(info,
				      ptp_phase_offset_ns(tx->offset,
							  tx->modes & ADJ_NANO));
	}
	if (!tx->modes) {
		tx->freq = ptp->dialed_frequency;
		return 0;
	}
	return -EOPNOTSUPP;
}

static const struct posix_clock_operations ptp_pc_ops = {
	.owner		= THIS_MODULE,
	.clock_adjtime	= ptp_pc_adjtime,
	.clock_gettime	= ptp_pc_gettime,
	.clock_getres	= ptp_pc_getres,
	.clock_settime	= ptp_pc_settime,
	.ioctl		= ptp_ioctl,
	.open		= ptp_open,
	.release	= ptp_release,
	.poll		= ptp_poll,
	.read		= ptp_read,
};

/* The auxiliary worker: runs do_aux_work until it asks for no rerun. */
static void ptp_aux_work(struct kthread_work *work)
{
	struct ptp_clock *ptp = container_of(work, struct ptp_clock,
					     aux_work.work);
	long delay = ptp->info->do_aux_work(ptp->info);

	if (delay >= 0)
		kthread_queue_delayed_work(ptp->kworker, &ptp->aux_work, delay);
}

/* Last reference gone: no open file, no sysfs user, no driver. */
static void ptp_dev_release(struct device *dev)
{
	struct ptp_clock *ptp = container_of(dev, struct ptp_clock, dev);

	ptp_evq_free(ptp->sysfs_queue);
	ptp_pins_sysfs_free(ptp);
	kvfree(ptp->vclocks);
	bitmap_free(ptp->events_on);
	mutex_destroy(&ptp->pincfg_mux);
	mutex_destroy(&ptp->vclock_mux);
	ida_free(&ptp_index_ida, ptp->index);
	kfree(ptp);
}

static bool ptp_parent_is_ptp(struct device *parent)
{
	return parent && ptp_class && parent->class == ptp_class;
}

static int ptp_pps_register(struct ptp_clock *ptp)
{
	struct pps_source_info src = {
		.mode	= PTP_PPS_MODE,
		.owner	= ptp->info->owner,
	};

	snprintf(src.name, sizeof(src.name), "ptp%d", ptp->index);
	ptp->pps_source = pps_register_source(&src, PTP_PPS_DEFAULTS);
	if (IS_ERR(ptp->pps_source)) {
		int err = PTR_ERR(ptp->pps_source);

		ptp->pps_source = NULL;
		pr_err("failed to register pps source: %d\n", err);
		return err;
	}
	ptp->pps_source->lookup_cookie = ptp;
	return 0;
}

/*
 * Unregistering: the PPS source goes, and an event that the driver still
 * reports (an interrupt that outlives its switch-off) finds none, rather
 * than a freed one.  6.1 leaves the pointer and frees the source.
 */
static void ptp_pps_unregister(struct ptp_clock *ptp)
{
	struct pps_device *pps;

	spin_lock_irq(&ptp->tsevqs_lock);
	pps = ptp->pps_source;
	ptp->pps_source = NULL;
	spin_unlock_irq(&ptp->tsevqs_lock);
	if (pps)
		pps_unregister_source(pps);
}

/* A PPS event, if the clock still has its source; any context. */
static void ptp_pps_event(struct ptp_clock *ptp, struct pps_event_time *ts)
{
	unsigned long flags;

	spin_lock_irqsave(&ptp->tsevqs_lock, flags);
	if (ptp->pps_source)
		pps_event(ptp->pps_source, ts, PPS_CAPTUREASSERT, NULL);
	spin_unlock_irqrestore(&ptp->tsevqs_lock, flags);
}

/*
 * The locks, lists and flags of a new clock (its info and index set), and
 * its class device ptpN; once this ran, put_device() frees @ptp.
 */
static int ptp_clock_init(struct ptp_clock *ptp, struct device *parent)
{
	ptp->clock.ops = ptp_pc_ops;
	mutex_init(&ptp->pincfg_mux);
	mutex_init(&ptp->vclock_mux);
	spin_lock_init(&ptp->tsevqs_lock);
	INIT_LIST_HEAD(&ptp->tsevqs);
	ptp->has_cycles = ptp->info->getcycles64 || ptp->info->getcyclesx64;
	ptp->is_virtual_clock = ptp_parent_is_ptp(parent);

	device_initialize(&ptp->dev);
	ptp->dev.devt = MKDEV(MAJOR(ptp_devt), ptp->index);
	ptp->dev.class = ptp_class;
	ptp->dev.parent = parent;
	ptp->dev.groups = ptp->dev_groups;
	ptp->dev.release = ptp_dev_release;
	dev_set_drvdata(&ptp->dev, ptp);
	return dev_set_name(&ptp->dev, "ptp%d", ptp->index);
}

/*
 * What a new clock allocates after ptp_clock_init(): the sysfs queue, the
 * virtual clock table, the events_on bitmap and the pins' sysfs files.
 * The release callback frees them, so on error nothing is undone here.
 */
static int ptp_clock_alloc(struct ptp_clock *ptp)
{
	struct ptp_clock_info *info = ptp->info;

	ptp->sysfs_queue = ptp_evq_create(ptp, 0);
	if (!ptp->sysfs_queue)
		return -ENOMEM;
	ptp_evq_attach(ptp, ptp->sysfs_queue);

	if (!ptp->is_virtual_clock) {
		ptp->max_vclocks = PTP_DEFAULT_MAX_VCLOCKS;
		ptp->vclocks = kvcalloc(ptp->max_vclocks, sizeof(*ptp->vclocks),
					GFP_KERNEL);
		if (!ptp->vclocks)
			return -ENOMEM;
	}

	ptp->events_n_ext_ts = info->n_ext_ts;
	ptp->events_n_per_out = info->n_per_out;
	ptp->events_on = bitmap_zalloc(ptp_n_events(ptp), GFP_KERNEL);
	if (!ptp->events_on)
		return -ENOMEM;

	return ptp_pins_sysfs_init(ptp);
}

/* The kthread worker that runs the driver's do_aux_work. */
static int ptp_aux_worker_create(struct ptp_clock *ptp)
{
	kthread_init_delayed_work(&ptp->aux_work, ptp_aux_work);
	ptp->kworker = kthread_create_worker(0, "ptp%d", ptp->index);
	if (IS_ERR(ptp->kworker)) {
		int err = PTR_ERR(ptp->kworker);

		ptp->kworker = NULL;
		pr_err("failed to create ptp aux_worker %d\n", err);
		return err;
	}
	return 0;
}

/**
 * ptp_clock_register() - register a PTP hardware clock driver
 * @info: the driver's capabilities and callbacks; must outlive the clock
 * @parent: the parent device (a ptpN device makes a virtual clock)
 *
 * Creates /dev/ptpN, /sys/class/ptp/ptpN and, when @info->pps is set, a PPS
 * source.
 *
 * Return: the new clock, or an ERR_PTR(): -EINVAL when @info->n_alarm is
 * larger than 4, -ENOMEM, or the error of a subsystem.
 */
struct ptp_clock *ptp_clock_register(struct ptp_clock_info *info,
				     struct device *parent)
{
	struct ptp_clock *ptp;
	int err, index;

	if (info->n_alarm > PTP_MAX_ALARMS)
		return ERR_PTR(-EINVAL);

	ptp = kzalloc(sizeof(*ptp), GFP_KERNEL);
	if (!ptp)
		return ERR_PTR(-ENOMEM);

	index = ida_alloc_max(&ptp_index_ida, MINORMASK, GFP_KERNEL);
	if (index < 0) {
		kfree(ptp);
		return ERR_PTR(index);
	}

	ptp->info = info;
	ptp->index = index;
	/* From here on the release callback frees everything. */
	err = ptp_clock_init(ptp, parent);
	if (err)
		goto put_dev;

	err = ptp_clock_alloc(ptp);
	if (err)
		goto put_dev;

	if (info->do_aux_work) {
		err = ptp_aux_worker_create(ptp);
		if (err)
			goto put_dev;
	}

	if (info->pps) {
		err = ptp_pps_register(ptp);
		if (err)
			goto destroy_worker;
	}

	err = posix_clock_register(&ptp->clock, &ptp->dev);
	if (err) {
		pr_err("failed to create posix clock\n");
		goto unregister_pps;
	}
	/*
	 * Every POSIX clock lock has one lock class, but the locks nest:
	 * the physical clock's is held while its vclock_mux is taken
	 * (ptp_clock_freerun()), which is held while a virtual clock's is
	 * taken (its removal).  A subclass for the virtual clocks tells
	 * lockdep so.  Set after posix_clock_register(), which initialises
	 * the lock; lockdep matches a lock taken meanwhile by its address.
	 */
	if (ptp->is_virtual_clock)
		lockdep_set_subclass(&ptp->clock.rwsem, 1);

	ptp_debugfs_add(ptp);
	return ptp;

unregister_pps:
	if (ptp->pps_source)
		pps_unregister_source(ptp->pps_source);
destroy_worker:
	if (ptp->kworker)
		kthread_destroy_worker(ptp->kworker);
put_dev:
	put_device(&ptp->dev);
	return ERR_PTR(err);
}
EXPORT_SYMBOL(ptp_clock_register);

/**
 * ptp_clock_unregister() - unregister a PTP hardware clock driver
 * @ptp: the clock returned by ptp_clock_register()
 *
 * Removes the clock's virtual clocks, wakes its readers (they get -ENODEV)
 * and removes the device, waiting for calls into the driver in progress;
 * then switches off, through the driver's enable, the extts channels,
 * periodic outputs and PPS that requests left on; only then stops the
 * auxiliary worker and removes the PPS source, which those calls and
 * events may still use.  (6.1 stops the worker and the PPS source first,
 * while ioctls and sysfs writes can still reach the driver, and leaves
 * events on.)  The driver must not hold a lock its enable takes.  The
 * driver's callbacks are not called once this returns; the memory of the
 * clock stays until the last open file is closed, and so does its index.
 *
 * Return: 0.
 */
int ptp_clock_unregister(struct ptp_clock *ptp)
{
	/* Also refuses n_vclocks writes from now on. */
	ptp_vclocks_remove_all(ptp);

	ptp_evq_defunct(ptp);

	/* posix_clock_unregister() drops the reference of the registration. */
	get_device(&ptp->dev);
	posix_clock_unregister(&ptp->clock);
	ptp_events_off(ptp);

	if (ptp->kworker) {
		kthread_cancel_delayed_work_sync(&ptp->aux_work);
		kthread_destroy_worker(ptp->kworker);
	}
	ptp_pps_unregister(ptp);
	ptp_debugfs_remove(ptp);
	put_device(&ptp->dev);
	return 0;
}
EXPORT_SYMBOL(ptp_clock_unregister);

/**
 * ptp_clock_event() - report an event of the clock
 * @ptp: the clock
 * @event: what happened
 *
 * Callable from interrupt context: allocates nothing and takes only a
 * spinlock.  External timestamps are queued for every reader whose channel
 * mask includes the channel; PPS events go to the clock's PPS source.
 */
void ptp_clock_event(struct ptp_clock *ptp, struct ptp_clock_event *event)
{
	struct pps_event_time now;

	switch (event->type) {
	case PTP_CLOCK_EXTTS:
		ptp_evq_post(ptp, event);
		break;
	case PTP_CLOCK_PPS:
		pps_get_ts(&now);
		ptp_pps_event(ptp, &now);
		break;
	case PTP_CLOCK_PPSUSR:
		ptp_pps_event(ptp, &event->pps_times);
		break;
	default:
		/* PTP_CLOCK_ALARM and unknown types: nothing to deliver. */
		break;
	}
}
EXPORT_SYMBOL(ptp_clock_event);

/**
 * ptp_clock_index() - the index N of /dev/ptpN
 * @ptp: the clock
 *
 * Return: the index.
 */
int ptp_clock_index(struct ptp_clock *ptp)
{
	return ptp->index;
}
EXPORT_SYMBOL(ptp_clock_index);

/* Index of the pin of @info programmed to (@func, @chan), or -1. */
static int ptp_pin_search(const struct ptp_clock_info *info,
			  enum ptp_pin_function func, unsigned int chan)
{
	const struct ptp_pin_desc *pin = info->pin_config;
	const struct ptp_pin_desc *end = pin + info->n_pins;

	for (; pin < end; pin++) {
		if (pin->func == func && pin->chan == chan)
			return pin - info->pin_config;
	}
	return -1;
}

/**
 * ptp_find_pin() - find the pin assigned a function and channel
 * @ptp: the clock
 * @func: the pin function
 * @chan: the channel of that function
 *
 * The caller holds the pin configuration lock, as the driver's enable and
 * verify callbacks do; elsewhere use ptp_find_pin_unlocked().
 *
 * Return: the pin's index, or -1 when no pin has that function.
 */
int ptp_find_pin(struct ptp_clock *ptp,
		 enum ptp_pin_function func, unsigned int chan)
{
	return ptp_pin_search(ptp->info, func, chan);
}
EXPORT_SYMBOL(ptp_find_pin);

/**
 * ptp_find_pin_unlocked() - ptp_find_pin() for callers without the pin lock
 * @ptp: the clock
 * @func: the pin function
 * @chan: the channel of that function
 *
 * Takes the pin configuration lock around the search, so it may sleep.
 *
 * Return: the pin's index, or -1 when no pin has that function.
 */
int ptp_find_pin_unlocked(struct ptp_clock *ptp,
			  enum ptp_pin_function func, unsigned int chan)
{
	int found;

	mutex_lock(&ptp->pincfg_mux);
	found = ptp_pin_search(ptp->info, func, chan);
	mutex_unlock(&ptp->pincfg_mux);
	return found;
}
EXPORT_SYMBOL(ptp_find_pin_unlocked);

/**
 * ptp_schedule_worker() - (re)schedule the clock's auxiliary work
 * @ptp: the clock, registered with a do_aux_work callback
 * @delay: delay in jiffies
 *
 * Return: false if the work was idle, true if it was pending (and is now
 * rescheduled), -EOPNOTSUPP when the clock has no do_aux_work.
 */
int ptp_schedule_worker(struct ptp_clock *ptp, unsigned long delay)
{
	if (!ptp->kworker)
		return -EOPNOTSUPP;
	return kthread_mod_delayed_work(ptp->kworker, &ptp->aux_work, delay);
}
EXPORT_SYMBOL(ptp_schedule_worker);

/**
 * ptp_cancel_worker_sync() - cancel the auxiliary work and wait for it
 * @ptp: the clock
 */
void ptp_cancel_worker_sync(struct ptp_clock *ptp)
{
	if (ptp->kworker)
		kthread_cancel_delayed_work_sync(&ptp->aux_work);
}
EXPORT_SYMBOL(ptp_cancel_worker_sync);

static int __init ptp_init(void)
{
	int err;

	if (ptp_queue_slots < 2 || ptp_queue_slots > 4096) {
		pr_err("queue_slots must be 2..4096\n");
		return -EINVAL;
	}

	ptp_class = class_create(THIS_MODULE, "ptp");
	if (IS_ERR(ptp_class)) {
		err = PTR_ERR(ptp_class);
		pr_err("failed to allocate class\n");
		goto out;
	}
	ptp_class->dev_groups = ptp_class_groups;

	err = alloc_chrdev_region(&ptp_devt, 0, MINORMASK + 1, "ptp");
	if (err < 0) {
		pr_err("failed to allocate device region\n");
		goto destroy_class;
	}

	ptp_debugfs_init();
	pr_info("PTP clock support registered\n");
	return 0;

destroy_class:
	class_destroy(ptp_class);
out:
	ptp_class = NULL;
	return err;
}

static void __exit ptp_exit(void)
{
	ptp_debugfs_exit();
	unregister_chrdev_region(ptp_devt, MINORMASK + 1);
	class_destroy(ptp_class);
	ida_destroy(&ptp_index_ida);
}

module_init(ptp_init);
module_exit(ptp_exit);

MODULE_DESCRIPTION("PTP clocks support");
MODULE_VERSION(PTP_CLOCK_VERSION);
MODULE_LICENSE("GPL");
