#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ptpctl as a new user tries it (issue 12): a clock named by its network
# interface, getopt conventions, a mistyped command (exit 2, "did you
# mean"), JSON checked with jq (null, booleans, --json on every command
# that prints data), phase with units, an unprivileged list, a list whose
# header lines up with its rows, and the versions of ptpctl and the core.
# timeout: 300
. "$(dirname "$0")/common.inc"
mode=$(stat -c %a "$DEV")
on_exit() {
	chmod "$mode" "$DEV"
	ptpctl "$DEV" perout 0 off > /dev/null
	ptpctl "$DEV" set now
}

# 1. A clock named by its interface: the e1000e NIC's (ETHTOOL_GET_TS_INFO).
nic=$(nic_clock)
ifname=""
for d in /sys/class/net/*; do
	if [ "$(basename "$(readlink -f "$d/device/driver" 2> /dev/null)")" = e1000e ]; then
		ifname=${d##*/}
		break
	fi
done
if [ -n "$nic" ] && [ -n "$ifname" ]; then
	pc "$nic" caps
	nic_caps=$OUT
	exits 0 "caps by interface name $ifname" "$ifname" caps
	is "$OUT" "$nic_caps" "$ifname caps is the caps of $nic"
	exits 0 "get by interface name" "$ifname" get
	exits 0 "-d $ifname get" -d "$ifname" get
	phc=$(ethtool -T "$ifname" | awk -F': *' '/PTP Hardware Clock/ { print $2 }')
	is "/dev/ptp$phc" "$nic" "ethtool -T $ifname names the same clock"
	pc list
	cell=$(printf '%s\n' "$OUT" | awk -v d="$nic" '$2 == d { print $6 }')
	printf '%s\n' "$cell" | tr ',' '\n' | grep -qx "$ifname"
	ok $? "list shows $ifname in the INTERFACES column of $nic ($cell)"
	pc --json list
	jq_is ".[] | select(.device == \"$nic\") | .interfaces | any(. == \"$ifname\")" \
		true "list --json has $ifname in the interfaces of $nic"
else
	for t in "caps by interface name" "same caps" "get by interface name" \
		"-d IFNAME get" "ethtool -T agrees" "list INTERFACES column" \
		"list --json interfaces"; do
		skip "no e1000e interface with a PHC in this guest" "$t"
	done
fi
pc --json list
jq_is ".[] | select(.device == \"$DEV\") | .interfaces | length" 0 \
	"the dummy has no interface"
exits 1 "an interface without a PHC" lo caps
err_has "network interface lo has no PTP hardware clock" "lo: no PHC, said so"

# 2. getopt conventions.
pc "$DEV" caps
caps=$OUT
exits 0 "-jR list (bundled)" -jR list
printf '%s\n' "$OUT" | json_one; ok $? "-jR list prints JSON"
exits 0 "-dDEV caps (argument attached)" "-d$DEV" caps
is "$OUT" "$caps" "-d$DEV caps is the caps"
exits 0 "--device=DEV caps" "--device=$DEV" caps
is "$OUT" "$caps" "--device=$DEV caps is the caps"
exits 0 "-- list" -- list
out_has '^INDEX +DEVICE' "-- list lists"
exits 0 "an option between device and command" "$DEV" --json caps
jq_is .n_pins 5 "DEV --json caps prints JSON"
exits 0 "-j after the command" "$DEV" get -j
jq_is '.sec | type' number "DEV get -j prints JSON"
exits 0 "a negative offset is not an option" "$DEV" step -0.5
exits 2 "-jz: an unknown option in a bundle" -jz list
err_has "unknown option -z" "the unknown letter is named"

# 3. A mistyped command: a usage error with a suggestion.
exits 2 "lsit" lsit
err_has "unknown command 'lsit' \(did you mean 'list'\?\)" "lsit: did you mean 'list'?"
exits 2 "DEV gte" "$DEV" gte
err_has "did you mean 'get'\?" "gte: did you mean 'get'?"
exits 2 "a word that is neither a command nor a clock" xyzzy
err_has "neither a command nor a PTP clock" "xyzzy: neither"

# 4. JSON: null for unknown, booleans for flags, --json everywhere.
exits 0 "list --json" --json list
jq_is "[.[] | .pps, .cross_timestamping, .adjust_phase, .virtual | type] | unique | map(select(. != \"boolean\" and . != \"null\")) | length" \
	0 "list --json: pps, cross_timestamping, adjust_phase and virtual are booleans or null"
jq_is "[.[] | .max_adj, .alarms, .extts, .perout, .pins, .n_vclocks | type] | unique | map(select(. != \"number\" and . != \"null\")) | length" \
	0 "list --json: counts are numbers or null"
jq_is ".[] | select(.device == \"$DEV\") | [.pps, .cross_timestamping, .adjust_phase, .error] | map(tostring) | join(\" \")" \
	"true false true null" "list --json: the dummy's flags, and no error"
jq_is '[.[] | .driver, .parent, .clock_name] | map(select(. == "-")) | length' 0 \
	"list --json: no \"-\" placeholders"
exits 0 "caps --json" "$DEV" caps --json
jq_is '[.pps, .cross_timestamping, .adjust_phase] | map(type) | unique | join(" ")' boolean \
	"caps --json: the flags are booleans"
exits 0 "freq --json" "$DEV" freq --json
jq_is '.ppb | type' number "freq --json: ppb is a number"
pc freq --help
out_has -- '--json' "freq --help documents --json"
exits 0 "perout --json" "$DEV" perout 0 --period 1 --json
jq_is '[.channel, .enabled, .period_ns, .phase_ns, .one_shot] | map(tostring) | join(" ")' \
	"0 true 1000000000 null false" "perout --json: what was programmed"
exits 0 "perout off --json" "$DEV" perout 0 off --json
jq_is .enabled false "perout off --json"
exits 0 "dummy seed --json" "$DEV" dummy seed --json
jq_is '[.control, (.value | type)] | join(" ")' "seed string" "dummy CONTROL --json"
exits 0 "dummy --json" "$DEV" dummy --json
jq_is '[has("seed"), (.trigger == null)] | map(tostring) | join(" ")' "true true" \
	"dummy --json: every control, null for the write-only trigger"
exits 0 "vclocks --json" "$DEV" vclocks --json
jq_is '[.n_vclocks, .max_vclocks] | map(type) | unique | join(" ")' number \
	"vclocks --json: numbers"

# 5. phase takes the unit suffixes of step.
exits 0 "phase 50ms" "$DEV" phase 50ms
left=$(awk '$1 == "slew_left_ns" { print $2 }' "$DBG/state")
[ -n "$left" ] && [ "$left" -gt 0 ] && [ "$left" -le 50000000 ]
ok $? "the dummy is slewing out 50 ms ($left ns left)"
exits 0 "phase -1.5us" "$DEV" phase -1.5us
exits 0 "phase 0.000001s" "$DEV" phase 0.000001s
exits 0 "phase 100 (nanoseconds without a unit)" "$DEV" phase 100
exits 2 "phase 1.5 (not a whole nanosecond)" "$DEV" phase 1.5
exits 2 "phase 3s (beyond 32 bits of ns)" "$DEV" phase 3s

# 6. An unprivileged list of a root-only clock says why, never -1.
chmod 600 "$DEV"
nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups ptpctl "$@"; }
OUT=$(nobody list 2> /dev/null); ok $? "as nobody, list exits 0"
line=$(printf '%s\n' "$OUT" | awk -v d="$DEV" '$2 == d')
printf '%s\n' "$line" | grep -q "permission denied"
ok $? "as nobody, list says permission denied for $DEV ($line)"
printf '%s\n' "$line" | grep -q -- "-1"
[ $? = 1 ]; ok $? "and shows no -1"
OUT=$(nobody list --json 2> /dev/null)
jq_is ".[] | select(.device == \"$DEV\") | [.error, (.cross_timestamping | tostring)] | join(\" \")" \
	"open: permission denied null" "as nobody, list --json has the error"
chmod "$mode" "$DEV"

# 7. The header of list lines up with its rows.
aligned() {
	awk 'NR == 1 {
		for (i = 1; i <= length($0); i++)
			if (substr($0, i, 1) != " " && (i == 1 || substr($0, i - 1, 1) == " "))
				s[++n] = i
		next
	}
	{
		for (k = 2; k <= n; k++)
			if (substr($0, s[k] - 1, 1) != " " || substr($0, s[k], 1) == " " ||
			    substr($0, s[k], 1) == "")
				bad = 1
		rows++
	}
	END { exit bad || n != 7 || !rows }'
}
exits 0 "list" list
printf '%s\n' "$OUT" | aligned
ok $? "list: each header word starts where its column's cells start"
if plain_clock; then
	pc list
	printf '%s\n' "$OUT" | aligned
	ok $? "list with a virtual clock lines up too"
	plain_release
else
	ok 1 "a virtual clock for the list"
fi

# 8. The versions of ptpctl and of the loaded core.
want_core="in-kernel"
[ -e /sys/module/ptp/version ] && want_core="ptp-clock $(cat /sys/module/ptp/version)"
if core_is_ours && [ "$want_core" = in-kernel ]; then
	diag "our ptp.ko has no MODULE_VERSION yet: it shows as in-kernel"
fi
version=$(sed -n '/^[^#]/{p;q;}' "$PROJECT/VERSION")
exits 0 "version" version
is "$OUT" "ptpctl $version"$'\n'"core: $want_core" "version: ptpctl and the core"
pc --version
is "$OUT" "ptpctl $version"$'\n'"core: $want_core" "--version says the same"
exits 0 "version --json" version --json
jq_is '.core' "$want_core" "version --json: the core"
done_testing
