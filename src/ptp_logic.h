/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp-clock: pure helpers of the core (no state, no locking), kept in a
 * header so that the KUnit module (ptp_kunit.c) tests exactly the code that
 * ptp.ko runs without ptp.ko exporting anything beyond the 6.1 API.
 */
#ifndef _PTP_CLOCK_LOGIC_H
#define _PTP_CLOCK_LOGIC_H

#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_kernel.h>
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

/* sysfs "extts_enable": "<channel> <enable>". */
static inline int ptp_parse_extts_enable(const char *buf, unsigned int *chan,
					 int *enable)
{
	return sscanf(buf, "%u %d", chan, enable) == 2 ? 0 : -EINVAL;
}

/* sysfs "period": "<channel> <start s> <start ns> <period s> <period ns>". */
static inline int ptp_parse_period(const char *buf,
				   struct ptp_perout_request *rq)
{
	int n = sscanf(buf, "%u %lld %u %lld %u", &rq->index,
		       &rq->start.sec, &rq->start.nsec,
		       &rq->period.sec, &rq->period.nsec);

	return n == 5 ? 0 : -EINVAL;
}

/*
 * sysfs "pps_enable": "<enable>".  sscanf, not kstrtoint, because 6.1
 * accepts trailing text after the number; the leading space of the format
 * changes nothing (%d skips white space anyway).
 */
static inline int ptp_parse_pps_enable(const char *buf, int *enable)
{
	return sscanf(buf, " %d", enable) == 1 ? 0 : -EINVAL;
}

/* sysfs "pins/<name>": "<function> <channel>". */
static inline int ptp_parse_pin(const char *buf, unsigned int *func,
				unsigned int *chan)
{
	return sscanf(buf, "%u %u", func, chan) == 2 ? 0 : -EINVAL;
}

#endif /* _PTP_CLOCK_LOGIC_H */
