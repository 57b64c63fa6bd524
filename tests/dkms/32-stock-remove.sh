#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 1200
# After tests/dkms/30 on Debian's own kernel (or 31 and the reboot of 33):
# rmmod ptp_vlink and the dummy, "apt-get purge" the package, and nothing
# of it is left: no module in any kernel's updates/dkms, no dkms tree, no
# /usr/src.  Then every kernel but the running one (the one the upgrade
# left behind) is purged too, without failing.
. "$(dirname "$0")/common.sh"

case ${PTPVM_KERNEL:-} in
stock-*) ;;
*) skip_all "needs Debian's own kernel: vm/run --kernel stock-6.1 or stock-6.12" ;;
esac
dpkg -s ptp-clock-dkms > /dev/null 2>&1 ||
	skip_all "ptp-clock-dkms is not installed (tests/dkms/30 installs it)"
ver=$(pkg_version)
kernels=$(ls /lib/modules)
rm -f "$UPGRADE_MARK"

# ptp_vlink holds ptp_dummy: it goes first.
if [ -d /sys/module/ptp_vlink ]; then
	run_ok "rmmod ptp_vlink" rmmod ptp_vlink
fi
if [ -d /sys/module/ptp_dummy ]; then
	run_ok "rmmod ptp_dummy" rmmod ptp_dummy
fi
run_ok "apt-get purge ptp-clock-dkms" apt_purge ptp-clock-dkms
# shellcheck disable=SC2086
check_dkms_gone $kernels
is "$(dkms status -m "$MODULE" 2>/dev/null)" "" "dkms status no longer lists $MODULE"
[ ! -e "/usr/src/$MODULE-$ver" ] && [ ! -e "/var/lib/dkms/$MODULE" ]
ok $? "no /usr/src/$MODULE-$ver and no /var/lib/dkms/$MODULE left"
is "$(mod_file ptp)" "(builtin)" "modinfo ptp is the built-in core"
run_fails "modinfo finds no ptp_dummy" modinfo ptp_dummy
run_fails "modinfo finds no ptp_vlink" modinfo ptp_vlink
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"

# shellcheck disable=SC2086
purge_other_kernels $kernels
done_testing
