#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench, inside the guest: ptp_vlink against veth, the kernel's own
# virtual link and what a user picks when no stamps are needed.  The same
# sender on both: pktgen (one thread, on CPU 0), 60-byte UDP frames, a new
# frame for each send.  The same receiver: a network namespace of its own,
# where each frame reaches IP (counted there: Ip InReceives) and ends, as
# the port has no address.
#
#   bench/link.sh ROUND [--smoke]
#
# ptp_dummy (2 clocks or more) and ptp_vlink must be loaded.  The links:
#   veth
#   vlink          two ptp_vlink ports on segment 0 at its defaults (1000
#                  Mbit/s), each stamped by its own dummy clock, the
#                  receiver stamping every frame (as under ptp4l)
#   vlink_nostamp  the same without clocks: what the stamps cost
# For each link it prints "LINK NAME ROUND FIGURE VALUE":
#
#   cost_ns        ns of pktgen's run per frame that reached IP, at full
#                  speed: the sender's and the receiver's work, both on
#                  CPU 0 (a lost frame costs its sender's part)
#   top_kpps       the rate pktgen reached at full speed
#   timer_irqs     local timer interrupts (/proc/interrupts LOC, all CPUs)
#                  per frame received in that run: ptp_vlink delivers each
#                  frame from an hrtimer at its modelled instant
#   lossless_kpps  the highest of the paced rates 5, 10, 20, 40 ... kpps at
#                  which every frame reached IP (0: not even 5); the sweep
#                  stops at the first loss, or where pktgen falls short of
#                  the rate it was asked for (then the link kept up with
#                  the generator's top)
#
# --smoke: 2000 frames at full speed and the first two paced rates, for
# make check.  Leaves no link, namespace or pktgen behind.
set -uo pipefail

round=${1:?usage: bench/link.sh ROUND [--smoke]}
smoke=0
[ "${2:-}" = --smoke ] && smoke=1
PG=/proc/net/pktgen
VL=/sys/kernel/debug/ptp_vlink
NS=blink
full=100000 rates="5 10 20 40 80 160 320 640 1280 2560"
[ $smoke = 1 ] && full=2000 rates="5 10"

fail() { echo "bench: link: $*" >&2; exit 1; }

# Take the link down: the receiver first, in its namespace (veth's bl0
# goes with it), then the namespace, which has nothing left to clean up
# in the background.
unlink() {
	[ -e $PG/kpktgend_0 ] && echo rem_device_all > $PG/kpktgend_0
	ip -n $NS link del bl1 2> /dev/null
	ip link del bl0 2> /dev/null
	ip netns del $NS 2> /dev/null
	return 0
}

cleanup() {
	unlink
	modprobe -r pktgen veth 2> /dev/null
	return 0
}
trap cleanup EXIT

# Local timer interrupts so far, on all CPUs.
timer_irqs() {
	awk '$1 == "LOC:" { for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i; print n }' \
		/proc/interrupts
}

# In the receiver's namespace: the IPv4 datagrams received so far.
in_receives() {
	ip netns exec $NS awk '/^Ip:/ && ++n == 2 { print $4 }' /proc/net/snmp
}

# The PHC index of dummy clock N.
phc_of() {
	local d
	for d in /sys/class/ptp/ptp*; do
		[ "$(< "$d/clock_name")" = "ptp_dummy.$1" ] && { echo "${d##*/ptp}"; return 0; }
	done
	return 1
}

# make_link NAME: bl0 here, bl1 in $NS, both up with carrier.
make_link() {
	local p id n
	case $1 in
	veth)
		ip link add bl0 type veth peer name bl1 || return 1 ;;
	vlink*)
		for n in 0 1; do
			p=bl$n
			ip link add name $p type ptp_vlink || return 1
			id=$(ethtool -i $p | sed -n 's/^bus-info: port\([0-9]*\)$/\1/p')
			echo 0 > "$VL/port$id/segment" || return 1
			[ "$1" = vlink_nostamp ] && continue
			phc_of $n > "$VL/port$id/phc" || return 1
		done ;;
	esac
	ip netns add $NS && ip link set bl1 netns $NS &&
		ip link set bl0 up && ip -n $NS link set bl1 up || return 1
	for _ in $(seq 100); do
		ip link show bl0 | grep -q LOWER_UP &&
			ip -n $NS link show bl1 | grep -q LOWER_UP && break
		sleep 0.1
	done
	if [ "$1" = vlink ]; then
		ip netns exec $NS hwstamp_ctl -i bl1 -t 0 -r 1 > /dev/null || return 1
	fi
}

# send COUNT RATE_PPS (0: full speed): pktgen's run; sets $sent, $got
# (reached IP), $usec (pktgen's run), $pps (its rate) and $irqs (local
# timer interrupts meanwhile).
send() {
	local c before res irqs0
	echo "count $1" > $PG/bl0 || return 1
	echo "delay 0" > $PG/bl0 || return 1
	[ "$2" -gt 0 ] && { echo "ratep $2" > $PG/bl0 || return 1; }
	before=$(in_receives)
	irqs0=$(timer_irqs)
	timeout 120 sh -c "echo start > $PG/pgctrl" || return 1
	irqs=$(( $(timer_irqs) - irqs0 ))
	sleep 0.1
	got=$(( $(in_receives) - before ))
	res=$(cat $PG/bl0)
	sent=$(sed -n 's/.*pkts-sofar: \([0-9]*\).*/\1/p' <<< "$res")
	usec=$(sed -n 's/^Result: OK: \([0-9]*\)(.*/\1/p' <<< "$res")
	pps=$(sed -n 's/^ *\([0-9]*\)pps .*/\1/p' <<< "$res")
	[ -n "$sent" ] && [ -n "$usec" ] && [ -n "$pps" ] ||
		{ echo "$res" >&2; return 1; }
	for c in sent usec pps; do
		[ "${!c}" -gt 0 ] || { echo "$res" >&2; return 1; }
	done
}

# measure NAME: the figures of one link.
measure() {
	local name=$1 mac r best=0
	make_link "$name" || fail "$name: could not make the link"
	mac=$(ip netns exec $NS cat /sys/class/net/bl1/address)
	echo "add_device bl0" > $PG/kpktgend_0 || fail "pktgen refused bl0"
	for c in "clone_skb 0" "pkt_size 60" "dst 10.9.0.2" "udp_dst_min 9" \
		"udp_dst_max 9" "dst_mac $mac"; do
		echo "$c" > $PG/bl0 || fail "pktgen refused '$c'"
	done
	send $full 0 || fail "$name: pktgen at full speed failed"
	[ "$got" -gt 0 ] || fail "$name: no frame reached IP"
	echo "LINK $name $round cost_ns $(( usec * 1000 / got ))"
	echo "LINK $name $round top_kpps $(( pps / 1000 ))"
	awk -v n="$name" -v r="$round" -v i="$irqs" -v g="$got" \
		'BEGIN { printf "LINK %s %s timer_irqs %.3f\n", n, r, i / g }'
	for r in $rates; do
		r=$((r * 1000))
		send $((r / 4 > 1000 ? r / 4 : 1000)) $r || fail "$name: pktgen at $r pps failed"
		[ "$got" -eq "$sent" ] || break
		# pktgen short of the rate: the link kept up with its top.
		best=$((pps < r ? pps : r))
		[ "$pps" -ge $((r * 9 / 10)) ] || break
	done
	echo "LINK $name $round lossless_kpps $((best / 1000))"
	unlink
}

[ -d /sys/module/ptp_vlink ] || fail "ptp_vlink is not loaded"
modprobe veth || fail "the kernel has no veth"
modprobe pktgen || fail "the kernel has no pktgen"
measure veth
measure vlink
measure vlink_nostamp
