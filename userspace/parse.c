// SPDX-License-Identifier: GPL-2.0
/*
 * Argument and time parsing for ptpctl.  Everything here is pure (no system
 * calls) so that the host-side unit test can cover it.  Parsers return 0 on
 * success and -1 with errno set to EINVAL (malformed) or ERANGE (too big).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ptpctl.h"

static int bad(int err)
{
	errno = err;
	return -1;
}

int parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!s || !*s || isspace((unsigned char)*s))
		return bad(EINVAL);
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end)
		return bad(EINVAL);
	if (errno == ERANGE || v < min || v > max)
		return bad(ERANGE);
	*out = v;
	return 0;
}

int parse_uint(const char *s, unsigned int max, unsigned int *out)
{
	long v;

	if (s && *s == '-')
		return bad(EINVAL);
	if (parse_long(s, 0, max, &v))
		return -1;
	*out = (unsigned int)v;
	return 0;
}

/*
 * A decimal number "[-+]DIGITS[.DIGITS]" as an integer in units of
 * 10^-decimals: parse_fixed("1.5", 3, ...) gives 1500.  More fractional
 * digits than @decimals is an error rather than a silent truncation.
 */
int parse_fixed(const char *s, int decimals, bool allow_neg, int64_t *out)
{
	bool neg = false, digits = false;
	int64_t v = 0;
	int frac = -1;

	if (!s || !*s)
		return bad(EINVAL);
	if (*s == '-' || *s == '+') {
		neg = *s == '-';
		if (neg && !allow_neg)
			return bad(EINVAL);
		s++;
	}
	for (; *s; s++) {
		if (*s == '.') {
			if (frac >= 0)
				return bad(EINVAL);
			frac = 0;
			continue;
		}
		if (!isdigit((unsigned char)*s))
			return bad(EINVAL);
		digits = true;
		if (frac >= 0 && ++frac > decimals)
			return bad(EINVAL);
		if (v > (INT64_MAX - 9) / 10)
			return bad(ERANGE);
		v = v * 10 + (*s - '0');
	}
	if (!digits)
		return bad(EINVAL);
	for (frac = frac < 0 ? 0 : frac; frac < decimals; frac++) {
		if (v > INT64_MAX / 10)
			return bad(ERANGE);
		v *= 10;
	}
	*out = neg ? -v : v;
	return 0;
}

/* Days since 1970-01-01 of a proleptic Gregorian date. */
static int64_t days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static int days_in_month(int y, int m)
{
	static const int mdays[12] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 && leap ? 29 : mdays[m - 1];
}

static int take_digits(const char **p, int n, int *out)
{
	int v = 0, i;

	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)(*p)[i]))
			return -1;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return 0;
}

static int expect(const char **p, char c)
{
	if (**p != c)
		return -1;
	(*p)++;
	return 0;
}

/* "YYYY-MM-DDTHH:MM:SS[.frac][Z]", always UTC. */
static int parse_iso(const char *s, struct timespec *ts)
{
	int y, mo, d, h, mi, sec;
	const char *p = s;
	int64_t frac = 0;
	int64_t t;

	if (take_digits(&p, 4, &y) || expect(&p, '-') ||
	    take_digits(&p, 2, &mo) || expect(&p, '-') ||
	    take_digits(&p, 2, &d))
		return bad(EINVAL);
	if (*p != 'T' && *p != 't' && *p != ' ')
		return bad(EINVAL);
	p++;
	if (take_digits(&p, 2, &h) || expect(&p, ':') ||
	    take_digits(&p, 2, &mi) || expect(&p, ':') ||
	    take_digits(&p, 2, &sec))
		return bad(EINVAL);
	if (*p == '.') {
		char buf[16] = "0";
		size_t n = strspn(p + 1, "0123456789");

		if (n == 0 || n > 9)
			return bad(EINVAL);
		memcpy(buf + 1, p, n + 1);
		buf[n + 2] = '\0';
		if (parse_fixed(buf, 9, false, &frac))
			return -1;
		p += n + 1;
	}
	if (*p == 'Z' || *p == 'z')
		p++;
	if (*p)
		return bad(EINVAL);
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 ||
	    d > days_in_month(y, mo) || h > 23 || mi > 59 || sec > 59)
		return bad(EINVAL);
	t = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
	ts->tv_sec = t;
	ts->tv_nsec = frac;
	return 0;
}

/* A clock time: "SECONDS[.FRACTION]" or an ISO 8601 UTC date. */
int parse_time(const char *s, struct timespec *ts)
{
	int64_t ns;

	if (!s || !*s)
		return bad(EINVAL);
	if (strlen(s) >= 10 && s[4] == '-')
		return parse_iso(s, ts);
	if (parse_fixed(s, 9, false, &ns))
		return -1;
	ts->tv_sec = ns / NSEC_PER_SEC;
	ts->tv_nsec = ns % NSEC_PER_SEC;
	return 0;
}

/*
 * A number with an optional unit: s, ms, us or ns; in ns.  Without a unit
 * it is in units of 10^-@decimals s: 9 for seconds, 0 for nanoseconds.
 */
static int parse_with_unit(const char *s, bool allow_neg, int decimals,
			   int64_t *ns)
{
	static const struct { const char *sfx; int decimals; } units[] = {
		{ "ns", 0 }, { "us", 3 }, { "ms", 6 }, { "s", 9 },
	};
	char num[64];
	size_t len, k;

	if (!s || !*s)
		return bad(EINVAL);
	len = strlen(s);
	for (k = 0; k < ARRAY_SIZE(units); k++) {
		size_t l = strlen(units[k].sfx);

		if (len > l && !strcmp(s + len - l, units[k].sfx)) {
			decimals = units[k].decimals;
			len -= l;
			break;
		}
	}
	if (len >= sizeof(num))
		return bad(EINVAL);
	memcpy(num, s, len);
	num[len] = '\0';
	return parse_fixed(num, decimals, allow_neg, ns);
}

/* A signed offset, in seconds unless a unit is given. */
int parse_offset(const char *s, int64_t *ns)
{
	return parse_with_unit(s, true, 9, ns);
}

/*
 * A phase offset for ADJ_OFFSET: whole nanoseconds unless a unit is given,
 * within 32 bits.
 */
int parse_phase(const char *s, int64_t *ns)
{
	if (parse_with_unit(s, true, 0, ns))
		return -1;
	if (*ns < INT32_MIN || *ns > INT32_MAX)
		return bad(ERANGE);
	return 0;
}

/* A non-negative duration, in seconds unless a unit is given. */
int parse_duration(const char *s, int64_t *ns)
{
	return parse_with_unit(s, false, 9, ns);
}

/* Parts per billion with up to three decimals, as the kernel's scaled ppm. */
int parse_ppb(const char *s, long *scaled_ppm)
{
	int64_t milli;

	if (parse_fixed(s, 3, true, &milli))
		return -1;
	if (milli > (int64_t)INT32_MAX * 1000 ||
	    milli < (int64_t)INT32_MIN * 1000)
		return bad(ERANGE);
	*scaled_ppm = ppb_to_scaled_ppm(milli);
	return 0;
}

/* scaled_ppm is ppm with a 16-bit binary fraction: ppb * 65.536. */
long ppb_to_scaled_ppm(int64_t milli_ppb)
{
	__int128 v = (__int128)milli_ppb * 65536;

	v = v >= 0 ? v + 500000 : v - 500000;
	return (long)(v / 1000000);
}

int64_t scaled_ppm_to_milli_ppb(long scaled_ppm)
{
	__int128 v = (__int128)scaled_ppm * 1000000;

	v = v >= 0 ? v + 32768 : v - 32768;
	return (int64_t)(v / 65536);
}

/* A duty cycle in percent, "50" or "12.5%", in thousandths of a percent. */
int parse_percent(const char *s, int64_t *millipct)
{
	char num[32];
	size_t len = s ? strlen(s) : 0;

	if (len == 0 || len >= sizeof(num))
		return bad(EINVAL);
	memcpy(num, s, len + 1);
	if (num[len - 1] == '%')
		num[len - 1] = '\0';
	if (parse_fixed(num, 3, false, millipct))
		return -1;
	if (*millipct <= 0 || *millipct > 100000)
		return bad(ERANGE);
	return 0;
}

/* "0,2,4-6": channels below @max as a bit mask (max <= 64). */
int parse_chanlist(const char *s, unsigned int max, uint64_t *mask)
{
	uint64_t m = 0;
	char *copy, *tok, *save = NULL;
	int ret = 0;

	if (!s || !*s)
		return bad(EINVAL);
	copy = strdup(s);
	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *dash = strchr(tok, '-');
		unsigned int lo, hi, i;

		if (dash)
			*dash = '\0';
		if (parse_uint(tok, 63, &lo) ||
		    parse_uint(dash ? dash + 1 : tok, 63, &hi)) {
			ret = -1;
			break;
		}
		if (hi < lo) {
			ret = bad(EINVAL);
			break;
		}
		if (hi >= max) {
			ret = bad(ERANGE);
			break;
		}
		for (i = lo; i <= hi; i++)
			m |= 1ULL << i;
	}
	free(copy);
	if (ret)
		return ret;
	if (!m)
		return bad(EINVAL);
	*mask = m;
	return 0;
}

static const char *const pin_funcs[] = {
	[PTP_PF_NONE] = "none",
	[PTP_PF_EXTTS] = "extts",
	[PTP_PF_PEROUT] = "perout",
	[PTP_PF_PHYSYNC] = "physync",
};

int parse_pin_func(const char *s, unsigned int *func)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pin_funcs); i++) {
		if (!strcasecmp(s, pin_funcs[i])) {
			*func = i;
			return 0;
		}
	}
	return parse_uint(s, PTP_PF_PHYSYNC, func);
}

const char *pin_func_name(unsigned int func)
{
	if (func < ARRAY_SIZE(pin_funcs))
		return pin_funcs[func];
	return "unknown";
}

/* Split signed ns into the (sec, nsec) pair that ADJ_SETOFFSET wants. */
void ns_to_timeval_nano(int64_t ns, long *sec, long *nsec)
{
	int64_t s = ns / NSEC_PER_SEC, r = ns % NSEC_PER_SEC;

	if (r < 0) {
		r += NSEC_PER_SEC;
		s--;
	}
	*sec = (long)s;
	*nsec = (long)r;
}

int64_t ts_to_ns(int64_t sec, long nsec)
{
	return sec * NSEC_PER_SEC + nsec;
}

/*
 * poll()'s timeout when @elapsed ns of @timeout ns have gone: what is left
 * in whole ms, rounded up; at most INT_MAX (24.8 days: the caller polls
 * again), and 0 once nothing is left.  Taking the elapsed time instead of
 * a deadline (now + @timeout) keeps a long timeout from overflowing.
 */
int poll_timeout_ms(int64_t timeout, int64_t elapsed)
{
	int64_t left = timeout - elapsed;

	if (left <= 0)
		return 0;
	if (left / 1000000 >= INT_MAX)
		return INT_MAX;
	return (int)((left + 999999) / 1000000);
}

char *fmt_time(char *buf, size_t len, int64_t sec, long nsec)
{
	snprintf(buf, len, "%lld.%09ld", (long long)sec, nsec);
	return buf;
}

char *fmt_ns(char *buf, size_t len, int64_t ns)
{
	uint64_t a = ns < 0 ? -(uint64_t)ns : (uint64_t)ns;

	snprintf(buf, len, "%s%llu.%09llu", ns < 0 ? "-" : "",
		 (unsigned long long)(a / NSEC_PER_SEC),
		 (unsigned long long)(a % NSEC_PER_SEC));
	return buf;
}

char *fmt_milli(char *buf, size_t len, int64_t milli)
{
	uint64_t a = milli < 0 ? -(uint64_t)milli : (uint64_t)milli;

	snprintf(buf, len, "%s%llu.%03llu", milli < 0 ? "-" : "",
		 (unsigned long long)(a / 1000),
		 (unsigned long long)(a % 1000));
	return buf;
}

/* /dev/ptpN or any path; N or ptpN; otherwise a clock_name. */
enum devspec_kind classify_devspec(const char *s, int *index)
{
	const char *d = s;
	long v;

	if (strchr(s, '/'))
		return DEVSPEC_PATH;
	if (!strncmp(d, "ptp", 3) && isdigit((unsigned char)d[3]))
		d += 3;
	if (isdigit((unsigned char)*d) && !parse_long(d, 0, INT_MAX, &v)) {
		*index = (int)v;
		return DEVSPEC_INDEX;
	}
	return DEVSPEC_NAME;
}

/*
 * The edit distance of two words: insertions, deletions, substitutions and
 * swaps of neighbours ("lsit" is 1 from "list").  Words longer than 31
 * characters are too far from anything.
 */
int edit_distance(const char *a, const char *b)
{
	int d[32][32], la = strlen(a), lb = strlen(b), i, j, v;

	if (la > 31 || lb > 31)
		return INT_MAX;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[la][lb];
}
