/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every source file of the modules (see src/Kbuild).
 * All differences between kernel versions and configurations live here,
 * so that the .c files carry no #ifdef.
 */
#ifndef _PTP_CLOCK_COMPAT_H
#define _PTP_CLOCK_COMPAT_H

#include <linux/kconfig.h>
#include <linux/version.h>

/*
 * A kernel built without a PTP core (CONFIG_PTP_1588_CLOCK=n, the debug
 * guest) has <linux/ptp_clock_kernel.h> declare inline stubs in place of
 * the core's API.  Our ptp.ko is that core there, so make the header
 * declare the real functions, for ptp.ko and for the drivers built with it.
 */
#if !IS_ENABLED(CONFIG_PTP_1588_CLOCK)
#define CONFIG_PTP_1588_CLOCK_MODULE 1
#endif

#endif /* _PTP_CLOCK_COMPAT_H */
