#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A boundary clock between two segments: grandmaster -- segment 0 -- BC --
# segment 1 -- slave.  The BC's two ports share one clock, as on a real
# switch, and one ptp4l.  The slave locks to the BC, which locks to the
# grandmaster; the ground truth puts the slave within 20 ns of the
# grandmaster, two hops away, and each hop's path delay is its own.
# timeout: 300
. "$(dirname "$0")/common.sh"

command -v ptp4l > /dev/null || skip_all "no ptp4l"
net_setup 3 || skip_all "cannot load ptp_dummy clocks=3 and ptp_vlink"
W=$(mktemp -d)
port_add gm 0 0 && port_add bc0 0 1 && port_add bc1 1 1 && port_add sl 1 2
ok $? "grandmaster and BC port 0 on segment 0, BC port 1 and slave on segment 1"
echo 30000 > "$DUMMY_DBG/ptp_dummy.0/freq_error_ppb"
echo -30000 > "$DUMMY_DBG/ptp_dummy.2/freq_error_ppb"
for p in gm bc0; do
	echo 400 > "$(port_dir $p)/tx_delay_ns"
	echo 400 > "$(port_dir $p)/rx_delay_ns"
done
for p in bc1 sl; do
	echo 700 > "$(port_dir $p)/tx_delay_ns"
	echo 700 > "$(port_dir $p)/rx_delay_ns"
done
net_ns gns gm && net_ns bns bc0 bc1 && net_ns sns sl
ok $? "each in its namespace, the BC's two ports in one"

ptp4l_conf "$W/conf" L2 E2E twostep
ptp4l_start gns gm "$W/conf" "$W/gm.log" --priority1=100
ip netns exec bns ptp4l -f "$W/conf" -i bc0 -i bc1 -m -q \
	--uds_address=/run/ptp4l-bns > "$W/bc.log" 2>&1 &
ptp4l_start sns sl "$W/conf" "$W/sl.log" -s

t0=$(date +%s)
until locked "$W/sl.log" 5 10 && locked "$W/bc.log" 5 10; do
	[ $(($(date +%s) - t0)) -lt 180 ] || break
	sleep 2
done
diag "waited $(($(date +%s) - t0)) s"
locked "$W/bc.log" 5 10
ok $? "the BC locked to the grandmaster, rms under 10 ns"
locked "$W/sl.log" 5 10
ok $? "the slave locked to the BC, rms under 10 ns"
d=$(summaries "$W/bc.log" | tail -n 1 | awk '{ print $4 }')
is "$d" 800 "the BC's path delay is segment 0's (800 ns)"
d=$(summaries "$W/sl.log" | tail -n 1 | awk '{ print $4 }')
is "$d" 1400 "the slave's is segment 1's (1400 ns)"
o=$(offset_ns gm sl)
[ -n "$o" ] && [ "$o" -ge -20 ] && [ "$o" -le 20 ]
ok $? "the ground truth: the slave is ${o:-?} ns from the grandmaster, two hops away"
is "$(bad_lines "$W"/*.log)" "" "no missing timestamp or fault"
if [ $_tap_fail -gt 0 ]; then
	for l in gm bc sl; do diag "--- $l"; tail -n 15 "$W/$l.log" | sed 's/^/#   /'; done
fi
rm -r "$W"
done_testing
