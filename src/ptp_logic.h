/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp-clock: pure helpers of the core (no state, no locking), kept in a
 * header so that the KUnit module (ptp_kunit.c) tests exactly the code that
 * ptp.ko runs without ptp.ko exporting anything beyond the 6.1 API.
 */
#ifndef _PTP_CLOCK_LOGIC_H
#define _PTP_CLOCK_LOGIC_H

#include <linux/bitmap.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/string.h>
#include <linux/time64.h>

/* Ring arithmetic of an extts queue of @slots entries (one kept free). */
static inline unsigned int ptp_ring_count(unsigned int head, unsigned int tail,
					  unsigned int slots)
{
	return tail >= head ? tail - head : slots - head + tail;
}

static inline unsigned int ptp_ring_next(unsigned int i, unsigned int slots)
{
	return i + 1 == slots ? 0 : i + 1;
}

static inline bool ptp_ring_full(unsigned int head, unsigned int tail,
				 unsigned int slots)
{
	return ptp_ring_next(tail, slots) == head;
}

/*
 * Does a reader with channel @mask (@nbits bits, one per channel of the
 * clock) want an event of channel @chan?  A channel the driver did not
 * declare goes only to readers that never narrowed their mask.
 */
static inline bool ptp_mask_wants(const unsigned long *mask, unsigned int nbits,
				  unsigned int chan)
{
	if (chan >= nbits)
		return bitmap_full(mask, nbits);
	return test_bit(chan, mask);
}

/* Does a frequency of @scaled_ppm exceed the driver's limit of @max_adj ppb? */
static inline bool ptp_freq_out_of_range(long scaled_ppm, s32 max_adj)
{
	long ppb = scaled_ppm_to_ppb(scaled_ppm);

	return ppb > max_adj || ppb < -(long)max_adj;
}

/*
 * A virtual clock counts nanoseconds of its parent with a multiplier of
 * 2^PTP_VCLOCK_SHIFT per ns; a frequency offset of @scaled_ppm (ppm with a
 * 16 bit fraction) changes the multiplier by
 * scaled_ppm * 2^31 / (10^6 * 2^16) = scaled_ppm * 2^15 / 10^6.
 */
#define PTP_VCLOCK_SHIFT	31

static inline s64 ptp_vclock_mult_delta(long scaled_ppm)
{
	return div_s64((s64)scaled_ppm * (1 << 15), 1000000);
}

/*
 * The offset of ADJ_SETOFFSET: tv_usec carries ns with ADJ_NANO, else us.
 * Returns -EINVAL when the sub-second part is not below one second.
 */
static inline int ptp_setoffset_to_ts(long long sec, long long frac, bool nano,
				      struct timespec64 *ts)
{
	if (!nano)
		frac *= NSEC_PER_USEC;
	if ((unsigned long)frac >= NSEC_PER_SEC)
		return -EINVAL;
	ts->tv_sec = sec;
	ts->tv_nsec = frac;
	return 0;
}

/* The offset of ADJ_OFFSET in ns: us unless ADJ_NANO, in 32 bits like 6.1. */
static inline s32 ptp_phase_offset_ns(long long offset, bool nano)
{
	s32 ns = (s32)offset;

	return nano ? ns : (s32)((s64)ns * NSEC_PER_USEC);
}

/* Checks of PTP_EXTTS_REQUEST2 (flags and reserved fields). */
static inline int ptp_check_extts2(const struct ptp_extts_request *rq)
{
	unsigned int flags = rq->flags | PTP_STRICT_FLAGS;

	if ((flags & ~PTP_EXTTS_VALID_FLAGS) || rq->rsv[0] || rq->rsv[1])
		return -EINVAL;
	if ((flags & PTP_ENABLE_FEATURE) && !(flags & PTP_EXTTS_EDGES))
		return -EINVAL;
	return 0;
}

/* Is @a later than @b? */
static inline bool ptp_time_after(const struct ptp_clock_time *a,
				  const struct ptp_clock_time *b)
{
	return a->sec > b->sec || (a->sec == b->sec && a->nsec > b->nsec);
}

/* Checks of PTP_PEROUT_REQUEST2, in 6.1's order. */
static inline int ptp_check_perout2(const struct ptp_perout_request *rq)
{
	bool duty = rq->flags & PTP_PEROUT_DUTY_CYCLE;

	if (rq->flags & ~PTP_PEROUT_VALID_FLAGS)
		return -EINVAL;
	/* Without a duty cycle the "on" field is reserved. */
	if (!duty && (rq->rsv[0] || rq->rsv[1] || rq->rsv[2] || rq->rsv[3]))
		return -EINVAL;
	if (duty && ptp_time_after(&rq->on, &rq->period))
		return -ERANGE;
	/* The phase is modulo the period: a whole period or more is invalid. */
	if ((rq->flags & PTP_PEROUT_PHASE) &&
	    !ptp_time_after(&rq->period, &rq->phase))
		return -ERANGE;
	return 0;
}

/*
 * The sysfs writes: numbers in decimal, separated by blanks, an optional
 * newline at the end.  Stricter than 6.1's sscanf(), which ignores text
 * after the last number and lets an overflowing number wrap (so that
 * "4294967296 1" to extts_enable enables channel 0): here a missing field,
 * an extra one or text in a number is -EINVAL, a number out of its type's
 * range -ERANGE (kstrto*()).  The files answer -EINVAL for both, as 6.1
 * and the n_vclocks and max_vclocks files do for any malformed number.
 */

#define PTP_FIELD_MAX	24	/* the longest number is 20 characters */

/*
 * Copy the next blank-separated field of *@s into @tok and move *@s past
 * it.  -EINVAL when there is none or it does not fit.
 */
static inline int ptp_next_field(const char **s, char tok[PTP_FIELD_MAX])
{
	const char *p = skip_spaces(*s);
	size_t n = 0;

	while (p[n] && !isspace(p[n])) {
		if (n == PTP_FIELD_MAX - 1)
			return -EINVAL;
		tok[n] = p[n];
		n++;
	}
	/* 6.1's sscanf() takes no '+': neither does this. */
	if (!n || *p == '+')
		return -EINVAL;
	tok[n] = '\0';
	*s = p + n;
	return 0;
}

static inline int ptp_field_u32(const char **s, u32 *v)
{
	char tok[PTP_FIELD_MAX];

	return ptp_next_field(s, tok) ?: kstrtou32(tok, 10, v);
}

static inline int ptp_field_int(const char **s, int *v)
{
	char tok[PTP_FIELD_MAX];

	return ptp_next_field(s, tok) ?: kstrtoint(tok, 10, v);
}

static inline int ptp_field_s64(const char **s, s64 *v)
{
	char tok[PTP_FIELD_MAX];

	return ptp_next_field(s, tok) ?: kstrtos64(tok, 10, v);
}

/* Nothing but blanks may follow the last field. */
static inline int ptp_fields_end(const char *s)
{
	return *skip_spaces(s) ? -EINVAL : 0;
}

/* sysfs "extts_enable": "<channel> <enable>". */
static inline int ptp_parse_extts_enable(const char *buf, unsigned int *chan,
					 int *enable)
{
	return ptp_field_u32(&buf, chan) ?: ptp_field_int(&buf, enable) ?:
	       ptp_fields_end(buf);
}

/* sysfs "period": "<channel> <start s> <start ns> <period s> <period ns>". */
static inline int ptp_parse_period(const char *buf,
				   struct ptp_perout_request *rq)
{
	return ptp_field_u32(&buf, &rq->index) ?:
	       ptp_field_s64(&buf, &rq->start.sec) ?:
	       ptp_field_u32(&buf, &rq->start.nsec) ?:
	       ptp_field_s64(&buf, &rq->period.sec) ?:
	       ptp_field_u32(&buf, &rq->period.nsec) ?:
	       ptp_fields_end(buf);
}

/* sysfs "pps_enable": "<enable>". */
static inline int ptp_parse_pps_enable(const char *buf, int *enable)
{
	return ptp_field_int(&buf, enable) ?: ptp_fields_end(buf);
}

/* sysfs "pins/<name>": "<function> <channel>". */
static inline int ptp_parse_pin(const char *buf, unsigned int *func,
				unsigned int *chan)
{
	return ptp_field_u32(&buf, func) ?: ptp_field_u32(&buf, chan) ?:
	       ptp_fields_end(buf);
}

#endif /* _PTP_CLOCK_LOGIC_H */
