#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 900
# After the kernel upgrade of tests/dkms/20 (run with DKMS_REBOOT=1 on a
# kept disk), the reboot into the new kernel: the modules that dkms built
# for it from the kernel's postinst hook are the ones modprobe finds, the
# dummy clock works on them, and removing the package there takes our
# modules away from both kernels.  With base as the old kernel, the new
# one is debug, which has no PTP core: the package's ptp.ko is the core.
#   PTPVM_SAVE_DISK=/tmp/up.qcow2 vm/run --kernel base --core intree \
#	--no-dummy -- env DKMS_REBOOT=1 tests/run tests/dkms/20-kernel-upgrade.sh
#   PTPVM_DISK=/tmp/up.qcow2 vm/run --kernel debug --core none \
#	--no-dummy -- tests/run tests/dkms/21-new-kernel.sh
. "$(dirname "$0")/common.sh"

[ -r "$UPGRADE_MARK" ] ||
	skip_all "no $UPGRADE_MARK: needs the disk kept after tests/dkms/20 with DKMS_REBOOT=1"
read -r old new ver < "$UPGRADE_MARK"
trap 'cleanup_packages; rm -f "$UPGRADE_MARK"' EXIT

is "$KREL" "$new" "booted into the new kernel $new (the upgrade was from $old)"
intree=/lib/modules/$KREL/kernel/drivers/ptp/ptp.ko
if [ "$PTPVM_KERNEL" = debug ]; then
	[ ! -e "$intree" ]
	ok $? "$KREL has no PTP core of its own"
else
	[ -e "$intree" ]
	ok $? "$KREL has its in-tree ptp.ko (which ours overrides)"
fi
is "$(dkms_state "$KREL")" installed "dkms status: $MODULE/$ver installed for $KREL"
is "$(dkms_state "$old")" installed "dkms status: still installed for $old"

dkms_ptp=/lib/modules/$KREL/updates/dkms/ptp.ko
check_dkms_modules "$KREL"
if [ -d /sys/module/ptp ]; then
	loaded_core_is "$dkms_ptp"
	ok $? "the PTP core that udev loaded at boot is the dkms copy"
fi

check_dummy_clock "$dkms_ptp"
run_ok "modprobe -r ptp_dummy" modprobe -r ptp_dummy
run_ok "unload the PTP core" unload_ptp_stack

# Removal, on the new kernel, from both.
run_ok "apt-get purge ptp-clock-dkms" apt_purge ptp-clock-dkms
check_dkms_gone "$KREL" "$old"
is "$(dkms status -m "$MODULE" 2>/dev/null)" "" "dkms status no longer lists $MODULE"
[ ! -e "/usr/src/$MODULE-$ver" ] && [ ! -e "/var/lib/dkms/$MODULE" ]
ok $? "no /usr/src/$MODULE-$ver and no /var/lib/dkms/$MODULE left"
if [ "$PTPVM_KERNEL" = debug ]; then
	run_fails "modinfo ptp finds no core" modinfo ptp
else
	is "$(mod_file ptp)" "$intree" "modinfo ptp resolves to the in-tree core again"
fi
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"
done_testing
