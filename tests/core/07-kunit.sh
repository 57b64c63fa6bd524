#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The KUnit tests (src/ptp_kunit.c): suite ptp_core checks the core's
# logic, suite ptp_core_api drives the exported driver API of the loaded
# core (ours or the in-tree one).  Loads the module built for this kernel
# and checks each suite's KTAP result in debugfs.
# timeout: 1200
. "$(dirname "$0")/../lib.sh"

ko=$BUILD/${PTPVM_KERNEL:-base}/src/ptp_kunit.ko
[ -f "$ko" ] || skip_all "no $ko (kernel without CONFIG_KUNIT?)"
modprobe kunit 2>/dev/null
[ -d /sys/module/kunit ] || skip_all "the kernel has no kunit module"
modprobe ptp 2>/dev/null
[ -d /sys/class/ptp ] || skip_all "no PTP core loaded"

run_ok "insmod ptp_kunit.ko" insmod "$ko"
for suite in ptp_core:10:ptp_test_ ptp_core_api:4:ptp_api_; do
	name=${suite%%:*} want=${suite#*:}; prefix=${want#*:}; want=${want%%:*}
	res=/sys/kernel/debug/kunit/$name/results
	[ -r "$res" ]; ok $? "$name: KTAP results in debugfs"
	ktap=$(cat "$res" 2>/dev/null)
	echo "$ktap" | sed 's/^/# /'
	is "$(echo "$ktap" | grep -cE "^ +ok [0-9]+ $prefix")" "$want" "$name: $want test cases passed"
	is "$(echo "$ktap" | grep -cE '^ +not ok ')" 0 "$name: no test case failed"
	echo "$ktap" | grep -qE "^ok [0-9]+ $name\$"
	ok $? "$name: suite ok"
done
run_ok "rmmod ptp_kunit" rmmod ptp_kunit
done_testing
