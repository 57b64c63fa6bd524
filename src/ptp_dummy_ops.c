// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_dummy: the PTP clock operations of the emulated eTSEC 1588 timer.
 * Each runs under the clock's lock; the timers it starts or moves are in
 * ptp_dummy_timers.c.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>

#include "ptp_dummy.h"

atomic_t dummy_late_calls = ATOMIC_INIT(0);
atomic_t dummy_remove_disables = ATOMIC_INIT(0);
atomic_t dummy_late_pps = ATOMIC_INIT(0);

/*
 * Every callback starts here.  One that comes after ptp_clock_unregister()
 * returned would be the core's bug: it is counted, for the tests.
 */
static struct dummy_clock *dummy_call(struct ptp_clock_info *info)
{
	struct dummy_clock *dc = container_of(info, struct dummy_clock, info);

	if (READ_ONCE(dc->unregistered))
		atomic_inc(&dummy_late_calls);
	return dc;
}

/* Count down an injected failure; its errno, or 0.  Lock held. */
static int dummy_fail(struct dummy_clock *dc, enum dummy_param which)
{
	if (!dc->param[which])
		return 0;
	if (dc->param[P_FAIL_SKIP]) {
		dc->param[P_FAIL_SKIP]--;
		return 0;
	}
	dc->param[which]--;
	return -(int)dc->param[P_FAIL_ERRNO];
}

static int dummy_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct dummy_clock *dc = dummy_call(info);
	unsigned long flags;
	u32 addend;
	int err;

	err = dummy_addend(scaled_ppm, &addend);
	if (err)
		return err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_ADJFINE);
	if (!err) {
		u64 raw = ktime_get_raw_ns();

		dummy_clock_rebase(dc, raw);
		dc->addend = addend;
		dc->scaled_ppm = scaled_ppm;
		dummy_update_rates(dc);
		dummy_rearm_all(dc, raw);
	}
	spin_unlock_irqrestore(&dc->lock, flags);
	return err;
}

static int dummy_adjtime(struct ptp_clock_info *info, s64 delta)
{
	struct dummy_clock *dc = dummy_call(info);
	unsigned long flags;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	dummy_clock_rebase(dc, raw);
	dc->model.base_ns += delta;
	dummy_realign(dc, dc->model.base_ns);
	dummy_rearm_all(dc, raw);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static int dummy_adjphase(struct ptp_clock_info *info, s32 phase)
{
	struct dummy_clock *dc = dummy_call(info);
	unsigned long flags;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	dummy_clock_rebase(dc, raw);
	/* A new offset replaces what is left of the previous one. */
	dc->model.slew_left = phase;
	dummy_rearm_all(dc, raw);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

/* A setting, read under the lock. */
static s64 dummy_param(struct dummy_clock *dc, enum dummy_param id)
{
	unsigned long flags;
	s64 v;

	spin_lock_irqsave(&dc->lock, flags);
	v = dc->param[id];
	spin_unlock_irqrestore(&dc->lock, flags);
	return v;
}

/* slow_ms: take that long, as a driver that waits for its hardware. */
static void dummy_slow(struct dummy_clock *dc)
{
	s64 ms = dummy_param(dc, P_SLOW_MS);

	if (ms)
		msleep(ms);
}

/*
 * aux_resched: a reading also schedules the auxiliary work at once, as
 * some drivers do (6.1's cpts, from gettimex64).  Not before
 * ptp_clock_register() has returned the clock.
 */
static void dummy_resched(struct dummy_clock *dc)
{
	struct ptp_clock *ptp = READ_ONCE(dc->ptp);

	if (ptp && dummy_param(dc, P_AUX_RESCHED))
		ptp_schedule_worker(ptp, 0);
}

/*
 * Is a pin assigned @func/@chan?  The core holds its pin lock around
 * enable().  The dummy reads its own pin table rather than call
 * ptp_find_pin(dc->ptp, ...): a request may come before
 * ptp_clock_register() has returned the clock.
 */
static bool dummy_has_pin(struct dummy_clock *dc, enum ptp_pin_function func,
			  unsigned int chan)
{
	unsigned int i;

	for (i = 0; i < DUMMY_N_PINS; i++)
		if (dc->pins[i].func == func && dc->pins[i].chan == chan)
			return true;
	return false;
}

static long dummy_aux_work(struct ptp_clock_info *info)
{
	struct dummy_clock *dc = dummy_call(info);
	unsigned long flags;

	spin_lock_irqsave(&dc->lock, flags);
	dc->aux_runs++;
	spin_unlock_irqrestore(&dc->lock, flags);
	return -1;
}

static int dummy_gettimex64(struct ptp_clock_info *info, struct timespec64 *ts,
			    struct ptp_system_timestamp *sts)
{
	struct dummy_clock *dc = dummy_call(info);
	unsigned long flags;
	u64 raw;
	s64 ns;
	int err;

	dummy_slow(dc);
	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_GETTIME);
	/* Some drivers take no system timestamps: no_sys_ts. */
	if (dc->param[P_NO_SYS_TS])
		sts = NULL;
	if (!err) {
		ptp_read_system_prets(sts);
		raw = ktime_get_raw_ns();
		ptp_read_system_postts(sts);
		ns = dummy_ns_at(&dc->model, raw, NULL);
		if (dc->param[P_JITTER])
			ns += dummy_rand(&dc->rng, dc->param[P_JITTER]);
	}
	spin_unlock_irqrestore(&dc->lock, flags);

	dummy_resched(dc);
	if (!err)
		*ts = ns_to_timespec64(ns);
	return err;
}

static int dummy_settime64(struct ptp_clock_info *info,
			   const struct timespec64 *ts)
{
	struct dummy_clock *dc = dummy_call(info);
	s64 ns = timespec64_to_ns(ts);
	unsigned long flags;
	int err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_SETTIME);
	if (!err) {
		u64 raw = ktime_get_raw_ns();

		/* The cycle counter runs on; the time and any slew restart. */
		dummy_clock_rebase(dc, raw);
		dc->model.base_ns = ns;
		dc->model.base_frac = 0;
		dc->model.slew_left = 0;
		dummy_realign(dc, ns);
		dummy_rearm_all(dc, raw);
	}
	spin_unlock_irqrestore(&dc->lock, flags);
	return err;
}

static int dummy_getcyclesx64(struct ptp_clock_info *info,
			      struct timespec64 *ts,
			      struct ptp_system_timestamp *sts)
{
	struct dummy_clock *dc = dummy_call(info);
	unsigned long flags;
	u64 raw, cyc;
	int err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_CYCLES);
	if (!err) {
		ptp_read_system_prets(sts);
		raw = ktime_get_raw_ns();
		ptp_read_system_postts(sts);
		cyc = dummy_cyc_at(&dc->model, raw, NULL);
	}
	spin_unlock_irqrestore(&dc->lock, flags);

	if (!err)
		*ts = ns_to_timespec64(cyc);
	return err;
}

static int dummy_getcycles64(struct ptp_clock_info *info,
			     struct timespec64 *ts)
{
	return dummy_getcyclesx64(info, ts, NULL);
}

/*
 * A cross timestamp (cross=1): the clock's time, or its cycle counter,
 * and the system's clocks at one instant, which ktime_get_snapshot()
 * gives; exact, where gettimex64 brackets a read (and adds the jitter
 * knob's noise).  Systems whose NIC shares a counter with the CPU (Intel's
 * ART) do the same in hardware; the eTSEC cannot.  fail_gettime fails it.
 */
static int dummy_getcross(struct ptp_clock_info *info,
			  struct system_device_crosststamp *cts, bool cycles)
{
	struct dummy_clock *dc = dummy_call(info);
	struct system_time_snapshot snap;
	unsigned long flags;
	s64 ns;
	int err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_GETTIME);
	if (!err) {
		ktime_get_snapshot(&snap);
		if (cycles)
			ns = dummy_cyc_at(&dc->model, ktime_to_ns(snap.raw), NULL);
		else
			ns = dummy_ns_at(&dc->model, ktime_to_ns(snap.raw), NULL);
	}
	spin_unlock_irqrestore(&dc->lock, flags);

	if (err)
		return err;
	cts->device = ns_to_ktime(ns);
	cts->sys_realtime = snap.real;
	cts->sys_monoraw = snap.raw;
	return 0;
}

static int dummy_getcrosststamp(struct ptp_clock_info *info,
				struct system_device_crosststamp *cts)
{
	return dummy_getcross(info, cts, false);
}

static int dummy_getcrosscycles(struct ptp_clock_info *info,
				struct system_device_crosststamp *cts)
{
	return dummy_getcross(info, cts, true);
}

static int dummy_enable_extts(struct dummy_clock *dc,
			      const struct ptp_extts_request *rq, int on)
{
	unsigned int edges = rq->flags & PTP_EXTTS_EDGES;
	unsigned long flags;

	if (rq->index >= DUMMY_N_TRIGGERS)
		return -EINVAL;
	if (!on) {
		spin_lock_irqsave(&dc->lock, flags);
		dc->extts_edges[rq->index] = 0;
		spin_unlock_irqrestore(&dc->lock, flags);
		return 0;
	}
	if (rq->flags & ~(PTP_EXTTS_VALID_FLAGS))
		return -EOPNOTSUPP;
	if (!dummy_has_pin(dc, PTP_PF_EXTTS, rq->index))
		return -EBUSY;
	/* The original ioctl may give no edge at all: the rising one. */
	if (!edges)
		edges = PTP_RISING_EDGE;

	spin_lock_irqsave(&dc->lock, flags);
	dc->extts_edges[rq->index] = edges;
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static bool dummy_ts_valid(const struct ptp_clock_time *t)
{
	return t->nsec < NSEC_PER_SEC && t->sec >= 0 &&
		t->sec < S64_MAX / NSEC_PER_SEC - 1;
}

static s64 dummy_ts_ns(const struct ptp_clock_time *t)
{
	return t->sec * NSEC_PER_SEC + t->nsec;
}

static int dummy_enable_perout(struct dummy_clock *dc,
			       const struct ptp_perout_request *rq, int on)
{
	const unsigned int supported = PTP_PEROUT_ONE_SHOT |
		PTP_PEROUT_DUTY_CYCLE | PTP_PEROUT_PHASE;
	struct dummy_fiper *f;
	u64 period, width, raw;
	unsigned long flags;
	s64 now, first;
	int err = 0;

	if (rq->index >= DUMMY_N_FIPERS)
		return -EINVAL;
	f = &dc->fiper[rq->index];
	if (!on) {
		spin_lock_irqsave(&dc->lock, flags);
		dummy_ptimer_stop(&f->pt);
		spin_unlock_irqrestore(&dc->lock, flags);
		return 0;
	}
	if (rq->flags & ~supported)
		return -EOPNOTSUPP;
	if (!dummy_ts_valid(&rq->period) || !dummy_ts_valid(&rq->start))
		return -EINVAL;
	if (!dummy_has_pin(dc, PTP_PF_PEROUT, rq->index))
		return -EBUSY;

	period = dummy_ts_ns(&rq->period);
	if (period < DUMMY_MIN_PERIOD_NS || period > DUMMY_MAX_FIPER_NS)
		return -ERANGE;
	width = period / 2;
	if (rq->flags & PTP_PEROUT_DUTY_CYCLE) {
		if (!dummy_ts_valid(&rq->on))
			return -EINVAL;
		width = dummy_ts_ns(&rq->on);
		if (!width || width >= period)
			return -ERANGE;
	}
	/* With PTP_PEROUT_PHASE, rq->phase shares its storage with rq->start. */
	first = dummy_ts_ns(&rq->start);
	if ((rq->flags & PTP_PEROUT_PHASE) && first >= period)
		return -ERANGE;

	spin_lock_irqsave(&dc->lock, flags);
	if (dc->dying) {
		err = -ENODEV;
		goto unlock;
	}
	raw = ktime_get_raw_ns();
	now = dummy_ns_at(&dc->model, raw, NULL);
	if (rq->flags & PTP_PEROUT_PHASE) {
		first = dummy_next_edge(now, first, period, true);
	} else if (first <= now) {
		if (rq->flags & PTP_PEROUT_ONE_SHOT) {
			/* The start has passed: a one-shot cannot happen. */
			err = -ERANGE;
			goto unlock;
		}
		first = dummy_next_edge(now, first, period, true);
	}
	dummy_ptimer_stop(&f->pt);
	f->one_shot = rq->flags & PTP_PEROUT_ONE_SHOT;
	f->period = period;
	f->width = width;
	f->rise = first;
	f->high = false;
	f->pt.when = first;
	dummy_ptimer_arm(dc, &f->pt, raw);
unlock:
	spin_unlock_irqrestore(&dc->lock, flags);
	return err;
}

static int dummy_enable_pps(struct dummy_clock *dc, int on)
{
	unsigned long flags;
	u64 raw;
	s64 now;

	spin_lock_irqsave(&dc->lock, flags);
	dc->pps_on = on;
	if (on) {
		raw = ktime_get_raw_ns();
		now = dummy_ns_at(&dc->model, raw, NULL);
		dc->pps.when = dummy_next_edge(now, 0, NSEC_PER_SEC, true);
		dummy_ptimer_arm(dc, &dc->pps, raw);
	} else {
		dummy_ptimer_stop(&dc->pps);
	}
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static int dummy_enable(struct ptp_clock_info *info,
			struct ptp_clock_request *rq, int on)
{
	struct dummy_clock *dc = dummy_call(info);
	unsigned long flags;
	bool dying;
	int err;

	dummy_slow(dc);
	spin_lock_irqsave(&dc->lock, flags);
	dying = dc->dying;
	err = dying ? 0 : dummy_fail(dc, P_FAIL_ENABLE);
	spin_unlock_irqrestore(&dc->lock, flags);
	if (dying) {
		/*
		 * Being removed, its timers stopped: switching off is done
		 * (the core does it while unregistering; counted for the
		 * tests), switching on is refused.
		 */
		if (on)
			return -ENODEV;
		atomic_inc(&dummy_remove_disables);
		return 0;
	}
	if (err)
		return err;

	switch (rq->type) {
	case PTP_CLK_REQ_EXTTS:
		return dummy_enable_extts(dc, &rq->extts, on);
	case PTP_CLK_REQ_PEROUT:
		return dummy_enable_perout(dc, &rq->perout, on);
	case PTP_CLK_REQ_PPS:
		return dummy_enable_pps(dc, on);
	default:
		return -EOPNOTSUPP;
	}
}

/* Trigger pins take only EXTTS, pulse pins only PEROUT; any may be off. */
static int dummy_verify(struct ptp_clock_info *info, unsigned int pin,
			enum ptp_pin_function func, unsigned int chan)
{
	dummy_call(info);
	switch (func) {
	case PTP_PF_NONE:
		return 0;
	case PTP_PF_EXTTS:
		return pin < DUMMY_N_TRIGGERS ? 0 : -EOPNOTSUPP;
	case PTP_PF_PEROUT:
		return pin >= DUMMY_N_TRIGGERS && pin < DUMMY_N_PINS ? 0 : -EOPNOTSUPP;
	default:
		return -EOPNOTSUPP;
	}
}

const struct ptp_clock_info dummy_info_template = {
	.owner		= THIS_MODULE,
	.n_alarm	= DUMMY_N_ALARMS,
	.n_ext_ts	= DUMMY_N_TRIGGERS,
	.n_per_out	= DUMMY_N_FIPERS,
	.n_pins		= DUMMY_N_PINS,
	.pps		= 1,
	.adjfine	= dummy_adjfine,
	.adjphase	= dummy_adjphase,
	.adjtime	= dummy_adjtime,
	.gettimex64	= dummy_gettimex64,
	.settime64	= dummy_settime64,
	.getcycles64	= dummy_getcycles64,
	.getcyclesx64	= dummy_getcyclesx64,
	.getcrosststamp	= dummy_getcrosststamp,
	.getcrosscycles	= dummy_getcrosscycles,
	.enable		= dummy_enable,
	.verify		= dummy_verify,
	.do_aux_work	= dummy_aux_work,
};
