#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What the wire does to ptp4l, three pairs side by side (L2, E2E):
#   asym   the directions' delays differ by A = 400 ns: ptp4l sees an
#	   offset near 0, the ground truth shows the slave A/2 behind, as
#	   the protocol predicts;
#   fixed  the same wire, with ptp4l's delayAsymmetry set to match: the
#	   ground truth returns to near 0;
#   jitter 100 ns of uniform jitter: the slave stays locked, rms < 100 ns.
# Then phc2sys syncs CLOCK_REALTIME to the corrected slave's clock: it
# reaches s2, and its rms is reported, not asserted.
# timeout: 300
. "$(dirname "$0")/common.sh"

command -v ptp4l > /dev/null || skip_all "no ptp4l"
net_setup 6 || skip_all "cannot load ptp_dummy clocks=6 and ptp_vlink"
W=$(mktemp -d)
pairs=(asym fixed jitter)
A=400

# pair K NAME: master mK and slave sK on segment K, clocks 2K and 2K+1,
# 40 ppm apart; master to slave 1200 ns, back 800 (asym, fixed) or 800
# both ways (jitter).
n=0
for k in 0 1 2; do
	port_add "m$k" $k $((2 * k)) && port_add "s$k" $k $((2 * k + 1)) || break
	echo 20000 > "$DUMMY_DBG/ptp_dummy.$((2 * k))/freq_error_ppb"
	echo -20000 > "$DUMMY_DBG/ptp_dummy.$((2 * k + 1))/freq_error_ppb"
	dm=$(port_dir "m$k") ds=$(port_dir "s$k")
	echo 300 > "$dm/rx_delay_ns"
	echo 300 > "$ds/rx_delay_ns"
	echo 500 > "$ds/tx_delay_ns"
	if [ $k -lt 2 ]; then
		echo $((500 + A)) > "$dm/tx_delay_ns"
	else
		echo 500 > "$dm/tx_delay_ns"
	fi
	net_ns "mns$k" "m$k" && net_ns "sns$k" "s$k" || break
	ptp4l_conf "$W/$k.conf" L2 E2E twostep
	ptp4l_start "mns$k" "m$k" "$W/$k.conf" "$W/m$k.log"
	extra=()
	[ $k = 1 ] && extra=(--delayAsymmetry=$((A / 2)))
	ptp4l_start "sns$k" "s$k" "$W/$k.conf" "$W/s$k.log" -s "${extra[@]}"
	n=$((n + 1))
done
echo 100 > "$VL/seg2/jitter_ns"
is "$n" 3 "three pairs in namespaces, ptp4l on each"

t0=$(date +%s)
while :; do
	locked "$W/s0.log" 5 10 && locked "$W/s1.log" 5 10 &&
		locked "$W/s2.log" 10 99 && break
	[ $(($(date +%s) - t0)) -lt 180 ] || break
	sleep 2
done
diag "waited $(($(date +%s) - t0)) s"

for k in 0 1; do
	locked "$W/s$k.log" 5 10
	ok $? "${pairs[$k]}: the slave locked, rms under 10 ns"
	diag "${pairs[$k]}: rms max freq delay: $(summaries "$W/s$k.log" | tail -n 1)"
done
d=$(summaries "$W/s0.log" | tail -n 1 | awk '{ print $4 }')
[ -n "$d" ] && [ "$d" -ge 998 ] && [ "$d" -le 1002 ]
ok $? "asym: ptp4l's path delay is the mean of the two directions (${d:-?} ns, model 1000)"
o=$(offset_ns m0 s0)
[ -n "$o" ] && [ "$o" -ge $((-A / 2 - 10)) ] && [ "$o" -le $((-A / 2 + 10)) ]
ok $? "asym: the ground truth has the slave A/2 = $((A / 2)) ns behind (${o:-?} ns)"
o=$(offset_ns m1 s1)
[ -n "$o" ] && [ "$o" -ge -10 ] && [ "$o" -le 10 ]
ok $? "fixed: with delayAsymmetry $((A / 2)), the ground truth is near 0 (${o:-?} ns)"

s=$(summaries "$W/s2.log" | tail -n 10)
diag "jitter: rms max freq delay: $(echo "$s" | tail -n 1)"
[ "$(echo "$s" | grep -c .)" -eq 10 ]
ok $? "jitter: the slave locked and stayed locked for 10 summaries"
locked "$W/s2.log" 10 99
ok $? "jitter: each of their rms is under 100 ns"
is "$(bad_lines "$W"/*.log)" "" "no missing timestamp or fault in any log"

# phc2sys: CLOCK_REALTIME follows the corrected slave's clock.
command -v phc2sys > /dev/null || skip_all "no phc2sys"
dev=/dev/ptp$(clock_phc 3)
out=$(timeout -s INT 20 phc2sys -s "$dev" -c CLOCK_REALTIME -O 0 -R 4 -m -q 2>&1)
phc_ctl CLOCK_REALTIME freq 0 > /dev/null 2>&1
locked=$(echo "$out" | grep -E 'offset +-?[0-9]+ s2 ')
n=$(echo "$locked" | grep -c .)
[ "$n" -ge 10 ]
ok $? "phc2sys synced CLOCK_REALTIME to the slave's clock ($n updates in s2)"
echo "$locked" | tail -n +5 | awk '{ for (i = 1; i < NF; i++) if ($i == "offset") { s += $(i + 1) ^ 2; n++ } }
	END { if (n) printf "# phc2sys: rms offset %.0f ns over the last %d updates\n", sqrt(s / n), n }'

for k in 0 1 2; do
	locked "$W/s$k.log" 5 100 && continue
	diag "--- ${pairs[$k]}: slave log"
	tail -n 30 "$W/s$k.log" | sed 's/^/#   /'
done
rm -r "$W"
done_testing
