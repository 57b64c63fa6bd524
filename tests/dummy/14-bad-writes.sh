#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Malformed writes to the core's sysfs files and the dummy's debugfs files:
# negative, overflowing, missing fields, trailing garbage, out of range,
# huge strings.  Each gets a clear error, and afterwards the clock still
# works and nothing it had was changed.
# A row's last column is 6.1's answer where the in-tree core differs
# (an improvement of ours: it reads the whole line strictly).
# timeout: 600
. "$(dirname "$0")/common.sh"

sys=/sys/class/ptp/${dev#/dev/}
pin=$sys/pins/TRIG_IN1
big=$(printf '1%.0s' $(seq 3000))
nl=$'\n'	# a write of nothing at all does not reach the kernel

# check FILE INPUT WANT [WANT_ON_THE_IN_TREE_CORE]: the error the write
# gets (sysfs_write's name for it), OK when it is accepted.
n_bad=0
check() {
	local file=$1 input=$2 want=$3 got
	if [ $# -ge 4 ] && ! core_is_ours; then want=$4; fi
	got=$(sysfs_write "$file" "$input")
	n_bad=$((n_bad + 1))
	input=${input//$'\n'/\\n}
	is "$got" "$want" "${file#/sys/}: '${input:0:24}'"
}

# Core sysfs: "<channel> <on>"; the dummy has 2 trigger inputs.
f=$sys/extts_enable
check "$f" "$nl" EINVAL
check "$f" "0" EINVAL
check "$f" "x 1" EINVAL
check "$f" "2 1" EINVAL
check "$f" "-1 1" EINVAL
check "$f" "+1 1" EINVAL
check "$f" "0 +1" EINVAL
check "$f" "4294967296 1" EINVAL OK
check "$f" "0 x" EINVAL
check "$f" "0 1 junk" EINVAL OK
check "$f" "0 99999999999999999999" EINVAL OK
check "$f" "$big" EINVAL
# "<channel> <start s> <start ns> <period s> <period ns>"; 3 outputs.
f=$sys/period
check "$f" "$nl" EINVAL
check "$f" "0" EINVAL
check "$f" "0 0 0 1" EINVAL
check "$f" "3 0 0 1 0" EINVAL
check "$f" "-1 0 0 1 0" EINVAL
check "$f" "0 +1 0 1 0" EINVAL
check "$f" "0 a 0 1 0" EINVAL
check "$f" "0 0 0 1 0 junk" EINVAL OK
check "$f" "$big" EINVAL
f=$sys/pps_enable
check "$f" "$nl" EINVAL
check "$f" "x" EINVAL
check "$f" "+1" EINVAL
check "$f" "1 junk" EINVAL OK
check "$f" "$big" EINVAL OK
f=$sys/n_vclocks
check "$f" "$nl" EINVAL
check "$f" "-1" EINVAL
check "$f" "x" EINVAL
check "$f" "21" EINVAL
check "$f" "4294967296" EINVAL
check "$f" "1x" EINVAL
check "$f" "$big" EINVAL
f=$sys/max_vclocks
check "$f" "$nl" EINVAL
check "$f" "-1" EINVAL
check "$f" "x" EINVAL
check "$f" "1x" EINVAL
check "$f" "4294967296" EINVAL
check "$f" "$big" EINVAL
# A pin: "<function> <channel>"; TRIG_IN1 takes only EXTTS (1).
check "$pin" "$nl" EINVAL
check "$pin" "1" EINVAL
check "$pin" "x 0" EINVAL
check "$pin" "5 0" EINVAL
check "$pin" "1 5" EINVAL
check "$pin" "-1 0" EINVAL
check "$pin" "2 0" EOPNOTSUPP
check "$pin" "1 0 junk" EINVAL OK
check "$pin" "$big" EINVAL

# The dummy's debugfs: numbers in range, alarms, triggers, reset.
check "$G/freq_error_ppb" "$nl" EINVAL
check "$G/freq_error_ppb" "x" EINVAL
check "$G/freq_error_ppb" "1x" EINVAL
check "$G/freq_error_ppb" "100000001" EINVAL
check "$G/freq_error_ppb" "-100000001" EINVAL
check "$G/freq_error_ppb" "99999999999999999999" ERANGE
check "$G/slew_ppb" "0" EINVAL
check "$G/gen_period_ns" "1" EINVAL
check "$G/gen_period_ns" "-1" EINVAL
check "$G/fail_errno" "0" EINVAL
check "$G/fail_errno" "4096" EINVAL
check "$G/slow_ms" "10001" EINVAL
check "$G/jitter_ns" "$big" ERANGE
f=$G/alarm1
check "$f" "$nl" EINVAL
check "$f" "+" EINVAL
check "$f" "+x" EINVAL
check "$f" "++1" EINVAL
check "$f" "1 2" EINVAL
check "$f" "off junk" EINVAL
check "$f" "+9223372036854775807" ERANGE
check "$f" "99999999999999999999" ERANGE
check "$f" "$big" EINVAL
f=$G/trigger
check "$f" "$nl" EINVAL
check "$f" "2" EINVAL
check "$f" "x" EINVAL
check "$f" "-1" EINVAL
check "$f" "0 sideways" EINVAL
check "$f" "0 rising junk" EINVAL
check "$f" "$big" EINVAL
check "$G/reset" "x" EINVAL
check "$G/reset" "2" EINVAL

diag "reliability: bad-inputs tried=$n_bad"

# 6.1 took some of them, and switched things on: off again.
if ! core_is_ours; then
	improvement "sysfs writes with text after the fields or an overflowing number are refused (6.1 ignores the text and wraps the number)"
	echo "0 0" > "$sys/extts_enable"
	echo "1 0" > "$sys/extts_enable"
	echo "0 0 0 0 0" > "$sys/period"
	echo 0 > "$sys/pps_enable"
fi

# Nothing changed, and the clock works.
is "$(< "$pin")" "1 0" "TRIG_IN1 is still EXTTS 0"
is "$(< "$sys/n_vclocks")" 0 "no virtual clock"
is "$(< "$sys/max_vclocks")" 20 "max_vclocks is still 20"
is "$(< "$G/freq_error_ppb")" 0 "freq_error_ppb is still 0"
is "$(< "$G/fail_errno")" 5 "fail_errno is still 5"
is "$(alarm 1 armed)" 0 "alarm1 is not armed"
is "$(state extts0)" 0 "extts 0 is off"
is "$(state perout0)" 0 "perout 0 is off"
dummy_ptp "$dev" gettime | grep -q '^time '
ok $? "the clock reads"
done_testing
