// SPDX-License-Identifier: GPL-2.0
/*
 * Options of ptpctl and of its commands, parsed by glibc's getopt_long:
 * short options bundle (-jR) and take their argument attached or as the
 * next word (-dDEV, -d DEV); long ones take --opt=ARG or --opt ARG and may
 * be abbreviated; "--" ends the options.  getopt runs in its "-" mode, so
 * the words come back in order and options may come before, between or
 * after the positional arguments.
 *
 * Two additions to getopt: a word such as "-1.5" or "-100ns" is a
 * negative number, a positional argument, unless each of its characters is
 * a short option (perout's -1); and the options every command takes
 * (--json, --read-only, --help) are added to each table, the first two
 * handled here.
 */
#include <ctype.h>
#include <getopt.h>
#include <string.h>

#include "ptpctl.h"

#define LONG_BASE	0x100	/* getopt's value for long option i */

static const struct opt common_opts[] = {
	{ "json", 'j', false, OPT_JSON },
	{ "read-only", 'R', false, OPT_RO },
	{ "help", 'h', false, OPT_HELP },
};

/* Make getopt start afresh: its state is global. */
static void getopt_reset(void)
{
	static const struct option none[] = { { NULL, 0, NULL, 0 } };
	char *av[] = { (char *)"ptpctl", NULL };

	opterr = 0;
	optind = 0;
	getopt_long(1, av, "-:", none, NULL);
	optind = 1;
}

static void add_opt(struct optstate *st, const struct opt *o)
{
	size_t len = strlen(st->shortopts);
	struct option *lo = &st->longopts[st->n];

	st->table[st->n] = *o;
	lo->name = o->name;
	lo->has_arg = o->has_arg ? required_argument : no_argument;
	lo->flag = NULL;
	lo->val = LONG_BASE + st->n;
	if (o->short_name && len + 3 < sizeof(st->shortopts)) {
		st->shortopts[len++] = o->short_name;
		if (o->has_arg)
			st->shortopts[len++] = ':';
		st->shortopts[len] = '\0';
	}
	st->n++;
}

/*
 * Parse @argv (argv[0] is the command's name) with the options in @opts
 * (ended by a NULL name) and the common ones.  @numbers: a word like
 * "-1.5" is a positional argument.
 */
void opt_init(struct optstate *st, struct ctx *c, int argc, char **argv,
	      const struct opt *opts, bool numbers)
{
	unsigned int i;

	memset(st, 0, sizeof(*st));
	st->c = c;
	st->argc = argc;
	st->argv = argv;
	st->numbers = numbers;
	st->only_pos = c && c->only_pos;
	strcpy(st->shortopts, "-:");
	for (; opts && opts->name &&
	     st->n < OPT_MAX - (int)ARRAY_SIZE(common_opts);
	     opts++)
		add_opt(st, opts);
	for (i = 0; i < ARRAY_SIZE(common_opts); i++)
		add_opt(st, &common_opts[i]);
	getopt_reset();
}

static bool is_short_opt(const struct optstate *st, char ch)
{
	int i;

	for (i = 0; i < st->n; i++)
		if (st->table[i].short_name == ch)
			return true;
	return false;
}

/* "-5", "-1.5", "-.5", "-100ns": a number, unless all of it is options. */
static bool is_number(const struct optstate *st, const char *a)
{
	if (a[0] != '-' ||
	    !(isdigit((unsigned char)a[1]) ||
	      (a[1] == '.' && isdigit((unsigned char)a[2]))))
		return false;
	for (a++; *a; a++)
		if (!is_short_opt(st, *a))
			return true;
	return false;
}

static int long_match(const struct optstate *st, const char *word)
{
	size_t len = strcspn(word, "=");
	int i, hits = 0;

	for (i = 0; i < st->n; i++)
		if (!strncmp(st->table[i].name, word, len))
			hits++;
	return hits;
}

/* An error from getopt: '?' or ':', with the word it was in. */
static int opt_fail(struct optstate *st, int r, const char *word)
{
	bool is_long = !strncmp(word, "--", 2);
	int v = optopt;

	st->bad = st->badbuf;
	if (v >= LONG_BASE && v < LONG_BASE + st->n)
		snprintf(st->badbuf, sizeof(st->badbuf), "--%s",
			 st->table[v - LONG_BASE].name);
	else if (is_long)
		snprintf(st->badbuf, sizeof(st->badbuf), "%.*s",
			 (int)strcspn(word, "="), word);
	else
		snprintf(st->badbuf, sizeof(st->badbuf), "-%c", v);
	if (r == ':')
		return OPT_NOARG;
	if (v >= LONG_BASE)
		return OPT_EXTRAARG;
	if (is_long && long_match(st, word + 2) > 1)
		return OPT_AMBIGUOUS;
	return OPT_UNKNOWN;
}

static int next_word(struct optstate *st)
{
	if (optind >= st->argc)
		return OPT_END;
	st->arg = st->argv[optind++];
	return OPT_POS;
}

/*
 * The id of the next option (its argument in st->arg), OPT_POS for a
 * positional argument (in st->arg), OPT_END, OPT_HELP, or an OPT_* error
 * with the option in st->bad.
 */
int opt_next(struct optstate *st)
{
	const char *word;
	int r, before, id, i;

	for (;;) {
		st->arg = NULL;
		st->bad = NULL;
		if (st->only_pos)
			return next_word(st);
		if (!st->in_word && optind < st->argc && st->numbers &&
		    is_number(st, st->argv[optind]))
			return next_word(st);
		before = optind;
		word = before < st->argc ? st->argv[before] : "";
		r = getopt_long(st->argc, st->argv, st->shortopts,
				st->longopts, NULL);
		st->in_word = r != -1 && r != 1 && optind == before;
		if (r == -1) {
			/* getopt stops early only after "--" */
			st->only_pos = optind < st->argc;
			if (st->c && st->only_pos)
				st->c->only_pos = true;
			return next_word(st);
		}
		if (r == 1) {
			st->arg = optarg;
			return OPT_POS;
		}
		if (r == '?' || r == ':')
			return opt_fail(st, r, word);
		id = OPT_UNKNOWN;
		if (r >= LONG_BASE && r < LONG_BASE + st->n) {
			id = st->table[r - LONG_BASE].id;
		} else {
			for (i = 0; i < st->n; i++)
				if (st->table[i].short_name == r)
					id = st->table[i].id;
		}
		st->arg = optarg;
		if (id == OPT_JSON && st->c)
			st->c->json = true;
		else if (id == OPT_RO && st->c)
			st->c->read_only = true;
		else
			return id;
	}
}
