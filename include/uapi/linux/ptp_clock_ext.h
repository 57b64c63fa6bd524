/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * PTP clock ioctls that ptp-clock supports beyond the Linux 6.1 user ABI.
 *
 * The numbers are those that later mainline kernels assign, so tools built
 * against this header keep working on newer kernels.  Include after
 * <linux/ptp_clock.h>.
 */
#ifndef _UAPI_LINUX_PTP_CLOCK_EXT_H
#define _UAPI_LINUX_PTP_CLOCK_EXT_H

#include <linux/ioctl.h>
#include <linux/ptp_clock.h>

/*
 * Per-file external timestamp channel mask.  A new file descriptor reads
 * events of every channel; PTP_MASK_CLEAR_ALL empties its mask and
 * PTP_MASK_EN_SINGLE adds one channel to it.
 *
 * The numbers are mainline's (6.7), and so are the errors but one:
 * PTP_MASK_EN_SINGLE fails with EINVAL for a channel the clock does not
 * have.  Mainline accepts any channel below its PTP_MAX_CHANNELS (2048),
 * and fails with EFAULT above it, though the argument was read; a channel
 * the clock lacks can never have events, and EINVAL says what is wrong.
 */
#ifndef PTP_MASK_CLEAR_ALL
#define PTP_MASK_CLEAR_ALL	_IO(PTP_CLK_MAGIC, 19)
#endif
#ifndef PTP_MASK_EN_SINGLE
#define PTP_MASK_EN_SINGLE	_IOW(PTP_CLK_MAGIC, 20, unsigned int)
#endif

#endif /* _UAPI_LINUX_PTP_CLOCK_EXT_H */
