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

want=9
run_ok "insmod ptp_dummy_kunit.ko" insmod "$ko"
res=/sys/kernel/debug/kunit/ptp_dummy_model/results
[ -r "$res" ]
ok $? "ptp_dummy_model: KTAP results in debugfs"
ktap=$(cat "$res" 2>/dev/null)
echo "$ktap" | sed 's/^/# /'
is "$(echo "$ktap" | grep -cE '^ +ok [0-9]+ dummy_test_')" $want "ptp_dummy_model: $want test cases passed"
is "$(echo "$ktap" | grep -cE '^ +not ok ')" 0 "ptp_dummy_model: no test case failed"
echo "$ktap" | grep -qE '^ok [0-9]+ ptp_dummy_model$'
ok $? "ptp_dummy_model: suite ok"
run_ok "rmmod ptp_dummy_kunit" rmmod ptp_dummy_kunit
done_testing
