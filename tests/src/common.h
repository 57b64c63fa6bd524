/* SPDX-License-Identifier: GPL-2.0 */
/*
 * common.h: what the test programs of tests/src share.
 */
#ifndef PTP_TESTS_COMMON_H
#define PTP_TESTS_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*
 * The clockid of the dynamic POSIX clock behind an open /dev/ptpN: the
 * descriptor, complemented, above the three bits that say "a file
 * descriptor" (3).  Computed in unsigned arithmetic: shifting the negative
 * complement as a signed value is undefined in C.
 */
#define CLOCKFD 3
#define FD_TO_CLOCKID(fd) \
	((clockid_t)((~(unsigned int)(fd) << 3) | CLOCKFD))

/*
 * The name errno.h gives @e (EINVAL, ...), for the programs' output that
 * the test scripts compare; "E?" for a value not listed here.
 */
static inline const char *errname(int e)
{
	switch (e) {
	case EACCES: return "EACCES";
	case EAGAIN: return "EAGAIN";
	case EBADF: return "EBADF";
	case EBUSY: return "EBUSY";
	case EFAULT: return "EFAULT";
	case EINTR: return "EINTR";
	case EINVAL: return "EINVAL";
	case EIO: return "EIO";
	case ENODEV: return "ENODEV";
	case ENOMEM: return "ENOMEM";
	case ENOTTY: return "ENOTTY";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EPERM: return "EPERM";
	case ERANGE: return "ERANGE";
	case ETIMEDOUT: return "ETIMEDOUT";
	default: return "E?";
	}
}

/*
 * Write @val to the file @dir/@name (a sysfs or debugfs attribute), or to
 * @name when @dir is NULL, in one write().  0, or -errno.
 */
static inline int write_attr(const char *dir, const char *name, const char *val)
{
	char path[512];
	int fd, rc;

	if (dir)
		snprintf(path, sizeof(path), "%s/%s", dir, name);
	else
		snprintf(path, sizeof(path), "%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	rc = write(fd, val, strlen(val)) < 0 ? -errno : 0;
	close(fd);
	return rc;
}

#endif /* PTP_TESTS_COMMON_H */
