// SPDX-License-Identifier: GPL-2.0
/*
 * ptp_vlink: its ports (which interface, which clock, their counters),
 * the wire's knobs of its segments and ports, and the ground truth.  All
 * of it lives in debugfs (docs/network.md); the interface of a port in
 * this network namespace is the one whose ETHTOOL_GDRVINFO names the
 * driver ptp_vlink and bus-info portN.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/ethtool.h>
#include <linux/sockios.h>

#include "ptpctl.h"

#define VLINK_DIR	"ptp_vlink"
#define MAX_PORTS	256
#define MAX_SEGS	64

/* The counters file's lines, in the order the overview shows them. */
static const char *const port_cols[] = {
	"tx_frames", "tx_stamps", "onestep", "rx_frames", "rx_stamps",
	"drops", "stamp_fails",
};
static const char *const seg_knobs[] = {
	"speed_mbps", "jitter_ns", "jitter_dist", "seed", "drop_ppm",
};

/* What debugfs and this namespace say of one port. */
struct port {
	int id;
	char ifname[IF_NAMESIZE];	/* "" when not in this namespace */
	char dir[PATH_MAX / 2];
	char segment[24];
	char phc[24];
	char counters[1024];
};

static void vlink_root(char *out, size_t len)
{
	snprintf(out, len, "%s/%s", debugfs_root(), VLINK_DIR);
}

/*
 * The port number of interface @ifname, if it is a ptp_vlink port: its
 * number, -1 for another driver's interface (its name in @driver), or
 * -errno.
 */
static int iface_port(int sock, const char *ifname, char *driver, size_t len)
{
	struct ethtool_drvinfo info;
	struct ifreq ifr;
	unsigned int id;
	char end;

	if (!*ifname || strlen(ifname) >= sizeof(ifr.ifr_name))
		return -ENODEV;
	memset(&ifr, 0, sizeof(ifr));
	memset(&info, 0, sizeof(info));
	strcpy(ifr.ifr_name, ifname);
	info.cmd = ETHTOOL_GDRVINFO;
	ifr.ifr_data = (void *)&info;
	if (ioctl(sock, SIOCETHTOOL, &ifr))
		return -errno;
	snprintf(driver, len, "%s", info.driver);
	if (strcmp(info.driver, VLINK_DIR) ||
	    sscanf(info.bus_info, "port%u%c", &id, &end) != 1 || id > INT_MAX)
		return -1;
	return id;
}

/* The interfaces of this namespace that are ports, by port number. */
static void port_names(char names[][IF_NAMESIZE], int n)
{
	struct if_nameindex *ifs, *i;
	char driver[32];
	int sock, id;

	sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ifs = sock < 0 ? NULL : if_nameindex();
	for (i = ifs; i && i->if_name; i++) {
		id = iface_port(sock, i->if_name, driver, sizeof(driver));
		if (id >= 0 && id < n)
			snprintf(names[id], IF_NAMESIZE, "%s", i->if_name);
	}
	if (ifs)
		if_freenameindex(ifs);
	if (sock >= 0)
		close(sock);
}

/* "seg3" or "port12": the number, or -1. */
static int numbered(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);
	unsigned int v;

	if (strncmp(s, prefix, n) || parse_uint(s + n, INT_MAX, &v))
		return -1;
	return v;
}

/* A file of @dir read into @buf ("?" if it cannot be), no newline. */
static void read_field(const char *dir, const char *name, char *buf,
		       size_t len)
{
	char path[PATH_MAX];
	ssize_t n = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "re");
	if (f) {
		n = fread(buf, 1, len - 1, f);
		fclose(f);
	}
	if (n <= 0) {
		snprintf(buf, len, "?");
		return;
	}
	buf[n] = '\0';
	while (n > 0 && buf[n - 1] == '\n')
		buf[--n] = '\0';
}

/* The value of line "@key VALUE" in @text, in @out ("?" if none). */
static const char *field_of(const char *text, const char *key, char *out,
			    size_t len)
{
	size_t kl = strlen(key);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == ' ') {
			snprintf(out, len, "%.*s", (int)strcspn(p + kl + 1, "\n"),
				 p + kl + 1);
			return out;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	snprintf(out, len, "?");
	return out;
}

/* A number as JSON: as it is if it is an integer, else a string. */
static void json_num(const char *v)
{
	char *end;

	errno = 0;
	strtoll(v, &end, 10);
	if (*v && !*end && !errno)
		fputs(v, stdout);
	else
		json_str(stdout, v);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The numbers of the directories @prefix<N> of @root, sorted: count. */
static int list_numbered(const char *root, const char *prefix, int *ids,
			 int max)
{
	struct dirent *de;
	int n = 0, id;
	DIR *d;

	d = opendir(root);
	if (!d)
		return 0;
	while ((de = readdir(d)) && n < max) {
		id = numbered(de->d_name, prefix);
		if (id >= 0)
			ids[n++] = id;
	}
	closedir(d);
	qsort(ids, n, sizeof(*ids), cmp_int);
	return n;
}

static void load_port(const char *root, int id, const char *ifname,
		      struct port *p)
{
	p->id = id;
	snprintf(p->ifname, sizeof(p->ifname), "%s", ifname);
	snprintf(p->dir, sizeof(p->dir), "%s/port%d", root, id);
	read_field(p->dir, "segment", p->segment, sizeof(p->segment));
	read_field(p->dir, "phc", p->phc, sizeof(p->phc));
	read_field(p->dir, "counters", p->counters, sizeof(p->counters));
}

/* "/dev/ptpK (clock_name)" of PHC index @phc, or "none". */
static void clock_desc(const char *phc, char *out, size_t len)
{
	char path[PATH_MAX], name[64];
	unsigned int idx;

	if (parse_uint(phc, INT_MAX, &idx)) {
		snprintf(out, len, "none");
		return;
	}
	clock_sysdir(idx, path, sizeof(path));
	strncat(path, "/clock_name", sizeof(path) - strlen(path) - 1);
	if (sysfs_read(path, name, sizeof(name)))
		snprintf(name, sizeof(name), "gone");
	snprintf(out, len, "/dev/ptp%u (%s)", idx, name);
}

/* ---- ptpctl link: every port and segment ---- */

static void overview_port(struct ctx *c, const struct port *p, bool first)
{
	char v[32];
	size_t i;

	if (!c->json) {
		printf("port%-4d %-15s %-7s %-4s", p->id,
		       *p->ifname ? p->ifname : "-", p->segment, p->phc);
		for (i = 0; i < ARRAY_SIZE(port_cols); i++)
			printf(" %11s", field_of(p->counters, port_cols[i], v,
						 sizeof(v)));
		printf("\n");
		return;
	}
	printf("%s\n    {\"port\": %d, \"interface\": ", first ? "" : ",", p->id);
	if (*p->ifname)
		json_str(stdout, p->ifname);
	else
		printf("null");
	printf(", \"segment\": ");
	json_num(p->segment);
	printf(", \"phc\": ");
	json_num(p->phc);
	for (i = 0; i < ARRAY_SIZE(port_cols); i++) {
		printf(", \"%s\": ", port_cols[i]);
		json_num(field_of(p->counters, port_cols[i], v, sizeof(v)));
	}
	printf("}");
}

static void overview_seg(struct ctx *c, const char *root, int id, int ports,
			 bool first)
{
	char dir[PATH_MAX], v[32];
	size_t i;

	snprintf(dir, sizeof(dir), "%s/seg%d", root, id);
	if (c->json)
		printf("%s\n    {\"segment\": %d, \"ports\": %d", first ? "" : ",",
		       id, ports);
	else
		printf("seg%-5d %5d", id, ports);
	for (i = 0; i < ARRAY_SIZE(seg_knobs); i++) {
		read_field(dir, seg_knobs[i], v, sizeof(v));
		if (c->json) {
			printf(", \"%s\": ", seg_knobs[i]);
			json_num(v);
		} else {
			printf(" %11s", v);
		}
	}
	printf(c->json ? "}" : "\n");
}

static int link_overview(struct ctx *c, const char *root)
{
	static char names[MAX_PORTS][IF_NAMESIZE];
	int ids[MAX_PORTS], segs[MAX_SEGS], per_seg[MAX_SEGS] = { 0 };
	int np, ns, i, s;
	struct port p;
	size_t k;

	np = list_numbered(root, "port", ids, MAX_PORTS);
	ns = list_numbered(root, "seg", segs, MAX_SEGS);
	port_names(names, MAX_PORTS);
	if (c->json) {
		printf("{\"ports\": [");
	} else {
		printf("%-8s %-15s %-7s %-4s", "port", "interface", "segment", "phc");
		for (k = 0; k < ARRAY_SIZE(port_cols); k++)
			printf(" %11s", port_cols[k]);
		printf("\n");
	}
	for (i = 0; i < np; i++) {
		load_port(root, ids[i], ids[i] < MAX_PORTS ? names[ids[i]] : "", &p);
		overview_port(c, &p, !i);
		s = atoi(p.segment);
		if (strcmp(p.segment, "-1"))
			for (k = 0; k < (size_t)ns; k++)
				per_seg[k] += segs[k] == s;
	}
	if (!c->json && !np)
		printf("(no ports: ip link add name NAME type ptp_vlink)\n");
	if (c->json) {
		printf("%s],\n \"segments\": [", np ? "\n  " : "");
	} else {
		printf("\n%-8s %5s", "segment", "ports");
		for (k = 0; k < ARRAY_SIZE(seg_knobs); k++)
			printf(" %11s", seg_knobs[k]);
		printf("\n");
	}
	for (i = 0; i < ns; i++)
		overview_seg(c, root, segs[i], per_seg[i], !i);
	if (c->json)
		printf("%s]}\n", ns ? "\n  " : "");
	return EXIT_OK;
}

/* ---- ptpctl link truth ---- */

struct truth_line {
	int port, seg, phc;
	long long ns;
};

static int link_truth(struct ctx *c, const char *root)
{
	static char names[MAX_PORTS][IF_NAMESIZE];
	struct truth_line t[MAX_PORTS];
	char path[PATH_MAX], buf[16384], *line, *save = NULL;
	unsigned long long raw = 0;
	long long ref;
	int n = 0, i, j, ret;

	snprintf(path, sizeof(path), "%s/truth", root);
	/* one read: each open makes the file anew, at a new instant */
	ret = ctl_read(c, path, "truth", buf, sizeof(buf));
	if (ret)
		return ret;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "raw %llu", &raw) == 1 || n == MAX_PORTS)
			continue;
		if (sscanf(line, "port%d segment %d phc %d %lld", &t[n].port,
			   &t[n].seg, &t[n].phc, &t[n].ns) == 4)
			n++;
	}
	port_names(names, MAX_PORTS);
	if (c->json)
		printf("{\"raw_ns\": %llu, \"ports\": [", raw);
	else
		printf("at CLOCK_MONOTONIC_RAW %llu ns\n%-8s %-15s %-7s %-4s %20s %12s\n",
		       raw, "port", "interface", "segment", "phc", "clock_ns",
		       "offset_ns");
	for (i = 0; i < n; i++) {
		const char *ifn = t[i].port >= 0 && t[i].port < MAX_PORTS ?
				  names[t[i].port] : "";

		/* the offset from the first port of the same segment */
		for (j = 0; t[j].seg != t[i].seg; j++)
			;
		ref = t[j].ns;
		if (c->json) {
			printf("%s\n  {\"port\": %d, \"interface\": ", i ? "," : "",
			       t[i].port);
			if (*ifn)
				json_str(stdout, ifn);
			else
				printf("null");
			printf(", \"segment\": %d, \"phc\": %d, \"clock_ns\": %lld, \"offset_ns\": %lld}",
			       t[i].seg, t[i].phc, t[i].ns, t[i].ns - ref);
		} else {
			printf("port%-4d %-15s %-7d %-4d %20lld %+12lld%s\n", t[i].port,
			       *ifn ? ifn : "-", t[i].seg, t[i].phc, t[i].ns,
			       t[i].ns - ref, i == j ? " (reference)" : "");
		}
	}
	if (c->json)
		printf("%s]}\n", n ? "\n" : "");
	else if (!n)
		printf("(no port is plugged in with a clock)\n");
	return EXIT_OK;
}

/* ---- ptpctl link PORT|SEGMENT [CONTROL [VALUE...]] ---- */

/* The directory of @target (portN, segN or an interface), in @dir. */
static int target_dir(struct ctx *c, const char *root, const char *target,
		      char *dir, size_t len, int *port)
{
	char driver[32] = "";
	int sock, id;

	*port = -1;
	if (numbered(target, "seg") >= 0 || numbered(target, "port") >= 0) {
		snprintf(dir, len, "%s/%s", root, target);
		if (!is_dir(dir))
			return fail_usage(c, "no %s (see '%s link')", target, c->prog);
		*port = numbered(target, "port");
		return 0;
	}
	sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (sock < 0)
		return fail_sys(c, "socket", errno, NULL);
	id = iface_port(sock, target, driver, sizeof(driver));
	close(sock);
	if (id == -ENODEV)
		return fail_usage(c, "'%s' is no portN, segN or network interface here (see '%s link')",
				  target, c->prog);
	if (id == -1 || id == -EOPNOTSUPP)
		return fail_msg(c, "%s is not a ptp_vlink port (driver %s)", target,
				*driver ? driver : "unknown");
	if (id < 0)
		return fail_sys(c, "ETHTOOL_GDRVINFO", -id, NULL);
	snprintf(dir, len, "%s/port%d", root, id);
	if (!is_dir(dir))
		return fail_msg(c, "no debugfs directory for %s (port%d)", target, id);
	*port = id;
	return 0;
}

/* A port: its interface and clock first, then its controls. */
static int show_port(struct ctx *c, const char *root, int id)
{
	static char names[MAX_PORTS][IF_NAMESIZE];
	char desc[PATH_MAX];
	struct port p;
	int ret;

	port_names(names, MAX_PORTS);
	load_port(root, id, id < MAX_PORTS ? names[id] : "", &p);
	ctl_list_begin(c);
	ctl_print(c, "interface", *p.ifname ? p.ifname : "-");
	clock_desc(p.phc, desc, sizeof(desc));
	ctl_print(c, "clock", desc);
	ret = ctl_list_dir(c, p.dir, "");
	return ctl_list_end(c, ret);
}

int cmd_link(struct ctx *c, int argc, char **argv)
{
	char root[PATH_MAX / 2], dir[PATH_MAX];
	struct ctl_args a;
	int ret, port;

	ret = ctl_parse(c, argc, argv, true, &a);
	if (ret)
		return ret;
	vlink_root(root, sizeof(root));
	if (!is_dir(root))
		return ctl_no_root(c, VLINK_DIR);
	if (!a.target)
		return link_overview(c, root);
	if (!strcmp(a.target, "truth")) {
		if (a.control)
			return fail_usage(c, "truth takes no control");
		return link_truth(c, root);
	}
	ret = target_dir(c, root, a.target, dir, sizeof(dir), &port);
	if (ret)
		return ret;
	if (!a.control && port >= 0)
		return show_port(c, root, port);
	return ctl_run(c, dir, &a);
}
