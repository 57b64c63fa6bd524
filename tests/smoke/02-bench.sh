#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench works: bench/guest.sh --smoke (one round of each core, each
# figure a fraction of a second) swaps to our core and to the in-tree one
# with the same dummy, measures every figure on both, and ptp_vlink against
# veth (bench/link.sh), and leaves the core it found loaded.  Its numbers
# are only checked for being there: speed never fails make check.
# timeout: 180
. "$(dirname "$0")/../lib.sh"

[ "$PTPVM_KERNEL" = base ] || skip_all "only the base kernel has both cores"
[ -e "$BUILD/bench/ptp_bench" ] || skip_all "no $BUILD/bench/ptp_bench (make userspace)"

out=/tmp/bench-smoke.out
"$PROJECT/bench/guest.sh" --smoke > "$out" 2> /tmp/bench-smoke.err
rc=$?
ok $rc "bench/guest.sh --smoke exits 0"
[ $rc -eq 0 ] || sed 's/^/#   /' /tmp/bench-smoke.err

# value CORE NAME: the figure's value, or nothing.
value() { awk -v c="$1" -v n="$2" '$1 == "BENCH" && $2 == c && $4 == n { print $5 }' "$out"; }

figures="gettime_ns floor_ns phc_floor sysoff25_us sysoff_window_ns adjfreq_ns
	caps_ns precise_us vclock_ns extts_lat_same_med_us extts_lat_same_p99_us
	extts_lat_cross_med_us extts_lat_cross_p99_us extts_rate two_readers_min"
for core in ours intree; do
	missing=""
	for f in $figures; do
		v=$(value $core "$f")
		# A number, above zero but for the loss-free rate (a 20 ms
		# smoke on a busy host may lose at the generator's slowest).
		min=0
		[ "$f" = extts_rate ] && min=-1
		awk -v v="$v" -v m=$min 'BEGIN { exit !(v ~ /^[0-9]+(\.[0-9]+)?$/ && v + 0 > m) }' ||
			missing="$missing $f=${v:-none}"
	done
	[ -z "$missing" ]; ok $? "$core: every figure measured${missing:+ (not:$missing)}"
done

# The swap is real: each core delivers two readers' events its own way.
a=$(value ours two_readers_a) b=$(value ours two_readers_b)
[ "$a" = 20 ] && [ "$b" = 20 ]
ok $? "ours: both readers of one channel get all 20 events (got $a, $b)"
a=$(value intree two_readers_a) b=$(value intree two_readers_b)
[ -n "$a" ] && [ -n "$b" ] && [ $((a + b)) -eq 20 ] && [ "$a" -lt 20 ] && [ "$b" -lt 20 ]
ok $? "in-tree: the two readers split the 20 events (got $a, $b)"

# The links: ptp_vlink against veth, with the same sender.
for l in veth vlink vlink_nostamp; do
	missing=""
	for f in cost_ns top_kpps timer_irqs lossless_kpps; do
		v=$(awk -v l=$l -v n=$f '$1 == "LINK" && $2 == l && $4 == n { print $5 }' "$out")
		# The loss-free rate may be 0 on a busy host, and veth may
		# take no timer interrupt in a short run; never missing.
		min=0
		[ $f = lossless_kpps ] || [ $f = timer_irqs ] && min=-1
		awk -v v="$v" -v m=$min 'BEGIN { exit !(v ~ /^[0-9]+(\.[0-9]+)?$/ && v + 0 > m) }' ||
			missing="$missing $f=${v:-none}"
	done
	[ -z "$missing" ]; ok $? "$l: every link figure measured${missing:+ (not:$missing)}"
done
ip link show bl0 > /dev/null 2>&1 || ip netns list | grep -q blink
ok $((! $?)) "the links are gone: no bl0, no namespace blink"
[ -d /sys/module/veth ] || [ -d /sys/module/pktgen ]
ok $((! $?)) "veth and pktgen are unloaded again"

# The host side reads the same output into its tables.
n=$(grep -c '^BENCH ' "$out")
[ "$n" -ge 30 ]; ok $? "$n figure lines for the host's report (at least 30)"

# What was loaded is loaded again: the lane's core, the NIC's driver on it,
# the dummy.
got=$(sed -n 's/^BENCH-INFO restored //p' "$out")
is "$got" "$PTPVM_CORE" "the $PTPVM_CORE core is loaded again"
if [ "$PTPVM_CORE" = ours ]; then
	[ -e /sys/module/ptp/version ]; ok $? "ours again: /sys/module/ptp/version"
else
	[ -d /sys/module/ptp ] && [ ! -e /sys/module/ptp/version ]
	ok $? "in-tree again: ptp loaded, without our version file"
fi
[ -e /sys/module/ptp/holders/e1000e ]; ok $? "e1000e holds the core again"
dev=$(ptp_dev_by_name ptp_dummy.0) && [ -c "$dev" ]
ok $? "the dummy's clock is back ($dev)"
done_testing
