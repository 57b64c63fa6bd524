#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 300
# Stress (tests/src/ptp_stress.c): for a fixed time, all at once on the
# dummy's clock, with its generator driving both trigger inputs:
# 16 reader processes with different channel masks (half blocked in
# read(), half in poll()), 16 threads making every ioctl and POSIX clock
# call, an open/close storm, sysfs readers and n_vclocks/period/pps
# writers.  Every reader must get every event of its channels that the
# dummy sent, but for those its queue dropped (the core's debugfs), with
# no duplicate and no reordering; every call must get 0 or an error of
# its arguments; nothing may hang (the hung-task detector runs with 60 s)
# and the run's dmesg check must find no report.
# PTP_STRESS_SECONDS=N makes a soak of it; PTP_STRESS_SEED repeats a run.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

if ! core_is_ours; then
	improvement "one queue per reader, each with its channel mask and drop count"
	skip_all "6.1 splits the events between readers and counts no drops"
fi
dummy=$(ptp_dev_by_name ptp_dummy.0) || skip_all "no ptp_dummy clock"

# Under KASAN and lockdep everything is 10 to 50 times slower: a slower
# generator, for longer.
secs=20 period=100000
[ "${PTPVM_KERNEL:-}" = debug ] && secs=20 period=1000000
secs=${PTP_STRESS_SECONDS:-$secs}
seed=${PTP_STRESS_SEED:-$(date +%s)}
diag "seed $seed: PTP_STRESS_SEED=$seed repeats this run"

hung=/proc/sys/kernel/hung_task_timeout_secs
old_hung=$(cat $hung)
trap 'echo "$old_hung" > $hung' EXIT
echo 60 > $hung

out=$(ptp_stress "$dummy" "$secs" "$period" "$seed" 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
is "$rc" 0 "$secs s of stress on $dummy: every reader got its events, every call an expected result"
field() { echo "$out" | awk -v k="$1" '$1 == k { print $2; exit }'; }
[ "$(field sent)" -gt 0 ] 2> /dev/null
ok $? "the generator sent events ($(echo "$out" | grep '^sent'))"
diag "reliability: stress sent=$(echo "$out" | awk '$1 == "sent" { print $2 + $3 }')" \
	"received=$(field received) dropped=$(field dropped) calls=$(field calls)"
diag "reliability: stress per reader (received+dropped):" \
	"$(echo "$out" | awk '$1 == "reader" { printf "%s+%s ", $8 + $9, $11 }')"
is "$(core_ptp "$dummy" gettime | cut -d' ' -f1)" OK "the clock still reads its time"
# The calls moved the clock and switched outputs and PPS on and off.
run_ok "the dummy unloads and loads again" dummy_reload
done_testing
