#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ts2phc -s generic locks the dummy to the pulse of its built-in generator
# (1 PPS aligned to CLOCK_REALTIME, into trigger input 1 / EXTTS 0, which
# ts2phc sets up through pin TRIG_IN1), also with a +50 ppm frequency error
# to correct.  Prints the offsets and their rms; asserts only that the
# servo locks (state s2).
# timeout: 1200
. "$(dirname "$0")/common.sh"
command -v ts2phc > /dev/null || skip_all "no ts2phc"

echo 1000000000 > "$G/gen_period_ns"
echo 1 > "$G/gen_channels"
phc_ctl "$dev" set > /dev/null 2>&1   # near CLOCK_REALTIME, as ts2phc needs
dummy_ptp "$dev" adjtime 3000000 > /dev/null   # then 3 ms off
log=$(mktemp)
trap 'rm -f "$log"; dummy_quiesce; dummy_reset "$G"' EXIT
s2_lines() { grep -cE 'offset +-?[0-9]+ s2 ' "$log"; }
locked() { [ "$(s2_lines)" -ge 8 ]; }
for err in 0 50000; do
	echo $err > "$G/freq_error_ppb"
	# Until 8 updates in s2 (about 11 s, given up after 60 s).
	ts2phc -c "$dev" -s generic -m -q -l 7 > "$log" 2>&1 &
	pid=$!
	wait_for 60 locked
	kill -INT $pid
	wait $pid
	offs=$(grep -E 'offset +-?[0-9]+ s2 ' "$log")
	echo "$offs" | tail -n 4 | sed 's/^/# /'
	n=$(echo "$offs" | grep -c .)
	[ "$n" -ge 8 ]
	ok $? "frequency error $err ppb: ts2phc locked ($n updates in s2)"
	echo "$offs" | awk '{ for (i = 1; i < NF; i++) if ($i == "offset") { s += $(i + 1) ^ 2; n++ } }
		END { if (n) printf "# rms offset in s2: %.0f ns over %d updates\n", sqrt(s / n), n }'
done
[ "$(awk '$1 == "extts0" { print $3 }' "$G/state")" -ge 10 ]
ok $? "the timestamps came through EXTTS 0"
done_testing
