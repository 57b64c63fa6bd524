# SPDX-License-Identifier: GPL-2.0
# TAP helpers for the guest test scripts (sourced; POSIX sh + bash-isms ok).
#
#   plan N | no plan (done_testing prints it)
#   ok COND_STATUS "description"      pass when the status is 0
#   run_ok "desc" CMD...               pass when CMD exits 0
#   run_fails "desc" CMD...            pass when CMD exits non-zero
#   is GOT WANT "desc"                 string equality
#   skip "reason" "desc"               a skipped check (never a pass)
#   diag "text"                        a comment line
#   skip_all "reason"                  exit 4: the whole test is skipped
#   done_testing                       prints the plan, exits 1 on failure
#   kunit_suite NAME CASES PREFIX      a loaded KUnit suite's results
#
# Environment from vm/guest-init:
#   PTPVM_KERNEL base|debug, PTPVM_CORE ours|intree|none
#
# Differential testing: the same script runs on our core and on the in-tree
# core.  Where ours deliberately differs, use `if core_is_ours` and call
# improvement "what" so that the difference is documented in the output.

_tap_n=0
_tap_fail=0

plan() { echo "1..$1"; _tap_planned=1; }
diag() { echo "# $*"; }

_tap_result() {
	_tap_n=$((_tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_tap_n - $2"
	else
		echo "not ok $_tap_n - $2"
		_tap_fail=$((_tap_fail + 1))
	fi
}

ok() { _tap_result "$1" "$2"; }

run_ok() {
	local desc=$1; shift
	local out rc
	out=$("$@" 2>&1); rc=$?
	_tap_result $rc "$desc"
	[ $rc -eq 0 ] || { echo "$out" | sed 's/^/#   /'; diag "  command: $* (exit $rc)"; }
	return $rc
}

run_fails() {
	local desc=$1; shift
	local out rc
	out=$("$@" 2>&1); rc=$?
	if [ $rc -ne 0 ]; then _tap_result 0 "$desc"; else
		_tap_result 1 "$desc"; echo "$out" | sed 's/^/#   /'
		diag "  command unexpectedly succeeded: $*"
	fi
	[ $rc -ne 0 ]
}

is() {
	if [ "$1" = "$2" ]; then _tap_result 0 "$3"; else
		_tap_result 1 "$3"; diag "  got:  '$1'"; diag "  want: '$2'"
	fi
}

skip() {
	_tap_n=$((_tap_n + 1))
	echo "ok $_tap_n - $2 # SKIP $1"
}

skip_all() { echo "1..0 # SKIP $*"; exit 4; }

done_testing() {
	[ -n "${_tap_planned:-}" ] || echo "1..$_tap_n"
	[ $_tap_fail -eq 0 ] || exit 1
	exit 0
}

core_is_ours() { [ "${PTPVM_CORE:-ours}" = ours ]; }
core_is_intree() { [ "${PTPVM_CORE:-}" = intree ]; }
improvement() { diag "improvement over 6.1: $*"; }

# kunit_suite NAME CASES PREFIX: the KTAP results of the loaded KUnit
# suite NAME, from debugfs, shown and checked: CASES cases named PREFIX...
# passed, none failed, and the suite is ok.  (6.1's debugfs log leaves a
# failing case's own "not ok" line out: the count of passes catches it.)
kunit_suite() {
	local name=$1 want=$2 prefix=$3 res ktap
	res=/sys/kernel/debug/kunit/$name/results
	[ -r "$res" ]; ok $? "$name: KTAP results in debugfs"
	ktap=$(cat "$res" 2>/dev/null)
	echo "$ktap" | sed 's/^/# /'
	is "$(echo "$ktap" | grep -cE "^ +ok [0-9]+ $prefix")" "$want" "$name: $want test cases passed"
	is "$(echo "$ktap" | grep -cE '^ +not ok ')" 0 "$name: no test case failed"
	echo "$ktap" | grep -qE "^ok [0-9]+ $name\$"
	ok $? "$name: suite ok"
}

# dummy_reload [PARAM=VALUE...]: unload ptp_dummy and load it with these
# parameters (none: the defaults); wait for udev.  The wait is long: a
# udevd just restarted (udev_resume) on the debug kernel, on a busy host,
# took more than 30 s over the events of one reload (CI, session 16).
dummy_reload() {
	modprobe -r ptp_dummy && modprobe ptp_dummy "$@" && udevadm settle --timeout=120
}

# The /dev/ptpN of the first clock whose clock_name matches $1.
ptp_dev_by_name() {
	local d
	for d in /sys/class/ptp/ptp*; do
		[ -e "$d/clock_name" ] || continue
		if [ "$(< "$d/clock_name")" = "$1" ]; then
			echo "/dev/${d##*/}"
			return 0
		fi
	done
	return 1
}

# Errno name of a sysfs write: OK or EINVAL, EPERM, ...
sysfs_write() {
	local err
	err=$( { printf '%s' "$2" > "$1"; } 2>&1 )
	if [ -z "$err" ]; then echo OK; return; fi
	case $err in
	*"Invalid argument"*) echo EINVAL ;;
	*"Operation not permitted"*) echo EPERM ;;
	*"Permission denied"*) echo EACCES ;;
	*"Operation not supported"*) echo EOPNOTSUPP ;;
	*"Numerical result out of range"*) echo ERANGE ;;
	*"No such device"*) echo ENODEV ;;
	*"Device or resource busy"*) echo EBUSY ;;
	*"No space left on device"*) echo ENOSPC ;;
	*"Input/output error"*) echo EIO ;;
	*) echo "$err" ;;
	esac
}

# Project paths inside the guest.
PROJECT=${PROJECT:-/project}
BUILD=${BUILD:-$PROJECT/.build}
PATH=$BUILD/userspace:$BUILD/tests:$PATH
export PATH

# host_stall MS: the host stops the whole guest for MS milliseconds (1 to
# 60000), as an overloaded host or a long SMI would, and returns once the
# guest runs again (vm/run's stall service).  Returns 1 where there is no
# such service (not under vm/run), or if it did not answer in time.
host_stall() {
	local d=/run/ptpvm n=600
	[ -e $d/stall-service ] || return 1
	echo "$1" > $d/stall.req && mv $d/stall.req $d/stall || return 1
	while [ -e $d/stall ] && [ $n -gt 0 ]; do
		sleep 0.1
		n=$((n - 1))
	done
	[ ! -e $d/stall ]
}

# udev_pause: udevd finishes its queue and exits, for a test that makes
# thousands of uevents (binds, module loads): it would start a worker for
# each and, under KASAN, fall minutes behind; devtmpfs makes the nodes
# meanwhile.  udev_resume starts it again (if it is not running) and
# waits for its queue to empty.
udev_pause() {
	udevadm settle --timeout=60
	udevadm control --exit
}
udev_resume() {
	pgrep -x systemd-udevd > /dev/null ||
		/lib/systemd/systemd-udevd --daemon > /dev/null 2>&1
	udevadm settle --timeout=120
}

# serve PROG: from here on, this script's calls of PROG (a program of
# tests/src that has --serve) go to one "PROG --serve" process instead of
# an exec each, which on the debug kernel under TCG saves most of a second
# per call (tests/src/serve.h).  The served calls go one at a time, so a
# call that may run beside another one (in the background) must be
# "command PROG ...".  A served call's stderr is the script's own.
serve() {
	local prog=$1 dir in out
	dir=$(mktemp -d) && mkfifo "$dir/in" "$dir/out" || return 1
	"$prog" --serve < "$dir/in" > "$dir/out" &
	exec {in}> "$dir/in" {out}< "$dir/out"
	rm -r "$dir"
	eval "$prog() { _served $in $out $prog \"\$@\"; }"
}

_served() {
	local in=$1 out=$2 prog=$3 req line
	shift 3
	printf -v req '%s\x1f' "$@"
	case $req in *$'\n'*) command "$prog" "$@"; return ;; esac
	printf '%s\n' "$req" >&"$in" || return 125
	while IFS= read -r line <&"$out"; do
		case $line in
		*$'\x1e'*)
			printf '%s' "${line%$'\x1e'*}"
			return "${line##*$'\x1e'}" ;;
		esac
		printf '%s\n' "$line"
	done
	echo "$prog --serve: no reply" >&2
	return 125
}

# result LABEL OUT: the result of the operation labelled LABEL in OUT, the
# output of a chained core_ptp call, whose lines read "LABEL: RESULT"
# (tests/src/core_ptp.c); without a process.  A label on no line or on
# several prints "<N results labelled LABEL>", which no check expects, and
# returns 1.
result() {
	local line got="" n=0
	while IFS= read -r line; do
		case $line in
		"$1: "*) got=${line#"$1: "}; n=$((n + 1)) ;;
		esac
	done <<< "$2"
	if [ $n -ne 1 ]; then
		printf '<%d results labelled %s>\n' $n "$1"
		return 1
	fi
	printf '%s\n' "$got"
}
