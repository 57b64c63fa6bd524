#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Cross timestamps (cross=1): PTP_SYS_OFFSET_PRECISE on the dummy and on a
# virtual clock over it (the core's getcrosscycles path), read at one
# instant: the device time less CLOCK_MONOTONIC_RAW does not move between
# calls, where a bracketed read would; the offset agrees with
# PTP_SYS_OFFSET_EXTENDED's; fail_gettime fails it once; ptpctl cmp and
# phc2sys pick it (read delay 0).
# timeout: 600
. "$(dirname "$0")/common.sh"

reload() {
	dummy_quiesce
	dummy_reload "$@" && dev=$(ptp_dev_by_name ptp_dummy.0)
}

# spread CLOCK: 10 PTP_SYS_OFFSET_PRECISE2 of CLOCK in one process; the
# largest less the smallest of device - monoraw, in ns (in bash: awk's
# doubles keep 256 ns steps at today's CLOCK_REALTIME).
spread() {
	local chain="" i line dev raw d lo="" hi="" n=0
	for i in $(seq 10); do chain="$chain${chain:+ , }p$i=precise 2"; done
	# shellcheck disable=SC2086
	while read -r line; do
		case $line in *": OK device="*) ;; *) continue ;; esac
		dev=${line#*device=}; dev=${dev%% *}
		raw=${line#*monoraw=}; raw=${raw%% *}
		d=$((dev - raw)) n=$((n + 1))
		[ -z "$lo" ] || [ "$d" -lt "$lo" ] && lo=$d
		[ -z "$hi" ] || [ "$d" -gt "$hi" ] && hi=$d
	done < <(command core_ptp "$1" $chain)
	if [ $n -eq 10 ]; then echo $((hi - lo)); else echo "only $n of 10 succeeded"; fi
}

# offsets CLOCK: "PRECISE EXTENDED WINDOW": the clock less CLOCK_REALTIME
# by each method (the extended one at its best sample), and that sample's
# read window, in ns; from ptpctl cmp.
offsets() {
	local p e w
	p=$(ptpctl "$1" cmp --method precise | awk '$1 == "offset:" { print $2 }')
	read -r e w < <(ptpctl "$1" cmp --method extended --samples 25 |
		awk '$1 == "offset:" { o = $2 } $1 == "delay:" { d = $2 } END { print o, d }')
	echo "$p $e $w"
}

# check_cross CLOCK WHAT: GETCAPS2 says cross_timestamping 1; device -
# monoraw stays put over 10 calls (one instant: the clock runs at its
# nominal rate, and a read beside the snapshot would move by the time
# between them, microseconds under TCG); the PRECISE offset agrees with
# EXTENDED's.
check_cross() {
	local clk=$1 what=$2 s p e w d
	case $(command core_ptp "$clk" caps 2) in
	*" cross=1 "*) ok 0 "$what: PTP_CLOCK_GETCAPS2 says cross_timestamping 1" ;;
	*) ok 1 "$what: PTP_CLOCK_GETCAPS2 says cross_timestamping 1" ;;
	esac
	s=$(spread "$clk")
	[ "${s%% *}" -ge 0 ] 2> /dev/null && [ "$s" -le 2 ]
	ok $? "$what: device - monoraw spreads $s ns over 10 calls (at most 2)"
	read -r p e w < <(offsets "$clk")
	d=$((p - e))
	[ -n "$w" ] && [ "${d#-}" -le $((w + 20000)) ]
	ok $? "$what: the PRECISE offset ($p ns) agrees with EXTENDED's ($e ns, window $w ns)"
}

run_ok "reload with cross=1" reload cross=1
[ -n "$dev" ]; ok $? "ptp_dummy.0 registered ($dev)"
G=$DBG/ptp_dummy.0
echo 0 > "$G/freq_error_ppb"

for v in 1 2; do
	case $(command core_ptp "$dev" precise $v) in
	"OK device="*) ok 0 "PTP_SYS_OFFSET_PRECISE$v" ;;
	*) ok 1 "PTP_SYS_OFFSET_PRECISE$v: $(command core_ptp "$dev" precise $v)" ;;
	esac
done

check_cross "$dev" "the clock"

cmp=$(ptpctl "$dev" cmp 2>&1)
is "$(awk '$1 == "method:" { print $2 }' <<< "$cmp")" precise "ptpctl cmp picks PTP_SYS_OFFSET_PRECISE"
is "$(awk '$1 == "delay:" { print $2 }' <<< "$cmp")" 0 "ptpctl cmp: its read delay is 0 ns"

echo 1 > "$G/fail_gettime"
r1=$(command core_ptp "$dev" precise 2)
r2=$(command core_ptp "$dev" precise 2)
case "$r1|$r2" in
OK*) ok 1 "fail_gettime=1: the first PRECISE fails ($r1)" ;;
*"|OK device="*) ok 0 "fail_gettime=1: the first PRECISE fails ($r1), the next works" ;;
*) ok 1 "fail_gettime=1: the next PRECISE works ($r2)" ;;
esac

# A virtual clock: the core converts the counter's cross timestamp.
sys=/sys/class/ptp/${dev#/dev/}
is "$(sysfs_write "$sys/n_vclocks" 1)" OK "n_vclocks = 1"
udevadm settle --timeout=120
vdev=$(ptp_dev_by_name "${dev#/dev/}_virt")
ok $? "the virtual clock registered ($vdev)"
[ -z "$vdev" ] || check_cross "$vdev" "the virtual clock"
is "$(sysfs_write "$sys/n_vclocks" 0)" OK "n_vclocks = 0"

# phc2sys reads the clock with PTP_SYS_OFFSET_PRECISE: delay 0.
if command -v phc2sys > /dev/null; then
	secs=8
	[ "$SLOW" -gt 1 ] && secs=20
	out=$(timeout -s INT $secs phc2sys -s CLOCK_REALTIME -c "$dev" -O 0 -R 4 -m -q -l 6 2>&1)
	locked=$(echo "$out" | grep -E 'offset +-?[0-9]+ s2 ')
	n=$(echo "$locked" | grep -c .)
	[ "$n" -ge 5 ]; ok $? "phc2sys locked on the cross timestamps ($n updates in s2)"
	bad=$(echo "$locked" | grep -cvE ' delay +0$')
	is "$bad" 0 "phc2sys: every update has delay 0 (PRECISE)"
	echo "$locked" | tail -n 2 | sed 's/^/# /'
else
	skip "no phc2sys" "phc2sys locked on the cross timestamps"
	skip "no phc2sys" "phc2sys: every update has delay 0 (PRECISE)"
fi

run_ok "reload with the defaults" reload
is "$(command core_ptp "$dev" precise 2)" EOPNOTSUPP "without cross=1: PRECISE is EOPNOTSUPP again"
done_testing
