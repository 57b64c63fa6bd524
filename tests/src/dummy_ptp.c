// SPDX-License-Identifier: GPL-2.0
/*
 * dummy_ptp: small PHC driver for the ptp_dummy tests.
 *
 *   dummy_ptp DEV extts CHAN EDGES COUNT TIMEOUT_S
 *	enable trigger input CHAN for EDGES (rising|falling|both|none, the
 *	last through the original ioctl), print COUNT timestamps as
 *	"ts SEC NSEC", disable it; exit 1 on timeout
 *   dummy_ptp DEV perout CHAN START PERIOD_NS [oneshot] [duty ON_NS]
 *	[phase PHASE_NS] [v1]
 *	program periodic output CHAN; START is clock seconds, or +N for the
 *	N-th whole second from now; PERIOD_NS 0 stops it
 *   dummy_ptp DEV pps 0|1
 *   dummy_ptp DEV pin PIN none|extts|perout CHAN
 *   dummy_ptp DEV gettime | settime SEC | adjtime NS | freq SCALED_PPM
 *   dummy_ptp DEV phase NS
 *   dummy_ptp DEV rate SECONDS
 *	measure the clock's rate against CLOCK_REALTIME over SECONDS and print
 *	"rate_ppb N"
 *   dummy_ptp DEV spread
 *	print "spread_ns N": max - min of the clock's offset from
 *	CLOCK_REALTIME over 25 readings (read jitter shows here), and
 *	"window_ns W": the widest pre/post bracket of a reading, which
 *	adds up to W to the spread (more when the guest stalls in a read)
 *   dummy_ptp DEV hold SECONDS
 *	keep DEV open for SECONDS, then try to read it and print the result
 *
 *   dummy_ptp --serve  (one such call per line of stdin: serve.h)
 *
 * A failing ioctl prints "error NAME" (NAME as in errno.h, e.g. EIO) and
 * exits 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>
#include <linux/ptp_clock.h>

#include "common.h"
#include "serve.h"

static int fail(const char *what)
{
	int e = errno;

	printf("error %s\n", errname(e));
	fprintf(stderr, "dummy_ptp: %s: %s\n", what, strerror(e));
	return 1;
}

static int usage(void)
{
	fprintf(stderr, "usage: see the comment at the top of dummy_ptp.c\n");
	return 2;
}

static int64_t ts_ns(const struct ptp_clock_time *t)
{
	return t->sec * 1000000000LL + t->nsec;
}

static int get_time(int fd, int64_t *ns)
{
	struct timespec ts;

	if (clock_gettime(FD_TO_CLOCKID(fd), &ts))
		return -1;
	*ns = ts.tv_sec * 1000000000LL + ts.tv_nsec;
	return 0;
}

static int do_extts(int fd, int argc, char **argv)
{
	struct ptp_extts_request rq;
	struct ptp_extts_event ev;
	unsigned long cmd = PTP_EXTTS_REQUEST2;
	int count, timeout, got = 0, rc = 0;

	if (argc < 4)
		return usage();
	memset(&rq, 0, sizeof(rq));
	rq.index = atoi(argv[0]);
	if (!strcmp(argv[1], "rising"))
		rq.flags = PTP_RISING_EDGE;
	else if (!strcmp(argv[1], "falling"))
		rq.flags = PTP_FALLING_EDGE;
	else if (!strcmp(argv[1], "both"))
		rq.flags = PTP_RISING_EDGE | PTP_FALLING_EDGE;
	else if (!strcmp(argv[1], "none"))
		cmd = PTP_EXTTS_REQUEST;
	else
		return usage();
	count = atoi(argv[2]);
	timeout = atoi(argv[3]);

	rq.flags |= PTP_ENABLE_FEATURE;
	if (ioctl(fd, cmd, &rq))
		return fail("PTP_EXTTS_REQUEST");
	while (got < count) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int n = poll(&pfd, 1, timeout * 1000);

		if (n < 0) {
			rc = fail("poll");
			break;
		}
		if (n == 0) {
			printf("timeout after %d events\n", got);
			rc = 1;
			break;
		}
		if (read(fd, &ev, sizeof(ev)) != sizeof(ev)) {
			rc = fail("read");
			break;
		}
		printf("ts %lld %u %u\n", (long long)ev.t.sec, ev.t.nsec,
		       ev.index);
		got++;
	}
	rq.flags = 0;
	if (ioctl(fd, cmd, &rq) && !rc)
		rc = fail("PTP_EXTTS_REQUEST off");
	return rc;
}

static int do_perout(int fd, int argc, char **argv)
{
	struct ptp_perout_request rq;
	unsigned long cmd = PTP_PEROUT_REQUEST2;
	long long start, period;
	int i;

	if (argc < 3)
		return usage();
	memset(&rq, 0, sizeof(rq));
	rq.index = atoi(argv[0]);
	period = atoll(argv[2]);
	rq.period.sec = period / 1000000000LL;
	rq.period.nsec = period % 1000000000LL;
	if (argv[1][0] == '+') {
		int64_t now;

		if (get_time(fd, &now))
			return fail("clock_gettime");
		start = now / 1000000000LL + atoll(argv[1] + 1);
	} else {
		start = atoll(argv[1]);
	}
	rq.start.sec = start;
	for (i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "oneshot")) {
			rq.flags |= PTP_PEROUT_ONE_SHOT;
		} else if (!strcmp(argv[i], "v1")) {
			cmd = PTP_PEROUT_REQUEST;
		} else if (!strcmp(argv[i], "duty") && i + 1 < argc) {
			long long on = atoll(argv[++i]);

			rq.flags |= PTP_PEROUT_DUTY_CYCLE;
			rq.on.sec = on / 1000000000LL;
			rq.on.nsec = on % 1000000000LL;
		} else if (!strcmp(argv[i], "phase") && i + 1 < argc) {
			long long ph = atoll(argv[++i]);

			rq.flags |= PTP_PEROUT_PHASE;
			rq.phase.sec = ph / 1000000000LL;
			rq.phase.nsec = ph % 1000000000LL;
		} else {
			return usage();
		}
	}
	if (ioctl(fd, cmd, &rq))
		return fail("PTP_PEROUT_REQUEST");
	printf("start %lld\n", (long long)rq.start.sec);
	return 0;
}

static int do_pin(int fd, int argc, char **argv)
{
	struct ptp_pin_desc desc;

	if (argc < 3)
		return usage();
	memset(&desc, 0, sizeof(desc));
	desc.index = atoi(argv[0]);
	if (!strcmp(argv[1], "none"))
		desc.func = PTP_PF_NONE;
	else if (!strcmp(argv[1], "extts"))
		desc.func = PTP_PF_EXTTS;
	else if (!strcmp(argv[1], "perout"))
		desc.func = PTP_PF_PEROUT;
	else
		return usage();
	desc.chan = atoi(argv[2]);
	if (ioctl(fd, PTP_PIN_SETFUNC, &desc))
		return fail("PTP_PIN_SETFUNC");
	return 0;
}

static int clock_adj(int fd, struct timex *tx, const char *what)
{
	if (clock_adjtime(FD_TO_CLOCKID(fd), tx) < 0)
		return fail(what);
	return 0;
}

/* The narrowest of 10 PHC/realtime sample pairs: the PHC time and the midpoint. */
static int sample(int fd, int64_t *phc, int64_t *sys)
{
	struct ptp_sys_offset_extended x;
	int64_t best = INT64_MAX;
	unsigned int i;

	memset(&x, 0, sizeof(x));
	x.n_samples = 10;
	if (ioctl(fd, PTP_SYS_OFFSET_EXTENDED, &x))
		return -1;
	for (i = 0; i < x.n_samples; i++) {
		int64_t pre = ts_ns(&x.ts[i][0]), post = ts_ns(&x.ts[i][2]);

		if (post - pre < best) {
			best = post - pre;
			*phc = ts_ns(&x.ts[i][1]);
			*sys = pre + (post - pre) / 2;
		}
	}
	return 0;
}

static int do_rate(int fd, int seconds)
{
	int64_t p0, s0, p1, s1;
	double ppb;

	if (sample(fd, &p0, &s0))
		return fail("PTP_SYS_OFFSET_EXTENDED");
	sleep(seconds);
	if (sample(fd, &p1, &s1))
		return fail("PTP_SYS_OFFSET_EXTENDED");
	ppb = ((double)(p1 - p0) / (double)(s1 - s0) - 1.0) * 1e9;
	printf("rate_ppb %.0f\n", ppb);
	return 0;
}

static int do_spread(int fd)
{
	struct ptp_sys_offset_extended x;
	int64_t lo = INT64_MAX, hi = INT64_MIN, window = 0;
	unsigned int i;

	memset(&x, 0, sizeof(x));
	x.n_samples = 25;
	if (ioctl(fd, PTP_SYS_OFFSET_EXTENDED, &x))
		return fail("PTP_SYS_OFFSET_EXTENDED");
	for (i = 0; i < x.n_samples; i++) {
		int64_t pre = ts_ns(&x.ts[i][0]), post = ts_ns(&x.ts[i][2]);
		int64_t off = ts_ns(&x.ts[i][1]) - (pre + (post - pre) / 2);

		lo = off < lo ? off : lo;
		hi = off > hi ? off : hi;
		window = post - pre > window ? post - pre : window;
	}
	printf("spread_ns %lld\nwindow_ns %lld\n", (long long)(hi - lo),
	       (long long)window);
	return 0;
}

static int call(int argc, char **argv)
{
	struct timex tx;
	int64_t ns;
	int fd;

	if (argc < 3)
		return usage();
	fd = open(argv[1], O_RDWR);
	if (fd < 0)
		return fail(argv[1]);

	memset(&tx, 0, sizeof(tx));
	if (!strcmp(argv[2], "extts"))
		return do_extts(fd, argc - 3, argv + 3);
	if (!strcmp(argv[2], "perout"))
		return do_perout(fd, argc - 3, argv + 3);
	if (!strcmp(argv[2], "pin"))
		return do_pin(fd, argc - 3, argv + 3);
	if (!strcmp(argv[2], "pps") && argc > 3) {
		if (ioctl(fd, PTP_ENABLE_PPS, atoi(argv[3])))
			return fail("PTP_ENABLE_PPS");
		return 0;
	}
	if (!strcmp(argv[2], "gettime")) {
		if (get_time(fd, &ns))
			return fail("clock_gettime");
		printf("time %lld.%09lld\n", (long long)(ns / 1000000000LL),
		       (long long)(ns % 1000000000LL));
		return 0;
	}
	if (!strcmp(argv[2], "settime") && argc > 3) {
		struct timespec ts = { .tv_sec = atoll(argv[3]) };

		if (clock_settime(FD_TO_CLOCKID(fd), &ts))
			return fail("clock_settime");
		return 0;
	}
	if (!strcmp(argv[2], "adjtime") && argc > 3) {
		long long d = atoll(argv[3]);

		tx.modes = ADJ_SETOFFSET | ADJ_NANO;
		tx.time.tv_sec = d / 1000000000LL;
		tx.time.tv_usec = d % 1000000000LL;
		if (tx.time.tv_usec < 0) {
			tx.time.tv_sec--;
			tx.time.tv_usec += 1000000000LL;
		}
		return clock_adj(fd, &tx, "ADJ_SETOFFSET");
	}
	if (!strcmp(argv[2], "freq") && argc > 3) {
		tx.modes = ADJ_FREQUENCY;
		tx.freq = atol(argv[3]);
		return clock_adj(fd, &tx, "ADJ_FREQUENCY");
	}
	if (!strcmp(argv[2], "phase") && argc > 3) {
		tx.modes = ADJ_OFFSET | ADJ_NANO;
		tx.offset = atol(argv[3]);
		return clock_adj(fd, &tx, "ADJ_OFFSET");
	}
	if (!strcmp(argv[2], "rate") && argc > 3)
		return do_rate(fd, atoi(argv[3]));
	if (!strcmp(argv[2], "spread"))
		return do_spread(fd);
	if (!strcmp(argv[2], "hold") && argc > 3) {
		sleep(atoi(argv[3]));
		if (get_time(fd, &ns))
			return fail("clock_gettime");
		printf("time %lld\n", (long long)ns);
		return 0;
	}
	return usage();
}

int main(int argc, char **argv)
{
	return serve_main(argc, argv, call);
}
