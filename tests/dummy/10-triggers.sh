#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The other two sources of trigger-input edges: an edge written to debugfs
# is timestamped at the moment of the write, with its polarity honoured;
# the built-in generator feeds the inputs chosen in gen_channels at its
# rate (throughput: 300 edges at 1 kHz, none lost or out of order).
# timeout: 1200
. "$(dirname "$0")/common.sh"

ts_of() { awk '$1 == "ts" { printf "%d%09d\n", $2, $3 }' "$1"; }
out=$(mktemp)

# A rising edge written to the trigger file while a reader waits.
command dummy_ptp "$dev" extts 1 rising 1 $((10 * SLOW)) > "$out" &
reader=$!
wait_for 10 extts_on 1
before=$(state time_ns)
echo "1 rising" > "$G/trigger"
after=$(state time_ns)
wait $reader
ok $? "an injected rising edge reaches EXTTS 1"
t=$(ts_of "$out")
[ -n "$t" ] && [ "$t" -ge "$before" ] && [ "$t" -le "$after" ]
ok $? "timestamped at the write ($before <= $t <= $after)"

# Polarity: a falling edge is not seen by a rising-only channel.
command dummy_ptp "$dev" extts 0 rising 1 $((4 * SLOW)) > "$out" &
reader=$!
wait_for 10 extts_on 0
echo "0 falling" > "$G/trigger"
wait $reader
ok $((! $?)) "a falling edge is ignored by a rising-only channel"
command dummy_ptp "$dev" extts 0 falling 1 $((10 * SLOW)) > "$out" &
reader=$!
wait_for 10 extts_on 0
echo "0 falling" > "$G/trigger"
wait $reader
ok $? "and seen by a falling-only one"
run_fails "no trigger input 2" sh -c "echo 2 > $G/trigger"
run_fails "no such polarity" sh -c "echo '0 sideways' > $G/trigger"

# Throughput: the generator at 1 kHz on both inputs.
n0=$(awk '$1 == "extts0" { print $3 }' "$G/state")
echo 3 > "$G/gen_channels"
echo 1000000 > "$G/gen_period_ns"
dummy_ptp "$dev" extts 1 rising 300 $((30 * SLOW)) > "$out"
ok $? "300 generator edges on EXTTS 1 at 1 kHz"
echo 0 > "$G/gen_period_ns"
ts_of "$out" | awk 'NR > 1 && $1 <= prev { bad = 1 } { prev = $1 } END { exit bad }'
ok $? "in increasing order"
is "$(grep -c '^ts' "$out")" 300 "all 300 read"
is "$(awk '$1 == "extts0" { print $3 }' "$G/state")" "$n0" "EXTTS 0, driven too but not enabled, timestamped nothing"
rm -f "$out"
done_testing
