// SPDX-License-Identifier: GPL-2.0
/*
 * The ptp_dummy driver's debugfs controls: list, read and write them.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ptpctl.h"

#define DUMMY_DIR	"ptp_dummy"

/* The debugfs directory of the clock, or the driver's top one. */
static int dummy_dir(struct ctx *c, char *out, size_t len)
{
	char root[PATH_MAX / 2];
	const char *sfx;
	int ret;

	snprintf(root, sizeof(root), "%s/%s", debugfs_root(), DUMMY_DIR);
	if (!is_dir(root))
		return ctl_no_root(c, DUMMY_DIR);
	if (!c->devspec) {
		snprintf(out, len, "%s", root);
		return 0;
	}
	ret = resolve_dev(c);
	if (ret)
		return ret;
	if (strncmp(c->clk.name, DUMMY_DIR, strlen(DUMMY_DIR)))
		return fail_msg(c, "%s (clock_name '%s') is not a ptp_dummy clock",
				c->clk.dev, c->clk.name);
	/* the directory is named after the clock's device: its clock_name */
	snprintf(out, len, "%s/%s", root, c->clk.name);
	if (is_dir(out))
		return 0;
	sfx = strrchr(c->clk.name, '.');
	if (sfx) {
		snprintf(out, len, "%s/%s", root, sfx + 1);
		if (is_dir(out))
			return 0;
	}
	snprintf(out, len, "%s/ptp%d", root, c->clk.index);
	if (is_dir(out))
		return 0;
	return fail_msg(c, "no debugfs directory for %s under %s",
			c->clk.name, root);
}

/* ---- the command: find the clock's directory, then list, read or write ---- */

int cmd_dummy(struct ctx *c, int argc, char **argv)
{
	char dir[PATH_MAX];
	struct ctl_args a;
	int ret;

	ret = ctl_parse(c, argc, argv, false, &a);
	if (ret)
		return ret;
	ret = dummy_dir(c, dir, sizeof(dir));
	if (ret)
		return ret;
	return ctl_run(c, dir, &a);
}
