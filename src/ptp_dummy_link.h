/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What ptp_dummy exports to the modules that timestamp with its clocks
 * (ptp_vlink): hold a clock, and read its counter model at a raw instant.
 *
 * Lifetime rules:
 * - ptp_dummy_get() finds a clock by its PHC index and takes a reference
 *   to the clock's state, which stays allocated until ptp_dummy_put().
 * - The reference does not keep the clock registered: its platform device
 *   can be unbound, or ptp_dummy unloaded once no module that links to it
 *   is loaded, at any time.  From the start of that removal on,
 *   ptp_dummy_time_at() fails with -ENODEV and ptp_dummy_index() is -1.
 * - ptp_dummy_time_at() takes a spinlock with interrupts off: it may be
 *   called from any context, never with the caller's own locks that a
 *   hard interrupt of ptp_dummy could need (it takes none of them).
 */
#ifndef _PTP_DUMMY_LINK_H
#define _PTP_DUMMY_LINK_H

#include <linux/types.h>

struct dummy_clock;

struct dummy_clock *ptp_dummy_get(int phc_index);
void ptp_dummy_put(struct dummy_clock *dc);
int ptp_dummy_index(struct dummy_clock *dc);
int ptp_dummy_time_at(struct dummy_clock *dc, u64 raw, s64 *ns);

#endif /* _PTP_DUMMY_LINK_H */
