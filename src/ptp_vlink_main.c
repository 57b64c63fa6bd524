// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_vlink: virtual Ethernet ports that the ptp_dummy clocks timestamp,
 * joined into segments (ptp_vlink_wire.c), so that ptp4l runs with
 * hardware timestamps in a guest.  This file makes the netdevs:
 *
 *	ip link add p0 type ptp_vlink
 *
 * and gives them the timestamping ABI of a 6.1 Ethernet driver:
 * SIOCSHWTSTAMP/SIOCGHWTSTAMP through ndo_eth_ioctl, and ethtool's
 * get_ts_info.  A port is plugged into a segment and given its clock
 * through debugfs (ptp_vlink_debugfs.c).  See docs/network.md.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/idr.h>
#include <linux/module.h>
#include <linux/net_tstamp.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/uaccess.h>
#include <net/rtnetlink.h>

#include "ptp_dummy_link.h"
#include "ptp_vlink.h"

static DEFINE_IDA(vlink_ids);

static int vlink_dev_init(struct net_device *dev)
{
	struct vlink_port *p = netdev_priv(dev);
	unsigned int i;
	int id;

	id = ida_alloc(&vlink_ids, GFP_KERNEL);
	if (id < 0)
		return id;
	p->dev = dev;
	p->id = id;
	INIT_LIST_HEAD(&p->node);
	for (i = 0; i < N_PORT_PARAMS; i++)
		p->param[i] = vlink_port_params[i].def;
	vlink_port_init_wire(p);
	vlink_debugfs_port(p);
	return 0;
}

static void vlink_dev_uninit(struct net_device *dev)
{
	struct vlink_port *p = netdev_priv(dev);

	/* debugfs first: its removal waits for writers in progress. */
	debugfs_remove_recursive(p->dbg);
	vlink_port_stop_wire(p);
	ida_free(&vlink_ids, p->id);
}

static void vlink_get_stats64(struct net_device *dev,
			      struct rtnl_link_stats64 *s)
{
	struct vlink_port *p = netdev_priv(dev);
	unsigned long flags;

	spin_lock_irqsave(&vlink_lock, flags);
	s->tx_packets = p->cnt.tx_frames;
	s->tx_bytes = p->cnt.tx_bytes;
	s->rx_packets = p->cnt.rx_frames;
	s->rx_bytes = p->cnt.rx_bytes;
	s->rx_dropped = p->cnt.drops;
	s->tx_dropped = p->cnt.tx_drops;
	spin_unlock_irqrestore(&vlink_lock, flags);
}

/* SIOCSHWTSTAMP: take what the port can do, say what it took. */
static int vlink_hwtstamp_set(struct vlink_port *p, struct ifreq *ifr)
{
	struct hwtstamp_config cfg;
	unsigned long flags;

	if (copy_from_user(&cfg, ifr->ifr_data, sizeof(cfg)))
		return -EFAULT;
	if (cfg.flags & ~HWTSTAMP_FLAG_BONDED_PHC_INDEX)
		return -EINVAL;
	switch (cfg.tx_type) {
	case HWTSTAMP_TX_OFF:
	case HWTSTAMP_TX_ON:
	case HWTSTAMP_TX_ONESTEP_SYNC:
		break;
	default:
		return -ERANGE;
	}
	/* Every frame is stamped: what asks for more than PTP v2 gets ALL. */
	switch (cfg.rx_filter) {
	case HWTSTAMP_FILTER_NONE:
	case HWTSTAMP_FILTER_ALL:
	case HWTSTAMP_FILTER_PTP_V2_L4_EVENT ... HWTSTAMP_FILTER_PTP_V2_DELAY_REQ:
		break;
	case HWTSTAMP_FILTER_SOME:
	case HWTSTAMP_FILTER_NTP_ALL:
		cfg.rx_filter = HWTSTAMP_FILTER_ALL;
		break;
	default:
		return -ERANGE;
	}
	spin_lock_irqsave(&vlink_lock, flags);
	p->ts = cfg;
	spin_unlock_irqrestore(&vlink_lock, flags);
	return copy_to_user(ifr->ifr_data, &cfg, sizeof(cfg)) ? -EFAULT : 0;
}

static int vlink_eth_ioctl(struct net_device *dev, struct ifreq *ifr, int cmd)
{
	struct vlink_port *p = netdev_priv(dev);
	struct hwtstamp_config cfg;
	unsigned long flags;

	switch (cmd) {
	case SIOCSHWTSTAMP:
		return vlink_hwtstamp_set(p, ifr);
	case SIOCGHWTSTAMP:
		spin_lock_irqsave(&vlink_lock, flags);
		cfg = p->ts;
		spin_unlock_irqrestore(&vlink_lock, flags);
		return copy_to_user(ifr->ifr_data, &cfg, sizeof(cfg)) ? -EFAULT : 0;
	default:
		return -EOPNOTSUPP;
	}
}

static const struct net_device_ops vlink_netdev_ops = {
	.ndo_init		= vlink_dev_init,
	.ndo_uninit		= vlink_dev_uninit,
	.ndo_start_xmit		= vlink_xmit,
	.ndo_get_stats64	= vlink_get_stats64,
	.ndo_eth_ioctl		= vlink_eth_ioctl,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static void vlink_get_drvinfo(struct net_device *dev,
			      struct ethtool_drvinfo *info)
{
	struct vlink_port *p = netdev_priv(dev);

	strscpy(info->driver, VLINK_KIND, sizeof(info->driver));
	strscpy(info->version, PTP_CLOCK_VERSION, sizeof(info->version));
	snprintf(info->bus_info, sizeof(info->bus_info), "port%u", p->id);
}

static int vlink_get_ts_info(struct net_device *dev,
			     struct compat_ethtool_ts_info *info)
{
	struct vlink_port *p = netdev_priv(dev);
	unsigned long flags;
	int phc = -1;

	spin_lock_irqsave(&vlink_lock, flags);
	if (p->clk)
		phc = ptp_dummy_index(p->clk);
	spin_unlock_irqrestore(&vlink_lock, flags);

	info->so_timestamping = SOF_TIMESTAMPING_TX_SOFTWARE |
				SOF_TIMESTAMPING_RX_SOFTWARE |
				SOF_TIMESTAMPING_SOFTWARE;
	if (phc >= 0)
		info->so_timestamping |= SOF_TIMESTAMPING_TX_HARDWARE |
					 SOF_TIMESTAMPING_RX_HARDWARE |
					 SOF_TIMESTAMPING_RAW_HARDWARE;
	info->phc_index = phc;
	info->tx_types = BIT(HWTSTAMP_TX_OFF) | BIT(HWTSTAMP_TX_ON) |
			 BIT(HWTSTAMP_TX_ONESTEP_SYNC);
	info->rx_filters = BIT(HWTSTAMP_FILTER_NONE) | BIT(HWTSTAMP_FILTER_ALL) |
			   GENMASK(HWTSTAMP_FILTER_PTP_V2_DELAY_REQ,
				   HWTSTAMP_FILTER_PTP_V2_L4_EVENT);
	return 0;
}

static const struct ethtool_ops vlink_ethtool_ops = {
	.get_drvinfo	= vlink_get_drvinfo,
	.get_link	= ethtool_op_get_link,
	.get_ts_info	= vlink_get_ts_info,
};

static void vlink_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &vlink_netdev_ops;
	dev->ethtool_ops = &vlink_ethtool_ops;
	dev->needs_free_netdev = true;
	/*
	 * No qdisc: a frame is sent, and stamped, in its sender's context,
	 * so its TX stamp is queued before sendmsg() returns (ptp4l waits
	 * 1 ms for it); behind a qdisc a busy guest could defer it to a
	 * softirq.  A full transmit ring drops instead (ptp_vlink_wire.c).
	 */
	dev->priv_flags |= IFF_NO_QUEUE;
	/* One-step writes into frames: pktgen may not resend one. */
	dev->priv_flags &= ~IFF_TX_SKB_SHARING;
	/* Unplugged until it joins a segment. */
	netif_carrier_off(dev);
	/* Unique: ptp4l makes its clock identity from it. */
	eth_hw_addr_random(dev);
}

static struct rtnl_link_ops vlink_link_ops = {
	.kind		= VLINK_KIND,
	.priv_size	= sizeof(struct vlink_port),
	.setup		= vlink_setup,
};

static int __init vlink_module_init(void)
{
	unsigned int i, j;
	int err;

	for (i = 0; i < VLINK_N_SEGMENTS; i++) {
		struct vlink_segment *seg = &vlink_segments[i];

		seg->index = i;
		INIT_LIST_HEAD(&seg->ports);
		for (j = 0; j < N_SEG_PARAMS; j++)
			seg->param[j] = vlink_seg_params[j].def;
		vlink_seg_reseed(seg);
	}
	vlink_debugfs_init();
	err = rtnl_link_register(&vlink_link_ops);
	if (err)
		goto remove_debugfs;
	return 0;

remove_debugfs:
	vlink_debugfs_exit();
	return err;
}

static void __exit vlink_module_exit(void)
{
	/* Deletes every port, in every namespace. */
	rtnl_link_unregister(&vlink_link_ops);
	vlink_debugfs_exit();
	ida_destroy(&vlink_ids);
}

module_init(vlink_module_init);
module_exit(vlink_module_exit);

MODULE_DESCRIPTION("Virtual Ethernet segments timestamped by ptp_dummy clocks");
MODULE_ALIAS_RTNL_LINK(VLINK_KIND);
MODULE_VERSION(PTP_CLOCK_VERSION);
MODULE_LICENSE("GPL");
