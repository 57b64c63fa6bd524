#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Our core's queue depth module parameter: queue_slots (default 128, as
# 6.1's ring, which keeps 127 events).  Reloads ptp with queue_slots=8 and
# checks that a reader then keeps 7 events and counts the rest as dropped;
# restores the default load afterwards.
# timeout: 1200
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

core_is_ours || skip_all "queue_slots is a parameter of our core only"
improvement "extts queue depth is a module parameter (queue_slots)"
is "$(cat /sys/module/ptp/parameters/queue_slots)" 128 "queue_slots defaults to 128"

users=$(echo $(ls /sys/module/ptp/holders))
reload() {
	local m
	for m in $users; do rmmod "$m" || return 1; done
	rmmod ptp || return 1
	modprobe ptp "$@" || return 1
	for m in $users; do modprobe "$m" || return 1; done
	udevadm settle 2>/dev/null
}
run_ok "reload ptp with queue_slots=8 (and $users)" reload queue_slots=8
is "$(cat /sys/module/ptp/parameters/queue_slots)" 8 "queue_slots reads 8"

dev=$(ptp_dev_by_name ptp_dummy.0)
trig=$(dummy_dbg ptp_dummy.0)/trigger
if [ -n "$dev" ] && [ -w "$trig" ]; then
	ops=$(for i in $(seq 10); do printf ' , write %s 0' "$trig"; done)
	q=/sys/kernel/debug/ptp/${dev#/dev/}/queues
	out=$(eval core_ptp "$dev" extts 2 0 3 , drain "$ops" , cat "$q" , kept=drain , extts 2 0 0)
	is "$(echo "$out" | grep '^pid:' | cut -d' ' -f2-3)" "7 3" "10 events into 8 slots: 7 kept, 3 dropped"
	is "$(result kept "$out")" "OK drained=7" "the reader reads the 7"
else
	skip "no dummy trigger" "queue depth 8 in use"
fi
unload() {
	local m
	for m in $users; do rmmod "$m" || return 1; done
	rmmod ptp
}
run_ok "unload ptp and its users" unload
run_fails "modprobe ptp queue_slots=1 is refused" modprobe ptp queue_slots=1
[ ! -d /sys/module/ptp ]; ok $? "ptp is not loaded after the refusal"
modprobe ptp
for m in $users; do modprobe "$m"; done
udevadm settle 2>/dev/null
is "$(cat /sys/module/ptp/parameters/queue_slots)" 128 "reloaded with the default 128"
if [ "$PTPVM_KERNEL" = debug ]; then
	skip "the debug kernel's e1000e has no PHC support" "e1000e registered its clock again"
else
	[ -n "$(ptp_dev_e1000e)" ]; ok $? "e1000e registered its clock again"
fi
done_testing
