#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 600
# After the upgrade of tests/dkms/31, the reboot into Debian's 6.12 (row
# "6.12, core =y"): the ptp_dummy.ko and ptp_vlink.ko that the kernel's
# postinst hook had dkms build for 6.12 are what modprobe finds, dkms
# status says once why ptp.ko is not there, and the dummy clock works on
# the built-in core and stamps a ptp_vlink port.
# Leaves the package installed, for the stock tests that follow and then
# tests/dkms/32, which removes it from both kernels.
#   PTPVM_SAVE_DISK=/tmp/up.qcow2 vm/run --kernel stock-6.1 -- tests/run \
#	tests/dkms/30-stock-install.sh tests/dkms/31-stock-upgrade.sh
#   PTPVM_DISK=/tmp/up.qcow2 vm/run --kernel stock-6.12 -- tests/run \
#	tests/dkms/33-stock-reboot.sh tests/dkms/32-stock-remove.sh
. "$(dirname "$0")/common.sh"

[ "${PTPVM_KERNEL:-}" = stock-6.12 ] ||
	skip_all "the reboot is into Debian's 6.12: vm/run --kernel stock-6.12"
[ -r "$UPGRADE_MARK" ] ||
	skip_all "no $UPGRADE_MARK: needs the disk kept after tests/dkms/31"
read -r old new ver < "$UPGRADE_MARK"
row="6.12, core =y"

is "$KREL" "$new" "booted into the new kernel $new (the upgrade was from $old)"
is "$(modinfo -F filename ptp 2>&1)" "(builtin)" "$KREL: the PTP core is built in (modinfo ptp)"
is "$(dkms_state "$KREL")" installed "row '$row': dkms status: $MODULE/$ver installed for $KREL"
is "$(dkms_state "$old")" installed "dkms status: still installed for $old"
check_dkms_modules "$KREL" ptp_dummy ptp_vlink
[ -z "$(dkms_file "$KREL" ptp)" ]
ok $? "row '$row': ptp.ko is not built or installed for $KREL"
why="ptp-clock: ptp.ko is not built for kernel $KREL: its PTP clock core is built in"
st=$(dkms status -m "$MODULE" 2>&1)
echo "$st" | sed 's/^/#   /'
is "$(grep -c "^$why" <<< "$st")" 1 "dkms status says why, once, in one line"

check_stock_dummy
done_testing
