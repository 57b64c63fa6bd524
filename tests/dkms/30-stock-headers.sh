#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# timeout: 1800
# Debian's own kernel builds the PTP core in (CONFIG_PTP_1588_CLOCK=y),
# which no module can replace.  With its headers (linux-headers-amd64)
# installed, the package still installs cleanly; dkms declines that kernel
# with a message that says why, builds and installs nothing for it, and
# dkms status shows the module only added (never built) there.  Kernel
# package hooks (dkms autoinstall) for that kernel must not fail either.
# Needs the distro headers in the guest:
#   vm/run --kernel base --core intree --no-dummy --with linux-headers-amd64 \
#       -- tests/run tests/dkms/30-stock-headers.sh
. "$(dirname "$0")/common.sh"
trap cleanup_packages EXIT

spkg=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null |
	grep -o 'linux-headers-[0-9][^ ,]*-amd64' | head -n 1)
[ -n "$spkg" ] ||
	skip_all "no distro kernel headers: run with vm/run --with linux-headers-amd64"
srel=${spkg#linux-headers-}
scfg=/lib/modules/$srel/build/.config
# vm/build-image drops every /lib/modules/*/build link of the rootfs (they
# point at host paths for the guest kernels), the distro headers' one too.
if [ ! -e "/lib/modules/$srel/build" ] && [ -d "/usr/src/linux-headers-$srel" ] &&
   dpkg -L "$spkg" | grep -qx "/lib/modules/$srel/build"; then
	diag "restoring the /lib/modules/$srel/build link that $spkg ships"
	ln -s "/usr/src/linux-headers-$srel" "/lib/modules/$srel/build"
fi
deb=$(dkms_deb)
[ -n "$deb" ]; ok $? "make deb built $DEB_DIR/ptp-clock-dkms_*_all.deb"
[ -n "$deb" ] || done_testing
ver=$(pkg_version)
diag "distro kernel $srel, running $KREL, package $ver"

grep -q '^CONFIG_PTP_1588_CLOCK=y' "$scfg"
ok $? "the distro kernel $srel has the PTP core built in ($scfg)"
run_ok "no harness copies of our modules in updates/" drop_harness_modules

# Only the distro headers: the package installs, and builds nothing.
run_ok "apt-get install $(basename "$deb") with only the distro headers" \
	apt_install "$deb"
is "$(dpkg-query -W -f='${db:Status-Abbrev}' ptp-clock-dkms)" "ii " \
	"dpkg: ptp-clock-dkms is installed"
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"

out=$(dkms build -m "$MODULE" -v "$ver" -k "$srel" 2>&1)
is "$?" 77 "dkms build -k $srel is declined (exit 77: skipped)"
msg=$(grep -o 'ptp-clock: kernel .*' <<< "$out" | head -n 1)
grep -q "PTP clock core built in (CONFIG_PTP_1588_CLOCK=y" <<< "$msg"
ok $? "dkms build says why: the core is built in"
diag "dkms build: $msg"
[ ! -e "/var/lib/dkms/$MODULE/$ver/$srel" ]
ok $? "nothing built for $srel"

out=$(dkms autoinstall -k "$srel" 2>&1)
ok $? "dkms autoinstall -k $srel succeeds (the kernel hooks' command)"
grep -q "ptp-clock: kernel $srel has the PTP clock core built in" <<< "$out"
ok $? "dkms autoinstall says why it skips $srel"
run_ok "the $spkg postinst (header_postinst.d hooks) succeeds" \
	"/var/lib/dpkg/info/$spkg.postinst" configure
is "$(dkms status -m "$MODULE" -k "$srel")" "$MODULE/$ver: added" \
	"dkms status -k $srel: only added, not built or installed"

# Now with the guest kernel's headers too: served there, still not on $srel.
hdr=$(kernel_deb "$PTPVM_KERNEL" headers)
run_ok "apt-get install the $KREL headers" apt_install "$hdr"
run_ok "dkms autoinstall (running kernel $KREL)" dkms autoinstall
is "$(dkms_state "$KREL")" installed "dkms status: installed for $KREL"
out=$(dkms autoinstall -k "$srel" 2>&1)
ok $? "dkms autoinstall -k $srel still succeeds with $KREL installed"
grep -q "ptp-clock: kernel $srel has the PTP clock core built in" <<< "$out"
ok $? "and says why it skips $srel"
run_ok "the $spkg postinst succeeds again" \
	"/var/lib/dpkg/info/$spkg.postinst" configure
is "$(dkms_state "$srel")" "" "dkms status: nothing built or installed for $srel"
dkms status | sed 's/^/#   /'
left=$(ls /lib/modules/"$srel"/updates/dkms/ 2>/dev/null | grep -E '^ptp(_dummy)?\.ko')
is "$left" "" "no ptp modules under /lib/modules/$srel"

run_ok "apt-get purge ptp-clock-dkms" apt_purge ptp-clock-dkms
is "$(dkms status -m "$MODULE" 2>/dev/null)" "" "dkms status no longer lists $MODULE"
is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"
done_testing
