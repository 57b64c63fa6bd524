#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# PPS: with PTP_ENABLE_PPS the dummy sends a PTP_CLOCK_PPS event at each
# second of its clock, so /dev/ppsN works with ppstest: one pulse a second,
# none missed (unless the guest stalled: then the driver counts them) or
# doubled, none once disabled.
# timeout: 1200
. "$(dirname "$0")/common.sh"

pps=$(pps_dev_of "$dev")
ok $? "the clock has a PPS source ($pps)"
[ -n "$pps" ] || done_testing

run_ok "PTP_ENABLE_PPS 1" dummy_ptp "$dev" pps 1
# time_ns and the PPS count come from one locked read of the state file.
snap0=$(< "$G/state")
out=$(timeout $((8 * SLOW)) ppstest "$pps" 2>&1)
snap1=$(< "$G/state")
c1=$(snap_field "$snap1" pps 3)
run_ok "PTP_ENABLE_PPS 0" dummy_ptp "$dev" pps 0
echo "$out" | grep assert | sed 's/^/# /'

seqs=$(echo "$out" | sed -n 's/.*assert [0-9.]*, sequence: \([0-9]*\).*/\1/p')
n=$(echo "$seqs" | grep -c .)
[ "$n" -ge 3 ]
ok $? "ppstest saw $n pulses"
echo "$seqs" | awk 'NR > 1 && $1 != prev + 1 { bad = 1 } { prev = $1 } END { exit bad }'
ok $? "consecutive sequence numbers"
pps_adds_up "$snap0" "$snap1"
# The pulses come from the clock's seconds: a 0.4 s step moves them.
dummy_ptp "$dev" adjtime 400000000 > /dev/null
run_ok "PTP_ENABLE_PPS 1 after a 0.4 s step" dummy_ptp "$dev" pps 1
pps_count_gt() { [ "$(awk '$1 == "pps" { print $3 }' "$G/state")" -gt "$1" ]; }
wait_for 10 pps_count_gt "$c1"
ok $? "PPS events continue after the step"
dummy_ptp "$dev" pps 0 > /dev/null
sleep 0.5
c2=$(awk '$1 == "pps" { print $3 }' "$G/state")
sleep 2
c3=$(awk '$1 == "pps" { print $3 }' "$G/state")
is "$c3" "$c2" "no PPS events once disabled"
done_testing
