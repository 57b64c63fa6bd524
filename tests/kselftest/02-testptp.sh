#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel's own testptp (built from linux-source-6.1 by make userspace)
# against the dummy.  testptp's exit status means nothing, so its output is
# checked: a failing ioctl shows up as a perror() line.
# timeout: 120
. "$(dirname "$0")/../lib.sh"

if ! command -v testptp > /dev/null; then
	ok 1 "testptp is built (make userspace)"
	done_testing
fi
dev=$(ptp_dev_by_name ptp_dummy.0) || skip_all "no dummy clock loaded"

# testptp ARGS...: passes when no perror() line (": <errno text>") appears.
testptp_ok() {
	local desc=$1; shift
	local out
	out=$(testptp -d "$dev" "$@" 2>&1)
	echo "$out" | sed 's/^/#   /'
	! grep -qE '^[A-Z_0-9 ]+: |failed|Inappropriate|Invalid argument|not supported' <<< "$out"
	ok $? "$desc"
	LAST_OUT=$out
}

testptp_ok "testptp -c (capabilities)" -c
grep -q '2 programmable alarms' <<< "$LAST_OUT"; ok $? "caps: 2 alarms"
grep -q '2 external time stamp channels' <<< "$LAST_OUT"; ok $? "caps: 2 extts channels"
grep -q '3 programmable periodic signals' <<< "$LAST_OUT"; ok $? "caps: 3 periodic outputs"
grep -q '1 pulse per second' <<< "$LAST_OUT"; ok $? "caps: pps"

testptp_ok "testptp -k 5 (PTP_SYS_OFFSET)" -k 5
grep -q 'system and phc clock time offset' <<< "$LAST_OUT"; ok $? "-k printed offsets"

testptp_ok "testptp -x 5 (PTP_SYS_OFFSET_EXTENDED)" -x 5
grep -qE 'sample #[ ]*4' <<< "$LAST_OUT"; ok $? "-x printed 5 samples"

testptp_ok "testptp -l (list pins)" -l
n=$(grep -c '^name ' <<< "$LAST_OUT")
is "$n" 5 "-l lists 5 pins"

# -z tries extts flag combinations through both ioctl versions; only v2
# validates flags, so an unknown flag must be refused there, and a plain
# rising-edge request must work through both.
out=$(testptp -d "$dev" -z 2>&1)
echo "$out" | sed 's/^/#   /'
grep -qE 'PTP_EXTTS_REQUEST2 flags 0x00000011 : \(-1\) Invalid argument' <<< "$out"
ok $? "-z: v2 refuses an unknown flag with EINVAL"
grep -qE 'PTP_EXTTS_REQUEST2 flags 0x00000003 : \(0\) Success' <<< "$out"
ok $? "-z: v2 accepts enable + rising edge"
grep -qE 'PTP_EXTTS_REQUEST  flags 0x00000003 : \(0\) Success' <<< "$out"
ok $? "-z: v1 accepts enable + rising edge"

testptp_ok "testptp -g (get time)" -g
testptp_ok "testptp -t 1 (shift time by 1 s)" -t 1
testptp_ok "testptp -f 1000 (frequency)" -f 1000
testptp_ok "testptp -f 0 (frequency back)" -f 0
testptp_ok "testptp -i 0 -p 500000000 (periodic output)" -i 0 -p 500000000
testptp_ok "testptp -i 0 -p 0 (periodic output off)" -i 0 -p 0
testptp_ok "testptp -P 1 (pps on)" -P 1
testptp_ok "testptp -P 0 (pps off)" -P 0

# -e: timestamps of triggers injected through the dummy's debugfs.
trig=/sys/kernel/debug/ptp_dummy/ptp_dummy.0/trigger
if [ -w "$trig" ]; then
	testptp -d "$dev" -i 1 -e 2 > /tmp/testptp-e.out 2>&1 &
	pid=$!
	n=0
	while [ $n -lt 50 ] && kill -0 $pid 2>/dev/null; do
		echo 1 > "$trig"; sleep 0.2; n=$((n + 1))
	done
	wait $pid
	sed 's/^/#   /' /tmp/testptp-e.out
	is "$(grep -c '^event index 1 at ' /tmp/testptp-e.out)" 2 "-i 1 -e 2 read two channel-1 events"
else
	skip "no dummy trigger file" "-e reads injected events"
fi

# No cross timestamping on the dummy: testptp must report the ioctl failing.
out=$(testptp -d "$dev" -X 2>&1)
grep -q 'PTP_SYS_OFFSET_PRECISE' <<< "$out"
ok $? "-X fails on a clock without cross timestamping"
done_testing
