#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Stalls: the host stops the whole guest for seconds at a time (vm/run's
# stall service), so every timer of the dummy runs late, as on an
# overloaded host.  What fell due meanwhile is caught up or counted as
# missed: never lost silently, never made up.
#  - PPS: one event for the second that was due; the rest are missed.
#  - A periodic output looped back, and the generator: a both-edge reader
#    still sees rising and falling edges alternate, each on its edge;
#    whole periods are skipped and counted.
# Either way, events + missed add up to the clock time that passed.
# 90 ms pulses in 100 ms periods, so that most stalls begin with the
# output high (a catch-up that ended high would drop a falling edge).
# timeout: 1200
. "$(dirname "$0")/common.sh"

host_stall 1 || skip_all "no stall service (not under vm/run)"
STALLS="1500 2100 1700 2500"
stalls() {
	local ms
	for ms in $STALLS; do
		host_stall "$ms" || return 1
		sleep 0.5
	done
}
# state_field KEY N: field N of the state line KEY, now.
state_field() { snap_field "$(< "$G/state")" "$1" "$2"; }
# state_gt KEY N VALUE: field N of the state line KEY is above VALUE.
state_gt() { [ "$(state_field "$1" "$2")" -gt "$3" ] 2> /dev/null; }
out=$(mktemp)
dummy_ptp "$dev" freq 0 > /dev/null

# PPS across one 3.5 s stall: the late timer sends one event, for the
# second it was due, and counts at least 2 seconds as missed.
run_ok "PTP_ENABLE_PPS 1" dummy_ptp "$dev" pps 1
wait_for 10 state_gt pps 3 "$(state_field pps 3)"
snap0=$(< "$G/state")
host_stall 3500
ok $? "the host stalled the guest for 3.5 s"
wait_for 10 state_gt pps 3 "$(snap_field "$snap0" pps 3)"
sleep 1
snap1=$(< "$G/state")
dummy_ptp "$dev" pps 0 > /dev/null
pps_adds_up "$snap0" "$snap1"
[ "$missed" -ge 2 ]
ok $? "PPS: $missed seconds missed in the stall (at least 2)"

# add_up NAME SNAP0 SNAP1 KEY PERIOD: edges + 2 * missed periods of KEY's
# line (fields 3 and 4) match the clock time between the snapshots, within
# 4 edges (timers due but not run yet at either snapshot).
add_up() {
	local e0 e1 m0 m1 t0 t1 e m want
	e0=$(snap_field "$2" "$4" 3) m0=$(snap_field "$2" "$4" 4) t0=$(snap_field "$2" time_ns 2)
	e1=$(snap_field "$3" "$4" 3) m1=$(snap_field "$3" "$4" 4) t1=$(snap_field "$3" time_ns 2)
	if ! [[ "$e0 $m0 $t0 $e1 $m1 $t1" =~ ^[0-9]+( -?[0-9]+){5}$ ]]; then
		ok 1 "$1: the state has '$4 <on> <edges> <missed>' and time_ns"
		return
	fi
	e=$((e1 - e0)) m=$((m1 - m0)) want=$(( (t1 - t0) * 2 / $5 ))
	[ "$m" -ge 4 ]
	ok $? "$1: $m periods missed in 4 stalls (at least one each)"
	[ $((e + 2 * m)) -ge $((want - 4)) ] && [ $((e + 2 * m)) -le $((want + 4)) ]
	ok $? "$1: $e edges + 2 * $m missed periods = $want edges of clock time (+-4)"
}

# stall_across WHAT KEY STOP...: the stalls, with a both-edge reader of
# EXTTS 0 running from before the source's first edge (counted on the state
# line KEY) until the source is stopped by STOP... afterwards: it gives up
# after 5 s without an edge, longer than any stall.  So its timestamps, in
# $out, cover every stall.  Sets snap0 and snap1, the state around them.
stall_across() {
	local what=$1 key=$2 n
	shift 2
	# The in-tree core keeps one queue per clock, which a new reader
	# reads from: events an earlier test left there must go first.
	command core_ptp "$dev" drain > /dev/null
	command dummy_ptp "$dev" extts 0 both 100000 $((5 * SLOW)) > "$out" &
	reader=$!
	wait_for 10 state_gt "$key" 3 "$(state_field "$key" 3)"
	snap0=$(< "$G/state")
	stalls
	ok $? "the host stalled the guest for $STALLS ms"
	sleep 1
	snap1=$(< "$G/state")
	"$@" > /dev/null
	wait $reader
	n=$(sed -n 's/^timeout after \([0-9]*\) events$/\1/p' "$out")
	[ -n "$n" ] && [ "$n" -ge 100 ]
	ok $? "$what: the reader saw ${n:-no} edges, until the source stopped"
}

# A periodic output looped back into EXTTS 0.
echo 1 > "$G/loopback"
run_ok "PEROUT 0: 100 ms period, 90 ms pulses" \
	dummy_ptp "$dev" perout 0 +2 100000000 duty 90000000
stall_across PEROUT perout0 dummy_ptp "$dev" perout 0 0 0
echo 0 > "$G/loopback"
check_edges "$out" 100000000 0 90000000
ok $? "PEROUT: rising on the boundary, falling 90 ms later, alternating"
add_up PEROUT "$snap0" "$snap1" perout0 100000000

# The generator into EXTTS 0.  Its edges are on CLOCK_REALTIME's grid,
# timestamped by the dummy clock: what must hold is the spacing between
# them, 90 ms after a rising edge, 10 ms plus whole periods after a
# falling one, in turn.
check_spacing() {
	awk -v p="$2" -v w="$3" '
		function near(a, b) { return a - b < 1000 && b - a < 1000 }
		$1 != "ts" { next }
		lines {
			d = ($2 - ls) * 1000000000 + ($3 - lns)
			r = d % p
			if (lines == 1)
				high = near(r, w)
			want = high ? w : p - w
			if (d <= 0 || !near(r, want)) {
				bad++; print "# " d " ns after the edge before"
				# Back in step: whole periods after a rising edge.
				if (near(r, 0) || near(r, p))
					high = 0
			}
			high = !high
		}
		{ ls = $2; lns = $3; lines++ }
		END { if (bad || lines < 3) exit 1 }' "$1"
}
echo 1 > "$G/gen_channels"
echo 90000000 > "$G/gen_width_ns"
echo 100000000 > "$G/gen_period_ns"
stall_across generator gen sysfs_write "$G/gen_period_ns" 0
check_spacing "$out" 100000000 90000000
ok $? "generator: rising and falling edges alternate, 90 ms apart, whole periods skipped"
add_up generator "$snap0" "$snap1" gen 100000000
rm -f "$out"
done_testing
