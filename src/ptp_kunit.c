// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the pure logic of the PTP core (src/ptp_logic.h): extts
 * ring arithmetic, channel masks, scaled-ppm conversions, the checks of
 * the v2 requests and the parsing of sysfs input; and, in a second suite,
 * the exported driver API of whichever core is loaded (register limits,
 * the aux worker, pin lookup, events from atomic context).  A separate
 * module, built only when the target kernel has CONFIG_KUNIT; not shipped.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/completion.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "ptp_logic.h"

/* A ring of @slots entries filled and drained against a simple model. */
static void ptp_test_ring_model(struct kunit *test)
{
	const unsigned int slots = 5;
	unsigned int head = 0, tail = 0, model = 0, i, step;

	for (step = 0; step < 40; step++) {
		bool push = (step * 7) % 3 != 0;

		if (push) {
			if (ptp_ring_full(head, tail, slots)) {
				KUNIT_EXPECT_EQ(test, model, slots - 1);
				head = ptp_ring_next(head, slots);
				model--;
			}
			tail = ptp_ring_next(tail, slots);
			model++;
		} else if (head != tail) {
			head = ptp_ring_next(head, slots);
			model--;
		}
		KUNIT_EXPECT_EQ(test, ptp_ring_count(head, tail, slots), model);
		KUNIT_EXPECT_LT(test, head, slots);
		KUNIT_EXPECT_LT(test, tail, slots);
	}
	for (i = 0; i < slots; i++)
		KUNIT_EXPECT_EQ(test, ptp_ring_next(i, slots),
				i + 1 == slots ? 0 : i + 1);
}

static void ptp_test_ring_edges(struct kunit *test)
{
	/* 6.1's ring: 128 slots, 127 events. */
	KUNIT_EXPECT_EQ(test, ptp_ring_count(0, 0, 128), 0u);
	KUNIT_EXPECT_EQ(test, ptp_ring_count(0, 127, 128), 127u);
	KUNIT_EXPECT_TRUE(test, ptp_ring_full(0, 127, 128));
	KUNIT_EXPECT_TRUE(test, ptp_ring_full(5, 4, 128));
	KUNIT_EXPECT_FALSE(test, ptp_ring_full(5, 5, 128));
	KUNIT_EXPECT_EQ(test, ptp_ring_count(100, 3, 128), 31u);
	KUNIT_EXPECT_EQ(test, ptp_ring_count(1, 0, 2), 1u);
	KUNIT_EXPECT_TRUE(test, ptp_ring_full(1, 0, 2));
}

static void ptp_test_mask(struct kunit *test)
{
	unsigned long *mask = bitmap_zalloc(70, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, mask);
	bitmap_fill(mask, 70);
	KUNIT_EXPECT_TRUE(test, ptp_mask_wants(mask, 70, 0));
	KUNIT_EXPECT_TRUE(test, ptp_mask_wants(mask, 70, 69));
	/* Undeclared channels reach unfiltered readers only. */
	KUNIT_EXPECT_TRUE(test, ptp_mask_wants(mask, 70, 70));
	KUNIT_EXPECT_TRUE(test, ptp_mask_wants(mask, 70, 1000));

	bitmap_zero(mask, 70);
	KUNIT_EXPECT_FALSE(test, ptp_mask_wants(mask, 70, 0));
	KUNIT_EXPECT_FALSE(test, ptp_mask_wants(mask, 70, 70));
	set_bit(64, mask);
	KUNIT_EXPECT_TRUE(test, ptp_mask_wants(mask, 70, 64));
	KUNIT_EXPECT_FALSE(test, ptp_mask_wants(mask, 70, 63));
	KUNIT_EXPECT_FALSE(test, ptp_mask_wants(mask, 70, 65));
	KUNIT_EXPECT_FALSE(test, ptp_mask_wants(mask, 70, 1000));

	bitmap_fill(mask, 1);
	KUNIT_EXPECT_TRUE(test, ptp_mask_wants(mask, 1, 0));
	KUNIT_EXPECT_TRUE(test, ptp_mask_wants(mask, 1, 1));
	bitmap_free(mask);
}

static void ptp_test_freq(struct kunit *test)
{
	/* 2^16 scaled ppm is 1 ppm = 1000 ppb. */
	KUNIT_EXPECT_EQ(test, scaled_ppm_to_ppb(65536), 1000L);
	KUNIT_EXPECT_EQ(test, scaled_ppm_to_ppb(-65536), -1000L);
	KUNIT_EXPECT_EQ(test, scaled_ppm_to_ppb(0), 0L);

	KUNIT_EXPECT_FALSE(test, ptp_freq_out_of_range(65536, 1000));
	KUNIT_EXPECT_FALSE(test, ptp_freq_out_of_range(-65536, 1000));
	KUNIT_EXPECT_TRUE(test, ptp_freq_out_of_range(65536 + 100, 1000));
	KUNIT_EXPECT_TRUE(test, ptp_freq_out_of_range(-65536 - 100, 1000));
	KUNIT_EXPECT_FALSE(test, ptp_freq_out_of_range(0, 0));
	KUNIT_EXPECT_TRUE(test, ptp_freq_out_of_range(1000, 0));
	/* e1000e's max_adj and the virtual clocks' */
	KUNIT_EXPECT_FALSE(test, ptp_freq_out_of_range(39321534000L, 599999999));
	KUNIT_EXPECT_TRUE(test, ptp_freq_out_of_range(40000000000L, 500000000));
}

static void ptp_test_vclock_mult(struct kunit *test)
{
	/* 2^31 * 1e-6 = 2147.48: one ppm changes the multiplier by 2147. */
	KUNIT_EXPECT_EQ(test, ptp_vclock_mult_delta(65536), 2147LL);
	KUNIT_EXPECT_EQ(test, ptp_vclock_mult_delta(-65536), -2147LL);
	KUNIT_EXPECT_EQ(test, ptp_vclock_mult_delta(0), 0LL);
	/* 500000000 ppb, the virtual clocks' max_adj: half the nominal rate. */
	KUNIT_EXPECT_EQ(test, ptp_vclock_mult_delta(500000LL * 65536),
			1LL << 30);
	KUNIT_EXPECT_EQ(test, ptp_vclock_mult_delta(-500000LL * 65536),
			-(1LL << 30));
}

static void ptp_test_setoffset(struct kunit *test)
{
	struct timespec64 ts;

	KUNIT_EXPECT_EQ(test, ptp_setoffset_to_ts(1, 5, false, &ts), 0);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, 1LL);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, 5000L);
	KUNIT_EXPECT_EQ(test, ptp_setoffset_to_ts(-1, 999999999, true, &ts), 0);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, -1LL);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, 999999999L);
	KUNIT_EXPECT_EQ(test, ptp_setoffset_to_ts(1, 1000000, false, &ts),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_setoffset_to_ts(1, 1000000000, true, &ts),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_setoffset_to_ts(0, -1, true, &ts), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_setoffset_to_ts(0, -1, false, &ts), -EINVAL);
}

static void ptp_test_phase(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, ptp_phase_offset_ns(10, false), 10000);
	KUNIT_EXPECT_EQ(test, ptp_phase_offset_ns(-10, true), -10);
	KUNIT_EXPECT_EQ(test, ptp_phase_offset_ns(-10, false), -10000);
	/* 32 bit arithmetic, as 6.1: 3e6 us wraps. */
	KUNIT_EXPECT_EQ(test, ptp_phase_offset_ns(3000000, false),
			(s32)(3000000000LL - (1LL << 32)));
}

static void ptp_test_extts2(struct kunit *test)
{
	struct ptp_extts_request rq = { .flags = PTP_ENABLE_FEATURE };

	KUNIT_EXPECT_EQ(test, ptp_check_extts2(&rq), -EINVAL);
	rq.flags |= PTP_RISING_EDGE;
	KUNIT_EXPECT_EQ(test, ptp_check_extts2(&rq), 0);
	rq.flags |= PTP_STRICT_FLAGS;
	KUNIT_EXPECT_EQ(test, ptp_check_extts2(&rq), 0);
	rq.flags |= 1U << 4;
	KUNIT_EXPECT_EQ(test, ptp_check_extts2(&rq), -EINVAL);
	rq.flags = 0;
	KUNIT_EXPECT_EQ(test, ptp_check_extts2(&rq), 0);
	rq.rsv[1] = 1;
	KUNIT_EXPECT_EQ(test, ptp_check_extts2(&rq), -EINVAL);
}

static void ptp_test_perout2(struct kunit *test)
{
	struct ptp_perout_request rq = {
		.period = { .sec = 1 },
	};

	KUNIT_EXPECT_EQ(test, ptp_check_perout2(&rq), 0);
	rq.flags = 1U << 3;
	KUNIT_EXPECT_EQ(test, ptp_check_perout2(&rq), -EINVAL);
	rq.flags = 0;
	rq.rsv[3] = 1;
	KUNIT_EXPECT_EQ(test, ptp_check_perout2(&rq), -EINVAL);
	rq.rsv[3] = 0;

	rq.flags = PTP_PEROUT_DUTY_CYCLE;
	rq.on.sec = 1;
	KUNIT_EXPECT_EQ(test, ptp_check_perout2(&rq), 0);
	rq.on.nsec = 1;
	KUNIT_EXPECT_EQ(test, ptp_check_perout2(&rq), -ERANGE);

	rq.flags = PTP_PEROUT_PHASE;
	memset(&rq.on, 0, sizeof(rq.on));
	rq.phase.sec = 0;
	rq.phase.nsec = 999999999;
	KUNIT_EXPECT_EQ(test, ptp_check_perout2(&rq), 0);
	rq.phase.sec = 1;
	rq.phase.nsec = 0;
	KUNIT_EXPECT_EQ(test, ptp_check_perout2(&rq), -ERANGE);
}

static void ptp_test_sysfs_parse(struct kunit *test)
{
	struct ptp_perout_request po = { };
	unsigned int a, b;
	int on;

	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("1 1\n", &a, &on), 0);
	KUNIT_EXPECT_EQ(test, a, 1u);
	KUNIT_EXPECT_EQ(test, on, 1);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("0 -5", &a, &on), 0);
	KUNIT_EXPECT_EQ(test, on, -5);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("1\n", &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("x 1", &a, &on), -EINVAL);
	/* Stricter than 6.1: no text after the fields, no wrapping. */
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("0 1 junk", &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("0 1x", &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("4294967296 1", &a, &on), -ERANGE);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("0 2147483648", &a, &on), -ERANGE);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("-1 1", &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("+1 1", &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("1 +1", &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("\n", &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable(" 1\t 0\n", &a, &on), 0);
	KUNIT_EXPECT_EQ(test, on, 0);
	/* A field longer than any number, without overrunning the copy. */
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("000000000000000000000001 1",
						     &a, &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_extts_enable("00000000000000000000001 1",
						     &a, &on), 0);
	KUNIT_EXPECT_EQ(test, a, 1u);

	KUNIT_EXPECT_EQ(test, ptp_parse_period("2 10 20 1 500\n", &po), 0);
	KUNIT_EXPECT_EQ(test, po.index, 2u);
	KUNIT_EXPECT_EQ(test, po.start.sec, 10LL);
	KUNIT_EXPECT_EQ(test, po.start.nsec, 20u);
	KUNIT_EXPECT_EQ(test, po.period.sec, 1LL);
	KUNIT_EXPECT_EQ(test, po.period.nsec, 500u);
	KUNIT_EXPECT_EQ(test, ptp_parse_period("0 0 0 1", &po), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_period("0 0 0 1 0 junk", &po), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_period("1 -2 3 -4 5", &po), 0);
	KUNIT_EXPECT_EQ(test, po.start.sec, -2LL);
	KUNIT_EXPECT_EQ(test, po.period.sec, -4LL);
	KUNIT_EXPECT_EQ(test, ptp_parse_period("0 0 4294967296 1 0", &po), -ERANGE);

	KUNIT_EXPECT_EQ(test, ptp_parse_pps_enable("1\n", &on), 0);
	KUNIT_EXPECT_EQ(test, on, 1);
	KUNIT_EXPECT_EQ(test, ptp_parse_pps_enable("  0\n", &on), 0);
	KUNIT_EXPECT_EQ(test, on, 0);
	/* 6.1 ignores the trailing text. */
	KUNIT_EXPECT_EQ(test, ptp_parse_pps_enable("1 trailing", &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_pps_enable("on", &on), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_pps_enable("+1", &on), -EINVAL);

	KUNIT_EXPECT_EQ(test, ptp_parse_pin("2 1\n", &a, &b), 0);
	KUNIT_EXPECT_EQ(test, a, 2u);
	KUNIT_EXPECT_EQ(test, b, 1u);
	KUNIT_EXPECT_EQ(test, ptp_parse_pin("2", &a, &b), -EINVAL);
	KUNIT_EXPECT_EQ(test, ptp_parse_pin("2 1 0", &a, &b), -EINVAL);
}

static struct kunit_case ptp_core_cases[] = {
	KUNIT_CASE(ptp_test_ring_model),
	KUNIT_CASE(ptp_test_ring_edges),
	KUNIT_CASE(ptp_test_mask),
	KUNIT_CASE(ptp_test_freq),
	KUNIT_CASE(ptp_test_vclock_mult),
	KUNIT_CASE(ptp_test_setoffset),
	KUNIT_CASE(ptp_test_phase),
	KUNIT_CASE(ptp_test_extts2),
	KUNIT_CASE(ptp_test_perout2),
	KUNIT_CASE(ptp_test_sysfs_parse),
	{}
};

static struct kunit_suite ptp_core_suite = {
	.name = "ptp_core",
	.test_cases = ptp_core_cases,
};

/* A clock driver that does nothing, to drive the exported API. */
struct ptp_kunit_clock {
	struct ptp_clock_info info;
	struct ptp_pin_desc pins[2];
	struct completion done;
	atomic_t runs;
	int stop_after;
};

static struct ptp_kunit_clock *to_kc(struct ptp_clock_info *info)
{
	return container_of(info, struct ptp_kunit_clock, info);
}

static int kc_gettime(struct ptp_clock_info *info, struct timespec64 *ts)
{
	*ts = ns_to_timespec64(0);
	return 0;
}

static int kc_settime(struct ptp_clock_info *info, const struct timespec64 *ts)
{
	return 0;
}

static int kc_adjtime(struct ptp_clock_info *info, s64 delta)
{
	return 0;
}

static int kc_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	return 0;
}

static int kc_verify(struct ptp_clock_info *info, unsigned int pin,
		     enum ptp_pin_function func, unsigned int chan)
{
	return 0;
}

/* Reruns itself one jiffy later until it ran stop_after times. */
static long kc_aux(struct ptp_clock_info *info)
{
	struct ptp_kunit_clock *kc = to_kc(info);

	if (atomic_inc_return(&kc->runs) < kc->stop_after)
		return 1;
	complete(&kc->done);
	return -1;
}

static struct ptp_kunit_clock *kc_new(struct kunit *test)
{
	struct ptp_kunit_clock *kc = kunit_kzalloc(test, sizeof(*kc),
						   GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, kc);
	kc->info = (struct ptp_clock_info){
		.owner		= THIS_MODULE,
		.name		= "ptp_kunit",
		.max_adj	= 1000,
		.adjfine	= kc_adjfine,
		.adjtime	= kc_adjtime,
		.gettime64	= kc_gettime,
		.settime64	= kc_settime,
		.verify		= kc_verify,
	};
	init_completion(&kc->done);
	return kc;
}

static void ptp_api_n_alarm(struct kunit *test)
{
	struct ptp_kunit_clock *kc = kc_new(test);
	struct ptp_clock *ptp;

	kc->info.n_alarm = 5;
	ptp = ptp_clock_register(&kc->info, NULL);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ptp));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ptp), -EINVAL);

	kc->info.n_alarm = 4;
	ptp = ptp_clock_register(&kc->info, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(ptp));
	KUNIT_EXPECT_GE(test, ptp_clock_index(ptp), 0);
	KUNIT_EXPECT_EQ(test, ptp_clock_unregister(ptp), 0);
}

static void ptp_api_aux_worker(struct kunit *test)
{
	struct ptp_kunit_clock *kc = kc_new(test);
	struct ptp_clock *ptp;

	kc->info.do_aux_work = kc_aux;
	kc->stop_after = 3;
	ptp = ptp_clock_register(&kc->info, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(ptp));

	KUNIT_EXPECT_EQ(test, ptp_schedule_worker(ptp, 0), 0);
	KUNIT_EXPECT_GT(test, wait_for_completion_timeout(&kc->done, 30 * HZ),
			0UL);
	KUNIT_EXPECT_EQ(test, atomic_read(&kc->runs), 3);
	ptp_cancel_worker_sync(ptp);

	/* Rescheduled work is cancelled by unregistration. */
	kc->stop_after = INT_MAX;
	KUNIT_EXPECT_EQ(test, ptp_schedule_worker(ptp, HZ), 0);
	KUNIT_EXPECT_EQ(test, ptp_clock_unregister(ptp), 0);
}

static void ptp_api_pins(struct kunit *test)
{
	struct ptp_kunit_clock *kc = kc_new(test);
	struct ptp_clock *ptp;

	strscpy(kc->pins[0].name, "KUNIT_IN", sizeof(kc->pins[0].name));
	kc->pins[0].func = PTP_PF_EXTTS;
	kc->pins[0].chan = 1;
	strscpy(kc->pins[1].name, "KUNIT_OUT", sizeof(kc->pins[1].name));
	kc->pins[1].index = 1;
	kc->pins[1].func = PTP_PF_PEROUT;
	kc->info.n_ext_ts = 2;
	kc->info.n_per_out = 1;
	kc->info.n_pins = 2;
	kc->info.pin_config = kc->pins;
	ptp = ptp_clock_register(&kc->info, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(ptp));

	KUNIT_EXPECT_EQ(test, ptp_find_pin_unlocked(ptp, PTP_PF_EXTTS, 1), 0);
	KUNIT_EXPECT_EQ(test, ptp_find_pin_unlocked(ptp, PTP_PF_PEROUT, 0), 1);
	KUNIT_EXPECT_EQ(test, ptp_find_pin_unlocked(ptp, PTP_PF_EXTTS, 0), -1);
	KUNIT_EXPECT_EQ(test, ptp_find_pin(ptp, PTP_PF_PHYSYNC, 0), -1);
	KUNIT_EXPECT_EQ(test, ptp_clock_unregister(ptp), 0);
}

/* ptp_clock_event() from atomic context: must neither sleep nor allocate. */
static void ptp_api_event_atomic(struct kunit *test)
{
	struct ptp_kunit_clock *kc = kc_new(test);
	struct ptp_clock_event ev = {
		.type = PTP_CLOCK_EXTTS,
		.index = 0,
		.timestamp = 1500000000ULL,
	};
	struct ptp_clock *ptp;
	unsigned long flags;
	int i;

	kc->info.n_ext_ts = 1;
	ptp = ptp_clock_register(&kc->info, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(ptp));
	local_irq_save(flags);
	for (i = 0; i < 300; i++)
		ptp_clock_event(ptp, &ev);
	ev.type = PTP_CLOCK_ALARM;
	ptp_clock_event(ptp, &ev);
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, ptp_clock_unregister(ptp), 0);
}

static struct kunit_case ptp_api_cases[] = {
	KUNIT_CASE(ptp_api_n_alarm),
	KUNIT_CASE(ptp_api_aux_worker),
	KUNIT_CASE(ptp_api_pins),
	KUNIT_CASE(ptp_api_event_atomic),
	{}
};

static struct kunit_suite ptp_api_suite = {
	.name = "ptp_core_api",
	.test_cases = ptp_api_cases,
};

kunit_test_suites(&ptp_core_suite, &ptp_api_suite);

MODULE_DESCRIPTION("KUnit tests of the PTP clock core's logic");
MODULE_LICENSE("GPL");
