// SPDX-License-Identifier: GPL-2.0
/*
 * Finding a clock from what the user typed (/dev/ptpN, N, ptpN, a
 * clock_name or a network interface), checking that it really is a PHC,
 * and opening it.  An interface's clock is the phc_index of its
 * ETHTOOL_GET_TS_INFO, as linuxptp finds it.
 *
 * PTPCTL_SYSFS and PTPCTL_DEBUGFS override /sys and /sys/kernel/debug, so
 * that the unit test can resolve names against a fake tree.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <linux/ethtool.h>
#include <linux/sockios.h>

#include "ptpctl.h"

const char *sysfs_root(void)
{
	const char *r = getenv("PTPCTL_SYSFS");

	return r && *r ? r : "/sys";
}

const char *debugfs_root(void)
{
	const char *r = getenv("PTPCTL_DEBUGFS");

	return r && *r ? r : "/sys/kernel/debug";
}

/* Read a small sysfs file, without its trailing newline.  0 or -errno. */
int sysfs_read(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	err = errno;
	close(fd);
	if (n < 0)
		return -err;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

int clock_sysdir(int index, char *buf, size_t len)
{
	return snprintf(buf, len, "%s/class/ptp/ptp%d", sysfs_root(), index);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The indices of all clocks in /sys/class/ptp, sorted; count or -errno. */
int list_clock_indices(int **out)
{
	char path[PATH_MAX];
	struct dirent *de;
	int *v = NULL, n = 0, cap = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/class/ptp", sysfs_root());
	d = opendir(path);
	if (!d) {
		*out = NULL;
		return errno == ENOENT ? 0 : -errno;
	}
	while ((de = readdir(d))) {
		long idx;

		if (strncmp(de->d_name, "ptp", 3) ||
		    parse_long(de->d_name + 3, 0, INT_MAX, &idx))
			continue;
		if (n == cap) {
			int *nv;

			cap = cap ? cap * 2 : 8;
			nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				free(v);
				closedir(d);
				return -ENOMEM;
			}
			v = nv;
		}
		v[n++] = (int)idx;
	}
	closedir(d);
	qsort(v, n, sizeof(*v), cmp_int);
	*out = v;
	return n;
}

static void fill_name(struct clock *clk)
{
	char path[PATH_MAX];

	clock_sysdir(clk->index, path, sizeof(path));
	strncat(path, "/clock_name", sizeof(path) - strlen(path) - 1);
	if (sysfs_read(path, clk->name, sizeof(clk->name)))
		clk->name[0] = '\0';
}

/*
 * A path: it must be a character device that sysfs places in the ptp class.
 * Returns 0, or an exit status after reporting.
 */
static int resolve_path(struct ctx *c, const char *spec)
{
	char link[PATH_MAX], real[PATH_MAX], sub[PATH_MAX + 16];
	struct clock *clk = &c->clk;
	const char *base;
	struct stat st;
	long idx;

	snprintf(clk->dev, sizeof(clk->dev), "%s", spec);
	if (stat(spec, &st))
		return fail_sys(c, "stat", errno, NULL);
	if (!S_ISCHR(st.st_mode))
		return fail_msg(c, "%s is not a PTP hardware clock (not a character device)",
				spec);
	clk->index = -1;
	snprintf(link, sizeof(link), "%s/dev/char/%u:%u", sysfs_root(),
		 major(st.st_rdev), minor(st.st_rdev));
	if (!realpath(link, real)) {
		snprintf(sub, sizeof(sub), "%s/dev/char", sysfs_root());
		if (access(sub, F_OK) == 0)
			return fail_msg(c, "%s is not a PTP hardware clock (character device %u:%u is not in sysfs)",
					spec, major(st.st_rdev), minor(st.st_rdev));
		return 0;	/* no sysfs: GETCAPS decides when opened */
	}
	snprintf(sub, sizeof(sub), "%s/subsystem", real);
	if (!realpath(sub, link) || strcmp(strrchr(link, '/'), "/ptp"))
		return fail_msg(c, "%s is not a PTP hardware clock (its sysfs class is not ptp)",
				spec);
	base = strrchr(real, '/') + 1;
	if (!strncmp(base, "ptp", 3) &&
	    !parse_long(base + 3, 0, INT_MAX, &idx))
		clk->index = (int)idx;
	if (clk->index >= 0)
		fill_name(clk);
	return 0;
}

/*
 * The PHC of network interface @ifname (ETHTOOL_GET_TS_INFO): its index,
 * or -1 if it has none, in @phc.  0, or -1 with errno set (ENODEV: no
 * such interface).  Needs no privileges.
 */
static int iface_phc_fd(int fd, const char *ifname, int *phc)
{
	struct ethtool_ts_info info;
	struct ifreq ifr;
	size_t len = strlen(ifname);

	if (!len || len >= sizeof(ifr.ifr_name)) {
		errno = ENODEV;
		return -1;
	}
	memset(&ifr, 0, sizeof(ifr));
	memset(&info, 0, sizeof(info));
	memcpy(ifr.ifr_name, ifname, len);
	info.cmd = ETHTOOL_GET_TS_INFO;
	ifr.ifr_data = (void *)&info;
	if (ioctl(fd, SIOCETHTOOL, &ifr)) {
		if (errno != EOPNOTSUPP)
			return -1;
		info.phc_index = -1;	/* no time stamping at all */
	}
	*phc = info.phc_index;
	return 0;
}

/* iface_phc_fd with a socket of its own: 0, or the errno. */
int iface_phc(const char *ifname, int *phc)
{
	int fd, err = 0;

	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return errno;
	if (iface_phc_fd(fd, ifname, phc))
		err = errno;
	close(fd);
	return err;
}

/* Every network interface that has a PHC, in @out (malloc'd); count. */
int list_iface_phcs(struct iface_clock **out)
{
	struct if_nameindex *ifs, *i;
	struct iface_clock *v;
	int fd, n = 0, phc;

	*out = NULL;
	ifs = if_nameindex();
	if (!ifs)
		return 0;
	for (i = ifs; i->if_index; i++)
		n++;
	v = calloc(n + 1, sizeof(*v));
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	n = 0;
	for (i = ifs; v && fd >= 0 && i->if_index; i++) {
		if (iface_phc_fd(fd, i->if_name, &phc) || phc < 0)
			continue;
		snprintf(v[n].name, sizeof(v[n].name), "%s", i->if_name);
		v[n++].phc = phc;
	}
	if (fd >= 0)
		close(fd);
	if_freenameindex(ifs);
	*out = v;
	return v ? n : 0;
}

#define MAX_HITS	16

/* The clocks that a name stands for: by clock_name, and as an interface. */
struct name_hits {
	int idx[MAX_HITS];
	int n;
	int if_err;		/* 0: an interface of that name exists */
	int if_phc;		/* its PHC, or -1 */
};

static void add_hit(struct name_hits *h, int index)
{
	int i;

	for (i = 0; i < h->n; i++)
		if (h->idx[i] == index)
			return;
	if (h->n < MAX_HITS)
		h->idx[h->n++] = index;
}

/* 0, or -errno if the clocks cannot be listed. */
static int lookup_name(const char *spec, struct name_hits *h)
{
	char name[64], path[PATH_MAX];
	int *idx, n, i;

	memset(h, 0, sizeof(*h));
	n = list_clock_indices(&idx);
	if (n < 0)
		return n;
	for (i = 0; i < n; i++) {
		clock_sysdir(idx[i], path, sizeof(path));
		strncat(path, "/clock_name", sizeof(path) - strlen(path) - 1);
		if (!sysfs_read(path, name, sizeof(name)) && !strcmp(name, spec))
			add_hit(h, idx[i]);
	}
	free(idx);
	h->if_phc = -1;
	h->if_err = iface_phc(spec, &h->if_phc);
	if (!h->if_err && h->if_phc >= 0)
		add_hit(h, h->if_phc);
	return 0;
}

/*
 * Whether @spec could name a clock: a path, an index, a clock_name or a
 * network interface.  Quiet: for telling a mistyped command from a device.
 */
bool devspec_exists(const char *spec)
{
	struct name_hits h;
	int index;

	if (classify_devspec(spec, &index) != DEVSPEC_NAME)
		return true;
	return !lookup_name(spec, &h) && (h.n || !h.if_err);
}

static int resolve_name(struct ctx *c, const char *spec)
{
	char found[256] = "";
	struct name_hits h;
	int i, err;

	err = lookup_name(spec, &h);
	if (err)
		return fail_sys(c, "listing /sys/class/ptp", -err, NULL);
	if (!h.n && !h.if_err)
		return fail_msg(c, "network interface %s has no PTP hardware clock (see 'ethtool -T %s')",
				spec, spec);
	if (!h.n)
		return fail_msg(c, "no PTP clock named '%s' and no network interface of that name (see '%s list')",
				spec, c->prog);
	for (i = 0; i < h.n; i++)
		snprintf(found + strlen(found), sizeof(found) - strlen(found),
			 " ptp%d", h.idx[i]);
	if (h.n > 1)
		return fail_usage(c, "clock name '%s' is ambiguous (%s ); give /dev/ptpN instead",
				  spec, found);
	c->clk.index = h.idx[0];
	return 0;
}

/* Fill c->clk from what the user typed.  0, or an exit status. */
int resolve_clock(struct ctx *c, const char *spec)
{
	struct clock *clk = &c->clk;
	char path[PATH_MAX];
	int index = -1, ret;

	clk->fd = -1;
	switch (classify_devspec(spec, &index)) {
	case DEVSPEC_PATH:
		return resolve_path(c, spec);
	case DEVSPEC_INDEX:
		clock_sysdir(index, path, sizeof(path));
		if (access(path, F_OK))
			return fail_msg(c, "no PTP clock with index %d (see '%s list')",
					index, c->prog);
		clk->index = index;
		break;
	case DEVSPEC_NAME:
		ret = resolve_name(c, spec);
		if (ret)
			return ret;
		break;
	}
	snprintf(clk->dev, sizeof(clk->dev), "/dev/ptp%d", clk->index);
	fill_name(clk);
	return 0;
}

/* Resolve c->devspec once.  0, or an exit status. */
int resolve_dev(struct ctx *c)
{
	if (c->clk.dev[0])
		return 0;
	return resolve_clock(c, c->devspec);
}

/*
 * Open the clock, for writing if the command adjusts it.  When write access
 * is refused the clock is opened read-only anyway, so that the kernel's own
 * answer (EACCES) is what the user sees, with a hint.
 */
int open_clock(struct ctx *c, bool want_write)
{
	struct clock *clk = &c->clk;
	int fd = -1, ret;

	ret = resolve_dev(c);
	if (ret)
		return ret;
	if (want_write && !c->read_only) {
		fd = open(clk->dev, O_RDWR | O_CLOEXEC);
		if (fd < 0 && errno != EACCES && errno != EPERM &&
		    errno != EROFS)
			return fail_sys(c, "open", errno, NULL);
		clk->writable = fd >= 0;
	}
	if (fd < 0) {
		fd = open(clk->dev, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return fail_sys(c, "open", errno, NULL);
		clk->writable = false;
	}
	clk->fd = fd;
	clk->clkid = FD_TO_CLOCKID(fd);
	return load_caps(c);
}

int load_caps(struct ctx *c)
{
	struct clock *clk = &c->clk;

	memset(&clk->caps, 0, sizeof(clk->caps));
	if (ioctl(clk->fd, PTP_CLOCK_GETCAPS, &clk->caps)) {
		if (errno == ENOTTY || errno == EINVAL)
			return fail_msg(c, "%s is not a PTP hardware clock (PTP_CLOCK_GETCAPS: %s)",
					clk->dev, strerror(errno));
		return fail_sys(c, "PTP_CLOCK_GETCAPS", errno, NULL);
	}
	clk->have_caps = true;
	return 0;
}

void close_clock(struct ctx *c)
{
	if (c->clk.fd >= 0)
		close(c->clk.fd);
	c->clk.fd = -1;
}
