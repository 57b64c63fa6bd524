// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_vlink: the knobs, counters and ground truth, in
 * /sys/kernel/debug/ptp_vlink/:
 *
 *	segN/	 the wire of segment N: speed, jitter, drops
 *	portN/	 port N (ethtool -i shows "bus-info: portN"): its segment,
 *		 clock, delays and timestamp resolution; its counters
 *	truth	 every port's clock at one instant
 *
 * vlink_seg_params[] and vlink_port_params[] are the one list of the
 * knobs: their files, ranges and defaults (docs/network.md has the same).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/timekeeping.h>

#include "ptp_dummy_link.h"
#include "ptp_vlink.h"

const struct vlink_param_desc vlink_seg_params[N_SEG_PARAMS] = {
	[S_SPEED]	= { "speed_mbps", 0, 400000, 1000 },
	[S_JITTER]	= { "jitter_ns", 0, NSEC_PER_MSEC, 0 },
	[S_JITTER_DIST]	= { "jitter_dist", VLINK_UNIFORM, VLINK_NORMAL, VLINK_UNIFORM },
	[S_SEED]	= { "seed", 0, S64_MAX, 1 },
	[S_DROP]	= { "drop_ppm", 0, 1000000, 0 },
};

const struct vlink_param_desc vlink_port_params[N_PORT_PARAMS] = {
	[P_SEGMENT]	= { "segment", -1, VLINK_N_SEGMENTS - 1, -1 },
	[P_PHC]		= { "phc", -1, INT_MAX, -1 },
	[P_TX_DELAY]	= { "tx_delay_ns", 0, VLINK_MAX_DELAY_NS, 0 },
	[P_RX_DELAY]	= { "rx_delay_ns", 0, VLINK_MAX_DELAY_NS, 0 },
	[P_EGRESS]	= { "egress_ns", 0, VLINK_MAX_DELAY_NS, 0 },
	[P_INGRESS]	= { "ingress_ns", 0, VLINK_MAX_DELAY_NS, 0 },
	[P_QUANTUM]	= { "quantum_ns", 0, NSEC_PER_MSEC, 0 },
};

static struct dentry *vlink_dbg_root;

/* Any knob, of a segment or a port. */
static int vlink_param_get(void *data, u64 *val)
{
	struct vlink_ref *ref = data;
	unsigned long flags;

	spin_lock_irqsave(&vlink_lock, flags);
	*val = ref->param[ref->id];
	spin_unlock_irqrestore(&vlink_lock, flags);
	return 0;
}

/* Store @v in a knob of @ref, after @apply (if any) under the lock. */
static int vlink_param_store(struct vlink_ref *ref, s64 v,
			     void (*apply)(struct vlink_ref *ref))
{
	unsigned long flags;

	spin_lock_irqsave(&vlink_lock, flags);
	ref->param[ref->id] = v;
	if (apply)
		apply(ref);
	spin_unlock_irqrestore(&vlink_lock, flags);
	return 0;
}

static bool vlink_param_valid(const struct vlink_ref *ref, s64 v)
{
	const struct vlink_param_desc *d = &ref->desc[ref->id];

	return v >= d->min && v <= d->max;
}

static void vlink_seg_apply(struct vlink_ref *ref)
{
	if (ref->id == S_SEED)
		vlink_seg_reseed(ref->obj);
}

static int vlink_seg_set(void *data, u64 val)
{
	struct vlink_ref *ref = data;
	s64 v = val;

	if (!vlink_param_valid(ref, v))
		return -EINVAL;
	return vlink_param_store(ref, v, vlink_seg_apply);
}

DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(vlink_seg_fops, vlink_param_get, vlink_seg_set,
				"%lld\n");

static int vlink_port_set(void *data, u64 val)
{
	struct vlink_ref *ref = data;
	s64 v = val;

	if (!vlink_param_valid(ref, v))
		return -EINVAL;
	switch (ref->id) {
	case P_SEGMENT:
		return vlink_plug(ref->obj, v);
	case P_PHC:
		return vlink_set_clock(ref->obj, v);
	}
	return vlink_param_store(ref, v, NULL);
}

DEFINE_DEBUGFS_ATTRIBUTE_SIGNED(vlink_port_fops, vlink_param_get,
				vlink_port_set, "%lld\n");

static int vlink_counters_show(struct seq_file *s, void *unused)
{
	struct vlink_port *p = s->private;
	struct vlink_counters c;
	unsigned long flags;
	int phc = -1;

	spin_lock_irqsave(&vlink_lock, flags);
	c = p->cnt;
	if (p->clk)
		phc = ptp_dummy_index(p->clk);
	spin_unlock_irqrestore(&vlink_lock, flags);

	seq_printf(s, "phc %d\n", phc);
	seq_printf(s, "tx_frames %llu\n", c.tx_frames);
	seq_printf(s, "tx_bytes %llu\n", c.tx_bytes);
	seq_printf(s, "tx_stamps %llu\n", c.tx_stamps);
	seq_printf(s, "onestep %llu\n", c.onestep);
	seq_printf(s, "rx_frames %llu\n", c.rx_frames);
	seq_printf(s, "rx_bytes %llu\n", c.rx_bytes);
	seq_printf(s, "rx_stamps %llu\n", c.rx_stamps);
	seq_printf(s, "drops %llu\n", c.drops);
	seq_printf(s, "stamp_fails %llu\n", c.stamp_fails);
	seq_printf(s, "tx_drops %llu\n", c.tx_drops);
	seq_printf(s, "rx_rearms %llu\n", c.rx_rearms);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(vlink_counters);

/*
 * truth: "raw <ns>", the CLOCK_MONOTONIC_RAW instant, then one line per
 * plugged-in port: "portN segment S phc P <ns>", what its clock reads at
 * that instant according to its model ("-" without a clock).
 */
static int vlink_truth_show(struct seq_file *s, void *unused)
{
	struct vlink_port *p;
	unsigned long flags;
	unsigned int i;
	u64 raw;
	s64 ns;

	spin_lock_irqsave(&vlink_lock, flags);
	raw = ktime_get_raw_ns();
	seq_printf(s, "raw %llu\n", raw);
	for (i = 0; i < VLINK_N_SEGMENTS; i++) {
		list_for_each_entry(p, &vlink_segments[i].ports, node) {
			seq_printf(s, "port%u segment %u phc ", p->id, i);
			if (p->clk && !ptp_dummy_time_at(p->clk, raw, &ns))
				seq_printf(s, "%d %lld\n", ptp_dummy_index(p->clk), ns);
			else
				seq_puts(s, "-1 -\n");
		}
	}
	spin_unlock_irqrestore(&vlink_lock, flags);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(vlink_truth);

/**
 * vlink_debugfs_port() - a new port's directory, portN/
 * @p: the port
 */
void vlink_debugfs_port(struct vlink_port *p)
{
	char name[16];
	unsigned int i;

	snprintf(name, sizeof(name), "port%u", p->id);
	p->dbg = debugfs_create_dir(name, vlink_dbg_root);
	for (i = 0; i < N_PORT_PARAMS; i++) {
		p->refs[i] = (struct vlink_ref){
			.obj = p, .param = p->param,
			.desc = vlink_port_params, .id = i,
		};
		debugfs_create_file_unsafe(vlink_port_params[i].name, 0600, p->dbg,
					   &p->refs[i], &vlink_port_fops);
	}
	debugfs_create_file("counters", 0400, p->dbg, p, &vlink_counters_fops);
}

/**
 * vlink_debugfs_init() - the module's directory and the segments' files
 */
void vlink_debugfs_init(void)
{
	unsigned int i, j;

	vlink_dbg_root = debugfs_create_dir(VLINK_KIND, NULL);
	debugfs_create_file("truth", 0400, vlink_dbg_root, NULL,
			    &vlink_truth_fops);
	for (i = 0; i < VLINK_N_SEGMENTS; i++) {
		struct vlink_segment *seg = &vlink_segments[i];
		struct dentry *dir;
		char name[16];

		snprintf(name, sizeof(name), "seg%u", i);
		dir = debugfs_create_dir(name, vlink_dbg_root);
		for (j = 0; j < N_SEG_PARAMS; j++) {
			seg->refs[j] = (struct vlink_ref){
				.obj = seg, .param = seg->param,
				.desc = vlink_seg_params, .id = j,
			};
			debugfs_create_file_unsafe(vlink_seg_params[j].name,
						   0600, dir, &seg->refs[j],
						   &vlink_seg_fops);
		}
	}
}

/**
 * vlink_debugfs_exit() - remove everything under /sys/kernel/debug/ptp_vlink
 */
void vlink_debugfs_exit(void)
{
	debugfs_remove_recursive(vlink_dbg_root);
}
