#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl dummy: list, read and write the ptp_dummy debugfs controls, inject
# a trigger and failures (which the other subcommands then report with the
# errno); unknown or unsafe control names (exit 2), values the driver
# refuses and clocks that are not dummies (exit 1).
# timeout: 240
. "$(dirname "$0")/common.inc"
on_exit() {
	plain_release
	ptpctl "$DEV" dummy alarm1 off
	ptpctl "$DEV" dummy seed 1
	for f in fail_gettime fail_settime fail_adjfine fail_enable; do
		ptpctl "$DEV" dummy $f 0
	done
	ptpctl "$DEV" dummy fail_errno 5
	ptpctl "$DEV" extts 0 --disable
}

exits 0 "dummy (list the controls)" "$DEV" dummy
out_has '^freq_error_ppb +0$' "freq_error_ppb is listed with its value"
out_has '^trigger +\(write-only\)$' "trigger is listed as write-only"
out_has '^state:$' "state is listed"
out_has '^  time_ns [0-9]+$' "with its lines indented"
n_files=$(ls "$DBG" | wc -l)
n_listed=$(printf '%s\n' "$OUT" | grep -c '^[a-z]')
is "$n_listed" "$n_files" "every file in $DBG is listed"

exits 0 "dummy seed" "$DEV" dummy seed
is "$OUT" "$(< "$DBG/seed")" "a control reads as its debugfs file"
exits 0 "dummy seed 42" "$DEV" dummy seed 42
is "$(< "$DBG/seed")" 42 "the write reached debugfs"
pc "$DEV" dummy seed
is "$OUT" 42 "and reads back"
exits 0 "dummy state" "$DEV" dummy state
out_has '^extts0 ' "state has the extts counters"

# A trigger through ptpctl reaches an extts listener.
bg_start t "$DEV" extts 0 --count 1 --timeout 60
exits 0 "dummy trigger 0 rising" "$DEV" dummy trigger 0 rising
bg_wait t; ok $? "the injected edge arrived as an extts event"

# An alarm armed through ptpctl ("+NS" is a value, not an option).  The
# count of firings is the clock's since it was made: earlier tests may
# have fired the alarm already.
pc "$DEV" dummy alarm1
fired0=$(field fired)
exits 0 "dummy alarm1 +1000000" "$DEV" dummy alarm1 +1000000
for ((i = 0; i < 200; i++)); do
	pc "$DEV" dummy alarm1
	[ "$(field fired)" = $((fired0 + 1)) ] && break
	sleep 0.1
done
is "$(field fired)" $((fired0 + 1)) "the alarm fired once"
[ -n "$(field fired_at)" ] && [ "$(field fired_at)" -ge "$(field target)" ]
ok $? "not before its target ($(field fired_at) >= $(field target))"
exits 0 "dummy alarm1 off" "$DEV" dummy alarm1 off

# Failure injection: the next call fails with fail_errno.
exits 0 "dummy fail_gettime 1" "$DEV" dummy fail_gettime 1
exits 1 "get fails once" "$DEV" get
err_has "clock_gettime: Input/output error" "with the injected EIO, naming the call"
exits 0 "then get works again" "$DEV" get
ptpctl "$DEV" dummy fail_errno 16
ptpctl "$DEV" dummy fail_settime 1
exits 1 "set fails with the injected EBUSY" "$DEV" set 100
err_has "clock_settime: Device or resource busy" "EBUSY reported"
ptpctl "$DEV" dummy fail_errno 5
ptpctl "$DEV" dummy fail_adjfine 1
exits 1 "freq fails with the injected EIO" "$DEV" freq 10
err_has "clock_adjtime\(ADJ_FREQUENCY\): Input/output error" "EIO reported"
ptpctl "$DEV" dummy fail_enable 1
exits 1 "pps on fails with the injected EIO" "$DEV" pps on
err_has "PTP_ENABLE_PPS: Input/output error" "EIO reported"

exits 1 "a value the driver refuses" "$DEV" dummy jitter_ns abc
err_has "write jitter_ns: Invalid argument \(the driver refused the value\)" "EINVAL explained"
exits 1 "trigger on channel 5" "$DEV" dummy trigger 5
exits 2 "reading the write-only trigger" "$DEV" dummy trigger
exits 2 "an unknown control" "$DEV" dummy no_such_control
err_has "no control 'no_such_control'" "the control is named"
exits 2 "a control outside the clock's directory" "$DEV" dummy ../../../etc/passwd
exits 2 "an absolute control path" "$DEV" dummy /etc/passwd

exits 0 "dummy without a device" dummy
out_has '^ptp_dummy\.0/seed +[0-9]+$' "the top directory lists each clock's controls"
if plain_clock; then
	exits 1 "dummy on $PLAIN" "$PLAIN" dummy
	err_has "is not a ptp_dummy clock" "not a dummy"
	plain_release
else
	ok 1 "a clock that is not a dummy (a virtual clock)"
fi
done_testing
