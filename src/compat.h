/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every source file of the modules (see src/Kbuild).
 * All differences between kernel versions and configurations live here,
 * so that the .c files carry no #ifdef.
 */
#ifndef _PTP_CLOCK_COMPAT_H
#define _PTP_CLOCK_COMPAT_H

#include <linux/version.h>

#endif /* _PTP_CLOCK_COMPAT_H */
