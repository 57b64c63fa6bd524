#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 1800
# README, "Install on a real machine", rows "6.1, core =y" and "6.12, core
# =y": on Debian's own kernel (vm/run --kernel stock-6.1 or stock-6.12),
# whose PTP core is built in, with the distro's headers package installed,
# "apt-get install" of the dkms package builds and installs ptp_dummy.ko
# and ptp_vlink.ko against the built-in core and not ptp.ko; the install
# log and "dkms status" say why, once, in one line; the dummy clock works
# and stamps a ptp_vlink port.
# Leaves the package installed and ptp_dummy loaded for the tests that
# run after it in the same guest (tests/check: the kselftest and dummy
# tests, then tests/dkms/31 and 32, which removes it).
. "$(dirname "$0")/common.sh"

case ${PTPVM_KERNEL:-} in
stock-*) ;;
*) skip_all "needs Debian's own kernel: vm/run --kernel stock-6.1 or stock-6.12" ;;
esac
row="${PTPVM_KERNEL#stock-}, core =y"
deb=$(dkms_deb)
[ -n "$deb" ]; ok $? "make deb built $DEB_DIR/ptp-clock-dkms_*_all.deb"
[ -n "$deb" ] || done_testing
ver=$(pkg_version)
diag "Debian kernel $KREL, package $ver"

is "$(modinfo -F filename ptp 2>&1)" "(builtin)" "$KREL: the PTP core is built in (modinfo ptp)"
grep -qx 'CONFIG_PTP_1588_CLOCK=y' "/lib/modules/$KREL/build/.config"
ok $? "$KREL: the headers package says CONFIG_PTP_1588_CLOCK=y"

run_ok "row '$row': apt-get install $(basename "$deb")" apt_install "$deb"
cp "$LOG" /tmp/dkms-install.log
is "$(dpkg-query -W -f='${db:Status-Abbrev}' ptp-clock-dkms)" "ii " \
	"dpkg: ptp-clock-dkms is installed"
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"
is "$(dkms_state "$KREL")" installed "row '$row': dkms status: installed for $KREL"

# 6.12 compresses its modules (.ko.xz), and dkms does as the kernel does.
diag "row '$row': ptp_dummy.ko and ptp_vlink.ko, and not ptp.ko"
check_dkms_modules "$KREL" ptp_dummy ptp_vlink
[ -z "$(dkms_file "$KREL" ptp)" ]
ok $? "row '$row': ptp.ko is not built or installed for $KREL"
is "$(mod_file ptp)" "(builtin)" "modinfo ptp is still the built-in core"

why="ptp-clock: ptp.ko is not built for kernel $KREL: its PTP clock core is built in"
n=$(grep -c "^$why" /tmp/dkms-install.log)
is "$n" 1 "the install log says why ptp.ko is not built, once"
grep "^$why" /tmp/dkms-install.log | head -n 1 | sed 's/^/#   /'
st=$(dkms status -m "$MODULE" 2>&1)
echo "$st" | sed 's/^/#   /'
is "$(grep -c "^$why" <<< "$st")" 1 "dkms status says why, once, in one line"
grep -qx "$MODULE/$ver, $KREL, $ARCH: installed" <<< "$st"
ok $? "dkms status lists $MODULE/$ver installed for $KREL"

check_stock_dummy
done_testing
