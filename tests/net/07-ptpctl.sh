#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl link on a real ptp_vlink: the ports with their interfaces (in
# this namespace only), segments, clocks and counters; the wire's knobs of
# a port and a segment set through it; the ground truth with each clock's
# offset from its segment's first port; its errors.
# timeout: 120
. "$(dirname "$0")/common.sh"

net_setup 2 || skip_all "cannot load ptp_dummy clocks=2 and ptp_vlink"
run_ok "a port m0 on ptp_dummy.0" port_add m0 0 0
run_ok "a port s0 on ptp_dummy.1" port_add s0 0 1
phc0=$(clock_phc 0) phc1=$(clock_phc 1)
id0=$(port_id m0) id1=$(port_id s0)
d0=$(port_dir m0)

# The overview: one line a port, one a segment.
out=$(ptpctl link)
ok $? "ptpctl link"
echo "$out" | grep -Eq "^port$id0 +m0 +0 +$phc0 "
ok $? "it shows m0 as port$id0, on segment 0 and PHC $phc0"
echo "$out" | grep -Eq "^port$id1 +s0 +0 +$phc1 "
ok $? "and s0 as port$id1, on PHC $phc1"
echo "$out" | grep -Eq "^seg0 +2 +1000 +0 +0 +1 +0$"
ok $? "seg0: 2 ports, the default knobs"

# A port alone: its interface, its clock and its controls.
out=$(ptpctl link m0)
ok $? "ptpctl link m0"
echo "$out" | grep -Eq "^clock +/dev/ptp$phc0 \(ptp_dummy\.0\)$"
ok $? "m0's clock is /dev/ptp$phc0, ptp_dummy.0"
echo "$out" | grep -Eq "^interface +m0$"
ok $? "its interface"
is "$(ptpctl link "port$id0" segment)" 0 "link port$id0 segment reads the control"

# Knobs: a port's and a segment's, written through ptpctl, read in debugfs.
run_ok "link m0 tx_delay_ns 400" ptpctl link m0 tx_delay_ns 400
is "$(cat "$d0/tx_delay_ns")" 400 "the port's knob reached debugfs"
run_ok "link seg0 jitter_ns 100" ptpctl link seg0 jitter_ns 100
is "$(cat "$VL/seg0/jitter_ns")" 100 "the segment's knob reached debugfs"
is "$(ptpctl link seg0 jitter_ns)" 100 "and reads back"
echo 0 > "$VL/seg0/jitter_ns"
ptpctl link seg0 speed_mbps 400001 2> /dev/null
is $? 1 "a speed out of range: exit 1"
is "$(cat "$VL/seg0/speed_mbps")" 1000 "the knob kept its value"
ptpctl link seg0 no_such 2> /dev/null
is $? 2 "an unknown knob: exit 2"
ptpctl link lo 2> /dev/null
is $? 1 "lo is no port: exit 1"
ptpctl link port99 2> /dev/null
is $? 2 "no port99: exit 2"

# The counters follow the traffic: frames from m0 to s0.
ip link set m0 up && ip link set s0 up
run_ok "vlink_stamps m0 s0 10 l2" vlink_stamps m0 s0 10 l2
js=$(ptpctl link --json)
is "$(jq ".ports[] | select(.port == $id0) | .tx_frames" <<< "$js")" \
	"$(sed -n 's/^tx_frames //p' "$d0/counters")" "--json: m0's tx_frames, as debugfs counts them"
rx=$(jq ".ports[] | select(.port == $id1) | .rx_stamps" <<< "$js")
[ "$rx" -ge 10 ] 2> /dev/null
ok $? "--json: s0 has stamped the 10 frames it received ($rx)"

# The truth: s0's clock set 5 s ahead of m0's.
t0=$(truth_ns m0)
run_ok "s0's clock set near m0's + 5 s" ptpctl "$phc1" set "$(( t0 / 1000000000 + 5 ))"
js=$(ptpctl link truth --json)
ok $? "link truth --json"
off=$(jq ".ports[] | select(.port == $id1) | .offset_ns" <<< "$js")
ref=$(jq ".ports[] | select(.port == $id0) | .offset_ns" <<< "$js")
is "$ref" 0 "m0, the first port of seg0, is the reference"
# jq's numbers are doubles: the 19-digit times come out with sed.
clock_of() { sed -n "s/.*{\"port\": $1, .*\"clock_ns\": \([0-9]*\),.*/\1/p" <<< "$js"; }
c0=$(clock_of "$id0") c1=$(clock_of "$id1")
is "$off" "$((c1 - c0))" "s0's offset is its clock minus m0's, in 64 bits"
[ "$off" -gt 3000000000 ] && [ "$off" -lt 7000000000 ]
ok $? "s0 is about 5 s ahead (offset $off ns)"
d=$(( $(offset_ns m0 s0) - off ))
[ "${d#-}" -lt 100000000 ]
ok $? "debugfs's truth, read again, agrees within 0.1 s (by $d ns)"
ptpctl link truth | grep -Eq "^port$id0 +m0 +0 +$phc0 +[0-9]+ +\+0 \(reference\)$"
ok $? "text: m0 is the reference"

# In another namespace, the interface is named there and not here.
run_ok "s0 into namespace s" net_ns s s0
ptpctl link | grep -Eq "^port$id1 +- +0 +$phc1 "
ok $? "from here, port$id1 has no interface"
# ip netns exec mounts a sysfs of the namespace over /sys, without
# debugfs: ptpctl says how to mount it, and works once it is.
ip netns exec s ptpctl link 2>&1 | grep -q "debugfs is not mounted at /sys/kernel/debug (mount -t debugfs"
ok $? "under ip netns exec, without debugfs: ptpctl says how to mount it"
in_s() { ip netns exec s sh -c 'mount -t debugfs none /sys/kernel/debug && "$@"' sh "$@"; }
in_s ptpctl link | grep -Eq "^port$id1 +s0 +0 +$phc1 "
ok $? "in namespace s, port$id1 is s0"
ptpctl link s0 2> /dev/null
is $? 2 "link s0 from here: no such interface (exit 2)"
is "$(in_s ptpctl link s0 segment)" 0 "link s0 segment, in namespace s"

done_testing
