// SPDX-License-Identifier: GPL-2.0
/*
 * The ptp_dummy driver's debugfs controls: list, read and write them.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ptpctl.h"

#define DUMMY_DIR	"ptp_dummy"

/* A control name must stay inside the clock's directory. */
static bool safe_control(const char *name)
{
	const char *p = name;

	if (!*name || *name == '/')
		return false;
	while (p) {
		if (!strncmp(p, "..", 2) && (p[2] == '/' || !p[2]))
			return false;
		p = strchr(p, '/');
		if (p)
			p++;
	}
	return true;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Why debugfs has no ptp_dummy directory: the exit status. */
static int no_dummy_root(struct ctx *c)
{
	DIR *d = opendir(debugfs_root());
	struct dirent *de;
	int entries = 0;

	while (d && (de = readdir(d)))
		entries += de->d_name[0] != '.';
	if (d)
		closedir(d);
	if (!d || !entries)
		return fail_msg(c, "debugfs is not %s at %s (mount -t debugfs none %s, as root)",
				d ? "mounted" : "accessible",
				debugfs_root(), debugfs_root());
	return fail_msg(c, "no %s in %s: is the ptp_dummy module loaded?",
			DUMMY_DIR, debugfs_root());
}

/* The debugfs directory of the clock, or the driver's top one. */
static int dummy_dir(struct ctx *c, char *out, size_t len)
{
	char root[PATH_MAX / 2];
	const char *sfx;
	int ret;

	snprintf(root, sizeof(root), "%s/%s", debugfs_root(), DUMMY_DIR);
	if (!is_dir(root))
		return no_dummy_root(c);
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

/* Read a control into @buf without its trailing newlines.  0 or exit status. */
static int read_control(struct ctx *c, const char *path, const char *label,
			char *buf, size_t len)
{
	ssize_t n, total = 0;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail_sys(c, label, errno, NULL);
	while ((n = read(fd, buf + total, len - 1 - total)) > 0)
		total += n;
	err = n < 0 ? errno : 0;
	close(fd);
	if (err)
		return fail_sys(c, label, err, NULL);
	buf[total] = '\0';
	while (total > 0 && buf[total - 1] == '\n')
		buf[--total] = '\0';
	return 0;
}

/* Controls listed so far in JSON (for the commas). */
static int json_controls;

static void print_listed(struct ctx *c, const char *label, const char *buf)
{
	char *line, *save = NULL, *copy;

	if (c->json) {
		printf("%s\n  ", json_controls++ ? "," : "");
		json_str(stdout, label);
		printf(": ");
		if (buf)
			json_str(stdout, buf);
		else
			printf("null");
		return;
	}
	if (!buf) {
		printf("%-22s (write-only)\n", label);
	} else if (!strchr(buf, '\n')) {
		printf("%-22s %s\n", label, buf);
	} else {
		printf("%s:\n", label);
		copy = strdup(buf);
		for (line = strtok_r(copy, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			printf("  %s\n", line);
		free(copy);
	}
}

static int show_control(struct ctx *c, const char *path, const char *label,
			bool in_list)
{
	char buf[8192];
	struct stat st;
	int ret;

	/* root may open a write-only control, but reading it fails */
	if (!stat(path, &st) && !(st.st_mode & 0444)) {
		if (!in_list)
			return fail_usage(c, "control '%s' is write-only: give a value to write",
					  label);
		print_listed(c, label, NULL);
		return 0;
	}
	ret = read_control(c, path, label, buf, sizeof(buf));
	if (ret)
		return ret;
	if (in_list) {
		print_listed(c, label, buf);
	} else if (c->json) {
		printf("{\"control\": ");
		json_str(stdout, label);
		printf(", \"value\": ");
		json_str(stdout, buf);
		printf("}\n");
	} else {
		printf("%s\n", buf);
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every control under @dir (one level of subdirectories), sorted. */
static int list_controls(struct ctx *c, const char *dir, const char *prefix)
{
	char path[PATH_MAX * 2], label[PATH_MAX];
	char *names[256];
	struct dirent *de;
	struct stat st;
	int n = 0, i, ret = 0;
	DIR *d;

	d = opendir(dir);
	if (!d)
		return fail_sys(c, dir, errno, NULL);
	while ((de = readdir(d)) && n < 256)
		if (de->d_name[0] != '.')
			names[n++] = strdup(de->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_str);
	for (i = 0; i < n; i++) {
		if (!names[i])
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		snprintf(label, sizeof(label), "%s%s", prefix, names[i]);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (!*prefix) {
				strncat(label, "/", sizeof(label) - strlen(label) - 1);
				if (!ret)
					ret = list_controls(c, path, label);
			} else if (!c->json) {
				printf("%-22s (directory)\n", label);
			}
		} else if (!ret) {
			ret = show_control(c, path, label, true);
		}
		free(names[i]);
	}
	return ret;
}

/* list_controls, in one JSON object with --json. */
static int list_json(struct ctx *c, const char *dir, const char *prefix)
{
	int ret;

	if (c->json)
		printf("{");
	ret = list_controls(c, dir, prefix);
	if (c->json)
		printf("%s}\n", json_controls ? "\n" : "");
	return ret;
}

/* ---- the command: parse, find the control, then list, read or write ---- */

struct dummy_args {
	const char *control;	/* NULL: list them all */
	int nval;		/* values given; 0: read the control */
	char val[4096];		/* the values joined by spaces, and "\n" */
};

/* The command line of dummy into @a.  0, or the usage error. */
static int dummy_parse(struct ctx *c, int argc, char **argv,
		       struct dummy_args *a)
{
	struct optstate st;
	int id;

	memset(a, 0, sizeof(*a));
	opt_init(&st, c, argc, argv, NULL, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && !a->control) {
			a->control = st.arg;
		} else if (id == OPT_POS) {
			/* room for the space, the newline and the NUL */
			if (strlen(a->val) + strlen(st.arg) + 2 >= sizeof(a->val))
				return fail_usage(c, "value too long");
			if (a->nval++)
				strcat(a->val, " ");
			strcat(a->val, st.arg);
		} else {
			return opt_error(c, id, &st);
		}
	}
	if (a->control && !safe_control(a->control))
		return fail_usage(c, "bad control name '%s'", a->control);
	if (a->nval)
		strcat(a->val, "\n");
	return 0;
}

/* @val to the control at @path, in one write().  0 or an exit status. */
static int write_control(struct ctx *c, const char *path, const char *control,
			 const char *val)
{
	char op[300];
	ssize_t n;
	int fd, err;

	snprintf(op, sizeof(op), "write %s", control);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return fail_sys(c, op, errno, errno == EACCES ?
				"read-only control, or not root" : NULL);
	n = write(fd, val, strlen(val));
	err = n < 0 ? errno : 0;
	if (close(fd) && !err)
		err = errno;
	if (err)
		return fail_sys(c, op, err, err == EINVAL ?
				"the driver refused the value" : NULL);
	return 0;
}

/* List, read or write what @a names.  An exit status. */
static int dummy_run(struct ctx *c, const struct dummy_args *a)
{
	char dir[PATH_MAX], path[PATH_MAX * 2], prefix[300];
	int ret;

	ret = dummy_dir(c, dir, sizeof(dir));
	if (ret)
		return ret;
	if (!a->control)
		return list_json(c, dir, "");
	snprintf(path, sizeof(path), "%s/%s", dir, a->control);
	if (access(path, F_OK))
		return fail_usage(c, "no control '%s' in %s (run without a control to list them)",
				  a->control, dir);
	if (is_dir(path)) {
		snprintf(prefix, sizeof(prefix), "%s/", a->control);
		return list_json(c, path, prefix);
	}
	if (!a->nval)
		return show_control(c, path, a->control, false);
	return write_control(c, path, a->control, a->val);
}

int cmd_dummy(struct ctx *c, int argc, char **argv)
{
	struct dummy_args a;
	int ret;

	ret = dummy_parse(c, argc, argv, &a);
	if (ret)
		return ret;
	return dummy_run(c, &a);
}
