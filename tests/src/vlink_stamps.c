// SPDX-License-Identifier: GPL-2.0
/*
 * vlink_stamps: send PTP event frames from one ptp_vlink port to another
 * through packet sockets, and report what the hardware timestamps say.
 *
 *   vlink_stamps TXIF RXIF N l2|udp|onestep-l2|onestep-udp
 *   vlink_stamps TXIF hwtstamp TX_TYPE RX_FILTER [FLAGS]
 *   vlink_stamps TXIF flood N [PER_MS]
 *   vlink_stamps TXIF RXIF N burst
 *   vlink_stamps TXIF RXIF N toggle
 *   vlink_stamps IF tap SECS
 *   vlink_stamps TXIF marked N MARK
 *   vlink_stamps - marks SECS
 *
 * The first form sets TXIF to stamp transmitted frames (tx_type ON, or
 * ONESTEP_SYNC for the onestep modes) and RXIF to stamp all received
 * ones, then sends N frames one at a time: Sync messages over Ethernet
 * (01:1B:19:00:00:00) or over IPv4/UDP to port 319.  In the onestep modes
 * every other frame is a Sync without the two-step flag, whose
 * originTimestamp the port must write while queueing no TX stamp; the
 * others are Delay_Req messages, stamped as usual.  It prints
 *
 *   frames N		   frames sent
 *   tx_stamps N	   TX stamps read back from the error queue
 *   rx_frames N	   of them received on RXIF
 *   rx_stamps N	   with an RX hardware stamp
 *   diff_min NS	   RX stamp - TX stamp (or originTimestamp)
 *   diff_max NS
 *   tx_ahead_max NS	   the most a TX stamp was ahead of TXIF's clock
 *			   when it was read (never above 0 for a frame
 *			   that left at once)
 *   onestep N		   one-step Syncs whose originTimestamp was written
 *
 * The second form issues SIOCSHWTSTAMP and prints "OK tx_type R rx_filter
 * F" with what the driver accepted, or the errno's name.
 *
 * The third sends N Syncs (0: until killed), PER_MS (8) every millisecond, asking
 * for a TX stamp on each and reading none, for the lifetime tests: frames
 * in flight, stamps queued on a socket, when a port or module goes.  (At
 * full speed it would starve the debug kernel's guest.)  It ignores send
 * errors until the port vanishes under it, and prints the number of
 * frames sent.
 *
 * The fourth sends N two-step Syncs over Ethernet back to back, without
 * waiting for any, then reads their TX stamps and counts their copies on
 * RXIF, for the link speed (a frame departs once the one before has left
 * the transmitter) and the drop rate.  It prints frames, tx_stamps and
 * rx_frames as above, and
 *
 *   gap_min NS		   the least and the most time between the TX
 *   gap_max NS		   stamps of two frames sent one after the other
 *
 * The toggle form sends N Syncs one at a time and, while each is in
 * flight (give RXIF an rx_delay_ns of some ms), turns RXIF's stamping on
 * (even frames) or off (odd ones), as a ptp4l that starts or stops does.
 * A port stamps what arrives while it stamps, whatever it did when the
 * frame left.  It prints
 *
 *   in_on N		   frames sent unstamped that had not arrived when
 *			   stamping was turned on
 *   late_on N		   of those, how many arrived stamped
 *   in_off N		   frames sent stamped that had not arrived when
 *			   stamping was turned off
 *   late_off N		   of those, how many arrived unstamped
 *
 * The fifth is a packet tap, as tcpdump opens: it prints "listening",
 * counts the frames IF sends and receives for SECS seconds, and prints
 * "tapped N".
 *
 * The sixth sends N frames of 1500 bytes (Ethernet type 0x88f7, PTP
 * Announce messages) back to back from a socket with SO_MARK MARK, and
 * prints "sent N".  The seventh counts, for SECS seconds, the frames of
 * that type that arrive (not those sent) on any interface of its network
 * namespace, and
 * how many of them still carry a mark (a socket filter reads skb->mark):
 * it prints "listening" once its sockets are open, then "frames N" and
 * "marked N".
 */
#include <arpa/inet.h>
#include <linux/errqueue.h>
#include <linux/ethtool.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/net_tstamp.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include "common.h"

#define PTP_HLEN	44
#define PTP_SYNC	0x0
#define PTP_DELAY_REQ	0x1
#define PTP_TWO_STEP	0x02
#define FRAME_MAX	128

static const unsigned char ptp_mcast[ETH_ALEN] = {
	0x01, 0x1b, 0x19, 0x00, 0x00, 0x00
};

static int die(const char *what)
{
	fprintf(stderr, "vlink_stamps: %s: %s\n", what, strerror(errno));
	exit(1);
}

static int hwtstamp(int fd, const char *ifname, struct hwtstamp_config *cfg)
{
	struct ifreq ifr = { 0 };

	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = (void *)cfg;
	return ioctl(fd, SIOCSHWTSTAMP, &ifr) ? -errno : 0;
}

/* A packet socket bound to @ifname, stamping as @flags says. */
static int port_socket(const char *ifname, int flags)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ALL),
	};
	int fd;

	sll.sll_ifindex = if_nametoindex(ifname);
	if (!sll.sll_ifindex)
		die(ifname);
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0)
		die("socket");
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		die("bind");
	if (setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPING, &flags, sizeof(flags)))
		die("SO_TIMESTAMPING");
	return fd;
}

static uint16_t ip_csum(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint32_t s = 0;
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		s += b[i] << 8 | b[i + 1];
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return htons(~s & 0xffff);
}

/*
 * Frame @seq: a PTP message of type @type, two-step flag as @two_step,
 * over Ethernet or IPv4/UDP.  Returns its length; *@ptp is the offset of
 * the PTP header.
 */
static size_t build(unsigned char *f, const unsigned char *src, int udp,
		    int type, int two_step, uint16_t seq, size_t *ptp)
{
	struct ethhdr *eth = (void *)f;
	unsigned char *h;
	size_t off = sizeof(*eth);

	memset(f, 0, FRAME_MAX);
	memcpy(eth->h_source, src, ETH_ALEN);
	if (udp) {
		struct iphdr *ip = (void *)(f + off);
		struct udphdr *uh = (void *)(f + off + sizeof(*ip));

		memcpy(eth->h_dest, "\x01\x00\x5e\x00\x01\x81", ETH_ALEN);
		eth->h_proto = htons(ETH_P_IP);
		ip->version = 4;
		ip->ihl = 5;
		ip->ttl = 1;
		ip->protocol = IPPROTO_UDP;
		ip->tot_len = htons(sizeof(*ip) + sizeof(*uh) + PTP_HLEN);
		ip->saddr = htonl(0x0a000001);
		ip->daddr = htonl(0xe0000181);
		ip->check = ip_csum(ip, sizeof(*ip));
		uh->source = htons(319);
		uh->dest = htons(319);
		uh->len = htons(sizeof(*uh) + PTP_HLEN);
		off += sizeof(*ip) + sizeof(*uh);
	} else {
		memcpy(eth->h_dest, ptp_mcast, ETH_ALEN);
		eth->h_proto = htons(ETH_P_1588);
	}
	h = f + off;
	h[0] = type;
	h[1] = 2;
	h[3] = PTP_HLEN;
	h[6] = two_step ? PTP_TWO_STEP : 0;
	h[30] = seq >> 8;
	h[31] = seq & 0xff;
	*ptp = off;
	return off + PTP_HLEN;
}

/* The raw hardware stamp in @msg's control messages, in ns, or -1. */
static int64_t hw_stamp(struct msghdr *msg)
{
	struct cmsghdr *c;

	for (c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
		struct scm_timestamping *ts;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SO_TIMESTAMPING)
			continue;
		ts = (void *)CMSG_DATA(c);
		if (!ts->ts[2].tv_sec && !ts->ts[2].tv_nsec)
			return -1;
		return ts->ts[2].tv_sec * 1000000000LL + ts->ts[2].tv_nsec;
	}
	return -1;
}

/*
 * Wait up to @ms for a message on @fd (@err: its error queue) and read
 * it into @buf; its hardware stamp in *@ns.  Returns its length, or -1
 * if none came.
 */
static ssize_t recv_stamped(int fd, int err, int ms, unsigned char *buf,
			    size_t len, int64_t *ns)
{
	char control[512];
	struct iovec iov = { buf, len };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	struct pollfd pfd = { .fd = fd, .events = err ? 0 : POLLIN };
	ssize_t n;

	if (poll(&pfd, 1, ms) <= 0 || !(pfd.revents & (err ? POLLERR : POLLIN)))
		return -1;
	n = recvmsg(fd, &msg, err ? MSG_ERRQUEUE : 0);
	if (n < 0)
		return -1;
	*ns = hw_stamp(&msg);
	return n;
}

static int64_t be48_32(const unsigned char *p)
{
	uint64_t sec = 0;
	uint32_t nsec = 0;
	int i;

	for (i = 0; i < 6; i++)
		sec = sec << 8 | p[i];
	for (i = 6; i < 10; i++)
		nsec = nsec << 8 | p[i];
	return (int64_t)sec * 1000000000LL + nsec;
}

static int set_hwtstamp(int argc, char **argv)
{
	struct hwtstamp_config cfg = { 0 };
	int fd, rc;

	if (argc < 5)
		return 2;
	cfg.tx_type = atoi(argv[3]);
	cfg.rx_filter = atoi(argv[4]);
	cfg.flags = argc > 5 ? atoi(argv[5]) : 0;
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		die("socket");
	rc = hwtstamp(fd, argv[1], &cfg);
	if (rc)
		printf("%s\n", errname(-rc));
	else
		printf("OK tx_type %d rx_filter %d\n", cfg.tx_type, cfg.rx_filter);
	close(fd);
	return 0;
}

static int flood(const char *ifname, int n, int per_ms)
{
	unsigned char f[FRAME_MAX], src[ETH_ALEN] = { 0x02 };
	struct hwtstamp_config cfg = {
		.tx_type = HWTSTAMP_TX_ON, .rx_filter = HWTSTAMP_FILTER_ALL,
	};
	long sent = 0;
	size_t len, ptp;
	int fd, i;

	fd = port_socket(ifname, SOF_TIMESTAMPING_TX_HARDWARE |
			 SOF_TIMESTAMPING_RAW_HARDWARE);
	if (hwtstamp(fd, ifname, &cfg))
		die("SIOCSHWTSTAMP");
	for (i = 0; !n || i < n; i++) {
		len = build(f, src, 0, PTP_SYNC, 1, i, &ptp);
		if (send(fd, f, len, 0) == (ssize_t)len)
			sent++;
		else if (errno == ENXIO || errno == ENODEV)
			break;
		if (i % per_ms == per_ms - 1)
			nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	}
	printf("sent %ld\n", sent);
	return 0;
}

/* The burst form, on sockets that main() has set up. */
static int burst(int txfd, int rxfd, const unsigned char *src, int n)
{
	int64_t gmin = INT64_MAX, gmax = INT64_MIN, prev = -1, ns;
	unsigned char f[FRAME_MAX], in[2048];
	int i, tx_stamps = 0, rx_frames = 0;
	size_t len, ptp;
	ssize_t got;

	for (i = 0; i < n; i++) {
		len = build(f, src, 0, PTP_SYNC, 1, i, &ptp);
		if (send(txfd, f, len, 0) != (ssize_t)len)
			die("send");
	}
	/* the stamps come in the order the frames left */
	while (recv_stamped(txfd, 1, 1000, in, sizeof(in), &ns) >= 0) {
		if (ns < 0)
			continue;
		tx_stamps++;
		if (prev >= 0 && ns - prev < gmin)
			gmin = ns - prev;
		if (prev >= 0 && ns - prev > gmax)
			gmax = ns - prev;
		prev = ns;
	}
	while ((got = recv_stamped(rxfd, 0, 500, in, sizeof(in), &ns)) >= 0)
		if ((size_t)got >= ptp + PTP_HLEN && in[ptp] == PTP_SYNC)
			rx_frames++;
	printf("frames %d\ntx_stamps %d\nrx_frames %d\n", n, tx_stamps,
	       rx_frames);
	if (gmin <= gmax)
		printf("gap_min %lld\ngap_max %lld\n", (long long)gmin,
		       (long long)gmax);
	return 0;
}

/* The toggle form, on sockets that main() has set up. */
static int toggle(int txfd, int rxfd, const char *rxif,
		  const unsigned char *src, int n)
{
	struct hwtstamp_config cfg = { .tx_type = HWTSTAMP_TX_OFF };
	unsigned char f[FRAME_MAX], in[2048];
	int i, in_on = 0, in_off = 0, late_on = 0, late_off = 0;
	struct pollfd pfd = { .fd = rxfd, .events = POLLIN };
	size_t len, ptp;
	ssize_t got;
	int64_t ns;

	for (i = 0; i < n; i++) {
		int on = !(i & 1);

		cfg.rx_filter = on ? HWTSTAMP_FILTER_NONE : HWTSTAMP_FILTER_ALL;
		if (hwtstamp(rxfd, rxif, &cfg))
			die("SIOCSHWTSTAMP on RXIF");
		len = build(f, src, 0, PTP_SYNC, 1, i, &ptp);
		if (send(txfd, f, len, 0) != (ssize_t)len)
			die("send");
		cfg.rx_filter = on ? HWTSTAMP_FILTER_ALL : HWTSTAMP_FILTER_NONE;
		if (hwtstamp(rxfd, rxif, &cfg))
			die("SIOCSHWTSTAMP on RXIF");
		/* Nothing here yet: the frame arrives after the change. */
		if (poll(&pfd, 1, 0))
			continue;
		while ((got = recv_stamped(rxfd, 0, 1000, in, sizeof(in), &ns)) >= 0)
			if ((size_t)got >= ptp + PTP_HLEN && in[ptp] == PTP_SYNC &&
			    in[ptp + 31] == (i & 0xff))
				break;
		if (got < 0)
			continue;
		if (on) {
			in_on++;
			late_on += ns >= 0;
		} else {
			in_off++;
			late_off += ns < 0;
		}
	}
	printf("frames %d\nin_on %d\nlate_on %d\nin_off %d\nlate_off %d\n",
	       n, in_on, late_on, in_off, late_off);
	return 0;
}

/* The PHC that stamps @ifname's frames (ethtool -T), open, or -1. */
static int port_phc(int fd, const char *ifname)
{
	struct ethtool_ts_info info = { .cmd = ETHTOOL_GET_TS_INFO };
	struct ifreq ifr = { 0 };
	char dev[32];

	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = (void *)&info;
	if (ioctl(fd, SIOCETHTOOL, &ifr) || info.phc_index < 0)
		return -1;
	snprintf(dev, sizeof(dev), "/dev/ptp%d", info.phc_index);
	return open(dev, O_RDONLY);
}

/* Say "listening" (the sockets are open); the instant @secs from now. */
static struct timespec listening(int secs)
{
	struct timespec end;

	printf("listening\n");
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += secs;
	return end;
}

/* Milliseconds from now until @end; 0 or less once it has passed. */
static int ms_until(const struct timespec *end)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (end->tv_sec - now.tv_sec) * 1000 +
	       (end->tv_nsec - now.tv_nsec) / 1000000;
}

/* The tap form: a packet socket on @ifname, reading for @secs. */
static int tap(const char *ifname, int secs)
{
	unsigned char in[2048];
	struct timespec end;
	long n = 0;
	int fd, ms;

	fd = port_socket(ifname, 0);
	end = listening(secs);
	while ((ms = ms_until(&end)) > 0) {
		if (poll(&(struct pollfd){ .fd = fd, .events = POLLIN }, 1, ms) > 0 &&
		    recv(fd, in, sizeof(in), MSG_DONTWAIT) >= 0)
			n++;
	}
	printf("tapped %ld\n", n);
	return 0;
}

#define MARKED_LEN	1500

/* The marked form: @n frames of MARKED_LEN bytes, with SO_MARK @mark. */
static int marked(const char *ifname, int n, int mark)
{
	static unsigned char f[MARKED_LEN];
	struct ethhdr *eth = (void *)f;
	struct ifreq ifr = { 0 };
	int fd, i, sent = 0;

	fd = port_socket(ifname, 0);
	if (setsockopt(fd, SOL_SOCKET, SO_MARK, &mark, sizeof(mark)))
		die("SO_MARK");
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFHWADDR, &ifr))
		die("SIOCGIFHWADDR");
	memcpy(eth->h_source, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	memcpy(eth->h_dest, ptp_mcast, ETH_ALEN);
	eth->h_proto = htons(ETH_P_1588);
	f[sizeof(*eth)] = 0xb;		/* Announce: no event, no stamp */
	f[sizeof(*eth) + 1] = 2;
	for (i = 0; i < n; i++)
		if (send(fd, f, sizeof(f), 0) == (ssize_t)sizeof(f))
			sent++;
	printf("sent %d\n", sent);
	return 0;
}

/*
 * A socket on every interface that takes the PTP frames that arrive (not
 * those sent); if @marked_only, only those whose skb->mark is not 0.
 */
static int ptp_listener(int marked_only)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 12),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ETH_P_1588, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_PKTTYPE),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PACKET_OUTGOING, 3, 0),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SKF_AD_OFF + SKF_AD_MARK),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, marked_only ? 1 : 0, 0),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_fprog prog = { .len = 8, .filter = code };
	int fd;

	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0)
		die("socket");
	if (setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof(prog)))
		die("SO_ATTACH_FILTER");
	return fd;
}

/* The marks form: count for @secs what the two listeners take. */
static int marks(int secs)
{
	struct pollfd pfd[2] = {
		{ .fd = ptp_listener(0), .events = POLLIN },
		{ .fd = ptp_listener(1), .events = POLLIN },
	};
	unsigned char in[2048];
	struct timespec end;
	long n[2] = { 0, 0 };
	int i, ms;

	end = listening(secs);
	while ((ms = ms_until(&end)) > 0) {
		if (poll(pfd, 2, ms) < 0)
			break;
		for (i = 0; i < 2; i++)
			while (recv(pfd[i].fd, in, sizeof(in), MSG_DONTWAIT) >= 0)
				n[i]++;
	}
	printf("frames %ld\nmarked %ld\n", n[0], n[1]);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char f[FRAME_MAX], in[2048], src[ETH_ALEN];
	int tx_stamps = 0, rx_frames = 0, rx_stamps = 0, onestep_ok = 0;
	int64_t dmin = INT64_MAX, dmax = INT64_MIN, extra, ahead = INT64_MIN;
	struct timespec now;
	int phc;
	struct hwtstamp_config cfg = { 0 };
	int txfd, rxfd, n, i, udp, onestep;
	struct ifreq ifr = { 0 };
	const char *mode;

	if (argc >= 3 && !strcmp(argv[2], "hwtstamp"))
		return set_hwtstamp(argc, argv);
	if ((argc == 4 || argc == 5) && !strcmp(argv[2], "flood"))
		return flood(argv[1], atoi(argv[3]), argc == 5 ? atoi(argv[4]) : 8);
	if (argc == 4 && !strcmp(argv[2], "tap"))
		return tap(argv[1], atoi(argv[3]));
	if (argc == 5 && !strcmp(argv[2], "marked"))
		return marked(argv[1], atoi(argv[3]), atoi(argv[4]));
	if (argc == 4 && !strcmp(argv[2], "marks"))
		return marks(atoi(argv[3]));
	if (argc != 5) {
		fprintf(stderr, "usage: vlink_stamps TXIF RXIF N l2|udp|onestep-l2|onestep-udp\n"
			"       vlink_stamps IF hwtstamp TX_TYPE RX_FILTER [FLAGS]\n"
			"       vlink_stamps IF flood N [PER_MS]\n"
			"       vlink_stamps TXIF RXIF N burst\n"
			"       vlink_stamps TXIF RXIF N toggle\n"
			"       vlink_stamps IF tap SECS\n"
			"       vlink_stamps TXIF marked N MARK\n"
			"       vlink_stamps - marks SECS\n");
		return 2;
	}
	n = atoi(argv[3]);
	mode = argv[4];
	onestep = !strncmp(mode, "onestep-", 8);
	udp = !strcmp(mode + (onestep ? 8 : 0), "udp");

	txfd = port_socket(argv[1], SOF_TIMESTAMPING_TX_HARDWARE |
			   SOF_TIMESTAMPING_RAW_HARDWARE);
	rxfd = port_socket(argv[2], SOF_TIMESTAMPING_RX_HARDWARE |
			   SOF_TIMESTAMPING_RAW_HARDWARE);
	cfg.tx_type = onestep ? HWTSTAMP_TX_ONESTEP_SYNC : HWTSTAMP_TX_ON;
	cfg.rx_filter = HWTSTAMP_FILTER_ALL;
	if (hwtstamp(txfd, argv[1], &cfg))
		die("SIOCSHWTSTAMP on TXIF");
	cfg.tx_type = HWTSTAMP_TX_OFF;
	if (hwtstamp(rxfd, argv[2], &cfg))
		die("SIOCSHWTSTAMP on RXIF");
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", argv[1]);
	if (ioctl(txfd, SIOCGIFHWADDR, &ifr))
		die("SIOCGIFHWADDR");
	memcpy(src, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	if (!strcmp(mode, "burst"))
		return burst(txfd, rxfd, src, n);
	if (!strcmp(mode, "toggle"))
		return toggle(txfd, rxfd, argv[2], src, n);
	phc = port_phc(txfd, argv[1]);

	for (i = 0; i < n; i++) {
		int sync1 = onestep && !(i & 1);
		int type = onestep && (i & 1) ? PTP_DELAY_REQ : PTP_SYNC;
		int64_t tx = -1, rx = -1, origin, ns;
		size_t len, ptp;
		ssize_t got;

		len = build(f, src, udp, type, !sync1, i, &ptp);
		if (send(txfd, f, len, 0) != (ssize_t)len)
			die("send");
		/* A one-step Sync has no TX stamp: a short wait shows none. */
		got = recv_stamped(txfd, 1, sync1 ? 50 : 1000, in, sizeof(in), &ns);
		if (got >= 0 && ns >= 0) {
			tx_stamps++;
			tx = ns;
			if (phc >= 0 &&
			    !clock_gettime(FD_TO_CLOCKID(phc), &now) &&
			    tx - (now.tv_sec * 1000000000LL + now.tv_nsec) > ahead)
				ahead = tx - (now.tv_sec * 1000000000LL + now.tv_nsec);
		}
		/* Its copy on RXIF; skip whatever else comes (none expected). */
		while ((got = recv_stamped(rxfd, 0, 1000, in, sizeof(in), &ns)) >= 0) {
			if ((size_t)got >= ptp + PTP_HLEN && in[ptp] == type &&
			    in[ptp + 30] == (i >> 8 & 0xff) && in[ptp + 31] == (i & 0xff))
				break;
		}
		if (got < 0)
			continue;
		rx_frames++;
		if (ns < 0)
			continue;
		rx_stamps++;
		rx = ns;
		origin = be48_32(in + ptp + 34);
		if (sync1 && origin) {
			onestep_ok++;
			tx = origin;
		}
		if (tx < 0)
			continue;
		if (rx - tx < dmin)
			dmin = rx - tx;
		if (rx - tx > dmax)
			dmax = rx - tx;
	}
	/* Any stamp left now is one too many. */
	while (recv_stamped(txfd, 1, 100, in, sizeof(in), &extra) >= 0)
		tx_stamps++;
	printf("frames %d\ntx_stamps %d\nrx_frames %d\nrx_stamps %d\n", n,
	       tx_stamps, rx_frames, rx_stamps);
	if (dmin <= dmax)
		printf("diff_min %lld\ndiff_max %lld\n", (long long)dmin,
		       (long long)dmax);
	if (ahead > INT64_MIN)
		printf("tx_ahead_max %lld\n", (long long)ahead);
	printf("onestep %d\n", onestep_ok);
	return 0;
}
