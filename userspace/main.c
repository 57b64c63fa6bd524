// SPDX-License-Identifier: GPL-2.0
/*
 * ptpctl: drive every feature of a PTP hardware clock.
 *
 *   ptpctl [OPTIONS] [DEVICE] [COMMAND [ARGS...]]
 *
 * DEVICE is /dev/ptpN, N, ptpN, a clock_name or a network interface.  With
 * no device and no command the clocks are listed; a device alone shows its
 * capabilities.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ptpctl.h"

/* From the top-level VERSION file (userspace/Makefile). */
#ifndef PTPCTL_VERSION
#define PTPCTL_VERSION "unknown"
#endif

const struct command commands[] = {
	{ "list", cmd_list, DEV_NONE, false, "[--json]",
	  "List every PTP hardware clock.\n"
	  "Shows index, device, clock_name, driver, parent device, the network\n"
	  "interfaces whose clock it is (ETHTOOL_GET_TS_INFO) and a summary of\n"
	  "the capabilities (from sysfs and PTP_CLOCK_GETCAPS).  A clock that\n"
	  "cannot be opened says why instead of cross= and phase=.\n"
	  "  -j, --json      one JSON array; unknown values are null" },
	{ "caps", cmd_caps, DEV_REQUIRED, false, "[--json]",
	  "Show the clock's capabilities (PTP_CLOCK_GETCAPS).\n"
	  "  -j, --json      one JSON object; pps, cross_timestamping and\n"
	  "                  adjust_phase are booleans" },
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
	{ "freq", cmd_freq, DEV_REQUIRED, true, "[PPB] [--json]",
	  "Set or read the frequency offset.\n"
	  "PPB is parts per billion with up to three decimals (clock_adjtime\n"
	  "ADJ_FREQUENCY).  Without PPB, read back the frequency last dialed\n"
	  "(clock_adjtime with no modes).\n"
	  "  -j, --json      the frequency read back as one JSON object" },
	{ "phase", cmd_phase, DEV_REQUIRED, true, "OFFSET",
	  "Adjust the phase.\n"
	  "OFFSET is a signed offset that the clock slews out itself\n"
	  "(clock_adjtime ADJ_OFFSET): whole nanoseconds, or a number with a\n"
	  "unit suffix as for step: s, ms, us, ns.  At most 2^31-1 ns." },
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
	  "       [--json]\n"
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
	  "  -1, --one-shot    a single pulse\n"
	  "  -j, --json        what was programmed, as one JSON object" },
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
	{ "dummy", cmd_dummy, DEV_OPTIONAL, false, "[CONTROL [VALUE...]] [--json]",
	  "Read and write the ptp_dummy driver's debugfs controls.\n"
	  "Debugfs is at /sys/kernel/debug.  Without CONTROL, list the clock's controls and\n"
	  "their values; with CONTROL, print it; with VALUE, write the values\n"
	  "(joined by spaces) to it.  CONTROL may name a file in a subdirectory\n"
	  "as DIR/FILE.  Without a device, the driver's top directory is used.\n"
	  "  -j, --json      the controls read, as one JSON object (null for a\n"
	  "                  write-only one)" },
	{ "link", cmd_link, DEV_NONE, false,
	  "[PORT|SEGMENT [CONTROL [VALUE...]]] [--json]\n"
	  "       ptpctl link truth [--json]",
	  "Show the ptp_vlink ports and segments, and set the wire's knobs.\n"
	  "Without arguments, one line a port (its interface in this network\n"
	  "namespace, segment, PHC index and counters) and one a segment (its\n"
	  "knobs).  PORT is portN or the port's interface; SEGMENT is segN.\n"
	  "A port alone shows its interface, its clock and every control; a\n"
	  "CONTROL alone prints it, and VALUE writes it (see docs/network.md:\n"
	  "segment, phc, tx_delay_ns, ... of a port; speed_mbps, jitter_ns, ...\n"
	  "of a segment).  truth reads every plugged-in port's clock at one\n"
	  "instant, and each one's offset from the first port of its segment.\n"
	  "  -j, --json      one JSON object" },
	{ "version", cmd_version, DEV_NONE, false, "[--json]",
	  "Show the versions of ptpctl and of the loaded PTP core.\n"
	  "The core is 'ptp-clock X.Y.Z' when /sys/module/ptp/version exists,\n"
	  "'in-kernel' when the kernel's own core is loaded or built in, and\n"
	  "'none' when there is no PTP core.\n"
	  "  -j, --json      one JSON object" },
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

/* The command (or "help") nearest to a mistyped @word, or NULL. */
static const char *near_command(const char *word)
{
	const char *best = NULL;
	int d, best_d = INT_MAX, limit = strlen(word) <= 4 ? 1 : 2;
	const struct command *cmd;

	for (cmd = commands; cmd->name; cmd++) {
		d = edit_distance(word, cmd->name);
		if (d < best_d) {
			best_d = d;
			best = cmd->name;
		}
	}
	if (edit_distance(word, "help") < best_d) {
		best_d = edit_distance(word, "help");
		best = "help";
	}
	return best_d <= limit ? best : NULL;
}

static int unknown_command(struct ctx *c, const char *word)
{
	const char *near = near_command(word);

	if (near)
		return fail_usage(c, "unknown command '%s' (did you mean '%s'?)",
				  word, near);
	return fail_usage(c, "unknown command '%s'", word);
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
		"Drive a PTP hardware clock.  DEVICE is /dev/ptpN, N, ptpN, a\n"
		"clock_name or a network interface (its clock, from\n"
		"ETHTOOL_GET_TS_INFO).  With no device the clocks are listed; a\n"
		"device alone shows its capabilities.\n\n"
		"Options (getopt style: -jR bundles, -dDEV, --device=DEV; they may\n"
		"also come between DEVICE and COMMAND; -j, -R and -h also after\n"
		"COMMAND; \"--\" ends the options):\n"
		"  -d, --device DEV  the clock (instead of the first word)\n"
		"  -j, --json        JSON output (list, caps, get, cmp, freq, pins,\n"
		"                    perout, extts, monitor, vclocks, dummy, link,\n"
		"                    version)\n"
		"  -R, --read-only   open the clock read-only, even to adjust it\n"
		"  -h, --help        this help; COMMAND --help for a command's\n"
		"  -V, --version     the versions of ptpctl and of the PTP core\n\n"
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
	const struct command *cmd = c->cmd ? find_command(c->cmd) : NULL;

	switch (id) {
	case OPT_HELP:
		/* -h in a bundle such as -jh: want_help saw only -h and --help */
		if (cmd)
			usage_of(c, cmd, stdout);
		else
			main_usage(c, stdout);
		fflush(stdout);
		exit(EXIT_OK);
	case OPT_NOARG:
		return fail_usage(c, "option %s needs an argument", st->bad);
	case OPT_EXTRAARG:
		return fail_usage(c, "option %s takes no argument", st->bad);
	case OPT_AMBIGUOUS:
		return fail_usage(c, "option %s is ambiguous", st->bad);
	case OPT_POS:
		return fail_usage(c, "unexpected argument '%s'", st->arg);
	default:
		return fail_usage(c, "unknown option %s", st->bad);
	}
}

/* The loaded PTP core: "ptp-clock X.Y.Z", "in-kernel" or "none". */
const char *core_version(char *buf, size_t len)
{
	char path[PATH_MAX], ver[64];

	snprintf(path, sizeof(path), "%s/module/ptp/version", sysfs_root());
	if (!sysfs_read(path, ver, sizeof(ver)) && *ver) {
		snprintf(buf, len, "ptp-clock %s", ver);
		return buf;
	}
	snprintf(path, sizeof(path), "%s/module/ptp", sysfs_root());
	if (access(path, F_OK)) {
		snprintf(path, sizeof(path), "%s/class/ptp", sysfs_root());
		if (access(path, F_OK)) {
			snprintf(buf, len, "none");
			return buf;
		}
	}
	snprintf(buf, len, "in-kernel");
	return buf;
}

int cmd_version(struct ctx *c, int argc, char **argv)
{
	char core[96];
	int ret;

	ret = no_args(c, argc, argv);
	if (ret)
		return ret;
	core_version(core, sizeof(core));
	if (c->json) {
		printf("{\"ptpctl\": ");
		json_str(stdout, PTPCTL_VERSION);
		printf(", \"core\": ");
		json_str(stdout, core);
		printf("}\n");
	} else {
		printf("ptpctl %s\ncore: %s\n", PTPCTL_VERSION, core);
	}
	return EXIT_OK;
}

/* "help [COMMAND]": the next word, if any, names the command. */
static int help_word(struct ctx *c, struct optstate *st)
{
	const struct command *cmd;
	int id;

	while ((id = opt_next(st)) != OPT_END && id != OPT_POS)
		if (id != OPT_HELP)
			return opt_error(c, id, st);
	if (id == OPT_END) {
		main_usage(c, stdout);
		return EXIT_OK;
	}
	cmd = find_command(st->arg);
	if (!cmd)
		return unknown_command(c, st->arg);
	return usage_of(c, cmd, stdout);
}

enum { G_VERSION = 1, G_DEV };

static const struct opt global_opts[] = {
	{ "version", 'V', false, G_VERSION },
	{ "device", 'd', true, G_DEV },
	{ .name = NULL }
};

/* The command line, parsed: which command runs on which device. */
struct cmdline {
	const struct command *cmd;
	const char *devspec;
	bool dev_word;		/* the device was a word, not -d */
	bool version;		/* --version */
	int first;		/* argv index of the command's name */
	char *argv0[2];		/* the argv of a command that was not typed */
};

/*
 * No command was named: --version, or the default of list without a
 * device and caps with one.  Returns -1 to go on, or an exit status.
 */
static int implied_command(struct ctx *c, int argc, struct cmdline *cl)
{
	if (cl->version) {
		if (cl->devspec || cl->cmd)
			return fail_usage(c, "--version takes no device or command");
		cl->cmd = find_command("version");
		cl->first = argc;
	}
	if (cl->cmd)
		return -1;
	/* a word alone that names no clock: a mistyped command */
	if (cl->dev_word && !devspec_exists(cl->devspec)) {
		if (near_command(cl->devspec))
			return unknown_command(c, cl->devspec);
		return fail_usage(c, "'%s' is neither a command nor a PTP clock or network interface (see '%s list')",
				  cl->devspec, c->prog);
	}
	cl->cmd = find_command(cl->devspec ? "caps" : "list");
	cl->first = argc;
	return -1;
}

/*
 * The options before the command, the device and the command's name.
 * Returns -1 to go on, or an exit status.
 */
static int parse_global(struct ctx *c, int argc, char **argv,
			struct cmdline *cl)
{
	struct optstate st;
	int id;

	opt_init(&st, c, argc, argv, global_opts, false);
	while (!cl->cmd && (id = opt_next(&st)) != OPT_END) {
		switch (id) {
		case OPT_HELP:
			main_usage(c, stdout);
			return EXIT_OK;
		case G_VERSION:
			cl->version = true;
			break;
		case G_DEV:
			cl->devspec = st.arg;
			cl->dev_word = false;
			break;
		case OPT_POS:
			if (!cl->devspec && !strcmp(st.arg, "help"))
				return help_word(c, &st);
			cl->cmd = find_command(st.arg);
			cl->first = optind - 1;
			if (cl->cmd)
				break;
			if (cl->devspec)
				return unknown_command(c, st.arg);
			cl->devspec = st.arg;
			cl->dev_word = true;
			break;
		default:
			return opt_error(c, id, &st);
		}
	}
	return implied_command(c, argc, cl);
}

/* The command's own arguments, from its name on (@argc, @argv in place). */
static void command_args(struct cmdline *cl, int *argc, char ***argv)
{
	if (cl->first >= *argc) {
		/* the default command: no arguments of its own */
		cl->argv0[0] = (char *)cl->cmd->name;
		cl->argv0[1] = NULL;
		*argc = 1;
		*argv = cl->argv0;
	} else {
		*argc -= cl->first;
		*argv += cl->first;
	}
}

/* Whether the command takes the device it got.  0 or the usage error. */
static int check_device(struct ctx *c, const struct cmdline *cl)
{
	const struct command *cmd = cl->cmd;

	if (cmd->dev == DEV_NONE && cl->devspec)
		return fail_usage(c, "takes no device");
	if (cl->devspec && !*cl->devspec)
		return fail_usage(c, "the device is empty");
	if (cmd->dev == DEV_REQUIRED && !cl->devspec)
		return fail_usage(c, "needs a device: %s DEVICE %s ...",
				  c->prog, cmd->name);
	return 0;
}

/* Run @cmd, close its clock and flush what it printed: the exit status. */
static int run_command(struct ctx *c, const struct command *cmd, int argc,
		       char **argv)
{
	int ret;

	ret = cmd->run(c, argc, argv);
	close_clock(c);
	if ((fflush(stdout) || ferror(stdout)) && errno != EPIPE &&
	    ret == EXIT_OK)
		ret = fail_sys(c, "writing the output", errno, NULL);
	return ret;
}

int main(int argc, char **argv)
{
	struct ctx c = { .prog = "ptpctl" };
	struct cmdline cl = { 0 };
	int ret;

	c.clk.fd = -1;
	c.clk.index = -1;
	setvbuf(stdout, NULL, _IOLBF, 0);

	ret = parse_global(&c, argc, argv, &cl);
	if (ret >= 0)
		return ret;
	command_args(&cl, &argc, &argv);
	c.cmd = cl.cmd->name;
	if (!c.only_pos && want_help(argc, argv))
		return usage_of(&c, cl.cmd, stdout);
	ret = check_device(&c, &cl);
	if (ret)
		return ret;
	c.devspec = cl.devspec;
	return run_command(&c, cl.cmd, argc, argv);
}
