#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# No copy-out carries uninitialised kernel memory (tests/src/ptp_poison.c):
# the buffers of GETCAPS, the SYS_OFFSET calls, PIN_GETFUNC (each number)
# and read() are poisoned before each call, and every byte the call does
# not define (reserved fields, padding, a name's tail, unused samples,
# the buffer beyond what read() returned) must be 0 or the poison after.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

dummy=$(ptp_dev_by_name ptp_dummy.0) || skip_all "no ptp_dummy clock"
out=$(ptp_poison "$dummy" "$(dummy_dbg ptp_dummy.0)" 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
is "$rc" 0 "no stray byte in any copy-out of $dummy ($(echo "$out" | tail -n 1))"
n=$(echo "$out" | sed -n 's/^checked \([0-9]*\) calls$/\1/p')
[ "${n:-0}" -ge 30 ]
ok $? "every call was made and checked, twice (${n:-0} calls)"
done_testing
