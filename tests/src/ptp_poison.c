// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_poison: no copy-out of the PTP ioctls or read() carries kernel
 * memory that nobody wrote.
 *
 *   ptp_poison DEV DUMMY_DEBUGFS_DIR
 *
 * Each call's buffer is filled with a poison byte (0xa5, then 0x5a)
 * before the call.  After it, every byte outside the fields the call
 * defines (reserved fields, padding, the unused tail of a name, the
 * samples beyond n_samples, a read buffer beyond the bytes read) must be
 * 0 or the poison: anything else came from the kernel uninitialised.
 * Events come from the dummy's generator (DUMMY_DEBUGFS_DIR).
 *
 * Prints "bad CALL: byte N is 0xXX" for each stray byte and "checked N
 * calls"; exits 0 when there was none, 1 otherwise, 2 on a usage error.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/ptp_clock.h>

#include "common.h"

static unsigned char poison;
static unsigned int checked, stray;

/* Bytes [from, to) of @p, which the call does not define. */
static void check_range(const char *what, const void *p, size_t from, size_t to)
{
	const unsigned char *b = p;
	size_t i;

	for (i = from; i < to; i++)
		if (b[i] && b[i] != poison && stray++ < 40)
			printf("bad %s: byte %zu is 0x%02x (poison 0x%02x)\n",
			       what, i, b[i], poison);
}

#define CHECK_FIELD(what, s, field) \
	check_range(what, &(s), offsetof(typeof(s), field), \
		    offsetof(typeof(s), field) + sizeof((s).field))

/* The padding of a timestamp, and of @n of them. */
static void check_times(const char *what, struct ptp_clock_time *t, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		CHECK_FIELD(what, t[i], reserved);
}

static void caps(int fd, unsigned long cmd, const char *what)
{
	struct ptp_clock_caps c;

	memset(&c, poison, sizeof(c));
	if (ioctl(fd, cmd, &c))
		return (void)printf("bad %s: %s\n", what, errname(errno)), (void)stray++;
	checked++;
	/*
	 * 6.1 has 12 reserved words; later kernels define the first three
	 * (max_phase_adj, supported_extts_flags, supported_perout_flags).
	 */
	check_range(what, &c, offsetof(struct ptp_clock_caps, rsv) + 3 * sizeof(int),
		    sizeof(c));
}

static void sys_offset(int fd)
{
	struct ptp_sys_offset s;
	unsigned int n = 3;

	memset(&s, poison, sizeof(s));
	s.n_samples = n;
	if (ioctl(fd, PTP_SYS_OFFSET, &s))
		return (void)printf("bad PTP_SYS_OFFSET: %s\n", errname(errno)), (void)stray++;
	checked++;
	CHECK_FIELD("PTP_SYS_OFFSET rsv", s, rsv);
	check_times("PTP_SYS_OFFSET ts", s.ts, 2 * n + 1);
	check_range("PTP_SYS_OFFSET unused samples", &s,
		    offsetof(struct ptp_sys_offset, ts[2 * n + 1]), sizeof(s));
}

static void sys_offset_ext(int fd, unsigned long cmd, const char *what)
{
	struct ptp_sys_offset_extended s;
	unsigned int n = 3;

	memset(&s, poison, sizeof(s));
	s.n_samples = n;
	memset(s.rsv, 0, sizeof(s.rsv));
	if (ioctl(fd, cmd, &s))
		return (void)printf("bad %s: %s\n", what, errname(errno)), (void)stray++;
	checked++;
	check_times(what, &s.ts[0][0], 3 * n);
	check_range(what, &s, offsetof(struct ptp_sys_offset_extended, ts[n]),
		    sizeof(s));
}

static void sys_offset_precise(int fd, unsigned long cmd, const char *what)
{
	struct ptp_sys_offset_precise s;

	memset(&s, poison, sizeof(s));
	memset(s.rsv, 0, sizeof(s.rsv));
	if (ioctl(fd, cmd, &s)) {
		if (errno != EOPNOTSUPP)
			printf("bad %s: %s\n", what, errname(errno)), stray++;
		return;
	}
	checked++;
	check_times(what, &s.device, 3);
	CHECK_FIELD(what, s, rsv);
}

static void pins(int fd, unsigned int n_pins, unsigned long cmd, const char *what)
{
	struct ptp_pin_desc d;
	unsigned int i;

	for (i = 0; i < n_pins; i++) {
		memset(&d, poison, sizeof(d));
		d.index = i;
		memset(d.rsv, 0, sizeof(d.rsv));
		if (ioctl(fd, cmd, &d)) {
			printf("bad %s: %s\n", what, errname(errno));
			stray++;
			continue;
		}
		checked++;
		check_range(what, &d, strnlen(d.name, sizeof(d.name)) + 1,
			    sizeof(d.name));
		CHECK_FIELD(what, d, rsv);
	}
}

/* Two events into a buffer of three, from the dummy's generator. */
static void events(int fd)
{
	struct ptp_extts_event ev[3];
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;
	int i;

	memset(ev, poison, sizeof(ev));
	if (poll(&p, 1, 10000) != 1)
		return (void)printf("bad read: no event came\n"), (void)stray++;
	n = read(fd, ev, 2 * sizeof(ev[0]));
	if (n <= 0 || n % sizeof(ev[0]))
		return (void)printf("bad read: returned %zd\n", n), (void)stray++;
	checked++;
	for (i = 0; i < n / (ssize_t)sizeof(ev[0]); i++) {
		check_times("read t", &ev[i].t, 1);
		CHECK_FIELD("read rsv", ev[i], rsv);
	}
	check_range("read beyond the count", ev, n, sizeof(ev));
}

int main(int argc, char **argv)
{
	struct ptp_extts_request ext = { .index = 0, .flags = PTP_ENABLE_FEATURE };
	static const unsigned char poisons[] = { 0xa5, 0x5a };
	struct ptp_clock_caps c;
	unsigned int i;
	int fd;

	if (argc != 3)
		return fprintf(stderr, "usage: ptp_poison DEV DUMMY_DEBUGFS_DIR\n"), 2;
	fd = open(argv[1], O_RDWR);
	if (fd < 0 || ioctl(fd, PTP_CLOCK_GETCAPS, &c))
		return perror(argv[1]), 1;
	if (ioctl(fd, PTP_EXTTS_REQUEST, &ext) ||
	    write_attr(argv[2], "gen_channels", "1") ||
	    write_attr(argv[2], "gen_period_ns", "10000000"))
		return perror("starting events"), 1;
	for (i = 0; i < sizeof(poisons); i++) {
		poison = poisons[i];
		caps(fd, PTP_CLOCK_GETCAPS, "PTP_CLOCK_GETCAPS");
		caps(fd, PTP_CLOCK_GETCAPS2, "PTP_CLOCK_GETCAPS2");
		sys_offset(fd);
		sys_offset_ext(fd, PTP_SYS_OFFSET_EXTENDED, "PTP_SYS_OFFSET_EXTENDED");
		sys_offset_ext(fd, PTP_SYS_OFFSET_EXTENDED2, "PTP_SYS_OFFSET_EXTENDED2");
		sys_offset_precise(fd, PTP_SYS_OFFSET_PRECISE, "PTP_SYS_OFFSET_PRECISE");
		sys_offset_precise(fd, PTP_SYS_OFFSET_PRECISE2, "PTP_SYS_OFFSET_PRECISE2");
		pins(fd, c.n_pins, PTP_PIN_GETFUNC, "PTP_PIN_GETFUNC");
		pins(fd, c.n_pins, PTP_PIN_GETFUNC2, "PTP_PIN_GETFUNC2");
		events(fd);
	}
	write_attr(argv[2], "gen_period_ns", "0");
	ext.flags = 0;
	ioctl(fd, PTP_EXTTS_REQUEST, &ext);
	printf("checked %u calls\n", checked);
	return stray != 0;
}
