#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 600
# Fault injection (the debug kernel: failslab and the per-task fail-nth of
# CONFIG_FAULT_INJECTION_DEBUG_FS).  Every slab allocation that these make
# fails in turn, the first, then the second, and so on:
# - n_vclocks = 1: a virtual clock, ptp_clock_register() in full (its
#   worker included), until the write runs through;
# - opening /dev/ptpN (the file's event queue), until it runs through;
# - binding ptp_dummy.0: its probe, ptp_clock_register() with the pins'
#   sysfs files and the PPS source, until TOLERATED allocations in a row
#   (default 40) failed without failing the bind: those are the dummy's
#   own debugfs files after the clock registered, which it may do
#   without, hundreds of them.
# Each failure is an error of the write, open or bind and leaves nothing
# behind: no clock, no virtual clock, n_vclocks still 0; the clock works
# after.  The run's dmesg check catches any report (KASAN, lockdep,
# DEBUG_OBJECTS), and the debug kernel's kmemleak scan any leak.
# udevd is stopped meanwhile and started again after: it would run a
# worker for each uevent of each attempt, hundreds of them, which under
# KASAN takes minutes (holding its queue only puts them off: the next
# test's udevadm settle timed out).  The uevents of the clocks made and
# gone meanwhile go unheard.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

F=/sys/kernel/debug/failslab
nth=/proc/thread-self/fail-nth
if [ ! -d "$F" ] || [ ! -w $nth ]; then
	skip_all "no failslab or fail-nth in this kernel (the debug kernel has them)"
fi
dummy=$(ptp_dev_by_name ptp_dummy.0)
[ -n "$dummy" ] || skip_all "no ptp_dummy loaded"
TOLERATED=${TOLERATED:-40}

drv=/sys/bus/platform/drivers/ptp_dummy
# NPTP: the number of PTP clocks (no process is started for it).
count_ptp() {
	local a=(/sys/class/ptp/ptp*)
	NPTP=${#a[@]}
	[ -e "${a[0]}" ] || NPTP=0
}

# GFP_KERNEL allocations too, and no stack trace per injected failure
# (the run's dmesg check would take each for a report).
old_wait=$(< "$F/ignore-gfp-wait") old_verbose=$(< "$F/verbose")
echo N > "$F/ignore-gfp-wait"
echo 0 > "$F/verbose"
udev_pause
restore() {
	echo 0 > $nth
	echo "$old_wait" > "$F/ignore-gfp-wait"
	echo "$old_verbose" > "$F/verbose"
	[ -e "$drv/ptp_dummy.0" ] || echo ptp_dummy.0 > "$drv/bind"
	udev_resume
}
trap restore EXIT

# inject KIND MAX [RUN]: run "op" (a function of the caller's) with the
# Nth slab allocation of this task failing, N = 1, 2, ... MAX, or until op
# runs without reaching the Nth (the count left in fail-nth is then not
# 0): it sets THROUGH to 1 then; or, with RUN, until RUN failures in a row
# let op succeed.  LAST_ERR is the last N that failed op.  After each failure "undone" must hold; after
# an op that succeeded although an allocation failed (one the code can do
# without), "undo" puts things back.  The shell's own allocations for op
# fail in turn too: op then fails before it reached the kernel code, which
# must leave nothing behind all the same.
inject() {
	local kind=$1 max=$2 run=${3:-0} n rc left errs=0 bad=0 row=0
	THROUGH=0 FAULTS=0 LAST_ERR=0
	# The count is set and read through descriptors opened before, and
	# stderr goes to one opened before, so that only op's allocations
	# count.
	exec 9> $nth 6> /dev/null
	for ((n = 1; n <= max; n++)); do
		exec 8< $nth
		echo "$n" >&9
		op 2>&6
		rc=$?
		read -r left <&8
		echo 0 >&9
		exec 8<&-
		if [ "$left" -ne 0 ]; then
			# Not reached: every allocation of op was failed once.
			[ $rc -eq 0 ] && THROUGH=1
			break
		fi
		FAULTS=$((FAULTS + 1))
		if [ $rc -ne 0 ]; then
			errs=$((errs + 1)) row=0 LAST_ERR=$n
			if ! undone; then
				bad=$((bad + 1))
				diag "$kind: allocation $n failed and left something behind"
				undo
			fi
		else
			undo
			row=$((row + 1))
			[ "$run" -gt 0 ] && [ $row -ge "$run" ] && break
		fi
	done
	exec 9>&- 6>&-
	INJECTED=$((INJECTED + FAULTS))
	is "$bad" 0 "$kind: $FAULTS allocations failed in turn ($errs of them failed the call), none left anything behind"
}

INJECTED=0

# 1. n_vclocks from 0 to 1: a virtual clock over the dummy.
nv=$(sysdir "$dummy")/n_vclocks
count_ptp
before=$NPTP
op() { echo 1 > "$nv"; }
undone() {
	local v
	read -r v < "$nv"
	count_ptp
	[ "$v" = 0 ] && [ "$NPTP" -eq "$before" ]
}
undo() { echo 0 > "$nv"; }
inject n_vclocks 1000
is "$THROUGH" 1 "n_vclocks: then the write ran through (after $FAULTS failures)"
is "$(< "$nv")" 1 "n_vclocks reads 1 after the write that went through"
echo 0 > "$nv"
count_ptp
is "$NPTP" "$before" "and n_vclocks = 0 leaves no virtual clock"

# 2. Opening (and closing) the clock: its own event queue.
op() { : < "$dummy"; }
undone() { :; }
undo() { :; }
inject open 1000
is "$THROUGH" 1 "open: then the open ran through (after $FAULTS failures)"
core_ptp "$dummy" gettime | grep -q '^OK'
ok $? "the clock still reads its time"

# 3. Binding the dummy.
count_ptp
before=$NPTP
echo ptp_dummy.0 > "$drv/unbind"
op() { echo ptp_dummy.0 > "$drv/bind"; }
undone() {
	count_ptp
	[ "$NPTP" -eq $((before - 1)) ] && [ ! -e "$drv/ptp_dummy.0" ]
}
undo() { [ ! -e "$drv/ptp_dummy.0" ] || echo ptp_dummy.0 > "$drv/unbind"; }
inject bind 1000 "$TOLERATED"
[ "$LAST_ERR" -gt 0 ] && [ "$FAULTS" -eq $((LAST_ERR + TOLERATED)) ]
ok $? "bind: the last failure that failed the bind was allocation $LAST_ERR, and the $TOLERATED after it were done without"
diag "reliability: faults injected=$INJECTED"
[ -e "$drv/ptp_dummy.0" ] || echo ptp_dummy.0 > "$drv/bind"
udev_resume
ok $? "udevd runs again, its queue empty"
dummy=$(ptp_dev_by_name ptp_dummy.0)
[ -n "$dummy" ] && core_ptp "$dummy" gettime | grep -q '^OK'
ok $? "the dummy bound again reads its time ($dummy)"
done_testing
