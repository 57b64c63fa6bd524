#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 2400
# The DKMS package on the guest's own kernel, built against that kernel's
# headers package: apt install makes dkms build our modules into
# updates/dkms, modprobe finds those copies, the dummy clock works and
# stamps a ptp_vlink port, and, on base (PTP core =m), the in-tree e1000e
# loads on our core.  On debug (no PTP core) our core is the only one.
# Leaves the package installed, as a user's machine would have it when the
# kernel is upgraded (tests/dkms/20) and when the package is removed
# (tests/dkms/25): one build of the package serves the three.
#   vm/run --kernel base --core intree --no-dummy -- tests/run dkms
#   vm/run --kernel debug --core none --no-dummy -- tests/run dkms
. "$(dirname "$0")/common.sh"

deb=$(dkms_deb)
[ -n "$deb" ]; ok $? "make deb built $DEB_DIR/ptp-clock-dkms_*_all.deb"
hdr=$(kernel_deb "$PTPVM_KERNEL" headers)
[ -n "$hdr" ]; ok $? "the kernel cache has the headers package of $KREL"
{ [ -n "$deb" ] && [ -n "$hdr" ]; } || done_testing
ver=$(pkg_version)
diag "package version $ver, kernel $KREL ($PTPVM_KERNEL), harness core $PTPVM_CORE"

run_ok "no harness copies of our modules in updates/" drop_harness_modules

intree=/lib/modules/$KREL/kernel/drivers/ptp/ptp.ko
if [ "$PTPVM_KERNEL" = base ]; then
	[ -e "$intree" ]
	ok $? "base has its in-tree ptp.ko (needs vm/run --core intree)"
	modinfo -F filename ptp 2>/dev/null | grep -qx "$intree"
	ok $? "before the package, modinfo ptp is the in-tree core"
else
	[ ! -e "$intree" ] && ! modinfo ptp > /dev/null 2>&1
	ok $? "debug has no PTP core of its own"
fi

run_ok "apt-get install $(basename "$hdr")" apt_install "$hdr"
run_ok "apt-get install $(basename "$deb")" apt_install "$deb"
grep -E '^(Building|Done|Skipped|Error|ptp-clock|[a-z_]+\.ko)' "$LOG" | sed 's/^/#   /'

# README, "Install on a real machine": base is the row "6.1, core =m",
# debug the row "6.1, core absent"; both get ptp.ko, ptp_dummy.ko and
# ptp_vlink.ko.
row="6.1, core =m"
[ "$PTPVM_KERNEL" = debug ] && row="6.1, core absent"
is "$(dkms_state "$KREL")" installed "row '$row': dkms status: $MODULE/$ver installed for $KREL"
dkms status -m "$MODULE" | grep -q "^$MODULE/$ver, $KREL, $ARCH: installed"
ok $? "dkms status names version $ver (from debian/changelog)"
is "$(sed -n '/^[^#]/{p;q;}' "/usr/src/$MODULE-$ver/VERSION")" "$ver" \
	"/usr/src/$MODULE-$ver/VERSION, which dkms.conf reads, names $ver"

! grep -q 'will not replace' "$LOG"
ok $? "dkms did not decline to replace the in-tree module"
dkms_ptp=/lib/modules/$KREL/updates/dkms/ptp.ko
check_dkms_modules "$KREL"
! dpkg -L ptp-clock-dkms | grep -qi kunit &&
	! ls /lib/modules/"$KREL"/updates/dkms/ 2>/dev/null | grep -qi kunit
ok $? "no KUnit test module shipped or installed"

# On base the in-tree NIC driver must now come up on our core.
if [ "$PTPVM_KERNEL" = base ]; then
	run_ok "unload e1000e and the in-tree core" unload_ptp_stack
	run_ok "modprobe e1000e" modprobe e1000e
	udevadm settle --timeout=120
	loaded_core_is "$dkms_ptp"
	ok $? "e1000e pulled in our core (build ID of updates/dkms/ptp.ko)"
	grep -q O /sys/module/ptp/taint 2>/dev/null
	ok $? "the loaded core is out-of-tree (taint O)"
	loaded_core_is "$dkms_ptp" &&
		ls /sys/module/ptp/holders 2>/dev/null | grep -qx e1000e
	ok $? "e1000e holds our ptp module"
	phc=$(e1000e_phc)
	ok $? "e1000e registered its PHC (${phc:-none})"
	[ -n "$phc" ] && run_ok "phc_ctl reads the e1000e clock" phc_ctl "$phc" get
fi

check_dummy_clock "$dkms_ptp"
dev=$(ptp_dev_by_name ptp_dummy.0) && check_vlink "$dev"
run_ok "modprobe -r ptp_dummy" modprobe -r ptp_dummy

diag "left installed: tests/dkms/20 upgrades the kernel, 25 removes the package"
done_testing
