/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp_dummy: the counter model of the eTSEC 1588 timer as pure functions
 * (no locking, no clock reads), kept in a header so that the KUnit module
 * (ptp_dummy_kunit.c) tests exactly the arithmetic the driver runs.
 *
 * The counter is a nanosecond count driven by CLOCK_MONOTONIC_RAW through
 * a 32-bit addend, like TMR_ADD: it advances by raw_ns * addend / 2^31, so
 * the nominal addend is 2^31.  Time is kept in segments: a segment starts
 * at a raw time with a clock time and the fraction of a nanosecond below
 * it, and every change of rate starts a new one (dummy_rebase()), so that
 * no fraction is ever lost.
 */
#ifndef _PTP_DUMMY_MODEL_H
#define _PTP_DUMMY_MODEL_H

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/time64.h>
#include <linux/types.h>

/* TMR_ADD: nominal addend and the binary point of the accumulator. */
#define DUMMY_ADD_SHIFT		31
#define DUMMY_ADD_NOMINAL	((u32)BIT(DUMMY_ADD_SHIFT))
#define DUMMY_ADD_FRAC_MASK	(DUMMY_ADD_NOMINAL - 1)

/**
 * struct dummy_model - the counters of one clock, in the current segment
 * @base_raw:	CLOCK_MONOTONIC_RAW (ns) at the start of the segment
 * @base_ns:	clock time (ns) at @base_raw
 * @base_frac:	fraction of a nanosecond at @base_raw, in 1/2^31 ns
 * @base_cyc:	free-running cycle counter (ns) at @base_raw
 * @cyc_frac:	its fraction
 * @eff:	the addend as the oscillator error makes it count
 * @osc:	rate of the cycle counter (the nominal addend, with the error)
 * @slew_left:	adjphase offset still to slew out at @base_raw (ns)
 * @slew_rate:	rate of the slew (ppb, at least 1)
 */
struct dummy_model {
	u64 base_raw;
	s64 base_ns;
	u32 base_frac;
	u64 base_cyc;
	u32 cyc_frac;
	u32 eff;
	u32 osc;
	s64 slew_left;
	u32 slew_rate;
};

/* @d raw ns at rate @mult / 2^31 plus @frac; the new fraction in @frac_out. */
static inline u64 dummy_scale(u64 d, u32 mult, u32 frac, u32 *frac_out)
{
	u64 low = ((d & DUMMY_ADD_FRAC_MASK) * mult & DUMMY_ADD_FRAC_MASK) + frac;

	if (frac_out)
		*frac_out = low & DUMMY_ADD_FRAC_MASK;
	return mul_u64_u32_shr(d, mult, DUMMY_ADD_SHIFT) +
		(low >> DUMMY_ADD_SHIFT);
}

/* floor(@a * @mul / @div), or U64_MAX where that does not fit in 64 bits. */
static inline u64 dummy_mul_div(u64 a, u64 mul, u64 div)
{
	/* a < (a / div + 1) * div, so the result fits if a / div < U64_MAX / mul. */
	if (mul > div && div64_u64(a, div) >= div64_u64(U64_MAX, mul))
		return U64_MAX;
	return mul_u64_u64_div_u64(a, mul, div);
}

/* Raw ns since the segment start (never negative). */
static inline u64 dummy_since(const struct dummy_model *m, u64 raw)
{
	return raw > m->base_raw ? raw - m->base_raw : 0;
}

/* The part of the adjphase offset slewed out @d raw ns into the segment. */
static inline s64 dummy_slewed(const struct dummy_model *m, u64 d)
{
	u64 left = abs(m->slew_left);
	u64 done;

	if (!left)
		return 0;
	done = mul_u64_u32_div(d, m->slew_rate, NSEC_PER_SEC);
	done = min(done, left);
	return m->slew_left < 0 ? -(s64)done : (s64)done;
}

/* Clock time at raw time @raw; its sub-ns fraction in @frac. */
static inline s64 dummy_ns_at(const struct dummy_model *m, u64 raw, u32 *frac)
{
	u64 d = dummy_since(m, raw);

	return m->base_ns + dummy_scale(d, m->eff, m->base_frac, frac) +
		dummy_slewed(m, d);
}

/* The cycle counter (ns) at raw time @raw; its fraction in @frac. */
static inline u64 dummy_cyc_at(const struct dummy_model *m, u64 raw, u32 *frac)
{
	return m->base_cyc + dummy_scale(dummy_since(m, raw), m->osc,
					 m->cyc_frac, frac);
}

/* Start a new segment at raw time @raw, keeping every fraction. */
static inline void dummy_rebase(struct dummy_model *m, u64 raw)
{
	u64 d = dummy_since(m, raw);
	u32 frac, cfrac;
	s64 ns = dummy_ns_at(m, raw, &frac);
	u64 cyc = dummy_cyc_at(m, raw, &cfrac);

	m->slew_left -= dummy_slewed(m, d);
	m->base_ns = ns;
	m->base_frac = frac;
	m->base_cyc = cyc;
	m->cyc_frac = cfrac;
	m->base_raw = raw;
}

/* @mult changed by @ppb parts per billion, kept in 1..U32_MAX. */
static inline u32 dummy_apply_ppb(u32 mult, s64 ppb)
{
	s64 v = mult + div_s64((s64)mult * ppb, NSEC_PER_SEC);

	return clamp_t(s64, v, 1, U32_MAX);
}

/*
 * The counting rates for TMR_ADD = @addend with an oscillator @ppb off its
 * nominal frequency.  Rebase first: the new rates apply from the start of
 * the segment.
 */
static inline void dummy_set_rates(struct dummy_model *m, u32 addend, s64 ppb)
{
	m->eff = dummy_apply_ppb(addend, ppb);
	m->osc = dummy_apply_ppb(DUMMY_ADD_NOMINAL, ppb);
}

/*
 * TMR_ADD for a frequency offset of @scaled_ppm (ppm with a 16 bit
 * fraction): nominal * (1 + scaled_ppm / 2^16 / 10^6), to the nearest step,
 * where nominal / (2^16 * 10^6) = 2^15 / 10^6.  -ERANGE if the addend would
 * leave 1..U32_MAX.
 */
static inline int dummy_addend(long scaled_ppm, u32 *addend)
{
	u64 mag = scaled_ppm < 0 ? -(u64)scaled_ppm : (u64)scaled_ppm;
	u64 diff;

	/* 2^16 * 10^6 is 100 %; the check also keeps mag << 15 in 64 bits. */
	if (mag >= 65536ULL * 1000000)
		return -ERANGE;
	diff = DIV_ROUND_CLOSEST_ULL(mag << 15, 1000000);
	if (diff >= DUMMY_ADD_NOMINAL)
		return -ERANGE;
	*addend = scaled_ppm < 0 ? DUMMY_ADD_NOMINAL - diff :
		DUMMY_ADD_NOMINAL + diff;
	return 0;
}

/*
 * Raw ns from the segment start until the clock reads @x: the first raw
 * ns at which it does, give or take a nanosecond; U64_MAX if that is
 * beyond 64 bits.  A timer armed with it checks the clock when it expires.
 */
static inline u64 dummy_raw_until(const struct dummy_model *m, s64 x)
{
	u64 l, slew_raw, left = abs(m->slew_left);
	s64 at_end, rate;

	if (x <= m->base_ns)
		return 0;
	/* In u64: the difference of two s64 may not fit in one. */
	l = (u64)x - (u64)m->base_ns;
	if (!left)
		return dummy_mul_div(l, DUMMY_ADD_NOMINAL, m->eff);

	/* The slew runs for slew_raw raw ns and advances the clock at_end. */
	slew_raw = mul_u64_u32_div(left, NSEC_PER_SEC, m->slew_rate);
	at_end = dummy_ns_at(m, m->base_raw + slew_raw, NULL) - m->base_ns;
	/* While it runs, the clock counts at eff / 2^31 +- slew_rate / 10^9. */
	rate = div_u64((u64)m->slew_rate << DUMMY_ADD_SHIFT, NSEC_PER_SEC);
	rate = m->slew_left < 0 ? m->eff - rate : m->eff + rate;
	if (at_end > 0 && l <= (u64)at_end && rate > 0)
		return dummy_mul_div(l, DUMMY_ADD_NOMINAL, rate);
	/* After it, at eff / 2^31 from at_end on. */
	l = at_end < 0 ? l + (u64)-at_end : l - at_end;
	l = dummy_mul_div(l, DUMMY_ADD_NOMINAL, m->eff);
	return l > U64_MAX - slew_raw ? U64_MAX : slew_raw + l;
}

/* Smallest non-negative @a modulo @m. */
static inline u64 dummy_mod(s64 a, u64 m)
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
 * The next edge of a signal with edges at @phase + k * @period: the first
 * at or after @now, or with @strict the first after it.  A timer that
 * starts an output wants the next edge strictly after the present; after
 * a step, an output keeps the edge that falls on the new time itself.
 */
static inline s64 dummy_next_edge(s64 now, s64 phase, u64 period, bool strict)
{
	s64 t = now + dummy_mod(phase - now, period);

	return strict && t == now ? t + period : t;
}

/* A uniformly distributed number in [-@a, @a], @a < 2^31 (xorshift64*). */
static inline s64 dummy_rand(u64 *state, u32 a)
{
	u64 x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	x *= 0x2545f4914f6cdd1dULL;
	return (s64)(((x >> 32) * (2ULL * a + 1)) >> 32) - a;
}

/* The generator state for @seed (xorshift must not start from zero). */
static inline u64 dummy_rand_seed(u64 seed)
{
	u64 x = seed ^ 0x9e3779b97f4a7c15ULL;

	return x ? x : 1;
}

#endif /* _PTP_DUMMY_MODEL_H */
