// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_dummy: a software PTP hardware clock modelled on the Freescale
 * eTSEC (gianfar) 1588 timer.
 *
 * The counter is a nanosecond count driven by CLOCK_MONOTONIC_RAW through
 * a 32-bit addend, like TMR_ADD: it advances by raw_ns * addend / 2^31,
 * so the nominal addend is 2^31 and adjfine rescales it relative to the
 * nominal value.  Kernel hrtimers stand in for what the hardware does on
 * its own: the alarms (TMR_ALARM1/2), the periodic outputs (FIPER1..3),
 * the PPS event, the external trigger inputs (TMR_ETTS1/2) and an
 * external signal generator.  Imperfections (frequency error, wander,
 * read jitter, steps, failing operations) are set per clock in debugfs.
 * See docs/ptp_dummy.md.
 *
 * All state of a clock is under its spinlock, which the hrtimer callbacks
 * (hard interrupt context) take too.  Events for the PTP core are
 * collected under the lock and passed to ptp_clock_event() after it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#define DUMMY_NAME		"ptp_dummy"
#define DUMMY_MAX_CLOCKS	16

/* TMR_ADD: nominal addend and the binary point of the accumulator. */
#define ADD_SHIFT		31
#define ADD_NOMINAL		((u32)BIT(ADD_SHIFT))
#define ADD_FRAC_MASK		(ADD_NOMINAL - 1)

#define N_ALARMS		2
#define N_TRIGGERS		2
#define N_FIPERS		3
#define N_PINS			(N_TRIGGERS + N_FIPERS)

/* Shortest period of a periodic output or of the generator. */
#define MIN_PERIOD_NS		100000ULL
/* FIPER is a 32-bit register of nanoseconds. */
#define MAX_FIPER_NS		((u64)U32_MAX)
/* A timer never sleeps longer than this before it checks the clock again. */
#define MAX_SLEEP_NS		(10 * NSEC_PER_SEC)
/* Events passed to the core per timer expiry, at most. */
#define EVENT_BATCH		16
/* Imperfection tick: wander and steps are applied this often. */
#define TICK_NS			(100 * NSEC_PER_MSEC)
#define MAX_ERROR_PPB		100000000LL

static unsigned int clocks = 1;
module_param(clocks, uint, 0444);
MODULE_PARM_DESC(clocks, "number of clocks to create (1..16, default 1)");

static int max_adj = 10000000;
module_param(max_adj, int, 0444);
MODULE_PARM_DESC(max_adj,
		 "maximum frequency adjustment in ppb (default 10000000; 512000 is the eTSEC)");

/* Per-clock settings in debugfs, all numbers. */
enum dummy_param {
	P_FREQ_ERROR,
	P_WANDER,
	P_WANDER_MAX,
	P_SEED,
	P_JITTER,
	P_STEP_NS,
	P_STEP_INTERVAL,
	P_SLEW,
	P_LOOPBACK,
	P_GEN_PERIOD,
	P_GEN_WIDTH,
	P_GEN_CHANNELS,
	P_NO_SYS_TS,
	P_FAIL_GETTIME,
	P_FAIL_CYCLES,
	P_FAIL_SETTIME,
	P_FAIL_ADJFINE,
	P_FAIL_ENABLE,
	P_FAIL_ERRNO,
	P_FAIL_SKIP,
	N_PARAMS
};

static const struct {
	const char *name;
	s64 min;
	s64 max;
	s64 def;
} dummy_params[N_PARAMS] = {
	[P_FREQ_ERROR]	  = { "freq_error_ppb", -MAX_ERROR_PPB, MAX_ERROR_PPB, 0 },
	[P_WANDER]	  = { "wander_ppb", 0, 10000000, 0 },
	[P_WANDER_MAX]	  = { "wander_max_ppb", 0, MAX_ERROR_PPB, 100000 },
	[P_SEED]	  = { "seed", 0, S64_MAX, 1 },
	[P_JITTER]	  = { "jitter_ns", 0, NSEC_PER_SEC, 0 },
	[P_STEP_NS]	  = { "step_ns", -1000LL * NSEC_PER_SEC, 1000LL * NSEC_PER_SEC, 0 },
	[P_STEP_INTERVAL] = { "step_interval_ms", 0, 86400000, 0 },
	[P_SLEW]	  = { "slew_ppb", 1, MAX_ERROR_PPB, 1000000 },
	[P_LOOPBACK]	  = { "loopback", 0, 3, 0 },
	[P_GEN_PERIOD]	  = { "gen_period_ns", 0, 1000LL * NSEC_PER_SEC, 0 },
	[P_GEN_WIDTH]	  = { "gen_width_ns", 0, 1000LL * NSEC_PER_SEC, 0 },
	[P_GEN_CHANNELS]  = { "gen_channels", 0, 3, 1 },
	[P_NO_SYS_TS]	  = { "no_sys_ts", 0, 1, 0 },
	[P_FAIL_GETTIME]  = { "fail_gettime", 0, INT_MAX, 0 },
	[P_FAIL_CYCLES]	  = { "fail_getcycles", 0, INT_MAX, 0 },
	[P_FAIL_SETTIME]  = { "fail_settime", 0, INT_MAX, 0 },
	[P_FAIL_ADJFINE]  = { "fail_adjfine", 0, INT_MAX, 0 },
	[P_FAIL_ENABLE]	  = { "fail_enable", 0, INT_MAX, 0 },
	[P_FAIL_ERRNO]	  = { "fail_errno", 1, 4095, EIO },
	[P_FAIL_SKIP]	  = { "fail_skip", 0, INT_MAX, 0 },
};

static const char * const dummy_pin_names[N_PINS] = {
	"TRIG_IN1", "TRIG_IN2", "PULSE_OUT1", "PULSE_OUT2", "PULSE_OUT3",
};

struct dummy_clock;

/* An hrtimer that expires at a time of the PTP clock. */
struct dummy_ptimer {
	struct hrtimer hrt;
	struct dummy_clock *dc;
	s64 when;
	bool armed;
};

/* TMR_ALARMn: fires once at a clock time. */
struct dummy_alarm {
	struct dummy_ptimer pt;
	unsigned int index;
	u64 fired;
	s64 fired_at;
};

/* FIPERn: pulses of @width every @period from the rising edge @rise. */
struct dummy_fiper {
	struct dummy_ptimer pt;
	unsigned int index;
	bool high;
	bool one_shot;
	u64 period;
	u64 width;
	s64 rise;
	u64 edges;
	u64 missed;
};

/* The link from a debugfs file to a setting of a clock. */
struct dummy_param_ref {
	struct dummy_clock *dc;
	unsigned int id;
};

/* A compact event, passed to the core once the lock is dropped. */
struct dummy_event {
	u8 type;
	u8 index;
	s64 ts;
};

struct dummy_events {
	unsigned int n;
	struct dummy_event ev[EVENT_BATCH];
};

/**
 * struct dummy_clock - one emulated 1588 timer
 * @lock:	protects everything from @dying to @param
 * @dying:	being removed: nothing may arm a timer any more
 * @base_raw:	CLOCK_MONOTONIC_RAW (ns) at the start of the current segment
 * @base_ns:	clock time (ns) at @base_raw
 * @base_frac:	fraction of a nanosecond at @base_raw, in 1/2^31 ns
 * @base_cyc:	free-running cycle counter (ns) at @base_raw
 * @cyc_frac:	its fraction
 * @addend:	TMR_ADD as set by adjfine (nominal %ADD_NOMINAL)
 * @scaled_ppm:	the last adjfine request
 * @eff:	@addend as the oscillator error makes it count
 * @osc:	rate of the cycle counter (the nominal addend, with the error)
 * @slew_left:	adjphase offset still to slew out at @base_raw (ns)
 * @wander:	current random-walk frequency error (ppb)
 * @rng:	xorshift64* state, from the seed
 * @extts_edges: per trigger input, the edges (PTP_RISING/FALLING_EDGE)
 *		timestamped, 0 when disabled
 * @extts_count: timestamps delivered per trigger input
 * @pps_on:	PPS events enabled
 * @pps_count:	PPS events delivered
 * @pps_missed:	seconds passed while the PPS timer ran late, without an event
 * @steps:	steps injected
 * @gen_high:	the generator's output level
 * @gen_next:	CLOCK_REALTIME (ns) of its next edge
 * @gen_on:	the generator runs
 * @gen_edges:	edges the generator made
 * @gen_missed:	its periods skipped while its timer ran late
 * @tick_on:	the imperfection tick runs
 * @param:	the debugfs settings (enum dummy_param)
 * @alarm:	TMR_ALARM1/2
 * @fiper:	FIPER1..3
 * @pps:	the PPS timer, at each second of the clock
 * @gen:	the generator (CLOCK_REALTIME)
 * @tick:	the imperfection tick (CLOCK_MONOTONIC)
 * @info:	what the PTP core sees
 * @pins:	the pin table of @info
 * @ptp:	the registered clock
 * @pdev:	the platform device behind the clock
 * @dbg:	debugfs directory
 * @refs:	debugfs handles of @param
 */
struct dummy_clock {
	spinlock_t lock; /* the clock state, see above */
	bool dying;
	u64 base_raw;
	s64 base_ns;
	u32 base_frac;
	u64 base_cyc;
	u32 cyc_frac;
	u32 addend;
	long scaled_ppm;
	u32 eff;
	u32 osc;
	s64 slew_left;
	s64 wander;
	u64 rng;
	unsigned int extts_edges[N_TRIGGERS];
	u64 extts_count[N_TRIGGERS];
	bool pps_on;
	u64 pps_count;
	u64 pps_missed;
	u64 steps;
	bool gen_high;
	s64 gen_next;
	bool gen_on;
	u64 gen_edges;
	u64 gen_missed;
	bool tick_on;
	s64 param[N_PARAMS];

	struct dummy_alarm alarm[N_ALARMS];
	struct dummy_fiper fiper[N_FIPERS];
	struct dummy_ptimer pps;
	struct hrtimer gen;
	struct hrtimer tick;

	struct ptp_clock_info info;
	struct ptp_pin_desc pins[N_PINS];
	struct ptp_clock *ptp;
	struct platform_device *pdev;
	struct dentry *dbg;
	struct dummy_param_ref refs[N_PARAMS];
};

static struct dentry *dummy_dbg_root;

static struct dummy_clock *to_dummy(struct ptp_clock_info *info)
{
	return container_of(info, struct dummy_clock, info);
}

/* ---- the counter --------------------------------------------------- */

/* @d raw ns at rate @mult / 2^31 plus @frac; the new fraction in @frac_out. */
static u64 dummy_scale(u64 d, u32 mult, u32 frac, u32 *frac_out)
{
	u64 low = ((d & ADD_FRAC_MASK) * mult & ADD_FRAC_MASK) + frac;

	if (frac_out)
		*frac_out = low & ADD_FRAC_MASK;
	return mul_u64_u32_shr(d, mult, ADD_SHIFT) + (low >> ADD_SHIFT);
}

/* Raw ns since the segment start (never negative). */
static u64 dummy_since(const struct dummy_clock *dc, u64 raw)
{
	return raw > dc->base_raw ? raw - dc->base_raw : 0;
}

/* The part of the adjphase offset slewed out @d raw ns into the segment. */
static s64 dummy_slewed(const struct dummy_clock *dc, u64 d)
{
	u64 left = abs(dc->slew_left);
	u64 done;

	if (!left)
		return 0;
	done = mul_u64_u32_div(d, dc->param[P_SLEW], NSEC_PER_SEC);
	done = min(done, left);
	return dc->slew_left < 0 ? -(s64)done : (s64)done;
}

/* Clock time at raw time @raw; its sub-ns fraction in @frac. */
static s64 dummy_ns_at(const struct dummy_clock *dc, u64 raw, u32 *frac)
{
	u64 d = dummy_since(dc, raw);

	return dc->base_ns + dummy_scale(d, dc->eff, dc->base_frac, frac) +
		dummy_slewed(dc, d);
}

static u64 dummy_cyc_at(const struct dummy_clock *dc, u64 raw, u32 *frac)
{
	return dc->base_cyc + dummy_scale(dummy_since(dc, raw), dc->osc,
					  dc->cyc_frac, frac);
}

/* Start a new segment at raw time @raw, keeping every fraction. */
static void dummy_rebase(struct dummy_clock *dc, u64 raw)
{
	u64 d = dummy_since(dc, raw);
	u32 frac, cfrac;
	s64 ns = dummy_ns_at(dc, raw, &frac);
	u64 cyc = dummy_cyc_at(dc, raw, &cfrac);

	dc->slew_left -= dummy_slewed(dc, d);
	dc->base_ns = ns;
	dc->base_frac = frac;
	dc->base_cyc = cyc;
	dc->cyc_frac = cfrac;
	dc->base_raw = raw;
}

/* @mult changed by @ppb parts per billion, kept in 1..U32_MAX. */
static u32 dummy_apply_ppb(u32 mult, s64 ppb)
{
	s64 v = mult + div_s64((s64)mult * ppb, NSEC_PER_SEC);

	return clamp_t(s64, v, 1, U32_MAX);
}

/* Recompute the counting rates.  Rebase first. */
static void dummy_update_rates(struct dummy_clock *dc)
{
	s64 ppb = dc->param[P_FREQ_ERROR] + dc->wander;

	dc->eff = dummy_apply_ppb(dc->addend, ppb);
	dc->osc = dummy_apply_ppb(ADD_NOMINAL, ppb);
}

/*
 * Raw ns from the segment start until the clock reads @x, approximately:
 * a timer armed with it checks the clock when it expires.
 */
static u64 dummy_raw_until(const struct dummy_clock *dc, s64 x)
{
	u64 l, d, slew_raw, left = abs(dc->slew_left);
	u32 rate = dc->param[P_SLEW];
	s64 at_end;

	if (x <= dc->base_ns)
		return 0;
	l = x - dc->base_ns;
	if (!left)
		return mul_u64_u32_div(l, ADD_NOMINAL, dc->eff);

	slew_raw = mul_u64_u32_div(left, NSEC_PER_SEC, rate);
	at_end = dummy_ns_at(dc, dc->base_raw + slew_raw, NULL) - dc->base_ns;
	if (at_end >= 0 && l > at_end)
		return slew_raw + mul_u64_u32_div(l - at_end, ADD_NOMINAL,
						  dc->eff);
	d = mul_u64_u32_div(l, ADD_NOMINAL, dc->eff);
	return mul_u64_u32_div(d, NSEC_PER_SEC, dc->slew_left < 0 ?
			       NSEC_PER_SEC - rate : NSEC_PER_SEC + rate);
}

/* A uniformly distributed number in [-@a, @a], @a < 2^31. */
static s64 dummy_rand(struct dummy_clock *dc, u32 a)
{
	u64 x = dc->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	dc->rng = x;
	x *= 0x2545f4914f6cdd1dULL;
	return (s64)(((x >> 32) * (2ULL * a + 1)) >> 32) - a;
}

static void dummy_seed(struct dummy_clock *dc)
{
	/* xorshift must not start from zero. */
	dc->rng = dc->param[P_SEED] ^ 0x9e3779b97f4a7c15ULL;
	if (!dc->rng)
		dc->rng = 1;
	dc->wander = 0;
}

/* Count down an injected failure; its errno, or 0. */
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

/* ---- timers ---------------------------------------------------------- */

static void dummy_push(struct dummy_events *evs, int type, int index, s64 ts)
{
	if (evs->n >= EVENT_BATCH)
		return;
	evs->ev[evs->n].type = type;
	evs->ev[evs->n].index = index;
	evs->ev[evs->n].ts = ts;
	evs->n++;
}

/* Hand the collected events to the core.  Lock not held. */
static void dummy_emit(struct dummy_clock *dc, struct dummy_events *evs)
{
	struct ptp_clock_event event;
	unsigned int i;

	for (i = 0; i < evs->n; i++) {
		memset(&event, 0, sizeof(event));
		event.type = evs->ev[i].type;
		event.index = evs->ev[i].index;
		event.timestamp = evs->ev[i].ts;
		ptp_clock_event(dc->ptp, &event);
	}
}

/* A trigger input saw an edge at clock time @ts. */
static void dummy_edge(struct dummy_clock *dc, struct dummy_events *evs,
		       unsigned int chan, bool rising, s64 ts)
{
	unsigned int want = rising ? PTP_RISING_EDGE : PTP_FALLING_EDGE;

	if (!(dc->extts_edges[chan] & want) || evs->n >= EVENT_BATCH)
		return;
	dc->extts_count[chan]++;
	dummy_push(evs, PTP_CLOCK_EXTTS, chan, ts);
}

/* (Re)start @pt so that it expires when the clock reaches pt->when. */
static void dummy_ptimer_arm(struct dummy_clock *dc, struct dummy_ptimer *pt,
			     u64 raw)
{
	u64 until = dummy_raw_until(dc, pt->when);
	u64 gone = dummy_since(dc, raw);
	u64 sleep = until > gone ? until - gone : 0;

	if (dc->dying)
		return;
	pt->armed = true;
	sleep = clamp_t(u64, sleep, NSEC_PER_USEC, MAX_SLEEP_NS);
	hrtimer_start(&pt->hrt, ns_to_ktime(sleep), HRTIMER_MODE_REL);
}

static void dummy_ptimer_stop(struct dummy_ptimer *pt)
{
	pt->armed = false;
	hrtimer_try_to_cancel(&pt->hrt);
}

/* Smallest non-negative @a modulo @m. */
static u64 dummy_mod(s64 a, u64 m)
{
	u64 r;

	if (a >= 0) {
		div64_u64_rem(a, m, &r);
		return r;
	}
	div64_u64_rem(-(u64)a, m, &r);
	return r ? m - r : 0;
}

/*
 * After a step, periodic outputs keep their phase and continue with the
 * first rising edge after @now; PPS waits for the next second.
 */
static void dummy_realign(struct dummy_clock *dc, s64 now)
{
	unsigned int i;

	for (i = 0; i < N_FIPERS; i++) {
		struct dummy_fiper *f = &dc->fiper[i];

		if (!f->pt.armed || f->one_shot)
			continue;
		f->rise = now + dummy_mod(f->rise - now, f->period);
		f->high = false;
		f->pt.when = f->rise;
	}
	if (dc->pps.armed)
		dc->pps.when = now + dummy_mod(-now, NSEC_PER_SEC);
}

/* The clock changed: every armed clock timer recomputes its expiry. */
static void dummy_rearm_all(struct dummy_clock *dc, u64 raw)
{
	unsigned int i;

	for (i = 0; i < N_ALARMS; i++)
		if (dc->alarm[i].pt.armed)
			dummy_ptimer_arm(dc, &dc->alarm[i].pt, raw);
	for (i = 0; i < N_FIPERS; i++)
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
	*now = dummy_ns_at(dc, *raw, NULL);
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
	if (f->index < N_TRIGGERS && (dc->param[P_LOOPBACK] & BIT(f->index)))
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
	while (f->pt.armed && f->pt.when <= now && done < EVENT_BATCH &&
	       (done < EVENT_BATCH - 1 || f->high)) {
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
		u64 ahead = f->period - dummy_mod(now - f->rise, f->period);

		f->missed += div64_u64(now + ahead - f->rise, f->period);
		f->rise = now + ahead;
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
		dc->pps.when = now + NSEC_PER_SEC - dummy_mod(now, NSEC_PER_SEC);
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
 * timer ran.
 */
static enum hrtimer_restart dummy_gen_expire(struct hrtimer *hrt)
{
	struct dummy_clock *dc = container_of(hrt, struct dummy_clock, gen);
	struct dummy_events evs = { .n = 0 };
	struct system_time_snapshot snap;
	unsigned int chan, done = 0;
	unsigned long flags;
	s64 real, period;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	if (!dc->gen_on || dc->dying)
		goto unlock;
	period = dc->param[P_GEN_PERIOD];
	/* Both clocks from one reading of the timekeeper. */
	ktime_get_snapshot(&snap);
	real = ktime_to_ns(snap.real);
	raw = ktime_to_ns(snap.raw);
	/* Catch up by a batch of edges that ends low, as a FIPER does. */
	while (dc->gen_next <= real && done < EVENT_BATCH &&
	       (done < EVENT_BATCH - 1 || dc->gen_high)) {
		s64 ts = dummy_ns_at(dc, raw - (real - dc->gen_next), NULL);
		bool rising = !dc->gen_high;

		for (chan = 0; chan < N_TRIGGERS; chan++)
			if (dc->param[P_GEN_CHANNELS] & BIT(chan))
				dummy_edge(dc, &evs, chan, rising, ts);
		dc->gen_high = rising;
		if (rising)
			dc->gen_next += dummy_gen_width(dc);
		else
			dc->gen_next += period - dummy_gen_width(dc);
		dc->gen_edges++;
		done++;
	}
	if (dc->gen_next <= real) {
		/* Low, and gen_next is a rising edge: skip whole periods. */
		s64 next = real + period - dummy_mod(real, period);

		dc->gen_missed += div64_u64(next - dc->gen_next, period);
		dc->gen_next = next;
	}
	hrtimer_start(&dc->gen, ns_to_ktime(dc->gen_next), HRTIMER_MODE_ABS);
unlock:
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
		hrtimer_try_to_cancel(&dc->gen);
		return;
	}
	real = ktime_get_real_ns();
	dc->gen_on = true;
	dc->gen_high = false;
	dc->gen_next = real + period - dummy_mod(real, period);
	hrtimer_start(&dc->gen, ns_to_ktime(dc->gen_next), HRTIMER_MODE_ABS);
}

/* Wander and steps, every %TICK_NS while either is configured. */
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
	dummy_rebase(dc, raw);
	if (dc->param[P_WANDER]) {
		dc->wander += dummy_rand(dc, dc->param[P_WANDER]);
		dc->wander = clamp(dc->wander, -limit, limit);
		dummy_update_rates(dc);
	}
	if (dc->param[P_STEP_NS] && dc->param[P_STEP_INTERVAL]) {
		/* On average once per interval. */
		u32 ticks = max_t(u64, 1, div_u64(dc->param[P_STEP_INTERVAL] *
						  NSEC_PER_MSEC, TICK_NS));

		if (dummy_rand(dc, U32_MAX >> 1) + (U32_MAX >> 1) <
		    div_u64(U32_MAX, ticks)) {
			dc->base_ns += dc->param[P_STEP_NS];
			dc->steps++;
			dummy_realign(dc, dummy_ns_at(dc, raw, NULL));
		}
	}
	dummy_rearm_all(dc, raw);
	hrtimer_start(hrt, ns_to_ktime(TICK_NS), HRTIMER_MODE_REL);
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
		hrtimer_start(&dc->tick, ns_to_ktime(TICK_NS), HRTIMER_MODE_REL);
	} else if (!want && dc->tick_on) {
		dc->tick_on = false;
		hrtimer_try_to_cancel(&dc->tick);
	}
}

/* ---- PTP clock operations ------------------------------------------ */

static int dummy_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;
	u64 diff;
	u32 addend;
	int err;

	/*
	 * TMR_ADD = nominal * (1 + scaled_ppm / 2^16 / 10^6), to the
	 * nearest step; nominal / (2^16 * 10^6) = 2^15 / 10^6.
	 */
	diff = DIV_ROUND_CLOSEST_ULL((u64)abs(scaled_ppm) << 15, 1000000);
	if (diff >= ADD_NOMINAL)
		return -ERANGE;
	addend = scaled_ppm < 0 ? ADD_NOMINAL - diff : ADD_NOMINAL + diff;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_ADJFINE);
	if (!err) {
		u64 raw = ktime_get_raw_ns();

		dummy_rebase(dc, raw);
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
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	dummy_rebase(dc, raw);
	dc->base_ns += delta;
	dummy_realign(dc, dc->base_ns);
	dummy_rearm_all(dc, raw);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static int dummy_adjphase(struct ptp_clock_info *info, s32 phase)
{
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	dummy_rebase(dc, raw);
	/* A new offset replaces what is left of the previous one. */
	dc->slew_left = phase;
	dummy_rearm_all(dc, raw);
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
	int err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_GETTIME);
	/* Some drivers take no system timestamps: no_sys_ts. */
	if (dc->param[P_NO_SYS_TS])
		sts = NULL;
	if (!err) {
		ptp_read_system_prets(sts);
		raw = ktime_get_raw_ns();
		ptp_read_system_postts(sts);
		ns = dummy_ns_at(dc, raw, NULL);
		if (dc->param[P_JITTER])
			ns += dummy_rand(dc, dc->param[P_JITTER]);
	}
	spin_unlock_irqrestore(&dc->lock, flags);

	if (!err)
		*ts = ns_to_timespec64(ns);
	return err;
}

static int dummy_settime64(struct ptp_clock_info *info,
			   const struct timespec64 *ts)
{
	struct dummy_clock *dc = to_dummy(info);
	s64 ns = timespec64_to_ns(ts);
	unsigned long flags;
	int err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_SETTIME);
	if (!err) {
		u64 raw = ktime_get_raw_ns();

		/* The cycle counter runs on; the time and any slew restart. */
		dummy_rebase(dc, raw);
		dc->base_ns = ns;
		dc->base_frac = 0;
		dc->slew_left = 0;
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
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;
	u64 raw, cyc;
	int err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dummy_fail(dc, P_FAIL_CYCLES);
	if (!err) {
		ptp_read_system_prets(sts);
		raw = ktime_get_raw_ns();
		ptp_read_system_postts(sts);
		cyc = dummy_cyc_at(dc, raw, NULL);
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

static int dummy_enable_extts(struct dummy_clock *dc,
			      const struct ptp_extts_request *rq, int on)
{
	unsigned int edges = rq->flags & PTP_EXTTS_EDGES;
	unsigned long flags;

	if (rq->index >= N_TRIGGERS)
		return -EINVAL;
	if (!on) {
		spin_lock_irqsave(&dc->lock, flags);
		dc->extts_edges[rq->index] = 0;
		spin_unlock_irqrestore(&dc->lock, flags);
		return 0;
	}
	if (rq->flags & ~(PTP_EXTTS_VALID_FLAGS))
		return -EOPNOTSUPP;
	if (ptp_find_pin(dc->ptp, PTP_PF_EXTTS, rq->index) < 0)
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

	if (rq->index >= N_FIPERS)
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
	if (ptp_find_pin(dc->ptp, PTP_PF_PEROUT, rq->index) < 0)
		return -EBUSY;

	period = dummy_ts_ns(&rq->period);
	if (period < MIN_PERIOD_NS || period > MAX_FIPER_NS)
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
	now = dummy_ns_at(dc, raw, NULL);
	if (rq->flags & PTP_PEROUT_PHASE) {
		first = now + dummy_mod(first - now, period);
		if (first <= now)
			first += period;
	} else if (first <= now) {
		if (rq->flags & PTP_PEROUT_ONE_SHOT) {
			/* The start has passed: a one-shot cannot happen. */
			err = -ERANGE;
			goto unlock;
		}
		first = now + dummy_mod(first - now, period);
		if (first <= now)
			first += period;
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
		now = dummy_ns_at(dc, raw, NULL);
		dc->pps.when = now + NSEC_PER_SEC - dummy_mod(now, NSEC_PER_SEC);
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
	struct dummy_clock *dc = to_dummy(info);
	unsigned long flags;
	int err;

	spin_lock_irqsave(&dc->lock, flags);
	err = dc->dying ? -ENODEV : dummy_fail(dc, P_FAIL_ENABLE);
	spin_unlock_irqrestore(&dc->lock, flags);
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
	switch (func) {
	case PTP_PF_NONE:
		return 0;
	case PTP_PF_EXTTS:
		return pin < N_TRIGGERS ? 0 : -EOPNOTSUPP;
	case PTP_PF_PEROUT:
		return pin >= N_TRIGGERS && pin < N_PINS ? 0 : -EOPNOTSUPP;
	default:
		return -EOPNOTSUPP;
	}
}

static const struct ptp_clock_info dummy_info_template = {
	.owner		= THIS_MODULE,
	.n_alarm	= N_ALARMS,
	.n_ext_ts	= N_TRIGGERS,
	.n_per_out	= N_FIPERS,
	.n_pins		= N_PINS,
	.pps		= 1,
	.adjfine	= dummy_adjfine,
	.adjphase	= dummy_adjphase,
	.adjtime	= dummy_adjtime,
	.gettimex64	= dummy_gettimex64,
	.settime64	= dummy_settime64,
	.getcycles64	= dummy_getcycles64,
	.getcyclesx64	= dummy_getcyclesx64,
	.enable		= dummy_enable,
	.verify		= dummy_verify,
};

/* ---- debugfs ----------------------------------------------------------- */

static int dummy_param_get(void *data, u64 *val)
{
	struct dummy_param_ref *ref = data;
	unsigned long flags;

	spin_lock_irqsave(&ref->dc->lock, flags);
	*val = ref->dc->param[ref->id];
	spin_unlock_irqrestore(&ref->dc->lock, flags);
	return 0;
}

static int dummy_param_set(void *data, u64 val)
{
	struct dummy_param_ref *ref = data;
	struct dummy_clock *dc = ref->dc;
	s64 v = (s64)val;
	unsigned long flags;
	u64 raw;

	if (v < dummy_params[ref->id].min || v > dummy_params[ref->id].max)
		return -EINVAL;
	if (ref->id == P_GEN_PERIOD && v && v < MIN_PERIOD_NS)
		return -EINVAL;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	dummy_rebase(dc, raw);
	dc->param[ref->id] = v;
	switch (ref->id) {
	case P_FREQ_ERROR:
		dummy_update_rates(dc);
		break;
	case P_SEED:
		dummy_seed(dc);
		dummy_update_rates(dc);
		break;
	case P_WANDER:
		if (!v) {
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
	dummy_rearm_all(dc, raw);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(dummy_param_fops, dummy_param_get,
				dummy_param_set, "%lld\n");

static int dummy_state_show(struct seq_file *s, void *unused)
{
	struct dummy_clock *dc = s->private;
	unsigned long flags;
	unsigned int i;
	u64 raw;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	seq_printf(s, "time_ns %lld\n", dummy_ns_at(dc, raw, NULL));
	seq_printf(s, "cycles_ns %llu\n", dummy_cyc_at(dc, raw, NULL));
	seq_printf(s, "addend %u\n", dc->addend);
	seq_printf(s, "addend_nominal %u\n", ADD_NOMINAL);
	seq_printf(s, "addend_effective %u\n", dc->eff);
	seq_printf(s, "scaled_ppm %ld\n", dc->scaled_ppm);
	seq_printf(s, "wander_now_ppb %lld\n", dc->wander);
	seq_printf(s, "slew_left_ns %lld\n",
		   dc->slew_left - dummy_slewed(dc, dummy_since(dc, raw)));
	seq_printf(s, "steps %llu\n", dc->steps);
	seq_printf(s, "pps %d %llu %llu\n", dc->pps_on, dc->pps_count,
		   dc->pps_missed);
	seq_printf(s, "gen %d %llu %llu\n", dc->gen_on, dc->gen_edges,
		   dc->gen_missed);
	for (i = 0; i < N_TRIGGERS; i++)
		seq_printf(s, "extts%u %u %llu\n", i, dc->extts_edges[i],
			   dc->extts_count[i]);
	for (i = 0; i < N_FIPERS; i++)
		seq_printf(s, "perout%u %d %llu %llu\n", i, dc->fiper[i].pt.armed,
			   dc->fiper[i].edges, dc->fiper[i].missed);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dummy_state);

static int dummy_alarm_show(struct seq_file *s, void *unused)
{
	struct dummy_alarm *al = s->private;
	struct dummy_clock *dc = al->pt.dc;
	unsigned long flags;

	spin_lock_irqsave(&dc->lock, flags);
	seq_printf(s, "armed %d\ntarget %lld\nfired %llu\nfired_at %lld\n",
		   al->pt.armed, al->pt.when, al->fired, al->fired_at);
	spin_unlock_irqrestore(&dc->lock, flags);
	return 0;
}

static int dummy_alarm_open(struct inode *inode, struct file *file)
{
	return single_open(file, dummy_alarm_show, inode->i_private);
}

/* Copy a short command of @len bytes from @ubuf into @buf, trimmed. */
static char *dummy_user_line(char *buf, size_t size, const char __user *ubuf,
			     size_t len)
{
	if (len >= size)
		return ERR_PTR(-EINVAL);
	if (copy_from_user(buf, ubuf, len))
		return ERR_PTR(-EFAULT);
	buf[len] = '\0';
	return strim(buf);
}

/* "<ns>" arms at that clock time, "+<ns>" that far from now, "off" stops. */
static ssize_t dummy_alarm_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	struct dummy_alarm *al = file_inode(file)->i_private;
	struct dummy_clock *dc = al->pt.dc;
	bool relative = false;
	unsigned long flags;
	char buf[32], *p;
	s64 when;
	u64 raw;
	int err;

	p = dummy_user_line(buf, sizeof(buf), ubuf, len);
	if (IS_ERR(p))
		return PTR_ERR(p);

	spin_lock_irqsave(&dc->lock, flags);
	if (!strcmp(p, "off")) {
		dummy_ptimer_stop(&al->pt);
		spin_unlock_irqrestore(&dc->lock, flags);
		return len;
	}
	spin_unlock_irqrestore(&dc->lock, flags);

	if (*p == '+') {
		relative = true;
		p++;
	}
	err = kstrtos64(p, 0, &when);
	if (err)
		return err;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	if (relative)
		when += dummy_ns_at(dc, raw, NULL);
	al->pt.when = when;
	dummy_ptimer_arm(dc, &al->pt, raw);
	spin_unlock_irqrestore(&dc->lock, flags);
	return len;
}

static const struct file_operations dummy_alarm_fops = {
	.owner		= THIS_MODULE,
	.open		= dummy_alarm_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= dummy_alarm_write,
};

/* "<chan>" or "<chan> rising|falling": an edge on a trigger input, now. */
static ssize_t dummy_trigger_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
	struct dummy_clock *dc = file_inode(file)->i_private;
	struct dummy_events evs = { .n = 0 };
	unsigned int chan;
	unsigned long flags;
	char buf[32], *p, *edge;
	bool rising = true;
	u64 raw;
	s64 now;
	int err;

	p = dummy_user_line(buf, sizeof(buf), ubuf, len);
	if (IS_ERR(p))
		return PTR_ERR(p);
	edge = strchr(p, ' ');
	if (edge) {
		*edge++ = '\0';
		edge = strim(edge);
		if (!strcmp(edge, "falling"))
			rising = false;
		else if (strcmp(edge, "rising"))
			return -EINVAL;
	}
	err = kstrtouint(p, 0, &chan);
	if (err)
		return err;
	if (chan >= N_TRIGGERS)
		return -EINVAL;

	spin_lock_irqsave(&dc->lock, flags);
	raw = ktime_get_raw_ns();
	now = dummy_ns_at(dc, raw, NULL);
	if (!dc->dying)
		dummy_edge(dc, &evs, chan, rising, now);
	spin_unlock_irqrestore(&dc->lock, flags);
	dummy_emit(dc, &evs);
	return len;
}

static const struct file_operations dummy_trigger_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.write		= dummy_trigger_write,
	.llseek		= no_llseek,
};

static void dummy_debugfs_init(struct dummy_clock *dc)
{
	unsigned int i;

	dc->dbg = debugfs_create_dir(dev_name(&dc->pdev->dev), dummy_dbg_root);
	for (i = 0; i < N_PARAMS; i++) {
		dc->refs[i].dc = dc;
		dc->refs[i].id = i;
		debugfs_create_file_unsafe(dummy_params[i].name, 0600, dc->dbg,
					   &dc->refs[i], &dummy_param_fops);
	}
	debugfs_create_file("state", 0400, dc->dbg, dc, &dummy_state_fops);
	debugfs_create_file("alarm1", 0600, dc->dbg, &dc->alarm[0],
			    &dummy_alarm_fops);
	debugfs_create_file("alarm2", 0600, dc->dbg, &dc->alarm[1],
			    &dummy_alarm_fops);
	debugfs_create_file("trigger", 0200, dc->dbg, dc, &dummy_trigger_fops);
}

/* ---- devices ------------------------------------------------------------- */

static void dummy_ptimer_init(struct dummy_clock *dc, struct dummy_ptimer *pt,
			      enum hrtimer_restart (*fn)(struct hrtimer *))
{
	hrtimer_init(&pt->hrt, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	pt->hrt.function = fn;
	pt->dc = dc;
}

static void dummy_init_state(struct dummy_clock *dc)
{
	unsigned int i;

	spin_lock_init(&dc->lock);
	for (i = 0; i < N_PARAMS; i++)
		dc->param[i] = dummy_params[i].def;
	dummy_seed(dc);
	dc->addend = ADD_NOMINAL;
	dummy_update_rates(dc);
	dc->base_raw = ktime_get_raw_ns();
	dc->base_ns = ktime_get_real_ns();

	for (i = 0; i < N_ALARMS; i++) {
		dc->alarm[i].index = i;
		dummy_ptimer_init(dc, &dc->alarm[i].pt, dummy_alarm_expire);
	}
	for (i = 0; i < N_FIPERS; i++) {
		dc->fiper[i].index = i;
		dummy_ptimer_init(dc, &dc->fiper[i].pt, dummy_fiper_expire);
	}
	dummy_ptimer_init(dc, &dc->pps, dummy_pps_expire);
	hrtimer_init(&dc->gen, CLOCK_REALTIME, HRTIMER_MODE_ABS);
	dc->gen.function = dummy_gen_expire;
	hrtimer_init(&dc->tick, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	dc->tick.function = dummy_tick_expire;

	for (i = 0; i < N_PINS; i++) {
		struct ptp_pin_desc *pin = &dc->pins[i];

		strscpy(pin->name, dummy_pin_names[i], sizeof(pin->name));
		pin->index = i;
		pin->func = i < N_TRIGGERS ? PTP_PF_EXTTS : PTP_PF_PEROUT;
		pin->chan = i < N_TRIGGERS ? i : i - N_TRIGGERS;
	}
	dc->info = dummy_info_template;
	dc->info.max_adj = max_adj;
	dc->info.pin_config = dc->pins;
	strscpy(dc->info.name, dev_name(&dc->pdev->dev), sizeof(dc->info.name));
}

/* Stop every timer for good; nothing can restart one afterwards. */
static void dummy_stop_timers(struct dummy_clock *dc)
{
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&dc->lock, flags);
	dc->dying = true;
	dc->gen_on = false;
	dc->tick_on = false;
	dc->pps.armed = false;
	for (i = 0; i < N_ALARMS; i++)
		dc->alarm[i].pt.armed = false;
	for (i = 0; i < N_FIPERS; i++)
		dc->fiper[i].pt.armed = false;
	spin_unlock_irqrestore(&dc->lock, flags);

	for (i = 0; i < N_ALARMS; i++)
		hrtimer_cancel(&dc->alarm[i].pt.hrt);
	for (i = 0; i < N_FIPERS; i++)
		hrtimer_cancel(&dc->fiper[i].pt.hrt);
	hrtimer_cancel(&dc->pps.hrt);
	hrtimer_cancel(&dc->gen);
	hrtimer_cancel(&dc->tick);
}

static int dummy_probe(struct platform_device *pdev)
{
	struct dummy_clock *dc;

	dc = devm_kzalloc(&pdev->dev, sizeof(*dc), GFP_KERNEL);
	if (!dc)
		return -ENOMEM;
	dc->pdev = pdev;
	dummy_init_state(dc);

	dc->ptp = ptp_clock_register(&dc->info, &pdev->dev);
	if (IS_ERR(dc->ptp))
		return dev_err_probe(&pdev->dev, PTR_ERR(dc->ptp),
				     "cannot register the clock\n");
	if (!dc->ptp)
		return dev_err_probe(&pdev->dev, -ENODEV,
				     "no PTP clock support in this kernel\n");

	dummy_debugfs_init(dc);
	platform_set_drvdata(pdev, dc);
	dev_info(&pdev->dev, "registered ptp%d\n", ptp_clock_index(dc->ptp));
	return 0;
}

static compat_remove_ret dummy_remove(struct platform_device *pdev)
{
	struct dummy_clock *dc = platform_get_drvdata(pdev);

	/* debugfs first: its removal waits for writers in progress. */
	debugfs_remove_recursive(dc->dbg);
	dummy_stop_timers(dc);
	ptp_clock_unregister(dc->ptp);
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
