// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_unplug: unbind a clock's device while everything is in use on it,
 * over and over.
 *
 *   ptp_unplug DRIVER DEVICE CYCLES [RELOAD_EVERY]
 *
 * DRIVER is a platform driver (ptp_dummy), DEVICE its device (ptp_dummy.0),
 * whose clock is found under /sys/bus/platform/devices/DEVICE/ptp/.  In
 * each cycle, with the clock's PPS, periodic output 0 and extts 0 on:
 *   - a thread waits in read() and another in poll(), each on a
 *     descriptor of its own (the test waits until both sleep);
 *   - a thread calls PTP_SYS_OFFSET_EXTENDED in a loop, another writes
 *     n_vclocks 1 and 0 in a loop;
 *   - two sysfs files of the clock are held open;
 * then DEVICE is unbound.  Once the unbind has returned:
 *   - read() returned ENODEV and poll() POLLERR, and so did the ioctl
 *     loop; the n_vclocks writer stopped on an error;
 *   - the held sysfs files read ENODEV;
 *   - the device is bound again before the old descriptors are closed:
 *     the new clock must not have the old one's index, which is freed
 *     only with its last reference.
 * Every RELOAD_EVERY cycles (0: never) the module is unloaded and loaded
 * again instead (modprobe -r, modprobe).  udev is not needed: devtmpfs
 * makes the nodes.
 *
 * Prints one line per failed check and the totals; exits 0 when every
 * cycle passed, 1 otherwise, 2 on a usage error.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/ptp_clock.h>

#include "common.h"

struct cycle {
	char dev[32], sys[128];
	int idx;
	int fd, rfd, pfd, sfd[2];
	pid_t rtid, ptid;
	int read_err, poll_rev, ioctl_err, vclock_err;
	volatile int stop;
};

static const char *driver, *device;
static unsigned int failures;

static void fail(unsigned int n, const char *what, const char *got)
{
	failures++;
	printf("cycle %u: %s (got %s)\n", n, what, got);
}

/* The index of DEVICE's clock, or -1 when it has none. */
static int clock_index(void)
{
	char path[256];
	struct dirent *de;
	int idx = -1;
	DIR *d;

	snprintf(path, sizeof(path), "/sys/bus/platform/devices/%s/ptp", device);
	d = opendir(path);
	if (!d)
		return -1;
	while ((de = readdir(d)))
		if (sscanf(de->d_name, "ptp%d", &idx) == 1)
			break;
	closedir(d);
	return idx;
}

static int bind(int on)
{
	char path[256];

	snprintf(path, sizeof(path), "/sys/bus/platform/drivers/%s/%s",
		 driver, on ? "bind" : "unbind");
	return write_attr(NULL, path, device);
}

static void *reader(void *arg)
{
	struct cycle *c = arg;
	struct ptp_extts_event ev;

	c->rtid = syscall(SYS_gettid);
	if (read(c->rfd, &ev, sizeof(ev)) < 0)
		c->read_err = errno;
	return NULL;
}

static void *poller(void *arg)
{
	struct cycle *c = arg;
	struct pollfd p = { .fd = c->pfd, .events = POLLIN };

	c->ptid = syscall(SYS_gettid);
	if (poll(&p, 1, -1) == 1)
		c->poll_rev = p.revents;
	return NULL;
}

static void *ioctl_loop(void *arg)
{
	struct cycle *c = arg;
	struct ptp_sys_offset_extended ext = { .n_samples = 5 };

	while (!ioctl(c->fd, PTP_SYS_OFFSET_EXTENDED, &ext))
		;
	c->ioctl_err = errno;
	return NULL;
}

static void *vclock_loop(void *arg)
{
	struct cycle *c = arg;
	char path[160];
	int rc, n;

	snprintf(path, sizeof(path), "%s/n_vclocks", c->sys);
	/*
	 * A pause between the writes: each makes or removes a whole clock,
	 * which under KASAN takes long enough to be in flight at the unbind
	 * anyway, and cycles that made dozens cost minutes.
	 */
	for (n = 1; !(rc = write_attr(NULL, path, n ? "1" : "0")) || rc == -EBUSY; n = !n)
		usleep(5000);
	c->vclock_err = -rc;
	return NULL;
}

/* Whether thread @tid of this process sleeps (in read() or poll()). */
static int sleeping(pid_t tid)
{
	char path[64], buf[256], *p;
	int fd, n;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

/* Open the clock of this cycle and switch its events on. */
static int setup(struct cycle *c)
{
	struct ptp_perout_request per = { .period.sec = 1 };
	struct ptp_extts_request ext = { .flags = PTP_ENABLE_FEATURE };
	static const char *const held[2] = { "clock_name", "n_vclocks" };
	char path[192];
	int i;

	c->idx = clock_index();
	snprintf(c->dev, sizeof(c->dev), "/dev/ptp%d", c->idx);
	snprintf(c->sys, sizeof(c->sys), "/sys/class/ptp/ptp%d", c->idx);
	c->fd = open(c->dev, O_RDWR);
	c->rfd = open(c->dev, O_RDONLY);
	c->pfd = open(c->dev, O_RDONLY);
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/%s", c->sys, held[i]);
		c->sfd[i] = open(path, O_RDONLY);
	}
	if (c->idx < 0 || c->fd < 0 || c->rfd < 0 || c->pfd < 0 ||
	    c->sfd[0] < 0 || c->sfd[1] < 0)
		return -1;
	if (ioctl(c->fd, PTP_ENABLE_PPS, 1) ||
	    ioctl(c->fd, PTP_PEROUT_REQUEST, &per) ||
	    ioctl(c->fd, PTP_EXTTS_REQUEST, &ext))
		return -1;
	return 0;
}

static void teardown(struct cycle *c)
{
	int *fds[] = { &c->fd, &c->rfd, &c->pfd, &c->sfd[0], &c->sfd[1] };
	unsigned int i;

	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		if (*fds[i] >= 0)
			close(*fds[i]);
}

/* What each waiter and each call saw of the removal. */
static void check_woken(unsigned int n, struct cycle *c)
{
	char buf[64];
	int i;

	if (c->read_err != ENODEV)
		fail(n, "a blocked read() ends with ENODEV", errname(c->read_err));
	if (!(c->poll_rev & POLLERR))
		fail(n, "a blocked poll() reports POLLERR",
		     c->poll_rev ? "other events" : "none");
	if (c->ioctl_err != ENODEV)
		fail(n, "ioctls end with ENODEV", errname(c->ioctl_err));
	if (c->vclock_err != ENODEV && c->vclock_err != ENOENT)
		fail(n, "n_vclocks writes end with ENODEV or ENOENT",
		     errname(c->vclock_err));
	for (i = 0; i < 2; i++)
		if (pread(c->sfd[i], buf, sizeof(buf), 0) >= 0 || errno != ENODEV)
			fail(n, "a held sysfs file reads ENODEV", errname(errno));
}

/* One cycle; 0, or -1 when the clock could not be brought back. */
static int cycle(unsigned int n, int reload)
{
	struct cycle c = { .fd = -1, .rfd = -1, .pfd = -1, .sfd = { -1, -1 } };
	pthread_t t[4];
	int i, rc, newidx;

	if (setup(&c)) {
		fail(n, "setting up the clock", errname(errno));
		teardown(&c);
		return -1;
	}
	pthread_create(&t[0], NULL, reader, &c);
	pthread_create(&t[1], NULL, poller, &c);
	pthread_create(&t[2], NULL, ioctl_loop, &c);
	pthread_create(&t[3], NULL, vclock_loop, &c);
	for (i = 0; i < 10000 && !(c.rtid && c.ptid && sleeping(c.rtid) &&
				   sleeping(c.ptid)); i++)
		usleep(1000);
	if (i == 10000)
		fail(n, "the reader and the poller sleep before the unbind", "no");
	rc = reload ? system("modprobe -r ptp_dummy") : bind(0);
	if (rc)
		fail(n, "the unbind", reload ? "modprobe -r failed" : errname(-rc));
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	check_woken(n, &c);
	/* Bound again while the old clock is still open. */
	rc = reload ? system("modprobe ptp_dummy") : bind(1);
	newidx = clock_index();
	if (rc || newidx < 0) {
		fail(n, "binding again", rc ? "an error" : "no clock");
		teardown(&c);
		return -1;
	}
	if (newidx == c.idx)
		fail(n, "the new clock's index differs from the one still open",
		     "the same");
	teardown(&c);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int n, cycles, every;

	if (argc < 4 || argc > 5)
		return fprintf(stderr, "usage: ptp_unplug DRIVER DEVICE CYCLES [RELOAD_EVERY]\n"), 2;
	driver = argv[1];
	device = argv[2];
	cycles = strtoul(argv[3], NULL, 0);
	every = argc > 4 ? strtoul(argv[4], NULL, 0) : 0;
	for (n = 1; n <= cycles; n++)
		if (cycle(n, every && n % every == 0))
			break;
	printf("cycles %u\nfailures %u\n", n - 1, failures);
	return failures || n <= cycles;
}
