/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptpctl: one command-line tool for every feature of a PTP hardware clock.
 *
 * Exit status: 0 success, 1 a failed system call (the errno text names the
 * operation on stderr), 2 a usage error.
 */
#ifndef PTPCTL_H
#define PTPCTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <getopt.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_ext.h>

#define EXIT_OK		0
#define EXIT_FAIL	1
#define EXIT_USAGE	2

#define NSEC_PER_SEC	1000000000LL
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The dynamic POSIX clock of an open PHC file descriptor. */
#define FD_TO_CLOCKID(fd)	((clockid_t)((~(unsigned int)(fd) << 3) | 3))

/* ---- parse.c: argument and time parsing (pure, unit tested) ---- */

int parse_long(const char *s, long min, long max, long *out);
int parse_uint(const char *s, unsigned int max, unsigned int *out);
int parse_fixed(const char *s, int decimals, bool allow_neg, int64_t *out);
int parse_time(const char *s, struct timespec *ts);
int parse_offset(const char *s, int64_t *ns);
int parse_phase(const char *s, int64_t *ns);
int parse_duration(const char *s, int64_t *ns);
int parse_ppb(const char *s, long *scaled_ppm);
int parse_percent(const char *s, int64_t *millipct);
int parse_chanlist(const char *s, unsigned int max, uint64_t *mask);
int parse_pin_func(const char *s, unsigned int *func);
const char *pin_func_name(unsigned int func);

long ppb_to_scaled_ppm(int64_t milli_ppb);
int64_t scaled_ppm_to_milli_ppb(long scaled_ppm);
void ns_to_timeval_nano(int64_t ns, long *sec, long *nsec);
int64_t ts_to_ns(int64_t sec, long nsec);
int poll_timeout_ms(int64_t timeout, int64_t elapsed);
char *fmt_time(char *buf, size_t len, int64_t sec, long nsec);
char *fmt_ns(char *buf, size_t len, int64_t ns);
char *fmt_milli(char *buf, size_t len, int64_t milli);

enum devspec_kind { DEVSPEC_PATH, DEVSPEC_INDEX, DEVSPEC_NAME };
enum devspec_kind classify_devspec(const char *s, int *index);
int edit_distance(const char *a, const char *b);

/* ---- opts.c: getopt_long for ptpctl and each command ---- */

struct ctx;

struct opt {
	const char *name;	/* long name without "--" */
	char short_name;	/* 0 if none */
	bool has_arg;
	int id;			/* > 0 */
};

#define OPT_MAX		24

struct optstate {
	struct ctx *c;		/* gets --json and --read-only; may be NULL */
	int argc;
	char **argv;
	bool numbers;		/* "-1.5" is a positional argument */
	bool only_pos;		/* after "--" */
	bool in_word;		/* getopt is inside a word such as -jR */
	int n;
	struct opt table[OPT_MAX];
	struct option longopts[OPT_MAX + 1];
	char shortopts[2 * OPT_MAX + 3];
	const char *arg;	/* the option's argument, or the positional one */
	const char *bad;	/* the offending option on error */
	char badbuf[64];
};

#define OPT_END		0
#define OPT_POS		(-1)
#define OPT_UNKNOWN	(-2)
#define OPT_NOARG	(-3)
#define OPT_EXTRAARG	(-4)
#define OPT_AMBIGUOUS	(-5)
#define OPT_HELP	(-6)
/* The common options (handled in opt_next when there is a ctx). */
#define OPT_JSON	(-7)
#define OPT_RO		(-8)

void opt_init(struct optstate *st, struct ctx *c, int argc, char **argv,
	      const struct opt *opts, bool numbers);
int opt_next(struct optstate *st);

/* ---- device.c: finding, opening and describing clocks ---- */

struct clock {
	int index;		/* N of /dev/ptpN */
	char dev[64];		/* /dev/ptpN */
	char name[64];		/* clock_name */
	int fd;			/* -1 if not open */
	bool writable;		/* opened O_RDWR */
	clockid_t clkid;
	struct ptp_clock_caps caps;
	bool have_caps;
};

struct ctx {
	const char *prog;
	const char *cmd;	/* current subcommand name */
	bool json;
	bool read_only;		/* --read-only: never open for writing */
	bool only_pos;		/* after "--": no more options */
	const char *devspec;	/* the device as given, or NULL */
	struct clock clk;
};

const char *sysfs_root(void);
const char *debugfs_root(void);
int sysfs_read(const char *path, char *buf, size_t len);
int clock_sysdir(int index, char *buf, size_t len);
int list_clock_indices(int **out);
int iface_phc(const char *ifname, int *phc);

struct iface_clock {
	char name[16];		/* IFNAMSIZ */
	int phc;		/* its PHC's index */
};

int list_iface_phcs(struct iface_clock **out);
bool devspec_exists(const char *spec);
int resolve_clock(struct ctx *c, const char *spec);
int resolve_dev(struct ctx *c);
int open_clock(struct ctx *c, bool want_write);
/* Parse a command line that takes only the common options (0 or exit code). */
int no_args(struct ctx *c, int argc, char **argv);
int load_caps(struct ctx *c);
void close_clock(struct ctx *c);

/* ---- report.c: errors and JSON ---- */

int fail_sys(struct ctx *c, const char *op, int err, const char *hint);
int fail_usage(struct ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int fail_msg(struct ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int utf8_valid(const char *s);
void json_str(FILE *f, const char *s);
void json_key(FILE *f, bool first, const char *key);
void json_long_or_null(FILE *f, bool known, long v);
const char *ptp_errno_hint(struct ctx *c, int err, bool adjusting);
bool ioctl_unsupported(int err);

/* ---- controls.c: drivers' debugfs controls ---- */

struct ctl_args {
	const char *target;	/* link: the port or segment; NULL: all */
	const char *control;	/* NULL: list them all */
	int nval;		/* values given; 0: read the control */
	char val[4096];		/* the values joined by spaces, and "\n" */
};

bool ctl_safe_name(const char *name);
bool is_dir(const char *path);
int ctl_no_root(struct ctx *c, const char *driver);
int ctl_read(struct ctx *c, const char *path, const char *label,
	     char *buf, size_t len);
void ctl_print(struct ctx *c, const char *label, const char *buf);
int ctl_list_dir(struct ctx *c, const char *dir, const char *prefix);
void ctl_list_begin(struct ctx *c);
int ctl_list_end(struct ctx *c, int ret);
int ctl_parse(struct ctx *c, int argc, char **argv, bool with_target,
	      struct ctl_args *a);
int ctl_run(struct ctx *c, const char *dir, const struct ctl_args *a);

/* ---- commands ---- */

struct command {
	const char *name;
	int (*run)(struct ctx *c, int argc, char **argv);
	enum { DEV_NONE, DEV_OPTIONAL, DEV_REQUIRED } dev;
	bool writes;		/* opens the clock for writing */
	const char *usage;	/* after "ptpctl [DEVICE] NAME" */
	const char *help;	/* what it does, and its options */
};

extern const struct command commands[];
const struct command *find_command(const char *name);
int usage_of(struct ctx *c, const struct command *cmd, FILE *f);
int want_help(int argc, char **argv);
int opt_error(struct ctx *c, int id, const struct optstate *st);
const char *core_version(char *buf, size_t len);

int check_channel(struct ctx *c, unsigned int func, unsigned int chan);

int cmd_list(struct ctx *c, int argc, char **argv);
int cmd_caps(struct ctx *c, int argc, char **argv);
int cmd_get(struct ctx *c, int argc, char **argv);
int cmd_cmp(struct ctx *c, int argc, char **argv);
int cmd_set(struct ctx *c, int argc, char **argv);
int cmd_step(struct ctx *c, int argc, char **argv);
int cmd_freq(struct ctx *c, int argc, char **argv);
int cmd_phase(struct ctx *c, int argc, char **argv);
int cmd_pins(struct ctx *c, int argc, char **argv);
int cmd_pin(struct ctx *c, int argc, char **argv);
int cmd_perout(struct ctx *c, int argc, char **argv);
int cmd_pps(struct ctx *c, int argc, char **argv);
int cmd_extts(struct ctx *c, int argc, char **argv);
int cmd_monitor(struct ctx *c, int argc, char **argv);
int cmd_vclocks(struct ctx *c, int argc, char **argv);
int cmd_dummy(struct ctx *c, int argc, char **argv);
int cmd_link(struct ctx *c, int argc, char **argv);
int cmd_version(struct ctx *c, int argc, char **argv);

#endif /* PTPCTL_H */
