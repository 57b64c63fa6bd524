#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl vclocks on the dummy: create, list, use and remove virtual clocks; a
# virtual clock has none of its own; too many (exit 1); bad N (exit 2).
# A clock without a cycle counter (e1000e) refuses adjustment meanwhile
# (EBUSY, explained); the dummy has one and stays adjustable.
# timeout: 300
. "$(dirname "$0")/common.inc"
on_exit() {
	ptpctl "$DEV" vclocks 0 > /dev/null
	[ -n "$nic" ] && ptpctl "$nic" vclocks 0 > /dev/null
}
nic=""
me=${DEV#/dev/}

exits 0 "vclocks" "$DEV" vclocks
is "$(field n_vclocks)" 0 "no virtual clocks at first"
max=$(field max_vclocks)
is "$max" "$(cat /sys/class/ptp/$me/max_vclocks)" "max_vclocks as in sysfs"

exits 0 "vclocks 2" "$DEV" vclocks 2
is "$(field n_vclocks)" 2 "n_vclocks 2"
vcs=$(printf '%s\n' "$OUT" | awk '$1 == "vclock" { print $2 }')
is "$(echo "$vcs" | grep -c /dev/ptp)" 2 "two vclock devices listed"
is "$(cat /sys/class/ptp/$me/n_vclocks)" 2 "sysfs n_vclocks is 2"
vc=$(echo "$vcs" | head -n 1)
[ -c "$vc" ]; ok $? "$vc is a character device"
exits 0 "vclocks --json" "$DEV" vclocks --json
out_has "^\\{\"device\": \"$DEV\", \"n_vclocks\": 2, \"max_vclocks\": $max, \"vclocks\": \\[\"/dev/ptp[0-9]+\", \"/dev/ptp[0-9]+\"\\]\\}\$" "vclocks --json"
pc list
printf '%s\n' "$OUT" | awk -v d="$vc" '$2 == d' | grep -Eq "${me}_virt +- +$me .* virtual\$"
ok $? "list shows $vc as a virtual clock of $me"

exits 0 "get on the virtual clock" "$vc" get
exits 0 "step on the virtual clock" "$vc" step 10
exits 0 "freq on the virtual clock" "$vc" freq 100
# The dummy has a cycle counter (getcycles64) for its virtual clocks, so
# its own time stays adjustable.
exits 0 "step on the dummy's physical clock with virtual clocks" "$DEV" step 1
exits 1 "vclocks on a virtual clock" "$vc" vclocks
err_has "is a virtual clock" "a virtual clock has no virtual clocks"
exits 2 "the shared name ${me}_virt is ambiguous" "${me}_virt" get
err_has "ambiguous" "ambiguity reported"

exits 0 "vclocks 0" "$DEV" vclocks 0
is "$(field n_vclocks)" 0 "n_vclocks 0"
[ ! -e "$vc" ]; ok $? "$vc is gone"
exits 0 "step on the physical clock works again" "$DEV" step 0.001

# The e1000e clock has no cycle counter: with virtual clocks it runs free.
nic=$(nic_clock)
if [ -n "$nic" ]; then
	exits 0 "vclocks 1 on e1000e" "$nic" vclocks 1
	exits 1 "step on e1000e while it has a virtual clock" "$nic" step 1
	err_has "clock_adjtime\(ADJ_SETOFFSET\): Device or resource busy \(the clock has virtual clocks, so the physical clock runs free" \
		"EBUSY explained"
	exits 1 "freq on e1000e while it has a virtual clock" "$nic" freq 10
	exits 0 "vclocks 0 on e1000e" "$nic" vclocks 0
	exits 0 "step on e1000e works again" "$nic" step 0.001
else
	# The debug kernel's e1000e is built without a PTP core: no NIC PHC,
	# and the dummy has a cycle counter, so nothing here can run free.
	skip "no PHC without a cycle counter in this guest ($PTPVM_KERNEL kernel)" \
		"EBUSY from a free-running physical clock with virtual clocks"
fi

exits 1 "vclocks beyond max_vclocks" "$DEV" vclocks $((max + 1))
err_has "writing n_vclocks: Invalid argument \(at most max_vclocks = $max\)" "the limit is given"
exits 2 "vclocks abc" "$DEV" vclocks abc
exits 2 "vclocks -1" "$DEV" vclocks -1
done_testing
