#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# PPS: a clock with pps_available=1 registers a PPS source named ptpN;
# PTP_ENABLE_PPS makes the dummy emit PTP_CLOCK_PPS events, which the core
# delivers to that source (its assert sequence counts them).
# timeout: 1200
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

# The /sys/class/pps entry named $1, if any.
pps_by_name() {
	local p
	for p in /sys/class/pps/pps*; do
		[ "$(cat "$p/name" 2>/dev/null)" = "$1" ] && { echo "$p"; return 0; }
	done
	return 1
}

n=0 want=0
for d in /sys/class/ptp/ptp*; do
	n=$((n + 1))
	[ "$(< "$d/pps_available")" = 1 ] && want=$((want + 1))
	if [ "$(< "$d/pps_available")" = 1 ]; then
		pps_by_name "${d##*/}" > /dev/null
		ok $? "${d##*/} (pps_available=1) has a PPS source named ${d##*/}"
	else
		! pps_by_name "${d##*/}" > /dev/null
		ok $? "${d##*/} (pps_available=0) has no PPS source"
	fi
done
[ $n -gt 0 ]; ok $? "$n clocks checked"

dev=$(ptp_dev_by_name ptp_dummy.0) || { skip "no ptp_dummy" "PPS events"; done_testing; }
[ "$(caps_of "$dev" pps)" = 1 ] || { skip "the dummy has no PPS" "PPS events"; done_testing; }
p=$(pps_by_name "${dev#/dev/}")
seq_of() { sed -n 's/.*#\([0-9]*\)$/\1/p' "$p/assert"; }
before=$(seq_of)
is "$(core_ptp "$dev" pps 1 1)" OK "PTP_ENABLE_PPS 1"
got=$before
for _ in $(seq 100); do
	got=$(seq_of)
	[ "${got:-0}" -gt "${before:-0}" ] && break
	sleep 0.1
done
[ "${got:-0}" -gt "${before:-0}" ]
ok $? "PPS events reach ${p##*/} (assert sequence ${before:-0} -> ${got:-0})"
is "$(core_ptp "$dev" pps 2 0)" OK "PTP_ENABLE_PPS2 0"
is "$(sysfs_write "$(sysdir "$dev")/pps_enable" 1)" OK "sysfs pps_enable 1"
is "$(sysfs_write "$(sysdir "$dev")/pps_enable" 0)" OK "sysfs pps_enable 0"
done_testing
