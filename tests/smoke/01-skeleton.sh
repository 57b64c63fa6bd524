#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The walking skeleton, end to end: the dummy's /dev/ptpN and sysfs through
# whichever core is loaded, the in-tree e1000e PHC beside it, and linuxptp's
# phc_ctl reading, setting and stepping the dummy.
# timeout: 90
. "$(dirname "$0")/../lib.sh"

dev=$(ptp_dev_by_name ptp_dummy.0)
ok $? "the dummy registered /sys/class/ptp/*/clock_name = ptp_dummy.0"
[ -n "$dev" ] || { diag "no dummy clock"; done_testing; }
[ -c "$dev" ]; ok $? "$dev is a character device"

# The e1000e NIC's clock, registered by the in-tree driver through this core.
e1000e=""
for d in /sys/class/ptp/ptp*; do
	drv=$(basename "$(readlink -f "$d/device/driver" 2>/dev/null)")
	[ "$drv" = e1000e ] && e1000e=/dev/${d##*/}
done
if [ "$PTPVM_KERNEL" = debug ]; then
	# Built with CONFIG_PTP_1588_CLOCK=n, e1000e compiles its PHC out.
	skip "the debug kernel's e1000e has no PHC support" "e1000e registered its PHC"
else
	[ -n "$e1000e" ]; ok $? "the in-tree e1000e registered its PHC on the $PTPVM_CORE core"
fi
if [ "$PTPVM_CORE" = ours ] && [ "$PTPVM_KERNEL" = base ]; then
	holders=$(ls /sys/module/ptp/holders 2>/dev/null | tr '\n' ' ')
	case " $holders " in *" e1000e "*) r=0 ;; *) r=1 ;; esac
	ok $r "e1000e uses our ptp module (holders: $holders)"
	modinfo -F filename ptp | grep -q /updates/
	ok $? "modinfo ptp resolves to our updates/ copy"
fi

# phc_ctl prints "clock time is <sec>.<nsec> or <date>".
phc_time() { phc_ctl "$dev" get 2>&1 | sed -n 's/.*clock time is \([0-9]*\)\..*/\1/p'; }

run_ok "phc_ctl set 1000" phc_ctl "$dev" set 1000
t=$(phc_time)
[ -n "$t" ] && [ "$t" -ge 1000 ] && [ "$t" -le 1030 ]
ok $? "after set 1000 the clock reads $t (1000..1030)"

run_ok "phc_ctl adj 100" phc_ctl "$dev" adj 100
t2=$(phc_time)
[ -n "$t2" ] && [ "$t2" -ge $((t + 100)) ] && [ "$t2" -le $((t + 130)) ]
ok $? "after adj 100 the clock reads $t2 ($((t + 100))..$((t + 130)))"

run_ok "phc_ctl get set get adj 1 get" phc_ctl "$dev" get set get adj 1 get
run_ok "phc_ctl freq 100000 then freq 0" phc_ctl "$dev" freq 100000 freq 0
run_ok "phc_ctl cmp" phc_ctl "$dev" cmp
run_ok "phc_ctl caps" phc_ctl "$dev" caps
done_testing
