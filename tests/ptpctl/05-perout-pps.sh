#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl perout (period, start, phase, duty, one-shot, off) and pps on the
# dummy, checked in the dummy's state; channels out of range (exit 2); an
# on time beyond the period and a read-only descriptor (exit 1).
# timeout: 300
. "$(dirname "$0")/common.inc"
on_exit() {
	for ch in 0 1 2; do ptpctl "$DEV" perout $ch off > /dev/null; done
	ptpctl "$DEV" pps off
}

# "perout<N> <armed> <edges> <missed>" and "pps <on> <count>" in state.
armed() { awk -v k="perout$1" '$1 == k { print $2 }' "$DBG/state"; }

exits 0 "perout 0 --period 0.5 --duty 25" "$DEV" perout 0 --period 0.5 --duty 25
out_has '^perout 0 period 0\.500000000 start [0-9]+\.000000000$' "it reports the period and a whole-second start"
is "$(armed 0)" 1 "FIPER1 is armed"
exits 0 "perout 1 --period 100ms --phase 25ms" "$DEV" perout 1 --period 100ms --phase 25ms
out_has '^perout 1 period 0\.100000000 phase 0\.025000000$' "phase mode is reported"
is "$(armed 1)" 1 "FIPER2 is armed"
exits 0 "perout 2 --period 1 --start +3600 --one-shot --on 1ms" "$DEV" perout 2 --period 1 --start +3600 --one-shot --on 1ms
is "$(armed 2)" 1 "FIPER3 is armed for its one shot"
t=$(( $(ptpctl "$DEV" get | cut -d. -f1) + 100 ))
exits 0 "perout 0 --start $t (absolute)" "$DEV" perout 0 --period 1 --start $t
out_has "start $t\.000000000\$" "the absolute start is used"
for ch in 0 1 2; do
	exits 0 "perout $ch off" "$DEV" perout $ch off
	out_has "^perout $ch off\$" "perout $ch off is reported"
	is "$(armed $ch)" 0 "FIPER$((ch + 1)) is disarmed"
done

exits 2 "perout 3 (out of range)" "$DEV" perout 3 --period 1
err_has "channel 3 out of range: /dev/ptp[0-9]+ has 3 periodic output channels" "the channel range is given"
exits 2 "perout without --period" "$DEV" perout 0
exits 2 "perout --period 0" "$DEV" perout 0 --period 0
exits 2 "perout --start and --phase" "$DEV" perout 0 --period 1 --start +1 --phase 0
exits 2 "perout --duty and --on" "$DEV" perout 0 --period 1 --duty 50 --on 1ms
exits 2 "perout --duty 150" "$DEV" perout 0 --period 1 --duty 150
exits 2 "perout off with options" "$DEV" perout 0 off --period 1
exits 2 "perout 0 on" "$DEV" perout 0 on
exits 1 "an on time longer than the period" "$DEV" perout 0 --period 1 --on 2
err_has "PTP_PEROUT_REQUEST2: Numerical result out of range" "ERANGE names the ioctl"
exits 1 "a phase of a whole period" "$DEV" perout 0 --period 1 --phase 1
exits 1 "--read-only perout" --read-only "$DEV" perout 0 --period 1
err_has "Permission denied \(the clock is open read-only" "read-only perout: EACCES explained"

exits 0 "pps on" "$DEV" pps on
is "$(awk '$1 == "pps" { print $2 }' "$DBG/state")" 1 "the dummy's PPS is on"
exits 0 "pps off" "$DEV" pps off
is "$(awk '$1 == "pps" { print $2 }' "$DBG/state")" 0 "the dummy's PPS is off"
exits 2 "pps maybe" "$DEV" pps maybe
exits 2 "pps without on|off" "$DEV" pps
exits 1 "--read-only pps on" --read-only "$DEV" pps on
err_has "PTP_ENABLE_PPS: Permission denied" "read-only pps: EACCES names the ioctl"
done_testing
