// SPDX-License-Identifier: GPL-2.0
/*
 * Outputs and events: perout, pps, extts and monitor.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ptpctl.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

/* SIGINT and SIGTERM end an event loop cleanly (no SA_RESTART). */
static void catch_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* a closed pipe ends the loop through EPIPE, so that clean-up runs */
	signal(SIGPIPE, SIG_IGN);
}

static int64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts_to_ns(ts.tv_sec, ts.tv_nsec);
}

/* ---- perout ---- */

static void ns_to_pct(int64_t ns, struct ptp_clock_time *t)
{
	t->sec = ns / NSEC_PER_SEC;
	t->nsec = (uint32_t)(ns % NSEC_PER_SEC);
}

int cmd_perout(struct ctx *c, int argc, char **argv)
{
	enum { O_PERIOD = 1, O_START, O_PHASE, O_DUTY, O_ON, O_ONESHOT };
	static const struct opt opts[] = {
		OPTS_COMMON,
		{ "period", 'p', true, O_PERIOD },
		{ "start", 's', true, O_START },
		{ "phase", 0, true, O_PHASE },
		{ "duty", 'd', true, O_DUTY },
		{ "on", 0, true, O_ON },
		{ "one-shot", '1', false, O_ONESHOT },
		{ .name = NULL }
	};
	const char *start = NULL, *pos[2] = { NULL };
	int64_t period = -1, phase = -1, on = -1, duty = -1, v;
	struct ptp_perout_request req;
	struct optstate st;
	struct timespec now, ts;
	unsigned int chan;
	bool off = false, one_shot = false;
	int id, n = 0, ret;
	char b1[48], b2[48];

	opt_init(&st, argc, argv);
	st.i = 1;
	while ((id = opt_next(&st, opts)) != OPT_END) {
		switch (id) {
		case OPT_JSON:
			break;
		case O_PERIOD:
			if (parse_duration(st.arg, &period) || period <= 0)
				return fail_usage(c, "bad period '%s'", st.arg);
			break;
		case O_START:
			start = st.arg;
			break;
		case O_PHASE:
			if (parse_duration(st.arg, &phase))
				return fail_usage(c, "bad phase '%s'", st.arg);
			break;
		case O_DUTY:
			if (parse_percent(st.arg, &duty))
				return fail_usage(c, "bad duty cycle '%s': want a percentage above 0, up to 100",
						  st.arg);
			break;
		case O_ON:
			if (parse_duration(st.arg, &on) || on <= 0)
				return fail_usage(c, "bad on time '%s'", st.arg);
			break;
		case O_ONESHOT:
			one_shot = true;
			break;
		case OPT_POS:
			if (n == 2)
				return fail_usage(c, "unexpected argument '%s'", st.arg);
			pos[n++] = st.arg;
			break;
		default:
			return opt_error(c, id, &st);
		}
	}
	if (!n)
		return fail_usage(c, "needs a channel");
	if (parse_uint(pos[0], UINT32_MAX, &chan))
		return fail_usage(c, "bad channel '%s'", pos[0]);
	if (pos[1]) {
		if (strcmp(pos[1], "off"))
			return fail_usage(c, "unexpected argument '%s'", pos[1]);
		off = true;
		if (period >= 0 || start || phase >= 0 || duty >= 0 ||
		    on >= 0 || one_shot)
			return fail_usage(c, "'off' takes no other options");
	} else {
		if (period < 0)
			return fail_usage(c, "needs --period (or 'off')");
		if (start && phase >= 0)
			return fail_usage(c, "--start and --phase exclude each other");
		if (duty >= 0 && on >= 0)
			return fail_usage(c, "--duty and --on exclude each other");
	}

	ret = open_clock(c, true);
	if (ret)
		return ret;
	ret = check_channel(c, PTP_PF_PEROUT, chan);
	if (ret)
		return ret;

	memset(&req, 0, sizeof(req));
	req.index = chan;
	if (!off) {
		ns_to_pct(period, &req.period);
		if (phase >= 0) {
			req.flags |= PTP_PEROUT_PHASE;
			ns_to_pct(phase, &req.phase);
		} else {
			if (clock_gettime(c->clk.clkid, &now))
				return fail_sys(c, "clock_gettime", errno, NULL);
			if (!start) {
				ts.tv_sec = now.tv_sec + 2;
				ts.tv_nsec = 0;
			} else if (*start == '+') {
				if (parse_offset(start + 1, &v) || v < 0)
					return fail_usage(c, "bad start '%s'", start);
				v += ts_to_ns(now.tv_sec, now.tv_nsec);
				ts.tv_sec = v / NSEC_PER_SEC;
				ts.tv_nsec = v % NSEC_PER_SEC;
			} else if (parse_time(start, &ts)) {
				return fail_usage(c, "bad start time '%s'", start);
			}
			req.start.sec = ts.tv_sec;
			req.start.nsec = ts.tv_nsec;
		}
		if (duty >= 0)
			on = (int64_t)((__int128)period * duty / 100000);
		if (on >= 0) {
			req.flags |= PTP_PEROUT_DUTY_CYCLE;
			ns_to_pct(on, &req.on);
		}
		if (one_shot)
			req.flags |= PTP_PEROUT_ONE_SHOT;
	}
	if (ioctl(c->clk.fd, PTP_PEROUT_REQUEST2, &req)) {
		int err = errno;

		/* a core older than the REQUEST2 ioctls */
		if (err == ENOTTY && !req.flags &&
		    !ioctl(c->clk.fd, PTP_PEROUT_REQUEST, &req))
			goto done;
		err = err == ENOTTY ? errno : err;
		return fail_sys(c, "PTP_PEROUT_REQUEST2", err,
				err == ERANGE ? "the on time and the phase must not exceed the period" :
				err == EOPNOTSUPP ? "the clock's driver does not support these settings (one-shot, duty cycle or phase)" :
				ptp_errno_hint(c, err, true));
	}
done:
	if (off)
		printf("perout %u off\n", chan);
	else if (req.flags & PTP_PEROUT_PHASE)
		printf("perout %u period %s phase %s\n", chan,
		       fmt_ns(b1, sizeof(b1), period), fmt_ns(b2, sizeof(b2), phase));
	else
		printf("perout %u period %s start %s\n", chan,
		       fmt_ns(b1, sizeof(b1), period),
		       fmt_time(b2, sizeof(b2), req.start.sec, req.start.nsec));
	return EXIT_OK;
}

/* ---- pps ---- */

int cmd_pps(struct ctx *c, int argc, char **argv)
{
	static const struct opt opts[] = { OPTS_COMMON, { .name = NULL } };
	struct optstate st;
	const char *what = NULL;
	int id, ret, on;

	opt_init(&st, argc, argv);
	st.i = 1;
	while ((id = opt_next(&st, opts)) != OPT_END) {
		if (id == OPT_POS && !what)
			what = st.arg;
		else if (id == OPT_POS)
			return fail_usage(c, "unexpected argument '%s'", st.arg);
		else if (id != OPT_JSON)
			return opt_error(c, id, &st);
	}
	if (!what || (strcmp(what, "on") && strcmp(what, "off")))
		return fail_usage(c, "needs 'on' or 'off'");
	on = !strcmp(what, "on");
	ret = open_clock(c, true);
	if (ret)
		return ret;
	if (ioctl(c->clk.fd, PTP_ENABLE_PPS, on))
		return fail_sys(c, "PTP_ENABLE_PPS", errno,
				!c->clk.caps.pps && (errno == EOPNOTSUPP || errno == EINVAL) ?
				"the clock has no PPS support: caps pps is 0" :
				ptp_errno_hint(c, errno, true));
	return EXIT_OK;
}

/* ---- events ---- */

struct evloop {
	uint64_t want;		/* channels to print */
	long count;		/* stop after this many; 0: no limit */
	int64_t timeout;	/* ns; 0: none */
};

/* Parse --count (@count) or --timeout into @lp; 0 or a usage failure. */
static int evloop_option(struct ctx *c, struct evloop *lp, bool count,
			 const char *arg)
{
	if (count) {
		if (parse_long(arg, 1, 1000000000, &lp->count))
			return fail_usage(c, "bad count '%s'", arg);
	} else if (parse_duration(arg, &lp->timeout) || !lp->timeout) {
		return fail_usage(c, "bad timeout '%s'", arg);
	}
	return 0;
}

/* Print one event (stdout is line buffered); <0 with errno if it failed. */
static int print_event(struct ctx *c, const struct ptp_extts_event *ev)
{
	char buf[48];

	fmt_time(buf, sizeof(buf), ev->t.sec, ev->t.nsec);
	if (c->json)
		return printf("{\"channel\": %u, \"sec\": %lld, \"nsec\": %u, \"time\": \"%s\"}\n",
			      ev->index, (long long)ev->t.sec, ev->t.nsec, buf);
	return printf("channel %u time %s\n", ev->index, buf);
}

/*
 * Read events with poll() and a non-blocking descriptor until the count,
 * the timeout or a signal.  Returns an exit status.
 */
static int event_loop(struct ctx *c, const struct evloop *lp)
{
	struct ptp_extts_event ev[16];
	int64_t deadline = lp->timeout ? mono_ns() + lp->timeout : 0;
	struct pollfd pfd = { .fd = c->clk.fd, .events = POLLIN };
	long got = 0;
	ssize_t n;
	int r, i, ms;

	catch_signals();
	while (!stop_requested && (!lp->count || got < lp->count)) {
		ms = -1;
		if (deadline) {
			int64_t left = deadline - mono_ns();

			if (left <= 0)
				break;
			ms = (int)((left + 999999) / 1000000);
		}
		r = poll(&pfd, 1, ms);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return fail_sys(c, "poll", errno, NULL);
		}
		if (r == 0)
			continue;
		if (!(pfd.revents & POLLIN)) {
			if (pfd.revents & (POLLERR | POLLHUP | POLLNVAL))
				return fail_sys(c, "poll", ENODEV,
						"the clock has been removed");
			continue;
		}
		n = read(c->clk.fd, ev, sizeof(ev));
		if (n < 0) {
			if (errno == EAGAIN || errno == EINTR)
				continue;
			return fail_sys(c, "read", errno,
					ptp_errno_hint(c, errno, false));
		}
		for (i = 0; i < n / (ssize_t)sizeof(ev[0]); i++) {
			if (ev[i].index >= 64 || !(lp->want & (1ULL << ev[i].index)))
				continue;
			if (print_event(c, &ev[i]) < 0) {
				if (errno == EPIPE)
					return EXIT_OK;	/* the reader is done */
				return fail_sys(c, "writing events", errno, NULL);
			}
			if (lp->count && ++got >= lp->count)
				break;
		}
	}
	if (lp->count && got < lp->count && !stop_requested)
		return fail_msg(c, "%s: timed out: %ld of %ld events in %lld s",
				c->clk.dev, got, lp->count,
				(long long)(lp->timeout / NSEC_PER_SEC));
	return EXIT_OK;
}

static int extts_request(struct ctx *c, unsigned int chan, unsigned int flags)
{
	struct ptp_extts_request req = { .index = chan, .flags = flags };

	if (!ioctl(c->clk.fd, PTP_EXTTS_REQUEST2, &req))
		return 0;
	if (errno == ENOTTY) {
		/* a core older than the REQUEST2 ioctls */
		req.flags = flags;
		if (!ioctl(c->clk.fd, PTP_EXTTS_REQUEST, &req))
			return 0;
	}
	return fail_sys(c, flags ? "PTP_EXTTS_REQUEST2 (enable)" :
			"PTP_EXTTS_REQUEST2 (disable)", errno,
			errno == EOPNOTSUPP ?
			"the clock's driver does not support these edges" :
			ptp_errno_hint(c, errno, true));
}

/*
 * Give the descriptor its own channel mask.  Returns 1 if the core has
 * the mask ioctls, 0 if not (ENOTTY), or -exit status on another error.
 */
static int set_mask(struct ctx *c, uint64_t mask)
{
	unsigned int i;

	if (ioctl(c->clk.fd, PTP_MASK_CLEAR_ALL)) {
		if (ioctl_unsupported(errno))
			return 0;
		return -fail_sys(c, "PTP_MASK_CLEAR_ALL", errno, NULL);
	}
	for (i = 0; i < 64; i++) {
		if (!(mask & (1ULL << i)))
			continue;
		if (ioctl(c->clk.fd, PTP_MASK_EN_SINGLE, &i))
			return -fail_sys(c, "PTP_MASK_EN_SINGLE", errno,
					 ptp_errno_hint(c, errno, false));
	}
	return 1;
}

/*
 * Discard events queued before we started: on a core with one shared queue
 * they may be old.  poll() first, since such a core's read() blocks even
 * with O_NONBLOCK.
 */
static void drain(struct ctx *c)
{
	struct pollfd pfd = { .fd = c->clk.fd, .events = POLLIN };
	struct ptp_extts_event ev[16];
	int guard = 64;

	while (guard-- && poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLIN) &&
	       read(c->clk.fd, ev, sizeof(ev)) > 0)
		;
}

static int set_nonblock(struct ctx *c)
{
	int fl = fcntl(c->clk.fd, F_GETFL);

	if (fl < 0 || fcntl(c->clk.fd, F_SETFL, fl | O_NONBLOCK))
		return fail_sys(c, "fcntl(O_NONBLOCK)", errno, NULL);
	return 0;
}

int cmd_extts(struct ctx *c, int argc, char **argv)
{
	enum { O_RISING = 1, O_FALLING, O_BOTH, O_COUNT, O_TIMEOUT,
	       O_ENABLE, O_DISABLE };
	static const struct opt opts[] = {
		OPTS_COMMON,
		{ "rising", 'r', false, O_RISING },
		{ "falling", 'f', false, O_FALLING },
		{ "both", 'b', false, O_BOTH },
		{ "count", 'c', true, O_COUNT },
		{ "timeout", 't', true, O_TIMEOUT },
		{ "enable", 0, false, O_ENABLE },
		{ "disable", 0, false, O_DISABLE },
		{ .name = NULL }
	};
	struct evloop lp = { 0 };
	unsigned int chan, edges = 0;
	const char *pos = NULL;
	bool enable_only = false, disable_only = false;
	struct optstate st;
	int id, ret, ret2;

	opt_init(&st, argc, argv);
	st.i = 1;
	while ((id = opt_next(&st, opts)) != OPT_END) {
		switch (id) {
		case OPT_JSON:
			c->json = true;
			break;
		case O_RISING:
			edges |= PTP_RISING_EDGE;
			break;
		case O_FALLING:
			edges |= PTP_FALLING_EDGE;
			break;
		case O_BOTH:
			edges |= PTP_RISING_EDGE | PTP_FALLING_EDGE;
			break;
		case O_COUNT:
		case O_TIMEOUT:
			ret = evloop_option(c, &lp, id == O_COUNT, st.arg);
			if (ret)
				return ret;
			break;
		case O_ENABLE:
			enable_only = true;
			break;
		case O_DISABLE:
			disable_only = true;
			break;
		case OPT_POS:
			if (pos)
				return fail_usage(c, "unexpected argument '%s'", st.arg);
			pos = st.arg;
			break;
		default:
			return opt_error(c, id, &st);
		}
	}
	if (!pos)
		return fail_usage(c, "needs a channel");
	if (parse_uint(pos, 63, &chan))
		return fail_usage(c, "bad channel '%s'", pos);
	if (enable_only && disable_only)
		return fail_usage(c, "--enable and --disable exclude each other");
	if ((enable_only || disable_only) && (lp.count || lp.timeout))
		return fail_usage(c, "--enable and --disable take no --count or --timeout");
	if (!edges)
		edges = PTP_RISING_EDGE;

	ret = open_clock(c, true);
	if (ret)
		return ret;
	ret = check_channel(c, PTP_PF_EXTTS, chan);
	if (ret)
		return ret;
	if (disable_only)
		return extts_request(c, chan, 0);
	if (enable_only)
		return extts_request(c, chan, PTP_ENABLE_FEATURE | edges);

	ret = set_nonblock(c);
	if (!ret) {
		ret = set_mask(c, 1ULL << chan);
		ret = ret < 0 ? -ret : 0;
	}
	if (ret)
		return ret;
	drain(c);
	ret = extts_request(c, chan, PTP_ENABLE_FEATURE | edges);
	if (ret)
		return ret;
	lp.want = 1ULL << chan;
	fprintf(stderr, "%s: waiting for events on %s channel %u\n", c->prog,
		c->clk.dev, chan);
	ret = event_loop(c, &lp);
	ret2 = extts_request(c, chan, 0);
	return ret ? ret : ret2;
}

static void print_chanlist(char *buf, size_t len, uint64_t mask)
{
	size_t off = 0;
	int i, j;

	buf[0] = '\0';
	for (i = 0; i < 64 && off < len; i++) {
		if (!(mask & (1ULL << i)))
			continue;
		for (j = i; j + 1 < 64 && (mask & (1ULL << (j + 1))); j++)
			;
		off += snprintf(buf + off, len - off, "%s%d", off ? "," : "", i);
		if (j > i && off < len)
			off += snprintf(buf + off, len - off, "-%d", j);
		i = j;
	}
}

int cmd_monitor(struct ctx *c, int argc, char **argv)
{
	enum { O_CHANNELS = 1, O_ENABLE, O_REQUIRE, O_COUNT, O_TIMEOUT };
	static const struct opt opts[] = {
		OPTS_COMMON,
		{ "channels", 'C', true, O_CHANNELS },
		{ "enable", 'e', false, O_ENABLE },
		{ "require-mask", 0, false, O_REQUIRE },
		{ "count", 'c', true, O_COUNT },
		{ "timeout", 't', true, O_TIMEOUT },
		{ .name = NULL }
	};
	const char *chans = NULL;
	struct evloop lp = { 0 };
	bool enable = false, require = false;
	struct optstate st;
	unsigned int i;
	char list[256];
	int id, ret, own = 0;

	opt_init(&st, argc, argv);
	st.i = 1;
	while ((id = opt_next(&st, opts)) != OPT_END) {
		switch (id) {
		case OPT_JSON:
			c->json = true;
			break;
		case O_CHANNELS:
			chans = st.arg;
			break;
		case O_ENABLE:
			enable = true;
			break;
		case O_REQUIRE:
			require = true;
			break;
		case O_COUNT:
		case O_TIMEOUT:
			ret = evloop_option(c, &lp, id == O_COUNT, st.arg);
			if (ret)
				return ret;
			break;
		case OPT_POS:
			return fail_usage(c, "unexpected argument '%s'", st.arg);
		default:
			return opt_error(c, id, &st);
		}
	}
	ret = open_clock(c, enable);
	if (ret)
		return ret;
	if (c->clk.caps.n_ext_ts <= 0)
		return fail_msg(c, "%s has no external timestamp channels",
				c->clk.dev);
	if (chans) {
		if (parse_chanlist(chans, (unsigned int)c->clk.caps.n_ext_ts,
				   &lp.want) && errno == ERANGE)
			return fail_usage(c, "channel out of range in '%s': %s has %d external timestamp channels",
					  chans, c->clk.dev, c->clk.caps.n_ext_ts);
		if (!lp.want)
			return fail_usage(c, "bad channel list '%s' (e.g. 0,2-3)",
					  chans);
	} else {
		lp.want = c->clk.caps.n_ext_ts >= 64 ? ~0ULL :
			(1ULL << c->clk.caps.n_ext_ts) - 1;
	}
	ret = set_nonblock(c);
	if (ret)
		return ret;
	own = set_mask(c, lp.want);
	if (own < 0)
		return -own;
	if (!own && require)
		return fail_sys(c, "PTP_MASK_CLEAR_ALL", ENOTTY,
				"not supported by this kernel's PTP core: no per-descriptor event queue and channel mask");
	print_chanlist(list, sizeof(list), lp.want);
	drain(c);
	if (enable) {
		for (i = 0; i < 64; i++) {
			if (!(lp.want & (1ULL << i)))
				continue;
			ret = extts_request(c, i, PTP_ENABLE_FEATURE | PTP_RISING_EDGE);
			if (ret)
				goto disable;
		}
	}
	fprintf(stderr, "%s: monitoring %s channels %s (%s)\n", c->prog,
		c->clk.dev, list, own ? "own queue and channel mask" :
		"shared queue: this kernel's PTP core has no per-descriptor mask");
	ret = event_loop(c, &lp);
disable:
	if (enable) {
		for (i = 0; i < 64; i++)
			if ((lp.want & (1ULL << i)) && extts_request(c, i, 0) && !ret)
				ret = EXIT_FAIL;
	}
	return ret;
}
