// SPDX-License-Identifier: GPL-2.0
/*
 * Error reporting and JSON strings.  Every failed system call is reported as
 * "ptpctl: DEVICE: OPERATION: errno text (hint)" and gives exit status 1;
 * usage errors give 2.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <string.h>

#include "ptpctl.h"

/* An unknown ioctl: what a PTP core older than the ioctl answers. */
bool ioctl_unsupported(int err)
{
	return err == ENOTTY;
}

static bool vclocks_in_use(struct ctx *c)
{
	char path[PATH_MAX], buf[32];

	if (c->clk.index < 0)
		return false;
	clock_sysdir(c->clk.index, path, sizeof(path));
	strncat(path, "/n_vclocks", sizeof(path) - strlen(path) - 1);
	return !sysfs_read(path, buf, sizeof(buf)) && strcmp(buf, "0");
}

/* A hint that explains the usual causes of @err on a PTP clock. */
const char *ptp_errno_hint(struct ctx *c, int err, bool adjusting)
{
	switch (err) {
	case EACCES:
	case EBADF:
		if (adjusting && !c->clk.writable)
			return c->read_only ?
				"the clock is open read-only (--read-only); changing it needs a writable descriptor" :
				"the clock is open read-only (no write permission on the device); changing it needs a writable descriptor";
		break;
	case EPERM:
		return "this needs CAP_SYS_TIME (run as root)";
	case EBUSY:
		if (adjusting && vclocks_in_use(c))
			return "the clock has virtual clocks, so the physical clock runs free; remove them with 'vclocks 0'";
		break;
	case EOPNOTSUPP:
		return "the clock's driver does not support this";
	case ENOTTY:
		return "not supported by this kernel's PTP core";
	case ENODEV:
		return "the clock has been removed";
	}
	return NULL;
}

static void prefix(struct ctx *c)
{
	fprintf(stderr, "%s: ", c->prog);
	if (c->clk.dev[0])
		fprintf(stderr, "%s: ", c->clk.dev);
}

int fail_sys(struct ctx *c, const char *op, int err, const char *hint)
{
	prefix(c);
	fprintf(stderr, "%s: %s", op, strerror(err));
	if (hint)
		fprintf(stderr, " (%s)", hint);
	fputc('\n', stderr);
	return EXIT_FAIL;
}

int fail_msg(struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", c->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_FAIL;
}

int fail_usage(struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s%s%s: ", c->prog, c->cmd ? " " : "",
		c->cmd ? c->cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s %s%s--help'.\n", c->prog,
		c->cmd ? c->cmd : "", c->cmd ? " " : "");
	return EXIT_USAGE;
}

void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch == '\t')
			fputs("\\t", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}
