// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of ptp_dummy's counter model (src/ptp_dummy_model.h): the
 * frequency word, the fractions kept across segments, the inverse used to
 * arm timers, the next edge of an output, and large times.  A separate
 * module that needs neither ptp_dummy.ko nor a PTP core, built only when
 * the target kernel has CONFIG_KUNIT; not shipped.
 */
#include <kunit/test.h>
#include <linux/module.h>

#include "ptp_dummy_model.h"

/* ppb as the PTP core passes it to adjfine: ppm with a 16 bit fraction. */
static long dummy_test_scaled_ppm(s64 ppb)
{
	return div_s64(ppb * 65536, 1000);
}

/* A model counting from raw 1000 at clock time @ns with addend @eff. */
static struct dummy_model dummy_test_model(s64 ns, u32 eff)
{
	struct dummy_model m = {
		.base_raw = 1000,
		.base_ns = ns,
		.eff = eff,
		.osc = DUMMY_ADD_NOMINAL,
		.slew_rate = 1000000,
	};

	return m;
}

/* The frequency word at 0, at +-max_adj and beyond what it can hold. */
static void dummy_test_addend(struct kunit *test)
{
	static const s64 ppbs[] = { 1, 512000, 10000000, 500000000 };
	u32 addend;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, dummy_addend(0, &addend), 0);
	KUNIT_EXPECT_EQ(test, addend, DUMMY_ADD_NOMINAL);
	for (i = 0; i < ARRAY_SIZE(ppbs); i++) {
		s64 ppb = ppbs[i];
		/* nominal * ppb / 10^9, to the nearest step */
		s64 want = DIV_ROUND_CLOSEST_ULL((u64)DUMMY_ADD_NOMINAL * ppb,
						 NSEC_PER_SEC);
		u32 up, down;

		KUNIT_ASSERT_EQ(test, dummy_addend(dummy_test_scaled_ppm(ppb), &up), 0);
		KUNIT_ASSERT_EQ(test, dummy_addend(dummy_test_scaled_ppm(-ppb), &down), 0);
		/* scaled_ppm rounds the ppb: allow one step of it. */
		KUNIT_EXPECT_LE(test, abs((s64)up - DUMMY_ADD_NOMINAL - want), 3);
		KUNIT_EXPECT_EQ(test, (s64)DUMMY_ADD_NOMINAL - down,
				(s64)up - DUMMY_ADD_NOMINAL);
		/* One second of raw time counts 10^9 + ppb ns, to the ns. */
		KUNIT_EXPECT_LE(test, abs((s64)dummy_scale(NSEC_PER_SEC, up, 0, NULL) -
				       (s64)NSEC_PER_SEC - ppb), 2);
		KUNIT_EXPECT_LE(test, abs((s64)dummy_scale(NSEC_PER_SEC, down, 0, NULL) -
				       (s64)NSEC_PER_SEC + ppb), 2);
	}
	/* The largest offset the word holds, and the first it does not. */
	KUNIT_EXPECT_EQ(test, dummy_addend(65535999984L, &addend), 0);
	KUNIT_EXPECT_EQ(test, addend, U32_MAX);
	KUNIT_EXPECT_EQ(test, dummy_addend(-65535999984L, &addend), 0);
	KUNIT_EXPECT_EQ(test, addend, 1u);
	KUNIT_EXPECT_EQ(test, dummy_addend(65535999985L, &addend), -ERANGE);
	KUNIT_EXPECT_EQ(test, dummy_addend(-65535999985L, &addend), -ERANGE);
	/* Far out of range, including where scaled_ppm << 15 wraps to 0. */
	KUNIT_EXPECT_EQ(test, dummy_addend(1L << 49, &addend), -ERANGE);
	KUNIT_EXPECT_EQ(test, dummy_addend(-(1L << 49), &addend), -ERANGE);
	KUNIT_EXPECT_EQ(test, dummy_addend(LONG_MAX, &addend), -ERANGE);
	KUNIT_EXPECT_EQ(test, dummy_addend(LONG_MIN, &addend), -ERANGE);
}

/* The oscillator error moves the word proportionally and stays in range. */
static void dummy_test_apply_ppb(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dummy_apply_ppb(DUMMY_ADD_NOMINAL, 0),
			DUMMY_ADD_NOMINAL);
	KUNIT_EXPECT_EQ(test, dummy_apply_ppb(DUMMY_ADD_NOMINAL, 100000000),
			DUMMY_ADD_NOMINAL + 214748364);
	KUNIT_EXPECT_EQ(test, dummy_apply_ppb(DUMMY_ADD_NOMINAL, -100000000),
			DUMMY_ADD_NOMINAL - 214748364);
	KUNIT_EXPECT_EQ(test, dummy_apply_ppb(U32_MAX, 100000000), U32_MAX);
	KUNIT_EXPECT_EQ(test, dummy_apply_ppb(1, -100000000), 1u);
}

/* Sub-ns fractions carry: many segments add up to one long one. */
static void dummy_test_rebase(struct kunit *test)
{
	/* An addend with every low bit set, so that fractions pile up. */
	struct dummy_model a = dummy_test_model(5, DUMMY_ADD_NOMINAL + 0x1fffffff);
	struct dummy_model b = a;
	u64 raw = a.base_raw, end = a.base_raw + 3000000007ULL;
	unsigned int i;
	u32 fa, fb;

	a.base_cyc = 77;
	a.osc = DUMMY_ADD_NOMINAL - 12345;
	b = a;
	for (i = 0; raw < end; i++) {
		raw += 1 + (i * 7919) % 100003;
		dummy_rebase(&b, min(raw, end));
	}
	KUNIT_EXPECT_GT(test, i, 1000u);
	KUNIT_EXPECT_EQ(test, b.base_raw, end);
	KUNIT_EXPECT_EQ(test, dummy_ns_at(&b, end, &fb), dummy_ns_at(&a, end, &fa));
	KUNIT_EXPECT_EQ(test, fb, fa);
	KUNIT_EXPECT_EQ(test, dummy_cyc_at(&b, end, &fb), dummy_cyc_at(&a, end, &fa));
	KUNIT_EXPECT_EQ(test, fb, fa);
	/* Raw time before the segment start reads as its start. */
	KUNIT_EXPECT_EQ(test, dummy_ns_at(&b, 0, NULL), b.base_ns);
}

/* The fraction accumulator wraps into whole nanoseconds exactly. */
static void dummy_test_scale_wrap(struct kunit *test)
{
	u32 frac;

	/* Half a ns per raw ns, from just below a whole ns. */
	KUNIT_EXPECT_EQ(test, dummy_scale(1, DUMMY_ADD_NOMINAL / 2,
					  DUMMY_ADD_FRAC_MASK, &frac), 1ULL);
	KUNIT_EXPECT_EQ(test, frac, DUMMY_ADD_NOMINAL / 2 - 1);
	KUNIT_EXPECT_EQ(test, dummy_scale(3, DUMMY_ADD_NOMINAL / 2, 0, &frac), 1ULL);
	KUNIT_EXPECT_EQ(test, frac, DUMMY_ADD_NOMINAL / 2);
	/* The largest word: just under 2 ns per raw ns. */
	KUNIT_EXPECT_EQ(test, dummy_scale(1ULL << 40, U32_MAX, 0, &frac),
			(1ULL << 41) - (1ULL << 9));
	KUNIT_EXPECT_EQ(test, frac, 0u);
}

/* No fraction lost from one raw ns to the next: the clock never repeats. */
static void dummy_test_monotonic(struct kunit *test)
{
	struct dummy_model m = dummy_test_model(0, DUMMY_ADD_NOMINAL + 1);
	s64 prev = dummy_ns_at(&m, m.base_raw, NULL);
	unsigned int i;

	for (i = 1; i < 5000; i++) {
		s64 ns = dummy_ns_at(&m, m.base_raw + i, NULL);

		KUNIT_ASSERT_EQ(test, ns, prev + 1);
		prev = ns;
	}
}

/*
 * dummy_raw_until() inverts dummy_ns_at(): at the raw ns it returns the
 * clock has not passed the target, and one raw ns later it has reached
 * it (with a slew, within two ns of it).
 */
static void dummy_test_raw_until_case(struct kunit *test, struct dummy_model *m,
				      s64 x, s64 tolerance)
{
	u64 d = dummy_raw_until(m, x);
	s64 at = dummy_ns_at(m, m->base_raw + d, NULL);
	s64 next = dummy_ns_at(m, m->base_raw + d + 1, NULL);

	KUNIT_EXPECT_LE_MSG(test, at, x + tolerance, "eff %u slew %lld x-base %lld",
			    m->eff, m->slew_left, x - m->base_ns);
	KUNIT_EXPECT_GE_MSG(test, next, x - tolerance, "eff %u slew %lld x-base %lld",
			    m->eff, m->slew_left, x - m->base_ns);
}

static void dummy_test_raw_until(struct kunit *test)
{
	static const u32 effs[] = {
		DUMMY_ADD_NOMINAL, DUMMY_ADD_NOMINAL + 21474836,
		DUMMY_ADD_NOMINAL - 21474836, DUMMY_ADD_NOMINAL / 2 + 1, U32_MAX,
	};
	static const s64 slews[] = { 0, 300000, -300000, 1, -1 };
	static const s64 ahead[] = {
		1, 2, 3, 999, 1000000, 123456789, 1000000000, 3600000000000LL,
	};
	unsigned int e, s, a;

	for (e = 0; e < ARRAY_SIZE(effs); e++) {
		for (s = 0; s < ARRAY_SIZE(slews); s++) {
			struct dummy_model m = dummy_test_model(1700000000123456789LL,
								effs[e]);

			m.base_frac = DUMMY_ADD_NOMINAL / 3;
			m.slew_left = slews[s];
			for (a = 0; a < ARRAY_SIZE(ahead); a++)
				dummy_test_raw_until_case(test, &m,
							  m.base_ns + ahead[a],
							  slews[s] ? 2 : 0);
			/* Now or in the past: at once. */
			KUNIT_EXPECT_EQ(test, dummy_raw_until(&m, m.base_ns), 0ULL);
			KUNIT_EXPECT_EQ(test, dummy_raw_until(&m, S64_MIN), 0ULL);
		}
	}
}

/* Large times: exact far out, and saturated where 64 bits cannot hold it. */
static void dummy_test_large(struct kunit *test)
{
	struct dummy_model m = dummy_test_model(0, DUMMY_ADD_NOMINAL);
	/* 200 years of raw time. */
	u64 d = 200ULL * 365 * 86400 * NSEC_PER_SEC;

	KUNIT_EXPECT_EQ(test, dummy_ns_at(&m, m.base_raw + d, NULL), (s64)d);
	KUNIT_EXPECT_EQ(test, dummy_raw_until(&m, d), d);
	m.eff = DUMMY_ADD_NOMINAL / 4;
	KUNIT_EXPECT_EQ(test, dummy_ns_at(&m, m.base_raw + d, NULL), (s64)(d / 4));
	/* 4 * S64_MAX raw ns do not fit: the longest wait instead. */
	KUNIT_EXPECT_EQ(test, dummy_raw_until(&m, S64_MAX), U64_MAX);
	m.eff = 1;
	KUNIT_EXPECT_EQ(test, dummy_raw_until(&m, 1LL << 40), U64_MAX);
	/* From a time before 1970 to one near the end of s64. */
	m = dummy_test_model(S64_MIN + 1, DUMMY_ADD_NOMINAL);
	KUNIT_EXPECT_EQ(test, dummy_raw_until(&m, S64_MAX), U64_MAX - 1);
	m.slew_left = -1000;
	m.eff = DUMMY_ADD_NOMINAL / 4;
	KUNIT_EXPECT_EQ(test, dummy_raw_until(&m, S64_MAX), U64_MAX);
	KUNIT_EXPECT_EQ(test, dummy_mul_div(U64_MAX, 3, 3), U64_MAX);
	KUNIT_EXPECT_EQ(test, dummy_mul_div(U64_MAX / 3 - 1, 3, 1), U64_MAX - 3);
	KUNIT_EXPECT_EQ(test, dummy_mul_div(U64_MAX / 3, 3, 1), U64_MAX);
	KUNIT_EXPECT_EQ(test, dummy_mul_div(U64_MAX / 3 + 1, 3, 1), U64_MAX);
}

/* Modulo of negative numbers, and the next edge at or strictly after. */
static void dummy_test_next_edge(struct kunit *test)
{
	const s64 s = NSEC_PER_SEC;

	KUNIT_EXPECT_EQ(test, dummy_mod(-1, 10), 9ULL);
	KUNIT_EXPECT_EQ(test, dummy_mod(-10, 10), 0ULL);
	KUNIT_EXPECT_EQ(test, dummy_mod(S64_MIN, 10), 2ULL);
	KUNIT_EXPECT_EQ(test, dummy_mod(25, 10), 5ULL);

	/* Between edges, both meanings agree. */
	KUNIT_EXPECT_EQ(test, dummy_next_edge(5 * s + 1, 0, s, false), 6 * s);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(5 * s + 1, 0, s, true), 6 * s);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(5 * s - 1, 0, s, true), 5 * s);
	/* On an edge they differ: that edge, or the one after it. */
	KUNIT_EXPECT_EQ(test, dummy_next_edge(5 * s, 0, s, false), 5 * s);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(5 * s, 0, s, true), 6 * s);
	/* A phase, and a phase given as any time of the same edge train. */
	KUNIT_EXPECT_EQ(test, dummy_next_edge(1000, 250, 100, false), 1050);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(1050, 250, 100, false), 1050);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(1050, 250, 100, true), 1150);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(1000, -50, 100, true), 1050);
	/* Before 1970. */
	KUNIT_EXPECT_EQ(test, dummy_next_edge(-3 * s - 5, 0, s, true), -3 * s);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(-3 * s, 0, s, false), -3 * s);
	KUNIT_EXPECT_EQ(test, dummy_next_edge(-3 * s, 0, s, true), -2 * s);
}

/* The random numbers stay in their range, and a seed repeats them. */
static void dummy_test_rand(struct kunit *test)
{
	u64 st = dummy_rand_seed(1), again = dummy_rand_seed(1);
	s64 lo = 0, hi = 0;
	unsigned int i;

	KUNIT_EXPECT_NE(test, dummy_rand_seed(0x9e3779b97f4a7c15ULL), 0ULL);
	for (i = 0; i < 20000; i++) {
		s64 r = dummy_rand(&st, 3);

		KUNIT_ASSERT_EQ(test, r, dummy_rand(&again, 3));
		KUNIT_ASSERT_GE(test, r, -3LL);
		KUNIT_ASSERT_LE(test, r, 3LL);
		lo = min(lo, r);
		hi = max(hi, r);
	}
	KUNIT_EXPECT_EQ(test, lo, -3LL);
	KUNIT_EXPECT_EQ(test, hi, 3LL);
	KUNIT_EXPECT_EQ(test, dummy_rand(&st, 0), 0LL);
}

static struct kunit_case dummy_model_cases[] = {
	KUNIT_CASE(dummy_test_addend),
	KUNIT_CASE(dummy_test_apply_ppb),
	KUNIT_CASE(dummy_test_rebase),
	KUNIT_CASE(dummy_test_scale_wrap),
	KUNIT_CASE(dummy_test_monotonic),
	KUNIT_CASE(dummy_test_raw_until),
	KUNIT_CASE(dummy_test_large),
	KUNIT_CASE(dummy_test_next_edge),
	KUNIT_CASE(dummy_test_rand),
	{}
};

static struct kunit_suite dummy_model_suite = {
	.name = "ptp_dummy_model",
	.test_cases = dummy_model_cases,
};

kunit_test_suites(&dummy_model_suite);

MODULE_DESCRIPTION("KUnit tests of ptp_dummy's counter model");
MODULE_LICENSE("GPL");
