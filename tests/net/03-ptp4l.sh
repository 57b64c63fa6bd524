#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptp4l end to end: master and slave in two namespaces, each port on its
# own dummy clock, the clocks 40 ppm apart, for each of {L2, UDPv4} x
# {E2E, P2P} x {two-step, one-step Sync}: the 8 pairs run side by side,
# one segment each.  Each slave locks (s2) with an rms under 10 ns, sees
# the modelled path delay to 2 ns, and the ground truth agrees that the
# two clocks are together; no timestamp goes missing, no port faults.
# timeout: 300
. "$(dirname "$0")/common.sh"

command -v ptp4l > /dev/null || skip_all "no ptp4l"
net_setup 16 || skip_all "cannot load ptp_dummy clocks=16 and ptp_vlink"
W=$(mktemp -d)
modes=()
for t in L2 UDPv4; do for d in E2E P2P; do for s in twostep onestep; do
	modes+=("$t $d $s")
done; done; done
path=800

k=0
for m in "${modes[@]}"; do
	read -r t d s <<< "$m"
	port_add "m$k" "$k" $((2 * k)) && port_add "s$k" "$k" $((2 * k + 1)) || break
	echo 20000 > "$DUMMY_DBG/ptp_dummy.$((2 * k))/freq_error_ppb"
	echo -20000 > "$DUMMY_DBG/ptp_dummy.$((2 * k + 1))/freq_error_ppb"
	for p in "m$k" "s$k"; do
		echo 500 > "$(port_dir "$p")/tx_delay_ns"
		echo 300 > "$(port_dir "$p")/rx_delay_ns"
	done
	net_ns "mns$k" "m$k" && net_ns "sns$k" "s$k" || break
	if [ "$t" = UDPv4 ]; then
		ip -n "mns$k" addr add "10.$k.0.1/24" dev "m$k"
		ip -n "sns$k" addr add "10.$k.0.2/24" dev "s$k"
	fi
	ptp4l_conf "$W/$k.conf" "$t" "$d" "$s"
	ptp4l_start "mns$k" "m$k" "$W/$k.conf" "$W/m$k.log"
	ptp4l_start "sns$k" "s$k" "$W/$k.conf" "$W/s$k.log" -s
	k=$((k + 1))
done
is "$k" ${#modes[@]} "${#modes[@]} pairs of ports, in namespaces, with ptp4l on each"

# Until every slave has 5 summaries after locking with rms <= 10 ns.
t0=$(date +%s)
while :; do
	all=1
	for k in "${!modes[@]}"; do locked "$W/s$k.log" 5 10 || all=0; done
	[ $all = 1 ] && break
	[ $(($(date +%s) - t0)) -lt 180 ] || break
	sleep 2
done
diag "waited $(($(date +%s) - t0)) s for the locks"

for k in "${!modes[@]}"; do
	m=${modes[$k]}
	grep -q "UNCALIBRATED to SLAVE" "$W/s$k.log"
	ok $? "$m: the slave reached SLAVE (s2)"
	locked "$W/s$k.log" 5 10
	ok $? "$m: the last 5 summaries' rms are under 10 ns"
	last=$(summaries "$W/s$k.log" | tail -n 5)
	diag "$m: rms max freq delay: $(echo "$last" | tail -n 1)"
	echo "$last" | awk -v p=$path 'NF < 4 || $4 < p - 2 || $4 > p + 2 { bad = 1 }
		END { exit bad || NR == 0 }'
	ok $? "$m: the path delay is within 2 ns of the model ($path ns)"
	o=$(offset_ns "m$k" "s$k")
	[ -n "$o" ] && [ "$o" -ge -10 ] && [ "$o" -le 10 ]
	ok $? "$m: the ground truth agrees: the clocks are ${o:-?} ns apart"
	b=$(bad_lines "$W/m$k.log" "$W/s$k.log")
	is "$b" "" "$m: no missing timestamp or fault in either log"
	c=$(cat "$(port_dir_id "$(port_id_cached "s$k")")/counters")
	is "$(echo "$c" | awk '$1 == "stamp_fails" { print $2 }')" 0 "$m: no stamp failed"
done
for k in "${!modes[@]}"; do
	locked "$W/s$k.log" 5 10 && continue
	diag "--- ${modes[$k]}: slave log"
	tail -n 30 "$W/s$k.log" | sed 's/^/#   /'
	diag "--- master log"
	tail -n 10 "$W/m$k.log" | sed 's/^/#   /'
done
rm -r "$W"
done_testing
