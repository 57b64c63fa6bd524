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

/*
 * The module builds against 6.1 (every module of the package) and 6.12
 * (the drivers only: src/Kbuild builds no core there); the lines below are
 * the API differences between the two.
 */

/*
 * The platform driver's remove callback returns void from 6.11 on.  A
 * driver declares it "static compat_remove_ret f(...)" and ends it with
 * "return COMPAT_REMOVE_OK;".
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
#define compat_remove_ret	void
#define COMPAT_REMOVE_OK
#else
#define compat_remove_ret	int
#define COMPAT_REMOVE_OK	0
#endif

/* 6.12 removed no_llseek: a NULL llseek is what says "not seekable". */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define no_llseek		NULL
#endif

/*
 * ethtool's get_ts_info fills a struct ethtool_ts_info up to 6.10, a
 * struct kernel_ethtool_ts_info from 6.11 on.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
#define compat_ethtool_ts_info	kernel_ethtool_ts_info
#else
#define compat_ethtool_ts_info	ethtool_ts_info
#endif

#endif /* _PTP_CLOCK_COMPAT_H */
