#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The best master clock algorithm over a segment: three ptp4l with
# priority1 100, 110 and 120 elect the first (pmc shows it as everyone's
# grandmaster); when it is killed, the second takes over and the third
# relocks to it.
# timeout: 300
. "$(dirname "$0")/common.sh"

command -v ptp4l > /dev/null && command -v pmc > /dev/null || skip_all "no ptp4l or pmc"
net_setup 3 || skip_all "cannot load ptp_dummy clocks=3 and ptp_vlink"
W=$(mktemp -d)
ptp4l_conf "$W/conf" L2 E2E twostep
pids=()
for k in 0 1 2; do
	port_add "b$k" 0 $k || break
	echo 300 > "$(port_dir "b$k")/tx_delay_ns"
	echo 300 > "$(port_dir "b$k")/rx_delay_ns"
	echo $(((k - 1) * 20000)) > "$DUMMY_DBG/ptp_dummy.$k/freq_error_ppb"
	net_ns "bns$k" "b$k" || break
	ptp4l_start "bns$k" "b$k" "$W/conf" "$W/b$k.log" --priority1=$((100 + 10 * k))
	pids+=("$ptp4l_pid")
done
is "${#pids[@]}" 3 "three ports on segment 0, ptp4l on each"

# wait_for SECS CMD...: until CMD succeeds, at most SECS seconds.
wait_for() {
	local t=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$t" ] || return 1
		sleep 1
	done
}
id0=$(pmc_get bns0 DEFAULT_DATA_SET clockIdentity)
id1=$(pmc_get bns1 DEFAULT_DATA_SET clockIdentity)
gm_is() { [ "$(pmc_get "$1" PARENT_DATA_SET grandmasterIdentity)" = "$2" ]; }
elected() { gm_is bns1 "$id0" && gm_is bns2 "$id0" && locked "$W/b1.log" 3 10 && locked "$W/b2.log" 3 10; }
wait_for 180 elected
ok $? "priority1 100 is everyone's grandmaster ($id0), the others locked to it"
is "$(pmc_get bns0 PORT_DATA_SET portState)" MASTER "its port is MASTER"

kill "${pids[0]}"
wait "${pids[0]}" 2> /dev/null
relocked() { gm_is bns2 "$id1" && locked "$W/b2.log" 3 10; }
wait_for 120 relocked
ok $? "killed, it is replaced by priority1 110 ($id1), and the third relocks to it"
is "$(pmc_get bns1 PORT_DATA_SET portState)" MASTER "the new grandmaster's port is MASTER"
is "$(pmc_get bns2 PORT_DATA_SET portState)" SLAVE "the third's port is SLAVE"
o=$(offset_ns b1 b2)
[ -n "$o" ] && [ "$o" -ge -10 ] && [ "$o" -le 10 ]
ok $? "the ground truth agrees: the third is ${o:-?} ns from the new grandmaster"
is "$(bad_lines "$W"/b1.log "$W"/b2.log)" "" "no missing timestamp or fault"
if [ $_tap_fail -gt 0 ]; then
	for k in 0 1 2; do diag "--- b$k"; tail -n 15 "$W/b$k.log" | sed 's/^/#   /'; done
fi
rm -r "$W"
done_testing
