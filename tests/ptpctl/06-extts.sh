#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl extts on the dummy: events injected through its debugfs trigger,
# and from its periodic outputs looped back to the inputs, whose edges are
# timestamped exactly; edges, --count, --timeout, --json, --enable and
# --disable; a channel out of range (exit 2), a timeout before --count
# events and a read-only descriptor (exit 1).
# timeout: 300
. "$(dirname "$0")/common.inc"
on_exit() {
	ptpctl "$DEV" perout 0 off > /dev/null
	ptpctl "$DEV" extts 0 --disable; ptpctl "$DEV" extts 1 --disable
	ptpctl "$DEV" dummy loopback 0
}
edges() { awk -v k="extts$1" '$1 == k { print $2 }' "$DBG/state"; }
nlines() { bg_out "$1" | grep -c .; }

# Two injected rising edges on channel 0.
bg_start a "$DEV" extts 0 --count 2 --timeout 60
is "$(edges 0)" 2 "while extts 0 runs, channel 0 takes rising edges (flags 2)"
dummy_set trigger 1
dummy_set trigger 0
dummy_set trigger 0
bg_wait a; ok $? "extts 0 --count 2 exits 0 after two events"
is "$(nlines a)" 2 "it printed two events"
is "$(bg_out a | grep -Ec '^channel 0 time [0-9]+\.[0-9]{9}$')" 2 "both are 'channel 0 time S.NS'"
is "$(edges 0)" 0 "the channel is disabled again on exit"

# Falling edges only, in JSON.
bg_start b "$DEV" extts 1 --falling --count 1 --timeout 60 --json
is "$(edges 1)" 4 "extts 1 --falling enables falling edges (flags 4)"
dummy_set trigger 1 rising
dummy_set trigger 1 falling
bg_wait b; ok $? "extts 1 --falling --count 1 --json exits 0"
bg_out b | grep -Eq '^\{"channel": 1, "sec": [0-9]+, "nsec": [0-9]+, "time": "[0-9]+\.[0-9]{9}"\}$'
ok $? "one JSON event for channel 1: $(bg_out b)"
is "$(nlines b)" 1 "the rising edge was not reported"
bg_out b | json_lines; ok $? "extts --json prints JSON lines (jq)"

# Loopback: FIPER1 drives trigger input 1 (channel 0).  A period of
# 100 ms at phase 0 puts every rising edge on a multiple of 100 ms.
dummy_set loopback 1
bg_start c "$DEV" extts 0 --count 3 --timeout 60
ptpctl "$DEV" perout 0 --period 100ms --phase 0 > /dev/null
bg_wait c; ok $? "three looped-back periodic edges arrive"
bad=$(bg_out c | awk '{ split($4, t, "."); if (t[2] % 100000000) print }')
[ "$(nlines c)" = 3 ] && [ -z "$bad" ]
ok $? "each edge is on a multiple of the period: $(bg_out c | tr '\n' ' ')"
ptpctl "$DEV" perout 0 off > /dev/null

# Both edges with a 25% duty cycle: rising on the period, falling 25 ms on.
bg_start d "$DEV" extts 0 --both --count 4 --timeout 60 --json
ptpctl "$DEV" perout 0 --period 100ms --phase 0 --duty 25 > /dev/null
bg_wait d; ok $? "four edges with --both"
bg_out d | json_lines; ok $? "four valid JSON lines (jq)"
nsecs=$(bg_out d | sed -n 's/.*"nsec": \([0-9]*\),.*/\1/p')
r=$(echo "$nsecs" | awk '$1 % 100000000 == 0' | grep -c .)
f=$(echo "$nsecs" | awk '$1 % 100000000 == 25000000' | grep -c .)
[ "$r" -ge 1 ] && [ "$f" -ge 1 ] && [ $((r + f)) = 4 ]
ok $? "rising edges on the period and falling ones 25 ms later ($r rising, $f falling:" $nsecs")"
ptpctl "$DEV" perout 0 off > /dev/null

# A one-shot at a known time gives one event at exactly that time.
bg_start e "$DEV" extts 0 --count 1 --timeout 60
start=$(ptpctl "$DEV" perout 0 --period 1 --start +5 --one-shot | awk '{ print $NF }')
bg_wait e; ok $? "the one-shot pulse is timestamped"
is "$(bg_out e)" "channel 0 time $start" "at exactly its start time"
dummy_set loopback 0

# --timeout alone listens that long; with --count it fails if short.
exits 0 "extts --timeout 1 with no events" "$DEV" extts 0 --timeout 1
is "$OUT" "" "no events printed"
exits 1 "extts --count 1 --timeout 1 with no events" "$DEV" extts 0 --count 1 --timeout 1
err_has "timed out: 0 of 1 events" "the timeout is reported"

# --enable / --disable leave the channel so.
exits 0 "extts 1 --enable --both" "$DEV" extts 1 --enable --both
is "$(edges 1)" 6 "channel 1 stays enabled for both edges (flags 6)"
exits 0 "extts 1 --disable" "$DEV" extts 1 --disable
is "$(edges 1)" 0 "channel 1 disabled"

exits 2 "extts 2 (out of range)" "$DEV" extts 2 --count 1
err_has "channel 2 out of range: /dev/ptp[0-9]+ has 2 external timestamp channels" "the channel range is given"
exits 2 "extts without a channel" "$DEV" extts
exits 2 "extts --count 0" "$DEV" extts 0 --count 0
exits 2 "extts --enable --disable" "$DEV" extts 0 --enable --disable
exits 2 "extts --enable --count 1" "$DEV" extts 0 --enable --count 1
exits 1 "--read-only extts" --read-only "$DEV" extts 0 --enable
err_has "PTP_EXTTS_REQUEST2 \(enable\): Permission denied \(the clock is open read-only" "read-only extts: EACCES explained"
done_testing
