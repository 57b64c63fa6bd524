// SPDX-License-Identifier: GPL-2.0
/*
 * core_ptp: run PTP clock operations on one open /dev/ptpN and print the
 * outcome of each, one line per operation, for the core's ABI tests.
 *
 *   core_ptp [-r] [-n] [-F] DEV OP [ARGS] [, OP [ARGS]]...
 *   core_ptp --serve  (one such call per line of stdin: serve.h)
 *
 *   -r  open read-only      -n  open O_NONBLOCK
 *   -F  pass an invalid user pointer to the ioctls (for EFAULT)
 *
 * A failing operation prints the errno name (EINVAL, ...); one that
 * succeeds prints "OK" and, where it returns data, the data after it.
 * Operations (v is 1 or 2, the ioctl generation):
 *   caps v | getres | gettime | settime S NS
 *   adjoffset S FRAC nano|usec | adjfreq SCALED_PPM | adjphase OFF nano|usec
 *   adjquery | adjmodes MODES
 *   extts v IDX FLAGS [RSV0 RSV1]
 *   perout v IDX FLAGS START_S START_NS PERIOD_S PERIOD_NS [ON_S ON_NS]
 *   pps v ON | sysoff v N | sysoffext v N [RSV0] | sysoffzero v N | precise v
 *   pinget v IDX [RSV0] | pinset v IDX FUNC CHAN [RSV0]
 *   ioctl NR (an unknown _IO(PTP_CLK_MAGIC, NR)) | maskclear | masken CHAN
 *   read BYTES | poll MS | dropcaps (drop CAP_SYS_TIME) | sleep MS
 *   write FILE TEXT (e.g. a sysfs attribute, after dropcaps) | cat FILE
 *   drain (read until poll says empty; prints the count)
 *   open (another descriptor of DEV, now the current one) | use I (0, 1..)
 *   waitfile PATH (until PATH exists, for a script to say go on)
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_ext.h>

#include "common.h"
#include "serve.h"

#define MAX_FDS 8

static int fd, fds[MAX_FDS], nfds, open_flags;
static const char *dev_path;
static int bad_ptr;
static clockid_t clk;

/* Print the outcome of a call returning -1/errno or >= 0. */
static int outcome(long r)
{
	if (r < 0) {
		printf("%s\n", errname(errno));
		return 1;
	}
	printf("OK");
	return 0;
}

static void *arg_ptr(void *p)
{
	return bad_ptr ? (void *)(uintptr_t)8 : p;
}

static unsigned long num(char **av, int i, int ac)
{
	if (i >= ac) {
		fprintf(stderr, "core_ptp: missing argument\n");
		exit(2);
	}
	return strtoul(av[i], NULL, 0);
}

static long long snum(char **av, int i, int ac)
{
	if (i >= ac) {
		fprintf(stderr, "core_ptp: missing argument\n");
		exit(2);
	}
	return strtoll(av[i], NULL, 0);
}

static unsigned long pick(unsigned long v, unsigned long v1, unsigned long v2)
{
	return v == 2 ? v2 : v1;
}

static int op_caps(int v)
{
	struct ptp_clock_caps c;

	memset(&c, 0xa5, sizeof(c));
	if (outcome(ioctl(fd, pick(v, PTP_CLOCK_GETCAPS, PTP_CLOCK_GETCAPS2),
			  arg_ptr(&c))))
		return 1;
	printf(" max_adj=%d n_alarm=%d n_ext_ts=%d n_per_out=%d pps=%d n_pins=%d cross=%d phase=%d rsv0=%d\n",
	       c.max_adj, c.n_alarm, c.n_ext_ts, c.n_per_out, c.pps, c.n_pins,
	       c.cross_timestamping, c.adjust_phase, c.rsv[0]);
	return 0;
}

static int op_adj(struct timex *tx)
{
	if (outcome(syscall(SYS_clock_adjtime, clk, tx)))
		return 1;
	printf(" freq=%ld\n", tx->freq);
	return 0;
}

static int op_read(size_t bytes)
{
	struct ptp_extts_event ev[64];
	ssize_t n;
	int i;

	if (bytes > sizeof(ev))
		bytes = sizeof(ev);
	n = read(fd, ev, bytes);
	if (outcome(n))
		return 1;
	printf(" events=%zd", n / (ssize_t)sizeof(ev[0]));
	for (i = 0; i < n / (ssize_t)sizeof(ev[0]); i++)
		printf(" %u:%lld.%09u", ev[i].index, (long long)ev[i].t.sec,
		       ev[i].t.nsec);
	printf("\n");
	return 0;
}

static int op_poll(int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int r = poll(&p, 1, ms);

	if (outcome(r))
		return 1;
	printf(" %s%s%s%s\n", r ? "" : "timeout",
	       p.revents & POLLIN ? "IN" : "",
	       p.revents & POLLERR ? "ERR" : "",
	       p.revents & POLLHUP ? "HUP" : "");
	return 0;
}

static int op_sysoff(int v, unsigned int n)
{
	struct ptp_sys_offset so;
	unsigned int i;

	memset(&so, 0, sizeof(so));
	so.n_samples = n;
	if (outcome(ioctl(fd, pick(v, PTP_SYS_OFFSET, PTP_SYS_OFFSET2),
			  arg_ptr(&so))))
		return 1;
	/* Every stamp filled: 2n + 1 of them, none zero. */
	for (i = 0; i < 2 * n + 1 && i < 2 * PTP_MAX_SAMPLES + 1; i++)
		if (!so.ts[i].sec && !so.ts[i].nsec)
			break;
	printf(" filled=%u\n", i);
	return 0;
}

/* The kernel writes sec and nsec; reserved keeps what user space sent. */
static bool pct_is_zero(const struct ptp_clock_time *t)
{
	return !t->sec && !t->nsec;
}

/*
 * SYS_OFFSET_EXTENDED with n samples: "ordered=K", K samples with the
 * pre <= post system time.  With @zeroed, the buffer starts filled with
 * 0xa5 and "zeroed=K" counts the samples whose pre and post times came
 * back all zero (a driver that takes no system timestamps).
 */
static int op_sysoffext(int v, unsigned int n, unsigned int rsv, bool zeroed)
{
	struct ptp_sys_offset_extended so;
	unsigned int i, ordered = 0, zero = 0;

	memset(&so, zeroed ? 0xa5 : 0, sizeof(so));
	so.n_samples = n;
	so.rsv[0] = rsv;
	so.rsv[1] = 0;
	so.rsv[2] = 0;
	if (outcome(ioctl(fd, pick(v, PTP_SYS_OFFSET_EXTENDED,
				   PTP_SYS_OFFSET_EXTENDED2), arg_ptr(&so))))
		return 1;
	for (i = 0; i < n && i < PTP_MAX_SAMPLES; i++) {
		struct ptp_clock_time *t = so.ts[i];

		if (t[0].sec < t[2].sec ||
		    (t[0].sec == t[2].sec && t[0].nsec <= t[2].nsec))
			ordered++;
		if (pct_is_zero(&t[0]) && pct_is_zero(&t[2]))
			zero++;
	}
	if (zeroed)
		printf(" zeroed=%u\n", zero);
	else
		printf(" ordered=%u\n", ordered);
	return 0;
}

static int op_precise(int v)
{
	struct ptp_sys_offset_precise p;

	memset(&p, 0, sizeof(p));
	if (outcome(ioctl(fd, pick(v, PTP_SYS_OFFSET_PRECISE,
				   PTP_SYS_OFFSET_PRECISE2), arg_ptr(&p))))
		return 1;
	printf(" device=%lld\n", (long long)p.device.sec);
	return 0;
}

static int op_pin(int v, int set, unsigned int idx, unsigned int func,
		  unsigned int chan, unsigned int rsv)
{
	struct ptp_pin_desc pd;
	unsigned long cmd;

	memset(&pd, 0, sizeof(pd));
	pd.index = idx;
	pd.func = func;
	pd.chan = chan;
	pd.rsv[0] = rsv;
	if (set)
		cmd = pick(v, PTP_PIN_SETFUNC, PTP_PIN_SETFUNC2);
	else
		cmd = pick(v, PTP_PIN_GETFUNC, PTP_PIN_GETFUNC2);
	if (outcome(ioctl(fd, cmd, arg_ptr(&pd))))
		return 1;
	if (set)
		printf("\n");
	else
		printf(" name=%s index=%u func=%u chan=%u\n", pd.name, pd.index,
		       pd.func, pd.chan);
	return 0;
}

static int drop_sys_time(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return outcome(-1);
	d[0].effective &= ~(1U << CAP_SYS_TIME);
	d[0].permitted &= ~(1U << CAP_SYS_TIME);
	if (outcome(syscall(SYS_capset, &h, d)))
		return 1;
	printf("\n");
	return 0;
}

/* Run the operation at av[0..ac); returns 0 when it could be run. */
static int run(int ac, char **av)
{
	const char *op = av[0];
	struct timespec ts;
	struct timex tx;
	int v = ac > 1 ? atoi(av[1]) : 0;

	memset(&tx, 0, sizeof(tx));
	if (!strcmp(op, "caps"))
		return op_caps(v);
	if (!strcmp(op, "getres") || !strcmp(op, "gettime")) {
		int r = op[3] == 'r' ? clock_getres(clk, &ts) :
				       clock_gettime(clk, &ts);

		if (outcome(r))
			return 1;
		printf(" %lld.%09ld\n", (long long)ts.tv_sec, ts.tv_nsec);
		return 0;
	}
	if (!strcmp(op, "settime")) {
		ts.tv_sec = snum(av, 1, ac);
		ts.tv_nsec = snum(av, 2, ac);
		if (outcome(clock_settime(clk, &ts)))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "adjoffset")) {
		tx.modes = ADJ_SETOFFSET;
		tx.time.tv_sec = snum(av, 1, ac);
		tx.time.tv_usec = snum(av, 2, ac);
		if (ac > 3 && !strcmp(av[3], "nano"))
			tx.modes |= ADJ_NANO;
		return op_adj(&tx);
	}
	if (!strcmp(op, "adjfreq")) {
		tx.modes = ADJ_FREQUENCY;
		tx.freq = snum(av, 1, ac);
		return op_adj(&tx);
	}
	if (!strcmp(op, "adjphase")) {
		tx.modes = ADJ_OFFSET;
		tx.offset = snum(av, 1, ac);
		if (ac > 2 && !strcmp(av[2], "nano"))
			tx.modes |= ADJ_NANO;
		return op_adj(&tx);
	}
	if (!strcmp(op, "adjquery"))
		return op_adj(&tx);
	if (!strcmp(op, "adjmodes")) {
		tx.modes = num(av, 1, ac);
		return op_adj(&tx);
	}
	if (!strcmp(op, "extts")) {
		struct ptp_extts_request rq = {
			.index = num(av, 2, ac),
			.flags = num(av, 3, ac),
		};

		if (ac > 5) {
			rq.rsv[0] = num(av, 4, ac);
			rq.rsv[1] = num(av, 5, ac);
		}
		if (outcome(ioctl(fd, pick(v, PTP_EXTTS_REQUEST,
					   PTP_EXTTS_REQUEST2), arg_ptr(&rq))))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "perout")) {
		struct ptp_perout_request rq;

		memset(&rq, 0, sizeof(rq));
		rq.index = num(av, 2, ac);
		rq.flags = num(av, 3, ac);
		rq.start.sec = snum(av, 4, ac);
		rq.start.nsec = num(av, 5, ac);
		rq.period.sec = snum(av, 6, ac);
		rq.period.nsec = num(av, 7, ac);
		if (ac > 9) {
			rq.on.sec = snum(av, 8, ac);
			rq.on.nsec = num(av, 9, ac);
		}
		if (outcome(ioctl(fd, pick(v, PTP_PEROUT_REQUEST,
					   PTP_PEROUT_REQUEST2), arg_ptr(&rq))))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "pps")) {
		if (outcome(ioctl(fd, pick(v, PTP_ENABLE_PPS, PTP_ENABLE_PPS2),
				  num(av, 2, ac))))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "sysoff"))
		return op_sysoff(v, num(av, 2, ac));
	if (!strcmp(op, "sysoffext"))
		return op_sysoffext(v, num(av, 2, ac),
				    ac > 3 ? num(av, 3, ac) : 0, false);
	if (!strcmp(op, "sysoffzero"))
		return op_sysoffext(v, num(av, 2, ac), 0, true);
	if (!strcmp(op, "precise"))
		return op_precise(v);
	if (!strcmp(op, "pinget"))
		return op_pin(v, 0, num(av, 2, ac), 0, 0,
			      ac > 3 ? num(av, 3, ac) : 0);
	if (!strcmp(op, "pinset"))
		return op_pin(v, 1, num(av, 2, ac), num(av, 3, ac),
			      num(av, 4, ac), ac > 5 ? num(av, 5, ac) : 0);
	if (!strcmp(op, "ioctl")) {
		if (outcome(ioctl(fd, _IO(PTP_CLK_MAGIC, num(av, 1, ac)), 0)))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "maskclear")) {
		if (outcome(ioctl(fd, PTP_MASK_CLEAR_ALL)))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "masken")) {
		unsigned int chan = num(av, 1, ac);

		if (outcome(ioctl(fd, PTP_MASK_EN_SINGLE, arg_ptr(&chan))))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "read"))
		return op_read(num(av, 1, ac));
	if (!strcmp(op, "poll"))
		return op_poll(num(av, 1, ac));
	if (!strcmp(op, "dropcaps"))
		return drop_sys_time();
	if (!strcmp(op, "write")) {
		int wfd;
		long r;

		if (ac < 3) {
			fprintf(stderr, "core_ptp: write FILE TEXT\n");
			exit(2);
		}
		wfd = open(av[1], O_WRONLY);
		r = wfd < 0 ? -1 : write(wfd, av[2], strlen(av[2]));
		if (wfd >= 0)
			close(wfd);
		if (outcome(r))
			return 1;
		printf("\n");
		return 0;
	}
	if (!strcmp(op, "cat")) {
		char buf[4096];
		FILE *f = fopen(av[1], "r");
		size_t n;

		if (outcome(f ? 0 : -1))
			return 1;
		printf("\n");
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			fwrite(buf, 1, n, stdout);
		fclose(f);
		return 0;
	}
	if (!strcmp(op, "drain")) {
		struct ptp_extts_event ev[PTP_MAX_SAMPLES];
		struct pollfd p = { .fd = fd, .events = POLLIN };
		long total = 0;
		ssize_t n;

		while (poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
			n = read(fd, ev, sizeof(ev));
			if (n <= 0)
				break;
			total += n / sizeof(ev[0]);
		}
		printf("OK drained=%ld\n", total);
		return 0;
	}
	if (!strcmp(op, "open")) {
		int nfd;

		if (nfds == MAX_FDS) {
			fprintf(stderr, "core_ptp: too many descriptors\n");
			exit(2);
		}
		nfd = open(dev_path, open_flags);
		if (outcome(nfd))
			return 1;
		fds[nfds++] = nfd;
		fd = nfd;
		clk = FD_TO_CLOCKID(fd);
		printf(" fd=%d\n", nfds - 1);
		return 0;
	}
	if (!strcmp(op, "use")) {
		unsigned long i = num(av, 1, ac);

		if (i >= (unsigned long)nfds) {
			fprintf(stderr, "core_ptp: no descriptor %lu\n", i);
			exit(2);
		}
		fd = fds[i];
		clk = FD_TO_CLOCKID(fd);
		printf("OK\n");
		return 0;
	}
	if (!strcmp(op, "waitfile")) {
		while (access(av[1], F_OK))
			usleep(20000);
		printf("OK\n");
		return 0;
	}
	if (!strcmp(op, "sleep")) {
		usleep(num(av, 1, ac) * 1000);
		printf("OK\n");
		return 0;
	}
	fprintf(stderr, "core_ptp: unknown operation %s\n", op);
	exit(2);
}

static int call(int argc, char **argv)
{
	int flags = O_RDWR, i = 1, start;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-r"))
			flags = (flags & ~O_RDWR) | O_RDONLY;
		else if (!strcmp(argv[i], "-n"))
			flags |= O_NONBLOCK;
		else if (!strcmp(argv[i], "-F"))
			bad_ptr = 1;
		else
			break;
	}
	if (i + 1 >= argc) {
		fprintf(stderr, "usage: core_ptp [-r] [-n] [-F] DEV OP [ARGS] [, OP [ARGS]]...\n");
		return 2;
	}
	dev_path = argv[i];
	open_flags = flags;
	fd = open(dev_path, flags);
	if (fd < 0) {
		perror(dev_path);
		return 2;
	}
	fds[nfds++] = fd;
	clk = FD_TO_CLOCKID(fd);
	setvbuf(stdout, NULL, _IOLBF, 0);

	for (start = ++i; i <= argc; i++) {
		if (i < argc && strcmp(argv[i], ","))
			continue;
		if (i > start)
			run(i - start, argv + start);
		start = i + 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	return serve_main(argc, argv, call);
}
