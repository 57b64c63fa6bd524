// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_fuzz: random calls on /dev/ptpN, for the core's robustness tests.
 *
 *   ptp_fuzz [-p] DEV CALLS SEED [PROCS]
 *
 * -p: read() only what poll() says is there, each read bounded by a 1 s
 * timer (EINTR), for 6.1, whose read() ignores O_NONBLOCK and would wait
 * for an event.
 *
 * PROCS processes (default 2), each with its own seed (SEED + i), make
 * CALLS calls between them on their own descriptors of DEV: every PTP
 * ioctl of 6.1 and of include/uapi/linux/ptp_clock_ext.h with arguments
 * that are random or near the edges (0, 1, -1, channel counts, limits),
 * unknown ioctl numbers, read() and poll() of the event queue,
 * clock_gettime/settime/adjtime on the POSIX clock, and from time to time
 * a new descriptor.  The argument lies in a buffer that ends where an
 * unmapped page begins, at a random offset, or is NULL or wild.
 *
 * Prints "calls N", then "errno NAME COUNT" for every error seen, then
 * "unexpected ..." for each result that breaks a rule:
 *   - a call returns 0 or -1 (read() a byte count, poll() 0 or 1);
 *   - the errors are the ones a bad argument may get (EINVAL, EFAULT,
 *     ENOTTY, EOPNOTSUPP, ERANGE, EBUSY, EAGAIN, EPERM, EACCES);
 *   - an ioctl number that no core knows gets ENOTTY;
 *   - read() returns whole events.
 * Exits 0 when every process finished and nothing was unexpected, 1
 * otherwise, 2 on a usage error.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_ext.h>

#include "common.h"

#define PAGE 4096
#define MAX_PROCS 16
#define N_ERRNO 160

static uint64_t rng;
static int poll_first;

static uint64_t next(void)
{
	/* xorshift64* */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static unsigned int below(unsigned int n)
{
	return next() % n;
}

/* A word near an edge most of the time, random otherwise. */
static uint32_t word(void)
{
	static const uint32_t edge[] = {
		0, 1, 2, 3, 4, 5, 7, 8, 24, 25, 26, 31, 32, 999999999,
		1000000000, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe,
		PTP_ENABLE_FEATURE | PTP_RISING_EDGE,
		PTP_ENABLE_FEATURE | PTP_FALLING_EDGE | PTP_STRICT_FLAGS,
		PTP_PEROUT_ONE_SHOT, PTP_PEROUT_DUTY_CYCLE, PTP_PEROUT_PHASE,
	};

	if (below(4))
		return edge[below(sizeof(edge) / sizeof(edge[0]))];
	return (uint32_t)next();
}

static const unsigned long known[] = {
	PTP_CLOCK_GETCAPS, PTP_EXTTS_REQUEST, PTP_PEROUT_REQUEST,
	PTP_ENABLE_PPS, PTP_SYS_OFFSET, PTP_PIN_GETFUNC, PTP_PIN_SETFUNC,
	PTP_SYS_OFFSET_PRECISE, PTP_SYS_OFFSET_EXTENDED,
	PTP_CLOCK_GETCAPS2, PTP_EXTTS_REQUEST2, PTP_PEROUT_REQUEST2,
	PTP_ENABLE_PPS2, PTP_SYS_OFFSET2, PTP_PIN_GETFUNC2, PTP_PIN_SETFUNC2,
	PTP_SYS_OFFSET_PRECISE2, PTP_SYS_OFFSET_EXTENDED2,
	PTP_MASK_CLEAR_ALL, PTP_MASK_EN_SINGLE,
};
#define N_KNOWN (sizeof(known) / sizeof(known[0]))

static int is_known(unsigned long cmd)
{
	unsigned int i;

	for (i = 0; i < N_KNOWN; i++)
		if (known[i] == cmd)
			return 1;
	return 0;
}

/* What any core answers to a bad argument; anything else is unexpected. */
static int expected_errno(int e)
{
	switch (e) {
	case EINVAL: case EFAULT: case ENOTTY: case EOPNOTSUPP: case ERANGE:
	case EBUSY: case EAGAIN: case EPERM: case EACCES:
		return 1;
	default:
		return 0;
	}
}

struct fuzz {
	const char *dev;
	int fd;
	unsigned char *buf;	/* two pages, the second PROT_NONE */
	unsigned long errs[N_ERRNO];
	unsigned long unexpected;
};

static void unexpected(struct fuzz *f, const char *what, long rc, int e)
{
	if (f->unexpected++ < 20)
		printf("unexpected %s: rc %ld, %s (%d)\n", what, rc,
		       rc < 0 ? errname(e) : "-", rc < 0 ? e : 0);
}

static void count(struct fuzz *f, const char *what, long rc, int e)
{
	if (rc >= 0)
		return;
	if (e >= 0 && e < N_ERRNO)
		f->errs[e]++;
	if (!expected_errno(e))
		unexpected(f, what, rc, e);
}

/* An argument: random words at a random place, NULL, or wild. */
static void *argument(struct fuzz *f, size_t size)
{
	unsigned char *p;
	size_t i, off;

	switch (below(32)) {
	case 0:
		return NULL;
	case 1:
		return (void *)(uintptr_t)(next() | 1);
	default:
		break;
	}
	if (size > PAGE)
		size = PAGE;
	/* Mostly whole; sometimes cut short by the unmapped page. */
	off = below(8) ? PAGE - size : PAGE - below(size + 1);
	off &= ~(size_t)3;
	p = f->buf + off;
	for (i = 0; i + 4 <= PAGE - off && i < size + 8; i += 4) {
		uint32_t w = word();

		memcpy(p + i, &w, 4);
	}
	return p;
}

static void do_ioctl(struct fuzz *f)
{
	unsigned long cmd;
	int known_cmd, rc;
	void *arg;

	switch (below(8)) {
	case 0:	/* an unknown number of the PTP magic, any direction */
		cmd = _IOC(below(4), PTP_CLK_MAGIC, below(64), below(1024));
		break;
	case 1:	/* any number */
		cmd = (unsigned long)(uint32_t)next();
		break;
	default:
		cmd = known[below(N_KNOWN)];
		break;
	}
	known_cmd = is_known(cmd);
	if (cmd == PTP_ENABLE_PPS || cmd == PTP_ENABLE_PPS2 ||
	    cmd == PTP_MASK_EN_SINGLE) {
		/* Their argument is a value, not a pointer. */
		arg = (void *)(uintptr_t)word();
	} else {
		arg = argument(f, _IOC_SIZE(cmd) ? _IOC_SIZE(cmd) : 64);
	}
	rc = ioctl(f->fd, cmd, arg);
	if (rc != 0 && rc != -1)
		unexpected(f, "ioctl result", rc, 0);
	count(f, "ioctl", rc, errno);
	if (rc < 0 && !known_cmd && errno != ENOTTY) {
		char what[64];

		snprintf(what, sizeof(what), "unknown ioctl 0x%lx", cmd);
		unexpected(f, what, rc, errno);
	}
}

static void do_read(struct fuzz *f)
{
	static const size_t sizes[] = { 0, 1, 15, 16, 17, 32, 100, 4096 };
	size_t n = sizes[below(sizeof(sizes) / sizeof(sizes[0]))];
	ssize_t rc;

	struct itimerval bound = { .it_value = { .tv_sec = 1 } };
	struct itimerval off = { 0 };
	struct pollfd pfd = { .fd = f->fd, .events = POLLIN };

	if (n > PAGE)
		n = PAGE;
	if (poll_first) {
		if (poll(&pfd, 1, 0) != 1)
			return;
		setitimer(ITIMER_REAL, &bound, NULL);
	}
	rc = read(f->fd, f->buf + PAGE - n, n);
	if (poll_first)
		setitimer(ITIMER_REAL, &off, NULL);
	if (rc > 0 && rc % sizeof(struct ptp_extts_event))
		unexpected(f, "read of part of an event", rc, 0);
	if (rc < 0 && errno == EINTR && poll_first)
		return;	/* another process took the event (6.1) */
	count(f, "read", rc, errno);
}

static void interrupted(int sig)
{
	(void)sig;
}

static void do_clock(struct fuzz *f)
{
	clockid_t clk = FD_TO_CLOCKID(f->fd);
	struct timespec ts;
	struct timex tx;
	int rc;

	switch (below(4)) {
	case 0:
		rc = clock_gettime(clk, &ts);
		count(f, "clock_gettime", rc, errno);
		break;
	case 1:
		ts.tv_sec = (time_t)(int32_t)word();
		ts.tv_nsec = (long)(int32_t)word();
		rc = clock_settime(clk, &ts);
		count(f, "clock_settime", rc, errno);
		break;
	default:
		memset(&tx, 0, sizeof(tx));
		tx.modes = word() & 0xffff;
		tx.freq = (long)(int32_t)word();
		tx.offset = (long)(int32_t)word();
		tx.time.tv_sec = (int32_t)word();
		tx.time.tv_usec = (int32_t)word();
		rc = clock_adjtime(clk, &tx);
		if (rc >= 0)
			rc = 0;	/* the clock state, TIME_OK, ... */
		count(f, "clock_adjtime", rc, errno);
		break;
	}
}

static int reopen(struct fuzz *f)
{
	int flags = below(2) ? O_RDWR : O_RDONLY;

	if (f->fd >= 0)
		close(f->fd);
	f->fd = open(f->dev, flags | (below(4) ? O_NONBLOCK : 0));
	if (f->fd < 0) {
		perror(f->dev);
		return -1;
	}
	return 0;
}

static int fuzz(struct fuzz *f, unsigned long calls)
{
	struct pollfd pfd;
	unsigned long i;
	int rc;

	f->buf = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (f->buf == MAP_FAILED || mprotect(f->buf + PAGE, PAGE, PROT_NONE)) {
		perror("mmap");
		return -1;
	}
	f->fd = -1;
	if (reopen(f))
		return -1;
	for (i = 0; i < calls; i++) {
		switch (below(16)) {
		case 0:
			/* A blocking read waits for an event: not here. */
			if (poll_first || fcntl(f->fd, F_GETFL) & O_NONBLOCK)
				do_read(f);
			break;
		case 1:
			pfd.fd = f->fd;
			pfd.events = POLLIN;
			rc = poll(&pfd, 1, 0);
			if (rc != 0 && rc != 1)
				unexpected(f, "poll", rc, errno);
			break;
		case 2:
		case 3:
			do_clock(f);
			break;
		default:
			do_ioctl(f);
			break;
		}
		if (!below(2000) && reopen(f))
			return -1;
	}
	close(f->fd);
	return 0;
}

/* One process: its seed, its share of the calls; its counts to @out. */
static int child(const char *dev, unsigned long calls, uint64_t seed,
		 int out)
{
	static struct fuzz f;

	f.dev = dev;
	rng = seed * 0x9e3779b97f4a7c15ULL + 1;
	if (fuzz(&f, calls)) {
		fflush(stdout);
		return 1;
	}
	fflush(stdout);
	if (write(out, &f.errs, sizeof(f.errs)) != sizeof(f.errs) ||
	    write(out, &f.unexpected, sizeof(f.unexpected)) !=
	    sizeof(f.unexpected))
		return 1;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long calls, errs[N_ERRNO] = { 0 }, part[N_ERRNO], bad = 0, u;
	int procs = 2, p, i, st, failed = 0, pipes[MAX_PROCS][2];
	uint64_t seed;
	pid_t pid[MAX_PROCS];

	struct sigaction sa = { .sa_handler = interrupted };

	if (argc > 1 && !strcmp(argv[1], "-p")) {
		poll_first = 1;
		argv++;
		argc--;
	}
	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: ptp_fuzz [-p] DEV CALLS SEED [PROCS]\n");
		return 2;
	}
	/* No SA_RESTART: the timer interrupts a read() that waits. */
	sigaction(SIGALRM, &sa, NULL);
	calls = strtoul(argv[2], NULL, 0);
	seed = strtoull(argv[3], NULL, 0);
	if (argc == 5)
		procs = atoi(argv[4]);
	if (procs < 1 || procs > MAX_PROCS || !calls) {
		fprintf(stderr, "ptp_fuzz: 1..%d processes, 1 call or more\n",
			MAX_PROCS);
		return 2;
	}
	fflush(stdout);
	for (p = 0; p < procs; p++) {
		if (pipe(pipes[p])) {
			perror("pipe");
			return 1;
		}
		pid[p] = fork();
		if (pid[p] < 0) {
			perror("fork");
			return 1;
		}
		if (!pid[p]) {
			close(pipes[p][0]);
			_exit(child(argv[1], calls / procs, seed + p,
				    pipes[p][1]));
		}
		close(pipes[p][1]);
	}
	for (p = 0; p < procs; p++) {
		if (read(pipes[p][0], part, sizeof(part)) != sizeof(part) ||
		    read(pipes[p][0], &u, sizeof(u)) != sizeof(u)) {
			failed = 1;
		} else {
			for (i = 0; i < N_ERRNO; i++)
				errs[i] += part[i];
			bad += u;
		}
		if (waitpid(pid[p], &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st))
			failed = 1;
	}
	printf("calls %lu\n", calls / procs * procs);
	for (i = 0; i < N_ERRNO; i++)
		if (errs[i])
			printf("errno %s(%d) %lu\n", errname(i), i, errs[i]);
	printf("unexpected results %lu\n", bad);
	if (failed)
		printf("a process failed\n");
	return failed || bad ? 1 : 0;
}
