// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_bench: the figures of `make bench`, measured on whichever PTP core is
 * loaded, for bench/guest.sh to compare.
 *
 *   ptp_bench [-t MS] [-v VDEV] [-g DUMMYDIR] DEV FIGURE...
 *
 * DEV is the dummy's /dev/ptpN, VDEV a virtual clock's /dev/ptpM, DUMMYDIR
 * its debugfs directory (/sys/kernel/debug/ptp_dummy/ptp_dummy.0).  -t is
 * how long each timed figure runs (default 200 ms).  Each figure prints
 * one line or more, "NAME VALUE", VALUE a decimal number:
 *
 *   gettime       gettime_ns: clock_gettime() on DEV, ns a call
 *   floor         floor_ns: syscall(SYS_clock_gettime, CLOCK_MONOTONIC_RAW),
 *                 and phc_floor: gettime_ns / floor_ns, measured together
 *   sysoff        sysoff25_us: PTP_SYS_OFFSET_EXTENDED of 25 samples, us a
 *                 call; sysoff_window_ns: the median post - pre of a sample
 *   sysoffN       sysoff_nN_us (N 1..25): the same with N samples
 *   adjfreq       adjfreq_ns: clock_adjtime(ADJ_FREQUENCY, 0), ns a call
 *   caps          caps_ns: PTP_CLOCK_GETCAPS, ns a call
 *   precise       precise_us: PTP_SYS_OFFSET_PRECISE, us a call (the dummy
 *                 loaded with cross=1)
 *   vclock        vclock_ns: clock_gettime() on VDEV, ns a call
 *   latency_same  extts_lat_same_med_us, extts_lat_same_p99_us: from just
 *                 before the debugfs trigger write to the blocked reader's
 *                 wake-up, the writer and the reader both kept on CPU 0;
 *                 extts_lat_same_qNN_us: its percentiles 5 to 99
 *   latency_cross extts_lat_cross_*: the same with the reader on CPU 1: the
 *                 wake-up crosses CPUs, which under TCG adds the host's
 *                 scheduling of the other vCPU (2 CPUs or more).  Left to
 *                 the scheduler, a reader lands on either CPU for a whole
 *                 run, which made one unpinned figure bimodal
 *   readersN      readersN_us: the time of the trigger's write() (the
 *                 core queues the event and wakes the readers in it) with
 *                 N readers blocked on DEV, median; readersN_per_edge:
 *                 events they got per edge (6.1: 1, ours: N), and
 *                 readersN_per_event_us: the write's time per event
 *                 delivered.  The write's time includes the woken readers
 *                 that preempt it: ours wakes N that each have an event,
 *                 6.1 wakes N of which one has it and the rest sleep again
 *   pinnedN       pinnedN_us: readersN with the readers kept on CPU 1 and
 *                 the writer on CPU 0, so that no woken reader preempts
 *                 the write: what the core itself costs (2 CPUs or more)
 *   two           two_readers_min: of 20 events on one channel, the fewer
 *                 that either of two readers of DEV received
 *   rate          extts_rate: the highest generator rate (events/s, of
 *                 1k, 2k, 5k, 10k) at which one reader lost nothing
 *
 * The timed figures take the median of 5 slices of -t each, which leaves
 * out the slices in which the host preempted the guest.  Exit status: 0,
 * or 1 with a message on stderr when a call fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>
#include <linux/ptp_clock.h>

#define CLOCKFD 3
#define FD_TO_CLOCKID(fd) \
	((clockid_t)((~(unsigned int)(fd) << 3) | CLOCKFD))

#define SLICES 5
#define MAX_READERS 16

static long slice_ms = 200;
/* CPUs the readers and the writer of deliver() are kept on; -1: any. */
static int reader_cpu = -1, writer_cpu = -1;
static const char *dummy_dir;

static void die(const char *what)
{
	fprintf(stderr, "ptp_bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The value at fraction @q (0.5: the median) of @n sorted values. */
static double quantile(double *v, int n, double q)
{
	int i;

	qsort(v, n, sizeof(*v), cmp_double);
	i = (int)(q * (n - 1) + 0.5);
	return v[i];
}

/*
 * Time @op in SLICES slices of slice_ms: ns a call, the median slice.
 * @op makes one call and returns 0, or -1 with errno set.
 */
static double timed(int (*op)(void *), void *arg, const char *what)
{
	double per[SLICES];
	int s;

	for (s = 0; s < SLICES; s++) {
		int64_t t0 = now_ns(), t, end = t0 + slice_ms * 1000000;
		long calls = 0;
		int i;

		do {
			for (i = 0; i < 16; i++)
				if (op(arg))
					die(what);
			calls += 16;
			t = now_ns();
		} while (t < end);
		per[s] = (double)(t - t0) / calls;
	}
	return quantile(per, SLICES, 0.5);
}

static int op_gettime(void *arg)
{
	struct timespec ts;

	return clock_gettime(*(clockid_t *)arg, &ts);
}

static int op_floor(void *arg)
{
	struct timespec ts;

	(void)arg;
	return syscall(SYS_clock_gettime, CLOCK_MONOTONIC_RAW, &ts);
}

struct sysoff {
	int fd;
	struct ptp_sys_offset_extended req;
};

static int op_sysoff(void *arg)
{
	struct sysoff *so = arg;

	return ioctl(so->fd, PTP_SYS_OFFSET_EXTENDED, &so->req);
}

static int op_adjfreq(void *arg)
{
	struct timex tx = { .modes = ADJ_FREQUENCY, .freq = 0 };

	return clock_adjtime(*(clockid_t *)arg, &tx) < 0 ? -1 : 0;
}

static int op_caps(void *arg)
{
	struct ptp_clock_caps caps;

	return ioctl(*(int *)arg, PTP_CLOCK_GETCAPS, &caps);
}

static int op_precise(void *arg)
{
	struct ptp_sys_offset_precise p;

	return ioctl(*(int *)arg, PTP_SYS_OFFSET_PRECISE, &p);
}

static int64_t ts_ns(const struct ptp_clock_time *t)
{
	return t->sec * 1000000000 + t->nsec;
}

static void fig_sysoff(int fd, int n, int window)
{
	struct sysoff so = { .fd = fd };
	double w[PTP_MAX_SAMPLES];
	unsigned int i;

	so.req.n_samples = n;
	if (n == 25)
		printf("sysoff25_us %.3f\n",
		       timed(op_sysoff, &so, "PTP_SYS_OFFSET_EXTENDED") / 1000);
	else
		printf("sysoff_n%d_us %.3f\n", n,
		       timed(op_sysoff, &so, "PTP_SYS_OFFSET_EXTENDED") / 1000);
	if (!window)
		return;
	if (op_sysoff(&so))
		die("PTP_SYS_OFFSET_EXTENDED");
	for (i = 0; i < so.req.n_samples; i++)
		w[i] = (double)(ts_ns(&so.req.ts[i][2]) - ts_ns(&so.req.ts[i][0]));
	printf("sysoff_window_ns %.0f\n", quantile(w, so.req.n_samples, 0.5));
}

/* The debugfs trigger file and the EXTTS channel 0 of @fd. */
static int open_trigger(void)
{
	char path[512];
	int fd;

	if (!dummy_dir) {
		errno = EINVAL;
		die("-g DUMMYDIR is needed");
	}
	snprintf(path, sizeof(path), "%s/trigger", dummy_dir);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		die(path);
	return fd;
}

static void extts(int fd, int on)
{
	struct ptp_extts_request req = {
		.index = 0,
		.flags = on ? PTP_ENABLE_FEATURE | PTP_RISING_EDGE : 0,
	};

	if (ioctl(fd, PTP_EXTTS_REQUEST, &req))
		die("PTP_EXTTS_REQUEST");
}

/* Read what @fd has queued, without blocking (6.1 ignores O_NONBLOCK). */
static int drain(int fd, int max)
{
	struct ptp_extts_event ev;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int n = 0;

	while (n < max && poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
		if (read(fd, &ev, sizeof(ev)) != sizeof(ev))
			die("read");
		n++;
	}
	return n;
}

/* A reader of @fd: counts events until cancelled, and when the last woke. */
struct reader {
	pthread_t th;
	int fd;
	pthread_mutex_t *lock;
	pthread_cond_t *cond;
	long events;
	int64_t woke_ns;
};

/* Keep the calling thread on @cpu. */
static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set)) {
		errno = EINVAL;
		die("pthread_setaffinity_np");
	}
}

static void *reader_main(void *arg)
{
	struct reader *r = arg;
	struct ptp_extts_event ev;

	if (reader_cpu >= 0)
		pin(reader_cpu);

	for (;;) {
		ssize_t got = read(r->fd, &ev, sizeof(ev));
		int64_t t = now_ns();

		/* 6.1 returns 0 to a reader that another one beat to it. */
		if (got == 0)
			continue;
		if (got != sizeof(ev))
			die("read");
		pthread_mutex_lock(r->lock);
		r->events++;
		r->woke_ns = t;
		pthread_cond_broadcast(r->cond);
		pthread_mutex_unlock(r->lock);
	}
	return NULL;
}

/*
 * @n readers, each with its own open file of @dev, blocked in read() on
 * channel 0; @rounds edges from the debugfs trigger, one at a time.
 * With @lat: per edge, from just before the write to the reader's
 * wake-up (n = 1), in us; else the time the trigger's write() itself
 * took, which is where the core queues the event for every reader and
 * wakes them.  Returns the median, and in
 * *per_edge the events the readers got per edge (6.1: 1, as its queue is
 * the clock's; ours: n).  With @q: the 5, 10, 25, 50, 75, 90, 95 and
 * 99th percentiles, in q[0..7].
 */
static double deliver(const char *dev, int n, int rounds, int lat,
		      double *q, double *per_edge)
{
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
	struct reader rd[MAX_READERS];
	double *v, med;
	int trig, ctl, i, k;
	long total = 0;

	v = calloc(rounds, sizeof(*v));
	if (!v)
		die("calloc");
	trig = open_trigger();
	ctl = open(dev, O_RDWR);
	if (ctl < 0)
		die(dev);
	for (i = 0; i < n; i++) {
		rd[i] = (struct reader){ .lock = &lock, .cond = &cond };
		rd[i].fd = open(dev, O_RDWR);
		if (rd[i].fd < 0)
			die(dev);
		drain(rd[i].fd, 100000);
	}
	extts(ctl, 1);
	if (writer_cpu >= 0)
		pin(writer_cpu);
	for (i = 0; i < n; i++)
		if (pthread_create(&rd[i].th, NULL, reader_main, &rd[i]))
			die("pthread_create");
	for (k = 0; k < rounds; k++) {
		long before = 0;
		int64_t t0, t1;

		/* Let every reader block in read() again. */
		usleep(1000);
		pthread_mutex_lock(&lock);
		for (i = 0; i < n; i++)
			before += rd[i].events;
		pthread_mutex_unlock(&lock);
		t0 = now_ns();
		if (write(trig, "0", 1) != 1)
			die("trigger");
		t1 = now_ns();
		if (!lat) {
			v[k] = (double)(t1 - t0) / 1000;
			continue;
		}
		pthread_mutex_lock(&lock);
		while (rd[0].events == before) {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_sec += 2;
			if (pthread_cond_timedwait(&cond, &lock, &ts) == ETIMEDOUT) {
				errno = ETIMEDOUT;
				die("no event");
			}
		}
		v[k] = (double)(rd[0].woke_ns - t0) / 1000;
		pthread_mutex_unlock(&lock);
	}
	usleep(20000);
	for (i = 0; i < n; i++) {
		pthread_cancel(rd[i].th);
		pthread_join(rd[i].th, NULL);
		total += rd[i].events;
	}
	extts(ctl, 0);
	for (i = 0; i < n; i++)
		close(rd[i].fd);
	close(ctl);
	close(trig);
	if (per_edge)
		*per_edge = (double)total / rounds;
	if (q) {
		static const double at[] = { .05, .1, .25, .5, .75, .9, .95, .99 };

		for (i = 0; i < 8; i++)
			q[i] = quantile(v, rounds, at[i]);
	}
	med = quantile(v, rounds, 0.5);
	free(v);
	return med;
}

/* Edges of a readersN figure: about one per 20 ms of -t x SLICES. */
static int lat_rounds(void)
{
	int r = (int)(slice_ms * SLICES / 20);

	return r < 10 ? 10 : r > 400 ? 400 : r;
}

/*
 * Edges of the latency figure: 40 times as many (1000 at -t 100), for its
 * percentiles: with 200 a run the p99 still swung 1 to 5 ms between runs.
 */
static int lat_samples(void)
{
	int r = lat_rounds() * 40;

	return r > 2000 ? 2000 : r;
}

static void fig_two(const char *dev)
{
	int trig = open_trigger(), a, b, i, na = 0, nb = 0;
	const int events = 20;

	a = open(dev, O_RDWR);
	b = open(dev, O_RDWR);
	if (a < 0 || b < 0)
		die(dev);
	drain(a, 1000);
	drain(b, 1000);
	extts(a, 1);
	for (i = 0; i < events; i++)
		if (write(trig, "0", 1) != 1)
			die("trigger");
	/* Both read in turn, one event at a time, as two busy readers would. */
	for (i = 0; i < events; i++) {
		na += drain(a, 1);
		nb += drain(b, 1);
	}
	na += drain(a, 1000);
	nb += drain(b, 1000);
	extts(a, 0);
	printf("two_readers_a %d\ntwo_readers_b %d\ntwo_readers_min %d\n",
	       na, nb, na < nb ? na : nb);
	close(a);
	close(b);
	close(trig);
}

static void write_knob(const char *name, long long val)
{
	char path[512], buf[32];
	int fd, len;

	snprintf(path, sizeof(path), "%s/%s", dummy_dir, name);
	len = snprintf(buf, sizeof(buf), "%lld", val);
	fd = open(path, O_WRONLY);
	if (fd < 0 || write(fd, buf, len) != len)
		die(path);
	close(fd);
}

/* The generator's missed periods so far ("gen <on> <edges> <missed>"). */
static long long gen_missed(void)
{
	char path[512], line[256];
	long long on, edges, missed = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/state", dummy_dir);
	f = fopen(path, "r");
	if (!f)
		die(path);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "gen %lld %lld %lld", &on, &edges, &missed) == 3)
			break;
	fclose(f);
	return missed;
}

/*
 * One reader of the generator at @period_ns for SLICES x -t ms: the edges
 * it lost, counted from the gaps between timestamps (the generator stamps
 * each edge at a whole multiple of its period), less the periods that the
 * dummy itself skipped (its timers ran late).
 */
static long long lost_at(const char *dev, long long period_ns)
{
	struct ptp_extts_event ev[64];
	long long lost = 0, m0, m1;
	int64_t prev = -1, end;
	int fd;

	fd = open(dev, O_RDWR);
	if (fd < 0)
		die(dev);
	drain(fd, 100000);
	write_knob("gen_period_ns", period_ns);
	extts(fd, 1);
	m0 = gen_missed();
	end = now_ns() + slice_ms * SLICES * 1000000;
	while (now_ns() < end) {
		ssize_t got = read(fd, ev, sizeof(ev));
		int i;

		if (got < 0)
			die("read");
		for (i = 0; i < (int)(got / sizeof(ev[0])); i++) {
			int64_t t = ts_ns(&ev[i].t);

			if (prev >= 0 && t - prev > period_ns * 3 / 2)
				lost += (t - prev + period_ns / 2) / period_ns - 1;
			prev = t;
		}
	}
	m1 = gen_missed();
	extts(fd, 0);
	write_knob("gen_period_ns", 0);
	drain(fd, 100000);
	close(fd);
	lost -= m1 - m0;
	return lost > 0 ? lost : 0;
}

static void fig_rate(const char *dev)
{
	static const long long periods[] = { 1000000, 500000, 200000, 100000 };
	long long best = 0;
	unsigned int i;

	if (!dummy_dir) {
		errno = EINVAL;
		die("-g DUMMYDIR is needed");
	}
	for (i = 0; i < sizeof(periods) / sizeof(periods[0]); i++) {
		long long lost = lost_at(dev, periods[i]);

		printf("extts_lost_%lldk %lld\n", 1000000 / periods[i], lost);
		if (lost)
			break;
		best = 1000000000 / periods[i];
	}
	printf("extts_rate %lld\n", best);
}

/* Let the calling thread run on any CPU again. */
static void pin_all(void)
{
	cpu_set_t set;
	long i, n = sysconf(_SC_NPROCESSORS_ONLN);

	CPU_ZERO(&set);
	for (i = 0; i < n && i < CPU_SETSIZE; i++)
		CPU_SET(i, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/*
 * A latency figure, with the reader kept on @rcpu and the writer on
 * @wcpu; @tag names the variant.
 */
static void fig_latency(const char *dev, const char *tag, int rcpu, int wcpu)
{
	static const int qs[] = { 5, 10, 25, 50, 75, 90, 95, 99 };
	double q[8], med;
	unsigned int k;

	reader_cpu = rcpu;
	writer_cpu = wcpu;
	med = deliver(dev, 1, lat_samples(), 1, q, NULL);
	reader_cpu = -1;
	writer_cpu = -1;
	pin_all();
	printf("extts_lat%s_med_us %.1f\nextts_lat%s_p99_us %.1f\n", tag, med, tag, q[7]);
	for (k = 0; k < 8; k++)
		printf("extts_lat%s_q%02d_us %.1f\n", tag, qs[k], q[k]);
}

int main(int argc, char **argv)
{
	const char *dev, *vdev = NULL;
	clockid_t clk;
	int c, fd, i;

	while ((c = getopt(argc, argv, "t:v:g:")) != -1) {
		switch (c) {
		case 't': slice_ms = atol(optarg); break;
		case 'v': vdev = optarg; break;
		case 'g': dummy_dir = optarg; break;
		default: goto usage;
		}
	}
	if (optind + 1 >= argc || slice_ms <= 0)
		goto usage;
	dev = argv[optind++];
	fd = open(dev, O_RDWR);
	if (fd < 0)
		die(dev);
	clk = FD_TO_CLOCKID(fd);

	for (i = optind; i < argc; i++) {
		const char *f = argv[i];
		int n;

		if (!strcmp(f, "gettime")) {
			printf("gettime_ns %.1f\n", timed(op_gettime, &clk, "clock_gettime"));
		} else if (!strcmp(f, "floor")) {
			double g = timed(op_gettime, &clk, "clock_gettime");
			double fl = timed(op_floor, NULL, "clock_gettime raw");

			printf("floor_ns %.1f\nphc_floor %.3f\n", fl, g / fl);
		} else if (!strcmp(f, "sysoff")) {
			fig_sysoff(fd, 25, 1);
		} else if (sscanf(f, "sysoff%d", &n) == 1 && n >= 1 && n <= 25) {
			fig_sysoff(fd, n, 0);
		} else if (!strcmp(f, "adjfreq")) {
			printf("adjfreq_ns %.1f\n", timed(op_adjfreq, &clk, "clock_adjtime"));
		} else if (!strcmp(f, "caps")) {
			printf("caps_ns %.1f\n", timed(op_caps, &fd, "PTP_CLOCK_GETCAPS"));
		} else if (!strcmp(f, "precise")) {
			printf("precise_us %.2f\n",
			       timed(op_precise, &fd, "PTP_SYS_OFFSET_PRECISE") / 1000);
		} else if (!strcmp(f, "vclock")) {
			int vfd;
			clockid_t vclk;

			if (!vdev) {
				errno = EINVAL;
				die("vclock needs -v VDEV");
			}
			vfd = open(vdev, O_RDWR);
			if (vfd < 0)
				die(vdev);
			vclk = FD_TO_CLOCKID(vfd);
			printf("vclock_ns %.1f\n", timed(op_gettime, &vclk, "clock_gettime vclock"));
			close(vfd);
		} else if (!strcmp(f, "latency_same")) {
			fig_latency(dev, "_same", 0, 0);
		} else if (!strcmp(f, "latency_cross")) {
			if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
				continue;
			fig_latency(dev, "_cross", 1, 0);
		} else if (sscanf(f, "readers%d", &n) == 1 && n >= 1 && n <= MAX_READERS) {
			double per, t = deliver(dev, n, lat_rounds(), 0, NULL, &per);

			printf("readers%d_us %.2f\nreaders%d_per_edge %.2f\n", n, t, n, per);
			if (per > 0)
				printf("readers%d_per_event_us %.2f\n", n, t / per);
		} else if (sscanf(f, "pinned%d", &n) == 1 && n >= 1 && n <= MAX_READERS) {
			double per, t;

			if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
				continue;
			reader_cpu = 1;
			writer_cpu = 0;
			t = deliver(dev, n, lat_rounds(), 0, NULL, &per);
			reader_cpu = -1;
			writer_cpu = -1;
			pin_all();
			printf("pinned%d_us %.2f\n", n, t);
		} else if (!strcmp(f, "two")) {
			fig_two(dev);
		} else if (!strcmp(f, "rate")) {
			fig_rate(dev);
		} else {
			fprintf(stderr, "ptp_bench: unknown figure %s\n", f);
			return 2;
		}
		fflush(stdout);
	}
	close(fd);
	return 0;
usage:
	fprintf(stderr, "usage: ptp_bench [-t MS] [-v VDEV] [-g DUMMYDIR] DEV FIGURE...\n");
	return 2;
}
