#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 600
# Hot unplug (tests/src/ptp_unplug.c), 200 cycles: the dummy's device is
# unbound (every 25th cycle the module is unloaded) while a reader waits
# in read() and another in poll(), ioctls and n_vclocks writes are in
# flight, sysfs files are held open, and PPS, a periodic output and an
# input are on.  Every waiter must wake with ENODEV or POLLERR, the held
# files read ENODEV, and a clock bound again while the old one is still
# open gets another index.  The dummy waits 20 ms after
# ptp_clock_unregister() returned and counts any callback that comes
# then: there must be none.  The run's kmemleak scan finds no leak.
# Finally, rmmod ptp is refused while a clock driver uses it.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

if ! core_is_ours; then
	improvement "unregistering waits for calls in progress and refuses new virtual clocks"
	skip_all "would provoke 6.1's use-after-free in unregister"
fi
ptp_dev_by_name ptp_dummy.0 > /dev/null || skip_all "no ptp_dummy clock"
cycles=${PTP_UNPLUG_CYCLES:-200}

# udevd rests meanwhile (udev_pause).  The module, loaded again, keeps
# the 20 ms wait.
conf=/etc/modprobe.d/ptp-unplug-test.conf
restore() {
	rm -f "$conf"
	udev_resume
}
trap restore EXIT
echo "options ptp_dummy unregister_delay_ms=20" > "$conf"
run_ok "reload with unregister_delay_ms=20" dummy_reload
udev_pause
late0=$(cat /sys/kernel/debug/ptp_dummy/late_calls)

out=$(ptp_unplug ptp_dummy ptp_dummy.0 "$cycles" 25 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
is "$rc" 0 "$cycles unplugs with everything in use: every waiter woke, every check held"
is "$(echo "$out" | awk '$1 == "cycles" { print $2 }')" "$cycles" "all $cycles cycles ran"
is "$(($(cat /sys/kernel/debug/ptp_dummy/late_calls) - late0))" 0 \
	"no driver callback after ptp_clock_unregister() returned"
diag "reliability: unplug cycles=$(echo "$out" | awk '$1 == "cycles" { print $2 }')"

run_fails "rmmod ptp is refused while ptp_dummy uses it" rmmod ptp
lsmod | grep -q '^ptp '
ok $? "ptp is still loaded"
restore
trap - EXIT
run_ok "the dummy loads with the defaults" dummy_reload
dev=$(ptp_dev_by_name ptp_dummy.0)
is "$(core_ptp "$dev" gettime | cut -d' ' -f1)" OK "its clock reads its time"
done_testing
