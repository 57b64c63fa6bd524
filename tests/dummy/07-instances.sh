#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Instances and lifetime: clocks=4 gives four independent clocks, each with
# its own platform device and /dev/ptpN; max_adj=512000 emulates the eTSEC;
# unloading with open /dev/ptpN, /dev/ppsN and debugfs-free busy timers is
# safe, and the module loads again afterwards.
# timeout: 1200
. "$(dirname "$0")/common.sh"

reload() {
	dummy_quiesce
	dummy_reload "$@"
}

run_ok "reload with clocks=4" reload clocks=4
devs=()
for i in 0 1 2 3; do
	d=$(ptp_dev_by_name ptp_dummy.$i)
	ok $? "ptp_dummy.$i registered as $d"
	devs+=("$d")
	is "$(basename "$(readlink -f /sys/class/ptp/${d#/dev/}/device)")" "ptp_dummy.$i" \
		"ptp_dummy.$i has its own platform device"
	[ -d "$DBG/ptp_dummy.$i" ]
	ok $? "ptp_dummy.$i has its debugfs directory"
done
is "$(printf '%s\n' "${devs[@]}" | sort -u | grep -c /dev/ptp)" 4 "four distinct /dev/ptpN"

# reset: every knob of clock 0, changed, comes back to what the untouched
# clock 3 has (the defaults of a new clock), and the alarms are disarmed.
knobs=()
for f in "$DBG/ptp_dummy.3"/*; do
	case ${f##*/} in state | alarm[12] | trigger | reset) ;; *) knobs+=("${f##*/}") ;; esac
done
[ ${#knobs[@]} -ge 20 ]
ok $? "clock 3 has ${#knobs[@]} knobs"
changed=0
for k in "${knobs[@]}"; do
	v=$(< "$DBG/ptp_dummy.0/$k")
	for w in $((v + 1)) $((v - 1)) 1000000000; do
		echo "$w" > "$DBG/ptp_dummy.0/$k" 2> /dev/null && break
	done
	[ "$(< "$DBG/ptp_dummy.0/$k")" != "$(< "$DBG/ptp_dummy.3/$k")" ] && changed=$((changed + 1))
done
is "$changed" ${#knobs[@]} "every knob of clock 0 set away from its default"
echo +3600000000000 > "$DBG/ptp_dummy.0/alarm1"
is "$(alarm_of 0 1 armed)" 1 "alarm1 of clock 0 armed"
is "$(state gen "$DBG/ptp_dummy.0")" 1 "and its generator runs"
run_fails "reset takes only 1" sh -c "echo 2 > $DBG/ptp_dummy.0/reset"
run_ok "echo 1 > reset" sh -c "echo 1 > $DBG/ptp_dummy.0/reset"
same=0
for k in "${knobs[@]}"; do
	a=$(< "$DBG/ptp_dummy.0/$k") b=$(< "$DBG/ptp_dummy.3/$k")
	[ "$a" = "$b" ] && same=$((same + 1)) || echo "# $k: $a after reset, $b on a new clock"
done
is "$same" ${#knobs[@]} "after reset every knob equals a new clock's"
is "$(alarm_of 0 1 armed)" 0 "alarm1 is disarmed"
is "$(state gen "$DBG/ptp_dummy.0")" 0 "the generator stopped"
is "$(state wander_now_ppb "$DBG/ptp_dummy.0")" 0 "the wander is back to 0"
is "$(state addend_effective "$DBG/ptp_dummy.0")" 2147483648 "no oscillator error is left"

for i in 0 1 2 3; do dummy_ptp "${devs[$i]}" settime $((1000 * (i + 1))) > /dev/null; done
for i in 0 1 2 3; do
	t=$(dummy_ptp "${devs[$i]}" gettime | sed -n 's/^time \([0-9]*\)\..*/\1/p')
	[ -n "$t" ] && [ "$t" -ge $((1000 * (i + 1))) ] && [ "$t" -lt $((1000 * (i + 1) + 60)) ]
	ok $? "clock $i keeps its own time ($t)"
done
dummy_ptp "${devs[1]}" freq 6553600 > /dev/null
echo 1 > "$DBG/ptp_dummy.2/fail_gettime"
is "$(state addend "$DBG/ptp_dummy.1")" 2147698396 "adjfine on clock 1 changes its addend"
for i in 0 2 3; do
	is "$(state addend "$DBG/ptp_dummy.$i")" 2147483648 "but not clock $i's"
done
is "$(dummy_ptp "${devs[2]}" gettime)" "error EIO" "an injected failure on clock 2 hits clock 2"
dummy_ptp "${devs[3]}" gettime | grep -q '^time '
ok $? "and not clock 3"
# Loopback on clock 2 feeds only clock 2.
echo 1 > "$DBG/ptp_dummy.2/loopback"
echo 1 > "$DBG/ptp_dummy.3/loopback"
dummy_ptp "${devs[2]}" perout 0 +1 100000000 > /dev/null
dummy_ptp "${devs[2]}" extts 0 rising 3 $((10 * SLOW)) > /dev/null
ok $? "clock 2 timestamps its own output"
dummy_ptp "${devs[3]}" extts 0 rising 1 $((2 * SLOW)) > /dev/null
ok $((! $?)) "clock 3 does not see clock 2's output"

# Unload with everything busy: open clocks, a reader blocked on events,
# an open PPS device, running outputs, PPS, generator and alarms.
dummy_ptp "${devs[0]}" pps 1 > /dev/null
dummy_ptp "${devs[1]}" perout 1 +1 100000000 > /dev/null
echo 1000000 > "$DBG/ptp_dummy.0/gen_period_ns"
echo 1000 > "$DBG/ptp_dummy.3/wander_ppb"
echo +500000000 > "$DBG/ptp_dummy.3/alarm1"
n0=$(awk '$1 == "extts0" { print $3 }' "$DBG/ptp_dummy.0/state")
command dummy_ptp "${devs[0]}" extts 0 rising 100000 $((30 * SLOW)) > /tmp/extts.out 2>&1 &
reader=$!
rm -f /tmp/go
core_ptp "${devs[3]}" waitfile /tmp/go , gettime > /tmp/hold.out 2>&1 &
holder=$!
pps=$(pps_dev_of "${devs[0]}")
timeout 6 ppstest "$pps" > /dev/null 2>&1 &
ppst=$!
# Until the reader has timestamps and the holder has its clock open.
extts_read() { [ "$(awk '$1 == "extts0" { print $3 }' "$DBG/ptp_dummy.0/state")" -gt "$n0" ]; }
holding() { ls -l "/proc/$holder/fd" 2>/dev/null | grep -q " ${devs[3]}\$"; }
wait_for 10 extts_read && wait_for 10 holding
ok $? "a reader gets timestamps and a holder has clock 3 open"
run_ok "rmmod with clocks open and timers running" rmmod ptp_dummy
touch /tmp/go
wait $holder
is "$(result gettime "$(< /tmp/hold.out)")" "ENODEV" "a held clock fd reads ENODEV after the unload"
wait $reader
grep -q '^ts' /tmp/extts.out
ok $? "the blocked event reader got events, then was released"
wait $ppst
[ ! -e "${devs[3]}" ]
ok $? "the device nodes are gone"

run_ok "load with max_adj=512000 (the eTSEC)" modprobe ptp_dummy max_adj=512000
udevadm settle --timeout=120
d=$(ptp_dev_by_name ptp_dummy.0)
is "$(cat /sys/class/ptp/${d#/dev/}/max_adjustment)" 512000 "max_adjustment 512000"
is "$(dummy_ptp "$d" freq 33554560)" "error ERANGE" "512001 ppb is out of range"
run_ok "512 ppm is in range" dummy_ptp "$d" freq 33554432
run_fails "clocks=0 is refused" reload clocks=0

# /dev/ptpN and its sysfs files are live inside ptp_clock_register(): a
# request that comes before it returns must not find the driver without
# its clock (register_delay_ms widens that window: 4 s, times SLOW).
modprobe -r ptp_dummy 2>/dev/null
modprobe ptp_dummy register_delay_ms=$((4000 * SLOW)) &
loader=$!
early=""
for _ in $(seq $((100 * SLOW))); do
	early=$(ptp_dev_by_name ptp_dummy.0) && break
	sleep 0.1
done
kill -0 $loader 2> /dev/null
ok $? "ptp_dummy.0 is registered ($early) while the probe still runs"
is "$(sysfs_write "/sys/class/ptp/${early#/dev/}/extts_enable" "1 1")" OK \
	"an extts request then is served"
is "$(sysfs_write "/sys/class/ptp/${early#/dev/}/period" "0 0 0 0 500000000")" OK \
	"and a periodic output request"
wait $loader
ok $? "the probe completes"
is "$(state extts1 "$DBG/ptp_dummy.0")" 2 "EXTTS 1 is on (PTP_RISING_EDGE)"
is "$(state perout0 "$DBG/ptp_dummy.0")" 1 "PEROUT 0 runs"
modprobe -r ptp_dummy
modprobe -r ptp_dummy 2>/dev/null
run_ok "reload with the defaults" modprobe ptp_dummy
udevadm settle --timeout=120
dev=$(ptp_dev_by_name ptp_dummy.0)
ok $? "ptp_dummy.0 is back ($dev)"
rm -f /tmp/extts.out /tmp/hold.out /tmp/go
done_testing
