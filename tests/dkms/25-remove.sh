#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 1200
# After tests/dkms/10 (and 20, which may have added a kernel): apt remove
# and purge take the package away again, from every kernel it was built
# for.  depmod forgets our modules and, on base (PTP core =m), the in-tree
# ptp.ko serves e1000e again; on debug (no PTP core) there is none.  Then
# every kernel but the running one (the one tests/dkms/20 installed) is
# purged too, without failing.
#   vm/run --kernel base --core intree --no-dummy -- tests/run dkms
. "$(dirname "$0")/common.sh"

dpkg -s ptp-clock-dkms > /dev/null 2>&1 ||
	skip_all "ptp-clock-dkms is not installed (tests/dkms/10 installs it)"
ver=$(pkg_version)
kernels=$(ls /lib/modules)
intree=/lib/modules/$KREL/kernel/drivers/ptp/ptp.ko
diag "package version $ver on $(echo $kernels)"
# ptp_vlink holds ptp_dummy: it goes first.
[ -d /sys/module/ptp_vlink ] && run_ok "rmmod ptp_vlink" rmmod ptp_vlink
[ -d /sys/module/ptp_dummy ] && run_ok "modprobe -r ptp_dummy" modprobe -r ptp_dummy

run_ok "apt-get remove ptp-clock-dkms" apt_quiet apt-get remove -y ptp-clock-dkms
# shellcheck disable=SC2086
check_dkms_gone $kernels
is "$(dkms status -m "$MODULE" 2>/dev/null)" "" "dkms status no longer lists $MODULE"
run_fails "modinfo ptp_dummy finds nothing" modinfo ptp_dummy
run_fails "modinfo ptp_vlink finds nothing" modinfo ptp_vlink
if [ "$PTPVM_KERNEL" = base ]; then
	is "$(mod_file ptp)" "$intree" "modinfo ptp resolves to the in-tree core again"
	run_ok "unload e1000e and our (deleted) core" unload_ptp_stack
	run_ok "modprobe e1000e" modprobe e1000e
	udevadm settle --timeout=120
	loaded_core_is "$intree" &&
		ls /sys/module/ptp/holders 2>/dev/null | grep -qx e1000e
	ok $? "e1000e pulled in the in-tree core again (its build ID)"
	[ -z "$(cat /sys/module/ptp/taint 2>/dev/null)" ]
	ok $? "the loaded core is untainted (in-tree, not out-of-tree O)"
	phc=$(e1000e_phc)
	ok $? "e1000e registered its PHC on the in-tree core (${phc:-none})"
else
	run_fails "modinfo ptp finds no core" modinfo ptp
fi

run_ok "dpkg --purge ptp-clock-dkms" dpkg_purge ptp-clock-dkms
st=$(dpkg-query -W -f='${db:Status-Abbrev}' ptp-clock-dkms 2>/dev/null)
case $st in ""|"un "*|"pn "*) r=0 ;; *) r=1 ;; esac
ok $r "dpkg: ptp-clock-dkms is gone (status '${st}')"
[ ! -e "/usr/src/$MODULE-$ver" ] && [ ! -e "/var/lib/dkms/$MODULE" ]
ok $? "no /usr/src/$MODULE-$ver and no /var/lib/dkms/$MODULE left"
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"

# shellcheck disable=SC2086
purge_other_kernels $kernels
done_testing
