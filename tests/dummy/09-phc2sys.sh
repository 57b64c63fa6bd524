#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# phc2sys -s CLOCK_REALTIME -c /dev/ptpN -O 0 locks the dummy to the system
# clock, with and without a +50 ppm frequency error, and prints the rms of
# its offsets over a fixed run.  With the error, the servo's frequency
# must end up compensating it.  Asserts only lock and convergence.
# timeout: 1200
. "$(dirname "$0")/common.sh"
command -v phc2sys > /dev/null || skip_all "no phc2sys"

dummy_ptp "$dev" adjtime 2000000 > /dev/null   # 2 ms off to begin with
# 20 s: about 75 updates in s2 on base.  40 s on the debug kernel, where
# the rest of the suite is slower but phc2sys is not (it needs no more
# time to lock; session 12's run had 290 updates in s2 over 80 s).
secs=20
[ "$SLOW" -gt 1 ] && secs=40
for err in 0 50000; do
	echo $err > "$G/freq_error_ppb"
	out=$(timeout -s INT $secs phc2sys -s CLOCK_REALTIME -c "$dev" -O 0 -R 4 \
		-m -q -l 6 2>&1)
	locked=$(echo "$out" | grep -E 'offset +-?[0-9]+ s2 ')
	echo "$locked" | tail -n 3 | sed 's/^/# /'
	n=$(echo "$locked" | grep -c .)
	[ "$n" -ge 10 ]
	ok $? "error $err ppb: phc2sys locked ($n updates in s2)"
	echo "$locked" | tail -n +5 | awk '{ for (i = 1; i < NF; i++) if ($i == "offset") { s += $(i + 1) ^ 2; n++ } }
		END { if (n) printf "# error %d ppb: rms offset %.0f ns over the last %d updates\n", e, sqrt(s / n), n }' e=$err
	# phc2sys prints the correction it computed; it applies the opposite.
	freq=$(echo "$locked" | tail -n 1 | awk '{ for (i = 1; i < NF; i++) if ($i == "freq") print $(i + 1) }')
	freq=${freq#+}
	[ -n "$freq" ] && [ "$freq" -ge $((err - 5000)) ] && [ "$freq" -le $((err + 5000)) ]
	ok $? "error $err ppb: the servo converged on a correction of $freq ppb"
done
done_testing
