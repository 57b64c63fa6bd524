// SPDX-License-Identifier: GPL-2.0
/*
 * Setting clocks: set, step, freq and phase.
 */
#include <errno.h>
#include <string.h>
#include <sys/timex.h>

#include "ptpctl.h"

/*
 * Collect up to @max positional arguments (negative numbers included);
 * the common options are accepted and @extra (may be NULL) adds one.  Returns the count or a
 * negative exit status.
 */
static int positional(struct ctx *c, int argc, char **argv, int max,
		      const char **pos, const struct opt *extra, bool *flag)
{
	struct opt opts[2] = { { .name = NULL }, { .name = NULL } };
	struct optstate st;
	int id, n = 0;

	if (extra)
		opts[0] = *extra;
	opt_init(&st, c, argc, argv, opts, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (extra && id == extra->id) {
			*flag = true;
		} else if (id == OPT_POS) {
			if (n == max)
				return -fail_usage(c, "unexpected argument '%s'",
						   st.arg);
			pos[n++] = st.arg;
		} else {
			return -opt_error(c, id, &st);
		}
	}
	return n;
}

static int adjtime_fail(struct ctx *c, const char *op, int err)
{
	char hint[160];

	if (err == ERANGE && !strcmp(op, "clock_adjtime(ADJ_FREQUENCY)")) {
		snprintf(hint, sizeof(hint),
			 "the clock's maximum adjustment is %d ppb",
			 c->clk.caps.max_adj);
		return fail_sys(c, op, err, hint);
	}
	if (err == EOPNOTSUPP && !strcmp(op, "clock_adjtime(ADJ_OFFSET)"))
		return fail_sys(c, op, err,
				"the clock cannot adjust its phase: caps adjust_phase is 0");
	return fail_sys(c, op, err, ptp_errno_hint(c, err, true));
}

int cmd_set(struct ctx *c, int argc, char **argv)
{
	static const struct opt tai = { "tai", 0, false, 1 };
	const char *pos[1] = { NULL };
	bool use_tai = false;
	struct timespec ts;
	int n, ret;

	n = positional(c, argc, argv, 1, pos, &tai, &use_tai);
	if (n < 0)
		return -n;
	if (n && strcmp(pos[0], "now")) {
		if (use_tai)
			return fail_usage(c, "--tai goes only with 'now'");
		if (parse_time(pos[0], &ts))
			return fail_usage(c, "bad time '%s': want SECONDS[.FRACTION] or YYYY-MM-DDTHH:MM:SS[.FRACTION]Z",
					  pos[0]);
	}
	ret = open_clock(c, true);
	if (ret)
		return ret;
	if (!n || !strcmp(pos[0], "now")) {
		clockid_t src = use_tai ? CLOCK_TAI : CLOCK_REALTIME;

		if (clock_gettime(src, &ts))
			return fail_sys(c, use_tai ? "clock_gettime(CLOCK_TAI)" :
					"clock_gettime(CLOCK_REALTIME)", errno, NULL);
	}
	if (clock_settime(c->clk.clkid, &ts))
		return adjtime_fail(c, "clock_settime", errno);
	return EXIT_OK;
}

int cmd_step(struct ctx *c, int argc, char **argv)
{
	struct timex tx = { .modes = ADJ_SETOFFSET | ADJ_NANO };
	const char *pos[1];
	int64_t ns;
	int n, ret;

	n = positional(c, argc, argv, 1, pos, NULL, NULL);
	if (n < 0)
		return -n;
	if (n != 1)
		return fail_usage(c, "needs the offset in SECONDS");
	if (parse_offset(pos[0], &ns))
		return fail_usage(c, "bad offset '%s': want [-]SECONDS[.FRACTION][s|ms|us|ns]",
				  pos[0]);
	ns_to_timeval_nano(ns, &tx.time.tv_sec, &tx.time.tv_usec);
	ret = open_clock(c, true);
	if (ret)
		return ret;
	if (clock_adjtime(c->clk.clkid, &tx) < 0)
		return adjtime_fail(c, "clock_adjtime(ADJ_SETOFFSET)", errno);
	return EXIT_OK;
}

int cmd_freq(struct ctx *c, int argc, char **argv)
{
	struct timex tx = { 0 };
	const char *pos[1];
	char buf[48];
	long scaled;
	int n, ret;

	n = positional(c, argc, argv, 1, pos, NULL, NULL);
	if (n < 0)
		return -n;
	if (n && parse_ppb(pos[0], &scaled))
		return fail_usage(c, "bad frequency '%s': want [-]PPB with up to 3 decimals",
				  pos[0]);
	ret = open_clock(c, n == 1);
	if (ret)
		return ret;
	if (n) {
		tx.modes = ADJ_FREQUENCY;
		tx.freq = scaled;
		if (clock_adjtime(c->clk.clkid, &tx) < 0)
			return adjtime_fail(c, "clock_adjtime(ADJ_FREQUENCY)",
					    errno);
		return EXIT_OK;
	}
	if (clock_adjtime(c->clk.clkid, &tx) < 0)
		return fail_sys(c, "clock_adjtime(read)", errno,
				ptp_errno_hint(c, errno, false));
	fmt_milli(buf, sizeof(buf), scaled_ppm_to_milli_ppb(tx.freq));
	if (c->json) {
		printf("{\"device\": ");
		json_str(stdout, c->clk.dev);
		printf(", \"ppb\": %s, \"scaled_ppm\": %ld}\n", buf,
		       (long)tx.freq);
	} else {
		printf("%s ppb\n", buf);
	}
	return EXIT_OK;
}

int cmd_phase(struct ctx *c, int argc, char **argv)
{
	struct timex tx = { .modes = ADJ_OFFSET | ADJ_NANO };
	const char *pos[1];
	int64_t ns;
	int n, ret;

	n = positional(c, argc, argv, 1, pos, NULL, NULL);
	if (n < 0)
		return -n;
	if (n != 1)
		return fail_usage(c, "needs the offset: NS, or a number with s, ms, us or ns");
	if (parse_phase(pos[0], &ns))
		return fail_usage(c, "bad phase offset '%s': want [-]NS or [-]NUMBER[s|ms|us|ns], whole nanoseconds within 32 bits",
				  pos[0]);
	ret = open_clock(c, true);
	if (ret)
		return ret;
	tx.offset = ns;
	if (clock_adjtime(c->clk.clkid, &tx) < 0)
		return adjtime_fail(c, "clock_adjtime(ADJ_OFFSET)", errno);
	return EXIT_OK;
}
