// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_dummy: a software PTP hardware clock modelled on the Freescale eTSEC
 * (gianfar) 1588 timer.  This file makes the platform devices, one per
 * clock, and registers each with the PTP core; ptp_dummy.h lists the
 * others.  See docs/ptp_dummy.md.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

#include "ptp_dummy.h"
#include "ptp_dummy_link.h"

static unsigned int clocks = 1;
module_param(clocks, uint, 0444);
MODULE_PARM_DESC(clocks, "number of clocks to create (1..16, default 1)");

static int max_adj = 10000000;
module_param(max_adj, int, 0444);
MODULE_PARM_DESC(max_adj,
		 "maximum frequency adjustment in ppb (default 10000000; 512000 is the eTSEC)");

static unsigned int register_delay_ms;
module_param(register_delay_ms, uint, 0444);
MODULE_PARM_DESC(register_delay_ms,
		 "for tests: wait this long after registering each clock before using it (default 0)");

static unsigned int unregister_delay_ms;
module_param(unregister_delay_ms, uint, 0444);
MODULE_PARM_DESC(unregister_delay_ms,
		 "for tests: after unregistering a clock, wait this long counting late callbacks (default 0)");

static unsigned int late_pps_ms;
module_param(late_pps_ms, uint, 0444);
MODULE_PARM_DESC(late_pps_ms,
		 "for tests: report a PPS event every ms from the start of a clock's removal until this long after ptp_clock_unregister() returns, as an interrupt that outlives the clock; hold the clock open meanwhile (default 0)");

static bool cycles = true;
module_param(cycles, bool, 0444);
MODULE_PARM_DESC(cycles,
		 "offer the free running cycle counter to virtual clocks (default 1; 0: they run on the clock's time, as over e1000e)");

static bool cross;
module_param(cross, bool, 0444);
MODULE_PARM_DESC(cross,
		 "offer cross timestamps, PTP_SYS_OFFSET_PRECISE (default 0: the eTSEC has none)");

static const char * const dummy_pin_names[DUMMY_N_PINS] = {
	"TRIG_IN1", "TRIG_IN2", "PULSE_OUT1", "PULSE_OUT2", "PULSE_OUT3",
};

static struct dentry *dummy_dbg_root;

/* The registered clocks, for ptp_dummy_get(). */
static LIST_HEAD(dummy_clocks);
static DEFINE_MUTEX(dummy_clocks_lock);

static void dummy_release(struct kref *ref)
{
	kfree(container_of(ref, struct dummy_clock, ref));
}

/**
 * ptp_dummy_get() - hold the dummy clock with a PHC index
 * @phc_index: the N of its /dev/ptpN
 *
 * The reference keeps the clock's state allocated, not the clock
 * registered (ptp_dummy_link.h gives the rules).
 *
 * Return: the clock, or ERR_PTR(-ENODEV) if no dummy clock has that index.
 */
struct dummy_clock *ptp_dummy_get(int phc_index)
{
	struct dummy_clock *dc, *found = ERR_PTR(-ENODEV);

	mutex_lock(&dummy_clocks_lock);
	list_for_each_entry(dc, &dummy_clocks, node) {
		if (dc->index == phc_index) {
			kref_get(&dc->ref);
			found = dc;
			break;
		}
	}
	mutex_unlock(&dummy_clocks_lock);
	return found;
}
EXPORT_SYMBOL_GPL(ptp_dummy_get);

/**
 * ptp_dummy_put() - drop a reference taken by ptp_dummy_get()
 * @dc: the clock; NULL or an error pointer is ignored
 */
void ptp_dummy_put(struct dummy_clock *dc)
{
	if (!IS_ERR_OR_NULL(dc))
		kref_put(&dc->ref, dummy_release);
}
EXPORT_SYMBOL_GPL(ptp_dummy_put);

/**
 * ptp_dummy_index() - the PHC index of a held clock
 * @dc: the clock
 *
 * Return: the N of its /dev/ptpN, or -1 once its removal has begun.
 */
int ptp_dummy_index(struct dummy_clock *dc)
{
	unsigned long flags;
	int index;

	spin_lock_irqsave(&dc->lock, flags);
	index = dc->dying ? -1 : dc->index;
	spin_unlock_irqrestore(&dc->lock, flags);
	return index;
}
EXPORT_SYMBOL_GPL(ptp_dummy_index);

/**
 * ptp_dummy_time_at() - what the counter reads at a raw instant
 * @dc: the clock
 * @raw: CLOCK_MONOTONIC_RAW in ns, about now
 * @ns: the counter's time there, from its model: without the read jitter
 *	of gettime, and with the present rates carried forward, or back to
 *	a @raw that precedes the model's last change (of frequency, say)
 *
 * Return: 0, or -ENODEV once the clock's removal has begun.
 */
int ptp_dummy_time_at(struct dummy_clock *dc, u64 raw, s64 *ns)
{
	const struct dummy_model *m = &dc->model;
	unsigned long flags;
	int err = 0;

	spin_lock_irqsave(&dc->lock, flags);
	if (dc->dying)
		err = -ENODEV;
	else if (raw >= m->base_raw)
		*ns = dummy_ns_at(m, raw, NULL);
	else
		*ns = m->base_ns - dummy_scale(m->base_raw - raw, m->eff, 0, NULL);
	spin_unlock_irqrestore(&dc->lock, flags);
	return err;
}
EXPORT_SYMBOL_GPL(ptp_dummy_time_at);

/* A new clock: realtime, nominal frequency, every knob at its default. */
static void dummy_init_state(struct dummy_clock *dc)
{
	unsigned int i;

	dummy_init_timers(dc);
	dc->addend = DUMMY_ADD_NOMINAL;
	dc->model.base_raw = ktime_get_raw_ns();
	dc->model.base_ns = ktime_get_real_ns();
	dummy_set_rates(&dc->model, dc->addend, 0);
	dummy_reset(dc);

	for (i = 0; i < DUMMY_N_PINS; i++) {
		struct ptp_pin_desc *pin = &dc->pins[i];

		strscpy(pin->name, dummy_pin_names[i], sizeof(pin->name));
		pin->index = i;
		pin->func = i < DUMMY_N_TRIGGERS ? PTP_PF_EXTTS : PTP_PF_PEROUT;
		pin->chan = i < DUMMY_N_TRIGGERS ? i : i - DUMMY_N_TRIGGERS;
	}
	dc->info = dummy_info_template;
	dc->info.max_adj = max_adj;
	dc->info.pin_config = dc->pins;
	if (!cycles) {
		dc->info.getcycles64 = NULL;
		dc->info.getcyclesx64 = NULL;
		dc->info.getcrosscycles = NULL;
	}
	if (!cross) {
		dc->info.getcrosststamp = NULL;
		dc->info.getcrosscycles = NULL;
	}
	strscpy(dc->info.name, dev_name(&dc->pdev->dev), sizeof(dc->info.name));
}

static int dummy_probe(struct platform_device *pdev)
{
	struct ptp_clock *ptp;
	struct dummy_clock *dc;

	int err;

	/* Not devm: ptp_dummy_get() holders may keep it past the removal. */
	dc = kzalloc(sizeof(*dc), GFP_KERNEL);
	if (!dc)
		return -ENOMEM;
	kref_init(&dc->ref);
	dc->pdev = pdev;
	dummy_init_state(dc);

	/* Live before it returns: the operations check dc->ptp. */
	ptp = ptp_clock_register(&dc->info, &pdev->dev);
	if (IS_ERR_OR_NULL(ptp)) {
		err = ptp ? PTR_ERR(ptp) : -ENODEV;
		dev_err_probe(&pdev->dev, err, ptp ? "cannot register the clock\n" :
			      "no PTP clock support in this kernel\n");
		goto free_clock;
	}
	/* Widens the window in which /dev/ptpN is live and dc->ptp unset. */
	if (register_delay_ms)
		msleep(register_delay_ms);
	WRITE_ONCE(dc->ptp, ptp);
	dc->index = ptp_clock_index(ptp);

	dummy_debugfs_init(dc, dummy_dbg_root);
	platform_set_drvdata(pdev, dc);
	mutex_lock(&dummy_clocks_lock);
	list_add_tail(&dc->node, &dummy_clocks);
	mutex_unlock(&dummy_clocks_lock);
	dev_info(&pdev->dev, "registered ptp%d\n", dc->index);
	return 0;

free_clock:
	kfree(dc);
	return err;
}

static compat_remove_ret dummy_remove(struct platform_device *pdev)
{
	struct dummy_clock *dc = platform_get_drvdata(pdev);

	mutex_lock(&dummy_clocks_lock);
	list_del(&dc->node);
	mutex_unlock(&dummy_clocks_lock);
	/* debugfs first: its removal waits for writers in progress. */
	debugfs_remove_recursive(dc->dbg);
	dummy_stop_timers(dc);
	if (late_pps_ms)
		dummy_late_pps_start(dc);
	ptp_clock_unregister(dc->ptp);
	/* From now on a callback is late; for tests, give one time to come. */
	WRITE_ONCE(dc->unregistered, true);
	if (unregister_delay_ms)
		msleep(unregister_delay_ms);
	if (late_pps_ms) {
		msleep(late_pps_ms);
		hrtimer_cancel(&dc->late_pps);
	}
	ptp_dummy_put(dc);
	return COMPAT_REMOVE_OK;
}

static struct platform_driver dummy_driver = {
	.driver = {
		.name = DUMMY_NAME,
	},
	.probe = dummy_probe,
	.remove = dummy_remove,
};

static struct platform_device *dummy_pdevs[DUMMY_MAX_CLOCKS];

static void dummy_destroy_devices(void)
{
	int i;

	for (i = DUMMY_MAX_CLOCKS - 1; i >= 0; i--) {
		platform_device_unregister(dummy_pdevs[i]);
		dummy_pdevs[i] = NULL;
	}
}

static int __init dummy_init(void)
{
	unsigned int i;
	int err;

	if (clocks < 1 || clocks > DUMMY_MAX_CLOCKS) {
		pr_err("clocks=%u out of range 1..%d\n", clocks, DUMMY_MAX_CLOCKS);
		return -EINVAL;
	}
	if (max_adj < 1 || max_adj > 500000000) {
		pr_err("max_adj=%d out of range 1..500000000\n", max_adj);
		return -EINVAL;
	}

	dummy_dbg_root = debugfs_create_dir(DUMMY_NAME, NULL);
	dummy_debugfs_counters(dummy_dbg_root);
	err = platform_driver_register(&dummy_driver);
	if (err)
		goto remove_debugfs;

	for (i = 0; i < clocks; i++) {
		dummy_pdevs[i] = platform_device_register_simple(DUMMY_NAME, i,
								 NULL, 0);
		if (IS_ERR(dummy_pdevs[i])) {
			err = PTR_ERR(dummy_pdevs[i]);
			dummy_pdevs[i] = NULL;
			goto unregister_devices;
		}
		if (!platform_get_drvdata(dummy_pdevs[i])) {
			err = -ENODEV;
			goto unregister_devices;
		}
	}
	return 0;

unregister_devices:
	dummy_destroy_devices();
	platform_driver_unregister(&dummy_driver);
remove_debugfs:
	debugfs_remove_recursive(dummy_dbg_root);
	return err;
}

static void __exit dummy_exit(void)
{
	dummy_destroy_devices();
	platform_driver_unregister(&dummy_driver);
	debugfs_remove_recursive(dummy_dbg_root);
}

module_init(dummy_init);
module_exit(dummy_exit);

MODULE_DESCRIPTION("Software PTP clock modelled on the eTSEC 1588 timer");
MODULE_VERSION(PTP_CLOCK_VERSION);
MODULE_LICENSE("GPL");
