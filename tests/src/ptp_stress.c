// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_stress: everything at once on one ptp_dummy clock, for a fixed time.
 *
 *   ptp_stress DEV SECONDS GEN_PERIOD_NS [SEED]
 *
 * While the dummy's generator drives both trigger inputs (both edges of a
 * pulse train of GEN_PERIOD_NS, EXTTS 0 and 1 enabled by this program):
 *   - READERS processes, each with a descriptor of its own and a channel
 *     mask: every channel, channel 0, channel 1 or none.  Half of them
 *     wait in read(), half in poll() and then read without blocking, with
 *     read sizes of 1 to 8 events;
 *   - WORKERS threads call every PTP ioctl (both numbers of each),
 *     clock_gettime() and clock_adjtime() (frequency, forward offsets,
 *     phase) and clock_settime() (forward) on descriptors of their own,
 *     which they reopen now and then;
 *   - a thread opens and closes the clock in a storm;
 *   - a thread reads every sysfs attribute of the clock and its pins;
 *   - a thread writes n_vclocks (1, 0), period and pps_enable.
 * The clock is only ever moved forward, so that each channel's timestamps
 * must increase.
 *
 * Then the generator stops, the inputs are switched off, and each reader
 * drains its queue (the blocking ones are woken by a signal).  With the
 * readers' files still open, the core's debugfs (ptp/ptpN/queues) says
 * how many events each reader's queue dropped.  Checks:
 *   - each reader received every event of its channels that the dummy
 *     sent (its debugfs extts counts), but for those its queue dropped:
 *     received + dropped == sent, and nothing of another channel;
 *   - per channel, each reader's timestamps increase: no duplicate, no
 *     reordering; every read returns whole events;
 *   - every call returned 0 or an error its arguments may get (EINVAL,
 *     EOPNOTSUPP, EBUSY, ERANGE, EAGAIN), never ENODEV, EIO, EFAULT...
 *
 * Prints one line per reader and the totals ("sent", "received",
 * "dropped", "calls"); exits 0 when every check passed, 1 otherwise, 2 on
 * a usage error.  Our core only: the 6.1 core has no per-reader queue or
 * debugfs.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_ext.h>

#include "common.h"

#define READERS 16
#define WORKERS 16
#define N_CHAN 2
#define MAX_READ 8

enum mask_kind { MASK_ALL, MASK_CH0, MASK_CH1, MASK_NONE };

/* One reader's results, in memory shared with it. */
struct reader {
	pid_t pid;
	unsigned int mask;		/* bit per channel it reads */
	uint64_t got[N_CHAN];
	uint64_t foreign;		/* events of a channel not in its mask */
	uint64_t disorder;		/* duplicate or earlier timestamp */
	uint64_t partial;		/* a read that was not whole events */
	int err;			/* an unexpected errno, or 0 */
	int ready, done;
};

struct shared {
	int drain, release;
	struct reader r[READERS];
};

static struct shared *sh;
static const char *dev;
static char sysdir[128];
static int n_pins, n_per_out;
static volatile int stop;
static uint64_t calls, unexpected;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t settime_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_signal(int sig)
{
	(void)sig;
}

static int64_t ev_ns(const struct ptp_extts_event *e)
{
	return e->t.sec * 1000000000LL + e->t.nsec;
}

/* Count the events of one read; 0, or -1 when the read was not whole. */
static int account(struct reader *r, const struct ptp_extts_event *ev,
		   ssize_t n, int64_t *last)
{
	ssize_t i;

	if (n % (ssize_t)sizeof(*ev)) {
		r->partial++;
		return -1;
	}
	for (i = 0; i < n / (ssize_t)sizeof(*ev); i++) {
		unsigned int c = ev[i].index;

		if (c >= N_CHAN || !(r->mask & (1U << c))) {
			r->foreign++;
			continue;
		}
		if (ev_ns(&ev[i]) <= last[c])
			r->disorder++;
		last[c] = ev_ns(&ev[i]);
		r->got[c]++;
	}
	return 0;
}

static int set_mask(int fd, struct reader *r, int kind)
{
	unsigned int c;

	r->mask = kind == MASK_ALL ? 3 : kind == MASK_CH0 ? 1 :
		  kind == MASK_CH1 ? 2 : 0;
	if (kind == MASK_ALL)
		return 0;
	if (ioctl(fd, PTP_MASK_CLEAR_ALL))
		return -1;
	for (c = 0; c < N_CHAN; c++)
		if ((r->mask & (1U << c)) && ioctl(fd, PTP_MASK_EN_SINGLE, &c))
			return -1;
	return 0;
}

/* One read of a reader; 1 when it is drained and done. */
static int read_once(int fd, struct reader *r, int polls, size_t size,
		     int64_t *last)
{
	struct ptp_extts_event ev[MAX_READ];
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (polls) {
		n = poll(&p, 1, 100);
		if (n < 0 && errno != EINTR)
			return r->err = errno, 1;
		if (n > 0 && (p.revents & (POLLERR | POLLHUP)))
			return r->err = ENODEV, 1;
		if (n <= 0 && !sh->drain)
			return 0;
	}
	n = read(fd, ev, size);
	if (n >= 0)
		return account(r, ev, n, last) ? 1 : 0;
	if (errno != EINTR && errno != EAGAIN)
		return r->err = errno, 1;
	if (!sh->drain)
		return 0;
	if (errno == EAGAIN)
		return 1;
	/* Woken to drain: from now on without blocking. */
	return fcntl(fd, F_SETFL, O_NONBLOCK) ? (r->err = errno, 1) : 0;
}

static void reader_main(int i)
{
	struct reader *r = &sh->r[i];
	int64_t last[N_CHAN] = { INT64_MIN, INT64_MIN };
	int polls = i & 1;
	size_t size = (1 + i % MAX_READ) * sizeof(struct ptp_extts_event);
	int fd;

	fd = open(dev, O_RDONLY | (polls ? O_NONBLOCK : 0));
	if (fd < 0 || set_mask(fd, r, (i / 2) % 4)) {
		r->err = errno;
		r->done = 1;
		_exit(1);
	}
	__atomic_store_n(&r->ready, 1, __ATOMIC_SEQ_CST);
	while (!read_once(fd, r, polls, size, last))
		;
	__atomic_store_n(&r->done, 1, __ATOMIC_SEQ_CST);
	/* The queue lives until the parent has read its drop count. */
	while (!__atomic_load_n(&sh->release, __ATOMIC_SEQ_CST))
		usleep(10000);
	close(fd);
	_exit(0);
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

/* Record the result of a call: an error it may get, or unexpected. */
static void result(const char *what, int rc)
{
	int e = errno;

	pthread_mutex_lock(&count_lock);
	calls++;
	if (rc < 0 && e != EINVAL && e != EOPNOTSUPP && e != EBUSY &&
	    e != ERANGE && e != EAGAIN) {
		if (unexpected++ < 20)
			printf("unexpected %s: %s\n", what, errname(e));
	}
	pthread_mutex_unlock(&count_lock);
}

static int clock_call(int fd, uint64_t *s, unsigned int op)
{
	clockid_t clk = FD_TO_CLOCKID(fd);
	struct timex tx = { 0 };
	struct timespec ts;

	switch (op) {
	case 0:
		return clock_gettime(clk, &ts);
	case 1:
		tx.modes = ADJ_FREQUENCY;
		tx.freq = (long)(rnd(s) % 200 * 65536) - 100 * 65536;
		break;
	case 2:		/* forward only: a step back would reorder events */
		tx.modes = ADJ_SETOFFSET | ADJ_NANO;
		tx.time.tv_usec = 1 + rnd(s) % 1000000;
		break;
	case 3:
		tx.modes = ADJ_OFFSET | ADJ_NANO;
		tx.offset = (long)(rnd(s) % 2000) - 1000;
		break;
	default: {	/* ahead; one thread at a time, or one could go back */
		int rc;

		pthread_mutex_lock(&settime_lock);
		rc = clock_gettime(clk, &ts);
		if (!rc) {
			ts.tv_sec += 1;
			rc = clock_settime(clk, &ts);
		}
		pthread_mutex_unlock(&settime_lock);
		return rc;
	}
	}
	return clock_adjtime(clk, &tx);
}

static int offset_call(int fd, uint64_t *s, unsigned int op)
{
	struct ptp_sys_offset_extended ext = { 0 };
	struct ptp_sys_offset_precise pre = { 0 };
	struct ptp_sys_offset off = { 0 };
	int two = rnd(s) & 1;

	switch (op) {
	case 0:
		off.n_samples = 1 + rnd(s) % PTP_MAX_SAMPLES;
		return ioctl(fd, PTP_SYS_OFFSET, &off);
	case 1:
		ext.n_samples = 1 + rnd(s) % PTP_MAX_SAMPLES;
		return ioctl(fd, two ? PTP_SYS_OFFSET_EXTENDED2 :
			     PTP_SYS_OFFSET_EXTENDED, &ext);
	default:
		return ioctl(fd, two ? PTP_SYS_OFFSET_PRECISE2 :
			     PTP_SYS_OFFSET_PRECISE, &pre);
	}
}

static int event_call(int fd, uint64_t *s, unsigned int op)
{
	struct ptp_extts_request ext = { .index = N_CHAN };
	struct ptp_perout_request per = { 0 };
	struct ptp_pin_desc pin = { 0 };
	struct ptp_clock_caps caps;
	int two = rnd(s) & 1, on = rnd(s) & 1;
	unsigned int c = rnd(s) % (N_CHAN + 1);

	switch (op) {
	case 0:
		return ioctl(fd, two ? PTP_CLOCK_GETCAPS2 : PTP_CLOCK_GETCAPS, &caps);
	case 1:
		pin.index = rnd(s) % (n_pins + 1);
		return ioctl(fd, two ? PTP_PIN_GETFUNC2 : PTP_PIN_GETFUNC, &pin);
	case 2:
		per.index = rnd(s) % n_per_out;
		per.period.nsec = on ? 1000000 * (1 + rnd(s) % 100) : 0;
		return ioctl(fd, two ? PTP_PEROUT_REQUEST2 : PTP_PEROUT_REQUEST, &per);
	case 3:
		return ioctl(fd, two ? PTP_ENABLE_PPS2 : PTP_ENABLE_PPS, on);
	case 4:	/* a channel the clock lacks: the two in use stay on */
		ext.flags = PTP_ENABLE_FEATURE;
		return ioctl(fd, PTP_EXTTS_REQUEST2, &ext);
	case 5:
		if (c == N_CHAN)
			return ioctl(fd, PTP_MASK_CLEAR_ALL);
		return ioctl(fd, PTP_MASK_EN_SINGLE, &c);
	default: {
		struct ptp_extts_event ev[4];

		return read(fd, ev, sizeof(ev)) < 0 ? -1 : 0;
	}
	}
}

static void *worker(void *arg)
{
	uint64_t s = (uintptr_t)arg;
	int fd = -1;

	while (!stop) {
		unsigned int op = rnd(&s) % 16;

		if (fd < 0 || op == 15) {
			if (fd >= 0)
				close(fd);
			fd = open(dev, O_RDWR | O_NONBLOCK);
			result("open", fd);
			continue;
		}
		/* clock_settime() only one time in 8 of op 4 */
		if (op == 4 && rnd(&s) % 8)
			op = 0;
		if (op < 5)
			result("clock", clock_call(fd, &s, op));
		else if (op < 8)
			result("sys offset", offset_call(fd, &s, op - 5));
		else
			result("ioctl", event_call(fd, &s, op - 8));
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void *storm(void *arg)
{
	(void)arg;
	while (!stop) {
		int fd = open(dev, O_RDONLY);

		result("storm open", fd);
		if (fd >= 0)
			close(fd);
	}
	return NULL;
}

/* Read every file in @dir (and its pins/). */
static void read_dir(const char *dir)
{
	char path[512], buf[4096];
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		int fd;

		if (de->d_name[0] == '.' || de->d_type == DT_LNK)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR) {
			if (!strcmp(de->d_name, "pins"))
				read_dir(path);
			continue;
		}
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;	/* write-only attributes */
		result(de->d_name, read(fd, buf, sizeof(buf)) < 0 ? -1 : 0);
		close(fd);
	}
	closedir(d);
}

static void *sysfs_reader(void *arg)
{
	(void)arg;
	while (!stop)
		read_dir(sysdir);
	return NULL;
}

static void *sysfs_writer(void *arg)
{
	static const char *const w[][2] = {
		{ "n_vclocks", "1" }, { "n_vclocks", "0" },
		{ "period", "2 0 0 0 1000000" }, { "period", "2 0 0 0 0" },
		{ "pps_enable", "1" }, { "pps_enable", "0" },
	};
	unsigned int i = 0;

	(void)arg;
	while (!stop) {
		result(w[i][0], write_attr(sysdir, w[i][0], w[i][1]));
		i = (i + 1) % (sizeof(w) / sizeof(w[0]));
	}
	write_attr(sysdir, "n_vclocks", "0");
	return NULL;
}

/* The events the dummy sent so far, per channel (its state file). */
static int sent_so_far(const char *dbg, uint64_t *sent)
{
	char path[256], line[256];
	unsigned int c, edges;
	unsigned long long n;
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/state", dbg);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "extts%u %u %llu", &c, &edges, &n) == 3 &&
		    c < N_CHAN) {
			sent[c] = n;
			found++;
		}
	fclose(f);
	return found == N_CHAN ? 0 : -1;
}

/* The drop count of @pid's queue in the core's debugfs; -1 if none. */
static long long dropped_of(const char *queues, pid_t pid, unsigned int *queued)
{
	char line[256];
	long long dropped = -1, d;
	unsigned int q;
	int p;
	FILE *f = fopen(queues, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "pid:%d %u %lld", &p, &q, &d) == 3 && p == pid) {
			dropped = d;
			*queued = q;
		}
	fclose(f);
	return dropped;
}

static int extts(int fd, unsigned int c, int on)
{
	struct ptp_extts_request req = {
		.index = c,
		.flags = on ? PTP_ENABLE_FEATURE | PTP_RISING_EDGE |
			      PTP_FALLING_EDGE : 0,
	};

	return ioctl(fd, PTP_EXTTS_REQUEST2, &req);
}

/* Wait until every reader has @field set, waking the blocked ones. */
static int wait_readers(int done, int seconds)
{
	int i, left, t;

	for (t = 0; t < seconds * 20; t++) {
		for (left = 0, i = 0; i < READERS; i++) {
			struct reader *r = &sh->r[i];

			if (__atomic_load_n(done ? &r->done : &r->ready,
					    __ATOMIC_SEQ_CST))
				continue;
			left++;
			if (done)
				kill(r->pid, SIGUSR1);
		}
		if (!left)
			return 0;
		usleep(50000);
	}
	return -1;
}

static int start_readers(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	int i;

	/* No SA_RESTART: the signal ends a blocked read() with EINTR. */
	sigaction(SIGUSR1, &sa, NULL);
	for (i = 0; i < READERS; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return -1;
		if (!pid)
			reader_main(i);
		sh->r[i].pid = pid;
	}
	return wait_readers(0, 120);
}

/* The stressors, for @seconds; returns once they have all stopped. */
static void run_stressors(unsigned int seconds, uint64_t seed)
{
	pthread_t t[WORKERS + 3];
	int i;

	for (i = 0; i < WORKERS; i++)
		pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(seed + i + 1));
	pthread_create(&t[WORKERS], NULL, storm, NULL);
	pthread_create(&t[WORKERS + 1], NULL, sysfs_reader, NULL);
	pthread_create(&t[WORKERS + 2], NULL, sysfs_writer, NULL);
	sleep(seconds);
	stop = 1;
	for (i = 0; i < WORKERS + 3; i++)
		pthread_join(t[i], NULL);
}

/* Check and print reader @i's results; the number of failed checks. */
static int check_reader(int i, const char *queues, const uint64_t *sent,
			uint64_t *recv, uint64_t *drop)
{
	struct reader *r = &sh->r[i];
	uint64_t want = 0, got = r->got[0] + r->got[1];
	unsigned int queued = 0, c;
	long long dropped = dropped_of(queues, r->pid, &queued);

	for (c = 0; c < N_CHAN; c++)
		if (r->mask & (1U << c))
			want += sent[c];
	printf("reader %d pid %d mask %u got %llu %llu dropped %lld sent %llu "
	       "disorder %llu foreign %llu partial %llu err %s\n", i, r->pid,
	       r->mask, (unsigned long long)r->got[0],
	       (unsigned long long)r->got[1], dropped,
	       (unsigned long long)want, (unsigned long long)r->disorder,
	       (unsigned long long)r->foreign, (unsigned long long)r->partial,
	       r->err ? errname(r->err) : "-");
	*recv += got;
	if (dropped >= 0)
		*drop += dropped;
	return dropped < 0 || queued || got + dropped != want || r->disorder ||
	       r->foreign || r->partial || r->err;
}

int main(int argc, char **argv)
{
	char name[64], dbg[160], queues[160], path[256];
	struct ptp_clock_caps caps;
	uint64_t base[N_CHAN], sent[N_CHAN], recv = 0, drop = 0;
	uint64_t seed;
	int fd, i, bad = 0;
	FILE *f;

	if (argc < 4 || argc > 5)
		return fprintf(stderr, "usage: ptp_stress DEV SECONDS GEN_PERIOD_NS [SEED]\n"), 2;
	dev = argv[1];
	seed = argc > 4 ? strtoull(argv[4], NULL, 0) : (uint64_t)time(NULL);
	printf("seed %llu\n", (unsigned long long)seed);
	fd = open(dev, O_RDWR);
	if (fd < 0 || ioctl(fd, PTP_CLOCK_GETCAPS, &caps))
		return perror(dev), 1;
	n_pins = caps.n_pins;
	n_per_out = caps.n_per_out;
	if (caps.n_ext_ts < N_CHAN || !n_per_out)
		return fprintf(stderr, "%s: not a ptp_dummy clock\n", dev), 1;
	snprintf(sysdir, sizeof(sysdir), "/sys/class/ptp/%s", strrchr(dev, '/') + 1);
	snprintf(path, sizeof(path), "%s/clock_name", sysdir);
	f = fopen(path, "r");
	if (!f || !fgets(name, sizeof(name), f))
		return perror(path), 1;
	fclose(f);
	name[strcspn(name, "\n")] = 0;
	snprintf(dbg, sizeof(dbg), "/sys/kernel/debug/ptp_dummy/%s", name);
	snprintf(queues, sizeof(queues), "/sys/kernel/debug/ptp/%s/queues",
		 strrchr(dev, '/') + 1);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return perror("mmap"), 1;
	if (start_readers())
		return fprintf(stderr, "the readers did not start\n"), 1;
	if (sent_so_far(dbg, base) || extts(fd, 0, 1) || extts(fd, 1, 1) ||
	    write_attr(dbg, "gen_channels", "3") ||
	    write_attr(dbg, "gen_width_ns", "0") ||
	    write_attr(dbg, "gen_period_ns", argv[3]))
		return perror("starting the events"), 1;

	run_stressors(strtoul(argv[2], NULL, 0), seed);

	if (write_attr(dbg, "gen_period_ns", "0") || extts(fd, 0, 0) ||
	    extts(fd, 1, 0))
		return perror("stopping the events"), 1;
	usleep(200000);
	if (sent_so_far(dbg, sent))
		return perror("the dummy's counts"), 1;
	sh->drain = 1;
	if (wait_readers(1, 120))
		bad++, printf("a reader did not finish draining\n");
	for (i = 0; i < N_CHAN; i++)
		sent[i] -= base[i];
	for (i = 0; i < READERS; i++)
		bad += check_reader(i, queues, sent, &recv, &drop);
	sh->release = 1;
	for (i = 0; i < READERS; i++)
		waitpid(sh->r[i].pid, NULL, 0);
	printf("sent %llu %llu\nreceived %llu\ndropped %llu\ncalls %llu\nunexpected %llu\n",
	       (unsigned long long)sent[0], (unsigned long long)sent[1],
	       (unsigned long long)recv, (unsigned long long)drop,
	       (unsigned long long)calls, (unsigned long long)unexpected);
	return bad || unexpected || !sent[0] || !sent[1];
}
