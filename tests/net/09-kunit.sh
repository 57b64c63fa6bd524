#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The KUnit tests of what ptp_vlink's wire does to a frame
# (src/ptp_vlink_kunit.c, suite ptp_vlink_frame): time on the wire, the
# stamps' resolution, the PTP header in Ethernet, 802.1Q and IPv4/UDP
# frames and in frames cut short at every length, and one-step's
# originTimestamp; and of a port's receive queue (suite ptp_vlink_rxq):
# the order of delivery, and the delivery timer re-armed in its right
# place when a sender started it while it ran (issue 28).  The module needs neither ptp_vlink.ko nor a PTP core;
# it runs on every lane, debug too (KASAN watches the short frames).
# timeout: 300
. "$(dirname "$0")/../lib.sh"

dir=$BUILD/${PTPVM_KERNEL:-base}
[ "${PTPVM_CORE:-ours}" = intree ] && dir=$dir-intree
ko=$dir/src/ptp_vlink_kunit.ko
[ -f "$ko" ] || skip_all "no $ko (kernel without CONFIG_KUNIT?)"
modprobe kunit 2>/dev/null
[ -d /sys/module/kunit ] || skip_all "the kernel has no kunit module"

run_ok "insmod ptp_vlink_kunit.ko" insmod "$ko"
kunit_suite ptp_vlink_frame 7 vlink_test_
kunit_suite ptp_vlink_rxq 2 vlink_test_rxq_
run_ok "rmmod ptp_vlink_kunit" rmmod ptp_vlink_kunit
done_testing
