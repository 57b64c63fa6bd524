#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl set, step, freq and phase on the dummy; bad arguments (exit 2);
# a read-only descriptor asked to adjust, a frequency beyond max_adj and a
# clock without phase adjustment (exit 1, with the reason).
# timeout: 600
. "$(dirname "$0")/common.inc"
on_exit() { plain_release; ptpctl "$DEV" freq 0; ptpctl "$DEV" set now; }

sec() { pc "$DEV" get; echo "${OUT%%.*}"; }
within() { [ -n "$1" ] && [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]; }

# Bounds grow with the measured elapsed time ($SECONDS), not a fixed slack:
# a debug guest under TCG can take many seconds between two commands.
s0=$SECONDS
exits 0 "set 1000" "$DEV" set 1000
t=$(sec)
within "$t" 1000 $((1000 + SECONDS - s0 + 1)); ok $? "after set 1000 the clock reads $t"
exits 0 "step -500.5" "$DEV" step -500.5
t=$(sec)
within "$t" 499 $((500 + SECONDS - s0 + 1)); ok $? "after step -500.5 the clock reads $t"
exits 0 "step 250ms" "$DEV" step 250ms
s0=$SECONDS
exits 0 "set 2000-01-01T00:00:00Z" "$DEV" set 2000-01-01T00:00:00Z
t=$(sec)
within "$t" 946684800 $((946684800 + SECONDS - s0 + 1)); ok $? "the ISO date set the clock to $t"
s0=$SECONDS
exits 0 "set now" "$DEV" set now
pc "$DEV" get; phc=${OUT%%.*}; sys=$(date +%s); e=$((SECONDS - s0 + 1))
within "$phc" $((sys - e)) $((sys + 1)); ok $? "set now: the clock reads $phc, the system $sys"

exits 0 "freq 12.5" "$DEV" freq 12.5
exits 0 "freq reads back" "$DEV" freq
is "$OUT" "12.497 ppb" "freq reads back 12.5 ppb as dialed in scaled ppm"
exits 0 "freq -100000" "$DEV" freq -100000
pc "$DEV" freq --json
is "$OUT" '{"device": "'"$DEV"'", "ppb": -100000.000, "scaled_ppm": -6553600}' "freq --json"
grep -q '^scaled_ppm -6553600$' "$DBG/state"
ok $? "the dummy got scaled_ppm -6553600"
exits 0 "freq 0" "$DEV" freq 0
pc "$DEV" freq
is "$OUT" "0.000 ppb" "freq back at 0"
max=$(cat /sys/class/ptp/${DEV#/dev/}/max_adjustment)
exits 1 "freq beyond max_adj" "$DEV" freq $((max + 1000))
err_has "clock_adjtime\(ADJ_FREQUENCY\): Numerical result out of range \(the clock's maximum adjustment is $max ppb\)" \
	"the ERANGE error names the operation and max_adj"

exits 0 "phase 100000000" "$DEV" phase 100000000
left=$(awk '$1 == "slew_left_ns" { print $2 }' "$DBG/state")
[ -n "$left" ] && [ "$left" -gt 0 ] && [ "$left" -le 100000000 ]
ok $? "the dummy is slewing out the 100 ms phase offset ($left ns left)"
exits 0 "phase -1000" "$DEV" phase -1000

# Bad arguments: exit 2, nothing done.
exits 2 "set abc" "$DEV" set abc
exits 2 "set -5" "$DEV" set -5
exits 2 "set 2023-02-29T00:00:00Z" "$DEV" set 2023-02-29T00:00:00Z
exits 2 "set 1 2" "$DEV" set 1 2
exits 2 "set 5 --tai" "$DEV" set 5 --tai
exits 2 "step without an offset" "$DEV" step
exits 2 "step 1.5x" "$DEV" step 1.5x
exits 2 "step 1.0000000001" "$DEV" step 1.0000000001
exits 2 "freq 1.2345" "$DEV" freq 1.2345
exits 2 "freq ten" "$DEV" freq ten
exits 2 "phase 1.5" "$DEV" phase 1.5
exits 2 "phase beyond 32 bits" "$DEV" phase 3000000000

# A read-only descriptor asked to adjust: the kernel says EACCES.
for args in "set 5" "step 1" "freq 5" "phase 5"; do
	exits 1 "--read-only $args" --read-only "$DEV" $args
	err_has "Permission denied \(the clock is open read-only" "--read-only $args: EACCES explained"
done
# A user who may only read the device: ptpctl opens it read-only and
# reports the kernel's EACCES with the reason.
mode=$(stat -c %a "$DEV")
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups ptpctl "$@"; }
chmod 0604 "$DEV"
OUT=$(nobody "$DEV" get 2>&1); ok $? "as nobody with read permission, get works"
OUT=$(nobody "$DEV" set 5 2>&1); rc=$?
is "$rc" 1 "as nobody, set exits 1"
printf '%s\n' "$OUT" | grep -q "clock_settime: Permission denied (the clock is open read-only (no write permission on the device)"
ok $? "and says that there is no write permission ($OUT)"
chmod 0600 "$DEV"
OUT=$(nobody "$DEV" get 2>&1); rc=$?
is "$rc" 1 "as nobody without read permission, get exits 1"
printf '%s\n' "$OUT" | grep -q "$DEV: open: Permission denied"
ok $? "and names the failing open ($OUT)"
chmod "$mode" "$DEV"

exits 0 "--read-only freq (reading needs no write access)" --read-only "$DEV" freq
exits 0 "--read-only get" -R "$DEV" get

# A clock without phase adjustment: a virtual clock.
if plain_clock; then
	exits 1 "phase on $PLAIN (no adjphase)" "$PLAIN" phase 100
	err_has "clock_adjtime\(ADJ_OFFSET\): Operation not supported \(the clock cannot adjust its phase" \
		"phase on a clock without adjphase: EOPNOTSUPP explained"
	plain_release
else
	ok 1 "a clock without phase adjustment (a virtual clock)"
fi
done_testing
