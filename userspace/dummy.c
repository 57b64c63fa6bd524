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

/* The debugfs directory of the clock, or the driver's top one. */
static int dummy_dir(struct ctx *c, char *out, size_t len)
{
	char root[PATH_MAX / 2];
	const char *sfx;
	int ret;

	snprintf(root, sizeof(root), "%s/%s", debugfs_root(), DUMMY_DIR);
	if (!is_dir(root)) {
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

int cmd_dummy(struct ctx *c, int argc, char **argv)
{
	char dir[PATH_MAX], path[PATH_MAX * 2], val[4096] = "", op[300];
	const char *control = NULL;
	struct optstate st;
	int id, ret, err, nval = 0;
	ssize_t n;
	int fd;

	opt_init(&st, c, argc, argv, NULL, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && !control) {
			control = st.arg;
		} else if (id == OPT_POS) {
			if (strlen(val) + strlen(st.arg) + 2 >= sizeof(val))
				return fail_usage(c, "value too long");
			if (nval++)
				strcat(val, " ");
			strcat(val, st.arg);
		} else {
			return opt_error(c, id, &st);
		}
	}
	if (control && !safe_control(control))
		return fail_usage(c, "bad control name '%s'", control);
	ret = dummy_dir(c, dir, sizeof(dir));
	if (ret)
		return ret;
	if (!control)
		return list_json(c, dir, "");
	snprintf(path, sizeof(path), "%s/%s", dir, control);
	if (access(path, F_OK))
		return fail_usage(c, "no control '%s' in %s (run without a control to list them)",
				  control, dir);
	if (is_dir(path)) {
		snprintf(op, sizeof(op), "%s/", control);
		return list_json(c, path, op);
	}
	if (!nval)
		return show_control(c, path, control, false);
	strcat(val, "\n");
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
	return EXIT_OK;
}
