// SPDX-License-Identifier: GPL-2.0
/*
 * core_ptp: run PTP clock operations on one open /dev/ptpN and print the
 * outcome of each, one line per operation, for the core's ABI tests.
 *
 *   core_ptp [-r] [-n] [-F] DEV [LABEL=]OP [ARGS] [, [LABEL=]OP [ARGS]]...
 *   core_ptp --serve  (one such call per line of stdin: serve.h)
 *
 *   -r  open read-only      -n  open O_NONBLOCK
 *   -F  pass an invalid user pointer to the ioctls (for EFAULT)
 *
 * A failing operation prints the errno name (EINVAL, ...); one that
 * succeeds prints "OK" and, where it returns data, the data after it.
 *
 * A call of one operation prints just that.  In a call of several (a
 * chain), each result line starts with the operation's label and ": ", so
 * that a script picks a result by its name, never by its position
 * (tests/lib.sh: result).  The label is the operation's name, or LABEL for
 * LABEL=OP: an operation that comes more than once names the one whose
 * result matters.
 *
 *   $ core_ptp /dev/ptp0 drain , poll 0 , write TRIGGER 0 , armed=poll 0
 *   drain: OK drained=0
 *   poll: OK timeout
 *   write: OK
 *   armed: OK IN
 *
 * Operations (v is 1 or 2, the ioctl generation):
 *   caps v | getres | gettime | settime S NS
 *   adjoffset S FRAC [nano|usec] | adjfreq SCALED_PPM
 *   adjphase OFF [nano|usec] | adjquery | adjmodes MODES
 *   extts v IDX FLAGS [RSV0 [RSV1]]
 *   perout v IDX FLAGS START_S START_NS PERIOD_S PERIOD_NS [ON_S [ON_NS]]
 *   pps v ON | sysoff v N | sysoffext v N [RSV0] | sysoffzero v N
 *   precise v (prints device=, realtime= and monoraw=, in ns)
 *   pinget v IDX [RSV0] | pinset v IDX FUNC CHAN [RSV0]
 *   ioctl NR (an unknown _IO(PTP_CLK_MAGIC, NR)) | maskclear | masken CHAN
 *   read BYTES | poll MS | dropcaps (drop CAP_SYS_TIME) | sleep MS
 *   write FILE TEXT (e.g. a sysfs attribute, after dropcaps)
 *   cat FILE (the file's lines follow the result line, as they are)
 *   drain (read until poll says empty; prints the count)
 *   open (another descriptor of DEV, now the current one) | use I (0, 1..)
 *   waitfile PATH (until PATH exists, for a script to say go on)
 * An unknown operation, or one with too few or too many arguments, is a
 * usage error (exit 2) before any operation of the call runs.
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
#define MAX_ARGS 9	/* the most any operation takes (perout) */
#define UNUSED __attribute__((unused))

static int fd, fds[MAX_FDS], nfds, open_flags;
static const char *dev_path;
static int bad_ptr;
static clockid_t clk;
/* The label that starts the running operation's result line, in a chain. */
static const char *result_label;

/*
 * Start the result line of a call returning -1/errno or >= 0: the errno
 * name and the end of the line, or "OK" for the caller to go on.
 */
static int outcome(long r)
{
	int e = errno;

	if (result_label)
		printf("%s: ", result_label);
	if (r < 0) {
		printf("%s\n", errname(e));
		return 1;
	}
	printf("OK");
	return 0;
}

/* The whole result line of a call that returns no data. */
static int status(long r)
{
	if (outcome(r))
		return 1;
	printf("\n");
	return 0;
}

static void *arg_ptr(void *p)
{
	return bad_ptr ? (void *)(uintptr_t)8 : p;
}

static unsigned long num(const char *s)
{
	return strtoul(s, NULL, 0);
}

static long long snum(const char *s)
{
	return strtoll(s, NULL, 0);
}

/* An optional argument: 0 when absent (NULL). */
static unsigned long opt(const char *s)
{
	return s ? num(s) : 0;
}

/* The v1 or the v2 ioctl, as the "v" argument says. */
static unsigned long pick(const char *v, unsigned long v1, unsigned long v2)
{
	return atoi(v) == 2 ? v2 : v1;
}

/*
 * The operations.  Each gets its arguments (without the operation's name)
 * in arg[], as many as its table entry allows, and NULL after the last.
 */

static int op_caps(char **arg)
{
	struct ptp_clock_caps c;

	memset(&c, 0xa5, sizeof(c));
	if (outcome(ioctl(fd, pick(arg[0], PTP_CLOCK_GETCAPS,
				   PTP_CLOCK_GETCAPS2), arg_ptr(&c))))
		return 1;
	printf(" max_adj=%d n_alarm=%d n_ext_ts=%d n_per_out=%d pps=%d n_pins=%d cross=%d phase=%d rsv0=%d\n",
	       c.max_adj, c.n_alarm, c.n_ext_ts, c.n_per_out, c.pps, c.n_pins,
	       c.cross_timestamping, c.adjust_phase, c.rsv[0]);
	return 0;
}

static int show_time(int r, const struct timespec *ts)
{
	if (outcome(r))
		return 1;
	printf(" %lld.%09ld\n", (long long)ts->tv_sec, ts->tv_nsec);
	return 0;
}

static int op_getres(char **arg UNUSED)
{
	struct timespec ts;

	return show_time(clock_getres(clk, &ts), &ts);
}

static int op_gettime(char **arg UNUSED)
{
	struct timespec ts;

	return show_time(clock_gettime(clk, &ts), &ts);
}

static int op_settime(char **arg)
{
	struct timespec ts = {
		.tv_sec = snum(arg[0]),
		.tv_nsec = snum(arg[1]),
	};

	return status(clock_settime(clk, &ts));
}

/* A struct timex all zero but for @modes. */
static void timex_init(struct timex *tx, unsigned int modes)
{
	memset(tx, 0, sizeof(*tx));
	tx->modes = modes;
}

/* clock_adjtime() with @tx; prints the frequency it returns. */
static int adjtime_show(struct timex *tx)
{
	if (outcome(syscall(SYS_clock_adjtime, clk, tx)))
		return 1;
	printf(" freq=%ld\n", tx->freq);
	return 0;
}

static int op_adjoffset(char **arg)
{
	struct timex tx;

	timex_init(&tx, ADJ_SETOFFSET);
	tx.time.tv_sec = snum(arg[0]);
	tx.time.tv_usec = snum(arg[1]);
	if (arg[2] && !strcmp(arg[2], "nano"))
		tx.modes |= ADJ_NANO;
	return adjtime_show(&tx);
}

static int op_adjfreq(char **arg)
{
	struct timex tx;

	timex_init(&tx, ADJ_FREQUENCY);
	tx.freq = snum(arg[0]);
	return adjtime_show(&tx);
}

static int op_adjphase(char **arg)
{
	struct timex tx;

	timex_init(&tx, ADJ_OFFSET);
	tx.offset = snum(arg[0]);
	if (arg[1] && !strcmp(arg[1], "nano"))
		tx.modes |= ADJ_NANO;
	return adjtime_show(&tx);
}

static int op_adjquery(char **arg UNUSED)
{
	struct timex tx;

	timex_init(&tx, 0);
	return adjtime_show(&tx);
}

static int op_adjmodes(char **arg)
{
	struct timex tx;

	timex_init(&tx, num(arg[0]));
	return adjtime_show(&tx);
}

static int op_extts(char **arg)
{
	struct ptp_extts_request rq = {
		.index = num(arg[1]),
		.flags = num(arg[2]),
		.rsv = { opt(arg[3]), opt(arg[4]) },
	};

	return status(ioctl(fd, pick(arg[0], PTP_EXTTS_REQUEST,
				     PTP_EXTTS_REQUEST2), arg_ptr(&rq)));
}

static int op_perout(char **arg)
{
	struct ptp_perout_request rq;

	memset(&rq, 0, sizeof(rq));
	rq.index = num(arg[1]);
	rq.flags = num(arg[2]);
	rq.start.sec = snum(arg[3]);
	rq.start.nsec = num(arg[4]);
	rq.period.sec = snum(arg[5]);
	rq.period.nsec = num(arg[6]);
	rq.on.sec = arg[7] ? snum(arg[7]) : 0;
	rq.on.nsec = opt(arg[8]);
	return status(ioctl(fd, pick(arg[0], PTP_PEROUT_REQUEST,
				     PTP_PEROUT_REQUEST2), arg_ptr(&rq)));
}

static int op_pps(char **arg)
{
	return status(ioctl(fd, pick(arg[0], PTP_ENABLE_PPS, PTP_ENABLE_PPS2),
			    num(arg[1])));
}

static int op_sysoff(char **arg)
{
	struct ptp_sys_offset so;
	unsigned int i, n = num(arg[1]);

	memset(&so, 0, sizeof(so));
	so.n_samples = n;
	if (outcome(ioctl(fd, pick(arg[0], PTP_SYS_OFFSET, PTP_SYS_OFFSET2),
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
static int sysoffext(const char *v, unsigned int n, unsigned int rsv,
		     bool zeroed)
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

static int op_sysoffext(char **arg)
{
	return sysoffext(arg[0], num(arg[1]), opt(arg[2]), false);
}

static int op_sysoffzero(char **arg)
{
	return sysoffext(arg[0], num(arg[1]), 0, true);
}

static long long pct_ns(const struct ptp_clock_time *t)
{
	return (long long)t->sec * 1000000000LL + t->nsec;
}

static int op_precise(char **arg)
{
	struct ptp_sys_offset_precise p;

	memset(&p, 0, sizeof(p));
	if (outcome(ioctl(fd, pick(arg[0], PTP_SYS_OFFSET_PRECISE,
				   PTP_SYS_OFFSET_PRECISE2), arg_ptr(&p))))
		return 1;
	printf(" device=%lld realtime=%lld monoraw=%lld\n", pct_ns(&p.device),
	       pct_ns(&p.sys_realtime), pct_ns(&p.sys_monoraw));
	return 0;
}

static int op_pinget(char **arg)
{
	struct ptp_pin_desc pd;

	memset(&pd, 0, sizeof(pd));
	pd.index = num(arg[1]);
	pd.rsv[0] = opt(arg[2]);
	if (outcome(ioctl(fd, pick(arg[0], PTP_PIN_GETFUNC, PTP_PIN_GETFUNC2),
			  arg_ptr(&pd))))
		return 1;
	printf(" name=%s index=%u func=%u chan=%u\n", pd.name, pd.index,
	       pd.func, pd.chan);
	return 0;
}

static int op_pinset(char **arg)
{
	struct ptp_pin_desc pd;

	memset(&pd, 0, sizeof(pd));
	pd.index = num(arg[1]);
	pd.func = num(arg[2]);
	pd.chan = num(arg[3]);
	pd.rsv[0] = opt(arg[4]);
	return status(ioctl(fd, pick(arg[0], PTP_PIN_SETFUNC, PTP_PIN_SETFUNC2),
			    arg_ptr(&pd)));
}

static int op_ioctl(char **arg)
{
	return status(ioctl(fd, _IO(PTP_CLK_MAGIC, num(arg[0])), 0));
}

static int op_maskclear(char **arg UNUSED)
{
	return status(ioctl(fd, PTP_MASK_CLEAR_ALL));
}

static int op_masken(char **arg)
{
	unsigned int chan = num(arg[0]);

	return status(ioctl(fd, PTP_MASK_EN_SINGLE, arg_ptr(&chan)));
}

static int op_read(char **arg)
{
	struct ptp_extts_event ev[64];
	size_t bytes = num(arg[0]);
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

static int op_poll(char **arg)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int r = poll(&p, 1, num(arg[0]));

	if (outcome(r))
		return 1;
	printf(" %s%s%s%s\n", r ? "" : "timeout",
	       p.revents & POLLIN ? "IN" : "",
	       p.revents & POLLERR ? "ERR" : "",
	       p.revents & POLLHUP ? "HUP" : "");
	return 0;
}

static int op_dropcaps(char **arg UNUSED)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return outcome(-1);
	d[0].effective &= ~(1U << CAP_SYS_TIME);
	d[0].permitted &= ~(1U << CAP_SYS_TIME);
	return status(syscall(SYS_capset, &h, d));
}

static int op_sleep(char **arg)
{
	usleep(num(arg[0]) * 1000);
	return status(0);
}

static int op_write(char **arg)
{
	int wfd = open(arg[0], O_WRONLY);
	long r = wfd < 0 ? -1 : write(wfd, arg[1], strlen(arg[1]));

	if (wfd >= 0) {
		int e = errno;

		close(wfd);
		errno = e;
	}
	return status(r);
}

static int op_cat(char **arg)
{
	char buf[4096];
	FILE *f = fopen(arg[0], "r");
	size_t n;

	if (status(f ? 0 : -1))
		return 1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, stdout);
	fclose(f);
	return 0;
}

static int op_drain(char **arg UNUSED)
{
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
	outcome(0);
	printf(" drained=%ld\n", total);
	return 0;
}

static int op_open(char **arg UNUSED)
{
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

static int op_use(char **arg)
{
	unsigned long i = num(arg[0]);

	if (i >= (unsigned long)nfds) {
		fprintf(stderr, "core_ptp: no descriptor %lu\n", i);
		exit(2);
	}
	fd = fds[i];
	clk = FD_TO_CLOCKID(fd);
	return status(0);
}

static int op_waitfile(char **arg)
{
	while (access(arg[0], F_OK))
		usleep(20000);
	return status(0);
}

/* An operation: its name, how many arguments it takes, what runs it. */
struct op {
	const char *name;
	int min_args, max_args;		/* at most MAX_ARGS */
	int (*fn)(char **arg);		/* 0 when the operation succeeded */
	const char *usage;		/* the arguments, for a usage error */
};

static const struct op ops[] = {
	{ "caps", 1, 1, op_caps, "v" },
	{ "getres", 0, 0, op_getres, "" },
	{ "gettime", 0, 0, op_gettime, "" },
	{ "settime", 2, 2, op_settime, "S NS" },
	{ "adjoffset", 2, 3, op_adjoffset, "S FRAC [nano|usec]" },
	{ "adjfreq", 1, 1, op_adjfreq, "SCALED_PPM" },
	{ "adjphase", 1, 2, op_adjphase, "OFF [nano|usec]" },
	{ "adjquery", 0, 0, op_adjquery, "" },
	{ "adjmodes", 1, 1, op_adjmodes, "MODES" },
	{ "extts", 3, 5, op_extts, "v IDX FLAGS [RSV0 [RSV1]]" },
	{ "perout", 7, 9, op_perout,
	  "v IDX FLAGS START_S START_NS PERIOD_S PERIOD_NS [ON_S [ON_NS]]" },
	{ "pps", 2, 2, op_pps, "v ON" },
	{ "sysoff", 2, 2, op_sysoff, "v N" },
	{ "sysoffext", 2, 3, op_sysoffext, "v N [RSV0]" },
	{ "sysoffzero", 2, 2, op_sysoffzero, "v N" },
	{ "precise", 1, 1, op_precise, "v" },
	{ "pinget", 2, 3, op_pinget, "v IDX [RSV0]" },
	{ "pinset", 4, 5, op_pinset, "v IDX FUNC CHAN [RSV0]" },
	{ "ioctl", 1, 1, op_ioctl, "NR" },
	{ "maskclear", 0, 0, op_maskclear, "" },
	{ "masken", 1, 1, op_masken, "CHAN" },
	{ "read", 1, 1, op_read, "BYTES" },
	{ "poll", 1, 1, op_poll, "MS" },
	{ "dropcaps", 0, 0, op_dropcaps, "" },
	{ "sleep", 1, 1, op_sleep, "MS" },
	{ "write", 2, 2, op_write, "FILE TEXT" },
	{ "cat", 1, 1, op_cat, "FILE" },
	{ "drain", 0, 0, op_drain, "" },
	{ "open", 0, 0, op_open, "" },
	{ "use", 1, 1, op_use, "I" },
	{ "waitfile", 1, 1, op_waitfile, "PATH" },
};

static const struct op *find_op(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(ops[i].name, name))
			return &ops[i];
	return NULL;
}

/* One operation of a call, checked before any of them runs. */
struct step {
	const struct op *op;
	const char *label;
	char *arg[MAX_ARGS + 1];	/* NULL after the last */
};

/*
 * Parse the operation at av[0..ac), "[LABEL=]OP ARGS...", into @st: a
 * usage error (exit 2) for an unknown operation or a wrong number of
 * arguments.  The label is OP's name without a LABEL.
 */
static void parse_step(int ac, char **av, struct step *st)
{
	char *name = av[0], *eq = strchr(name, '=');
	int n = ac - 1;

	memset(st, 0, sizeof(*st));
	st->label = name;
	if (eq) {
		*eq = '\0';
		name = eq + 1;
		if (!*st->label) {
			fprintf(stderr, "core_ptp: an empty label before =%s\n",
				name);
			exit(2);
		}
	}
	st->op = find_op(name);
	if (!st->op) {
		fprintf(stderr, "core_ptp: unknown operation %s\n", name);
		exit(2);
	}
	if (n < st->op->min_args || n > st->op->max_args || n > MAX_ARGS) {
		fprintf(stderr, "core_ptp: usage: %s%s%s\n", st->op->name,
			*st->op->usage ? " " : "", st->op->usage);
		exit(2);
	}
	memcpy(st->arg, av + 1, n * sizeof(*st->arg));
}

/*
 * The next operation of argv[] at or after *pos, the words between two
 * commas (an empty one is skipped): its first word and count in *start
 * and *len, and *pos past it.  False when there is none left.
 */
static bool next_op(int argc, char **argv, int *pos, int *start, int *len)
{
	while (*pos < argc) {
		*start = *pos;
		while (*pos < argc && strcmp(argv[*pos], ","))
			(*pos)++;
		*len = *pos - *start;
		if (*pos < argc)
			(*pos)++;
		if (*len)
			return true;
	}
	return false;
}

static int call(int argc, char **argv)
{
	int flags = O_RDWR, i = 1, pos, start, len, nsteps = 0;
	struct step *steps;

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
		fprintf(stderr, "usage: core_ptp [-r] [-n] [-F] DEV [LABEL=]OP [ARGS] [, [LABEL=]OP [ARGS]]...\n");
		return 2;
	}
	/* At most one operation per word, all checked before the first runs. */
	steps = calloc(argc, sizeof(*steps));
	if (!steps) {
		perror("core_ptp");
		return 2;
	}
	for (pos = i + 1; next_op(argc, argv, &pos, &start, &len); )
		parse_step(len, argv + start, &steps[nsteps++]);

	dev_path = argv[i];
	open_flags = flags;
	fd = open(dev_path, flags);
	if (fd < 0) {
		perror(dev_path);
		free(steps);
		return 2;
	}
	fds[nfds++] = fd;
	clk = FD_TO_CLOCKID(fd);
	setvbuf(stdout, NULL, _IOLBF, 0);

	/* In a chain, each result line starts with "LABEL: ". */
	for (i = 0; i < nsteps; i++) {
		result_label = nsteps > 1 ? steps[i].label : NULL;
		steps[i].op->fn(steps[i].arg);
	}
	free(steps);
	return 0;
}

int main(int argc, char **argv)
{
	return serve_main(argc, argv, call);
}
