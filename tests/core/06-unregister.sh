#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Unregistering a clock with open files (rmmod ptp_dummy): a reader blocked
# in read() wakes with ENODEV, later calls on the file get ENODEV, poll
# reports an error, virtual clocks go too, nothing is freed early (KASAN
# and kmemleak on the debug kernel), and the index is not reused before the
# last file is closed.
# timeout: 1200
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

dev=$(ptp_dev_by_name ptp_dummy.0) || skip_all "no ptp_dummy clock"
idx=${dev#/dev/ptp}
tmp=$(mktemp -d)
trap 'touch "$tmp/go"; rm -rf "$tmp"' EXIT

# Wait (bounded) until a background core_ptp has printed into file $1 the
# result labelled $2.
wait_result() {
	local i
	for i in $(seq 600); do
		grep -q "^$2: " "$1" && return 0
		sleep 0.1
	done
	return 1
}
# Wait until process $1 sleeps (blocked in read/poll).
wait_blocked() {
	local i st
	for i in $(seq 600); do
		st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)
		[ "$st" = S ] && return 0
		sleep 0.1
	done
	return 1
}

is "$(sysfs_write "$(sysdir "$dev")/n_vclocks" 1)" OK "one virtual clock on the dummy"
udevadm settle 2>/dev/null
vdev=""
for d in /sys/class/ptp/ptp*; do
	[ "$(< "$d/clock_name")" = "ptp${idx}_virt" ] && vdev=/dev/${d##*/}
done
[ -n "$vdev" ]; ok $? "virtual clock $vdev"

command core_ptp "$dev" drain , blocked=read 32 , waitfile "$tmp/gone" , gettime , caps 1 , read 32 , \
	poll 0 , waitfile "$tmp/go" , last=gettime > "$tmp/reader" 2>&1 &
reader=$!
command core_ptp "$dev" drain , poll 60000 > "$tmp/poller" 2>&1 &
poller=$!
command core_ptp "$vdev" drain , read 32 , waitfile "$tmp/gone" , gettime > "$tmp/vreader" 2>&1 &
vreader=$!
wait_result "$tmp/reader" drain && wait_result "$tmp/poller" drain &&
	wait_result "$tmp/vreader" drain &&
	wait_blocked $reader && wait_blocked $poller && wait_blocked $vreader
ok $? "three processes blocked on the clock and its virtual clock"

run_ok "rmmod ptp_dummy with the files open" rmmod ptp_dummy
touch "$tmp/gone"
wait_result "$tmp/reader" poll
out=$(< "$tmp/reader")
is "$(result blocked "$out")" ENODEV "the blocked read returns ENODEV"
is "$(result gettime "$out") $(result caps "$out") $(result read "$out") $(result poll "$out")" \
	"ENODEV ENODEV ENODEV OK ERR" "then gettime, GETCAPS, read: ENODEV; poll: POLLERR"
wait $vreader
out=$(< "$tmp/vreader")
is "$(result read "$out") $(result gettime "$out")" "ENODEV ENODEV" \
	"the virtual clock's reader: ENODEV, then ENODEV"
[ ! -e "$dev" ] && [ ! -e "$vdev" ]; ok $? "$dev and $vdev are gone"
if core_is_ours; then
	wait $poller
	is "$(result poll "$(< "$tmp/poller")")" "OK ERR" "a poller wakes with POLLERR"
	improvement "poll() wakes with POLLERR when the clock goes (6.1 may sleep to the timeout)"
else
	kill $poller 2>/dev/null
	wait $poller 2>/dev/null
	diag "6.1 poller: $(result poll "$(< "$tmp/poller")")"
fi

# The old index stays taken while the reader holds its file.
run_ok "modprobe ptp_dummy again" modprobe ptp_dummy
udevadm settle 2>/dev/null
new=$(ptp_dev_by_name ptp_dummy.0)
[ -n "$new" ] && [ "$new" != "$dev" ]; ok $? "the new clock ($new) does not reuse $dev while it is open"
touch "$tmp/go"
wait $reader
is "$(result last "$(< "$tmp/reader")")" ENODEV "still ENODEV at the last call"
run_ok "rmmod ptp_dummy" rmmod ptp_dummy
run_ok "modprobe ptp_dummy" modprobe ptp_dummy
udevadm settle 2>/dev/null
is "$(ptp_dev_by_name ptp_dummy.0)" "$dev" "after the last close the index is free again"
run_ok "the new clock works" sh -c "core_ptp $dev gettime | grep -q ^OK"
done_testing
