#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The KUnit tests of the core's logic (src/ptp_kunit.c): load the module
# built for this kernel and check the KTAP result of suite ptp_core in
# debugfs (every case "ok", the suite "ok").
# timeout: 120
. "$(dirname "$0")/../lib.sh"

ko=$BUILD/${PTPVM_KERNEL:-base}/src/ptp_kunit.ko
[ -f "$ko" ] || skip_all "no $ko (kernel without CONFIG_KUNIT?)"
modprobe kunit 2>/dev/null
[ -d /sys/module/kunit ] || skip_all "the kernel has no kunit module"

run_ok "insmod ptp_kunit.ko" insmod "$ko"
res=/sys/kernel/debug/kunit/ptp_core/results
[ -r "$res" ]; ok $? "KTAP results in debugfs"
ktap=$(cat "$res" 2>/dev/null)
echo "$ktap" | sed 's/^/# /'
cases=$(echo "$ktap" | grep -cE '^ +ok [0-9]+ ptp_test_')
failed=$(echo "$ktap" | grep -cE '^ +not ok ')
is "$cases" 10 "10 test cases passed"
is "$failed" 0 "no test case failed"
echo "$ktap" | grep -qE '^ok [0-9]+ ptp_core$'
ok $? "suite ptp_core: ok"
run_ok "rmmod ptp_kunit" rmmod ptp_kunit
done_testing
