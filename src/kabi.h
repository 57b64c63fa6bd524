/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kABI: symbol-version (genksyms CRC) compatibility with the Linux 6.1 core.
 *
 * INTERFACE-ONLY REPRODUCTION, FOR CRC MATCHING.  Nothing in this file is
 * compiled into the module: every line below the include block is seen only
 * by genksyms (__GENKSYMS__), never by the C compiler.
 *
 * With CONFIG_MODVERSIONS the CRC of an exported symbol covers the full
 * definition of every type reachable from its prototype that is defined in
 * the exporting translation unit.  In Linux 6.1 that unit (ptp_clock.c)
 * sees the definition of struct ptp_clock from the core's private header,
 * so drivers such as e1000e were built against CRCs that encode 6.1's
 * private layout of struct ptp_clock.  Drivers never dereference that
 * structure (it is opaque to them), so our own layout is free to differ;
 * only the CRC has to be the same.
 *
 * Distributions keep CRCs stable the same way: the declarations that
 * genksyms hashes are reproduced here, verbatim in type and member names
 * (both are hashed), while the compiler sees our own struct ptp_clock in
 * ptp_private.h.  This is the single place in the project where 6.1 type
 * declarations are reproduced: HACKING.md ("Rules of the house") says why
 * this is the one exception to writing every line ourselves.
 *
 * The exporting translation unit must also see the same set of fully
 * defined types as 6.1's did, so the include list below mirrors what 6.1's
 * ptp_clock.c and ptp_private.h include, and ptp_clock.c includes nothing
 * beyond it.  tests/symvers-check compares the resulting CRCs with those of
 * the kernel build.
 */
#ifndef _PTP_KABI_H
#define _PTP_KABI_H

#include <linux/idr.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/posix-clock.h>
#include <linux/pps_kernel.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>
#include <uapi/linux/sched/types.h>
#include <linux/cdev.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/ptp_clock.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/time.h>

#ifdef __GENKSYMS__

/* The Linux 6.1 definitions, as hashed by genksyms (128 = its queue size). */
struct timestamp_event_queue {
	struct ptp_extts_event buf[128];
	int head;
	int tail;
	spinlock_t lock;		/* as 6.1 */
};

struct ptp_clock {
	struct posix_clock clock;
	struct device dev;
	struct ptp_clock_info *info;
	dev_t devid;
	int index;
	struct pps_device *pps_source;
	long dialed_frequency;
	struct timestamp_event_queue tsevq;
	struct mutex tsevq_mux;		/* as 6.1 */
	struct mutex pincfg_mux;	/* as 6.1 */
	wait_queue_head_t tsev_wq;
	int defunct;
	struct device_attribute *pin_dev_attr;
	struct attribute **pin_attr;
	struct attribute_group pin_attr_group;
	const struct attribute_group *pin_attr_groups[2];
	struct kthread_worker *kworker;
	struct kthread_delayed_work aux_work;
	unsigned int max_vclocks;
	unsigned int n_vclocks;
	int *vclock_index;
	struct mutex n_vclocks_mux;	/* as 6.1 */
	bool is_virtual_clock;
	bool has_cycles;
};

#endif /* __GENKSYMS__ */

#endif /* _PTP_KABI_H */
