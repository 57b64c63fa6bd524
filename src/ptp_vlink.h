/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ptp_vlink: virtual Ethernet segments whose ports the ptp_dummy clocks
 * hardware-timestamp.  What the files of the module share; not an API.
 *
 *   ptp_vlink_main.c	 the netdevs: rtnl_link_ops, netdev and ethtool
 *			 operations, the timestamping configuration
 *   ptp_vlink_wire.c	 the wire: fan-out, the timestamps, delivery
 *   ptp_vlink_debugfs.c the knobs, the counters and the ground truth
 *
 * See docs/network.md.
 */
#ifndef _PTP_VLINK_H
#define _PTP_VLINK_H

#include <linux/hrtimer.h>
#include <linux/list.h>
#include <linux/net_tstamp.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "ptp_vlink_rxq.h"

#define VLINK_KIND		"ptp_vlink"
#define VLINK_N_SEGMENTS	8
#define VLINK_SEG_PORTS		8
/* Frames in flight to one port, at most; more are dropped (counted). */
#define VLINK_RXQ_MAX		256
/*
 * The transmit ring: frames handed to a port that have not yet left its
 * transmitter.  What comes while it is full is dropped (counted).
 */
#define VLINK_TX_RING		64
#define VLINK_MAX_DELAY_NS	(10 * NSEC_PER_MSEC)

/* Per-segment knobs (debugfs segN/), all numbers. */
enum vlink_seg_param {
	S_SPEED,
	S_JITTER,
	S_JITTER_DIST,
	S_SEED,
	S_DROP,
	N_SEG_PARAMS
};

/* Per-port knobs (debugfs portN/), all numbers. */
enum vlink_port_param {
	P_SEGMENT,
	P_PHC,
	P_TX_DELAY,
	P_RX_DELAY,
	P_EGRESS,
	P_INGRESS,
	P_QUANTUM,
	N_PORT_PARAMS
};

/* The jitter's distributions (S_JITTER_DIST). */
enum vlink_dist {
	VLINK_UNIFORM,
	VLINK_NORMAL,
};

struct vlink_param_desc {
	const char *name;
	s64 min;
	s64 max;
	s64 def;
};

extern const struct vlink_param_desc vlink_seg_params[N_SEG_PARAMS];
extern const struct vlink_param_desc vlink_port_params[N_PORT_PARAMS];

struct dummy_clock;

/*
 * The link from a debugfs file to a knob of a segment or a port: @obj,
 * its knobs @param and their descriptions @desc, and which one, @id.
 */
struct vlink_ref {
	void *obj;
	s64 *param;
	const struct vlink_param_desc *desc;
	unsigned int id;
};

/**
 * struct vlink_segment - a hub that joins up to %VLINK_SEG_PORTS ports
 * @index:	its number, 0..%VLINK_N_SEGMENTS - 1
 * @ports:	the ports plugged in (struct vlink_port.node)
 * @n_ports:	how many
 * @param:	the knobs (enum vlink_seg_param)
 * @rng:	xorshift64* state of the jitter and drops, from the seed
 * @refs:	the debugfs handles of @param
 */
struct vlink_segment {
	unsigned int index;
	struct list_head ports;
	unsigned int n_ports;
	s64 param[N_SEG_PARAMS];
	u64 rng;
	struct vlink_ref refs[N_SEG_PARAMS];
};

/* Per port; every field under vlink_lock. */
struct vlink_counters {
	u64 tx_frames;
	u64 tx_bytes;
	u64 tx_stamps;
	u64 onestep;
	u64 rx_frames;
	u64 rx_bytes;
	u64 rx_stamps;
	u64 drops;
	u64 stamp_fails;
	u64 tx_drops;
	u64 rx_rearms;
};

/**
 * struct vlink_port - one port: the private part of its netdev
 * @dev:	the netdev
 * @id:		module-wide number: debugfs portN/, ethtool's bus-info
 * @node:	in its segment's list
 * @seg:	the segment it is plugged into, or NULL
 * @clk:	the dummy clock that stamps its frames (held), or NULL
 * @param:	the knobs (enum vlink_port_param)
 * @ts:		the timestamping configuration accepted (SIOCSHWTSTAMP)
 * @busy_until:	raw ns at which its transmitter is free again
 * @tx_done:	the transmit ring: raw ns at which each frame in it has left
 * @tx_head:	the oldest entry of @tx_done
 * @tx_len:	how many entries are in use
 * @rxq:	frames in flight to it, by time of delivery
 * @rx_timer:	delivers them (softirq)
 * @dead:	being deleted: nothing may be queued to it any more
 * @cnt:	the counters
 * @dbg:	its debugfs directory
 * @refs:	the debugfs handles of @param
 *
 * Everything from @seg to @cnt is under vlink_lock.
 */
struct vlink_port {
	struct net_device *dev;
	unsigned int id;
	struct list_head node;
	struct vlink_segment *seg;
	struct dummy_clock *clk;
	s64 param[N_PORT_PARAMS];
	struct hwtstamp_config ts;
	u64 busy_until;
	u64 tx_done[VLINK_TX_RING];
	unsigned int tx_head;
	unsigned int tx_len;
	struct sk_buff_head rxq;
	struct hrtimer rx_timer;
	bool dead;
	struct vlink_counters cnt;
	struct dentry *dbg;
	struct vlink_ref refs[N_PORT_PARAMS];
};

extern spinlock_t vlink_lock;
extern struct vlink_segment vlink_segments[VLINK_N_SEGMENTS];

/* ptp_vlink_wire.c */
netdev_tx_t vlink_xmit(struct sk_buff *skb, struct net_device *dev);
void vlink_port_init_wire(struct vlink_port *p);
void vlink_port_stop_wire(struct vlink_port *p);
int vlink_plug(struct vlink_port *p, s64 segment);
int vlink_set_clock(struct vlink_port *p, s64 phc);
void vlink_seg_reseed(struct vlink_segment *seg);

/* ptp_vlink_debugfs.c */
void vlink_debugfs_init(void);
void vlink_debugfs_exit(void);
void vlink_debugfs_port(struct vlink_port *p);

#endif /* _PTP_VLINK_H */
