# SPDX-License-Identifier: GPL-2.0
#
# ptp-clock: the Linux PTP hardware clock core as an out-of-tree module.
#
#   make              build src/ptp.ko and src/ptp_dummy.ko against KDIR
#   make userspace    build ptpctl and the test programs into .build/
#   make check        lint + the whole test suite in QEMU guests
#   make demo         boot a guest and show the dummy clock with real tools
#   make lint         checkpatch --strict, sparse (C=2) and W=1
#   make deb          the DKMS and ptpctl Debian packages
#   make deps         the host packages (apt) that all of this needs
#   make host-tests   the host-side tests of ptpctl
#   make vm-modules   the modules for each guest kernel, in .build/
#   make bench        our core against the in-tree one, in one base guest
#   make help         this list

KDIR ?= /lib/modules/$(shell uname -r)/build
BUILD := $(CURDIR)/.build
VM := $(CURDIR)/vm
SHELL := /bin/bash
# The extracted linux-source-6.1 tree (exists once a guest kernel is built).
KSRC = $(shell . $(VM)/lib.sh && d=$$(ksrc_dir) && [ -d "$$d" ] && echo "$$d")

.PHONY: all modules userspace clean check demo lint deb deps kernels \
	rootfs vm-modules host-tests help bench bench-deps

all: modules

modules:
	@if [ ! -e "$(KDIR)/Makefile" ]; then \
		echo "No kernel build tree at KDIR=$(KDIR)." >&2; \
		echo "Install the headers of the running kernel, or point KDIR at one:" >&2; \
		echo "  make KDIR=/path/to/kernel/build" >&2; \
		echo "  make KDIR=\$$(vm/build-kernel base)/build   (the guest kernel)" >&2; \
		exit 1; fi
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

userspace:
	$(MAKE) -C userspace O=$(BUILD)/userspace
	$(MAKE) -C tests O=$(BUILD)/tests KSRC=$(KSRC)
	$(MAKE) -C bench O=$(BUILD)/bench

# Host packages.  A fresh Debian 12 machine has only gcc and make.
HOST_PKGS := linux-source-6.1 qemu-system-x86 qemu-utils debootstrap bc bison \
	flex libelf-dev libssl-dev cpio kmod procps rsync dwarves e2fsprogs sparse \
	xz-utils python3 dpkg-dev debhelper fakeroot lintian dh-dkms
deps:
	@missing=$$(dpkg-query -W -f='$${db:Status-Abbrev} $${Package}\n' $(HOST_PKGS) 2>/dev/null | \
		awk '$$1 == "ii" {print $$2}' | sort | comm -13 - <(tr ' ' '\n' <<< "$(HOST_PKGS)" | sed '/^$$/d' | sort)); \
	if [ -n "$$missing" ]; then \
		echo "installing host packages: $$missing"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q --no-install-recommends $$missing; \
	fi

# The guest kernel flavours that vm-modules builds for (make demo: base).
FLAVOURS ?= base debug

# The rootfs is built beside the kernels: debootstrap waits on the network
# and the disk, the kernel build on the CPUs.
kernels: deps
	@$(VM)/build-rootfs > /dev/null & rootfs=$$!; rc=0; \
	for f in $(FLAVOURS); do $(VM)/build-kernel $$f > /dev/null || rc=1; done; \
	wait $$rootfs || rc=1; exit $$rc

rootfs: deps
	$(VM)/build-rootfs >/dev/null

# Our modules built for each guest kernel, in .build/<flavour>/, plus the
# dummy alone against the in-tree core of base (.build/base-intree/).
# On debug they are built for coverage (gcov).
vm-modules: kernels
	@set -e; for f in $(FLAVOURS); do \
		k=$$($(VM)/build-kernel $$f)/build; \
		gcov=; [ $$f != debug ] || gcov=PTP_GCOV=y; \
		$(call build_modules,$(BUILD)/$$f,$$k,$$gcov); \
		[ $$f = base ] || continue; \
		$(call build_modules,$(BUILD)/base-intree,$$k,PTP_DUMMY_ONLY=1); \
	done

# build_modules DIR KDIR EXTRA: copy the module sources into DIR and build.
define build_modules
	mkdir -p $(1) && rsync -a --delete --include=/Kbuild --include=/VERSION --include=/src/ \
		--include='/src/*.[ch]' --include=/src/Kbuild --include='/include/***' \
		--exclude='*' ./ $(1)/ && \
	$(MAKE) -s -C $(2) M=$(1) $(3) modules
endef

# The host-side tests: ptpctl's parsers and command line (TAP).
host-tests: userspace
	$(MAKE) -C userspace O=$(BUILD)/userspace check

check: deps
	@tests/check

# The demo boots base alone: it builds no other kernel.
demo: FLAVOURS = base
demo: deps vm-modules userspace rootfs
	$(VM)/run -- vm/demo

# The benchmark (bench/run): base alone, in one guest; results in
# bench/results/, the table in README.md.  gnuplot only for it, not for
# make check.
BENCH_PKGS := gnuplot-nox
bench-deps:
	@dpkg-query -W -f='$${db:Status-Abbrev}' $(BENCH_PKGS) 2>/dev/null | grep -q '^ii' || \
		{ apt-get update -q && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q --no-install-recommends $(BENCH_PKGS); }

bench: FLAVOURS = base
bench: deps bench-deps vm-modules userspace rootfs
	bench/run

lint: deps
	@tests/lint

deb: deps
	debian/build-deb

help:
	@sed -n 's/^#   make/make/p' $(firstword $(MAKEFILE_LIST))

clean:
	-$(MAKE) -C $(KDIR) M=$(CURDIR) clean 2>/dev/null
	rm -rf $(BUILD)
	-$(MAKE) -C userspace clean 2>/dev/null
