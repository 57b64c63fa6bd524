#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl monitor on the dummy: every enabled channel, a channel list, the
# generator, JSON; on our core each monitor has its own queue and mask (two
# monitors both see every event), on the 6.1 core --require-mask fails with
# "not supported by this kernel's PTP core".  Channel lists out of range
# (exit 2) and a clock without channels (exit 1).
# timeout: 300
. "$(dirname "$0")/common.inc"
on_exit() {
	plain_release
	ptpctl "$DEV" dummy gen_period_ns 0
	ptpctl "$DEV" dummy gen_channels 1
	ptpctl "$DEV" extts 0 --disable; ptpctl "$DEV" extts 1 --disable
}
nlines() { bg_out "$1" | grep -c .; }

# Both channels, enabled by the monitor itself.
bg_start a "$DEV" monitor --enable --count 2 --timeout 60
dummy_set trigger 1
dummy_set trigger 0
bg_wait a; ok $? "monitor --enable --count 2 exits 0"
is "$(bg_out a | awk '{ print $2 }' | sort | tr '\n' ' ')" "0 1 " "it saw channel 1 and channel 0"
if core_is_ours; then
	grep -q "own queue and channel mask" "$TMPD/a.err"
	ok $? "on our core the monitor has its own queue and mask"
else
	grep -q "shared queue: this kernel's PTP core has no per-descriptor mask" "$TMPD/a.err"
	ok $? "on the 6.1 core it says that it shares the clock's queue"
fi
is "$(awk '$1 == "extts0" || $1 == "extts1" { print $2 }' "$DBG/state" | tr '\n' ' ')" "0 0 " \
	"the channels are disabled again on exit"

# One channel of two, with both enabled: the other's events are not shown.
ptpctl "$DEV" extts 0 --enable
bg_start b "$DEV" monitor --enable --channels 1 --count 1 --timeout 60 --json
dummy_set trigger 0
dummy_set trigger 1
bg_wait b; ok $? "monitor --channels 1 exits 0"
ptpctl "$DEV" extts 0 --disable
bg_out b | grep -Eq '^\{"channel": 1, "sec": [0-9]+, "nsec": [0-9]+, "time": "[0-9.]+"\}$'
ok $? "the one event is channel 1, in JSON: $(bg_out b)"
is "$(nlines b)" 1 "channel 0's event was not shown"
bg_out b | json_lines; ok $? "monitor --json prints JSON lines (jq)"

# The generator on both inputs.
dummy_set gen_channels 3
dummy_set gen_period_ns 100000000
bg_start c "$DEV" monitor --enable --count 6 --timeout 60
bg_wait c; ok $? "six generator events"
is "$(bg_out c | grep -Ec '^channel [01] time ')" 6 "all from channels 0 and 1"
# A reader that goes away (head) ends the monitor, which disables the
# channels it enabled.  Without --timeout only that can end it; timeout(1)
# guards against a hang (exit 124).
timeout 100 ptpctl "$DEV" monitor --enable 2> /dev/null | head -n 1 > "$TMPD/head.out"
rc=${PIPESTATUS[0]}
n=$(grep -c '^channel ' "$TMPD/head.out")
is "$n" 1 "monitor | head -n 1 gives one event"
is "$rc" 0 "monitor exits 0 when its reader is gone"
is "$(awk '$1 == "extts0" || $1 == "extts1" { print $2 }' "$DBG/state" | tr '\n' ' ')" "0 0 " \
	"and it disabled its channels"
dummy_set gen_period_ns 0

# The per-descriptor queue: two monitors each see every event.
if core_is_ours; then
	exits 0 "monitor --require-mask" "$DEV" monitor --require-mask --timeout 1
	ptpctl "$DEV" extts 0 --enable
	bg_start m1 "$DEV" monitor --require-mask --channels 0 --count 2 --timeout 60
	bg_start m2 "$DEV" monitor --require-mask --channels 0 --count 2 --timeout 60
	dummy_set trigger 0
	dummy_set trigger 0
	bg_wait m1; r1=$?
	bg_wait m2; r2=$?
	[ $r1 = 0 ] && [ $r2 = 0 ]; ok $? "two monitors both got 2 events"
	is "$(bg_out m1)" "$(bg_out m2)" "they saw the same events"
	improvement "each open file has its own event queue and channel mask (PTP_MASK_CLEAR_ALL/EN_SINGLE)"
	ptpctl "$DEV" extts 0 --disable
else
	exits 1 "monitor --require-mask on the 6.1 core" "$DEV" monitor --require-mask --timeout 1
	err_has "PTP_MASK_CLEAR_ALL: .*not supported by this kernel's PTP core" \
		"a clear 'not supported by this kernel's PTP core', not a bare errno"
fi

# Nothing enabled: a quiet, successful timeout; a short count fails.
exits 0 "monitor --timeout 1 with nothing enabled" "$DEV" monitor --timeout 1
is "$OUT" "" "no events"
exits 1 "monitor --count 1 --timeout 1 with nothing enabled" "$DEV" monitor --count 1 --timeout 1
err_has "timed out: 0 of 1 events" "the timeout is reported"

exits 2 "monitor --channels 2 (out of range)" "$DEV" monitor --channels 2 --timeout 1
err_has "channel out of range in '2': /dev/ptp[0-9]+ has 2 external timestamp channels" "the range is given"
exits 2 "monitor --channels x" "$DEV" monitor --channels x --timeout 1
exits 2 "monitor with an argument" "$DEV" monitor 0
exits 1 "--read-only monitor --enable" --read-only "$DEV" monitor --enable --timeout 1
err_has "Permission denied \(the clock is open read-only" "read-only enable: EACCES explained"
exits 0 "--read-only monitor (reading needs no write access)" --read-only "$DEV" monitor --timeout 1
if plain_clock; then
	exits 1 "monitor on $PLAIN (no channels)" "$PLAIN" monitor --timeout 1
	err_has "has no external timestamp channels" "says that the clock has no channels"
	plain_release
else
	ok 1 "a clock without external timestamps (a virtual clock)"
fi
done_testing
