// SPDX-License-Identifier: GPL-2.0
/*
 * Host-side unit test of ptpctl's argument and time parsing, of device
 * name resolution, and of the whole command line (exit statuses, sysfs
 * and debugfs access) against a fake sysfs and debugfs tree.  Needs no PHC
 * and no guest.  Usage: test_parse PATH-OF-PTPCTL
 * Prints TAP and a final "N passed, N failed"; exits 1 on any failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ptpctl.h"

static int n_run, n_fail;

static void check(bool cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void check(bool cond, const char *fmt, ...)
{
	va_list ap;

	n_run++;
	if (!cond)
		n_fail++;
	printf("%sok %d - ", cond ? "" : "not ", n_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static void fixed_ok(const char *s, int dec, bool neg, int64_t want)
{
	int64_t v = 0;
	int r = parse_fixed(s, dec, neg, &v);

	check(r == 0 && v == want, "parse_fixed(\"%s\", %d) = %lld (got %lld, r=%d)",
	      s, dec, (long long)want, (long long)v, r);
}

static void fixed_bad(const char *s, int dec, bool neg, int err)
{
	int64_t v;
	int r;

	errno = 0;
	r = parse_fixed(s, dec, neg, &v);
	check(r == -1 && errno == err, "parse_fixed(\"%s\", %d) fails with %s",
	      s, dec, strerror(err));
}

static void time_ok(const char *s, long long sec, long nsec)
{
	struct timespec ts = { 0 };
	int r = parse_time(s, &ts);

	check(r == 0 && ts.tv_sec == sec && ts.tv_nsec == nsec,
	      "parse_time(\"%s\") = %lld.%09ld (got %lld.%09ld)", s, sec, nsec,
	      (long long)ts.tv_sec, ts.tv_nsec);
}

static void time_bad(const char *s)
{
	struct timespec ts;

	check(parse_time(s, &ts) == -1, "parse_time(\"%s\") is rejected", s);
}

static void offset_ok(const char *s, int64_t want)
{
	int64_t v = 0;
	int r = parse_offset(s, &v);

	check(r == 0 && v == want, "parse_offset(\"%s\") = %lld ns (got %lld)",
	      s, (long long)want, (long long)v);
}

static void duration_ok(const char *s, int64_t want)
{
	int64_t v = 0;
	int r = parse_duration(s, &v);

	check(r == 0 && v == want, "parse_duration(\"%s\") = %lld ns (got %lld)",
	      s, (long long)want, (long long)v);
}

static void split_ok(int64_t ns, long sec, long nsec)
{
	long s, n;

	ns_to_timeval_nano(ns, &s, &n);
	check(s == sec && n == nsec, "step %lld ns -> time {%ld, %ld} (got {%ld, %ld})",
	      (long long)ns, sec, nsec, s, n);
}

static void ppb_ok(const char *s, long scaled)
{
	long v = 0;
	int r = parse_ppb(s, &v);

	check(r == 0 && v == scaled, "parse_ppb(\"%s\") = %ld scaled ppm (got %ld)",
	      s, scaled, v);
}

static void test_numbers(void)
{
	long l;
	unsigned int u;

	check(!parse_long("42", 0, 100, &l) && l == 42, "parse_long 42");
	check(!parse_long("-7", -10, 10, &l) && l == -7, "parse_long -7");
	check(parse_long("101", 0, 100, &l) && errno == ERANGE, "parse_long above max is ERANGE");
	check(parse_long("4x", 0, 100, &l) && errno == EINVAL, "parse_long trailing junk is EINVAL");
	check(parse_long("", 0, 100, &l) && errno == EINVAL, "parse_long empty is EINVAL");
	check(parse_long(" 4", 0, 100, &l) && errno == EINVAL, "parse_long leading space is EINVAL");
	check(parse_uint("-1", 10, &u), "parse_uint rejects -1");
	check(!parse_uint("10", 10, &u) && u == 10, "parse_uint 10 with max 10");

	fixed_ok("1", 9, false, 1000000000);
	fixed_ok("1.5", 9, false, 1500000000);
	fixed_ok("0.000000001", 9, false, 1);
	fixed_ok(".5", 3, false, 500);
	fixed_ok("-2.25", 3, true, -2250);
	fixed_ok("+3", 0, true, 3);
	fixed_ok("12.", 3, false, 12000);
	fixed_bad("-1", 9, false, EINVAL);
	fixed_bad("1.0000000001", 9, false, EINVAL);
	fixed_bad("1.2.3", 9, false, EINVAL);
	fixed_bad(".", 9, false, EINVAL);
	fixed_bad("", 9, false, EINVAL);
	fixed_bad("1e3", 9, false, EINVAL);
	fixed_bad("99999999999", 9, false, ERANGE);
	fixed_bad("9223372036854775808", 0, false, ERANGE);
}

static void test_time(void)
{
	time_ok("0", 0, 0);
	time_ok("1000", 1000, 0);
	time_ok("1000.5", 1000, 500000000);
	time_ok("1700000000.000000123", 1700000000, 123);
	time_ok("1970-01-01T00:00:00Z", 0, 0);
	time_ok("2000-01-01T00:00:00Z", 946684800, 0);
	time_ok("2024-02-29T12:34:56.789Z", 1709210096, 789000000);
	time_ok("2038-01-19 03:14:08", 2147483648LL, 0);
	time_ok("2100-03-01T00:00:00.000000001z", 4107542400LL, 1);
	time_bad("-1");
	time_bad("now");
	time_bad("2023-02-29T00:00:00Z");
	time_bad("2024-13-01T00:00:00Z");
	time_bad("2024-01-01T24:00:00Z");
	time_bad("2024-01-01T00:00:60Z");
	time_bad("2024-01-01");
	time_bad("2024-01-01T00:00:00.Z");
	time_bad("2024-01-01T00:00:00.1234567890Z");
	time_bad("2024-01-01T00:00:00+01:00");
	time_bad("1969-12-31T23:59:59Z");
	time_bad("1.5s");
}

static void test_offsets(void)
{
	int64_t v;

	offset_ok("1", 1000000000);
	offset_ok("-1.5", -1500000000);
	offset_ok("0.000000001", 1);
	offset_ok("-100ns", -100);
	offset_ok("250us", 250000);
	offset_ok("1.5ms", 1500000);
	offset_ok("2s", 2000000000);
	offset_ok("-0.5", -500000000);
	check(parse_offset("1.5ns", &v) == -1, "parse_offset rejects fractional ns");
	check(parse_offset("ms", &v) == -1, "parse_offset rejects a bare unit");
	check(parse_offset("1h", &v) == -1, "parse_offset rejects unknown units");
	duration_ok("0.5", 500000000);
	duration_ok("100ms", 100000000);
	duration_ok("1", 1000000000);
	check(parse_duration("-1", &v) == -1, "parse_duration rejects negatives");

	split_ok(1500000000, 1, 500000000);
	split_ok(-1500000000, -2, 500000000);
	split_ok(-1, -1, 999999999);
	split_ok(-1000000000, -1, 0);
	split_ok(0, 0, 0);
}

static void test_freq(void)
{
	long v;
	char buf[48];

	ppb_ok("0", 0);
	ppb_ok("1000", 65536);
	ppb_ok("-1000", -65536);
	ppb_ok("100000", 6553600);
	ppb_ok("1", 66);		/* 65.536 rounds to 66 */
	ppb_ok("12.5", 819);		/* 819.2 */
	ppb_ok("-12.5", -819);
	ppb_ok("999999999", 65535999934LL);
	check(parse_ppb("1.2345", &v) == -1, "parse_ppb rejects 4 decimals");
	check(parse_ppb("3000000000", &v) == -1 && errno == ERANGE,
	      "parse_ppb rejects more than 32 bits of ppb");
	check(parse_ppb("abc", &v) == -1 && errno == EINVAL, "parse_ppb rejects words");
	check(scaled_ppm_to_milli_ppb(65536) == 1000000, "65536 scaled ppm is 1000 ppb");
	check(scaled_ppm_to_milli_ppb(-6553600) == -100000000, "-6553600 scaled ppm is -100000 ppb");
	check(scaled_ppm_to_milli_ppb(819) == 12497, "819 scaled ppm is 12.497 ppb");
	check(!strcmp(fmt_milli(buf, sizeof(buf), -12497), "-12.497"), "fmt_milli -12497 = -12.497 (%s)", buf);
	check(!strcmp(fmt_milli(buf, sizeof(buf), 5), "0.005"), "fmt_milli 5 = 0.005 (%s)", buf);
}

static void test_misc(void)
{
	int64_t p;
	uint64_t m;
	unsigned int f;
	char buf[48];
	int idx = -1;

	check(!parse_percent("50", &p) && p == 50000, "percent 50");
	check(!parse_percent("12.5%", &p) && p == 12500, "percent 12.5%%");
	check(!parse_percent("100", &p) && p == 100000, "percent 100");
	check(parse_percent("0", &p) == -1, "percent 0 is rejected");
	check(parse_percent("101", &p) == -1, "percent 101 is rejected");
	check(parse_percent("%", &p) == -1, "percent '%%' is rejected");

	check(!parse_chanlist("0", 4, &m) && m == 1, "chanlist 0");
	check(!parse_chanlist("0,2-3", 4, &m) && m == 0xd, "chanlist 0,2-3");
	check(parse_chanlist("4", 4, &m) == -1 && errno == ERANGE, "chanlist 4 of 4 is ERANGE");
	check(parse_chanlist("3-1", 4, &m) == -1, "chanlist 3-1 is rejected");
	check(parse_chanlist("a", 4, &m) == -1, "chanlist a is rejected");
	check(parse_chanlist(",", 4, &m) == -1, "chanlist ',' is rejected");

	check(!parse_pin_func("extts", &f) && f == PTP_PF_EXTTS, "pin func extts");
	check(!parse_pin_func("PEROUT", &f) && f == PTP_PF_PEROUT, "pin func PEROUT");
	check(!parse_pin_func("0", &f) && f == PTP_PF_NONE, "pin func 0");
	check(parse_pin_func("4", &f) == -1, "pin func 4 is rejected");
	check(parse_pin_func("gpio", &f) == -1, "pin func gpio is rejected");
	check(!strcmp(pin_func_name(PTP_PF_PHYSYNC), "physync"), "pin func name physync");

	check(!strcmp(fmt_time(buf, sizeof(buf), 1000, 5), "1000.000000005"),
	      "fmt_time 1000.000000005 (%s)", buf);
	check(!strcmp(fmt_ns(buf, sizeof(buf), -1500000000), "-1.500000000"),
	      "fmt_ns -1.5 s (%s)", buf);
	check(!strcmp(fmt_ns(buf, sizeof(buf), INT64_MIN), "-9223372036.854775808"),
	      "fmt_ns INT64_MIN (%s)", buf);

	check(poll_timeout_ms(NSEC_PER_SEC, 0) == 1000, "poll timeout: 1 s is 1000 ms");
	check(poll_timeout_ms(NSEC_PER_SEC, NSEC_PER_SEC - 1) == 1,
	      "poll timeout: 1 ns left rounds up to 1 ms");
	check(poll_timeout_ms(NSEC_PER_SEC, NSEC_PER_SEC) == 0 &&
	      poll_timeout_ms(NSEC_PER_SEC, 2 * NSEC_PER_SEC) == 0,
	      "poll timeout: 0 once the time has passed");
	check(poll_timeout_ms(2592000 * NSEC_PER_SEC, 0) == INT_MAX,
	      "poll timeout: 30 days is INT_MAX ms, not a negative int (%d)",
	      poll_timeout_ms(2592000 * NSEC_PER_SEC, 0));
	check(poll_timeout_ms(INT64_MAX, 5 * NSEC_PER_SEC) == INT_MAX,
	      "poll timeout: the longest --timeout does not overflow (%d)",
	      poll_timeout_ms(INT64_MAX, 5 * NSEC_PER_SEC));

	check(classify_devspec("/dev/ptp0", &idx) == DEVSPEC_PATH, "/dev/ptp0 is a path");
	check(classify_devspec("./x", &idx) == DEVSPEC_PATH, "./x is a path");
	check(classify_devspec("3", &idx) == DEVSPEC_INDEX && idx == 3, "3 is index 3");
	check(classify_devspec("ptp12", &idx) == DEVSPEC_INDEX && idx == 12, "ptp12 is index 12");
	check(classify_devspec("ptp_dummy.0", &idx) == DEVSPEC_NAME, "ptp_dummy.0 is a name");
	check(classify_devspec("e1000e", &idx) == DEVSPEC_NAME, "e1000e is a name");
	check(classify_devspec("3x", &idx) == DEVSPEC_NAME, "3x is a name");
	check(FD_TO_CLOCKID(3) == -29, "FD_TO_CLOCKID(3) = -29 (%d)", FD_TO_CLOCKID(3));
}

static void test_opts(void)
{
	enum { O_COUNT = 1, O_ONE };
	static const struct opt opts[] = {
		{ "count", 'c', true, O_COUNT },
		{ "one", '1', false, O_ONE },
		{ .name = NULL }
	};
	char *argv[] = { "cmd", "-1.5", "--count=3", "-c", "-4", "-jR", "x",
			 "-c7", "-1", "-100ns", "--co", "5", "--", "--json", "-j",
			 NULL };
	char *bad[] = { "cmd", "--bogus", "-jz", "--json=1", "--count", NULL };
	struct ctx c = { .prog = "ptpctl" };
	struct optstate st;

	opt_init(&st, &c, 15, argv, opts, true);
	check(opt_next(&st) == OPT_POS && !strcmp(st.arg, "-1.5"),
	      "opts: -1.5 is positional");
	check(opt_next(&st) == O_COUNT && !strcmp(st.arg, "3"), "opts: --count=3");
	check(opt_next(&st) == O_COUNT && !strcmp(st.arg, "-4"), "opts: -c -4");
	check(opt_next(&st) == OPT_POS && !strcmp(st.arg, "x") && c.json &&
	      c.read_only, "opts: -jR bundles --json and --read-only, x positional");
	check(opt_next(&st) == O_COUNT && !strcmp(st.arg, "7"), "opts: -c7");
	check(opt_next(&st) == O_ONE, "opts: -1 is an option where it is one");
	check(opt_next(&st) == OPT_POS && !strcmp(st.arg, "-100ns"),
	      "opts: -100ns is positional");
	check(opt_next(&st) == O_COUNT && !strcmp(st.arg, "5"),
	      "opts: --co abbreviates --count");
	check(opt_next(&st) == OPT_POS && !strcmp(st.arg, "--json"),
	      "opts: after --, --json is positional");
	check(opt_next(&st) == OPT_POS && !strcmp(st.arg, "-j"),
	      "opts: after --, -j is positional");
	check(opt_next(&st) == OPT_END, "opts: end");

	check(c.only_pos, "opts: -- ends the options for the command too");
	c.only_pos = false;
	opt_init(&st, &c, 5, bad, opts, true);
	check(opt_next(&st) == OPT_UNKNOWN && !strcmp(st.bad, "--bogus"),
	      "opts: --bogus unknown");
	check(opt_next(&st) == OPT_UNKNOWN && !strcmp(st.bad, "-z"),
	      "opts: -z in -jz unknown (%s)", st.bad);
	check(opt_next(&st) == OPT_EXTRAARG && !strcmp(st.bad, "--json"),
	      "opts: --json=1 has an extra argument");
	check(opt_next(&st) == OPT_NOARG && !strcmp(st.bad, "--count"),
	      "opts: --count without its argument");
}

static void phase_ok(const char *s, int64_t want)
{
	int64_t v = 0;
	int r = parse_phase(s, &v);

	check(r == 0 && v == want, "parse_phase(\"%s\") = %lld ns (got %lld)",
	      s, (long long)want, (long long)v);
}

static void json_is(const char *in, const char *want)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f) {
		check(false, "open_memstream");
		return;
	}
	json_str(f, in);
	fclose(f);
	check(!strcmp(buf, want), "json_str gives %s (got %s)", want, buf);
	free(buf);
}

/* Phase units, JSON strings, the distance behind "did you mean". */
static void test_usability(void)
{
	int64_t v;

	phase_ok("100", 100);
	phase_ok("-1000", -1000);
	phase_ok("1.5us", 1500);
	phase_ok("-2ms", -2000000);
	phase_ok("0.1s", 100000000);
	phase_ok("7ns", 7);
	check(parse_phase("1.5", &v) == -1 && errno == EINVAL,
	      "parse_phase rejects a fraction of a nanosecond");
	check(parse_phase("3s", &v) == -1 && errno == ERANGE,
	      "parse_phase rejects 3 s (beyond 32 bits)");
	check(parse_phase("1e3", &v) == -1, "parse_phase rejects 1e3");

	json_is("plain", "\"plain\"");
	json_is("q\"b\\", "\"q\\\"b\\\\\"");
	json_is("a\x01\n\x7f", "\"a\\u0001\\n\\u007f\"");
	json_is("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
		"\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
	json_is("x\xffy", "\"x\\ufffdy\"");
	json_is("\xc3", "\"\\ufffd\"");
	json_is("\xc0\xaf", "\"\\ufffd\\ufffd\"");
	json_is("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
	json_is("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");

	check(edit_distance("lsit", "list") == 1, "lsit is 1 from list");
	check(edit_distance("lst", "list") == 1, "lst is 1 from list");
	check(edit_distance("frob", "freq") == 2, "frob is 2 from freq");
	check(edit_distance("", "get") == 3, "'' is 3 from get");
	check(edit_distance("caps", "caps") == 0, "caps is 0 from caps");
}

/* Name resolution against a fake /sys. */
static void put(const char *root, const char *rel, const char *text)
{
	char path[512], dir[600];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(dir, sizeof(dir), "mkdir -p '%s'", path);
	*strrchr(dir, '/') = '\0';
	strcat(dir, "'");
	if (system(dir))
		return;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return;
	if (write(fd, text, strlen(text)) < 0)
		perror("write");
	close(fd);
}

static void test_resolve(void)
{
	char root[] = "/tmp/ptpctl-test.XXXXXX", cmd[64];
	struct ctx c = { .prog = "ptpctl" };
	int *idx = NULL, n, saved;

	if (!mkdtemp(root)) {
		check(false, "mkdtemp");
		return;
	}
	put(root, "class/ptp/ptp0/clock_name", "e1000e\n");
	put(root, "class/ptp/ptp2/clock_name", "ptp_dummy.0\n");
	put(root, "class/ptp/ptp10/clock_name", "ptp_dummy.1\n");
	put(root, "class/ptp/ptp3/clock_name", "twin\n");
	put(root, "class/ptp/ptp4/clock_name", "twin\n");
	put(root, "class/ptp/junk/clock_name", "junk\n");
	setenv("PTPCTL_SYSFS", root, 1);

	n = list_clock_indices(&idx);
	check(n == 5 && idx[0] == 0 && idx[1] == 2 && idx[4] == 10,
	      "list_clock_indices finds 5 clocks sorted (n=%d)", n);
	free(idx);

	saved = dup(2);		/* the failures below print on stderr */
	if (saved >= 0 && freopen("/dev/null", "w", stderr)) {
		/* reported at the end */
	}

	memset(&c.clk, 0, sizeof(c.clk));
	n = resolve_clock(&c, "ptp_dummy.0");
	check(n == 0 && c.clk.index == 2 && !strcmp(c.clk.dev, "/dev/ptp2"),
	      "ptp_dummy.0 resolves to /dev/ptp2 (%s)", c.clk.dev);
	memset(&c.clk, 0, sizeof(c.clk));
	n = resolve_clock(&c, "10");
	check(n == 0 && !strcmp(c.clk.name, "ptp_dummy.1"),
	      "index 10 resolves, clock_name ptp_dummy.1 (%s)", c.clk.name);
	memset(&c.clk, 0, sizeof(c.clk));
	n = resolve_clock(&c, "ptp0");
	check(n == 0 && !strcmp(c.clk.name, "e1000e"), "ptp0 resolves to e1000e");
	memset(&c.clk, 0, sizeof(c.clk));
	check(resolve_clock(&c, "7") == EXIT_FAIL, "index 7 does not exist: exit 1");
	memset(&c.clk, 0, sizeof(c.clk));
	check(resolve_clock(&c, "nosuch") == EXIT_FAIL, "unknown name: exit 1");
	memset(&c.clk, 0, sizeof(c.clk));
	check(resolve_clock(&c, "twin") == EXIT_USAGE, "ambiguous name: exit 2");
	memset(&c.clk, 0, sizeof(c.clk));
	check(resolve_clock(&c, root) == EXIT_FAIL, "a directory is not a PHC: exit 1");

	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, 2);
		close(saved);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		check(false, "cleaning up %s", root);
	unsetenv("PTPCTL_SYSFS");
}

static const char *prog;
static char out_file[64], err_file[64];

/* Run ptpctl with @argv (NULL-terminated); its stdout goes to out_file. */
static int run_prog(char *const argv[])
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open(out_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int efd = open(err_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd < 0 || efd < 0)
			_exit(127);
		dup2(fd, 1);
		dup2(efd, 2);
		execv(prog, argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void cli(int want, const char *desc, ...)
{
	char *argv[16] = { (char *)"ptpctl" };
	const char *a;
	va_list ap;
	int n = 1, got;

	va_start(ap, desc);
	while (n < 15 && (a = va_arg(ap, const char *)))
		argv[n++] = (char *)a;
	va_end(ap);
	argv[n] = NULL;
	got = run_prog(argv);
	check(got == want, "cli: %s exits %d (got %d)", desc, want, got);
}

/* Read up to @size - 1 bytes of @path into @buf, terminated; false on error. */
static bool slurp(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return false;
	buf[n] = '\0';
	return true;
}

static bool file_is(const char *path, const char *want)
{
	char buf[256];

	return slurp(path, buf, sizeof(buf)) && !strcmp(buf, want);
}

static bool out_has(const char *needle)
{
	char buf[8192];

	return slurp(out_file, buf, sizeof(buf)) && strstr(buf, needle);
}

static bool err_has(const char *needle)
{
	char buf[8192];

	return slurp(err_file, buf, sizeof(buf)) && strstr(buf, needle);
}

/* The column of each character of @s (UTF-8: one per code point). */
static int col_of(const char *s, int byte)
{
	int i, col = 0;

	for (i = 0; i < byte; i++)
		col += ((unsigned char)s[i] & 0xc0) != 0x80;
	return col;
}

static char char_at(const char *s, int col)
{
	int i;

	for (i = 0; s[i]; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && col_of(s, i) == col)
			return s[i];
	return '\0';
}

/*
 * The output of list is a table whose header words start where each
 * row's cells start: a space before, a non-space at the column.
 */
static bool table_aligned(int *rows)
{
	char buf[8192], *line, *save = NULL, *head;
	int starts[16], n = 0, i, c;

	*rows = 0;
	if (!slurp(out_file, buf, sizeof(buf)))
		return false;
	head = strtok_r(buf, "\n", &save);
	if (!head)
		return false;
	for (i = 0; head[i] && n < 16; i++)
		if (head[i] != ' ' && (i == 0 || head[i - 1] == ' '))
			starts[n++] = col_of(head, i);
	while ((line = strtok_r(NULL, "\n", &save))) {
		for (c = 1; c < n; c++)
			if (char_at(line, starts[c] - 1) != ' ' ||
			    char_at(line, starts[c]) == ' ' ||
			    !char_at(line, starts[c]))
				return false;
		(*rows)++;
	}
	return n == 7;
}

/* Issue 12: ptpctl as a new user tries it (fake sysfs of test_cli). */
static void test_cli_usability(void)
{
	/* 1. interfaces: their clock from ETHTOOL_GET_TS_INFO */
	cli(1, "lo caps (an interface without a PHC)", "lo", "caps", NULL);
	check(err_has("network interface lo has no PTP hardware clock"),
	      "cli: lo is found as a network interface without a PHC");
	cli(0, "list", "list", NULL);
	check(out_has("INTERFACES"), "cli: list has an INTERFACES column");
	cli(0, "--json list", "--json", "list", NULL);
	check(out_has("\"interfaces\": []"), "cli: list --json has interfaces");

	/* 2. getopt conventions */
	cli(0, "-jR list (bundled)", "-jR", "list", NULL);
	check(out_has("\"index\": 2"), "cli: -jR list prints JSON");
	cli(0, "-dptp_dummy.0 vclocks", "-dptp_dummy.0", "vclocks", NULL);
	cli(0, "--device=ptp_dummy.0 vclocks", "--device=ptp_dummy.0", "vclocks", NULL);
	cli(0, "-- list", "--", "list", NULL);
	check(out_has("INDEX"), "cli: -- list lists");
	cli(0, "DEV --json vclocks", "ptp_dummy.0", "--json", "vclocks", NULL);
	check(out_has("\"n_vclocks\": 0, \"max_vclocks\": 20"),
	      "cli: an option between device and command applies");
	cli(0, "DEV vclocks -j", "ptp_dummy.0", "vclocks", "-j", NULL);
	check(out_has("\"n_vclocks\": 0"), "cli: -j after the command");
	cli(2, "-d without its argument", "-d", NULL);
	cli(2, "-jz", "-jz", "list", NULL);
	check(err_has("unknown option -z"), "cli: -z of -jz is named");

	/* 3. a mistyped command */
	cli(2, "lsit", "lsit", NULL);
	check(err_has("did you mean 'list'?"), "cli: lsit: did you mean 'list'?");
	cli(2, "DEV cpas", "ptp_dummy.0", "cpas", NULL);
	check(err_has("did you mean 'caps'?"), "cli: cpas: did you mean 'caps'?");
	cli(2, "frob (no command or clock)", "frob", NULL);
	check(err_has("neither a command nor a PTP clock"), "cli: frob is neither");
	cli(2, "help lsit", "help", "lsit", NULL);

	/* 4. JSON: null, booleans, valid UTF-8; --json everywhere */
	cli(0, "--json list", "--json", "list", NULL);
	check(out_has("\"driver\": null, \"parent\": null"), "cli: unknown driver and parent are null");
	check(out_has("\"max_adj\": 500000, \"alarms\": null"), "cli: unknown counts are null");
	check(out_has("\"pps\": true") && out_has("\"pps\": null"), "cli: pps is a boolean or null");
	check(out_has("\"cross_timestamping\": null, \"adjust_phase\": null"),
	      "cli: GETCAPS flags of a clock that cannot be opened are null");
	check(out_has("\"clock_name\": \"bad\\ufffd\\u0001\xc3\xa9\\u007f\\\"q\""),
	      "cli: a clock_name that is not UTF-8 gives valid JSON");
	cli(0, "help freq", "help", "freq", NULL);
	check(out_has("--json"), "cli: freq --help documents --json");
	cli(0, "--help", "--help", NULL);
	check(out_has("cmp, freq,"), "cli: --help lists freq among the JSON commands");
	cli(0, "help perout", "help", "perout", NULL);
	check(out_has("--json"), "cli: perout --help documents --json");
}

/* Issue 12, continued: phase, errors in list, alignment, versions. */
static void test_cli_usability2(const char *root)
{
	char path[256], want[64];
	bool aligned;
	int rows = 0;

	/* 5. phase units */
	cli(1, "phase 1.5us (parsed; then no node)", "ptp_dummy.0", "phase", "1.5us", NULL);
	cli(1, "phase -2ms", "ptp_dummy.0", "phase", "-2ms", NULL);
	cli(2, "phase 1.5 (a fraction of a ns)", "ptp_dummy.0", "phase", "1.5", NULL);
	cli(2, "phase 3s (beyond 32 bits)", "ptp_dummy.0", "phase", "3s", NULL);

	/* 6. a clock that cannot be opened says why */
	cli(0, "list", "list", NULL);
	check(out_has("cross=? phase=? (open: no such file or directory)"),
	      "cli: list says why a clock's GETCAPS is missing");
	cli(0, "--json list", "--json", "list", NULL);
	check(out_has("\"error\": \"open: no such file or directory\""),
	      "cli: list --json has the error");

	/* 7. the table lines up */
	cli(0, "list", "list", NULL);
	aligned = table_aligned(&rows);
	check(aligned && rows == 5,
	      "cli: list's header lines up with its %d rows", rows);

	/* 8. versions */
	snprintf(want, sizeof(want), "ptpctl %s\n", PTPCTL_VERSION);
	cli(0, "version", "version", NULL);
	check(out_has(want) && out_has("core: in-kernel\n"),
	      "cli: version without /sys/module/ptp/version: in-kernel");
	put(root, "sys/module/ptp/version", "9.8.7\n");
	cli(0, "--version", "--version", NULL);
	check(out_has(want) && out_has("core: ptp-clock 9.8.7\n"),
	      "cli: --version reads /sys/module/ptp/version");
	cli(0, "version --json", "version", "--json", NULL);
	check(out_has("\"core\": \"ptp-clock 9.8.7\""), "cli: version --json");
	snprintf(path, sizeof(path), "%s/sys/module/ptp/version", root);
	unlink(path);
}

/* The command line's usage errors (2) and failures (1). */
static void test_cli_args(const char *root)
{
	cli(0, "--help", "--help", NULL);
	check(out_has("usage: ptpctl [OPTIONS] [DEVICE]"), "cli: --help prints the usage");
	cli(0, "--version", "--version", NULL);
	cli(0, "help step", "help", "step", NULL);
	check(out_has("usage: ptpctl DEVICE step SECONDS"), "cli: help step prints step's usage");
	cli(0, "perout --help (no device needed)", "perout", "--help", NULL);
	cli(0, "DEVICE extts --help", "nosuch", "extts", "--help", NULL);
	cli(2, "help frob", "help", "frob", NULL);
	cli(2, "--frob", "--frob", NULL);
	cli(2, "--device without its argument", "--device", NULL);
	cli(2, "get without a device", "get", NULL);
	cli(2, "an unknown command", "ptp_dummy.0", "frob", NULL);
	cli(2, "-d DEV and an unknown command", "-d", "ptp_dummy.0", "frob", NULL);
	cli(2, "list with a device", "ptp_dummy.0", "list", NULL);
	cli(2, "step 1.5x", "ptp_dummy.0", "step", "1.5x", NULL);
	cli(2, "step without an offset", "ptp_dummy.0", "step", NULL);
	cli(2, "set tomorrow", "ptp_dummy.0", "set", "tomorrow", NULL);
	cli(2, "freq 1.2345", "ptp_dummy.0", "freq", "1.2345", NULL);
	cli(2, "phase 1e3", "ptp_dummy.0", "phase", "1e3", NULL);
	cli(2, "cmp --samples 0", "ptp_dummy.0", "cmp", "--samples", "0", NULL);
	cli(2, "cmp --method guess", "ptp_dummy.0", "cmp", "--method", "guess", NULL);
	cli(2, "perout without --period", "ptp_dummy.0", "perout", "0", NULL);
	cli(2, "perout --duty 0", "ptp_dummy.0", "perout", "0", "--period", "1", "--duty", "0", NULL);
	cli(2, "pin with no function", "ptp_dummy.0", "pin", "0", NULL);
	cli(2, "pin 0 gpio", "ptp_dummy.0", "pin", "0", "gpio", NULL);
	cli(2, "pps sometimes", "ptp_dummy.0", "pps", "sometimes", NULL);
	cli(2, "extts without a channel", "ptp_dummy.0", "extts", NULL);
	cli(2, "extts --timeout 0", "ptp_dummy.0", "extts", "0", "--timeout", "0", NULL);
	cli(2, "monitor 0", "ptp_dummy.0", "monitor", "0", NULL);
	cli(2, "vclocks -1", "ptp_dummy.0", "vclocks", "-1", NULL);
	cli(2, "get --json=1", "ptp_dummy.0", "get", "--json=1", NULL);
	cli(2, "an ambiguous clock_name", "twin", "get", NULL);
	cli(1, "an unknown clock_name", "nosuch", "get", NULL);
	cli(1, "an index with no clock", "7", "get", NULL);
	cli(1, "a clock whose /dev node is missing", "ptp_dummy.0", "get", NULL);
	cli(1, "a directory given as the device", root, "get", NULL);
}

/* vclocks and dummy: writing sysfs and debugfs. */
static void test_cli_sysfs(const char *root)
{
	char env[128], path[256];

	cli(0, "vclocks (sysfs only)", "ptp_dummy.0", "vclocks", NULL);
	check(out_has("n_vclocks 0\nmax_vclocks 20\n"), "cli: vclocks reads n_vclocks and max_vclocks");
	cli(0, "vclocks 3", "ptp_dummy.0", "vclocks", "3", NULL);
	snprintf(path, sizeof(path), "%s/sys/class/ptp/ptp2/n_vclocks", root);
	check(file_is(path, "3\n"), "cli: vclocks 3 wrote n_vclocks");
	cli(1, "vclocks where the core has none", "ptp0", "vclocks", NULL);

	cli(0, "dummy (list)", "ptp_dummy.0", "dummy", NULL);
	check(out_has("seed") && out_has("(write-only)"), "cli: dummy lists seed and the write-only trigger");
	cli(0, "dummy seed 42", "ptp_dummy.0", "dummy", "seed", "42", NULL);
	snprintf(path, sizeof(path), "%s/dbg/ptp_dummy/ptp_dummy.0/seed", root);
	check(file_is(path, "42\n"), "cli: dummy seed 42 wrote the control");
	cli(0, "dummy seed", "ptp_dummy.0", "dummy", "seed", NULL);
	check(out_has("42"), "cli: dummy seed reads it back");
	cli(0, "dummy trigger 1 falling", "ptp_dummy.0", "dummy", "trigger", "1", "falling", NULL);
	snprintf(path, sizeof(path), "%s/dbg/ptp_dummy/ptp_dummy.0/trigger", root);
	check(file_is(path, "1 falling\n"), "cli: the values are joined by spaces");
	cli(2, "dummy trigger (write-only)", "ptp_dummy.0", "dummy", "trigger", NULL);
	cli(2, "dummy no_such", "ptp_dummy.0", "dummy", "no_such", NULL);
	cli(2, "dummy ../x", "ptp_dummy.0", "dummy", "../x", NULL);
	cli(1, "dummy on a clock that is not a dummy", "ptp0", "dummy", NULL);
	cli(0, "dummy without a device", "dummy", NULL);
	check(out_has("ptp_dummy.0/seed"), "cli: the top directory lists each clock's controls");
	snprintf(env, sizeof(env), "%s/nodebugfs", root);
	setenv("PTPCTL_DEBUGFS", env, 1);
	cli(1, "dummy without debugfs", "ptp_dummy.0", "dummy", NULL);
}

/* link: the ptp_vlink ports, segments and truth of a fake debugfs. */
static void test_cli_link(const char *root)
{
	char path[256];

	put(root, "dbg/ptp_vlink/port0/segment", "0\n");
	put(root, "dbg/ptp_vlink/port0/phc", "2\n");
	put(root, "dbg/ptp_vlink/port0/tx_delay_ns", "0\n");
	put(root, "dbg/ptp_vlink/port0/counters",
	    "phc 2\ntx_frames 17\ntx_bytes 1700\ntx_stamps 16\nonestep 1\n"
	    "rx_frames 9\nrx_bytes 900\nrx_stamps 9\ndrops 3\nstamp_fails 0\n");
	put(root, "dbg/ptp_vlink/port1/segment", "-1\n");
	put(root, "dbg/ptp_vlink/port1/phc", "-1\n");
	put(root, "dbg/ptp_vlink/port1/counters", "phc -1\ntx_frames 0\n");
	put(root, "dbg/ptp_vlink/seg0/jitter_ns", "0\n");
	put(root, "dbg/ptp_vlink/seg0/speed_mbps", "1000\n");
	put(root, "dbg/ptp_vlink/seg1/speed_mbps", "100\n");
	put(root, "dbg/ptp_vlink/truth",
	    "raw 46641183520\n"
	    "port0 segment 0 phc 2 1796612628491149263\n"
	    "port2 segment 1 phc 3 1796612628491000000\n"
	    "port3 segment 0 phc 4 1796612628491149063\n");

	cli(0, "link (overview)", "link", NULL);
	check(out_has("port0    -               0       2             17          16           1           9           9           3           0\n"),
	      "cli: link shows port0's segment, phc and counters");
	check(out_has("port1    -               -1      -1") && out_has("seg0         1        1000           0"),
	      "cli: an unplugged port, and seg0 with its one port and knobs");
	cli(0, "link --json", "link", "--json", NULL);
	check(out_has("{\"port\": 0, \"interface\": null, \"segment\": 0, \"phc\": 2, \"tx_frames\": 17,") &&
	      out_has("{\"segment\": 1, \"ports\": 0, \"speed_mbps\": 100, \"jitter_ns\": \"?\""),
	      "cli: link --json has the ports and segments as numbers");
	cli(0, "link port0", "link", "port0", NULL);
	check(out_has("interface              -\n") && out_has("clock                  /dev/ptp2 (ptp_dummy.0)\n") &&
	      out_has("counters:\n  phc 2\n"),
	      "cli: a port shows its interface, its clock and its controls");
	cli(0, "link port0 tx_delay_ns 400", "link", "port0", "tx_delay_ns", "400", NULL);
	snprintf(path, sizeof(path), "%s/dbg/ptp_vlink/port0/tx_delay_ns", root);
	check(file_is(path, "400\n"), "cli: link port0 tx_delay_ns 400 wrote the knob");
	cli(0, "link seg0 jitter_ns 100", "link", "seg0", "jitter_ns", "100", NULL);
	snprintf(path, sizeof(path), "%s/dbg/ptp_vlink/seg0/jitter_ns", root);
	check(file_is(path, "100\n"), "cli: link seg0 jitter_ns 100 wrote the knob");
	cli(0, "link seg0 jitter_ns", "link", "seg0", "jitter_ns", NULL);
	check(out_has("100"), "cli: and reads it back");
	cli(0, "link truth", "link", "truth", NULL);
	check(out_has("at CLOCK_MONOTONIC_RAW 46641183520 ns") &&
	      out_has("port3    -               0       4     1796612628491149063         -200\n") &&
	      out_has("         +0 (reference)"),
	      "cli: truth gives each clock's offset from its segment's first port");
	cli(0, "link truth --json", "link", "truth", "--json", NULL);
	check(out_has("{\"port\": 2, \"interface\": null, \"segment\": 1, \"phc\": 3, \"clock_ns\": 1796612628491000000, \"offset_ns\": 0}"),
	      "cli: truth --json");
	cli(2, "link port7 (no such port)", "link", "port7", NULL);
	cli(2, "link seg0 ../x", "link", "seg0", "../x", NULL);
	cli(2, "link seg0 no_such", "link", "seg0", "no_such", NULL);
	cli(2, "link truth x", "link", "truth", "x", NULL);
	cli(2, "link no_such_iface", "link", "no_such_iface0", NULL);
	cli(1, "link lo (not a port)", "link", "lo", NULL);
	check(err_has("lo is not a ptp_vlink port"), "cli: lo is no port, and the message says so");
	cli(2, "link with a device", "ptp_dummy.0", "link", NULL);
}

/* The whole command line, against a fake sysfs and debugfs: no PHC needed. */
static void test_cli(void)
{
	char root[] = "/tmp/ptpctl-cli.XXXXXX", env[128], path[256], cmd[64];

	if (!mkdtemp(root)) {
		check(false, "mkdtemp");
		return;
	}
	snprintf(out_file, sizeof(out_file), "%s/stdout", root);
	snprintf(err_file, sizeof(err_file), "%s/stderr", root);
	put(root, "sys/class/ptp/ptp0/clock_name", "e1000e\n");
	put(root, "sys/class/ptp/ptp2/clock_name", "ptp_dummy.0\n");
	put(root, "sys/class/ptp/ptp2/n_vclocks", "0\n");
	put(root, "sys/class/ptp/ptp2/max_vclocks", "20\n");
	put(root, "sys/class/ptp/ptp2/n_external_timestamps", "2\n");
	put(root, "sys/class/ptp/ptp3/clock_name", "twin\n");
	put(root, "sys/class/ptp/ptp4/clock_name", "twin\n");
	put(root, "sys/class/ptp/ptp2/pps_available", "1\n");
	put(root, "sys/class/ptp/ptp2/max_adjustment", "500000\n");
	put(root, "sys/class/ptp/ptp5/clock_name", "bad\xff\x01\xc3\xa9\x7f\"q\n");
	put(root, "dbg/ptp_dummy/ptp_dummy.0/seed", "1\n");
	put(root, "dbg/ptp_dummy/ptp_dummy.0/trigger", "");
	snprintf(path, sizeof(path), "%s/dbg/ptp_dummy/ptp_dummy.0/trigger", root);
	chmod(path, 0200);
	snprintf(env, sizeof(env), "%s/sys", root);
	setenv("PTPCTL_SYSFS", env, 1);
	snprintf(env, sizeof(env), "%s/dbg", root);
	setenv("PTPCTL_DEBUGFS", env, 1);

	test_cli_args(root);
	cli(0, "list (no clock can be opened)", "list", NULL);
	check(out_has("/dev/ptp2 ptp_dummy.0") && out_has("/dev/ptp4 twin"),
	      "cli: list shows the fake clocks");
	cli(0, "--json list", "--json", "list", NULL);
	check(out_has("\"clock_name\": \"ptp_dummy.0\""), "cli: --json list has the names");
	test_cli_usability();
	test_cli_usability2(root);

	test_cli_link(root);
	test_cli_sysfs(root);

	unsetenv("PTPCTL_SYSFS");
	unsetenv("PTPCTL_DEBUGFS");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		check(false, "cleaning up %s", root);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n");
	test_numbers();
	test_time();
	test_offsets();
	test_freq();
	test_misc();
	test_opts();
	test_usability();
	test_resolve();
	if (argc > 1) {
		prog = argv[1];
		test_cli();
	} else {
		check(false, "the path of ptpctl is given (test_parse PTPCTL)");
	}
	printf("1..%d\n", n_run);
	printf("%d passed, %d failed\n", n_run - n_fail, n_fail);
	return n_fail ? 1 : 0;
}
