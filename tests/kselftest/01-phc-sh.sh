#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel's own tools/testing/selftests/ptp/phc.sh (settime, adjtime,
# adjfreq through phc_ctl), run from the linux-source-6.1 tree on the dummy.
# timeout: 180
. "$(dirname "$0")/../lib.sh"

phc_sh=$(ls /kcache/src/linux-source-6.1-*/tools/testing/selftests/ptp/phc.sh 2>/dev/null | head -n 1)
[ -n "$phc_sh" ] || skip_all "no linux-source-6.1 tree in /kcache"
dev=$(ptp_dev_by_name ptp_dummy.0) || skip_all "no dummy clock loaded"

out=$(bash "$phc_sh" "$dev" 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
! grep -q SKIP <<< "$out"
ok $? "phc.sh did not skip"
for t in settime adjtime adjfreq; do
	grep -qE "TEST: $t .*\[ OK \]" <<< "$out"
	ok $? "phc.sh $t"
done
ok $rc "phc.sh exit status"
done_testing
