// SPDX-License-Identifier: GPL-2.0
/*
 * Reading clocks: list, caps, get and cmp.
 */
#include <ctype.h>
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
	struct optstate st;
	int id;

	opt_init(&st, c, argc, argv, NULL, false);
	id = opt_next(&st);
	return id == OPT_END ? 0 : opt_error(c, id, &st);
}

struct clock_info {
	int index;
	char dev[32];
	char name[64];		/* "" if unknown */
	char driver[64];
	char parent[128];
	char ifaces[128];	/* comma-separated; "" if none */
	bool is_virtual;
	long attr[6];		/* sysfs capability attributes */
	bool have_attr[6];
	bool have_caps;		/* cross and phase are from GETCAPS */
	int cross, phase;
	char error[96];		/* why GETCAPS could not be read, or "" */
	long n_vclocks;
	bool have_vclocks;	/* a virtual clock has no n_vclocks */
};

static const char *const cap_attrs[6] = {
	"max_adjustment", "n_alarms", "n_external_timestamps",
	"n_periodic_outputs", "n_programmable_pins", "pps_available",
};

static const char *const cap_keys[6] = {
	"max_adj", "alarms", "extts", "perout", "pins", "pps",
};

#define CAP_PPS		5	/* a flag, not a count */

static void base_of_link(const char *path, char *out, size_t len)
{
	char real[PATH_MAX];

	if (realpath(path, real))
		snprintf(out, len, "%s", strrchr(real, '/') + 1);
	else
		out[0] = '\0';
}

/* "open: permission denied": the call and its errno text, in lower case. */
static void note_error(struct clock_info *ci, const char *op, int err)
{
	snprintf(ci->error, sizeof(ci->error), "%s: %s", op, strerror(err));
	ci->error[strlen(op) + 2] = tolower((unsigned char)ci->error[strlen(op) + 2]);
}

static void read_caps(struct clock_info *ci)
{
	struct ptp_clock_caps caps;
	int fd;

	fd = open(ci->dev, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		note_error(ci, "open", errno);
		return;
	}
	memset(&caps, 0, sizeof(caps));
	if (ioctl(fd, PTP_CLOCK_GETCAPS, &caps)) {
		note_error(ci, "PTP_CLOCK_GETCAPS", errno);
	} else {
		ci->have_caps = true;
		ci->cross = caps.cross_timestamping;
		ci->phase = caps.adjust_phase;
	}
	close(fd);
}

static void gather(int index, const struct iface_clock *ifs, int nifs,
		   struct clock_info *ci)
{
	char dir[PATH_MAX], path[PATH_MAX + 64], buf[64], real[PATH_MAX];
	size_t off;
	long v;
	int i;

	memset(ci, 0, sizeof(*ci));
	ci->index = index;
	snprintf(ci->dev, sizeof(ci->dev), "/dev/ptp%d", index);
	clock_sysdir(index, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/clock_name", dir);
	if (sysfs_read(path, ci->name, sizeof(ci->name)))
		ci->name[0] = '\0';
	for (i = 0; i < 6; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, cap_attrs[i]);
		if (!sysfs_read(path, buf, sizeof(buf)) &&
		    !parse_long(buf, LONG_MIN, LONG_MAX, &v)) {
			ci->attr[i] = v;
			ci->have_attr[i] = true;
		}
	}
	snprintf(path, sizeof(path), "%s/n_vclocks", dir);
	if (!sysfs_read(path, buf, sizeof(buf)) &&
	    !parse_long(buf, 0, LONG_MAX, &v)) {
		ci->n_vclocks = v;
		ci->have_vclocks = true;
	}
	snprintf(path, sizeof(path), "%s/device/driver", dir);
	base_of_link(path, ci->driver, sizeof(ci->driver));
	snprintf(path, sizeof(path), "%s/device", dir);
	base_of_link(path, ci->parent, sizeof(ci->parent));
	/* a virtual clock's parent is its physical clock, in class ptp */
	snprintf(path, sizeof(path), "%s/device/subsystem", dir);
	if (realpath(path, real) && !strcmp(strrchr(real, '/'), "/ptp"))
		ci->is_virtual = true;
	for (i = 0, off = 0; i < nifs; i++)
		if (ifs[i].phc == index && off < sizeof(ci->ifaces))
			off += snprintf(ci->ifaces + off, sizeof(ci->ifaces) - off,
					"%s%s", off ? "," : "", ifs[i].name);
	read_caps(ci);
}

static void print_json_clock(const struct clock_info *ci, bool first)
{
	const char *p, *e;
	int k;

	printf("%s\n  {\"index\": %d", first ? "" : ",", ci->index);
	json_key(stdout, false, "device");
	json_str(stdout, ci->dev);
	json_key(stdout, false, "clock_name");
	if (ci->name[0])
		json_str(stdout, ci->name);
	else
		printf("null");
	json_key(stdout, false, "driver");
	if (ci->driver[0])
		json_str(stdout, ci->driver);
	else
		printf("null");
	json_key(stdout, false, "parent");
	if (ci->parent[0])
		json_str(stdout, ci->parent);
	else
		printf("null");
	json_key(stdout, false, "interfaces");
	printf("[");
	for (p = ci->ifaces; *p; p = *e ? e + 1 : e) {
		char name[32];

		e = p + strcspn(p, ",");
		snprintf(name, sizeof(name), "%.*s", (int)(e - p), p);
		if (p != ci->ifaces)
			printf(", ");
		json_str(stdout, name);
	}
	printf("], \"virtual\": %s", ci->is_virtual ? "true" : "false");
	for (k = 0; k < 6; k++) {
		json_key(stdout, false, cap_keys[k]);
		if (k == CAP_PPS && ci->have_attr[k])
			printf("%s", ci->attr[k] ? "true" : "false");
		else
			json_long_or_null(stdout, ci->have_attr[k], ci->attr[k]);
	}
	printf(", \"cross_timestamping\": %s, \"adjust_phase\": %s",
	       !ci->have_caps ? "null" : ci->cross ? "true" : "false",
	       !ci->have_caps ? "null" : ci->phase ? "true" : "false");
	json_key(stdout, false, "n_vclocks");
	json_long_or_null(stdout, ci->have_vclocks, ci->n_vclocks);
	json_key(stdout, false, "error");
	if (ci->error[0])
		json_str(stdout, ci->error);
	else
		printf("null");
	printf("}");
}

/* The capabilities column: "max_adj=N ... pps=1 cross=0 phase=1". */
static void caps_summary(const struct clock_info *ci, char *buf, size_t len)
{
	size_t off = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < 6 && off < len; k++) {
		if (ci->have_attr[k])
			off += snprintf(buf + off, len - off, "%s%s=%ld",
					k ? " " : "", cap_keys[k], ci->attr[k]);
		else
			off += snprintf(buf + off, len - off, "%s%s=-",
					k ? " " : "", cap_keys[k]);
	}
	if (off < len && ci->have_caps)
		off += snprintf(buf + off, len - off, " cross=%d phase=%d",
				ci->cross, ci->phase);
	else if (off < len)
		off += snprintf(buf + off, len - off, " cross=? phase=? (%s)",
				ci->error);
	if (off < len && ci->have_vclocks && ci->n_vclocks > 0)
		off += snprintf(buf + off, len - off, " vclocks=%ld",
				ci->n_vclocks);
	if (off < len && ci->is_virtual)
		snprintf(buf + off, len - off, " virtual");
}

#define LIST_COLS	6	/* and the capabilities, unpadded */

static const char *col_text(const struct clock_info *ci, int col,
			    char *buf, size_t len)
{
	const char *v = "";

	switch (col) {
	case 0:
		snprintf(buf, len, "%d", ci->index);
		return buf;
	case 1:
		v = ci->dev;
		break;
	case 2:
		v = ci->name;
		break;
	case 3:
		v = ci->driver;
		break;
	case 4:
		v = ci->parent;
		break;
	case 5:
		v = ci->ifaces;
		break;
	}
	return *v ? v : "-";
}

/*
 * A cell of the table as @out: control characters, spaces and bytes that
 * are not UTF-8 become '?', so that a column stays one word wide on the
 * terminal.  Returns its width in characters.
 */
static int table_cell(const char *in, char *out, size_t len)
{
	size_t o = 0;
	int w = 0, n;

	while (*in && o + 5 < len) {
		n = utf8_valid(in);
		if (n <= 1 && (unsigned char)*in <= ' ') {
			out[o++] = '?';
			in++;
		} else if (n == 1 && (unsigned char)*in != 0x7f) {
			out[o++] = *in++;
		} else if (n > 1) {
			memcpy(out + o, in, n);
			o += n;
			in += n;
		} else {
			out[o++] = '?';
			in++;
		}
		w++;
	}
	out[o] = '\0';
	return w;
}

/* The table: each column as wide as its widest cell, header included. */
static void print_table(const struct clock_info *ci, int n)
{
	static const char *const head[LIST_COLS] = {
		"INDEX", "DEVICE", "CLOCK_NAME", "DRIVER", "PARENT", "INTERFACES",
	};
	int width[LIST_COLS], i, col, w;
	char buf[32], cell[512], caps[256];

	for (col = 0; col < LIST_COLS; col++) {
		width[col] = strlen(head[col]);
		for (i = 0; i < n; i++) {
			w = table_cell(col_text(&ci[i], col, buf, sizeof(buf)),
				       cell, sizeof(cell));
			if (w > width[col])
				width[col] = w;
		}
	}
	for (col = 0; col < LIST_COLS; col++)
		printf("%-*s ", width[col], head[col]);
	printf("CAPABILITIES\n");
	for (i = 0; i < n; i++) {
		for (col = 0; col < LIST_COLS; col++) {
			w = table_cell(col_text(&ci[i], col, buf, sizeof(buf)),
				       cell, sizeof(cell));
			printf("%s%*s ", cell, width[col] - w, "");
		}
		caps_summary(&ci[i], caps, sizeof(caps));
		printf("%s\n", caps);
	}
}

int cmd_list(struct ctx *c, int argc, char **argv)
{
	struct clock_info *ci;
	struct iface_clock *ifs;
	int *idx, n, i, nifs, ret;

	ret = no_args(c, argc, argv);
	if (ret)
		return ret;
	n = list_clock_indices(&idx);
	if (n < 0)
		return fail_sys(c, "reading /sys/class/ptp", -n, NULL);
	ci = calloc(n + 1, sizeof(*ci));
	if (!ci) {
		free(idx);
		return fail_sys(c, "listing the clocks", ENOMEM, NULL);
	}
	nifs = list_iface_phcs(&ifs);
	for (i = 0; i < n; i++)
		gather(idx[i], ifs, nifs, &ci[i]);
	if (c->json) {
		printf("[");
		for (i = 0; i < n; i++)
			print_json_clock(&ci[i], !i);
		printf("%s]\n", n ? "\n" : "");
	} else if (n) {
		print_table(ci, n);
	} else {
		fprintf(stderr, "%s: no PTP hardware clocks\n", c->prog);
	}
	free(ifs);
	free(ci);
	free(idx);
	return EXIT_OK;
}

static void print_caps(struct ctx *c)
{
	const struct ptp_clock_caps *k = &c->clk.caps;
	const struct { const char *name; int v; bool flag; } f[] = {
		{ "max_adj", k->max_adj, false },
		{ "n_alarm", k->n_alarm, false },
		{ "n_ext_ts", k->n_ext_ts, false },
		{ "n_per_out", k->n_per_out, false },
		{ "pps", k->pps, true },
		{ "n_pins", k->n_pins, false },
		{ "cross_timestamping", k->cross_timestamping, true },
		{ "adjust_phase", k->adjust_phase, true },
	};
	unsigned int i;

	if (c->json) {
		printf("{\"device\": ");
		json_str(stdout, c->clk.dev);
		printf(", \"clock_name\": ");
		if (c->clk.name[0])
			json_str(stdout, c->clk.name);
		else
			printf("null");
	} else {
		printf("%-18s %s\n", "clock_name",
		       c->clk.name[0] ? c->clk.name : "-");
	}
	for (i = 0; i < ARRAY_SIZE(f); i++) {
		if (!c->json)
			printf("%-18s %d\n", f[i].name, f[i].v);
		else if (f[i].flag)
			printf(", \"%s\": %s", f[i].name, f[i].v ? "true" : "false");
		else
			printf(", \"%s\": %d", f[i].name, f[i].v);
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

struct cmp_args {
	enum method method;	/* M_AUTO: the best the clock offers */
	unsigned int samples;
};

/* The command line of cmp into @a.  0, or the usage error. */
static int cmp_parse(struct ctx *c, int argc, char **argv, struct cmp_args *a)
{
	enum { O_SAMPLES = 1, O_METHOD };
	static const struct opt opts[] = {
		{ "samples", 'n', true, O_SAMPLES },
		{ "method", 'm', true, O_METHOD },
		{ .name = NULL }
	};
	struct optstate st;
	enum method m;
	int id;

	a->method = M_AUTO;
	a->samples = 5;
	opt_init(&st, c, argc, argv, opts, false);
	while ((id = opt_next(&st)) != OPT_END) {
		switch (id) {
		case O_SAMPLES:
			if (parse_uint(st.arg, PTP_MAX_SAMPLES, &a->samples) ||
			    !a->samples)
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
			a->method = m;
			break;
		default:
			return opt_error(c, id, &st);
		}
	}
	return 0;
}

/*
 * measure() with the best method the clock has: precise if it says it
 * cross-timestamps, then extended, then basic.  The method used (or the
 * last tried) in @m; 0 or errno.
 */
static int measure_auto(struct ctx *c, unsigned int n, enum method *m,
			struct sample *best)
{
	int err = 0;

	*m = c->clk.caps.cross_timestamping ? M_PRECISE : M_EXTENDED;
	for (; *m < M_AUTO; (*m)++) {
		err = measure(c, *m, n, best);
		if (err != EOPNOTSUPP && err != ENOTTY)
			break;
	}
	if (*m == M_AUTO)
		*m = M_BASIC;
	return err;
}

static void print_cmp(struct ctx *c, enum method m, unsigned int samples,
		      const struct sample *best)
{
	char b1[48], b2[48];

	if (c->json) {
		printf("{\"device\": ");
		json_str(stdout, c->clk.dev);
		printf(", \"method\": \"%s\", \"samples\": %u, \"offset_ns\": %lld, \"delay_ns\": %lld, \"phc\": \"%s\"}\n",
		       method_names[m], samples, (long long)best->offset,
		       (long long)best->delay, fmt_ns(b1, sizeof(b1), best->phc));
	} else {
		printf("method: %s\nsamples: %u\noffset: %lld ns (%s s, PHC - CLOCK_REALTIME)\ndelay: %lld ns\n",
		       method_names[m], samples, (long long)best->offset,
		       fmt_ns(b2, sizeof(b2), best->offset), (long long)best->delay);
	}
}

int cmd_cmp(struct ctx *c, int argc, char **argv)
{
	struct cmp_args a;
	struct sample best;
	enum method m;
	int ret, err;

	ret = cmp_parse(c, argc, argv, &a);
	if (!ret)
		ret = open_clock(c, false);
	if (ret)
		return ret;
	m = a.method;
	if (m == M_AUTO)
		err = measure_auto(c, a.samples, &m, &best);
	else
		err = measure(c, m, a.samples, &best);
	if (err)
		return fail_sys(c, method_ioctls[m], err,
				err == EOPNOTSUPP ? "the clock does not offer this method" :
				ptp_errno_hint(c, err, false));
	print_cmp(c, m, a.samples, &best);
	return EXIT_OK;
}
