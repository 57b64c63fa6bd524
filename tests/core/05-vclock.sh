#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Virtual clocks (sysfs n_vclocks/max_vclocks): creation and removal, their
# attributes and capabilities, their time, and the free-running rule of a
# physical clock without a cycle counter (e1000e, and ptp_dummy loaded with
# cycles=0): -EBUSY on settime and adjustments while virtual clocks exist.
# timeout: 1200
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

secs() { sed -n 's/^OK \(-\{0,1\}[0-9]*\)\..*/\1/p'; }

# The /dev nodes of the virtual clocks of $1, by clock_name ptpN_virt.
vclocks_of() {
	local d
	for d in /sys/class/ptp/ptp*; do
		[ "$(< "$d/clock_name")" = "${1#/dev/}_virt" ] && echo "/dev/${d##*/}"
	done
}

check_vclocks() {
	local dev=$1 what=$2 d v t
	d=$(sysdir "$dev")
	is "$(sysfs_write "$d/n_vclocks" 2)" OK "$what: n_vclocks = 2"
	is "$(< "$d/n_vclocks")" 2 "$what: n_vclocks reads 2"
	udevadm settle 2>/dev/null
	set -- $(vclocks_of "$dev")
	is "$#" 2 "$what: two clocks named ${dev#/dev/}_virt"
	v=$1
	[ -n "$v" ] || { diag "no virtual clock"; return; }
	[ -c "$v" ]; ok $? "$what: $v is a character device"
	[ ! -e "$(sysdir "$v")/n_vclocks" ] && [ ! -e "$(sysdir "$v")/max_vclocks" ]
	ok $? "$what: a virtual clock has no n_vclocks/max_vclocks"
	is "$(core_ptp "$v" caps 1 | cut -d' ' -f2-7)" \
		"max_adj=500000000 n_alarm=0 n_ext_ts=0 n_per_out=0 pps=0 n_pins=0" \
		"$what: virtual clock capabilities"
	pgrep -x "${v#/dev/}" > /dev/null
	ok $? "$what: the aux worker thread ${v#/dev/} of the virtual clock runs"
	is "$(readlink -f "$(sysdir "$v")/device")" "$(readlink -f "$d")" \
		"$what: the virtual clock's parent is ${dev#/dev/}"

	is "$(core_ptp "$v" settime 1000 0)" OK "$what: virtual settime 1000"
	t=$(core_ptp "$v" gettime | secs)
	[ -n "$t" ] && [ "$t" -ge 1000 ] && [ "$t" -lt 1100 ]
	ok $? "$what: virtual clock reads $t s"
	is "$(core_ptp "$v" adjoffset 500 0)" "OK freq=0" "$what: virtual ADJ_SETOFFSET +500 s"
	t=$(core_ptp "$v" gettime | secs)
	[ -n "$t" ] && [ "$t" -ge 1500 ] && [ "$t" -lt 1600 ]
	ok $? "$what: virtual clock reads $t s after the step"
	is "$(core_ptp "$v" adjfreq 6553600)" "OK freq=6553600" "$what: virtual ADJ_FREQUENCY +100 ppm"
	is "$(core_ptp "$v" adjfreq 40000000000)" ERANGE "$what: virtual ADJ_FREQUENCY beyond 500000000 ppb"
	is "$(core_ptp "$v" sysoffext 1 5)" "OK ordered=5" "$what: virtual SYS_OFFSET_EXTENDED"
	is "$(core_ptp "$v" sysoff 1 5)" "OK filled=11" "$what: virtual SYS_OFFSET"
	t=$(core_ptp "$v" gettime | secs)
	[ -n "$t" ] && [ "$t" -ge 1500 ] && [ "$t" -lt 1600 ]
	ok $? "$what: virtual clock still reads $t s"

	is "$(sysfs_write "$d/max_vclocks" 1)" EINVAL "$what: max_vclocks below n_vclocks"
	is "$(sysfs_write "$d/max_vclocks" 3)" OK "$what: max_vclocks = 3"
	is "$(sysfs_write "$d/n_vclocks" 4)" EINVAL "$what: n_vclocks above max_vclocks"
	is "$(sysfs_write "$d/n_vclocks" 3)" OK "$what: n_vclocks = 3"
	udevadm settle 2>/dev/null
	is "$(vclocks_of "$dev" | wc -l)" 3 "$what: three virtual clocks"
	is "$(sysfs_write "$d/n_vclocks" 1)" OK "$what: n_vclocks = 1"
	is "$(vclocks_of "$dev" | wc -l)" 1 "$what: one virtual clock left"
	[ -c "$v" ]; ok $? "$what: the first virtual clock is the one kept"
}

dummy=$(ptp_dev_by_name ptp_dummy.0)
if [ -n "$dummy" ]; then
	check_vclocks "$dummy" dummy
	# A cycle counter keeps the physical clock adjustable.
	is "$(core_ptp "$dummy" settime 100 0)" OK "dummy: settime with virtual clocks (cycle counter)"
	is "$(core_ptp "$dummy" adjfreq 65536)" "OK freq=65536" "dummy: ADJ_FREQUENCY with virtual clocks"
	is "$(sysfs_write "$(sysdir "$dummy")/n_vclocks" 0)" OK "dummy: n_vclocks = 0"
	is "$(vclocks_of "$dummy" | wc -l)" 0 "dummy: no virtual clock left"
	# The second of three new virtual clocks cannot read the cycle
	# counter (fail_skip lets the first read through).
	g=$(dummy_dbg ptp_dummy.0)
	echo 1 > "$g/fail_skip"
	echo 1 > "$g/fail_getcycles"
	r=$(sysfs_write "$(sysdir "$dummy")/n_vclocks" 3)
	echo 0 > "$g/fail_getcycles"
	echo 0 > "$g/fail_skip"
	udevadm settle 2>/dev/null
	if core_is_ours; then
		improvement "n_vclocks is all or nothing: a failed creation removes the clocks the same write made (6.1 keeps them, uncounted)"
		is "$r" EIO "dummy: n_vclocks = 3 fails when a new virtual clock cannot read the cycles"
		is "$(cat "$(sysdir "$dummy")/n_vclocks")" 0 "dummy: n_vclocks still reads 0"
	else
		diag "6.1 ignores a failed cycle read and creates them all"
		is "$r" OK "dummy: n_vclocks = 3 with a failing cycle read"
		is "$(sysfs_write "$(sysdir "$dummy")/n_vclocks" 0)" OK "dummy: n_vclocks = 0"
	fi
	is "$(vclocks_of "$dummy" | wc -l)" 0 "dummy: no virtual clock is left behind"
	is "$(sysfs_write "$(sysdir "$dummy")/max_vclocks" 20)" OK "dummy: max_vclocks back to 20"
else
	skip "no ptp_dummy loaded" "dummy virtual clocks"
fi

# No cycle counter: the physical clock runs free under its virtual ones.
# On the debug kernel this also puts the parent's POSIX clock lock before
# vclock_mux (settime) and vclock_mux before a virtual clock's POSIX clock
# lock (n_vclocks = 0): one lock class, so lockdep must not call it a cycle.
check_freerun() {
	local dev=$1 what=$2
	check_vclocks "$dev" "$what"
	is "$(core_ptp "$dev" settime 100 0)" EBUSY "$what: settime is EBUSY with virtual clocks"
	is "$(core_ptp "$dev" adjfreq 65536)" EBUSY "$what: ADJ_FREQUENCY is EBUSY"
	is "$(core_ptp "$dev" adjoffset 1 0)" EBUSY "$what: ADJ_SETOFFSET is EBUSY"
	is "$(core_ptp "$dev" adjphase 1)" EBUSY "$what: ADJ_OFFSET is EBUSY"
	is "$(core_ptp "$dev" adjquery)" "OK freq=0" "$what: modes=0 still answers"
	run_ok "$what: gettime still works" sh -c "core_ptp $dev gettime | grep -q ^OK"
	is "$(sysfs_write "$(sysdir "$dev")/n_vclocks" 0)" OK "$what: n_vclocks = 0"
	is "$(core_ptp "$dev" settime 100 0)" OK "$what: settime works again"
}

e1000e=$(ptp_dev_e1000e)
if [ -n "$e1000e" ]; then
	check_freerun "$e1000e" e1000e
else
	diag "no e1000e clock here: the dummy without a cycle counter stands in"
fi

# The dummy without its cycle counter (cycles=0), on every kernel.
if [ -n "$dummy" ]; then
	dummy_reload cycles=0
	ok $? "reload ptp_dummy with cycles=0"
	nocyc=$(ptp_dev_by_name ptp_dummy.0)
	[ -n "$nocyc" ]
	ok $? "the dummy without a cycle counter registered ($nocyc)"
	[ -z "$nocyc" ] || check_freerun "$nocyc" "dummy cycles=0"
	dummy_reload
	ok $? "reload ptp_dummy with its defaults"
fi
done_testing
