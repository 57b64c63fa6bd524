#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The KUnit tests of the dummy's counter model (src/ptp_dummy_kunit.c,
# suite ptp_dummy_model): the frequency word, fractions across segments,
# the inverse that arms timers, next edges and large times.  The module
# needs neither ptp_dummy.ko nor a PTP core; it runs on both cores' lanes.
# timeout: 600
. "$(dirname "$0")/../lib.sh"

dir=$BUILD/${PTPVM_KERNEL:-base}
[ "${PTPVM_CORE:-ours}" = intree ] && dir=$dir-intree
ko=$dir/src/ptp_dummy_kunit.ko
[ -f "$ko" ] || skip_all "no $ko (kernel without CONFIG_KUNIT?)"
modprobe kunit 2>/dev/null
[ -d /sys/module/kunit ] || skip_all "the kernel has no kunit module"

run_ok "insmod ptp_dummy_kunit.ko" insmod "$ko"
kunit_suite ptp_dummy_model 9 dummy_test_
run_ok "rmmod ptp_dummy_kunit" rmmod ptp_dummy_kunit
done_testing
