#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl cmp: the best sys-offset method the clock offers (the dummy has
# gettimex64 but no cross-timestamps: extended), each method forced, the
# offset after "set now", and bad sample counts.
# timeout: 300
. "$(dirname "$0")/common.inc"
on_exit() { ptpctl "$DEV" set now; }

exits 0 "cmp" "$DEV" cmp
is "$(field method:)" extended "cmp picks PTP_SYS_OFFSET_EXTENDED for the dummy"
is "$(field samples:)" 5 "5 samples by default"
out_has '^offset: -?[0-9]+ ns' "cmp prints the offset"
out_has '^delay: [0-9]+ ns' "cmp prints the read delay"

exits 0 "cmp --json --samples 25" "$DEV" cmp --json --samples 25
out_has '^\{"device": "/dev/ptp[0-9]+", "method": "extended", "samples": 25, "offset_ns": -?[0-9]+, "delay_ns": [0-9]+, "phc": "[0-9]+\.[0-9]{9}"\}$' \
	"cmp --json"
exits 0 "cmp --method basic" "$DEV" cmp --method basic -n 3
is "$(field method:)" basic "the basic PTP_SYS_OFFSET when asked"
exits 0 "cmp --method extended" "$DEV" cmp --method extended
exits 1 "cmp --method precise on a clock without cross-timestamps" "$DEV" cmp --method precise
err_has "PTP_SYS_OFFSET_PRECISE: Operation not supported" "the failing ioctl is named"

# The offset follows the clock: 1000 s behind after a step of -1000, give
# or take the measured time the commands took.
s0=$SECONDS
ptpctl "$DEV" set now
ptpctl "$DEV" step -1000
pc "$DEV" cmp
off=$(field offset:)
e=$((SECONDS - s0 + 1))
[ -n "$off" ] && [ "$off" -ge $(((-1000 - e) * 1000000000)) ] &&
	[ "$off" -le $(((-1000 + e) * 1000000000)) ]
ok $? "after set now and step -1000 the offset is -1000 s +- ${e} s ($off ns)"

exits 2 "--samples 0" "$DEV" cmp --samples 0
exits 2 "--samples 26" "$DEV" cmp --samples 26
exits 2 "--method magic" "$DEV" cmp --method magic
done_testing
