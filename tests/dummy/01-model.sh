#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptp_dummy's clock model: capabilities, pins and verify(), the TMR_ADD
# addend that adjfine sets (rounding, range, survival across steps),
# adjphase slewing, and a virtual clock on the cycle counter.
# timeout: 1200
. "$(dirname "$0")/common.sh"
sys=/sys/class/ptp/${dev#/dev/}

is "$(< "$sys/clock_name")" ptp_dummy.0 "clock_name"
is "$(< "$sys/max_adjustment")" 10000000 "max_adjustment is the max_adj default"
is "$(< "$sys/n_alarms")" 2 "2 alarms"
is "$(< "$sys/n_external_timestamps")" 2 "2 external timestamp channels"
is "$(< "$sys/n_periodic_outputs")" 3 "3 periodic outputs"
is "$(< "$sys/n_programmable_pins")" 5 "5 pins"
is "$(< "$sys/pps_available")" 1 "PPS available"
is "$(basename "$(readlink -f "$sys/device")")" ptp_dummy.0 "parent is the platform device ptp_dummy.0"
is "$(basename "$(readlink -f "$sys/device/driver")")" ptp_dummy "bound to the ptp_dummy platform driver"

# Pins: TRIG_IN1/2 are EXTTS 0/1, PULSE_OUT1..3 are PEROUT 0..2.
pins=$(for p in TRIG_IN1 TRIG_IN2 PULSE_OUT1 PULSE_OUT2 PULSE_OUT3; do
	echo -n "$p=$(cat "$sys/pins/$p" | tr ' ' ,) "; done)
is "$pins" "TRIG_IN1=1,0 TRIG_IN2=1,1 PULSE_OUT1=2,0 PULSE_OUT2=2,1 PULSE_OUT3=2,2 " "default pin functions"
out=$(dummy_ptp "$dev" pin 0 perout 0)
is "$out" "error EOPNOTSUPP" "verify: a trigger input cannot be a periodic output"
out=$(dummy_ptp "$dev" pin 3 extts 1)
is "$out" "error EOPNOTSUPP" "verify: a pulse output cannot timestamp"
run_ok "PULSE_OUT2 may take PEROUT 0" dummy_ptp "$dev" pin 3 perout 0
is "$(< "$sys/pins/PULSE_OUT1")" "0 0" "PULSE_OUT1 gave PEROUT 0 up"
out=$(dummy_ptp "$dev" perout 1 +2 1000000000)
is "$out" "error EBUSY" "PEROUT 1 has no pin now: EBUSY"
run_ok "PEROUT 0 on PULSE_OUT2" dummy_ptp "$dev" perout 0 +2 1000000000
run_ok "pin with a running output set to none" dummy_ptp "$dev" pin 3 none 0
is "$(state perout0 | cut -c1)" 0 "taking the pin away stopped PEROUT 0"
run_ok "TRIG_IN1 off" dummy_ptp "$dev" pin 0 none 0
out=$(dummy_ptp "$dev" extts 0 rising 1 $((1 * SLOW)))
is "$out" "error EBUSY" "EXTTS 0 has no pin: EBUSY"
dummy_quiesce

# TMR_ADD = 2^31 * (1 + scaled_ppm / 2^16 / 10^6), to the nearest step.
expect_addend() {
	local s=$1 a=${1#-} d
	d=$(( (a * 32768 + 500000) / 1000000 ))
	if [ "$s" -lt 0 ]; then echo $((2147483648 - d)); else echo $((2147483648 + d)); fi
}
for sppm in 0 15 16 31 65536 -65536 1000000 -3276800 655360000 -655360000; do
	dummy_ptp "$dev" freq "$sppm" > /dev/null
	is "$(state addend)" "$(expect_addend "$sppm")" "adjfine $sppm scaled ppm sets TMR_ADD to the nearest step"
done
out=$(dummy_ptp "$dev" freq 655426000)
is "$out" "error ERANGE" "beyond max_adj: ERANGE"
dummy_ptp "$dev" freq 123456 > /dev/null
a=$(state addend)
dummy_ptp "$dev" settime 5000 > /dev/null
dummy_ptp "$dev" adjtime -1500000000 > /dev/null
dummy_ptp "$dev" adjtime 2000000000 > /dev/null
is "$(state addend)" "$a" "the frequency survives settime and adjtime"
t=$(now_s)
[ -n "$t" ] && [ "$t" -ge 5000 ] && [ "$t" -le 5030 ]
ok $? "settime 5000, adjtime -1.5 s and +2 s: the clock reads $t"
dummy_ptp "$dev" freq 0 > /dev/null
is "$(state addend)" 2147483648 "freq 0 is the nominal addend"

# adjphase: slewed out at slew_ppb; 20 ms at 1000 ppm take 20 s.
run_ok "adjphase +20 ms" dummy_ptp "$dev" phase 20000000
l1=$(state slew_left_ns)
sleep 1
l2=$(state slew_left_ns)
[ "$l1" -gt 0 ] && [ "$l1" -le 20000000 ] && [ "$l2" -lt "$l1" ]
ok $? "the offset is slewed out gradually ($l1 then $l2 ns left)"
# At 1 ppm the slew all but stops (1 us a second), so that a stalled
# guest still tells a replaced offset (-3 ms) from an added one
# (the rest plus -3 ms).
echo 1000 > "$G/slew_ppb"
rest=$(state slew_left_ns)
run_ok "adjphase -3 ms replaces it" dummy_ptp "$dev" phase -3000000
l3=$(state slew_left_ns)
[ "$rest" -gt 100000 ] && [ "$l3" -ge -3000000 ] && [ "$l3" -le -2900000 ]
ok $? "a new offset replaces the rest of the old one ($rest then $l3 ns left)"
echo 100000000 > "$G/slew_ppb"
slew_done() { [ "$(state slew_left_ns)" = 0 ]; }
wait_for 10 slew_done
ok $? "at 10% the rest is gone soon"
echo 1000 > "$G/slew_ppb"
dummy_ptp "$dev" phase 20000000 > /dev/null
l4=$(state slew_left_ns)
dummy_ptp "$dev" settime 100 > /dev/null
[ "$l4" -gt 19900000 ] && [ "$(state slew_left_ns)" = 0 ]
ok $? "settime cancels a slew (at 1 ppm, $l4 ns were left)"

# A virtual clock runs on the free-running cycle counter.
c1=$(state cycles_ns)
dummy_ptp "$dev" settime 1 > /dev/null
dummy_ptp "$dev" freq 6553600 > /dev/null
c2=$(state cycles_ns)
[ "$c2" -gt "$c1" ]
ok $? "the cycle counter ignores settime ($c1 -> $c2)"
dummy_ptp "$dev" freq 0 > /dev/null
before=$(ls /sys/class/ptp | wc -l)
if echo 1 > "$sys/n_vclocks"; then
	ok 0 "n_vclocks = 1"
	v=$(ls "$sys" | sed -n 's/^ptp\([0-9]*\)$/\1/p' | head -n 1)
	[ -z "$v" ] && v=$(ls /sys/class/ptp | sort -V | tail -n 1 | tr -d ptp)
	run_ok "the virtual clock /dev/ptp$v reads" phc_ctl "/dev/ptp$v" get
	run_ok "the virtual clock steps" phc_ctl "/dev/ptp$v" set 1234 adj 1 freq 1000
	echo 0 > "$sys/n_vclocks"
	is "$(ls /sys/class/ptp | wc -l)" "$before" "n_vclocks = 0 removes it"
else
	ok 1 "n_vclocks = 1"
fi
done_testing
