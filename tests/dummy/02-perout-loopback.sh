#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Periodic outputs (FIPER1..3) looped back into the trigger inputs
# (PP1L/PP2L): every timestamp lies exactly on the programmed edges, with
# duty cycle, phase and one-shot, across steps and frequency changes; and
# the requests the model cannot do are refused with the right error.
# timeout: 1200
. "$(dirname "$0")/common.sh"

out=$(mktemp)
echo 1 > "$G/loopback"

run_ok "PEROUT 0: 100 ms period from a whole second" dummy_ptp "$dev" perout 0 +2 100000000
dummy_ptp "$dev" extts 0 rising 10 $((10 * SLOW)) > "$out"
ok $? "10 looped-back rising edges on EXTTS 0"
check_edges "$out" 100000000 0
ok $? "all exactly on 100 ms boundaries"
sed 's/^/# /' "$out" | head -n 3

run_ok "PEROUT 0 with a 30 ms duty cycle" dummy_ptp "$dev" perout 0 +2 100000000 duty 30000000
dummy_ptp "$dev" extts 0 both 8 $((10 * SLOW)) > "$out"
ok $? "8 edges, both polarities"
check_edges "$out" 100000000 0 30000000
ok $? "rising on the boundary, falling 30 ms later, alternating"
dummy_ptp "$dev" extts 0 falling 4 $((10 * SLOW)) > "$out"
ok $? "4 falling edges only"
check_edges "$out" 100000000 30000000
ok $? "falling-only timestamps are all at +30 ms"

# A step and a frequency change while it runs: the edges stay in phase.
dummy_ptp "$dev" adjtime 1234567 > /dev/null
dummy_ptp "$dev" freq 6553600 > /dev/null
dummy_ptp "$dev" extts 0 rising 5 $((10 * SLOW)) > "$out"
ok $? "5 edges after a step and +100 ppm"
check_edges "$out" 100000000 0
ok $? "still exactly on 100 ms boundaries"
dummy_ptp "$dev" adjtime -3000000000 > /dev/null
dummy_ptp "$dev" extts 0 rising 5 $((10 * SLOW)) > "$out"
check_edges "$out" 100000000 0
ok $? "and after a 3 s step back"
dummy_ptp "$dev" freq 0 > /dev/null
dummy_ptp "$dev" perout 0 0 0 > /dev/null

# FIPER2 loops into EXTTS 1, with a phase: edges at k * 250 ms + 7 us.
echo 2 > "$G/loopback"
run_ok "PEROUT 1 with phase 7000 ns" dummy_ptp "$dev" perout 1 0 250000000 phase 7000
dummy_ptp "$dev" extts 1 rising 4 $((10 * SLOW)) > "$out"
ok $? "4 edges on EXTTS 1"
check_edges "$out" 250000000 7000
ok $? "at 7 us past each 250 ms boundary"
dummy_ptp "$dev" extts 0 rising 1 $((2 * SLOW)) > /dev/null
ok $((! $?)) "loopback bit 0 clear: nothing on EXTTS 0"
dummy_ptp "$dev" perout 1 0 0 > /dev/null

# One-shot: a single pulse at the start time, to a reader that waits
# for it (started first, so that a stalled guest does not miss it).
echo 1 > "$G/loopback"
command dummy_ptp "$dev" extts 0 both 3 $((5 * SLOW)) > "$out" &
reader=$!
both_on() { [ "$(awk '$1 == "extts0" { print $2 }' "$G/state")" = 6 ]; }
wait_for 10 both_on
start=$(dummy_ptp "$dev" perout 0 +2 1000000000 oneshot | sed -n 's/^start //p')
[ -n "$start" ]
ok $? "one-shot PEROUT 0 at $start.000000000"
wait $reader
grep -c '^ts' "$out" | grep -qx 2
ok $? "exactly one pulse: two edges"
is "$(grep '^ts' "$out" | head -n 1 | cut -d' ' -f2,3)" "$start 0" "rising at the start time"
is "$(grep '^ts' "$out" | sed -n 2p | cut -d' ' -f2,3)" "$start 500000000" "falling half a period later"

# Refusals.
is "$(dummy_ptp "$dev" perout 0 +2 50000)" "error ERANGE" "period below 100 us: ERANGE"
is "$(dummy_ptp "$dev" perout 0 +2 5000000000)" "error ERANGE" "period beyond 32 bits of ns: ERANGE"
is "$(dummy_ptp "$dev" perout 0 +2 100000000 duty 100000000)" "error ERANGE" "duty cycle = period: ERANGE"
is "$(dummy_ptp "$dev" perout 0 +2 100000000 duty 200000000)" "error ERANGE" "duty cycle > period: ERANGE"
is "$(dummy_ptp "$dev" perout 0 +2 100000000 phase 100000000)" "error ERANGE" "phase = period: ERANGE"
is "$(dummy_ptp "$dev" perout 0 1 1000000000 oneshot)" "error ERANGE" "one-shot in the past: ERANGE"
is "$(dummy_ptp "$dev" perout 3 +2 1000000000)" "error EINVAL" "no PEROUT 3: EINVAL"
run_ok "original PEROUT ioctl, start in the past" dummy_ptp "$dev" perout 2 1 1000000000 v1
sleep 2.5
e=$(awk '$1 == "perout2" { print $3 }' "$G/state")
[ "$e" -ge 2 ]
ok $? "PEROUT 2 (no loopback) pulses from the next period ($e edges)"
rm -f "$out"
done_testing
