#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The imperfections: a +50 ppm frequency error makes the free clock drift
# by 50 us/s (and adjfine can cancel it), wander walks within its bound,
# read jitter spreads the readings, occasional steps happen; all stop
# again when set back to 0.
# timeout: 1200
. "$(dirname "$0")/common.sh"

# rate_ppb: the clock's rate against CLOCK_REALTIME over 3 s.
rate_ppb() { dummy_ptp "$dev" rate 3 | sed -n 's/^rate_ppb //p'; }
# within GOT WANT TOL
within() { [ -n "$1" ] && [ "$1" -ge $(($2 - $3)) ] && [ "$1" -le $(($2 + $3)) ]; }

r=$(rate_ppb)
within "$r" 0 5000
ok $? "no error: the clock runs at the system's rate ($r ppb)"

echo 50000 > "$G/freq_error_ppb"
# 2^31 * (1 + 50e-6), truncated.
is "$(state addend_effective)" 2147591022 "+50 ppm: the effective addend"
is "$(state addend)" 2147483648 "TMR_ADD itself is untouched"
r=$(rate_ppb)
within "$r" 50000 5000
ok $? "+50 ppm error: the clock drifts by $r ppb (50000 expected)"
dummy_ptp "$dev" freq -3276800 > /dev/null
r=$(rate_ppb)
within "$r" 0 5000
ok $? "adjfine -50 ppm cancels it ($r ppb)"
dummy_ptp "$dev" freq 0 > /dev/null
echo 0 > "$G/freq_error_ppb"

# Wander: a seeded random walk, bounded by wander_max_ppb.
echo 42 > "$G/seed"
echo 300 > "$G/wander_max_ppb"
echo 100000 > "$G/wander_ppb"
sleep 1.5
w=$(state wander_now_ppb)
[ "$w" -ne 0 ] && [ "$w" -ge -300 ] && [ "$w" -le 300 ]
ok $? "wander walks within +-300 ppb (now $w)"
echo 0 > "$G/wander_ppb"
is "$(state wander_now_ppb)" 0 "wander off: back to 0"
is "$(state addend_effective)" 2147483648 "and the effective addend to nominal"

# Read jitter of up to 2 ms.  Each offset is taken from the middle of its
# reading's pre/post bracket, so the spread is at most 2 x 2 ms plus the
# widest bracket (a guest stalled in a read widens it).
s0=$(dummy_ptp "$dev" spread | sed -n 's/^spread_ns //p')
echo 2000000 > "$G/jitter_ns"
out1=$(dummy_ptp "$dev" spread)
s1=$(echo "$out1" | sed -n 's/^spread_ns //p')
w1=$(echo "$out1" | sed -n 's/^window_ns //p')
echo 0 > "$G/jitter_ns"
diag "offset spread over 25 readings: $s0 ns without jitter, $s1 ns with"
[ -n "$s1" ] && [ -n "$w1" ] && [ "$s1" -gt 500000 ] && [ "$s1" -le $((4000000 + w1)) ]
ok $? "jitter_ns 2000000 spreads the readings ($s1 ns, brackets up to $w1 ns)"

# Occasional steps: on average every 200 ms, +1 s each.
t0=$(now_s)
echo 1000000000 > "$G/step_ns"
echo 200 > "$G/step_interval_ms"
stepped() { [ "$(state steps)" -ge 2 ]; }
wait_for 10 stepped
ok $? "steps happen ($(state steps) so far)"
echo 0 > "$G/step_interval_ms"
n=$(state steps)
t1=$(now_s)
[ $((t1 - t0)) -ge "$n" ]
ok $? "the clock jumped by them ($t0 -> $t1 after $n steps)"
sleep 1
is "$(state steps)" "$n" "no more steps once off"
done_testing
