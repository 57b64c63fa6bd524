#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 3600
# A kernel upgrade with the package installed: the other guest flavour
# plays the new kernel.  Installing its headers and then its image runs
# the image's postinst hooks (/etc/kernel/postinst.d/dkms), so dkms
# autoinstall builds our modules for it too, and dkms status lists both
# kernels.  Removing the package removes them from both.
# If tests/dkms/10 left the package installed, the upgrade starts from
# there, and the package and the new kernel are left for tests/dkms/25 to
# remove; otherwise this test installs the package and removes it too.
# With DKMS_REBOOT=1 the test stops before the removal and leaves the
# package and the new kernel installed, for a reboot into the new kernel
# (vm/run's PTPVM_SAVE_DISK), where tests/dkms/21-new-kernel.sh goes on.
. "$(dirname "$0")/common.sh"

other=$(other_flavour "$PTPVM_KERNEL")
orel=$(flavour_release "$other")
installed=0
dpkg -s ptp-clock-dkms > /dev/null 2>&1 && installed=1
cleanup() {
	[ -e "$UPGRADE_MARK" ] && return 0
	[ $installed = 1 ] && return 0
	cleanup_packages
	apt-get purge -y "linux-image-$orel" "linux-headers-$orel" > /dev/null 2>&1
	true
}
trap cleanup EXIT

deb=$(dkms_deb)
hdr=$(kernel_deb "$PTPVM_KERNEL" headers)
ohdr=$(kernel_deb "$other" headers)
oimg=$(kernel_deb "$other" image)
[ -n "$deb" ]; ok $? "make deb built $DEB_DIR/ptp-clock-dkms_*_all.deb"
[ -n "$hdr" ]; ok $? "the kernel cache has the headers of $KREL"
[ -n "$ohdr" ] && [ -n "$oimg" ]
ok $? "the kernel cache has the headers and image of $orel (vm/build-kernel --debs $other)"
{ [ -n "$deb" ] && [ -n "$hdr" ] && [ -n "$ohdr" ] && [ -n "$oimg" ]; } || done_testing
ver=$(pkg_version)
# The README's row of the new kernel: debug has no PTP core, base's is =m.
orow="6.1, core absent"
[ "$other" = base ] && orow="6.1, core =m"

if [ $installed = 1 ]; then
	diag "the package is installed already (tests/dkms/10)"
else
	run_ok "no harness copies of our modules in updates/" drop_harness_modules
	run_ok "apt-get install the $KREL headers" apt_install "$hdr"
	run_ok "apt-get install $(basename "$deb")" apt_install "$deb"
fi
is "$(dkms_state "$KREL")" installed "dkms status: installed for the running $KREL"
is "$(dkms_state "$orel")" "" "nothing yet for $orel"

# The upgrade: headers first, then the image, whose postinst runs the hooks.
run_ok "apt-get install the $orel headers" apt_install "$ohdr"
run_ok "apt-get install the $orel image (postinst.d hooks)" apt_install "$oimg"
grep -q "autoinstall.*$orel" "$LOG"
ok $? "the image's postinst ran dkms autoinstall for $orel"
grep -E 'dkms|ptp' "$LOG" | sed 's/^/#   /' | head -n 20

is "$(dkms_state "$orel")" installed "dkms status: installed for $orel"
is "$(dkms_state "$KREL")" installed "dkms status: still installed for $KREL"
n=$(dkms status -m "$MODULE" -v "$ver" | grep -c ": installed")
is "$n" 2 "dkms status lists $MODULE/$ver installed for both kernels"
dkms status -m "$MODULE" | sed 's/^/#   /'
for m in ptp ptp_dummy ptp_vlink; do
	f=$(mod_file "$m" "$orel")
	is_dkms_copy "$f" && modinfo -F vermagic "$f" | grep -q "^$orel "
	ok $? "row '$orow': $orel: modinfo -k $orel $m is the dkms copy built for it ($f)"
done
# An explicit autoinstall for a kernel that has the modules is a no-op.
run_ok "dkms autoinstall -k $orel again" dkms autoinstall -k "$orel"

if [ "${DKMS_REBOOT:-0}" = 1 ]; then
	mkdir -p "${UPGRADE_MARK%/*}" &&
		printf '%s %s %s\n' "$KREL" "$orel" "$ver" > "$UPGRADE_MARK" && sync
	ok $? "left installed for a reboot into $orel ($UPGRADE_MARK)"
	done_testing
fi

if [ $installed = 1 ]; then
	diag "left installed, with $orel, for tests/dkms/25 to remove"
	done_testing
fi
run_ok "apt-get purge ptp-clock-dkms" apt_purge ptp-clock-dkms
check_dkms_gone "$KREL" "$orel"
is "$(dkms status -m "$MODULE" 2>/dev/null)" "" "dkms status no longer lists $MODULE"
run_ok "apt-get purge the $orel image and headers" \
	apt_purge "linux-image-$orel" "linux-headers-$orel"
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"
done_testing
