#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Alarms (TMR_ALARM1/2, armed through debugfs): each fires once, never
# before the clock reaches its time, and stays right across steps back and
# forth, settime and frequency changes.
# timeout: 1200
. "$(dirname "$0")/common.sh"

fired() { [ "$(alarm "$1" fired)" -gt "$2" ]; }

# Step back: the alarm must wait for the clock, not for the timer.  The
# clock is set to 1000 s (a step back of 70 s must not go below 0), the
# alarm armed 60 s ahead so that even a stalled guest steps the clock back
# before the alarm is due; a step forward of 125 s then brings the clock
# within 5 s of it (less the time taken meanwhile), long before its timer's
# first 60 s are up.
dummy_ptp "$dev" settime 1000 > /dev/null
echo +60000000000 > "$G/alarm1"
target=$(alarm 1 target)
run_ok "alarm1 armed 60 s ahead, then the clock steps back 70 s" dummy_ptp "$dev" adjtime -70000000000
sleep 2.5
is "$(alarm 1 fired)" 0 "not fired 2.5 s later: the clock is still before its time"
dummy_ptp "$dev" adjtime 125000000000 > /dev/null
wait_for 10 fired 1 0
ok $? "fired once the clock got there, after a step forward of 125 s"
at=$(alarm 1 fired_at)
[ "$at" -ge "$target" ]
ok $? "fired at $at, not before the target $target (+$((at - target)) ns)"
is "$(alarm 1 armed)" 0 "disarmed after firing"

# Step forward past a far alarm: it fires now, not 100 s later.
echo +100000000000 > "$G/alarm2"
target=$(alarm 2 target)
dummy_ptp "$dev" adjtime 100500000000 > /dev/null
wait_for 10 fired 2 0
ok $? "alarm2 100 s ahead fires right after a 100.5 s step"
[ "$(alarm 2 fired_at)" -ge "$target" ]
ok $? "at or after its target"

# settime across the alarm.
n=$(alarm 1 fired)
now=$(now_s)
echo $(( (now + 1000) * 1000000000 )) > "$G/alarm1"
dummy_ptp "$dev" settime $((now + 2000)) > /dev/null
wait_for 10 fired 1 "$n"
ok $? "settime past an alarm fires it"

# Frequency changes: slower (-1%, then a -10% oscillator error) and faster.
for how in "freq -655360000" "err -100000000" "freq 655360000"; do
	n=$(alarm 1 fired)
	echo +1000000000 > "$G/alarm1"
	target=$(alarm 1 target)
	case $how in
	freq*) dummy_ptp "$dev" freq "${how#freq }" > /dev/null ;;
	err*) echo "${how#err }" > "$G/freq_error_ppb" ;;
	esac
	wait_for 10 fired 1 "$n"
	ok $? "alarm fires after $how"
	at=$(alarm 1 fired_at)
	[ "$at" -ge "$target" ]
	ok $? "$how: fired at or after the target (+$((at - target)) ns)"
	dummy_ptp "$dev" freq 0 > /dev/null
	echo 0 > "$G/freq_error_ppb"
done

# Both alarms, in order: absolute targets from one reading of the clock,
# the earlier one armed first (should the guest stall past both, they
# still fire in that order).
n1=$(alarm 1 fired) n2=$(alarm 2 fired)
t=$(state time_ns)
echo $((t + 2000000000)) > "$G/alarm2"
echo $((t + 3000000000)) > "$G/alarm1"
wait_for 10 fired 1 "$n1" && wait_for 5 fired 2 "$n2"
ok $? "both alarms fire"
[ "$(alarm 2 fired_at)" -lt "$(alarm 1 fired_at)" ]
ok $? "alarm2 (+2 s) before alarm1 (+3 s)"
[ "$(alarm 2 fired_at)" -ge $((t + 2000000000)) ] && [ "$(alarm 1 fired_at)" -ge $((t + 3000000000)) ]
ok $? "neither before its target"

# "off" disarms: alarm1 is armed an hour ahead and turned off, alarm2 is
# armed for the same time, and the clock steps past it.
n1=$(alarm 1 fired) n2=$(alarm 2 fired)
echo +3600000000000 > "$G/alarm1"
echo off > "$G/alarm1"
is "$(alarm 1 armed)" 0 "alarm1 turned off reads as disarmed"
echo +3600000000000 > "$G/alarm2"
dummy_ptp "$dev" adjtime 3601000000000 > /dev/null
wait_for 10 fired 2 "$n2"
ok $? "alarm2, an hour ahead, fires after a step of an hour"
is "$(alarm 1 fired)" "$n1" "alarm1, disarmed, does not"
done_testing
