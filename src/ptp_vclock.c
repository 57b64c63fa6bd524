// SPDX-License-Identifier: GPL-2.0
/*
 * ptp-clock: virtual clocks (sysfs n_vclocks).
 *
 * A virtual clock is a PTP clock of its own, /dev/ptpM, whose time is a
 * linear function of its parent's free running counter: the driver's cycle
 * counter, or else the parent's time, which then must not be stepped or
 * tuned while virtual clocks exist (ptp_clock_freerun()).
 *
 * Time is base_ns + (cycles - base_cycles) * mult / 2^31, computed with a
 * 96 bit product, so it does not wrap however late the periodic rebase on
 * the clock's aux worker runs.  (6.1 uses a 32 bit timecounter, which
 * jumps back when its two-second refresh is more than 4.3 s late.)
 */
#define pr_fmt(fmt) "ptp: " fmt

#include <linux/math64.h>
#include <linux/slab.h>

#include "ptp_private.h"

#define PTP_VCLOCK_MAX_ADJ	500000000
/* How often the base moves to now; keeps the products small. */
#define PTP_VCLOCK_REFRESH	(2 * HZ)

/**
 * struct ptp_vclock - a virtual clock over a physical one
 * @parent: the physical clock
 * @clock: the virtual clock's own registration
 * @info: the virtual clock's callbacks
 * @lock: protects @base_cycles, @base_ns and @mult
 * @base_cycles: parent counter (ns) at the last rebase
 * @base_ns: virtual time at @base_cycles
 * @mult: rate, 2^31 for the parent's rate
 */
struct ptp_vclock {
	struct ptp_clock *parent;
	struct ptp_clock *clock;
	struct ptp_clock_info info;
	struct mutex lock;	/* base_cycles, base_ns, mult */
	u64 base_cycles;
	u64 base_ns;
	u32 mult;
};

static struct ptp_vclock *to_vclock(struct ptp_clock_info *info)
{
	return container_of(info, struct ptp_vclock, info);
}

/* Virtual time at parent counter @cycles; caller holds vc->lock. */
static u64 vclock_at(struct ptp_vclock *vc, u64 cycles)
{
	s64 delta = cycles - vc->base_cycles;

	lockdep_assert_held(&vc->lock);
	if (delta >= 0)
		return vc->base_ns + mul_u64_u32_shr(delta, vc->mult,
						     PTP_VCLOCK_SHIFT);
	return vc->base_ns - mul_u64_u32_shr(-delta, vc->mult,
					     PTP_VCLOCK_SHIFT);
}

static int vclock_read_parent(struct ptp_vclock *vc, u64 *cycles,
			      struct ptp_system_timestamp *sts)
{
	struct timespec64 ts;
	int err;

	err = ptp_read_cycles(vc->parent, &ts, sts);
	if (!err)
		*cycles = timespec64_to_ns(&ts);
	return err;
}

enum vclock_change { VCLOCK_SET, VCLOCK_STEP, VCLOCK_RATE };

/* Move the base to now, then apply a change from now on. */
static int vclock_change(struct ptp_vclock *vc, enum vclock_change what,
			 s64 val)
{
	u64 cycles;
	int err;

	err = vclock_read_parent(vc, &cycles, NULL);
	if (err)
		return err;
	mutex_lock(&vc->lock);
	vc->base_ns = vclock_at(vc, cycles);
	vc->base_cycles = cycles;
	switch (what) {
	case VCLOCK_SET:
		vc->base_ns = val;
		break;
	case VCLOCK_STEP:
		vc->base_ns += val;
		break;
	case VCLOCK_RATE:
		vc->mult = val;
		break;
	}
	mutex_unlock(&vc->lock);
	return 0;
}

static int vclock_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	return vclock_change(to_vclock(info), VCLOCK_RATE,
			     (1LL << PTP_VCLOCK_SHIFT) +
			     ptp_vclock_mult_delta(scaled_ppm));
}

static int vclock_adjtime(struct ptp_clock_info *info, s64 delta)
{
	return vclock_change(to_vclock(info), VCLOCK_STEP, delta);
}

static int vclock_settime(struct ptp_clock_info *info,
			  const struct timespec64 *ts)
{
	return vclock_change(to_vclock(info), VCLOCK_SET,
			     timespec64_to_ns(ts));
}

static long vclock_refresh(struct ptp_clock_info *info)
{
	vclock_change(to_vclock(info), VCLOCK_STEP, 0);
	return PTP_VCLOCK_REFRESH;
}

static int vclock_gettimex(struct ptp_clock_info *info, struct timespec64 *ts,
			   struct ptp_system_timestamp *sts)
{
	struct ptp_vclock *vc = to_vclock(info);
	u64 cycles, ns;
	int err;

	err = vclock_read_parent(vc, &cycles, sts);
	if (err)
		return err;
	mutex_lock(&vc->lock);
	ns = vclock_at(vc, cycles);
	mutex_unlock(&vc->lock);
	*ts = ns_to_timespec64(ns);
	return 0;
}

static int vclock_gettime(struct ptp_clock_info *info, struct timespec64 *ts)
{
	return vclock_gettimex(info, ts, NULL);
}

static int vclock_getcrosststamp(struct ptp_clock_info *info,
				 struct system_device_crosststamp *xt)
{
	struct ptp_vclock *vc = to_vclock(info);
	int err;

	err = ptp_cross_cycles(vc->parent, xt);
	if (err)
		return err;
	mutex_lock(&vc->lock);
	xt->device = ns_to_ktime(vclock_at(vc, ktime_to_ns(xt->device)));
	mutex_unlock(&vc->lock);
	return 0;
}

/**
 * ptp_vclock_create() - register a new virtual clock over @parent
 * @parent: a physical clock
 *
 * Return: the virtual clock or an ERR_PTR().
 */
struct ptp_vclock *ptp_vclock_create(struct ptp_clock *parent)
{
	struct ptp_vclock *vc;
	int err;

	vc = kzalloc(sizeof(*vc), GFP_KERNEL);
	if (!vc)
		return ERR_PTR(-ENOMEM);

	vc->parent = parent;
	vc->mult = 1U << PTP_VCLOCK_SHIFT;
	mutex_init(&vc->lock);
	/* Starts at 0 from the parent's counter now. */
	err = vclock_read_parent(vc, &vc->base_cycles, NULL);
	if (err)
		goto free;

	vc->info = (struct ptp_clock_info){
		.owner		= THIS_MODULE,
		.max_adj	= PTP_VCLOCK_MAX_ADJ,
		.adjfine	= vclock_adjfine,
		.adjtime	= vclock_adjtime,
		.settime64	= vclock_settime,
		.do_aux_work	= vclock_refresh,
	};
	if (ptp_cycles_with_sts(parent))
		vc->info.gettimex64 = vclock_gettimex;
	else
		vc->info.gettime64 = vclock_gettime;
	if (ptp_has_cross_cycles(parent))
		vc->info.getcrosststamp = vclock_getcrosststamp;
	snprintf(vc->info.name, sizeof(vc->info.name), "ptp%d_virt",
		 parent->index);

	vc->clock = ptp_clock_register(&vc->info, &parent->dev);
	if (IS_ERR(vc->clock)) {
		err = PTR_ERR(vc->clock);
		goto free;
	}
	ptp_schedule_worker(vc->clock, PTP_VCLOCK_REFRESH);
	return vc;

free:
	mutex_destroy(&vc->lock);
	kfree(vc);
	return ERR_PTR(err);
}

/**
 * ptp_vclock_destroy() - unregister and free a virtual clock
 * @vc: the virtual clock
 */
void ptp_vclock_destroy(struct ptp_vclock *vc)
{
	ptp_clock_unregister(vc->clock);
	mutex_destroy(&vc->lock);
	kfree(vc);
}

/* Remove the virtual clocks from the last down to @num; holds vclock_mux. */
static void ptp_vclocks_trim(struct ptp_clock *ptp, unsigned int num)
{
	while (ptp->n_vclocks > num) {
		struct ptp_vclock *vc = ptp->vclocks[--ptp->n_vclocks];

		dev_info(&ptp->dev, "delete virtual clock ptp%d\n",
			 vc->clock->index);
		ptp_vclock_destroy(vc);
		ptp->vclocks[ptp->n_vclocks] = NULL;
	}
}

/**
 * ptp_vclocks_resize() - create or remove virtual clocks to have @num
 * @ptp: a physical clock
 * @num: the wanted number, at most max_vclocks
 *
 * All or nothing: when a new clock cannot be made, those made by this call
 * are removed again.  (6.1 keeps them and reports the old number.)
 *
 * Return: 0, -EINVAL above max_vclocks, -ERESTARTSYS, -ENODEV once the
 * clock is being unregistered, or the error of ptp_clock_register().
 */
int ptp_vclocks_resize(struct ptp_clock *ptp, unsigned int num)
{
	unsigned int old;
	int err = 0;

	if (mutex_lock_interruptible(&ptp->vclock_mux))
		return -ERESTARTSYS;

	if (ptp->vclocks_closed) {
		/* The clock is being unregistered. */
		err = -ENODEV;
		goto unlock;
	}
	if (num > ptp->max_vclocks) {
		dev_err(&ptp->dev, "max value is %u\n", ptp->max_vclocks);
		err = -EINVAL;
		goto unlock;
	}

	old = ptp->n_vclocks;
	while (ptp->n_vclocks < num) {
		struct ptp_vclock *vc = ptp_vclock_create(ptp);

		if (IS_ERR(vc)) {
			err = PTR_ERR(vc);
			ptp_vclocks_trim(ptp, old);
			goto unlock;
		}
		ptp->vclocks[ptp->n_vclocks++] = vc;
		dev_info(&ptp->dev, "new virtual clock ptp%d\n",
			 vc->clock->index);
	}
	ptp_vclocks_trim(ptp, num);

	if (!ptp->has_cycles)
		dev_info(&ptp->dev, num ? "guarantee physical clock free running\n" :
					  "only physical clock in use now\n");
unlock:
	mutex_unlock(&ptp->vclock_mux);
	return err;
}

/**
 * ptp_vclocks_remove_all() - remove every virtual clock of a physical clock
 * @ptp: the clock being unregistered; nothing to do for a virtual one
 *
 * Later n_vclocks writes fail with -ENODEV, including one that waited for
 * the lock meanwhile: a virtual clock made then would outlive its parent.
 */
void ptp_vclocks_remove_all(struct ptp_clock *ptp)
{
	if (ptp->is_virtual_clock)
		return;
	mutex_lock(&ptp->vclock_mux);
	ptp->vclocks_closed = true;
	ptp_vclocks_trim(ptp, 0);
	mutex_unlock(&ptp->vclock_mux);
}
