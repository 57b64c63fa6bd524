// SPDX-License-Identifier: GPL-2.0
/*
 * A small option parser for subcommands.  Unlike getopt it never takes a
 * negative number such as "-1.5" for an option, so that "step -1.5" and
 * "phase -100" work, and options may follow positional arguments.
 */
#include <ctype.h>
#include <string.h>

#include "ptpctl.h"

void opt_init(struct optstate *st, int argc, char **argv)
{
	memset(st, 0, sizeof(*st));
	st->argc = argc;
	st->argv = argv;
}

static bool is_option(const char *a)
{
	if (a[0] != '-' || a[1] == '\0')
		return false;
	/* "-5", "-1.5", "-.5": numbers, not options */
	return !(isdigit((unsigned char)a[1]) || a[1] == '.');
}

/*
 * Returns the id of the next option, OPT_POS for a positional argument
 * (in st->arg), OPT_END at the end, or an OPT_* error with st->bad set.
 */
int opt_next(struct optstate *st, const struct opt *opts)
{
	const char *a, *eq;
	const struct opt *o;
	size_t len;

	st->arg = NULL;
	st->bad = NULL;
	if (st->i >= st->argc)
		return OPT_END;
	a = st->argv[st->i++];
	if (st->only_pos || !is_option(a)) {
		st->arg = a;
		return OPT_POS;
	}
	if (!strcmp(a, "--")) {
		st->only_pos = true;
		return opt_next(st, opts);
	}
	st->bad = a;
	if (a[1] == '-') {
		eq = strchr(a + 2, '=');
		len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
		for (o = opts; o->name; o++)
			if (strlen(o->name) == len && !strncmp(o->name, a + 2, len))
				break;
		if (!o->name)
			return OPT_UNKNOWN;
		if (eq && !o->has_arg)
			return OPT_EXTRAARG;
		if (eq) {
			st->arg = eq + 1;
			return o->id;
		}
	} else {
		if (a[2] != '\0')
			return OPT_UNKNOWN;
		for (o = opts; o->name; o++)
			if (o->short_name && o->short_name == a[1])
				break;
		if (!o->name)
			return OPT_UNKNOWN;
	}
	if (o->has_arg) {
		if (st->i >= st->argc)
			return OPT_NOARG;
		st->arg = st->argv[st->i++];
	}
	return o->id;
}
