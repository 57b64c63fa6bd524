/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp_dummy: what the files of the driver share; not an API.
 *
 *   ptp_dummy_model.h	 the counter arithmetic, pure functions
 *   ptp_dummy_timers.c	 the timers, and what the debugfs knobs act on
 *   ptp_dummy_ops.c	 the PTP clock operations
 *   ptp_dummy_debugfs.c the knobs and the debugfs files
 *   ptp_dummy_main.c	 probe, remove and the module
 *
 * See docs/ptp_dummy.md.
 */
#ifndef _PTP_DUMMY_H
#define _PTP_DUMMY_H

#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "ptp_dummy_model.h"

#define DUMMY_NAME		"ptp_dummy"
#define DUMMY_MAX_CLOCKS	16

#define DUMMY_N_ALARMS		2
#define DUMMY_N_TRIGGERS	2
#define DUMMY_N_FIPERS		3
#define DUMMY_N_PINS		(DUMMY_N_TRIGGERS + DUMMY_N_FIPERS)

/* Shortest period of a periodic output or of the generator. */
#define DUMMY_MIN_PERIOD_NS	100000ULL
/* FIPER is a 32-bit register of nanoseconds. */
#define DUMMY_MAX_FIPER_NS	((u64)U32_MAX)
/* A timer never sleeps longer than this before it checks the clock again. */
#define DUMMY_MAX_SLEEP_NS	(10 * NSEC_PER_SEC)
/* Events passed to the core per timer expiry, at most. */
#define DUMMY_EVENT_BATCH	16
/* Imperfection tick: wander and steps are applied this often. */
#define DUMMY_TICK_NS		(100 * NSEC_PER_MSEC)
#define DUMMY_MAX_ERROR_PPB	100000000LL

/* Per-clock settings in debugfs, all numbers: see dummy_params[]. */
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
	P_AUX_RESCHED,
	P_SLOW_MS,
	N_PARAMS
};

/* A setting's debugfs file name, range and default. */
struct dummy_param_desc {
	const char *name;
	s64 min;
	s64 max;
	s64 def;
};

extern const struct dummy_param_desc dummy_params[N_PARAMS];

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
	struct dummy_event ev[DUMMY_EVENT_BATCH];
};

/**
 * struct dummy_clock - one emulated 1588 timer
 * @lock:	protects everything from @dying to @param
 * @dying:	being removed: nothing may arm a timer any more
 * @unregistered: ptp_clock_unregister() has returned: no callback may
 *		come any more (dummy_late_calls counts those that do)
 * @model:	the counters (ptp_dummy_model.h)
 * @addend:	TMR_ADD as set by adjfine (nominal %DUMMY_ADD_NOMINAL)
 * @scaled_ppm:	the last adjfine request
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
 * @gen_fifo:	its edges stamped, for the core (dummy_clock_rebase())
 * @tick_on:	the imperfection tick runs
 * @aux_runs:	runs of the auxiliary work
 * @param:	the debugfs settings (enum dummy_param)
 * @alarm:	TMR_ALARM1/2
 * @fiper:	FIPER1..3
 * @pps:	the PPS timer, at each second of the clock
 * @gen:	the generator (CLOCK_REALTIME)
 * @tick:	the imperfection tick (CLOCK_MONOTONIC)
 * @late_pps:	with late_pps_ms, PPS events through the removal
 * @info:	what the PTP core sees
 * @pins:	the pin table of @info
 * @ptp:	the registered clock
 * @pdev:	the platform device behind the clock
 * @index:	the PHC index of @ptp
 * @node:	in the list of registered clocks (ptp_dummy_get())
 * @ref:	the references to this state: the device's, and those that
 *		ptp_dummy_get() gave out
 * @dbg:	debugfs directory
 * @refs:	debugfs handles of @param
 *
 * The hrtimer callbacks (hard interrupt context) take @lock too.  Events
 * for the PTP core are collected under it and passed to ptp_clock_event()
 * after it.
 */
struct dummy_clock {
	spinlock_t lock; /* the clock state, see above */
	bool dying;
	bool unregistered;
	struct dummy_model model;
	u32 addend;
	long scaled_ppm;
	s64 wander;
	u64 rng;
	unsigned int extts_edges[DUMMY_N_TRIGGERS];
	u64 extts_count[DUMMY_N_TRIGGERS];
	bool pps_on;
	u64 pps_count;
	u64 pps_missed;
	u64 steps;
	bool gen_high;
	s64 gen_next;
	bool gen_on;
	u64 gen_edges;
	u64 gen_missed;
	struct dummy_events gen_fifo;
	bool tick_on;
	u64 aux_runs;
	s64 param[N_PARAMS];

	struct dummy_alarm alarm[DUMMY_N_ALARMS];
	struct dummy_fiper fiper[DUMMY_N_FIPERS];
	struct dummy_ptimer pps;
	struct hrtimer gen;
	struct hrtimer tick;
	struct hrtimer late_pps;

	struct ptp_clock_info info;
	struct ptp_pin_desc pins[DUMMY_N_PINS];
	struct ptp_clock *ptp;
	struct platform_device *pdev;
	int index;
	struct list_head node;
	struct kref ref;
	struct dentry *dbg;
	struct dummy_param_ref refs[N_PARAMS];
};

/* Recompute the counting rates.  Lock held; rebase first. */
static inline void dummy_update_rates(struct dummy_clock *dc)
{
	dummy_set_rates(&dc->model, dc->addend,
			dc->param[P_FREQ_ERROR] + dc->wander);
}

/* ptp_dummy_ops.c; the counters are shown in debugfs, for the tests. */
extern const struct ptp_clock_info dummy_info_template;
extern atomic_t dummy_late_calls;
extern atomic_t dummy_remove_disables;
extern atomic_t dummy_late_pps;

/* ptp_dummy_timers.c; the lock held by the first four. */
void dummy_ptimer_arm(struct dummy_clock *dc, struct dummy_ptimer *pt, u64 raw);
void dummy_ptimer_stop(struct dummy_ptimer *pt);
void dummy_realign(struct dummy_clock *dc, s64 now);
void dummy_rearm_all(struct dummy_clock *dc, u64 raw);
void dummy_clock_rebase(struct dummy_clock *dc, u64 raw);
void dummy_init_timers(struct dummy_clock *dc);
void dummy_stop_timers(struct dummy_clock *dc);
void dummy_late_pps_start(struct dummy_clock *dc);
void dummy_reset(struct dummy_clock *dc);
int dummy_set_param(struct dummy_clock *dc, enum dummy_param id, s64 v);
int dummy_alarm_arm(struct dummy_alarm *al, s64 when, bool relative);
void dummy_alarm_disarm(struct dummy_alarm *al);
void dummy_trigger(struct dummy_clock *dc, unsigned int chan, bool rising);

/* ptp_dummy_debugfs.c */
void dummy_debugfs_init(struct dummy_clock *dc, struct dentry *root);
void dummy_debugfs_counters(struct dentry *root);

#endif /* _PTP_DUMMY_H */
