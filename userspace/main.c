// SPDX-License-Identifier: GPL-2.0
/*
 * ptpctl: drive every feature of a PTP hardware clock.
 *
 *   ptpctl [OPTIONS] [DEVICE] [COMMAND [ARGS...]]
 *
 * DEVICE is /dev/ptpN, N, ptpN or a clock_name.  With no device and no
 * command the clocks are listed; a device alone shows its capabilities.
 */
#include <errno.h>
#include <string.h>

#include "ptpctl.h"

#ifndef PTPCTL_VERSION
#define PTPCTL_VERSION "0.1"
#endif

const struct command commands[] = {
	{ "list", cmd_list, DEV_NONE, false, "[--json]",
	  "List every PTP hardware clock.\n"
	  "Shows index, device, clock_name, driver, parent device and a summary\n"
	  "of the capabilities (from sysfs and PTP_CLOCK_GETCAPS).\n"
	  "  -j, --json      one JSON array" },
	{ "caps", cmd_caps, DEV_REQUIRED, false, "[--json]",
	  "Show the clock's capabilities (PTP_CLOCK_GETCAPS).\n"
	  "  -j, --json      one JSON object" },
	{ "get", cmd_get, DEV_REQUIRED, false, "[--json]",
	  "Read the clock.\n"
	  "Prints SECONDS.NANOSECONDS (clock_gettime).\n"
	  "  -j, --json      one JSON object" },
	{ "cmp", cmd_cmp, DEV_REQUIRED, false,
	  "[--samples N] [--method precise|extended|basic] [--json]",
	  "Measure the offset from the system clock.\n"
	  "The offset is PHC - CLOCK_REALTIME, measured with the best method\n"
	  "the clock offers: PTP_SYS_OFFSET_PRECISE, then _EXTENDED, then the\n"
	  "basic PTP_SYS_OFFSET.  Of N samples the one with the shortest read\n"
	  "delay is reported, with the method used.\n"
	  "  -n, --samples N   samples to take, 1..25 (default 5)\n"
	  "  -m, --method M    use only this method; fail if unsupported\n"
	  "  -j, --json        one JSON object" },
	{ "set", cmd_set, DEV_REQUIRED, true, "[TIME|now] [--tai]",
	  "Set the clock.\n"
	  "Uses clock_settime.  TIME is SECONDS[.FRACTION] or a UTC date\n"
	  "YYYY-MM-DDTHH:MM:SS[.FRACTION][Z].  Without TIME, or with 'now',\n"
	  "the clock is set to the system's CLOCK_REALTIME.\n"
	  "      --tai       with 'now': use CLOCK_TAI instead" },
	{ "step", cmd_step, DEV_REQUIRED, true, "SECONDS",
	  "Step the clock by a signed offset.\n"
	  "Uses clock_adjtime ADJ_SETOFFSET.  SECONDS may have a fraction and\n"
	  "a unit suffix: s (default), ms, us, ns." },
	{ "freq", cmd_freq, DEV_REQUIRED, true, "[PPB]",
	  "Set or read the frequency offset.\n"
	  "PPB is parts per billion with up to three decimals (clock_adjtime\n"
	  "ADJ_FREQUENCY).  Without PPB, read back the frequency last dialed\n"
	  "(clock_adjtime with no modes)." },
	{ "phase", cmd_phase, DEV_REQUIRED, true, "NS",
	  "Adjust the phase.\n"
	  "NS is a signed offset in nanoseconds that the clock slews out itself\n"
	  "(clock_adjtime ADJ_OFFSET)." },
	{ "pins", cmd_pins, DEV_REQUIRED, false, "[--json]",
	  "List the programmable pins.\n"
	  "Shows index, name, function and channel of each.\n"
	  "  -j, --json      one JSON array" },
	{ "pin", cmd_pin, DEV_REQUIRED, true, "NAME|INDEX FUNC [CHAN]",
	  "Assign a function and channel to a pin.\n"
	  "Uses PTP_PIN_SETFUNC.  FUNC is none, extts, perout, physync or its\n"
	  "number; CHAN defaults to 0." },
	{ "perout", cmd_perout, DEV_REQUIRED, true,
	  "CHAN --period P [--start T|--phase P] [--duty PCT|--on D] [--one-shot]\n"
	  "       ptpctl DEVICE perout CHAN off",
	  "Program a periodic output, or turn it off.\n"
	  "Uses PTP_PEROUT_REQUEST2.\n"
	  "Durations are seconds with optional unit suffix s, ms, us, ns.\n"
	  "  -p, --period P    the period\n"
	  "  -s, --start T     absolute start time on the clock, or +SECONDS\n"
	  "                    from now (default: 2 s after the next whole second)\n"
	  "      --phase P     start at this phase of the period, as soon as possible\n"
	  "  -d, --duty PCT    duty cycle in percent (sets the on time)\n"
	  "      --on D        on time of the signal\n"
	  "  -1, --one-shot    a single pulse" },
	{ "pps", cmd_pps, DEV_REQUIRED, true, "on|off",
	  "Enable or disable the clock's PPS events.\n"
	  "Uses PTP_ENABLE_PPS: the clock's pulse per second to the kernel." },
	{ "extts", cmd_extts, DEV_REQUIRED, true,
	  "CHAN [--rising|--falling|--both] [--count N] [--timeout S] [--json]\n"
	  "       ptpctl DEVICE extts CHAN --enable|--disable [edges]",
	  "Timestamp external events on a channel.\n"
	  "Enables the channel and prints the events as they come; the channel\n"
	  "is disabled again on exit.  Without --count and --timeout it runs\n"
	  "until interrupted.\n"
	  "  -r, --rising      rising edges (the default)\n"
	  "  -f, --falling     falling edges\n"
	  "  -b, --both        both edges\n"
	  "  -c, --count N     exit after N events; fail if the timeout comes first\n"
	  "  -t, --timeout S   stop after S seconds\n"
	  "      --enable      only enable the channel, and leave it enabled\n"
	  "      --disable     only disable the channel\n"
	  "  -j, --json        one JSON object per event" },
	{ "monitor", cmd_monitor, DEV_REQUIRED, false,
	  "[--channels LIST] [--enable] [--require-mask] [--count N] [--timeout S] [--json]",
	  "Stream the events of every enabled channel.\n"
	  "Reads with O_NONBLOCK and poll().  Where the PTP core supports it\n"
	  "(PTP_MASK_CLEAR_ALL and PTP_MASK_EN_SINGLE) the descriptor has its\n"
	  "own queue and channel mask; otherwise it shares the clock's queue\n"
	  "and filters here.\n"
	  "  -C, --channels L  channels to watch, e.g. 0,2-3 (default: all)\n"
	  "  -e, --enable      enable those channels (rising edge) while running\n"
	  "      --require-mask  fail if the core has no per-descriptor mask\n"
	  "  -c, --count N     exit after N events; fail if the timeout comes first\n"
	  "  -t, --timeout S   stop after S seconds\n"
	  "  -j, --json        one JSON object per event" },
	{ "vclocks", cmd_vclocks, DEV_REQUIRED, false, "[N] [--json]",
	  "Show or set the clock's virtual clocks.\n"
	  "Uses sysfs n_vclocks.  While it has any, a clock without a cycle\n"
	  "counter runs free and refuses adjustment (EBUSY).\n"
	  "  -j, --json      one JSON object" },
	{ "dummy", cmd_dummy, DEV_OPTIONAL, false, "[CONTROL [VALUE...]]",
	  "Read and write the ptp_dummy driver's debugfs controls.\n"
	  "Debugfs is at /sys/kernel/debug.  Without CONTROL, list the clock's controls and\n"
	  "their values; with CONTROL, print it; with VALUE, write the values\n"
	  "(joined by spaces) to it.  CONTROL may name a file in a subdirectory\n"
	  "as DIR/FILE.  Without a device, the driver's top directory is used." },
	{ .name = NULL }
};

const struct command *find_command(const char *name)
{
	const struct command *cmd;

	for (cmd = commands; cmd->name; cmd++)
		if (!strcmp(cmd->name, name))
			return cmd;
	return NULL;
}

int usage_of(struct ctx *c, const struct command *cmd, FILE *f)
{
	fprintf(f, "usage: %s %s%s %s\n\n%s\n", c->prog,
		cmd->dev == DEV_NONE ? "" :
		cmd->dev == DEV_OPTIONAL ? "[DEVICE] " : "DEVICE ",
		cmd->name, cmd->usage, cmd->help);
	return EXIT_OK;
}

static void main_usage(struct ctx *c, FILE *f)
{
	const struct command *cmd;

	fprintf(f,
		"usage: %s [OPTIONS] [DEVICE] [COMMAND [ARGS...]]\n\n"
		"Drive a PTP hardware clock.  DEVICE is /dev/ptpN, N, ptpN or a\n"
		"clock_name.  With no device the clocks are listed; a device\n"
		"alone shows its capabilities.\n\n"
		"Options:\n"
		"  -d, --device DEV  the clock (instead of the first word)\n"
		"  -j, --json        JSON output (list, caps, get, cmp, pins,\n"
		"                    extts, monitor, vclocks)\n"
		"  -R, --read-only   open the clock read-only, even to adjust it\n"
		"  -h, --help        this help; COMMAND --help for a command's\n"
		"  -V, --version     print the version\n\n"
		"Commands:\n", c->prog);
	for (cmd = commands; cmd->name; cmd++) {
		const char *nl = strchr(cmd->help, '\n');
		int len = nl ? (int)(nl - cmd->help) : (int)strlen(cmd->help);

		fprintf(f, "  %-8s %.*s\n", cmd->name, len, cmd->help);
	}
	fprintf(f, "\nExit status: 0 success, 1 a failed system call, 2 a usage error.\n"
		"See ptpctl(8).\n");
}

int want_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	}
	return 0;
}

int opt_error(struct ctx *c, int id, const struct optstate *st)
{
	switch (id) {
	case OPT_NOARG:
		return fail_usage(c, "option %s needs an argument", st->bad);
	case OPT_EXTRAARG:
		return fail_usage(c, "option %s takes no argument", st->bad);
	default:
		return fail_usage(c, "unknown option %s", st->bad);
	}
}

enum { G_HELP = 1, G_VERSION, G_JSON, G_RO, G_DEV };

static const struct opt global_opts[] = {
	{ "help", 'h', false, G_HELP },
	{ "version", 'V', false, G_VERSION },
	{ "json", 'j', false, G_JSON },
	{ "read-only", 'R', false, G_RO },
	{ "device", 'd', true, G_DEV },
	{ .name = NULL }
};

int main(int argc, char **argv)
{
	const struct command *cmd = NULL;
	struct ctx c = { .prog = "ptpctl" };
	const char *devspec = NULL;
	struct optstate st;
	int id, first, ret;

	c.clk.fd = -1;
	c.clk.index = -1;
	setvbuf(stdout, NULL, _IOLBF, 0);

	/* Global options up to the first word. */
	opt_init(&st, argc, argv);
	st.i = 1;
	for (;;) {
		first = st.i;
		id = opt_next(&st, global_opts);
		if (id == OPT_END || id == OPT_POS)
			break;
		switch (id) {
		case G_HELP:
			main_usage(&c, stdout);
			return EXIT_OK;
		case G_VERSION:
			printf("ptpctl %s\n", PTPCTL_VERSION);
			return EXIT_OK;
		case G_JSON:
			c.json = true;
			break;
		case G_RO:
			c.read_only = true;
			break;
		case G_DEV:
			devspec = st.arg;
			break;
		case OPT_NOARG:
			return fail_usage(&c, "option %s needs an argument", st.bad);
		default:
			return fail_usage(&c, "unknown option %s", st.bad);
		}
	}
	if (id == OPT_POS) {
		/* st.arg is argv[first]: a command or the device */
		cmd = find_command(st.arg);
		if (!cmd && !strcmp(st.arg, "help")) {
			c.cmd = NULL;
			if (first + 1 < argc) {
				cmd = find_command(argv[first + 1]);
				if (!cmd)
					return fail_usage(&c, "unknown command '%s'",
							  argv[first + 1]);
				return usage_of(&c, cmd, stdout);
			}
			main_usage(&c, stdout);
			return EXIT_OK;
		}
		if (!cmd) {
			if (devspec)
				return fail_usage(&c, "unknown command '%s'", st.arg);
			devspec = st.arg;
			first++;
			if (first < argc) {
				cmd = find_command(argv[first]);
				if (!cmd)
					return fail_usage(&c, "unknown command '%s'",
							  argv[first]);
			}
		}
	}
	if (!cmd)
		cmd = find_command(devspec ? "caps" : "list");
	if (first >= argc) {
		/* the default command: no arguments of its own */
		argc = 1;
		argv = (char *[]){ (char *)cmd->name, NULL };
	} else {
		argc -= first;
		argv += first;
	}
	c.cmd = cmd->name;

	if (want_help(argc, argv))
		return usage_of(&c, cmd, stdout);
	if (cmd->dev == DEV_NONE && devspec)
		return fail_usage(&c, "takes no device");
	if (devspec && !*devspec)
		return fail_usage(&c, "the device is empty");
	if (cmd->dev == DEV_REQUIRED && !devspec)
		return fail_usage(&c, "needs a device: %s DEVICE %s ...",
				  c.prog, cmd->name);
	c.devspec = devspec;
	ret = cmd->run(&c, argc, argv);
	close_clock(&c);
	if ((fflush(stdout) || ferror(stdout)) && errno != EPIPE &&
	    ret == EXIT_OK)
		ret = fail_sys(&c, "writing the output", errno, NULL);
	return ret;
}
