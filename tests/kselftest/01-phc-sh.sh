#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel's own tools/testing/selftests/ptp/phc.sh (settime, adjtime,
# adjfreq through phc_ctl), run from the linux-source-6.1 tree on the dummy.
# Its three tests wait 222 s in all, so each runs on a clock of its own
# (ptp_dummy clocks=3), in parallel.
# timeout: 300
. "$(dirname "$0")/../lib.sh"

phc_sh=$(ls /kcache/src/linux-source-6.1-*/tools/testing/selftests/ptp/phc.sh 2>/dev/null | head -n 1)
[ -n "$phc_sh" ] || skip_all "no linux-source-6.1 tree in /kcache"
lsmod | grep -q '^ptp_dummy ' || skip_all "no dummy clock loaded"

modprobe -r ptp_dummy && modprobe ptp_dummy clocks=3
ok $? "reload ptp_dummy with clocks=3"
trap 'modprobe -r ptp_dummy; modprobe ptp_dummy' EXIT
udevadm settle

i=0
for t in settime adjtime adjfreq; do
	dev=$(ptp_dev_by_name "ptp_dummy.$i")
	TESTS=$t bash "$phc_sh" "$dev" > "/tmp/phc-$t.out" 2>&1 &
	i=$((i + 1))
done
wait
for t in settime adjtime adjfreq; do
	out=$(cat "/tmp/phc-$t.out")
	echo "$out" | sed 's/^/# /'
	grep -qE "TEST: $t .*\[ OK \]" <<< "$out" && ! grep -q SKIP <<< "$out"
	ok $? "phc.sh $t"
done
done_testing
