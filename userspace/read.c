// SPDX-License-Identifier: GPL-2.0
/*
 * Reading clocks: list, caps, get and cmp.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ptpctl.h"

/* Only the common options; no positional arguments. */
int no_args(struct ctx *c, int argc, char **argv)
{
	static const struct opt opts[] = { OPTS_COMMON, { .name = NULL } };
	struct optstate st;
	int id;

	opt_init(&st, argc, argv);
	st.i = 1;
	while ((id = opt_next(&st, opts)) != OPT_END) {
		if (id == OPT_JSON)
			c->json = true;
		else if (id == OPT_POS)
			return fail_usage(c, "unexpected argument '%s'", st.arg);
		else
			return opt_error(c, id, &st);
	}
	return 0;
}

struct clock_info {
	int index;
	char name[64];
	char driver[64];
	char parent[128];
	bool is_virtual;
	long attr[6];		/* sysfs capability attributes */
	int cross, phase;	/* from GETCAPS; -1 if the clock would not open */
	long n_vclocks;		/* -1 if absent (a virtual clock) */
};

static const char *const cap_attrs[6] = {
	"max_adjustment", "n_alarms", "n_external_timestamps",
	"n_periodic_outputs", "n_programmable_pins", "pps_available",
};

static const char *const cap_keys[6] = {
	"max_adj", "alarms", "extts", "perout", "pins", "pps",
};

static void base_of_link(const char *path, char *out, size_t len)
{
	char real[PATH_MAX];

	if (realpath(path, real))
		snprintf(out, len, "%s", strrchr(real, '/') + 1);
	else
		snprintf(out, len, "-");
}

static void gather(int index, struct clock_info *ci)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], buf[64], real[PATH_MAX];
	struct ptp_clock_caps caps;
	long v;
	int i, fd;

	memset(ci, 0, sizeof(*ci));
	ci->index = index;
	clock_sysdir(index, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/clock_name", dir);
	if (sysfs_read(path, ci->name, sizeof(ci->name)))
		snprintf(ci->name, sizeof(ci->name), "-");
	for (i = 0; i < 6; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, cap_attrs[i]);
		ci->attr[i] = -1;
		if (!sysfs_read(path, buf, sizeof(buf)) &&
		    !parse_long(buf, LONG_MIN, LONG_MAX, &v))
			ci->attr[i] = v;
	}
	snprintf(path, sizeof(path), "%s/n_vclocks", dir);
	ci->n_vclocks = -1;
	if (!sysfs_read(path, buf, sizeof(buf)) &&
	    !parse_long(buf, 0, LONG_MAX, &v))
		ci->n_vclocks = v;
	snprintf(path, sizeof(path), "%s/device/driver", dir);
	base_of_link(path, ci->driver, sizeof(ci->driver));
	snprintf(path, sizeof(path), "%s/device", dir);
	base_of_link(path, ci->parent, sizeof(ci->parent));
	/* a virtual clock's parent is its physical clock, in class ptp */
	snprintf(path, sizeof(path), "%s/device/subsystem", dir);
	if (realpath(path, real) && !strcmp(strrchr(real, '/'), "/ptp"))
		ci->is_virtual = true;

	ci->cross = ci->phase = -1;
	snprintf(path, sizeof(path), "/dev/ptp%d", index);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (!ioctl(fd, PTP_CLOCK_GETCAPS, &caps)) {
			ci->cross = caps.cross_timestamping;
			ci->phase = caps.adjust_phase;
		}
		close(fd);
	}
}

int cmd_list(struct ctx *c, int argc, char **argv)
{
	struct clock_info ci;
	int *idx, n, i, k, ret;
	char dev[32];

	ret = no_args(c, argc, argv);
	if (ret)
		return ret;
	n = list_clock_indices(&idx);
	if (n < 0)
		return fail_sys(c, "reading /sys/class/ptp", -n, NULL);
	if (c->json)
		printf("[");
	else if (n)
		printf("%-5s %-11s %-16s %-10s %-14s %s\n", "INDEX", "DEVICE",
		       "CLOCK_NAME", "DRIVER", "PARENT", "CAPABILITIES");
	else
		fprintf(stderr, "%s: no PTP hardware clocks\n", c->prog);
	for (i = 0; i < n; i++) {
		gather(idx[i], &ci);
		if (c->json) {
			printf("%s\n  {\"index\": %d, \"device\": \"/dev/ptp%d\", \"clock_name\": ",
			       i ? "," : "", ci.index, ci.index);
			json_str(stdout, ci.name);
			printf(", \"driver\": ");
			json_str(stdout, ci.driver);
			printf(", \"parent\": ");
			json_str(stdout, ci.parent);
			printf(", \"virtual\": %s", ci.is_virtual ? "true" : "false");
			for (k = 0; k < 6; k++)
				printf(", \"%s\": %ld", cap_keys[k], ci.attr[k]);
			printf(", \"cross_timestamping\": %d, \"adjust_phase\": %d, \"n_vclocks\": %ld}",
			       ci.cross, ci.phase, ci.n_vclocks);
			continue;
		}
		snprintf(dev, sizeof(dev), "/dev/ptp%d", ci.index);
		printf("%-5d %-11s %-16s %-10s %-14s", ci.index, dev, ci.name,
		       ci.driver, ci.parent);
		for (k = 0; k < 6; k++)
			printf("%s%s=%ld", k ? " " : "", cap_keys[k], ci.attr[k]);
		if (ci.cross >= 0)
			printf(" cross=%d phase=%d", ci.cross, ci.phase);
		if (ci.n_vclocks > 0)
			printf(" vclocks=%ld", ci.n_vclocks);
		if (ci.is_virtual)
			printf(" virtual");
		printf("\n");
	}
	if (c->json)
		printf("%s]\n", n ? "\n" : "");
	free(idx);
	return EXIT_OK;
}

static void print_caps(struct ctx *c)
{
	const struct ptp_clock_caps *k = &c->clk.caps;
	const struct { const char *name; int v; } f[] = {
		{ "max_adj", k->max_adj },
		{ "n_alarm", k->n_alarm },
		{ "n_ext_ts", k->n_ext_ts },
		{ "n_per_out", k->n_per_out },
		{ "pps", k->pps },
		{ "n_pins", k->n_pins },
		{ "cross_timestamping", k->cross_timestamping },
		{ "adjust_phase", k->adjust_phase },
	};
	unsigned int i;

	if (c->json) {
		printf("{\"device\": ");
		json_str(stdout, c->clk.dev);
		printf(", \"clock_name\": ");
		json_str(stdout, c->clk.name);
	} else {
		printf("%-18s %s\n", "clock_name", c->clk.name);
	}
	for (i = 0; i < ARRAY_SIZE(f); i++) {
		if (c->json)
			printf(", \"%s\": %d", f[i].name, f[i].v);
		else
			printf("%-18s %d\n", f[i].name, f[i].v);
	}
	if (c->json)
		printf("}\n");
}

int cmd_caps(struct ctx *c, int argc, char **argv)
{
	int ret;

	ret = no_args(c, argc, argv);
	if (!ret)
		ret = open_clock(c, false);
	if (ret)
		return ret;
	print_caps(c);
	return EXIT_OK;
}

int cmd_get(struct ctx *c, int argc, char **argv)
{
	struct timespec ts;
	char buf[48];
	int ret;

	ret = no_args(c, argc, argv);
	if (!ret)
		ret = open_clock(c, false);
	if (ret)
		return ret;
	if (clock_gettime(c->clk.clkid, &ts))
		return fail_sys(c, "clock_gettime", errno,
				ptp_errno_hint(c, errno, false));
	fmt_time(buf, sizeof(buf), ts.tv_sec, ts.tv_nsec);
	if (c->json) {
		printf("{\"device\": ");
		json_str(stdout, c->clk.dev);
		printf(", \"sec\": %lld, \"nsec\": %ld, \"time\": \"%s\"}\n",
		       (long long)ts.tv_sec, ts.tv_nsec, buf);
	} else {
		printf("%s\n", buf);
	}
	return EXIT_OK;
}

enum method { M_PRECISE, M_EXTENDED, M_BASIC, M_AUTO };
static const char *const method_names[] = { "precise", "extended", "basic" };
static const char *const method_ioctls[] = {
	"PTP_SYS_OFFSET_PRECISE", "PTP_SYS_OFFSET_EXTENDED", "PTP_SYS_OFFSET",
};

struct sample {
	int64_t offset;		/* PHC - CLOCK_REALTIME, ns */
	int64_t delay;		/* system time spent around the PHC read, ns */
	int64_t phc;		/* the PHC reading, ns */
};

static int64_t pct_ns(const struct ptp_clock_time *t)
{
	return ts_to_ns(t->sec, t->nsec);
}

/*
 * Make the sample bracketed by system times t[0] and t[2], with the PHC
 * time t[1], the new @best if its delay is shorter.
 */
static void keep_best(struct sample *best, const struct ptp_clock_time t[3])
{
	int64_t pre_ns = pct_ns(&t[0]), post_ns = pct_ns(&t[2]);
	struct sample s;

	s.phc = pct_ns(&t[1]);
	s.delay = post_ns - pre_ns;
	s.offset = s.phc - (pre_ns + s.delay / 2);
	if (s.delay < best->delay)
		*best = s;
}

/* Best (shortest delay) of @n samples by @m into @best; 0 or errno. */
static int measure(struct ctx *c, enum method m, unsigned int n,
		   struct sample *best)
{
	struct ptp_sys_offset_extended ext;
	struct ptp_sys_offset_precise pre;
	struct ptp_sys_offset basic;
	struct sample s;
	unsigned int i;

	best->delay = INT64_MAX;
	switch (m) {
	case M_PRECISE:
		for (i = 0; i < n; i++) {
			memset(&pre, 0, sizeof(pre));
			if (ioctl(c->clk.fd, PTP_SYS_OFFSET_PRECISE, &pre))
				return errno;
			s.phc = pct_ns(&pre.device);
			s.offset = s.phc - pct_ns(&pre.sys_realtime);
			s.delay = 0;
			if (s.delay < best->delay)
				*best = s;
		}
		return 0;
	case M_EXTENDED:
		memset(&ext, 0, sizeof(ext));
		ext.n_samples = n;
		if (ioctl(c->clk.fd, PTP_SYS_OFFSET_EXTENDED, &ext))
			return errno;
		for (i = 0; i < n; i++)
			keep_best(best, ext.ts[i]);
		return 0;
	case M_BASIC:
		memset(&basic, 0, sizeof(basic));
		basic.n_samples = n;
		if (ioctl(c->clk.fd, PTP_SYS_OFFSET, &basic))
			return errno;
		for (i = 0; i < n; i++)
			keep_best(best, &basic.ts[2 * i]);
		return 0;
	default:
		return EINVAL;
	}
}

int cmd_cmp(struct ctx *c, int argc, char **argv)
{
	enum { O_SAMPLES = 1, O_METHOD };
	static const struct opt opts[] = {
		OPTS_COMMON,
		{ "samples", 'n', true, O_SAMPLES },
		{ "method", 'm', true, O_METHOD },
		{ .name = NULL }
	};
	enum method want = M_AUTO, m;
	unsigned int samples = 5;
	struct sample best;
	struct optstate st;
	char b1[48], b2[48];
	int id, ret, err = 0;

	opt_init(&st, argc, argv);
	st.i = 1;
	while ((id = opt_next(&st, opts)) != OPT_END) {
		switch (id) {
		case OPT_JSON:
			c->json = true;
			break;
		case O_SAMPLES:
			if (parse_uint(st.arg, PTP_MAX_SAMPLES, &samples) ||
			    !samples)
				return fail_usage(c, "--samples must be 1..%d, not '%s'",
						  PTP_MAX_SAMPLES, st.arg);
			break;
		case O_METHOD:
			for (m = M_PRECISE; m < M_AUTO; m++)
				if (!strcmp(st.arg, method_names[m]))
					break;
			if (m == M_AUTO)
				return fail_usage(c, "unknown method '%s' (precise, extended or basic)",
						  st.arg);
			want = m;
			break;
		case OPT_POS:
			return fail_usage(c, "unexpected argument '%s'", st.arg);
		default:
			return opt_error(c, id, &st);
		}
	}
	ret = open_clock(c, false);
	if (ret)
		return ret;

	if (want != M_AUTO) {
		m = want;
		err = measure(c, m, samples, &best);
	} else {
		m = c->clk.caps.cross_timestamping ? M_PRECISE : M_EXTENDED;
		for (; m < M_AUTO; m++) {
			err = measure(c, m, samples, &best);
			if (err != EOPNOTSUPP && err != ENOTTY)
				break;
		}
		if (m == M_AUTO)
			m = M_BASIC;
	}
	if (err)
		return fail_sys(c, method_ioctls[m], err,
				err == EOPNOTSUPP ? "the clock does not offer this method" :
				ptp_errno_hint(c, err, false));
	if (c->json) {
		printf("{\"device\": ");
		json_str(stdout, c->clk.dev);
		printf(", \"method\": \"%s\", \"samples\": %u, \"offset_ns\": %lld, \"delay_ns\": %lld, \"phc\": \"%s\"}\n",
		       method_names[m], samples, (long long)best.offset,
		       (long long)best.delay, fmt_ns(b1, sizeof(b1), best.phc));
	} else {
		printf("method: %s\nsamples: %u\noffset: %lld ns (%s s, PHC - CLOCK_REALTIME)\ndelay: %lld ns\n",
		       method_names[m], samples, (long long)best.offset,
		       fmt_ns(b2, sizeof(b2), best.offset), (long long)best.delay);
	}
	return EXIT_OK;
}
