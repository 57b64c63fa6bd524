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

/*
 * The length of the UTF-8 sequence at @str (1 to 4), or 0 if it is not
 * valid: a stray continuation byte, a truncated or overlong sequence, a
 * surrogate or a code point above U+10FFFF.
 */
int utf8_valid(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned int cp;
	int n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	cp = s[0] & (0x7f >> n);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

/*
 * @s as a JSON string: quotes, backslashes and control characters
 * escaped, and each byte that is not part of valid UTF-8 replaced by
 * U+FFFD, so that the output is always valid JSON whatever sysfs holds.
 */
void json_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	fputc('"', f);
	while (*p) {
		n = utf8_valid((const char *)p);
		if (!n) {
			fputs("\\ufffd", f);
			p++;
		} else if (*p == '"' || *p == '\\') {
			fprintf(f, "\\%c", *p++);
		} else if (*p == '\n') {
			fputs("\\n", f);
			p++;
		} else if (*p == '\t') {
			fputs("\\t", f);
			p++;
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(f, "\\u%04x", *p++);
		} else {
			fwrite(p, 1, n, f);
			p += n;
		}
	}
	fputc('"', f);
}

/* ", \"key\": " (no comma before the first key of an object). */
void json_key(FILE *f, bool first, const char *key)
{
	fprintf(f, "%s\"%s\": ", first ? "" : ", ", key);
}

void json_long_or_null(FILE *f, bool known, long v)
{
	if (known)
		fprintf(f, "%ld", v);
	else
		fputs("null", f);
}
