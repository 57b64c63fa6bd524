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

int cmd_vclocks(struct ctx *c, int argc, char **argv)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], buf[32], maxbuf[32] = "?";
	const char *set = NULL;
	unsigned int want = 0;
	struct optstate st;
	int vc[256], n, i, id, ret, err;

	opt_init(&st, c, argc, argv, NULL, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && !set)
			set = st.arg;
		else
			return opt_error(c, id, &st);
	}
	if (set && parse_uint(set, INT_MAX, &want))
		return fail_usage(c, "bad number of virtual clocks '%s'", set);
	ret = resolve_dev(c);
	if (ret)
		return ret;
	if (c->clk.index < 0)
		return fail_msg(c, "%s: cannot find the clock in sysfs", c->clk.dev);
	clock_sysdir(c->clk.index, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/max_vclocks", dir);
	sysfs_read(path, maxbuf, sizeof(maxbuf));
	snprintf(path, sizeof(path), "%s/n_vclocks", dir);
	err = -sysfs_read(path, buf, sizeof(buf));
	if (err == ENOENT) {
		snprintf(path, sizeof(path), "%s/device/subsystem", dir);
		if (realpath(path, dir) && !strcmp(strrchr(dir, '/'), "/ptp"))
			return fail_msg(c, "%s is a virtual clock; only a physical clock has virtual clocks",
					c->clk.dev);
		return fail_msg(c, "%s: no n_vclocks in sysfs: this kernel's PTP core has no virtual clocks",
				c->clk.dev);
	}
	if (err)
		return fail_sys(c, "reading n_vclocks", err, NULL);
	if (set) {
		char hint[96];

		snprintf(buf, sizeof(buf), "%u\n", want);
		err = write_attr(path, buf);
		if (err) {
			snprintf(hint, sizeof(hint), "at most max_vclocks = %s", maxbuf);
			return fail_sys(c, "writing n_vclocks", err,
					err == EINVAL ? hint :
					err == EACCES ? "needs root" : NULL);
		}
		if (sysfs_read(path, buf, sizeof(buf)))
			snprintf(buf, sizeof(buf), "?");
	}
	n = find_vclocks(c->clk.index, vc, 256);
	if (c->json) {
		long nv, mv;
		bool have_n = !parse_long(buf, 0, LONG_MAX, &nv);
		bool have_max = !parse_long(maxbuf, 0, LONG_MAX, &mv);

		printf("{\"device\": ");
		json_str(stdout, c->clk.dev);
		json_key(stdout, false, "n_vclocks");
		json_long_or_null(stdout, have_n, nv);
		json_key(stdout, false, "max_vclocks");
		json_long_or_null(stdout, have_max, mv);
		printf(", \"vclocks\": [");
		for (i = 0; i < n; i++)
			printf("%s\"/dev/ptp%d\"", i ? ", " : "", vc[i]);
		printf("]}\n");
	} else {
		printf("n_vclocks %s\nmax_vclocks %s\n", buf, maxbuf);
		for (i = 0; i < n; i++)
			printf("vclock /dev/ptp%d\n", vc[i]);
	}
	return EXIT_OK;
}
