#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Error injection: gettime, settime, adjfine and enable fail with the
# injected errno for exactly the next N calls; the failure reaches user
# space unchanged, leaves the clock as it was, and leaks nothing (the
# debug kernel's kmemleak scan after the run checks the last part).
# timeout: 1200
. "$(dirname "$0")/common.sh"

echo 2 > "$G/fail_gettime"
is "$(dummy_ptp "$dev" gettime)" "error EIO" "gettime: first injected failure is EIO"
is "$(dummy_ptp "$dev" gettime)" "error EIO" "gettime: second too"
dummy_ptp "$dev" gettime | grep -q '^time '
ok $? "gettime: the third call works"
is "$(< "$G/fail_gettime")" 0 "the counter ran down to 0"
echo 1 > "$G/fail_gettime"
run_fails "phc_ctl get sees the failure" phc_ctl "$dev" get

# fail_skip: that many calls that would fail go through first.
echo 2 > "$G/fail_skip"
echo 1 > "$G/fail_gettime"
n=0
for i in 1 2; do
	dummy_ptp "$dev" gettime | grep -q '^time ' && n=$((n + 1))
done
is "$n" 2 "fail_skip 2: two readings go through"
is "$(< "$G/fail_skip")" 0 "and fail_skip ran down to 0"
is "$(dummy_ptp "$dev" gettime)" "error EIO" "then the armed failure comes"
is "$(< "$G/fail_gettime")" 0 "and fail_gettime ran down to 0"

# fail_getcycles: the cycle counter, which a new virtual clock reads.
nv=/sys/class/ptp/${dev#/dev/}/n_vclocks
echo 1 > "$G/fail_getcycles"
r=$(sysfs_write "$nv" 1)
is "$(< "$G/fail_getcycles")" 0 "fail_getcycles: a new virtual clock's reading consumed it"
if core_is_ours; then
	is "$r" EIO "and the virtual clock was not made (6.1 ignores the error)"
fi
echo 0 > "$nv"

echo 16 > "$G/fail_errno"
echo 1 > "$G/fail_gettime"
is "$(dummy_ptp "$dev" gettime)" "error EBUSY" "fail_errno 16: gettime fails with EBUSY"
echo 5 > "$G/fail_errno"

dummy_ptp "$dev" settime 7000 > /dev/null
echo 1 > "$G/fail_settime"
is "$(dummy_ptp "$dev" settime 1)" "error EIO" "settime fails with EIO"
t=$(now_s)
[ "$t" -ge 7000 ]
ok $? "and the clock was not set ($t)"
run_ok "the next settime works" dummy_ptp "$dev" settime 8000

run_ok "frequency back to nominal" dummy_ptp "$dev" freq 0
echo 1 > "$G/fail_adjfine"
is "$(dummy_ptp "$dev" freq 65536)" "error EIO" "adjfine fails with EIO"
is "$(state addend)" 2147483648 "and TMR_ADD is unchanged"
run_ok "the next adjfine works" dummy_ptp "$dev" freq 0

echo 1 > "$G/fail_enable"
is "$(dummy_ptp "$dev" pps 1)" "error EIO" "enable (PPS) fails with EIO"
is "$(awk '$1 == "pps" { print $2 }' "$G/state")" 0 "PPS stayed off"
echo 1 > "$G/fail_enable"
is "$(dummy_ptp "$dev" perout 0 +2 1000000000)" "error EIO" "enable (PEROUT) fails with EIO"
echo 1 > "$G/fail_enable"
is "$(dummy_ptp "$dev" extts 0 rising 1 $((1 * SLOW)))" "error EIO" "enable (EXTTS) fails with EIO"

# Many failures in a row: every one reported, nothing left behind.
echo 100 > "$G/fail_gettime"
fails=0
for i in $(seq 1 20); do
	dummy_ptp "$dev" gettime 2>/dev/null | grep -q 'error EIO' && fails=$((fails + 1))
	phc_ctl "$dev" get > /dev/null 2>&1 || fails=$((fails + 1))
done
is "$fails" 40 "40 failing reads in a row, all reported"
is "$(< "$G/fail_gettime")" 60 "each consumed exactly one injected failure"
echo 0 > "$G/fail_gettime"
run_ok "the clock reads again" phc_ctl "$dev" get
run_fails "fail_errno 0 is refused" sh -c "echo 0 > $G/fail_errno"
run_fails "a negative count is refused" sh -c "echo -1 > $G/fail_enable"
done_testing
