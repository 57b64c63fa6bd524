#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Exact timestamps: for every frame, RX stamp - TX stamp is the modelled
# delay plus the true offset of the two clocks (the truth file), and each
# frame asking for a TX stamp gets exactly one.  L2 and UDPv4, two-step
# and one-step Sync; timestamp quantisation, jitter, drops and the link
# speed.
# timeout: 180
. "$(dirname "$0")/common.sh"

net_setup 2 || skip_all "cannot load ptp_dummy clocks=2 and ptp_vlink"
port_add vl0 0 0 && port_add vl1 0 1
ok $? "two ports on segment 0, on ptp_dummy.0 and .1"
ip link set vl0 up && ip link set vl1 up
d0=$(port_dir vl0) d1=$(port_dir vl1)
echo 40 > "$d0/egress_ns"
echo 500 > "$d0/tx_delay_ns"
echo 300 > "$d1/rx_delay_ns"
echo 60 > "$d1/ingress_ns"
delay=900
# Both clocks count at the nominal rate: their offset does not change.
off=$(offset_ns vl0 vl1)
ok $? "the truth gives the clocks' offset ($off ns)"
want=$((delay + off))
diag "expect RX - TX = $delay + $off = $want ns"

# stamps MODE N: run vlink_stamps, its output in $out; field KEY of it.
stamps() { out=$(vlink_stamps vl0 vl1 "$2" "$1" 2>&1); }
f() { echo "$out" | awk -v k="$1" '$1 == k { print $2 }'; }

n=20
for mode in l2 udp; do
	stamps "$mode" $n
	is "$(f rx_frames)" $n "$mode: $n frames arrived"
	is "$(f tx_stamps)" $n "$mode: exactly one TX stamp per frame"
	is "$(f rx_stamps)" $n "$mode: an RX stamp on each"
	is "$(f diff_min) $(f diff_max)" "$want $want" "$mode: RX - TX is $want ns for every frame"
done

for mode in onestep-l2 onestep-udp; do
	stamps "$mode" $n
	is "$(f rx_frames)" $n "$mode: $n frames arrived"
	is "$(f onestep)" $((n / 2)) "$mode: each one-step Sync carries its originTimestamp"
	is "$(f tx_stamps)" $((n / 2)) "$mode: a TX stamp for each Delay_Req, none for the Syncs"
	is "$(f diff_min) $(f diff_max)" "$want $want" \
		"$mode: RX - TX (or originTimestamp) is $want ns for every frame"
done
c=$(cat "$d0/counters")
is "$(echo "$c" | awk '$1 == "onestep" { print $2 }')" $n "the port counted $n one-step Syncs"

# The eTSEC's TCLK: stamps in whole periods of 8 ns.
echo 8 > "$d0/quantum_ns"
echo 8 > "$d1/quantum_ns"
stamps l2 $n
lo=$(f diff_min) hi=$(f diff_max)
[ -n "$lo" ] && [ "$lo" -gt $((want - 8)) ] && [ "$hi" -lt $((want + 8)) ]
ok $? "quantum 8: RX - TX within 8 ns of $want ($lo..$hi)"
echo 0 > "$d0/quantum_ns"
echo 0 > "$d1/quantum_ns"

# Jitter: the delay varies, within its bounds.
echo 100 > "$VL/seg0/jitter_ns"
stamps l2 $n
lo=$(f diff_min) hi=$(f diff_max)
[ -n "$lo" ] && [ "$lo" -ge $((want - 100)) ] && [ "$hi" -le $((want + 100)) ] &&
	[ "$lo" -lt "$hi" ]
ok $? "uniform jitter of 100 ns: RX - TX varies within 100 ns of $want ($lo..$hi)"
echo 0 > "$VL/seg0/jitter_ns"

# Drops: every frame lost on the wire is still stamped where it left.
drops0=$(awk '$1 == "drops" { print $2 }' "$d1/counters")
echo 1000000 > "$VL/seg0/drop_ppm"
stamps l2 5
is "$(f rx_frames)" 0 "drop_ppm 1000000: no frame arrives"
is "$(f tx_stamps)" 5 "each was stamped as it left"
is "$(($(awk '$1 == "drops" { print $2 }' "$d1/counters") - drops0))" 5 \
	"the receiving port counted 5 drops"
echo 0 > "$VL/seg0/drop_ppm"

# A quarter lost, on average: 200 frames back to back.  The receiver
# counts each loss, and the same seed loses the same frames again.
bstamps() { out=$(vlink_stamps vl0 vl1 "$1" burst 2>&1); }
echo 250000 > "$VL/seg0/drop_ppm"
echo 7 > "$VL/seg0/seed"
drops0=$(awk '$1 == "drops" { print $2 }' "$d1/counters")
bstamps 200
rx=$(f rx_frames)
[ -n "$rx" ] && [ "$rx" -ge 120 ] && [ "$rx" -le 180 ]
ok $? "drop_ppm 250000: about 150 of 200 frames arrive ($rx; 5 sigma: 120..180)"
is "$(($(awk '$1 == "drops" { print $2 }' "$d1/counters") - drops0))" $((200 - rx)) \
	"the receiving port counted each of the $((200 - rx)) lost"
echo 7 > "$VL/seg0/seed"
bstamps 200
is "$(f rx_frames)" "$rx" "seed 7 again: the same $rx frames arrive"
echo 0 > "$VL/seg0/drop_ppm"
echo 1 > "$VL/seg0/seed"

# The link speed: a frame leaves once the one before it has been sent.
# An Ethernet Sync is 58 bytes, padded to 60, plus 24 of preamble, FCS and
# gap: 672 bits, 672 us at 1 Mbit/s.  The clock counts at the nominal
# rate; its stamps are whole ns (1 of rounding).
echo 1 > "$VL/seg0/speed_mbps"
bstamps 20
lo=$(f gap_min) hi=$(f gap_max)
is "$(f tx_stamps) $(f rx_frames)" "20 20" "1 Mbit/s: 20 frames back to back, all stamped and received"
[ -n "$lo" ] && [ "$lo" -ge 671999 ] && [ "$lo" -le 672001 ]
ok $? "no two TX stamps closer than a frame's 672 us ($lo..$hi ns)"
echo 0 > "$VL/seg0/speed_mbps"
bstamps 20
lo=$(f gap_min)
[ -n "$lo" ] && [ "$lo" -lt 672000 ]
ok $? "speed 0 (no serialisation): closer than that ($lo ns)"
echo 1000 > "$VL/seg0/speed_mbps"

# A port stamps what arrives while it stamps, whatever it did when the
# frame left: a ptp4l that starts turns stamping on while its peer's
# frames are already on the wire (it logged "received PDELAY_REQ without
# timestamp" when the port decided as the frame left).  10 ms in flight.
echo 10000000 > "$d1/rx_delay_ns"
out=$(vlink_stamps vl0 vl1 20 toggle 2>&1)
[ "$(f in_on)" -ge 5 ] 2> /dev/null && [ "$(f in_off)" -ge 5 ]
ok $? "stamping changed with the frame in flight, for $(f in_on) and $(f in_off) of 10"
is "$(f late_on)" "$(f in_on)" "turned on in flight: each of those frames arrives stamped"
is "$(f late_off)" "$(f in_off)" "turned off in flight: each of those frames arrives unstamped"
echo 300 > "$d1/rx_delay_ns"

c=$(cat "$d1/counters")
is "$(echo "$c" | awk '$1 == "stamp_fails" { print $2 }')" 0 "no stamp failed"
done_testing
