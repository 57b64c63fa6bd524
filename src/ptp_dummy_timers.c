// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_dummy: the timers, and the knobs, alarms and trigger inputs that
 * debugfs drives.
 *
 * Kernel hrtimers stand in for what the eTSEC 1588 timer does on its own:
 * the alarms (TMR_ALARM1/2), the periodic outputs (FIPER1..3), the PPS
 * event, the external trigger inputs (TMR_ETTS1/2) and an external signal
 * generator.  Imperfections (frequency error, wander, read jitter, steps,
 * failing operations) come from the knobs in dc->param.  The PTP clock
 * operations are in ptp_dummy_ops.c, the counter arithmetic in
 * ptp_dummy_model.h.
 *
 * All state of a clock is under dc->lock, which the hrtimer callbacks
 * (hard interrupt context) take too.  Events for the PTP core are
 * collected under the lock and passed to ptp_clock_event() after it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/math64.h>
#include <linux/overflow.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>

#include "ptp_dummy.h"

/* Restart the random numbers from the seed, and the walk from zero. */
static void dummy_seed(struct dummy_clock *dc)
{
	dc->rng = dummy_rand_seed(dc->param[P_SEED]);
	dc->wander = 0;
}

/* ---- timers ---------------------------------------------------------- */

static void dummy_push(struct dummy_events *evs, int type, int index, s64 ts)
{
	if (evs->n >= DUMMY_EVENT_BATCH)
		return;
	evs->ev[evs->n].type = type;
	evs->ev[evs->n].index = index;
	evs->ev[evs->n].ts = ts;
	evs->n++;
}

/*
 * Hand the collected events to the core.  Lock not held.  Until
 * ptp_clock_register() has returned the clock, they are lost.
 */
static void dummy_emit(struct dummy_clock *dc, struct dummy_events *evs)
{
	struct ptp_clock *ptp = READ_ONCE(dc->ptp);
	struct ptp_clock_event event;
	unsigned int i;

	for (i = 0; ptp && i < evs->n; i++) {
		memset(&event, 0, sizeof(event));
		event.type = evs->ev[i].type;
		event.index = evs->ev[i].index;
		event.timestamp = evs->ev[i].ts;
		ptp_clock_event(ptp, &event);
	}
}

/* A trigger input saw an edge at clock time @ts. */
static void dummy_edge(struct dummy_clock *dc, struct dummy_events *evs,
		       unsigned int chan, bool rising, s64 ts)
{
	unsigned int want = rising ? PTP_RISING_EDGE : PTP_FALLING_EDGE;

	if (!(dc->extts_edges[chan] & want) || evs->n >= DUMMY_EVENT_BATCH)
		return;
	dc->extts_count[chan]++;
	dummy_push(evs, PTP_CLOCK_EXTTS, chan, ts);
}

/* (Re)start @pt so that it expires when the clock reaches pt->when. */
void dummy_ptimer_arm(struct dummy_clock *dc, struct dummy_ptimer *pt, u64 raw)
{
	u64 until = dummy_raw_until(&dc->model, pt->when);
	u64 gone = dummy_since(&dc->model, raw);
	u64 sleep = until > gone ? until - gone : 0;

	if (dc->dying)
		return;
	pt->armed = true;
	sleep = clamp_t(u64, sleep, NSEC_PER_USEC, DUMMY_MAX_SLEEP_NS);
	hrtimer_start(&pt->hrt, ns_to_ktime(sleep), HRTIMER_MODE_REL);
}

void dummy_ptimer_stop(struct dummy_ptimer *pt)
{
	pt->armed = false;
	hrtimer_try_to_cancel(&pt->hrt);
}

/*
 * After a step, periodic outputs keep their phase and continue with the
 * first rising edge after @now; PPS waits for the next second.
 */
void dummy_realign(struct dummy_clock *dc, s64 now)
{
	unsigned int i;

	for (i = 0; i < DUMMY_N_FIPERS; i++) {
		struct dummy_fiper *f = &dc->fiper[i];

		if (!f->pt.armed || f->one_shot)
			continue;
		f->rise = dummy_next_edge(now, f->rise, f->period, false);
		f->high = false;
		f->pt.when = f->rise;
	}
	if (dc->pps.armed)
		dc->pps.when = dummy_next_edge(now, 0, NSEC_PER_SEC, false);
}

/* The clock changed: every armed clock timer recomputes its expiry. */
void dummy_rearm_all(struct dummy_clock *dc, u64 raw)
{
	unsigned int i;

	for (i = 0; i < DUMMY_N_ALARMS; i++)
		if (dc->alarm[i].pt.armed)
			dummy_ptimer_arm(dc, &dc->alarm[i].pt, raw);
	for (i = 0; i < DUMMY_N_FIPERS; i++)
		if (dc->fiper[i].pt.armed)
			dummy_ptimer_arm(dc, &dc->fiper[i].pt, raw);
	if (dc->pps.armed)
		dummy_ptimer_arm(dc, &dc->pps, raw);
}

/*
 * Common start of a clock timer's expiry, under the lock: false if the
 * timer was stopped or the clock has not reached its time yet (then it
 * is rearmed).  The clock time in @now, the raw time in @raw.
 */
static bool dummy_ptimer_due(struct dummy_clock *dc, struct dummy_ptimer *pt,
			     s64 *now, u64 *raw)
{
	if (!pt->armed || dc->dying)
		return false;
	*raw = ktime_get_raw_ns();
	*now = dummy_ns_at(&dc->model, *raw, NULL);
	if (*now < pt->when) {
		dummy_ptimer_arm(dc, pt, *raw);
		return false;
	}
	return true;
}

static enum hrtimer_restart dummy_alarm_expire(struct hrtimer *hrt)
{
	struct dummy_alarm *al = container_of(hrt, struct dummy_alarm, pt.hrt);
	struct dummy_clock *dc = al->pt.dc;
	struct dummy_events evs = { .n = 0 };
	unsigned long flags;
	s64 now;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	if (dummy_ptimer_due(dc, &al->pt, &now, &raw)) {
		al->pt.armed = false;
		al->fired++;
		al->fired_at = now;
		dummy_push(&evs, PTP_CLOCK_ALARM, al->index, now);
	}
	spin_unlock_irqrestore(&dc->lock, flags);
	dummy_emit(dc, &evs);
	return HRTIMER_NORESTART;
}

/* FIPERn drives trigger input n when loopback bit n is set. */
static void dummy_fiper_edge(struct dummy_clock *dc, struct dummy_events *evs,
			     struct dummy_fiper *f, bool rising, s64 ts)
{
	f->edges++;
	if (f->index < DUMMY_N_TRIGGERS && (dc->param[P_LOOPBACK] & BIT(f->index)))
		dummy_edge(dc, evs, f->index, rising, ts);
}

static enum hrtimer_restart dummy_fiper_expire(struct hrtimer *hrt)
{
	struct dummy_fiper *f = container_of(hrt, struct dummy_fiper, pt.hrt);
	struct dummy_clock *dc = f->pt.dc;
	struct dummy_events evs = { .n = 0 };
	unsigned long flags;
	unsigned int done = 0;
	s64 now;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	if (!dummy_ptimer_due(dc, &f->pt, &now, &raw))
		goto unlock;

	/* Catch up by a batch of edges, and end it low: see below. */
	while (f->pt.armed && f->pt.when <= now && done < DUMMY_EVENT_BATCH &&
	       (done < DUMMY_EVENT_BATCH - 1 || f->high)) {
		done++;
		if (!f->high) {
			dummy_fiper_edge(dc, &evs, f, true, f->pt.when);
			f->high = true;
			f->pt.when = f->rise + f->width;
			continue;
		}
		dummy_fiper_edge(dc, &evs, f, false, f->pt.when);
		f->high = false;
		if (f->one_shot) {
			f->pt.armed = false;
			break;
		}
		f->rise += f->period;
		f->pt.when = f->rise;
	}
	if (!f->pt.armed)
		goto unlock;
	if (f->pt.when <= now) {
		/*
		 * Too far behind: skip to the next rising edge.  The output
		 * is low here, so no falling edge of a pulse is lost.
		 */
		s64 next = dummy_next_edge(now, f->rise, f->period, true);

		f->missed += div64_u64(next - f->rise, f->period);
		f->rise = next;
		f->high = false;
		f->pt.when = f->rise;
	}
	dummy_ptimer_arm(dc, &f->pt, raw);
unlock:
	spin_unlock_irqrestore(&dc->lock, flags);
	dummy_emit(dc, &evs);
	return HRTIMER_NORESTART;
}

static enum hrtimer_restart dummy_pps_expire(struct hrtimer *hrt)
{
	struct dummy_clock *dc = container_of(hrt, struct dummy_clock, pps.hrt);
	struct dummy_events evs = { .n = 0 };
	unsigned long flags;
	s64 now;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	if (dummy_ptimer_due(dc, &dc->pps, &now, &raw)) {
		dc->pps_count++;
		dc->pps_missed += div_u64(now - dc->pps.when, NSEC_PER_SEC);
		dummy_push(&evs, PTP_CLOCK_PPS, 0, dc->pps.when);
		dc->pps.when = dummy_next_edge(now, 0, NSEC_PER_SEC, true);
		dummy_ptimer_arm(dc, &dc->pps, raw);
	}
	spin_unlock_irqrestore(&dc->lock, flags);
	dummy_emit(dc, &evs);
	return HRTIMER_NORESTART;
}

/* The generator's pulse width: as set, or half the period. */
static u64 dummy_gen_width(const struct dummy_clock *dc)
{
	u64 period = dc->param[P_GEN_PERIOD];
	u64 width = dc->param[P_GEN_WIDTH];

	return width && width < period ? width : period / 2;
}

/*
 * The generator: an external pulse train aligned to CLOCK_REALTIME
 * (edges at multiples of the period), like a GNSS receiver's PPS output.
 * Each edge is timestamped at the clock time it happened, not when the
 * timer ran: with the model of that instant, as the eTSEC latches a
 * trigger's time at the edge.  So before the model changes, the edges up
 * to the change are stamped (dummy_gen_latch()); the timer hands them to
 * the core with its own.
 */

/*
 * Stamp the edges up to CLOCK_REALTIME @real, which is raw time @raw, into
 * @dc->gen_fifo: a batch of at most %DUMMY_EVENT_BATCH edges that ends
 * low, as a FIPER's catch-up does.  Lock held.
 */
static void dummy_gen_stamp(struct dummy_clock *dc, u64 raw, s64 real)
{
	s64 period = dc->param[P_GEN_PERIOD];
	unsigned int chan, done = 0;

	while (dc->gen_next <= real && done < DUMMY_EVENT_BATCH &&
	       (done < DUMMY_EVENT_BATCH - 1 || dc->gen_high)) {
		s64 ts = dummy_ns_at(&dc->model, raw - (real - dc->gen_next), NULL);
		bool rising = !dc->gen_high;

		for (chan = 0; chan < DUMMY_N_TRIGGERS; chan++)
			if (dc->param[P_GEN_CHANNELS] & BIT(chan))
				dummy_edge(dc, &dc->gen_fifo, chan, rising, ts);
		dc->gen_high = rising;
		if (rising)
			dc->gen_next += dummy_gen_width(dc);
		else
			dc->gen_next += period - dummy_gen_width(dc);
		dc->gen_edges++;
		done++;
	}
}

/* Stamp the edges before raw time @raw, the model about to change.  Lock held. */
static void dummy_gen_latch(struct dummy_clock *dc, u64 raw)
{
	struct system_time_snapshot snap;
	s64 real;

	if (!dc->gen_on || dc->dying)
		return;
	ktime_get_snapshot(&snap);
	real = ktime_to_ns(snap.real) - (ktime_to_ns(snap.raw) - (s64)raw);
	if (dc->gen_next > real)
		return;
	dummy_gen_stamp(dc, raw, real);
	/* The timer hands them over now. */
	if (dc->gen_fifo.n)
		hrtimer_start(&dc->gen, ns_to_ktime(real), HRTIMER_MODE_ABS);
}

/**
 * dummy_clock_rebase() - start a new segment of the model at raw time @raw
 * @dc:		the clock, locked
 * @raw:	CLOCK_MONOTONIC_RAW, now
 *
 * Called before every change of the clock's time or rate: the generator's
 * edges until then are stamped with the model they happened under first.
 */
void dummy_clock_rebase(struct dummy_clock *dc, u64 raw)
{
	dummy_gen_latch(dc, raw);
	dummy_rebase(&dc->model, raw);
}

static enum hrtimer_restart dummy_gen_expire(struct hrtimer *hrt)
{
	struct dummy_clock *dc = container_of(hrt, struct dummy_clock, gen);
	struct system_time_snapshot snap;
	struct dummy_events evs;
	unsigned long flags;
	s64 real, period;

	spin_lock_irqsave(&dc->lock, flags);
	if (dc->gen_on && !dc->dying) {
		period = dc->param[P_GEN_PERIOD];
		/* Both clocks from one reading of the timekeeper. */
		ktime_get_snapshot(&snap);
		real = ktime_to_ns(snap.real);
		dummy_gen_stamp(dc, ktime_to_ns(snap.raw), real);
		if (dc->gen_next <= real) {
			/* Low, and gen_next is a rising edge: skip whole periods. */
			s64 next = dummy_next_edge(real, 0, period, true);

			dc->gen_missed += div64_u64(next - dc->gen_next, period);
			dc->gen_next = next;
		}
		hrtimer_start(&dc->gen, ns_to_ktime(dc->gen_next), HRTIMER_MODE_ABS);
	}
	/* Its edges, and those latched before a change of the clock. */
	evs = dc->gen_fifo;
	dc->gen_fifo.n = 0;
	spin_unlock_irqrestore(&dc->lock, flags);
	dummy_emit(dc, &evs);
	return HRTIMER_NORESTART;
}

/* Start or stop the generator after its settings changed. */
static void dummy_gen_update(struct dummy_clock *dc)
{
	s64 period = dc->param[P_GEN_PERIOD];
	s64 real;

	if (!period || dc->dying) {
		dc->gen_on = false;
		/* Edges latched already still go out. */
		if (dc->gen_fifo.n && !dc->dying)
			hrtimer_start(&dc->gen, 0, HRTIMER_MODE_ABS);
		else
			hrtimer_try_to_cancel(&dc->gen);
		return;
	}
	real = ktime_get_real_ns();
	dc->gen_on = true;
	dc->gen_high = false;
	dc->gen_next = dummy_next_edge(real, 0, period, true);
	hrtimer_start(&dc->gen, ns_to_ktime(dc->gen_next), HRTIMER_MODE_ABS);
}

/* Wander and steps, every %DUMMY_TICK_NS while either is configured. */
static enum hrtimer_restart dummy_tick_expire(struct hrtimer *hrt)
{
	struct dummy_clock *dc = container_of(hrt, struct dummy_clock, tick);
	s64 limit = dc->param[P_WANDER_MAX];
	unsigned long flags;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	if (!dc->tick_on || dc->dying)
		goto unlock;
	raw = ktime_get_raw_ns();
	dummy_clock_rebase(dc, raw);
	if (dc->param[P_WANDER]) {
		dc->wander += dummy_rand(&dc->rng, dc->param[P_WANDER]);
		dc->wander = clamp(dc->wander, -limit, limit);
		dummy_update_rates(dc);
	}
	if (dc->param[P_STEP_NS] && dc->param[P_STEP_INTERVAL]) {
		/* On average once per interval. */
		u32 ticks = max_t(u64, 1, div_u64(dc->param[P_STEP_INTERVAL] *
						  NSEC_PER_MSEC, DUMMY_TICK_NS));

		if (dummy_rand(&dc->rng, U32_MAX >> 1) + (U32_MAX >> 1) <
		    div_u64(U32_MAX, ticks)) {
			dc->model.base_ns += dc->param[P_STEP_NS];
			dc->steps++;
			dummy_realign(dc, dummy_ns_at(&dc->model, raw, NULL));
		}
	}
	dummy_rearm_all(dc, raw);
	hrtimer_start(hrt, ns_to_ktime(DUMMY_TICK_NS), HRTIMER_MODE_REL);
unlock:
	spin_unlock_irqrestore(&dc->lock, flags);
	return HRTIMER_NORESTART;
}

static void dummy_tick_update(struct dummy_clock *dc)
{
	bool want = dc->param[P_WANDER] ||
		(dc->param[P_STEP_NS] && dc->param[P_STEP_INTERVAL]);

	if (want && !dc->tick_on && !dc->dying) {
		dc->tick_on = true;
		hrtimer_start(&dc->tick, ns_to_ktime(DUMMY_TICK_NS), HRTIMER_MODE_REL);
	} else if (!want && dc->tick_on) {
		dc->tick_on = false;
		hrtimer_try_to_cancel(&dc->tick);
	}
}

/* ---- the knobs, the alarms and the trigger inputs ------------------- */

/*
 * A setting changed: act on it.  Lock held and the model rebased; the
 * caller rearms every armed clock timer afterwards.
 */
static void dummy_param_changed(struct dummy_clock *dc, enum dummy_param id)
{
	lockdep_assert_held(&dc->lock);

	switch (id) {
	case P_FREQ_ERROR:
		dummy_update_rates(dc);
		break;
	case P_SEED:
		dummy_seed(dc);
		dummy_update_rates(dc);
		break;
	case P_SLEW:
		dc->model.slew_rate = dc->param[P_SLEW];
		break;
	case P_WANDER:
		if (!dc->param[P_WANDER]) {
			dc->wander = 0;
			dummy_update_rates(dc);
		}
		fallthrough;
	case P_STEP_NS:
	case P_STEP_INTERVAL:
		dummy_tick_update(dc);
		break;
	case P_GEN_PERIOD:
	case P_GEN_WIDTH:
		dummy_gen_update(dc);
		break;
	default:
		break;
	}
}

/**
 * dummy_set_param() - change a setting of a clock
 * @dc:	the clock
 * @id:	the setting
 * @v:	its new value
 *
 * Return: 0, or -EINVAL if @v is out of the setting's range.
 */
int dummy_set_param(struct dummy_clock *dc, enum dummy_param id, s64 v)
{
	unsigned long flags;
	u64 raw;

	if (v < dummy_params[id].min || v > dummy_params[id].max)
		return -EINVAL;
	if (id == P_GEN_PERIOD && v && v < DUMMY_MIN_PERIOD_NS)
		return -EINVAL;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	dummy_clock_rebase(dc, raw);
	dc->param[id] = v;
	dummy_param_changed(dc, id);
	dummy_rearm_all(dc, raw);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

/**
 * dummy_reset() - every setting back to its default, the alarms off
 * @dc:	the clock
 *
 * The clock's time, frequency and the outputs enabled through the PTP
 * core are left as they are.  Also sets the defaults of a new clock,
 * after dummy_init_timers().
 */
void dummy_reset(struct dummy_clock *dc)
{
	unsigned long flags;
	unsigned int i;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	dummy_clock_rebase(dc, raw);
	for (i = 0; i < N_PARAMS; i++)
		dc->param[i] = dummy_params[i].def;
	/* Each setting acts as if written: a new knob's action comes too. */
	for (i = 0; i < N_PARAMS; i++)
		dummy_param_changed(dc, i);
	for (i = 0; i < DUMMY_N_ALARMS; i++)
		dummy_ptimer_stop(&dc->alarm[i].pt);
	dummy_rearm_all(dc, raw);
	spin_unlock_irqrestore(&dc->lock, flags);
}

/**
 * dummy_alarm_arm() - arm an alarm
 * @al:		the alarm
 * @when:	the clock time at which it fires
 * @relative:	@when is counted from now
 *
 * Return: 0, or -ERANGE if the time does not fit in 64 bits of ns.
 */
int dummy_alarm_arm(struct dummy_alarm *al, s64 when, bool relative)
{
	struct dummy_clock *dc = al->pt.dc;
	unsigned long flags;
	int err = 0;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	if (relative &&
	    check_add_overflow(when, dummy_ns_at(&dc->model, raw, NULL), &when)) {
		err = -ERANGE;
		goto unlock;
	}
	al->pt.when = when;
	dummy_ptimer_arm(dc, &al->pt, raw);
unlock:
	spin_unlock_irqrestore(&dc->lock, flags);
	return err;
}

/**
 * dummy_alarm_disarm() - stop an alarm before it fires
 * @al:	the alarm
 */
void dummy_alarm_disarm(struct dummy_alarm *al)
{
	struct dummy_clock *dc = al->pt.dc;
	unsigned long flags;

	spin_lock_irqsave(&dc->lock, flags);
	dummy_ptimer_stop(&al->pt);
	spin_unlock_irqrestore(&dc->lock, flags);
}

/**
 * dummy_trigger() - an edge on a trigger input, now
 * @dc:		the clock
 * @chan:	the input, below %DUMMY_N_TRIGGERS
 * @rising:	a rising edge, else a falling one
 */
void dummy_trigger(struct dummy_clock *dc, unsigned int chan, bool rising)
{
	struct dummy_events evs = { .n = 0 };
	unsigned long flags;
	s64 now;

	spin_lock_irqsave(&dc->lock, flags);
	now = dummy_ns_at(&dc->model, ktime_get_raw_ns(), NULL);
	if (!dc->dying)
		dummy_edge(dc, &evs, chan, rising, now);
	spin_unlock_irqrestore(&dc->lock, flags);
	dummy_emit(dc, &evs);
}

/* ---- life of the timers --------------------------------------------- */

static void dummy_ptimer_init(struct dummy_clock *dc, struct dummy_ptimer *pt,
			      enum hrtimer_restart (*fn)(struct hrtimer *))
{
	hrtimer_init(&pt->hrt, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	pt->hrt.function = fn;
	pt->dc = dc;
}

/**
 * dummy_init_timers() - set up the lock and the timers of a new clock
 * @dc:	the clock, zeroed
 */
void dummy_init_timers(struct dummy_clock *dc)
{
	unsigned int i;

	spin_lock_init(&dc->lock);
	for (i = 0; i < DUMMY_N_ALARMS; i++) {
		dc->alarm[i].index = i;
		dummy_ptimer_init(dc, &dc->alarm[i].pt, dummy_alarm_expire);
	}
	for (i = 0; i < DUMMY_N_FIPERS; i++) {
		dc->fiper[i].index = i;
		dummy_ptimer_init(dc, &dc->fiper[i].pt, dummy_fiper_expire);
	}
	dummy_ptimer_init(dc, &dc->pps, dummy_pps_expire);
	hrtimer_init(&dc->gen, CLOCK_REALTIME, HRTIMER_MODE_ABS);
	dc->gen.function = dummy_gen_expire;
	hrtimer_init(&dc->tick, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	dc->tick.function = dummy_tick_expire;
}

static enum hrtimer_restart dummy_late_pps_expire(struct hrtimer *hrt)
{
	struct dummy_clock *dc = container_of(hrt, struct dummy_clock,
					      late_pps);
	struct ptp_clock_event ev = { .type = PTP_CLOCK_PPS };

	ptp_clock_event(dc->ptp, &ev);
	if (READ_ONCE(dc->unregistered))
		atomic_inc(&dummy_late_pps);
	hrtimer_forward_now(hrt, ms_to_ktime(1));
	return HRTIMER_RESTART;
}

/**
 * dummy_late_pps_start() - misbehave as a PPS interrupt left on
 * @dc:	the clock, being removed
 *
 * For tests of the core: a PPS event every millisecond, through
 * ptp_clock_unregister() and after it, until the caller cancels
 * @dc->late_pps.  The events after the return are counted in
 * dummy_late_pps.  The clock must be held open until then, or the events
 * reach a freed clock: that much is the driver's bug in any core.
 */
void dummy_late_pps_start(struct dummy_clock *dc)
{
	hrtimer_init(&dc->late_pps, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	dc->late_pps.function = dummy_late_pps_expire;
	hrtimer_start(&dc->late_pps, ms_to_ktime(1), HRTIMER_MODE_REL);
}

/**
 * dummy_stop_timers() - stop every timer for good
 * @dc:	the clock
 *
 * Nothing can restart a timer afterwards.
 */
void dummy_stop_timers(struct dummy_clock *dc)
{
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&dc->lock, flags);
	dc->dying = true;
	dc->gen_on = false;
	dc->tick_on = false;
	dc->pps.armed = false;
	for (i = 0; i < DUMMY_N_ALARMS; i++)
		dc->alarm[i].pt.armed = false;
	for (i = 0; i < DUMMY_N_FIPERS; i++)
		dc->fiper[i].pt.armed = false;
	spin_unlock_irqrestore(&dc->lock, flags);

	for (i = 0; i < DUMMY_N_ALARMS; i++)
		hrtimer_cancel(&dc->alarm[i].pt.hrt);
	for (i = 0; i < DUMMY_N_FIPERS; i++)
		hrtimer_cancel(&dc->fiper[i].pt.hrt);
	hrtimer_cancel(&dc->pps.hrt);
	hrtimer_cancel(&dc->gen);
	hrtimer_cancel(&dc->tick);
}
