# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the vm/ scripts: cache locations and cache keys.
# Everything built here lives outside the checkout, under $PTP_CACHE.

VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TOP_DIR=$(cd "$VM_DIR/.." && pwd)
PTP_CACHE=${PTP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ptp-clock}
KSRC_TARBALL=/usr/src/linux-source-6.1.tar.xz

die() { echo "vm: $*" >&2; exit 1; }
log() { echo "vm: $*" >&2; }

# Version of the linux-source-6.1 package the kernels are built from.
ksrc_version() {
	dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null ||
		die "linux-source-6.1 is not installed (run: make deps)"
}

# Short hash of stdin.
short_hash() { sha256sum | cut -c1-16; }

# Bump when vm/build-kernel changes what it produces.
KERNEL_BUILD_REV=2

# Cache key of a kernel flavour: what it is built from, i.e. the source
# package version, the config fragments and the build recipe revision.
kernel_key() {
	local flavour=$1
	{
		ksrc_version
		echo "rev $KERNEL_BUILD_REV"
		cat "$VM_DIR/config/common.config" "$VM_DIR/config/$flavour.config"
	} | short_hash
}

kernel_dir() { echo "$PTP_CACHE/kernel/$1-$(kernel_key "$1")"; }

# The extracted source tree, shared by all flavours (built out of tree).
ksrc_dir() { echo "$PTP_CACHE/src/linux-source-6.1-$(ksrc_version)"; }

# The guest kernel release string (uname -r) of a built flavour.
kernel_release() { cat "$(kernel_dir "$1")/build/include/config/kernel.release"; }

# The mirror the host's apt sources name (first Debian main URI).
host_mirror() {
	local m
	m=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources \
	    /etc/apt/sources.list 2>/dev/null |
	    grep -v -- '-security' | grep -iv -e nodesource -e google |
	    sed -E 's/^URIs:[[:space:]]*//; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//' |
	    awk '{print $1; exit}')
	[ -n "$m" ] || die "no Debian mirror found in the host's apt sources"
	echo "$m"
}

host_suite() { . /etc/os-release && echo "$VERSION_CODENAME"; }

# Re-run the calling script under an exclusive lock, so that concurrent
# builds of the same thing serialise: with_lock NAME "$0" "$@"
with_lock() {
	local name=$1; shift
	[ -n "${PTP_LOCK_HELD:-}" ] && return 0
	mkdir -p "$PTP_CACHE/locks"
	PTP_LOCK_HELD=1 exec flock "$PTP_CACHE/locks/$name.lock" "$@"
}

# Bump when vm/build-rootfs changes what it produces.
ROOTFS_BUILD_REV=1

rootfs_packages() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$VM_DIR/guest-packages"; }

# Cache key of the rootfs: suite, package list, init stub, recipe revision,
# and the extra packages of a variant.
rootfs_dir() {
	local key
	key=$({
		host_suite
		echo "rev $ROOTFS_BUILD_REV"
		rootfs_packages
		cat "$VM_DIR/ptp-vm-init"
		echo "extra $1"
	} | short_hash)
	echo "$PTP_CACHE/rootfs/$(host_suite)-$key"
}

# heartbeat WHAT PROGRESS_FN CMD...: run CMD in the foreground and, while
# it runs, say on stderr once a minute that WHAT is still going, with the
# time elapsed and, if PROGRESS_FN is not "", what it prints.  One plain
# line a minute, terminal or not.  The ticker ends with CMD, or within a
# few seconds of this shell's death.  Returns CMD's status.  CMD should
# be a program, not a shell function: set -e does not apply inside it.
heartbeat() {
	local what=$1 progress=$2 tick rc=0 owner=$$
	shift 2
	(
		t0=$SECONDS
		n=0
		nap=""
		trap '[ -z "$nap" ] || kill "$nap" 2> /dev/null; exit 0' TERM
		while :; do
			sleep 5 &
			nap=$!
			wait "$nap"
			kill -0 "$owner" 2> /dev/null || exit 0
			n=$((n + 1))
			[ $((n % 12)) -eq 0 ] || continue
			msg="$what: still going, $(( (SECONDS - t0) / 60 )) min"
			[ -z "$progress" ] || msg="$msg, $("$progress" 2> /dev/null)"
			echo "vm: $msg" >&2
		done
	) &
	tick=$!
	"$@" || rc=$?
	kill "$tick" 2> /dev/null
	wait "$tick" 2> /dev/null
	return $rc
}
