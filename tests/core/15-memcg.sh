#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Each open's event queue is charged to the opener's memory cgroup
# (GFP_KERNEL_ACCOUNT), and uncharged at close: 500 opens from a process
# in a cgroup of its own must raise its memory.current by at least 500
# queues (queue_slots events each) more than 500 opens of /dev/null do,
# and closing them must give most of it back.  Needs the memory
# controller (the debug kernel has it).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

if ! core_is_ours; then
	improvement "one queue per open, charged to the opener's memory cgroup"
	skip_all "6.1 has one queue per clock"
fi
dummy=$(ptp_dev_by_name ptp_dummy.0) || skip_all "no ptp_dummy clock"
cg=/sys/fs/cgroup
if [ ! -e $cg/cgroup.controllers ]; then
	mount -t cgroup2 none $cg || skip_all "cannot mount cgroup2"
fi
grep -qw memory $cg/cgroup.controllers || skip_all "no memory controller (CONFIG_MEMCG)"
echo +memory > $cg/cgroup.subtree_control 2> /dev/null
grp=$cg/ptp-memcg-test
mkdir -p $grp
trap 'rmdir $grp 2> /dev/null' EXIT

slots=$(cat /sys/module/ptp/parameters/queue_slots)
n=500
queue=$((slots * 16))
# opens FILE: in a child in the cgroup, open FILE n times; print how many
# opened, and memory.current before, with them open and after closing.
opens() {
	(
		echo $BASHPID > $grp/cgroup.procs || exit 1
		ulimit -n 4096
		c0=$(< $grp/memory.current)
		fds=()
		for ((i = 0; i < n; i++)); do
			exec {fd}< "$1" || break
			fds+=("$fd")
		done
		c1=$(< $grp/memory.current)
		for fd in "${fds[@]}"; do exec {fd}<&-; done
		c2=$(< $grp/memory.current)
		echo "${#fds[@]} $c0 $c1 $c2"
	)
}
# The control: what n opens of /dev/null cost (the files, bash's own).
read -r _ z0 z1 _ <<< "$(opens /dev/null)"
read -r opened c0 c1 c2 <<< "$(opens "$dummy")"
diag "$n opens of /dev/null: memory.current $z0 -> $z1"
diag "$opened opens of $dummy ($queue-byte queues): memory.current $c0 -> $c1 -> $c2 after closing"
is "$opened" $n "$n opens in the cgroup"
grew=$((c1 - c0)) control=$((z1 - z0))
[ $((grew - control)) -ge $((n * queue)) ]
ok $? "the cgroup was charged for the queues ($grew - $control >= $((n * queue)) bytes)"
[ $((c1 - c2)) -ge $((grew * 8 / 10)) ]
ok $? "closing them uncharged most of it ($((c1 - c2)) of $grew bytes)"
done_testing
