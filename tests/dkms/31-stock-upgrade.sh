#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 1800
# A kernel upgrade with Debian's own packages, the package installed (by
# tests/dkms/30): on stock-6.1, installing the 6.12 kernel's headers and
# image (bookworm's newer line, from vm/build-stock stock-6.12) runs their
# postinst hooks, whose dkms autoinstall builds and installs ptp_dummy.ko
# and ptp_vlink.ko for 6.12 too, and not ptp.ko, saying why once.
# Nothing fails.  Leaves the package and the 6.12 kernel installed, with
# $UPGRADE_MARK, for the reboot into 6.12 (vm/run's PTPVM_SAVE_DISK, then
# PTPVM_DISK with --kernel stock-6.12), where tests/dkms/33 goes on and
# tests/dkms/32 checks that the package's removal takes the modules from
# both kernels.
. "$(dirname "$0")/common.sh"

[ "${PTPVM_KERNEL:-}" = stock-6.1 ] ||
	skip_all "the upgrade starts from Debian's 6.1: vm/run --kernel stock-6.1"
dpkg -s ptp-clock-dkms > /dev/null 2>&1 ||
	skip_all "ptp-clock-dkms is not installed (tests/dkms/30 installs it)"
sdir=$(ls -d /kcache/stock/6.12.*/ 2>/dev/null | while read -r d; do
	[ -e "$d/.done" ] && echo "${d%/}"; done | sort -V | tail -n 1)
[ -n "$sdir" ]
ok $? "the cache has Debian's 6.12 kernel packages (${sdir:-none}; vm/build-stock stock-6.12)"
[ -n "$sdir" ] || done_testing
nrel=$(cat "$sdir/release")
ver=$(pkg_version)
diag "upgrade from $KREL to $nrel"

# The new kernel's initramfs with only what this machine needs to boot
# (MODULES=dep, as many installs have it): under TCG the default "most"
# took over 4 min of gzip alone.
echo MODULES=dep > /etc/initramfs-tools/conf.d/ptp-clock-test
# As "apt install linux-image-6.12-amd64 linux-headers-6.12-amd64" would,
# from the packages vm/build-stock downloaded (the guest has no network):
# the image, its headers (which depend on it) and what they need.
run_ok "apt-get install the $nrel image and headers (their postinst hooks)" \
	apt_install "$sdir"/debs/*.deb
cp "$LOG" /tmp/upgrade.log
grep -E 'dkms|ptp-clock' /tmp/upgrade.log | sed 's/^/#   /' | head -n 20
grep -q "autoinstall for kernel: $nrel" /tmp/upgrade.log
ok $? "the kernel packages' hooks ran dkms autoinstall for $nrel"
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"

row="6.12, core =y"
is "$(dkms_state "$nrel")" installed "row '$row': dkms status: installed for $nrel"
is "$(dkms_state "$KREL")" installed "dkms status: still installed for $KREL"
diag "row '$row': autoinstall built and installed ptp_dummy.ko and ptp_vlink.ko for $nrel"
check_dkms_modules "$nrel" ptp_dummy ptp_vlink
[ -z "$(dkms_file "$nrel" ptp)" ]
ok $? "row '$row': and not ptp.ko"
why="ptp-clock: ptp.ko is not built for kernel $nrel: its PTP clock core is built in"
# (Once per hook that sees the kernel: the image's hook installs for it,
# the headers' hook then finds it installed, and dkms reads the reason.)
n=$(grep -c "^$why" /tmp/upgrade.log)
[ "$n" -ge 1 ]
ok $? "the upgrade's log says why ptp.ko is not built for $nrel ($n times)"
run_ok "dkms autoinstall -k $nrel again (a no-op)" dkms autoinstall -k "$nrel"
dkms status -m "$MODULE" 2>&1 | sed 's/^/#   /'
n=$(dkms status -m "$MODULE" -v "$ver" 2>/dev/null | grep -c ": installed")
is "$n" 2 "dkms status lists $MODULE/$ver installed for both kernels"
mkdir -p "${UPGRADE_MARK%/*}" &&
	printf '%s %s %s\n' "$KREL" "$nrel" "$ver" > "$UPGRADE_MARK" && sync
ok $? "left installed for a reboot into $nrel ($UPGRADE_MARK)"
done_testing
