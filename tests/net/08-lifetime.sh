#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Lifetime, with frames in flight (2 ms on the wire, a sender flooding):
# cycles that end with the receiver's namespace deleted, the sender's port
# deleted, or ptp_vlink unloaded, in turn; a dummy clock unbound under a
# port that holds it; the guest stalled by the host.  The run's dmesg and
# kmemleak checks (vm/run) catch what these leave behind.
# timeout: 400
. "$(dirname "$0")/common.sh"

cycles=${PTP_VLINK_CYCLES:-50}
net_setup 2 || skip_all "cannot load ptp_dummy clocks=2 and ptp_vlink"
phc0=$(clock_phc 0) phc1=$(clock_phc 1)

# rmmod, not modprobe -r, which would unload ptp_dummy (clocks=2) too.
# One cycle's ports are port0 and port1: each cycle deletes every port, and
# port numbers are reused lowest first.  Under KASAN an exec costs most of
# a second, so a cycle makes few: ip -batch, no sleep(1) or lsmod, and
# only the cycles that delete a namespace make one.
exec {nap}<> <(:)
# nap_until CMD...: until CMD succeeds, for at most 20 s (builtin naps).
nap_until() {
	local n=200
	until "$@"; do
		[ $n -gt 0 ] || return 1
		read -r -t 0.1 -u "$nap"
		n=$((n - 1))
	done
}
no_ports() { ! compgen -G "$VL/port*" > /dev/null; }
# in_flight: port0 has sent frames that have not all arrived (2 ms wire).
in_flight() {
	local k v tx=0
	while read -r k v; do
		[ "$k" = tx_frames ] && tx=$v
	done < "$VL/port0/counters"
	[ "$tx" -ge 32 ]
}
fails=0
for ((i = 0; i < cycles; i++)); do
	[ -d /sys/module/ptp_vlink ] || modprobe ptp_vlink || { fails=$((fails + 1)); break; }
	kind=$((i % 3))
	if [ $kind = 0 ]; then
		ip -batch - <<- EOF
			link add name la type ptp_vlink
			link add name lb type ptp_vlink
			netns add lt
			link set lb netns lt
			link set la up
		EOF
	else
		ip -batch - <<- EOF
			link add name la type ptp_vlink
			link add name lb type ptp_vlink
			link set la up
			link set lb up
		EOF
	fi || { fails=$((fails + 1)); break; }
	echo 0 > "$VL/port0/segment" && echo "$phc0" > "$VL/port0/phc" &&
		echo 0 > "$VL/port1/segment" && echo "$phc1" > "$VL/port1/phc" &&
		echo 2000000 > "$VL/port1/rx_delay_ns" || { fails=$((fails + 1)); break; }
	if [ $kind = 0 ]; then
		ip -n lt link set lb up || { fails=$((fails + 1)); break; }
	fi
	vlink_stamps la flood 0 > /dev/null 2>&1 &
	flood=$!
	nap_until in_flight || fails=$((fails + 1))
	case $kind in
	0) ip netns del lt ;;
	1) ip link del la ;;
	2) rmmod ptp_vlink ;;
	esac || fails=$((fails + 1))
	kill "$flood" 2> /dev/null
	wait "$flood"
	case $kind in
	0) ip link del la ;;
	1) ip link del lb ;;
	esac
	# A namespace's devices go in the background, after "netns del".
	nap_until no_ports || fails=$((fails + 1))
done
is "$i $fails" "$cycles 0" "$cycles cycles: namespace deleted, port deleted, module unloaded with frames in flight"
diag "reliability: vlink lifetime cycles=$i"
lsmod | grep -q '^ptp_vlink ' || modprobe ptp_vlink
run_ok "ptp_vlink unloads once every port is gone" rmmod ptp_vlink
run_ok "and loads again" modprobe ptp_vlink

# A port holds its clock's state, not the clock: unbinding the dummy
# device leaves the port without stamps, counted, and nothing dangling.
port_add va 0 0 && port_add vb 0 1
ok $? "two ports on ptp_dummy.0 and .1"
ip link set va up && ip link set vb up
db=$(port_dir vb)
# What the debug kernel runs of net/ is this test alone: the paths that
# write into frames and read the knobs and the truth run here once too.
out=$(vlink_stamps va vb 4 onestep-udp)
is "$(echo "$out" | awk '$1 == "onestep" { print $2 } ')" 2 \
	"one-step Syncs over UDP carry their originTimestamp"
is "$(truth | grep -c "^port[0-9]* segment 0 phc ")" 2 "the truth has both ports"
echo 100 > "$VL/seg0/jitter_ns" && echo 5 > "$db/quantum_ns"
is "$(cat "$VL/seg0/jitter_ns") $(cat "$db/quantum_ns")" "100 5" "knobs read back"
echo 0 > "$VL/seg0/jitter_ns" && echo 0 > "$db/quantum_ns"
drv=/sys/bus/platform/drivers/ptp_dummy
echo ptp_dummy.1 > "$drv/unbind"
ok $? "ptp_dummy.1 unbound under port vb"
is "$(ethtool -T vb | sed -n 's/^PTP Hardware Clock: //p')" none "vb reports no PHC now"
out=$(vlink_stamps va vb 4 l2)
is "$(echo "$out" | awk '$1 == "rx_frames" { print $2 } ')" 4 "frames still pass"
is "$(echo "$out" | awk '$1 == "rx_stamps" { print $2 } ')" 0 "without RX stamps"
is "$(awk '$1 == "stamp_fails" { print $2 }' "$db/counters")" 4 "vb counted 4 stamp failures"
echo ptp_dummy.1 > "$drv/bind"
ok $? "ptp_dummy.1 bound again"
udevadm settle --timeout=120
is "$(sysfs_write "$db/phc" "$(clock_phc 1)")" OK "vb takes the new clock"
out=$(vlink_stamps va vb 4 l2)
is "$(echo "$out" | awk '$1 == "rx_stamps" { print $2 } ')" 4 "and stamps with it"

# The host stops the guest for 2 s with frames in flight; then the wire
# delivers what was due, and stamps as before.
echo 2000000 > "$db/rx_delay_ns"
vlink_stamps va flood 0 > /dev/null 2>&1 &
flood=$!
sleep 0.2
if host_stall 2000; then
	ok 0 "the host stalled the guest for 2 s while frames were in flight"
	kill "$flood"
	wait "$flood"
	sleep 0.1
	echo 0 > "$db/rx_delay_ns"
	out=$(vlink_stamps va vb 4 l2)
	is "$(echo "$out" | awk '$1 == "rx_stamps" { print $2 } ')" 4 "after the stall, frames arrive stamped"
else
	kill "$flood"
	wait "$flood"
	skip "no host stall service (not under vm/run)" "a stall with frames in flight"
fi

# Copies in flight are their receiver's (issue 28): 60 frames of 1500
# bytes on a 1 Mbit/s wire take 0.74 s to arrive.  Deleting the sender
# loses none of them; and whether a frame crosses namespaces (which
# clears its mark, as skb_scrub_packet does) is decided when it arrives:
# a receiver moved to another namespace meanwhile gets them scrubbed.
# ip runs as a coprocess, so that a command takes effect without an exec.
rx_of() { awk '$1 == "rx_frames" { print $2 }' "$(port_dir_id "$1")/counters"; }
idb=$(port_id vb)
echo 1 > "$VL/seg0/speed_mbps"
exec {ipb}> >(exec ip -batch - > /tmp/ip-batch.out 2>&1)
rx0=$(rx_of "$idb")
is "$(vlink_stamps va marked 60 7)" "sent 60" "60 frames of 1500 bytes sent at 1 Mbit/s"
echo "link del va" >&"$ipb"
nap_until eval '[ $(( $(rx_of "$idb") - rx0 )) -ge 60 ]'
is "$(( $(rx_of "$idb") - rx0 ))" 60 "the sender deleted at once, all 60 arrived"
port_add va 0 0 && ip link set va up
ok $? "a new sender"
# A listener in the receiver's namespace sees the marks of its frames.
listen() {
	local ns=$1 out=$2
	ip netns exec "$ns" vlink_stamps - marks 6 > "$out" &
	listener=$!
	nap_until grep -q listening "$out"
}
counted() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }
ip netns add lm0 && ip netns add lm && _net_ns+=(lm0 lm)
ip link set vb netns lm0 && ip link set va netns lm0 &&
	ip -n lm0 link set va up && ip -n lm0 link set vb up
ok $? "sender and receiver in namespace lm0"
listen lm0 /tmp/marks0.out
ip netns exec lm0 vlink_stamps va marked 60 7 > /dev/null
wait "$listener"
is "$(counted frames /tmp/marks0.out) $(counted marked /tmp/marks0.out)" "60 60" \
	"within one namespace, 60 frames arrive with their mark"
exec {ipb}>&-
exec {ipb}> >(exec ip -n lm0 -batch - > /tmp/ip-batch.out 2>&1)
listen lm /tmp/marks.out
ip netns exec lm0 vlink_stamps va marked 60 7 > /dev/null
echo "link set vb netns lm up" >&"$ipb"
wait "$listener"
got=$(counted frames /tmp/marks.out)
if [ "${got:-0}" -gt 0 ]; then
	is "$(counted marked /tmp/marks.out)" 0 \
		"vb moved to namespace lm with frames in flight: the $got that arrived there lost their mark"
else
	skip "vb was not up in lm before the 60 frames had arrived" \
		"frames that arrive in another namespace lose their mark"
fi
exec {ipb}>&-
echo 1000 > "$VL/seg0/speed_mbps"

run_ok "everything goes" net_cleanup
trap - EXIT
done_testing
