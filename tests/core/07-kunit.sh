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
kunit_suite ptp_core 10 ptp_test_
kunit_suite ptp_core_api 4 ptp_api_
run_ok "rmmod ptp_kunit" rmmod ptp_kunit
done_testing
