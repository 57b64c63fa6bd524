// SPDX-License-Identifier: GPL-2.0
/*
 * Drivers' debugfs controls (ptp_dummy's, ptp_vlink's): one file a value.
 * List a directory of them, read one, write one; for the commands dummy
 * and link.
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

/* A control name must stay inside its directory. */
bool ctl_safe_name(const char *name)
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

bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Why debugfs has no @driver directory: the exit status. */
int ctl_no_root(struct ctx *c, const char *driver)
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
	return fail_msg(c, "no %s in %s: is the %s module loaded?",
			driver, debugfs_root(), driver);
}

/* Read a control into @buf without its trailing newlines.  0 or exit status. */
int ctl_read(struct ctx *c, const char *path, const char *label,
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

/* One control of a listing: @buf NULL for a write-only one. */
void ctl_print(struct ctx *c, const char *label, const char *buf)
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
		ctl_print(c, label, NULL);
		return 0;
	}
	ret = ctl_read(c, path, label, buf, sizeof(buf));
	if (ret)
		return ret;
	if (in_list) {
		ctl_print(c, label, buf);
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
int ctl_list_dir(struct ctx *c, const char *dir, const char *prefix)
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
					ret = ctl_list_dir(c, path, label);
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

void ctl_list_begin(struct ctx *c)
{
	json_controls = 0;
	if (c->json)
		printf("{");
}

int ctl_list_end(struct ctx *c, int ret)
{
	if (c->json)
		printf("%s}\n", json_controls ? "\n" : "");
	return ret;
}

/* ctl_list_dir, in one JSON object with --json. */
static int list_json(struct ctx *c, const char *dir, const char *prefix)
{
	ctl_list_begin(c);
	return ctl_list_end(c, ctl_list_dir(c, dir, prefix));
}

/*
 * The command line: [TARGET] [CONTROL [VALUE...]], TARGET only when
 * @with_target.  0, or the usage error.
 */
int ctl_parse(struct ctx *c, int argc, char **argv, bool with_target,
	      struct ctl_args *a)
{
	struct optstate st;
	int id;

	memset(a, 0, sizeof(*a));
	opt_init(&st, c, argc, argv, NULL, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && with_target && !a->target) {
			a->target = st.arg;
		} else if (id == OPT_POS && !a->control) {
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
	if (a->control && !ctl_safe_name(a->control))
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

/* List, read or write what @a names under @dir.  An exit status. */
int ctl_run(struct ctx *c, const char *dir, const struct ctl_args *a)
{
	char path[PATH_MAX * 2], prefix[300];

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
