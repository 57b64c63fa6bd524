# SPDX-License-Identifier: GPL-2.0
# Sourced by the tests/dummy/*.sh tests (not a test itself: not executable).
# Sets dev (the /dev/ptpN of ptp_dummy.0), G (its debugfs directory) and
# puts every debugfs setting back to its default when the test exits.
. "$(dirname "$0")/../lib.sh"

# One dummy_ptp process serves the script's calls (tests/lib.sh: serve);
# a call that runs in the background is "command dummy_ptp".
serve dummy_ptp || exit 1

DBG=/sys/kernel/debug/ptp_dummy

# dummy_reset DIR: every setting of one clock back to its default, alarms
# off: the driver's own reset, from its one list of defaults (dummy_params[]).
dummy_reset() {
	echo 1 > "$1/reset" || echo "# dummy_reset: cannot reset $1"
}

# state KEY [DIR]: a field of the clock's debugfs state file.
state() { field "$1" "${2:-$G}/state"; }

# alarm N KEY: a field of alarmN.
alarm() { field "$2" "$G/alarm$1"; }

# alarm_of CLOCK N KEY: a field of alarmN of ptp_dummy.CLOCK.
alarm_of() { field "$3" "$DBG/ptp_dummy.$1/alarm$2"; }

# field KEY FILE: the second word of FILE's first line whose first is KEY.
field() {
	local k v
	while read -r k v _; do
		[ "$k" = "$1" ] && { echo "$v"; return; }
	done < "$2"
}

# now_s: the dummy clock's whole seconds.
now_s() {
	local t
	t=$(dummy_ptp "$dev" gettime)
	case $t in "time "[0-9]*.*) t=${t#time }; echo "${t%%.*}" ;; esac
}

# The debug kernel (KASAN, lockdep) under TCG is several times slower:
# waits for events scale with SLOW.  They bound a wait; none is asserted.
SLOW=1
[ "${PTPVM_KERNEL:-}" = debug ] && SLOW=4

# wait_for SECONDS CMD...: poll CMD every 0.2 s until it succeeds, for up
# to SECONDS * SLOW.
wait_for() {
	local n=$(($1 * 5 * SLOW))
	shift
	while [ $n -gt 0 ]; do
		"$@" && return 0
		sleep 0.2
		n=$((n - 1))
	done
	return 1
}

# check_edges FILE PERIOD OFFSET...: every "ts SEC NSEC" line in FILE is
# congruent to one of the OFFSETs modulo PERIOD (which divides 1 s), in
# turn, and later than the one before; at least 2 lines.  The reader may
# start while the output runs (a stalled guest), so the first line may
# match any of the OFFSETs; the turn goes on from there.
check_edges() {
	local f=$1 period=$2
	shift 2
	awk -v p="$period" -v offs="$*" '
		BEGIN { n = split(offs, o, " ") }
		$1 == "ts" && !lines {
			for (first = 0; first < n - 1; first++)
				if ($3 % p == o[first + 1])
					break
		}
		$1 == "ts" {
			want = o[((lines + first) % n) + 1]
			if ($3 % p != want) { bad++; print "# off edge: " $2 "." $3 }
			if (lines && ($2 < ls || ($2 == ls && $3 <= lns))) {
				bad++; print "# not increasing: " $2 "." $3
			}
			ls = $2; lns = $3; lines++
		}
		END { if (bad || lines < 2) exit 1 }' "$f"
}

# snap_field SNAPSHOT KEY N: field N of the line KEY of a saved state
# file (one locked read: time_ns and the counters agree).
snap_field() { echo "$1" | awk -v k="$2" -v n="$3" '$1 == k { print $n; exit }'; }

# pps_adds_up SNAP0 SNAP1: one PPS event per second of the clock between
# two state snapshots taken while enabled (give or take one whose timer had
# not run yet at either end).  A timer that ran over a second late (a
# stalled guest) sends one event and counts the seconds it passed as
# missed: together they still add up.  Sets secs, events and missed.
pps_adds_up() {
	secs=$(( $(snap_field "$2" time_ns 2) / 1000000000 - $(snap_field "$1" time_ns 2) / 1000000000 ))
	events=$(( $(snap_field "$2" pps 3) - $(snap_field "$1" pps 3) ))
	missed=$(( $(snap_field "$2" pps 4) - $(snap_field "$1" pps 4) ))
	[ $((events + missed)) -ge $((secs - 1)) ] && [ $((events + missed)) -le $((secs + 1)) ]
	ok $? "PPS: $events events + $missed missed = $secs clock seconds (+-1)"
}

# extts_on N: trigger input N is enabled (the reader is waiting on it).
extts_on() { [ "$(awk -v k="extts$1" '$1 == k { print $2 }' "$G/state")" != 0 ]; }

# The dummy clock's /dev/ppsN (the PPS source named after its ptpN).
pps_dev_of() {
	local p ptp=${1#/dev/}
	for p in /sys/class/pps/pps*; do
		[ "$(cat "$p/name" 2>/dev/null)" = "$ptp" ] && { echo "/dev/${p##*/}"; return 0; }
	done
	return 1
}

dev=$(ptp_dev_by_name ptp_dummy.0)
if [ -z "$dev" ]; then
	echo "not ok 1 - ptp_dummy.0 is registered"
	echo "1..1"
	exit 1
fi
G=$DBG/ptp_dummy.0
[ -d "$G" ] || { echo "not ok 1 - $G exists"; echo "1..1"; exit 1; }
# Periodic outputs and PPS off, pins to their defaults.
dummy_quiesce() {
	local i
	for i in 0 1 2; do dummy_ptp "$dev" perout $i 0 0 > /dev/null 2>&1; done
	dummy_ptp "$dev" pps 0 > /dev/null 2>&1
	dummy_ptp "$dev" pin 0 extts 0 > /dev/null 2>&1
	dummy_ptp "$dev" pin 1 extts 1 > /dev/null 2>&1
	for i in 0 1 2; do dummy_ptp "$dev" pin $((i + 2)) perout $i > /dev/null 2>&1; done
}

dummy_reset "$G"
dummy_quiesce
trap 'dummy_quiesce; dummy_reset "$G"' EXIT
