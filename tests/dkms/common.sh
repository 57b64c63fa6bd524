# SPDX-License-Identifier: GPL-2.0
# Shared by the tests/dkms/*.sh guest tests (sourced, not a test itself).
#
# The packages come from `make deb` on the host (.build/deb/), the guest
# kernels' headers and images from the kernel cache (/kcache/kernel/), and
# everything installs from those local .debs: the guest has no network.

. "$(dirname "$0")/../lib.sh"

MODULE=ptp-clock
DEB_DIR=$BUILD/deb
KREL=$(uname -r)
ARCH=$(uname -m)
LOG=/tmp/dkms-test.log
# Left by tests/dkms/20 (DKMS_REBOOT=1) and 31 for the reboot into the
# new kernel (tests/dkms/21 and 33): "OLD-KERNEL NEW-KERNEL VERSION".
UPGRADE_MARK=/var/lib/ptp-clock-test/upgrade
export DEBIAN_FRONTEND=noninteractive

# The guest mounts a bare devtmpfs on /dev, without the /dev/fd links that
# udev or systemd would make; dkms needs them for its <(...) redirections.
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
[ -e /dev/stdin ] || ln -s /proc/self/fd/0 /dev/stdin
[ -e /dev/stdout ] || ln -s /proc/self/fd/1 /dev/stdout
[ -e /dev/stderr ] || ln -s /proc/self/fd/2 /dev/stderr

# The guest kernel flavours and their releases.
other_flavour() { [ "$1" = base ] && echo debug || echo base; }
flavour_release() { echo "6.1.192-ptp$1"; }

# kernel_deb FLAVOUR headers|image: that flavour's package in the kernel
# cache (the newest, should an old cache directory linger).
kernel_deb() {
	local rel
	rel=$(flavour_release "$1")
	ls -t /kcache/kernel/"$1"-*/linux-"$2-$rel"_*.deb 2>/dev/null | head -n 1
}

dkms_deb() { ls "$DEB_DIR"/ptp-clock-dkms_*_all.deb 2>/dev/null | head -n 1; }

# The module version dkms uses: the package's upstream version.
pkg_version() { dpkg-deb -f "$(dkms_deb)" Version | sed 's/-[^-]*$//'; }

# apt_quiet CMD...: run apt-get/dpkg with the output in $LOG, shown (as
# TAP comments) only when it fails.
apt_quiet() {
	local rc
	"$@" > "$LOG" 2>&1
	rc=$?
	[ $rc -eq 0 ] || sed 's/^/#   /' "$LOG" | tail -n 60
	return $rc
}

apt_install() {
	apt_quiet apt-get install -y --no-install-recommends \
		-o Dpkg::Use-Pty=0 "$@"
}

apt_purge() { apt_quiet apt-get purge -y -o Dpkg::Use-Pty=0 "$@"; }

# After "apt-get remove" a package without conffiles is already gone, and
# apt-get cannot find it to purge: dpkg --purge handles both cases.
dpkg_purge() { apt_quiet dpkg --purge "$@"; }

# dkms_state KERNEL: "installed", "built", or "" for that kernel.
dkms_state() {
	dkms status -m "$MODULE" -k "$1" 2>/dev/null |
		sed -n "s|^$MODULE/[^,]*, $1, [^:]*: \([a-z]*\).*|\1|p" | head -n 1
}

# dkms_file KERNEL MODULE: the module file dkms installed for KERNEL
# (.ko, or compressed as that kernel's own modules are), or nothing.
dkms_file() {
	local f
	for f in /lib/modules/"$1"/updates/dkms/"$2".ko{,.xz,.zst,.gz}; do
		[ -e "$f" ] && { echo "$f"; return 0; }
	done
	return 1
}

# The file of module $1 that modprobe would load for kernel $2.
mod_file() { modinfo -k "${2:-$KREL}" -F filename "$1" 2>/dev/null; }

# check_dkms_modules KERNEL [MODULE...]: the modules (default: ptp,
# ptp_dummy and ptp_vlink) are in its updates/dkms, built for it, of the
# package's version, and they are what modprobe finds for it.
check_dkms_modules() {
	local k=$1 m f
	shift
	[ $# -gt 0 ] || set -- ptp ptp_dummy ptp_vlink
	for m in "$@"; do
		f=$(dkms_file "$k" "$m") || f=/lib/modules/$k/updates/dkms/$m.ko
		modinfo -F vermagic "$f" 2>/dev/null | grep -q "^$k "
		ok $? "dkms installed $f, built for $k"
		is "$(mod_file "$m" "$k")" "$f" "$k: modinfo $m resolves to the dkms copy"
		is "$(modinfo -F version "$f" 2>/dev/null)" "$(pkg_version)" \
			"$k: modinfo $m shows the package's version"
	done
}

# check_dkms_gone KERNEL...: after removal, our modules are gone from each
# kernel's updates/dkms, and depmod forgot them.
check_dkms_gone() {
	local k left
	for k in "$@"; do
		left=$(ls /lib/modules/"$k"/updates/dkms/ 2>/dev/null |
			grep -E '^ptp(_dummy|_vlink)?\.ko')
		is "$left" "" "$k: our modules are gone from updates/dkms"
		! grep -q 'updates/dkms/ptp' /lib/modules/"$k"/modules.dep
		ok $? "$k: depmod ran, modules.dep no longer lists them"
	done
}

# check_dummy_clock DKMS_PTP: modprobe ptp_dummy loads the core in
# DKMS_PTP, and the dummy's clock can be set, adjusted and read.
check_dummy_clock() {
	local dev
	run_ok "modprobe ptp_dummy" modprobe ptp_dummy
	loaded_core_is "$1"
	ok $? "the loaded ptp is the dkms copy (its build ID)"
	dev=$(wait_clock ptp_dummy.0)
	ok $? "the dummy registered ptp_dummy.0 (${dev:-none})"
	[ -n "$dev" ] || return 0
	check_phc_set_adj "$dev"
}

# check_stock_dummy: on a kernel whose core is built in, modprobe loads
# the package's ptp_dummy on that core, and its clock can be set,
# adjusted, read and steered in frequency; the package's ptp_vlink
# stamps a port with it (check_vlink).
check_stock_dummy() {
	local dev out f
	run_ok "modprobe ptp_dummy" modprobe ptp_dummy
	dev=$(wait_clock ptp_dummy.0)
	ok $? "the dummy registered ptp_dummy.0 (${dev:-none})"
	[ -n "$dev" ] || return 0
	[ ! -e /sys/module/ptp/version ]
	ok $? "no /sys/module/ptp/version: the core is the kernel's"
	out=$(ptpctl version 2>&1)
	grep -qx 'core: in-kernel' <<< "$out"
	ok $? "ptpctl version says the core is in-kernel ($(tr '\n' ' ' <<< "$out"))"
	run_ok "phc_ctl get" phc_ctl "$dev" get
	check_phc_set_adj "$dev"
	run_ok "phc_ctl freq 250 (ppb)" phc_ctl "$dev" freq 250
	f=$(phc_ctl "$dev" freq 2>&1 | sed -n 's/.*frequency offset is \(-\{0,1\}[0-9.]*\).*/\1/p')
	awk -v f="${f:-x}" 'BEGIN { exit !(f > 249 && f < 251) }'
	ok $? "phc_ctl freq reads back 250 ppb (${f:-nothing})"
	phc_ctl "$dev" freq 0 > /dev/null 2>&1
	phc_ctl "$dev" set > /dev/null 2>&1
	check_vlink "$dev"
}

# check_vlink DEV: the package's ptp_vlink loads beside the dummy, and a
# port given the dummy's clock DEV tells ethtool that this clock stamps
# its frames in hardware.  The port and ptp_vlink go again (the tests
# after this one reload the dummy); the dummy stays.
check_vlink() {
	local phc=${1#/dev/ptp} port d out cap r bad=0
	run_ok "modprobe ptp_vlink" modprobe ptp_vlink || return 0
	# With "name": ip reads a bare NAME that abbreviates one of its
	# keywords ("a") as that keyword.
	if run_ok "ip link add name vl0 type ptp_vlink" ip link add name vl0 type ptp_vlink; then
		port=$(ethtool -i vl0 2>/dev/null | sed -n 's/^bus-info: \(port[0-9]*\)$/\1/p')
		[ -n "$port" ]
		ok $? "ethtool -i vl0: bus-info ${port:-missing}"
		d=/sys/kernel/debug/ptp_vlink/${port:-none}
		is "$(sysfs_write "$d/segment" 0)" OK "vl0 ($port) plugged into segment 0"
		is "$(sysfs_write "$d/phc" "$phc")" OK "vl0 ($port) stamped by ptp_dummy.0 (phc $phc)"
		out=$(ethtool -T vl0 2>&1)
		grep -qx "PTP Hardware Clock: $phc" <<< "$out" || bad=1
		ok $bad "ethtool -T vl0: PTP Hardware Clock: $phc"
		for cap in hardware-transmit hardware-receive hardware-raw-clock; do
			grep -qE "^[[:space:]]+$cap([[:space:]]|$)" <<< "$out"
			r=$?
			ok $r "ethtool -T vl0 lists $cap"
			[ $r = 0 ] || bad=1
		done
		[ $bad = 0 ] || sed 's/^/#   /' <<< "$out"
		run_ok "ip link del vl0" ip link del vl0
	fi
	run_ok "rmmod ptp_vlink" rmmod ptp_vlink
}

# check_phc_set_adj DEV: the clock DEV can be set, adjusted and read.
check_phc_set_adj() {
	local dev=$1 t
	run_ok "phc_ctl set 1000" phc_ctl "$dev" set 1000
	run_ok "phc_ctl adj 100" phc_ctl "$dev" adj 100
	t=$(phc_ctl "$dev" get 2>&1 | sed -n 's/.*clock time is \([0-9]*\)\..*/\1/p')
	[ -n "$t" ] && [ "$t" -ge 1100 ] && [ "$t" -le 1160 ]
	ok $? "the dummy clock reads ${t:-nothing} after set 1000, adj 100 (1100..1160)"
}

is_dkms_copy() {
	case $1 in /lib/modules/*/updates/dkms/*) return 0 ;; esac
	return 1
}

# unload_vlink: ptp_vlink, if loaded, which holds ptp_dummy (and deletes
# its ports as it goes).
unload_vlink() {
	[ -d /sys/module/ptp_vlink ] || return 0
	rmmod ptp_vlink
}

# The modules that hold the loaded PTP core, then the core: unloaded so
# that the next modprobe picks what depmod now says.  ptp_vlink holds
# ptp_dummy, not the core: it goes first.
unload_ptp_stack() {
	local m
	[ -d /sys/module/ptp ] || return 0
	unload_vlink || return 1
	for m in $(ls /sys/module/ptp/holders 2>/dev/null); do
		modprobe -r "$m" 2>/dev/null || rmmod "$m" || return 1
	done
	modprobe -r ptp 2>/dev/null || rmmod ptp
}

# The harness may have put its own copies of our modules in updates/
# (--core ours, or the dummy and ptp_vlink): take them away, so that what
# the package installs is all there is.
drop_harness_modules() {
	local changed=0 f
	unload_vlink || return 1
	if [ -d /sys/module/ptp_dummy ]; then rmmod ptp_dummy || return 1; fi
	for f in /lib/modules/"$KREL"/updates/ptp.ko \
		 /lib/modules/"$KREL"/updates/ptp_dummy.ko \
		 /lib/modules/"$KREL"/updates/ptp_vlink.ko; do
		[ -e "$f" ] && { rm -f "$f"; changed=1; }
	done
	if [ $changed = 1 ]; then
		unload_ptp_stack || return 1
		depmod -a "$KREL" || return 1
	fi
	return 0
}

# The /dev/ptpN of the e1000e NIC, if it registered one.
e1000e_phc() {
	local d drv
	for d in /sys/class/ptp/ptp*; do
		[ -e "$d" ] || continue
		drv=$(basename "$(readlink -f "$d/device/driver" 2>/dev/null)")
		[ "$drv" = e1000e ] && { echo "/dev/${d##*/}"; return 0; }
	done
	return 1
}

# The GNU build ID of a module file, and of the loaded module $1 (from
# its ELF note in sysfs: the 20-byte ID ends the note).
file_build_id() { readelf -n "$1" 2>/dev/null | sed -n 's/.*Build ID: *//p'; }
loaded_build_id() {
	od -An -tx1 -v "/sys/module/$1/notes/.note.gnu.build-id" 2>/dev/null |
		tr -d ' \n' | tail -c 40
}

# The loaded PTP core is the one in FILE: same build ID.
loaded_core_is() {
	local want
	want=$(file_build_id "$1")
	[ -n "$want" ] && [ "$(loaded_build_id ptp)" = "$want" ]
}

# Wait (up to $2 s) for a clock named $1 to appear; print its device.
wait_clock() {
	local i dev
	for i in $(seq 1 "${2:-20}"); do
		dev=$(ptp_dev_by_name "$1") && [ -c "$dev" ] && { echo "$dev"; return 0; }
		udevadm settle --timeout=5 2>/dev/null || sleep 1
	done
	return 1
}

# purge_other_kernels KERNEL...: the image and headers packages of each
# kernel but the running one are purged, and dpkg is left consistent
# (a kernel an upgrade installed, once the package is gone).
purge_other_kernels() {
	local k pkgs
	for k in "$@"; do
		[ "$k" = "$KREL" ] && continue
		pkgs=$(dpkg-query -W -f='${Package}\n' "linux-image-$k" "linux-headers-$k" 2>/dev/null)
		[ -n "$pkgs" ] || continue
		# shellcheck disable=SC2086
		run_ok "apt-get purge the $k kernel" apt_purge $pkgs
		is "$(dpkg --audit 2>&1)" "" "dpkg --audit: nothing half-installed"
	done
}

# Leave the guest as the test found it, whatever failed on the way.
cleanup_packages() {
	unload_vlink 2>/dev/null
	modprobe -r ptp_dummy 2>/dev/null
	dpkg -s ptp-clock-dkms > /dev/null 2>&1 &&
		apt-get purge -y ptp-clock-dkms > /dev/null 2>&1
	true
}
