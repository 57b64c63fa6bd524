#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptp_vlink's timestamping ABI, as a 6.1 Ethernet driver gives it:
# ethtool -T, SIOCSHWTSTAMP/SIOCGHWTSTAMP (hwstamp_ctl and vlink_stamps),
# ERANGE for what a port cannot do; carrier as plugged; the knobs' errors.
# timeout: 120
. "$(dirname "$0")/common.sh"

net_setup 2 || skip_all "cannot load ptp_dummy clocks=2 and ptp_vlink"
run_ok "ip link add name vl0 type ptp_vlink" port_add vl0 0 0
run_ok "a second port, on ptp_dummy.1" port_add vl1 0 1
phc0=$(clock_phc 0) phc1=$(clock_phc 1)
d0=$(port_dir vl0) d1=$(port_dir vl1)

# ethtool -T: hardware stamps, on the port's dummy clock.
out=$(ethtool -T vl0)
for cap in hardware-transmit hardware-receive hardware-raw-clock \
	   software-transmit software-receive; do
	echo "$out" | grep -qx "[[:space:]]*$cap"
	ok $? "ethtool -T lists $cap"
done
is "$(echo "$out" | sed -n 's/^PTP Hardware Clock: //p')" "$phc0" \
	"ethtool -T: PTP Hardware Clock is ptp_dummy.0's ($phc0)"
is "$(ethtool -T vl1 | sed -n 's/^PTP Hardware Clock: //p')" "$phc1" \
	"the other port's is ptp_dummy.1's ($phc1)"
for m in off on onestep-sync; do
	echo "$out" | grep -qx "[[:space:]]*$m"
	ok $? "transmit mode $m is offered"
done
for f in none all ptpv2-l4-event ptpv2-l2-event ptpv2-event; do
	echo "$out" | grep -qx "[[:space:]]*$f"
	ok $? "receive filter $f is offered"
done
echo "$out" | grep -q "ptpv1"
ok $((! $?)) "no PTP v1 filter is offered"

# hwstamp_ctl sets, and reads back.
ip link set vl0 up
run_ok "hwstamp_ctl -t 1 -r 12 (on, PTP v2 event)" hwstamp_ctl -i vl0 -t 1 -r 12
out=$(hwstamp_ctl -i vl0)
is "$(echo "$out" | awk '$1 == "tx_type" { print $2 }' | tail -1)" 1 "hwstamp_ctl reads back tx_type 1"
is "$(echo "$out" | awk '$1 == "rx_filter" { print $2 }' | tail -1)" 12 "and rx_filter 12"

# What SIOCSHWTSTAMP accepts, and says it accepted.
is "$(vlink_stamps vl0 hwtstamp 2 9)" "OK tx_type 2 rx_filter 9" \
	"one-step Sync, PTP v2 L2 event: accepted as asked"
is "$(vlink_stamps vl0 hwtstamp 1 1)" "OK tx_type 1 rx_filter 1" "filter ALL"
is "$(vlink_stamps vl0 hwtstamp 1 2)" "OK tx_type 1 rx_filter 1" \
	"filter SOME: the port stamps all, and says so"
is "$(vlink_stamps vl0 hwtstamp 1 15)" "OK tx_type 1 rx_filter 1" "filter NTP_ALL: ALL"
is "$(vlink_stamps vl0 hwtstamp 3 12)" ERANGE "one-step P2P: ERANGE"
is "$(vlink_stamps vl0 hwtstamp 1 3)" ERANGE "PTP v1 filter: ERANGE"
is "$(vlink_stamps vl0 hwtstamp 1 12 1)" "OK tx_type 1 rx_filter 12" \
	"HWTSTAMP_FLAG_BONDED_PHC_INDEX is accepted"
is "$(vlink_stamps vl0 hwtstamp 1 12 2)" EINVAL "an unknown flag: EINVAL"
is "$(hwstamp_ctl -i vl0 | awk '$1 == "tx_type" { print $2 }' | tail -1)" 1 \
	"a refused request left the configuration as it was"

# Without a clock: software stamps only, and no PHC.
echo -1 > "$d1/phc"
out=$(ethtool -T vl1)
is "$(echo "$out" | sed -n 's/^PTP Hardware Clock: //p')" none "without a clock: PTP Hardware Clock: none"
echo "$out" | grep -q hardware-transmit
ok $((! $?)) "and no hardware-transmit"
echo "$phc1" > "$d1/phc"

# Carrier: a port has it while it is plugged into a segment.
ip link set vl1 up
ip link show vl1 | grep -q LOWER_UP
ok $? "a plugged port has carrier"
echo -1 > "$d1/segment"
sleep 0.2
ip link show vl1 | grep -q NO-CARRIER
ok $? "unplugged (segment -1), it has none"
echo 0 > "$d1/segment"

# The knobs refuse what they cannot do.
is "$(sysfs_write "$d0/segment" 8)" EINVAL "segment 8: EINVAL (segments 0..7)"
is "$(sysfs_write "$d0/segment" -2)" EINVAL "segment -2: EINVAL"
is "$(sysfs_write "$d0/phc" 999)" ENODEV "a PHC that is no dummy clock: ENODEV"
is "$(sysfs_write "$d0/tx_delay_ns" -1)" EINVAL "a negative delay: EINVAL"
is "$(sysfs_write "$d0/tx_delay_ns" 10000001)" EINVAL "a delay over 10 ms: EINVAL"
is "$(sysfs_write "$VL/seg0/drop_ppm" 1000001)" EINVAL "drop_ppm over 10^6: EINVAL"
is "$(sysfs_write "$VL/seg0/jitter_dist" 2)" EINVAL "jitter_dist 2: EINVAL"
is "$(sysfs_write "$d0/phc" "1x")" EINVAL "trailing garbage: EINVAL"
is "$(cat "$d0/phc")" "$phc0" "the clock is still ptp_dummy.0's"

# A segment takes 8 ports; a ninth is refused, and waits unplugged.
for i in 2 3 4 5 6 7; do port_add "vl$i" 0 0 || break; done
ip link add name vl8 type ptp_vlink
is "$(sysfs_write "$(port_dir vl8)/segment" 0)" ENOSPC "a ninth port on a segment: ENOSPC"
is "$(cat "$(port_dir vl8)/segment")" -1 "it stays unplugged"
is "$(sysfs_write "$(port_dir vl8)/segment" 1)" OK "segment 1 takes it"
ip link del vl7
is "$(sysfs_write "$(port_dir vl8)/segment" 0)" OK "once a port is deleted, segment 0 has room"

# Unplugged ports are not in the truth; plugged ones are, with their clocks.
is "$(grep -c '^port' "$VL/truth")" 8 "the truth lists the 8 plugged ports"
is "$(offset_ns vl0 vl2)" 0 "two ports on one clock: offset 0"

run_ok "ptp_vlink unloads with its ports" net_cleanup
trap - EXIT
run_fails "no port is left" ip link show vl0
done_testing
