#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench, inside one base guest: our core and the in-tree core in turn,
# in interleaved rounds (ours, in-tree, ours, in-tree, ...), each with the
# same ptp_dummy.ko, swapped by unloading and loading the modules.
#
#   bench/guest.sh [--rounds N] [--ms MS] [--phc2sys S] [--ptp4l S] [--smoke]
#
# Every figure is a line "BENCH CORE ROUND NAME VALUE" on stdout, and
# each round ends with bench/link.sh's "LINK NAME ROUND FIGURE VALUE"
# (ptp_vlink against veth), which bench/report turns into the tables.
# --ms is each timed figure's slice (ptp_bench -t; 5 slices make one
# figure); --phc2sys how long phc2sys
# locks the dummy to CLOCK_REALTIME each round (20 s, 16 updates a
# second; the first 10 s are its lock-in, left out of the figures; each
# sample is also a line "PHC2SYS CORE ROUND T OFFSET"); --ptp4l how long
# ptp4l's slave locks to its master over ptp_vlink each round (30 s; the
# figures from its last 10 summaries); --smoke is one round of 20 ms
# slices, no scaling figures, no phc2sys and no ptp4l, for make check.  Whatever core, dummy and
# NIC driver were loaded at the start are loaded again at the end, also
# when it fails.
set -uo pipefail

rounds=5 ms=100 smoke=0 lock=20 ptp4l=30
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) rounds=${2:?}; shift 2 ;;
	--ms) ms=${2:?}; shift 2 ;;
	--phc2sys) lock=${2:?}; shift 2 ;;
	--ptp4l) ptp4l=${2:?}; shift 2 ;;
	--smoke) smoke=1 rounds=1 ms=20 lock=0 ptp4l=0; shift ;;
	*) echo "usage: bench/guest.sh [--rounds N] [--ms MS] [--phc2sys S] [--ptp4l S] [--smoke]" >&2
	   exit 2 ;;
	esac
done

BUILD=${BUILD:-/project/.build}
BENCH=$BUILD/bench/ptp_bench
REL=$(uname -r)
OURS_KO=$BUILD/base/src/ptp.ko
INTREE_KO=/lib/modules/$REL/kernel/drivers/ptp/ptp.ko
# One dummy for both cores: ours exports the 6.1 symbols with the 6.1
# CRCs, so the module built against it loads on the kernel's core too.
DUMMY_KO=$BUILD/base/src/ptp_dummy.ko
VLINK_KO=$BUILD/base/src/ptp_vlink.ko
G=/sys/kernel/debug/ptp_dummy/ptp_dummy.0

for f in "$BENCH" "$OURS_KO" "$INTREE_KO" "$DUMMY_KO" "$VLINK_KO"; do
	[ -e "$f" ] || { echo "bench: $f missing (make vm-modules userspace)" >&2; exit 1; }
done

# Which core is loaded now: ours has a version in sysfs.
core_now() {
	if [ ! -d /sys/module/ptp ]; then echo none
	elif [ -e /sys/module/ptp/version ]; then echo ours
	else echo intree; fi
}

found_core=$(core_now)
# holders: the modules that hold the core now.
holders() {
	local h
	for h in /sys/module/ptp/holders/*; do
		[ -e "$h" ] && echo "${h##*/}"
	done
}
found_holders=$(holders)
found_vlink=0
[ -d /sys/module/ptp_vlink ] && found_vlink=1

# Unload the dummy, ptp_vlink, every other module that holds the core
# (the NIC's driver), then the core.
unload_all() {
	local m
	[ -d /sys/module/ptp_vlink ] && { rmmod ptp_vlink || return 1; }
	[ -d /sys/module/ptp_dummy ] && { rmmod ptp_dummy || return 1; }
	[ -d /sys/module/ptp ] || return 0
	for m in $(holders); do
		modprobe -r "$m" 2> /dev/null || rmmod "$m" || return 1
	done
	# modprobe -r takes the core too once nothing else uses it.
	[ -d /sys/module/ptp ] || return 0
	rmmod ptp
}

# load CORE [DUMMY-PARAMS...]: that core and the dummy, nothing else.
load() {
	local core=$1 ko; shift
	case $core in ours) ko=$OURS_KO ;; intree) ko=$INTREE_KO ;; esac
	unload_all || return 1
	modprobe pps_core || return 1
	insmod "$ko" || return 1
	[ "$(core_now)" = "$core" ] || { echo "bench: $core did not load" >&2; return 1; }
	insmod "$DUMMY_KO" "$@" || return 1
	udevadm settle --timeout=60
}

# Put back what was loaded at the start, from modprobe's own paths.
restore() {
	local m
	unload_all || return 1
	[ "$found_core" = none ] && return 0
	modprobe ptp || return 1
	for m in $found_holders; do
		modprobe "$m" || return 1
	done
	if [ "$found_vlink" = 1 ]; then
		modprobe ptp_vlink || return 1
	fi
	[ -d /sys/module/ptp_dummy ] || modprobe ptp_dummy || return 1
	udevadm settle --timeout=60
	[ "$(core_now)" = "$found_core" ]
}
trap 'restore || echo "bench: could not restore the $found_core core" >&2' EXIT

dev_of() {
	local d
	for d in /sys/class/ptp/ptp*; do
		[ "$(< "$d/clock_name")" = "$1" ] && { echo "/dev/${d##*/}"; return 0; }
	done
	return 1
}

# run CORE ROUND ptp_bench-ARGS...: its lines, tagged.
run() {
	local core=$1 round=$2 out rc; shift 2
	out=$("$BENCH" -t "$ms" -g "$G" "$@")
	rc=$?
	[ -n "$out" ] && echo "${out//$'\n'/$'\n'BENCH $core $round }" | sed "1s/^/BENCH $core $round /"
	[ $rc -eq 0 ] || echo "bench: ptp_bench $* failed on $core ($rc)" >&2
	return $rc
}

# phc2sys_lock CORE ROUND DEV: phc2sys keeps DEV on CLOCK_REALTIME for
# $lock s; the rms and largest |offset| after its first half.
phc2sys_lock() {
	local core=$1 r=$2 dev=$3 out
	out=$(timeout "$lock" phc2sys -s CLOCK_REALTIME -c "$dev" -O 0 -R 16 -m -q 2>&1)
	awk -v c="$core" -v r="$r" -v lock="$lock" '
		/ offset / {
			t = $1; sub(/^phc2sys\[/, "", t); sub(/\]:$/, "", t)
			for (i = 1; i < NF; i++) if ($i == "offset") off = $(i + 1)
			if (t0 == "") t0 = t
			printf "PHC2SYS %s %s %.3f %d\n", c, r, t - t0, off
			if (t - t0 < lock / 2) next
			n++; sq += off * off; a = off < 0 ? -off : off; if (a > max) max = a
		}
		END {
			if (!n) exit 1
			printf "BENCH %s %s phc2sys_rms_ns %.1f\n", c, r, sqrt(sq / n)
			printf "BENCH %s %s phc2sys_max_ns %d\n", c, r, max
		}' <<< "$out" || { echo "bench: phc2sys gave no offsets on $core" >&2; return 1; }
}

# ptp4l_lock CORE ROUND: ptp4l master and slave (L2, E2E, two-step, 8
# Syncs a second) in two namespaces, on two ports of one ptp_vlink
# segment, each stamped by its own dummy clock, the clocks 40 ppm apart,
# the wire with 100 ns of jitter (seeded: the same on both cores; without
# it the exact stamps lock both to 0 ns);
# after $ptp4l s, the slave's rms (median) and max (largest) of its last
# 10 one-second summaries.
ptp4l_lock() {
	local core=$1 r=$2 w=/tmp/bench-ptp4l p n id rc=0
	load "$core" clocks=2 || return 1
	insmod "$VLINK_KO" || return 1
	rm -rf "$w" && mkdir -p "$w"
	echo 100 > /sys/kernel/debug/ptp_vlink/seg0/jitter_ns &&
		echo 1 > /sys/kernel/debug/ptp_vlink/seg0/seed || return 1
	for n in 0 1; do
		p=bp$n
		ip link add name "$p" type ptp_vlink || return 1
		id=$(ethtool -i "$p" | sed -n 's/^bus-info: port\([0-9]*\)$/\1/p')
		echo 0 > "/sys/kernel/debug/ptp_vlink/port$id/segment" &&
		dev_of "ptp_dummy.$n" | sed 's|/dev/ptp||' > "/sys/kernel/debug/ptp_vlink/port$id/phc" ||
			return 1
		echo $(( n ? -20000 : 20000 )) > "/sys/kernel/debug/ptp_dummy/ptp_dummy.$n/freq_error_ppb"
		ip netns add "bns$n" && ip link set "$p" netns "bns$n" &&
			ip -n "bns$n" link set "$p" up || return 1
	done
	for n in 0 1; do
		# Up with its operational state, then stamping on, before ptp4l.
		for _ in $(seq 100); do
			ip -n "bns$n" link show "bp$n" | grep -q 'LOWER_UP.* state UP ' && break
			sleep 0.1
		done
		ip netns exec "bns$n" hwstamp_ctl -i "bp$n" -t 1 -r 12 > /dev/null || return 1
	done
	printf '%s\n' "[global]" "network_transport L2" "delay_mechanism E2E" \
		"time_stamping hardware" "logSyncInterval -3" "logMinDelayReqInterval -3" \
		"logAnnounceInterval -2" "sanity_freq_limit 0" "summary_interval 0" > "$w/conf"
	ip netns exec bns0 timeout "$ptp4l" ptp4l -f "$w/conf" -i bp0 -m -q \
		--uds_address=/run/bench-ptp4l-0 > "$w/m.log" 2>&1 &
	ip netns exec bns1 timeout "$ptp4l" ptp4l -f "$w/conf" -i bp1 -m -q -s \
		--uds_address=/run/bench-ptp4l-1 > "$w/s.log" 2>&1
	wait
	awk -v c="$core" -v r="$r" '
		/to SLAVE on/ { n = 0; next }
		/ rms / { for (i = 1; i < NF; i++) if ($i == "rms") break
			  if (i < NF) { n++; rms[n] = $(i + 1); mx[n] = $(i + 3) } }
		END {
			if (n < 10) exit 1
			m = 0; k = 0
			for (i = n - 9; i <= n; i++) { v[++k] = rms[i] + 0; if (mx[i] + 0 > m) m = mx[i] + 0 }
			for (i = 1; i <= 10; i++) for (j = i + 1; j <= 10; j++)
				if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
			printf "BENCH %s %s ptp4l_rms_ns %.1f\n", c, r, (v[5] + v[6]) / 2
			printf "BENCH %s %s ptp4l_max_ns %d\n", c, r, m
		}' "$w/s.log" || { echo "bench: ptp4l's slave did not lock on $core" >&2
			tail -n 20 "$w/s.log" >&2; rc=1; }
	ip netns del bns0; ip netns del bns1
	return $rc
}

# precise CORE ROUND: PTP_SYS_OFFSET_PRECISE, on the dummy loaded with
# cross=1 (the one figure that needs it: phc2sys would switch to it too).
precise() {
	local dev
	load "$1" cross=1 || return 1
	dev=$(dev_of ptp_dummy.0) || return 1
	run "$1" "$2" "$dev" precise
}

# One round of one core: every figure.
round() {
	local core=$1 r=$2 dev sys vdev n out rc=0
	load "$core" || { echo "bench: could not load the $core core" >&2; return 1; }
	dev=$(dev_of ptp_dummy.0) || { echo "bench: no dummy clock" >&2; return 1; }
	run "$core" "$r" "$dev" gettime floor sysoff adjfreq caps latency_same latency_cross two rate || rc=1
	if [ "$smoke" = 0 ]; then
		run "$core" "$r" "$dev" sysoff1 sysoff5 sysoff10 sysoff15 sysoff20 \
			readers1 readers4 readers16 pinned1 pinned4 pinned16 || rc=1
	fi
	# The virtual clock: the physical clock is free running meanwhile.
	sys=/sys/class/ptp/${dev#/dev/}
	if echo 1 > "$sys/n_vclocks"; then
		udevadm settle --timeout=60
		vdev=$(dev_of "${dev#/dev/}_virt")
		run "$core" "$r" "$dev" -v "$vdev" vclock || rc=1
		echo 0 > "$sys/n_vclocks" || rc=1
	else
		rc=1
	fi
	if [ "$smoke" = 1 ]; then
		precise "$core" "$r" || rc=1
		return $rc
	fi
	[ "$lock" -gt 0 ] && { phc2sys_lock "$core" "$r" "$dev" || rc=1; }
	[ "$ptp4l" -gt 0 ] && { ptp4l_lock "$core" "$r" || rc=1; }
	# gettime on the first of 4 and of 16 registered clocks.
	for n in 4 16; do
		load "$core" clocks=$n || return 1
		dev=$(dev_of ptp_dummy.0) || return 1
		out=$("$BENCH" -t "$ms" "$dev" gettime) || rc=1
		sed "s/^gettime_ns/gettime_c${n}_ns/; s/^/BENCH $core $r /" <<< "$out"
	done
	precise "$core" "$r" || rc=1
	return $rc
}

# links ROUND: ptp_vlink against veth (bench/link.sh), once a round, under
# our core: the link's figures do not depend on the core.
links() {
	load ours clocks=2 || return 1
	insmod "$VLINK_KO" || return 1
	"$(dirname "$0")/link.sh" "$1" $([ "$smoke" = 1 ] && echo --smoke)
}

echo "BENCH-INFO kernel $REL"
echo "BENCH-INFO found $found_core"
echo "BENCH-INFO rounds $rounds ms $ms smoke $smoke"
echo "BENCH-INFO cpu $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
status=0
for r in $(seq "$rounds"); do
	for core in ours intree; do
		round "$core" "$r" || status=1
	done
	links "$r" || status=1
done
restore || { echo "bench: could not restore the $found_core core" >&2; status=1; }
trap - EXIT
echo "BENCH-INFO restored $(core_now)"
exit $status
