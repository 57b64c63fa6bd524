# SPDX-License-Identifier: GPL-2.0
# Shared by the tests/core scripts (sourced after tests/lib.sh).

# One core_ptp process serves the script's calls (tests/lib.sh: serve).
serve core_ptp || exit 1

# The e1000e NIC's clock (an in-tree driver), if there is one.
ptp_dev_e1000e() {
	local d drv
	for d in /sys/class/ptp/ptp*; do
		drv=$(basename "$(readlink -f "$d/device/driver" 2>/dev/null)")
		[ "$drv" = e1000e ] && { echo "/dev/${d##*/}"; return 0; }
	done
	return 1
}

# A field of "core_ptp DEV caps 1", e.g. caps_of /dev/ptp0 n_ext_ts.
caps_of() {
	local kv
	for kv in $(core_ptp "$1" caps 1); do
		[ "${kv%%=*}" = "$2" ] && echo "${kv#*=}"
	done
}

sysdir() { echo "/sys/class/ptp/${1#/dev/}"; }

# The dummy's debugfs directory for clock_name $1.
dummy_dbg() { echo "/sys/kernel/debug/ptp_dummy/$1"; }
