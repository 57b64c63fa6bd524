#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 2400
# The DKMS package on the guest's own kernel, built against that kernel's
# headers package: apt install makes dkms build both modules into
# updates/dkms, modprobe finds those copies, the dummy clock works and, on
# base (PTP core =m), the in-tree e1000e loads on our core.  apt remove and
# purge take it all away again: depmod forgets our modules and the in-tree
# ptp.ko serves e1000e again.  On debug (no PTP core) our core is the only
# one, and after removal there is none.
#   vm/run --kernel base --core intree --no-dummy -- tests/run dkms
#   vm/run --kernel debug --core none --no-dummy -- tests/run dkms
. "$(dirname "$0")/common.sh"
trap cleanup_packages EXIT

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
# debug the row "6.1, core absent"; both get ptp.ko and ptp_dummy.ko.
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
	udevadm settle --timeout=30
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
run_ok "modprobe -r ptp_dummy" modprobe -r ptp_dummy

# Removal.
run_ok "apt-get remove ptp-clock-dkms" apt_quiet apt-get remove -y ptp-clock-dkms
check_dkms_gone "$KREL"
is "$(dkms status -m "$MODULE" 2>/dev/null)" "" "dkms status no longer lists $MODULE"
run_fails "modinfo ptp_dummy finds nothing" modinfo ptp_dummy
if [ "$PTPVM_KERNEL" = base ]; then
	is "$(mod_file ptp)" "$intree" "modinfo ptp resolves to the in-tree core again"
	run_ok "unload e1000e and our (deleted) core" unload_ptp_stack
	run_ok "modprobe e1000e" modprobe e1000e
	udevadm settle --timeout=30
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
done_testing
