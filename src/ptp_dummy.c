// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_dummy: a software PTP hardware clock modelled on the Freescale
 * eTSEC (gianfar) 1588 timer.
 *
 * The counter is a nanosecond count driven by CLOCK_MONOTONIC_RAW through
 * a 32-bit addend, like TMR_ADD: the clock advances by
 * raw_ns * addend / 2^31, so the nominal addend is 2^31 and adjfine
 * rescales it relative to the nominal value.  See docs/ptp_dummy.md.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>

#define DUMMY_NAME		"ptp_dummy"
#define DUMMY_MAX_CLOCKS	16

/* TMR_ADD: nominal addend and the binary point of the accumulator. */
#define ADD_SHIFT		31
#define ADD_NOMINAL		((u32)BIT(ADD_SHIFT))
#define ADD_FRAC_MASK		(ADD_NOMINAL - 1)

static unsigned int clocks = 1;
module_param(clocks, uint, 0444);
MODULE_PARM_DESC(clocks, "number of clocks to create (1..16, default 1)");

static int max_adj = 10000000;
module_param(max_adj, int, 0444);
MODULE_PARM_DESC(max_adj,
		 "maximum frequency adjustment in ppb (default 10000000; 512000 is the eTSEC)");

/**
 * struct dummy_clock - one emulated 1588 timer
 * @lock:	protects everything below it
 * @base_raw:	CLOCK_MONOTONIC_RAW (ns) at the start of the current segment
 * @base_ns:	clock time (ns) at @base_raw
 * @base_frac:	fraction of a nanosecond at @base_raw, in 1/2^31 ns
 * @addend:	TMR_ADD as set by adjfine (nominal %ADD_NOMINAL)
 * @info:	what the PTP core sees
 * @ptp:	the registered clock
 * @pdev:	the platform device behind the clock
 */
struct dummy_clock {
	spinlock_t lock; /* the clock state below */
	u64 base_raw;
	s64 base_ns;
	u32 base_frac;
	u32 addend;

	struct ptp_clock_info info;
	struct ptp_clock *ptp;
	struct platform_device *pdev;
};

static struct dummy_clock *to_dummy(struct ptp_clock_info *info)
{
	return container_of(info, struct dummy_clock, info);
}

/*
 * Clock time at raw time @raw (not before the segment start), as the
 * accumulator would count it: whole nanoseconds in @ns, the fraction in
 * @frac.  Caller holds the lock.
 */
static s64 dummy_ns_at(const struct dummy_clock *dc, u64 raw, u32 *frac)
{
	u64 d = raw > dc->base_raw ? raw - dc->base_raw : 0;
	u64 low = ((d & ADD_FRAC_MASK) * dc->addend & ADD_FRAC_MASK) + dc->base_frac;

	if (frac)
		*frac = low & ADD_FRAC_MASK;
	return dc->base_ns + mul_u64_u32_shr(d, dc->addend, ADD_SHIFT) +
		(low >> ADD_SHIFT);
}

/* Start a new segment at raw time @raw.  Caller holds the lock. */
static void dummy_rebase(struct dummy_clock *dc, u64 raw)
{
	u32 frac;

	dc->base_ns = dummy_ns_at(dc, raw, &frac);
	dc->base_frac = frac;
	dc->base_raw = raw;
}

static int dummy_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;
	u64 diff;
	u32 addend;

	/*
	 * addend = nominal * (1 + scaled_ppm / 2^16 / 10^6), rounded to the
	 * nearest step: nominal / (2^16 * 10^6) = 2^15 / 10^6.
	 */
	diff = DIV_ROUND_CLOSEST_ULL((u64)abs(scaled_ppm) << 15, 1000000);
	addend = scaled_ppm < 0 ? ADD_NOMINAL - diff : ADD_NOMINAL + diff;

	spin_lock_irqsave(&dc->lock, flags);
	dummy_rebase(dc, ktime_get_raw_ns());
	dc->addend = addend;
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static int dummy_adjtime(struct ptp_clock_info *info, s64 delta)
{
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;

	spin_lock_irqsave(&dc->lock, flags);
	dummy_rebase(dc, ktime_get_raw_ns());
	dc->base_ns += delta;
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static int dummy_gettimex64(struct ptp_clock_info *info, struct timespec64 *ts,
			    struct ptp_system_timestamp *sts)
{
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;
	u64 raw;
	s64 ns;

	spin_lock_irqsave(&dc->lock, flags);
	ptp_read_system_prets(sts);
	raw = ktime_get_raw_ns();
	ptp_read_system_postts(sts);
	ns = dummy_ns_at(dc, raw, NULL);
	spin_unlock_irqrestore(&dc->lock, flags);

	*ts = ns_to_timespec64(ns);
	return 0;
}

static int dummy_settime64(struct ptp_clock_info *info,
			   const struct timespec64 *ts)
{
	struct dummy_clock *dc = to_dummy(info);
	s64 ns = timespec64_to_ns(ts);
	unsigned long flags;

	spin_lock_irqsave(&dc->lock, flags);
	dc->base_raw = ktime_get_raw_ns();
	dc->base_ns = ns;
	dc->base_frac = 0;
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static const struct ptp_clock_info dummy_info_template = {
	.owner		= THIS_MODULE,
	.adjfine	= dummy_adjfine,
	.adjtime	= dummy_adjtime,
	.gettimex64	= dummy_gettimex64,
	.settime64	= dummy_settime64,
};

static int dummy_probe(struct platform_device *pdev)
{
	struct dummy_clock *dc;

	dc = devm_kzalloc(&pdev->dev, sizeof(*dc), GFP_KERNEL);
	if (!dc)
		return -ENOMEM;

	spin_lock_init(&dc->lock);
	dc->pdev = pdev;
	dc->addend = ADD_NOMINAL;
	dc->base_raw = ktime_get_raw_ns();
	dc->base_ns = ktime_get_real_ns();

	dc->info = dummy_info_template;
	dc->info.max_adj = max_adj;
	strscpy(dc->info.name, dev_name(&pdev->dev), sizeof(dc->info.name));

	dc->ptp = ptp_clock_register(&dc->info, &pdev->dev);
	if (IS_ERR(dc->ptp))
		return dev_err_probe(&pdev->dev, PTR_ERR(dc->ptp),
				     "cannot register the clock\n");
	if (!dc->ptp)
		return dev_err_probe(&pdev->dev, -ENODEV,
				     "no PTP clock support in this kernel\n");

	platform_set_drvdata(pdev, dc);
	dev_info(&pdev->dev, "registered ptp%d\n", ptp_clock_index(dc->ptp));
	return 0;
}

static int dummy_remove(struct platform_device *pdev)
{
	struct dummy_clock *dc = platform_get_drvdata(pdev);

	ptp_clock_unregister(dc->ptp);
	return 0;
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

	err = platform_driver_register(&dummy_driver);
	if (err)
		return err;

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
	return err;
}

static void __exit dummy_exit(void)
{
	dummy_destroy_devices();
	platform_driver_unregister(&dummy_driver);
}

module_init(dummy_init);
module_exit(dummy_exit);

MODULE_DESCRIPTION("Software PTP clock modelled on the eTSEC 1588 timer");
MODULE_LICENSE("GPL");
