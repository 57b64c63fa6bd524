#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The POSIX clock operations of /dev/ptpN (clock_getres/gettime/settime/
# adjtime through FD_TO_CLOCKID) on the dummy and the e1000e clock, with
# 6.1's checks and error codes, and read-only descriptors.
# timeout: 1200
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

# Seconds part of "OK <sec>.<nsec>".
secs() { sed -n 's/^OK \(-\{0,1\}[0-9]*\)\..*/\1/p'; }

check_clock() {
	local dev=$1 what=$2 max t lo hi phase
	max=$(caps_of "$dev" max_adj)
	phase=$(caps_of "$dev" phase)

	is "$(core_ptp "$dev" getres)" "OK 0.000000001" "$what: resolution 1 ns"
	run_ok "$what: gettime" sh -c "core_ptp $dev gettime | grep -q '^OK '"
	is "$(core_ptp "$dev" settime 100 5)" OK "$what: settime 100.000000005"
	t=$(core_ptp "$dev" gettime | secs)
	[ -n "$t" ] && [ "$t" -ge 100 ] && [ "$t" -lt 1000 ]
	ok $? "$what: reads $t s after settime 100"
	is "$(core_ptp "$dev" settime 100 1000000000)" EINVAL "$what: settime with nsec = 1e9"
	is "$(core_ptp "$dev" settime -1 0)" EINVAL "$what: settime to a negative time"

	# ADJ_SETOFFSET: tv_usec is us, or ns with ADJ_NANO.
	is "$(core_ptp "$dev" adjoffset 1000 5)" "OK freq=0" "$what: ADJ_SETOFFSET +1000 s 5 us"
	t=$(core_ptp "$dev" gettime | secs)
	[ -n "$t" ] && [ "$t" -ge 1100 ] && [ "$t" -lt 2000 ]
	ok $? "$what: reads $t s after stepping 1000 s"
	is "$(core_ptp "$dev" adjoffset -1 999999999 nano)" "OK freq=0" "$what: ADJ_SETOFFSET|ADJ_NANO -1 + 999999999 ns"
	is "$(core_ptp "$dev" adjoffset 1 1000000)" EINVAL "$what: ADJ_SETOFFSET with 1e6 us"
	is "$(core_ptp "$dev" adjoffset 1 1000000000 nano)" EINVAL "$what: ADJ_SETOFFSET|ADJ_NANO with 1e9 ns"
	is "$(core_ptp "$dev" adjoffset 0 -1 nano)" EINVAL "$what: ADJ_SETOFFSET with negative ns"
	is "$(core_ptp "$dev" adjoffset -100000 0)" EINVAL "$what: ADJ_SETOFFSET below time 0"

	# ADJ_FREQUENCY: range-checked in ppb against max_adj.
	lo=$(( max * 8192 / 125 - 1000 ))
	hi=$(( (max + 2) * 8192 / 125 ))
	is "$(core_ptp "$dev" adjfreq "$lo")" "OK freq=$lo" "$what: ADJ_FREQUENCY just below max_adj ($max ppb)"
	is "$(core_ptp "$dev" adjquery)" "OK freq=$lo" "$what: modes=0 returns the dialed frequency"
	is "$(core_ptp "$dev" adjfreq "$hi")" ERANGE "$what: ADJ_FREQUENCY above max_adj"
	is "$(core_ptp "$dev" adjfreq "-$hi")" ERANGE "$what: ADJ_FREQUENCY below -max_adj"
	is "$(core_ptp "$dev" adjquery)" "OK freq=$lo" "$what: a refused frequency is not remembered"
	is "$(core_ptp "$dev" adjfreq -65536)" "OK freq=-65536" "$what: ADJ_FREQUENCY -1 ppm"
	is "$(core_ptp "$dev" adjfreq 0)" "OK freq=0" "$what: ADJ_FREQUENCY 0"

	# ADJ_OFFSET goes to adjphase, when the driver has it.
	if [ "$phase" = 1 ]; then
		is "$(core_ptp "$dev" adjphase 10)" "OK freq=0" "$what: ADJ_OFFSET 10 us (adjphase)"
		is "$(core_ptp "$dev" adjphase -10 nano)" "OK freq=0" "$what: ADJ_OFFSET|ADJ_NANO -10 ns"
	else
		is "$(core_ptp "$dev" adjphase 10)" EOPNOTSUPP "$what: ADJ_OFFSET without adjphase"
	fi
	is "$(core_ptp "$dev" adjmodes 0x10)" EOPNOTSUPP "$what: ADJ_STATUS alone"
	is "$(core_ptp "$dev" adjmodes 0x2000)" EOPNOTSUPP "$what: ADJ_NANO alone"

	# Read-only descriptors read but do not adjust.
	is "$(core_ptp -r "$dev" getres)" "OK 0.000000001" "$what: read-only getres"
	run_ok "$what: read-only gettime" sh -c "core_ptp -r $dev gettime | grep -q '^OK '"
	is "$(core_ptp -r "$dev" settime 1 0)" EACCES "$what: read-only settime"
	is "$(core_ptp -r "$dev" adjoffset 1 0)" EACCES "$what: read-only ADJ_SETOFFSET"
	is "$(core_ptp -r "$dev" adjfreq 1)" EACCES "$what: read-only ADJ_FREQUENCY"
	is "$(core_ptp -r "$dev" adjphase 1)" EACCES "$what: read-only ADJ_OFFSET"
	is "$(core_ptp -r "$dev" adjquery)" "OK freq=0" "$what: read-only modes=0"
}

dummy=$(ptp_dev_by_name ptp_dummy.0)
if [ -n "$dummy" ]; then
	check_clock "$dummy" dummy
	dbg=$(dummy_dbg ptp_dummy.0)
	# A driver error comes back unchanged (the dummy fails on request).
	if [ -w "$dbg/fail_settime" ] && [ -w "$dbg/fail_errno" ]; then
		echo 5 > "$dbg/fail_errno"	# EIO
		echo 1 > "$dbg/fail_settime"
		is "$(core_ptp "$dummy" settime 5 0)" EIO "dummy: settime returns the driver's EIO"
		echo 0 > "$dbg/fail_settime"
	else
		skip "the dummy has no fail_settime" "driver errors propagate"
	fi
else
	skip "no ptp_dummy loaded" "dummy POSIX clock"
fi
e1000e=$(ptp_dev_e1000e)
if [ -n "$e1000e" ]; then
	check_clock "$e1000e" e1000e
else
	skip "no e1000e clock" "e1000e POSIX clock"
fi
done_testing
