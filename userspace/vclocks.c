// SPDX-License-Identifier: GPL-2.0
/*
 * Virtual clocks (sysfs n_vclocks / max_vclocks).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptpctl.h"

/* The clocks whose parent device is clock @index, in @out (sorted). */
static int find_vclocks(int index, int *out, int max)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], mine[PATH_MAX], real[PATH_MAX];
	int *idx, n, i, found = 0;

	clock_sysdir(index, dir, sizeof(dir));
	if (!realpath(dir, mine))
		return 0;
	n = list_clock_indices(&idx);
	for (i = 0; i < n && found < max; i++) {
		clock_sysdir(idx[i], dir, sizeof(dir));
		snprintf(path, sizeof(path), "%s/device", dir);
		if (realpath(path, real) && !strcmp(real, mine))
			out[found++] = idx[i];
	}
	if (n > 0)
		free(idx);
	return found;
}

static int write_attr(const char *path, const char *val)
{
	ssize_t n;
	int fd, err;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	n = write(fd, val, strlen(val));
	err = n < 0 ? errno : 0;
	if (close(fd) && !err)
		err = errno;
	return err;
}

/* What vclocks reads and shows. */
struct vclocks {
	char n[32];		/* sysfs n_vclocks */
	char max[32];		/* sysfs max_vclocks, or "?" */
	int vc[256];		/* /dev/ptpN of each virtual clock */
	int nvc;
};

/* [N]: whether it was given (@set) and its value.  0 or the usage error. */
static int vclocks_parse(struct ctx *c, int argc, char **argv, bool *set,
			 unsigned int *want)
{
	const char *arg = NULL;
	struct optstate st;
	int id;

	opt_init(&st, c, argc, argv, NULL, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && !arg)
			arg = st.arg;
		else
			return opt_error(c, id, &st);
	}
	*set = arg;
	*want = 0;
	if (arg && parse_uint(arg, INT_MAX, want))
		return fail_usage(c, "bad number of virtual clocks '%s'", arg);
	return 0;
}

/* The clock in sysfs @dir has no n_vclocks: say why.  The exit status. */
static int no_vclocks(struct ctx *c, const char *dir)
{
	char path[PATH_MAX + 32], real[PATH_MAX];

	snprintf(path, sizeof(path), "%s/device/subsystem", dir);
	if (realpath(path, real) && !strcmp(strrchr(real, '/'), "/ptp"))
		return fail_msg(c, "%s is a virtual clock; only a physical clock has virtual clocks",
				c->clk.dev);
	return fail_msg(c, "%s: no n_vclocks in sysfs: this kernel's PTP core has no virtual clocks",
			c->clk.dev);
}

/* n_vclocks and max_vclocks from the clock's sysfs @dir.  0 or exit status. */
static int read_vclocks(struct ctx *c, const char *dir, struct vclocks *v)
{
	char path[PATH_MAX + 32];
	int err;

	snprintf(path, sizeof(path), "%s/max_vclocks", dir);
	sysfs_read(path, v->max, sizeof(v->max));
	snprintf(path, sizeof(path), "%s/n_vclocks", dir);
	err = -sysfs_read(path, v->n, sizeof(v->n));
	if (err == ENOENT)
		return no_vclocks(c, dir);
	if (err)
		return fail_sys(c, "reading n_vclocks", err, NULL);
	return 0;
}

/* Write @want to n_vclocks and read it back into @v.  0 or exit status. */
static int write_vclocks(struct ctx *c, const char *dir, unsigned int want,
			 struct vclocks *v)
{
	char path[PATH_MAX + 32], val[32], hint[96];
	int err;

	snprintf(path, sizeof(path), "%s/n_vclocks", dir);
	snprintf(val, sizeof(val), "%u\n", want);
	err = write_attr(path, val);
	if (err) {
		snprintf(hint, sizeof(hint), "at most max_vclocks = %s", v->max);
		return fail_sys(c, "writing n_vclocks", err,
				err == EINVAL ? hint :
				err == EACCES ? "needs root" : NULL);
	}
	if (sysfs_read(path, v->n, sizeof(v->n)))
		snprintf(v->n, sizeof(v->n), "?");
	return 0;
}

static void print_vclocks(struct ctx *c, const struct vclocks *v)
{
	long nv, mv;
	bool have_n, have_max;
	int i;

	if (!c->json) {
		printf("n_vclocks %s\nmax_vclocks %s\n", v->n, v->max);
		for (i = 0; i < v->nvc; i++)
			printf("vclock /dev/ptp%d\n", v->vc[i]);
		return;
	}
	have_n = !parse_long(v->n, 0, LONG_MAX, &nv);
	have_max = !parse_long(v->max, 0, LONG_MAX, &mv);
	printf("{\"device\": ");
	json_str(stdout, c->clk.dev);
	json_key(stdout, false, "n_vclocks");
	json_long_or_null(stdout, have_n, nv);
	json_key(stdout, false, "max_vclocks");
	json_long_or_null(stdout, have_max, mv);
	printf(", \"vclocks\": [");
	for (i = 0; i < v->nvc; i++)
		printf("%s\"/dev/ptp%d\"", i ? ", " : "", v->vc[i]);
	printf("]}\n");
}

int cmd_vclocks(struct ctx *c, int argc, char **argv)
{
	struct vclocks v = { .max = "?" };
	unsigned int want;
	char dir[PATH_MAX];
	bool set;
	int ret;

	ret = vclocks_parse(c, argc, argv, &set, &want);
	if (!ret)
		ret = resolve_dev(c);
	if (ret)
		return ret;
	if (c->clk.index < 0)
		return fail_msg(c, "%s: cannot find the clock in sysfs", c->clk.dev);
	clock_sysdir(c->clk.index, dir, sizeof(dir));
	ret = read_vclocks(c, dir, &v);
	if (!ret && set)
		ret = write_vclocks(c, dir, want, &v);
	if (ret)
		return ret;
	v.nvc = find_vclocks(c->clk.index, v.vc, ARRAY_SIZE(v.vc));
	print_vclocks(c, &v);
	return EXIT_OK;
}
