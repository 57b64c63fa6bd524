#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl: help, list, caps, get, the ways to name a device, usage errors
# (exit 2) and devices that are not PHCs (exit 1).
# timeout: 600
. "$(dirname "$0")/common.inc"
idx=${DEV#/dev/ptp}

exits 0 "--help" --help
out_has '^usage: ptpctl' "--help prints the usage"
for cmd in list caps get cmp set step freq phase pins pin perout pps extts \
	monitor vclocks dummy version; do
	pc "$cmd" --help
	[ "$RC" = 0 ] && printf '%s\n' "$OUT" | grep -q "^usage: ptpctl .*$cmd"
	ok $? "$cmd --help prints its usage and exits 0"
done
exits 0 "help perout" help perout
out_has -- '--one-shot' "help perout documents --one-shot"

# list: every clock in sysfs, the dummy with its driver and capabilities.
exits 0 "no arguments lists the clocks" 
n_sys=$(ls -d /sys/class/ptp/ptp* | wc -l)
n_list=$(printf '%s\n' "$OUT" | grep -c '^[0-9]')
is "$n_list" "$n_sys" "the list has one line per /sys/class/ptp entry"
exits 0 "list" list
line=$(printf '%s\n' "$OUT" | awk -v d="$DEV" '$2 == d')
printf '%s\n' "$line" | grep -Eq "ptp_dummy\.0 +ptp_dummy +ptp_dummy\.0 +- +max_adj=[0-9]+ alarms=2 extts=2 perout=3 pins=5 pps=1"
ok $? "list shows the dummy: name, driver, parent, no interface, caps ($line)"
exits 0 "list --json" --json list
printf '%s\n' "$OUT" | json_one
ok $? "list --json is valid JSON (jq)"
jq_is ".[] | select(.device == \"$DEV\") | [.clock_name, .driver, .parent] | join(\" \")" \
	"ptp_dummy.0 ptp_dummy ptp_dummy.0" "list --json has the dummy's name, driver and parent"
for args in caps get cmp pins vclocks freq; do
	pc --json "$DEV" $args
	printf '%s\n' "$OUT" | json_one
	ok $? "$args --json is valid JSON (jq)"
done

# caps, and the same clock by path, index, ptpN and clock_name.
exits 0 "caps by clock_name" ptp_dummy.0 caps
caps_name=$OUT
is "$(field n_ext_ts)" 2 "caps: n_ext_ts 2"
is "$(field n_per_out)" 3 "caps: n_per_out 3"
is "$(field n_pins)" 5 "caps: n_pins 5"
is "$(field pps)" 1 "caps: pps 1"
is "$(field adjust_phase)" 1 "caps: adjust_phase 1"
is "$(field clock_name)" ptp_dummy.0 "caps: clock_name"
for spec in "$DEV" "$idx" "ptp$idx"; do
	pc "$spec" caps
	is "$OUT" "$caps_name" "caps of '$spec' is the caps of ptp_dummy.0"
done
pc -d ptp_dummy.0 caps
is "$OUT" "$caps_name" "-d ptp_dummy.0 caps"
pc "$DEV"
is "$OUT" "$caps_name" "a device alone shows its caps"
exits 0 "caps --json" ptp_dummy.0 caps --json
jq_is '[.n_ext_ts, .n_per_out, .pps, .n_pins, .adjust_phase] | map(tostring) | join(" ")' \
	"2 3 true 5 true" "caps --json fields (flags are booleans)"

# get
exits 0 "get" "$DEV" get
out_has '^[0-9]+\.[0-9]{9}$' "get prints SECONDS.NANOSECONDS ($OUT)"
exits 0 "get --json" "$DEV" get --json
out_has '^\{"device": "/dev/ptp[0-9]+", "sec": [0-9]+, "nsec": [0-9]+, "time": "[0-9]+\.[0-9]{9}"\}$' "get --json"

# Usage errors: exit 2.
exits 2 "an unknown command" "$DEV" frobnicate
err_has "unknown command 'frobnicate'" "the unknown command is named"
exits 2 "an unknown global option" --frob
exits 2 "an unknown command option" "$DEV" get --frob
err_has "unknown option --frob" "the unknown option is named"
exits 2 "an option without its argument" "$DEV" cmp --samples
exits 2 "a command that needs a device, without one" get
err_has "needs a device" "says that it needs a device"
exits 2 "list with a device" "$DEV" list
exits 2 "an extra argument" "$DEV" get 5

# Not a PHC, or no such clock: exit 1, before any ioctl.
exits 1 "/dev/null" /dev/null get
err_has "/dev/null is not a PTP hardware clock" "/dev/null: not a PTP hardware clock"
exits 1 "a regular file" /etc/hostname caps
err_has "not a PTP hardware clock \(not a character device\)" "a regular file: not a character device"
exits 1 "a missing path" /dev/ptp999 get
err_has "stat: No such file or directory" "a missing path: the failing call is named"
exits 1 "an index with no clock" 999 get
err_has "no PTP clock with index 999" "no clock with index 999"
exits 1 "an unknown clock_name" no_such_clock get
err_has "no PTP clock named 'no_such_clock'" "no clock by that name"
done_testing
