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

/* ---- perout: parse, build the request, program it, print it ---- */

static void ns_to_pct(int64_t ns, struct ptp_clock_time *t)
{
	t->sec = ns / NSEC_PER_SEC;
	t->nsec = (uint32_t)(ns % NSEC_PER_SEC);
}

static int64_t pct_to_ns(const struct ptp_clock_time *t)
{
	return ts_to_ns(t->sec, t->nsec);
}

struct perout_args {
	unsigned int chan;
	bool off, one_shot;
	const char *start;
	int64_t period, phase, on, duty;	/* -1: not given */
};

enum { P_PERIOD = 1, P_START, P_PHASE, P_DUTY, P_ON, P_ONESHOT };

static int perout_option(struct ctx *c, int id, const char *arg,
			 struct perout_args *a)
{
	switch (id) {
	case P_PERIOD:
		if (parse_duration(arg, &a->period) || a->period <= 0)
			return fail_usage(c, "bad period '%s'", arg);
		break;
	case P_START:
		a->start = arg;
		break;
	case P_PHASE:
		if (parse_duration(arg, &a->phase))
			return fail_usage(c, "bad phase '%s'", arg);
		break;
	case P_DUTY:
		if (parse_percent(arg, &a->duty))
			return fail_usage(c, "bad duty cycle '%s': want a percentage above 0, up to 100",
					  arg);
		break;
	case P_ON:
		if (parse_duration(arg, &a->on) || a->on <= 0)
			return fail_usage(c, "bad on time '%s'", arg);
		break;
	case P_ONESHOT:
		a->one_shot = true;
		break;
	}
	return 0;
}

/* CHAN and the optional 'off' after the options: 0 or the usage error. */
static int perout_check(struct ctx *c, const char *chan, const char *word,
			struct perout_args *a)
{
	if (!chan)
		return fail_usage(c, "needs a channel");
	if (parse_uint(chan, UINT32_MAX, &a->chan))
		return fail_usage(c, "bad channel '%s'", chan);
	if (word) {
		if (strcmp(word, "off"))
			return fail_usage(c, "unexpected argument '%s'", word);
		a->off = true;
		if (a->period >= 0 || a->start || a->phase >= 0 ||
		    a->duty >= 0 || a->on >= 0 || a->one_shot)
			return fail_usage(c, "'off' takes no other options");
		return 0;
	}
	if (a->period < 0)
		return fail_usage(c, "needs --period (or 'off')");
	if (a->start && a->phase >= 0)
		return fail_usage(c, "--start and --phase exclude each other");
	if (a->duty >= 0 && a->on >= 0)
		return fail_usage(c, "--duty and --on exclude each other");
	return 0;
}

/* The command line of perout into @a.  0, or the usage error. */
static int perout_parse(struct ctx *c, int argc, char **argv,
			struct perout_args *a)
{
	static const struct opt opts[] = {
		{ "period", 'p', true, P_PERIOD },
		{ "start", 's', true, P_START },
		{ "phase", 0, true, P_PHASE },
		{ "duty", 'd', true, P_DUTY },
		{ "on", 0, true, P_ON },
		{ "one-shot", '1', false, P_ONESHOT },
		{ .name = NULL }
	};
	const char *pos[2] = { NULL };
	struct optstate st;
	int id, n = 0, ret;

	memset(a, 0, sizeof(*a));
	a->period = a->phase = a->on = a->duty = -1;
	opt_init(&st, c, argc, argv, opts, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && n < 2) {
			pos[n++] = st.arg;
			continue;
		}
		ret = id > 0 ? perout_option(c, id, st.arg, a) :
			opt_error(c, id, &st);
		if (ret)
			return ret;
	}
	return perout_check(c, pos[0], pos[1], a);
}

/* The start time: absolute, +SECONDS from now, or 2 s after this second. */
static int perout_start(struct ctx *c, const char *start,
			struct ptp_clock_time *t)
{
	struct timespec now, ts;
	int64_t v;

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
	t->sec = ts.tv_sec;
	t->nsec = ts.tv_nsec;
	return 0;
}

/* @a as the ioctl's request (the start needs the open clock). */
static int perout_request(struct ctx *c, const struct perout_args *a,
			  struct ptp_perout_request *req)
{
	int64_t on = a->on;
	int ret;

	memset(req, 0, sizeof(*req));
	req->index = a->chan;
	if (a->off)
		return 0;
	ns_to_pct(a->period, &req->period);
	if (a->phase >= 0) {
		req->flags |= PTP_PEROUT_PHASE;
		ns_to_pct(a->phase, &req->phase);
	} else {
		ret = perout_start(c, a->start, &req->start);
		if (ret)
			return ret;
	}
	if (a->duty >= 0)
		on = (int64_t)((__int128)a->period * a->duty / 100000);
	if (on >= 0) {
		req->flags |= PTP_PEROUT_DUTY_CYCLE;
		ns_to_pct(on, &req->on);
	}
	if (a->one_shot)
		req->flags |= PTP_PEROUT_ONE_SHOT;
	return 0;
}

/* Program @req; 0 or the exit status of the failure. */
static int perout_run(struct ctx *c, struct ptp_perout_request *req)
{
	int err;

	if (!ioctl(c->clk.fd, PTP_PEROUT_REQUEST2, req))
		return 0;
	err = errno;
	/* a core older than the REQUEST2 ioctls: the old one, without flags */
	if (err == ENOTTY && !req->flags) {
		if (!ioctl(c->clk.fd, PTP_PEROUT_REQUEST, req))
			return 0;
		err = errno;
	}
	return fail_sys(c, "PTP_PEROUT_REQUEST2", err,
			err == ERANGE ? "the on time and the phase must not exceed the period" :
			err == EOPNOTSUPP ? "the clock's driver does not support these settings (one-shot, duty cycle or phase)" :
			ptp_errno_hint(c, err, true));
}

/* What was programmed, as one JSON object; null for what was not set. */
static void print_perout_json(struct ctx *c,
			      const struct ptp_perout_request *req, bool off)
{
	bool phase = req->flags & PTP_PEROUT_PHASE;
	bool duty = req->flags & PTP_PEROUT_DUTY_CYCLE;
	char buf[48];

	printf("{\"device\": ");
	json_str(stdout, c->clk.dev);
	printf(", \"channel\": %u, \"enabled\": %s", req->index,
	       off ? "false" : "true");
	if (!off) {
		printf(", \"period_ns\": %lld, \"start\": ",
		       (long long)pct_to_ns(&req->period));
		if (phase)
			printf("null");
		else
			printf("\"%s\"", fmt_time(buf, sizeof(buf), req->start.sec,
						  req->start.nsec));
		json_key(stdout, false, "phase_ns");
		json_long_or_null(stdout, phase, pct_to_ns(&req->phase));
		json_key(stdout, false, "on_ns");
		json_long_or_null(stdout, duty, pct_to_ns(&req->on));
		printf(", \"one_shot\": %s",
		       req->flags & PTP_PEROUT_ONE_SHOT ? "true" : "false");
	}
	printf("}\n");
}

static void print_perout(struct ctx *c, const struct ptp_perout_request *req,
			 bool off)
{
	char b1[48], b2[48];

	if (c->json)
		print_perout_json(c, req, off);
	else if (off)
		printf("perout %u off\n", req->index);
	else if (req->flags & PTP_PEROUT_PHASE)
		printf("perout %u period %s phase %s\n", req->index,
		       fmt_ns(b1, sizeof(b1), pct_to_ns(&req->period)),
		       fmt_ns(b2, sizeof(b2), pct_to_ns(&req->phase)));
	else
		printf("perout %u period %s start %s\n", req->index,
		       fmt_ns(b1, sizeof(b1), pct_to_ns(&req->period)),
		       fmt_time(b2, sizeof(b2), req->start.sec, req->start.nsec));
}

int cmd_perout(struct ctx *c, int argc, char **argv)
{
	struct ptp_perout_request req;
	struct perout_args a;
	int ret;

	ret = perout_parse(c, argc, argv, &a);
	if (!ret)
		ret = open_clock(c, true);
	if (!ret)
		ret = check_channel(c, PTP_PF_PEROUT, a.chan);
	if (!ret)
		ret = perout_request(c, &a, &req);
	if (!ret)
		ret = perout_run(c, &req);
	if (ret)
		return ret;
	print_perout(c, &req, a.off);
	return EXIT_OK;
}

/* ---- pps ---- */

int cmd_pps(struct ctx *c, int argc, char **argv)
{
	struct optstate st;
	const char *what = NULL;
	int id, ret, on;

	opt_init(&st, c, argc, argv, NULL, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && !what)
			what = st.arg;
		else
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

/* Print the wanted ones of @n events.  -1 to go on, or an exit status. */
static int print_events(struct ctx *c, const struct evloop *lp,
			const struct ptp_extts_event *ev, int n, long *got)
{
	int i;

	for (i = 0; i < n; i++) {
		if (ev[i].index >= 64 || !(lp->want & (1ULL << ev[i].index)))
			continue;
		if (print_event(c, &ev[i]) < 0) {
			if (errno == EPIPE)
				return EXIT_OK;	/* the reader is done */
			return fail_sys(c, "writing events", errno, NULL);
		}
		if (lp->count && ++*got >= lp->count)
			break;
	}
	return -1;
}

/* Read what is queued and print it.  -1 to go on, or an exit status. */
static int read_events(struct ctx *c, const struct evloop *lp, long *got)
{
	struct ptp_extts_event ev[16];
	ssize_t n;

	n = read(c->clk.fd, ev, sizeof(ev));
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return -1;
		return fail_sys(c, "read", errno,
				ptp_errno_hint(c, errno, false));
	}
	return print_events(c, lp, ev, (int)(n / (ssize_t)sizeof(ev[0])),
			    got);
}

/*
 * Read events with poll() and a non-blocking descriptor until the count,
 * the timeout or a signal.  Returns an exit status.
 */
static int event_loop(struct ctx *c, const struct evloop *lp)
{
	struct pollfd pfd = { .fd = c->clk.fd, .events = POLLIN };
	int64_t start = mono_ns();
	long got = 0;
	int r, ms;

	catch_signals();
	while (!stop_requested && (!lp->count || got < lp->count)) {
		ms = lp->timeout ?
			poll_timeout_ms(lp->timeout, mono_ns() - start) : -1;
		if (!ms)
			break;
		r = poll(&pfd, 1, ms);
		if (r < 0 && errno != EINTR)
			return fail_sys(c, "poll", errno, NULL);
		if (r <= 0)
			continue;
		if (!(pfd.revents & POLLIN)) {
			if (pfd.revents & (POLLERR | POLLHUP | POLLNVAL))
				return fail_sys(c, "poll", ENODEV,
						"the clock has been removed");
			continue;
		}
		r = read_events(c, lp, &got);
		if (r >= 0)
			return r;
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

/* ---- extts: parse, then enable, disable, or listen ---- */

struct extts_args {
	unsigned int chan;
	unsigned int edges;	/* PTP_RISING_EDGE, PTP_FALLING_EDGE */
	bool enable_only, disable_only;
	struct evloop lp;
};

enum { E_RISING = 1, E_FALLING, E_BOTH, E_COUNT, E_TIMEOUT, E_ENABLE,
       E_DISABLE };

static int extts_option(struct ctx *c, int id, const char *arg,
			struct extts_args *a)
{
	switch (id) {
	case E_RISING:
		a->edges |= PTP_RISING_EDGE;
		break;
	case E_FALLING:
		a->edges |= PTP_FALLING_EDGE;
		break;
	case E_BOTH:
		a->edges |= PTP_RISING_EDGE | PTP_FALLING_EDGE;
		break;
	case E_COUNT:
	case E_TIMEOUT:
		return evloop_option(c, &a->lp, id == E_COUNT, arg);
	case E_ENABLE:
		a->enable_only = true;
		break;
	case E_DISABLE:
		a->disable_only = true;
		break;
	}
	return 0;
}

/* The channel @pos and the options together: 0 or the usage error. */
static int extts_check(struct ctx *c, const char *pos, struct extts_args *a)
{
	if (!pos)
		return fail_usage(c, "needs a channel");
	if (parse_uint(pos, 63, &a->chan))
		return fail_usage(c, "bad channel '%s'", pos);
	if (a->enable_only && a->disable_only)
		return fail_usage(c, "--enable and --disable exclude each other");
	if ((a->enable_only || a->disable_only) &&
	    (a->lp.count || a->lp.timeout))
		return fail_usage(c, "--enable and --disable take no --count or --timeout");
	if (!a->edges)
		a->edges = PTP_RISING_EDGE;
	return 0;
}

/* The command line of extts into @a.  0, or the usage error. */
static int extts_parse(struct ctx *c, int argc, char **argv,
		       struct extts_args *a)
{
	static const struct opt opts[] = {
		{ "rising", 'r', false, E_RISING },
		{ "falling", 'f', false, E_FALLING },
		{ "both", 'b', false, E_BOTH },
		{ "count", 'c', true, E_COUNT },
		{ "timeout", 't', true, E_TIMEOUT },
		{ "enable", 0, false, E_ENABLE },
		{ "disable", 0, false, E_DISABLE },
		{ .name = NULL }
	};
	const char *pos = NULL;
	struct optstate st;
	int id, ret;

	memset(a, 0, sizeof(*a));
	opt_init(&st, c, argc, argv, opts, true);
	while ((id = opt_next(&st)) != OPT_END) {
		if (id == OPT_POS && !pos) {
			pos = st.arg;
			continue;
		}
		ret = id > 0 ? extts_option(c, id, st.arg, a) :
			opt_error(c, id, &st);
		if (ret)
			return ret;
	}
	return extts_check(c, pos, a);
}

/* Enable @chan, print its events until @lp says stop, disable it again. */
static int extts_listen(struct ctx *c, unsigned int chan, unsigned int edges,
			struct evloop *lp)
{
	int ret, ret2;

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
	lp->want = 1ULL << chan;
	fprintf(stderr, "%s: waiting for events on %s channel %u\n", c->prog,
		c->clk.dev, chan);
	ret = event_loop(c, lp);
	ret2 = extts_request(c, chan, 0);
	return ret ? ret : ret2;
}

int cmd_extts(struct ctx *c, int argc, char **argv)
{
	struct extts_args a;
	int ret;

	ret = extts_parse(c, argc, argv, &a);
	if (!ret)
		ret = open_clock(c, true);
	if (!ret)
		ret = check_channel(c, PTP_PF_EXTTS, a.chan);
	if (ret)
		return ret;
	if (a.disable_only)
		return extts_request(c, a.chan, 0);
	if (a.enable_only)
		return extts_request(c, a.chan, PTP_ENABLE_FEATURE | a.edges);
	return extts_listen(c, a.chan, a.edges, &a.lp);
}

/* ---- monitor: parse, set the descriptor up, then listen ---- */

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

/* The channels in @chans, or all of them; 0 or the usage error. */
static int monitor_channels(struct ctx *c, const char *chans, uint64_t *want)
{
	unsigned int n = (unsigned int)c->clk.caps.n_ext_ts;

	*want = 0;
	if (!chans) {
		*want = n >= 64 ? ~0ULL : (1ULL << n) - 1;
		return 0;
	}
	if (parse_chanlist(chans, n, want) && errno == ERANGE)
		return fail_usage(c, "channel out of range in '%s': %s has %u external timestamp channels",
				  chans, c->clk.dev, n);
	if (!*want)
		return fail_usage(c, "bad channel list '%s' (e.g. 0,2-3)", chans);
	return 0;
}

/*
 * Enable (rising edges) or disable each channel of @want.  Enabling stops
 * at the first failure; disabling goes through all.  0 or an exit status.
 */
static int monitor_enable(struct ctx *c, uint64_t want, bool on)
{
	unsigned int i;
	int ret = 0, r;

	for (i = 0; i < 64; i++) {
		if (!(want & (1ULL << i)))
			continue;
		r = extts_request(c, i, on ? PTP_ENABLE_FEATURE | PTP_RISING_EDGE : 0);
		if (r && on)
			return r;
		ret = ret ? ret : r;
	}
	return ret;
}

struct monitor_args {
	const char *chans;	/* --channels, or NULL for all */
	bool enable, require;
	struct evloop lp;
};

enum { M_CHANNELS = 1, M_ENABLE, M_REQUIRE, M_COUNT, M_TIMEOUT };

static int monitor_option(struct ctx *c, int id, const char *arg,
			  struct monitor_args *a)
{
	switch (id) {
	case M_CHANNELS:
		a->chans = arg;
		break;
	case M_ENABLE:
		a->enable = true;
		break;
	case M_REQUIRE:
		a->require = true;
		break;
	case M_COUNT:
	case M_TIMEOUT:
		return evloop_option(c, &a->lp, id == M_COUNT, arg);
	}
	return 0;
}

/* The command line of monitor into @a.  0, or the usage error. */
static int monitor_parse(struct ctx *c, int argc, char **argv,
			 struct monitor_args *a)
{
	static const struct opt opts[] = {
		{ "channels", 'C', true, M_CHANNELS },
		{ "enable", 'e', false, M_ENABLE },
		{ "require-mask", 0, false, M_REQUIRE },
		{ "count", 'c', true, M_COUNT },
		{ "timeout", 't', true, M_TIMEOUT },
		{ .name = NULL }
	};
	struct optstate st;
	int id, ret;

	memset(a, 0, sizeof(*a));
	opt_init(&st, c, argc, argv, opts, true);
	while ((id = opt_next(&st)) != OPT_END) {
		ret = id > 0 ? monitor_option(c, id, st.arg, a) :
			opt_error(c, id, &st);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Open the clock, pick the channels, make the descriptor non-blocking and
 * give it its own mask if the core can (@own).  0 or an exit status.
 */
static int monitor_setup(struct ctx *c, struct monitor_args *a, bool *own)
{
	int ret;

	ret = open_clock(c, a->enable);
	if (ret)
		return ret;
	if (c->clk.caps.n_ext_ts <= 0)
		return fail_msg(c, "%s has no external timestamp channels",
				c->clk.dev);
	ret = monitor_channels(c, a->chans, &a->lp.want);
	if (!ret)
		ret = set_nonblock(c);
	if (ret)
		return ret;
	ret = set_mask(c, a->lp.want);
	if (ret < 0)
		return -ret;
	*own = ret;
	if (!*own && a->require)
		return fail_sys(c, "PTP_MASK_CLEAR_ALL", ENOTTY,
				"not supported by this kernel's PTP core: no per-descriptor event queue and channel mask");
	return 0;
}

/* Enable the channels if asked, print events, disable them again. */
static int monitor_run(struct ctx *c, struct monitor_args *a, bool own)
{
	char list[256];
	int ret;

	print_chanlist(list, sizeof(list), a->lp.want);
	drain(c);
	ret = a->enable ? monitor_enable(c, a->lp.want, true) : 0;
	if (!ret) {
		fprintf(stderr, "%s: monitoring %s channels %s (%s)\n", c->prog,
			c->clk.dev, list, own ? "own queue and channel mask" :
			"shared queue: this kernel's PTP core has no per-descriptor mask");
		ret = event_loop(c, &a->lp);
	}
	if (a->enable && monitor_enable(c, a->lp.want, false) && !ret)
		ret = EXIT_FAIL;
	return ret;
}

int cmd_monitor(struct ctx *c, int argc, char **argv)
{
	struct monitor_args a;
	bool own = false;
	int ret;

	ret = monitor_parse(c, argc, argv, &a);
	if (!ret)
		ret = monitor_setup(c, &a, &own);
	if (ret)
		return ret;
	return monitor_run(c, &a, own);
}
