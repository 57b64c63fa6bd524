#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# External timestamps through the dummy's trigger input: read() in whole
# events, the 30-event cap, poll(), the queue depth and its overflow, the
# sysfs fifo; and the improvements of our core: every reader sees every
# event, channel masks, O_NONBLOCK, overflow counters in debugfs.
# timeout: 1200
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

dev=$(ptp_dev_by_name ptp_dummy.0) || skip_all "no ptp_dummy clock"
trig=$(dummy_dbg ptp_dummy.0)/trigger
[ -w "$trig" ] || skip_all "the dummy has no trigger input ($trig)"
[ "$(caps_of "$dev" n_ext_ts)" -ge 2 ] || skip_all "the dummy has fewer than 2 extts channels"
fifo=$(sysdir "$dev")/fifo

# ", write TRIG CHAN" repeated $2 times.
triggers() { local i; for i in $(seq "$2"); do printf ' , write %s %s' "$trig" "$1"; done; }

# A reader blocked in read() with the mask {1} is not woken by 20 events of
# channel 0 (its voluntary context switches do not grow: each wake-up
# would be one), and an event of channel 1 ends its read.
blocked_reader_check() {
	local out pid i before after
	out=$(mktemp)
	command core_ptp "$dev" drain , maskclear , masken 1 , read 32 > "$out" &
	pid=$!
	# Asleep in read(2) (syscall 0 on x86_64).
	for i in $(seq 200); do
		[ "$(cut -d' ' -f1 "/proc/$pid/syscall" 2> /dev/null)" = 0 ] &&
			grep -q '^State:.*S (sleeping)' "/proc/$pid/status" && break
		sleep 0.05
	done
	before=$(awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$pid/status")
	for i in $(seq 20); do echo 0 > "$trig"; done
	after=$(awk '/^voluntary_ctxt_switches/ { print $2 }' "/proc/$pid/status")
	is "$((after - before))" 0 "20 events of channel 0 leave the reader of {1} asleep"
	echo 1 > "$trig"
	wait "$pid"
	case $(result read "$(< "$out")") in
	"OK events=1 1:"*) ok 0 "an event of channel 1 ends its read" ;;
	*) ok 1 "an event of channel 1 ends its read: $(< "$out")" ;;
	esac
	rm -f "$out"
}

is "$(core_ptp "$dev" extts 2 0 3)" OK "enable channel 0, rising edge (EXTTS_REQUEST2)"
is "$(core_ptp "$dev" extts 1 1 1)" OK "enable channel 1 (EXTTS_REQUEST v1)"
while [ -n "$(< "$fifo")" ]; do :; done

# One reader: poll, read whole events, partial sizes.
out=$(core_ptp "$dev" drain , idle=poll 0 , write "$trig" 0 , ready=poll 0 , part=read 31 , \
	read 64 , again=poll 0)
is "$(result idle "$out")" "OK timeout" "poll: nothing queued"
is "$(result ready "$out")" "OK IN" "poll: readable after a trigger"
is "$(result part "$out")" EINVAL "read of 31 bytes (not whole events)"
case $(result read "$out") in
"OK events=1 0:"*) ok 0 "read returns the one event, channel 0" ;;
*) ok 1 "read returns the one event: $(result read "$out")" ;;
esac
is "$(result again "$out")" "OK timeout" "poll: empty again after the read"

# At most 30 events per read; 127 kept of more (6.1's ring of 128).
out=$(eval core_ptp "$dev" drain "$(triggers 1 35)" , first=read 4096 , next=read 4096 , poll 0)
is "$(result first "$out" | cut -d' ' -f1-2) $(result next "$out" | cut -d' ' -f1-2) $(result poll "$out")" \
	"OK events=30 OK events=5 OK timeout" "35 events: a read returns 30, the next 5"
out=$(eval core_ptp "$dev" drain "$(triggers 0 130)" , kept=drain)
is "$(result kept "$out")" "OK drained=127" "130 events without reading: 127 kept"

# The sysfs fifo, one event per read.
while [ -n "$(< "$fifo")" ]; do :; done
echo 1 > "$trig"
case $(< "$fifo") in
"1 "[0-9]*" "[0-9]*) ok 0 "fifo shows 'channel sec nsec'" ;;
*) ok 1 "fifo shows 'channel sec nsec'" ;;
esac
is "$(< "$fifo")" "" "fifo empty after one read"

# Two readers of one clock.
out=$(core_ptp "$dev" drain , open , drain , write "$trig" 0 , use 0 , poll 0 , read 320 , use 1 , \
	second=poll 0)
first=$(result read "$out" | cut -d' ' -f1-2)
is "$first" "OK events=1" "first reader gets the event"
if core_is_ours; then
	is "$(result second "$out")" "OK IN" "second reader gets it too"
	improvement "every open file has its own extts queue (6.1: readers steal events)"
else
	is "$(result second "$out")" "OK timeout" "6.1: the second reader's event was taken by the first"
fi

if core_is_ours; then
	improvement "per-file channel masks (PTP_MASK_CLEAR_ALL, PTP_MASK_EN_SINGLE)"
	out=$(core_ptp "$dev" drain , maskclear , write "$trig" 0 , write "$trig" 1 , poll 0 , \
		masken 1 , write "$trig" 0 , write "$trig" 1 , read 320 , beyond=masken 5)
	is "$(result poll "$out")" "OK timeout" "cleared mask: no channel delivered"
	case $(result read "$out") in
	"OK events=1 1:"*) ok 0 "mask {1}: only the channel 1 event" ;;
	*) ok 1 "mask {1}: only the channel 1 event: $(result read "$out")" ;;
	esac
	is "$(result beyond "$out")" EINVAL "PTP_MASK_EN_SINGLE beyond n_ext_ts"
	out=$(core_ptp "$dev" open , maskclear , use 0 , drain , write "$trig" 0 , use 1 , masked=poll 0 , \
		use 0 , other=poll 0)
	is "$(result masked "$out")" "OK timeout" "a mask is per file: the masked file sees nothing"
	is "$(result other "$out")" "OK IN" "a mask is per file: the other file sees the event"

	improvement "an event wakes only the readers it is queued for"
	blocked_reader_check

	improvement "O_NONBLOCK read returns EAGAIN (6.1 blocks)"
	is "$(result read "$(core_ptp -n "$dev" drain , read 32)")" EAGAIN "O_NONBLOCK read of an empty queue"

	improvement "dropped events are counted per queue in debugfs"
	q=/sys/kernel/debug/ptp/${dev#/dev/}/queues
	out=$(eval core_ptp "$dev" drain "$(triggers 0 130)" , cat "$q")
	me=$(echo "$out" | grep "^pid:" | tail -n 1)
	is "$(echo "$me" | cut -d' ' -f2-3)" "127 3" "debugfs: this reader has 127 queued, 3 dropped"
	echo "$out" | grep -q '^sysfs [0-9]* [0-9]* 0-1$'
	ok $? "debugfs: the sysfs fifo queue is listed with channels 0-1"
else
	out=$(timeout 5 core_ptp -n "$dev" drain , read 32)
	rc=$?
	is "$rc:$(result drain "$out")" "124:OK drained=0" "6.1: O_NONBLOCK read blocks (killed by timeout)"
fi

out=$(core_ptp "$dev" ch0=extts 2 0 0 , ch1=extts 1 1 0)
is "$(result ch0 "$out") $(result ch1 "$out")" "OK OK" "disable both channels"
is "$(result poll "$(core_ptp "$dev" drain , write "$trig" 0 , poll 0)")" "OK timeout" "no events from a disabled channel"
done_testing
