// SPDX-License-Identifier: GPL-2.0
/*
 * ptpctl_jsoncheck: is standard input valid JSON (RFC 8259)?  With --lines,
 * every non-empty line must be one JSON value (JSON Lines, as ptpctl's
 * extts and monitor print).  Exit 0 if valid, 1 with the offset if not.
 * The guest has no python; ptpctl's --json output is checked with this.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *p;
static const char *start;

static bool value(int depth);

static void ws(void)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
}

static bool string(void)
{
	if (*p++ != '"')
		return false;
	while (*p != '"') {
		if ((unsigned char)*p < 0x20)
			return false;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)p[i]))
						return false;
				p += 5;
				continue;
			}
			if (!*p || !strchr("\"\\/bfnrt", *p))
				return false;
		}
		p++;
	}
	p++;
	return true;
}

static bool number(void)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (isdigit((unsigned char)*p))
		while (isdigit((unsigned char)*p))
			p++;
	else
		return false;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p))
			return false;
		while (isdigit((unsigned char)*p))
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!isdigit((unsigned char)*p))
			return false;
		while (isdigit((unsigned char)*p))
			p++;
	}
	return true;
}

static bool literal(const char *w)
{
	size_t n = strlen(w);

	if (strncmp(p, w, n))
		return false;
	p += n;
	return true;
}

static bool members(int depth, char close, bool object)
{
	p++;
	ws();
	if (*p == close) {
		p++;
		return true;
	}
	for (;;) {
		ws();
		if (object) {
			if (!string())
				return false;
			ws();
			if (*p++ != ':')
				return false;
		}
		if (!value(depth + 1))
			return false;
		ws();
		if (*p == close) {
			p++;
			return true;
		}
		if (*p++ != ',')
			return false;
	}
}

static bool value(int depth)
{
	if (depth > 64)
		return false;
	ws();
	switch (*p) {
	case '{':
		return members(depth, '}', true);
	case '[':
		return members(depth, ']', false);
	case '"':
		return string();
	case 't':
		return literal("true");
	case 'f':
		return literal("false");
	case 'n':
		return literal("null");
	default:
		return number();
	}
}

/* One complete JSON text from s; true if nothing but whitespace follows. */
static bool document(const char *s)
{
	p = s;
	if (!value(0))
		return false;
	ws();
	return *p == '\0';
}

int main(int argc, char **argv)
{
	bool lines = argc > 1 && !strcmp(argv[1], "--lines");
	size_t len = 0, cap = 4096, n;
	char *buf = malloc(cap), *line, *save = NULL;
	int count = 0;

	if (!buf)
		return 2;
	while ((n = fread(buf + len, 1, cap - len - 1, stdin)) > 0) {
		len += n;
		if (len + 1 == cap) {
			char *nb = realloc(buf, cap *= 2);

			if (!nb)
				return 2;
			buf = nb;
		}
	}
	buf[len] = '\0';
	start = buf;
	if (!lines) {
		if (document(buf))
			return 0;
		fprintf(stderr, "invalid JSON at offset %td\n", p - start);
		return 1;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		count++;
		if (!document(line)) {
			fprintf(stderr, "line %d: invalid JSON at column %td\n",
				count, p - line + 1);
			return 1;
		}
	}
	if (!count) {
		fprintf(stderr, "no JSON lines\n");
		return 1;
	}
	return 0;
}
