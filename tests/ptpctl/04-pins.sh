#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl pins and pin on the dummy's five pins (TRIG_IN1/2 take extts,
# PULSE_OUT1..3 perout); pins and channels out of range (exit 2), a function
# the pin cannot take and a read-only descriptor (exit 1).
# timeout: 240
. "$(dirname "$0")/common.inc"
restore() {
	ptpctl "$DEV" pin 0 extts 0; ptpctl "$DEV" pin 1 extts 1
	ptpctl "$DEV" pin 2 perout 0; ptpctl "$DEV" pin 3 perout 1
	ptpctl "$DEV" pin 4 perout 2
}
on_exit() { restore; }
restore

pin_line() { printf '%s\n' "$OUT" | awk -v i="$1" '$1 == i { print $2, $3, $4 }'; }

exits 0 "pins" "$DEV" pins
is "$(pin_line 0)" "TRIG_IN1 extts 0" "pin 0: TRIG_IN1 extts 0"
is "$(pin_line 1)" "TRIG_IN2 extts 1" "pin 1: TRIG_IN2 extts 1"
is "$(pin_line 2)" "PULSE_OUT1 perout 0" "pin 2: PULSE_OUT1 perout 0"
is "$(pin_line 4)" "PULSE_OUT3 perout 2" "pin 4: PULSE_OUT3 perout 2"
exits 0 "pins --json" "$DEV" pins --json
is "$(printf '%s\n' "$OUT" | grep -c '"name"')" 5 "pins --json has 5 pins"
out_has '\{"index": 3, "name": "PULSE_OUT2", "func": "perout", "chan": 1\}' "pins --json: pin 3"

# By name: TRIG_IN1 takes channel 1, so TRIG_IN2 loses it (to none).
exits 0 "pin TRIG_IN1 extts 1" "$DEV" pin TRIG_IN1 extts 1
pc "$DEV" pins
is "$(pin_line 0)" "TRIG_IN1 extts 1" "TRIG_IN1 now has extts channel 1"
is "$(pin_line 1)" "TRIG_IN2 none 0" "TRIG_IN2 gave it up"
is "$(cat /sys/class/ptp/${DEV#/dev/}/pins/TRIG_IN1)" "1 1" "sysfs agrees: TRIG_IN1 is 1 1"
exits 0 "pin 1 extts 0 (by index, function by name)" "$DEV" pin 1 extts 0
exits 0 "pin 4 0 (function by number)" "$DEV" pin 4 0
pc "$DEV" pins
is "$(pin_line 1)" "TRIG_IN2 extts 0" "TRIG_IN2 has extts channel 0"
is "$(pin_line 4)" "PULSE_OUT3 none 0" "PULSE_OUT3 is off"
restore

exits 2 "pin 9 (out of range)" "$DEV" pin 9 none
err_has "pin 9 out of range: /dev/ptp[0-9]+ has 5 pins" "the range is given"
exits 2 "extts channel 2 (out of range)" "$DEV" pin 0 extts 2
err_has "channel 2 out of range: /dev/ptp[0-9]+ has 2 external timestamp channels" "the channel range is given"
exits 2 "perout channel 3 (out of range)" "$DEV" pin PULSE_OUT1 perout 3
exits 2 "an unknown pin name" "$DEV" pin NO_SUCH_PIN none
exits 2 "an unknown function" "$DEV" pin 0 gpio
exits 2 "a missing function" "$DEV" pin 0
exits 1 "a trigger pin cannot do perout" "$DEV" pin TRIG_IN1 perout 0
err_has "PTP_PIN_SETFUNC: Operation not supported" "the driver's refusal names the ioctl"
exits 1 "--read-only pin" --read-only "$DEV" pin 0 extts 0
err_has "PTP_PIN_SETFUNC: Permission denied \(the clock is open read-only" "read-only: EACCES explained"
exits 0 "--read-only pins (reading)" --read-only "$DEV" pins
done_testing
