# SPDX-License-Identifier: GPL-2.0
# Sourced by the tests/net/*.sh tests (not a test itself: not executable).
# They build networks of ptp_vlink ports on ptp_dummy clocks.
#
#   net_setup N		  ptp_dummy with N clocks, ptp_vlink loaded; on exit
#			  everything goes: ptp4l and phc2sys, the namespaces
#			  made with net_ns, the ports, the modules' state
#   port_add NAME SEG CLK  a port on segment SEG, stamped by ptp_dummy.CLK
#   port_dir NAME	  its debugfs directory
#   clock_phc CLK	  the PHC index of ptp_dummy.CLK
#   truth_ns NAME	  what NAME's clock reads at the truth file's instant
#   offset_ns A B	  B's clock minus A's, at one instant (ground truth)
#   net_ns NS NAME...	  move the ports into a new namespace NS, up
. "$(dirname "$0")/../lib.sh"

VL=/sys/kernel/debug/ptp_vlink
DUMMY_DBG=/sys/kernel/debug/ptp_dummy
_net_ns=()

net_cleanup() {
	local ns
	pkill -x ptp4l 2> /dev/null
	pkill -x phc2sys 2> /dev/null
	for ns in "${_net_ns[@]}"; do
		ip netns del "$ns" 2> /dev/null
	done
	ip -o link show type ptp_vlink 2> /dev/null | awk -F': ' '{ print $2 }' |
		while read -r l; do ip link del "${l%@*}"; done
	modprobe -r ptp_vlink 2> /dev/null
	dummy_reload > /dev/null 2>&1 || echo "# net_cleanup: cannot reload ptp_dummy"
}

net_setup() {
	trap net_cleanup EXIT
	dummy_reload clocks="$1" || return 1
	modprobe ptp_vlink
}

# The N of the portN directory of port NAME (ethtool's bus-info).
port_id() {
	ethtool -i "$1" | sed -n 's/^bus-info: port\([0-9]*\)$/\1/p'
}

port_dir() {
	local id
	id=$(port_id "$1") && [ -n "$id" ] && echo "$VL/port$id"
}

# port_dir_id N: the directory of port number N.
port_dir_id() { echo "$VL/port$1"; }

clock_phc() {
	local d
	d=$(ptp_dev_by_name "ptp_dummy.$1") && echo "${d#/dev/ptp}"
}

port_add() {
	local d
	ip link add name "$1" type ptp_vlink || return 1
	# No IPv6 chatter (router and neighbour solicitations) on the wire,
	# where the kernel has IPv6.
	[ ! -d /proc/sys/net/ipv6 ] || sysctl -qw "net.ipv6.conf.$1.disable_ipv6=1"
	d=$(port_dir "$1") || return 1
	echo "$2" > "$d/segment" && clock_phc "$3" > "$d/phc"
}

# truth: the truth file in one read().  bash's read builtin reads a file
# in pieces and seeks back, and a seek makes the file anew, at a new
# instant: lines of one instant need one read.
truth() { cat "$VL/truth"; }

# truth_ns NAME: from one read of the truth file, NAME's clock.
truth_ns() {
	local id k _s _seg _p _phc ns
	id=$(port_id_cached "$1")
	while read -r k _s _seg _p _phc ns; do
		[ "$k" = "port$id" ] && { echo "$ns"; return 0; }
	done <<< "$(truth)"
	return 1
}

# offset_ns A B: in shell arithmetic (awk's doubles would round the
# 19-digit times to 256 ns).
offset_ns() {
	local a b k _s _seg _p _phc ns ta="" tb=""
	a=port$(port_id_cached "$1") b=port$(port_id_cached "$2")
	while read -r k _s _seg _p _phc ns; do
		[ "$k" = "$a" ] && ta=$ns
		[ "$k" = "$b" ] && tb=$ns
	done <<< "$(truth)"
	case $ta$tb in *-*|"") return 1 ;; esac
	[ -n "$ta" ] && [ -n "$tb" ] && echo $((tb - ta))
}

# Port numbers of ports moved into namespaces, where ethtool no longer
# finds them by name from here: remembered by net_ns.
declare -A _port_ids
port_id_cached() {
	[ -n "${_port_ids[$1]:-}" ] || _port_ids[$1]=$(port_id "$1")
	echo "${_port_ids[$1]}"
}

# wait_carrier NS NAME: until the port is up with carrier in NS, and its
# operational state says so: linkwatch reports that up to a second after
# the carrier, and a ptp4l started in between faults on the report.
wait_carrier() {
	local n=100
	while [ $n -gt 0 ]; do
		ip -n "$1" link show "$2" | grep -q 'LOWER_UP.* state UP ' && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}

net_ns() {
	local ns=$1 l
	shift
	ip netns add "$ns" || return 1
	_net_ns+=("$ns")
	ip -n "$ns" link set lo up
	for l in "$@"; do
		port_id_cached "$l" > /dev/null
		ip link set "$l" netns "$ns" || return 1
		ip -n "$ns" link set "$l" up || return 1
		wait_carrier "$ns" "$l" || return 1
		# Stamping on before ptp4l starts: ptp4l binds its sockets
		# before it asks for stamps, and a Sync from a master already
		# running that lands in between comes "without timestamp".
		ip netns exec "$ns" hwstamp_ctl -i "$l" -t 1 -r 12 > /dev/null || return 1
	done
}

# ptp4l_conf FILE TRANSPORT DELAY STEP [OPTION VALUE...]: a ptp4l
# configuration: TRANSPORT L2 or UDPv4, DELAY E2E or P2P, STEP twostep or
# onestep; 8 Syncs and delay requests, 4 Announces a second and a summary
# every second.  ptp4l's clock check is off: it compares the intervals of
# the RX stamps with CLOCK_MONOTONIC read when ptp4l gets to each message,
# which a guest under TCG running 16 ptp4l delays by tens of ms, a fifth
# of the Sync interval ("clockcheck: clock jumped", then a fault).
ptp4l_conf() {
	local f=$1 ts=hardware two=1
	[ "$4" = onestep ] && ts=onestep two=0
	{
		echo "[global]"
		echo "network_transport $2"
		echo "delay_mechanism $3"
		echo "time_stamping $ts"
		echo "twoStepFlag $two"
		echo "logSyncInterval -3"
		echo "logMinDelayReqInterval -3"
		echo "logMinPdelayReqInterval -3"
		echo "logAnnounceInterval -2"
		echo "sanity_freq_limit 0"
		echo "summary_interval 0"
		shift 4
		while [ $# -ge 2 ]; do echo "$1 $2"; shift 2; done
	} > "$f"
}

# ptp4l_start NS IF CONF LOG [ARGS...]: ptp4l in namespace NS, on port IF,
# with its management socket at /run/ptp4l-NS (the file system is shared
# by the namespaces: the default /var/run/ptp4l would be every instance's;
# pmc -s /run/ptp4l-NS reaches it).
ptp4l_start() {
	local ns=$1 ifc=$2 conf=$3 log=$4
	shift 4
	ip netns exec "$ns" ptp4l -f "$conf" -i "$ifc" -m -q \
		--uds_address="/run/ptp4l-$ns" "$@" > "$log" 2>&1 &
	ptp4l_pid=$!
}

# pmc_get NS WHAT FIELD: FIELD of pmc's answer to "GET WHAT" from the
# ptp4l of namespace NS.
pmc_get() {
	ip netns exec "$1" pmc -u -b 0 -s "/run/ptp4l-$1" "GET $2" 2> /dev/null |
		awk -v f="$3" '$1 == f { print $2; exit }'
}

# The summaries of a ptp4l log, "rms R max M freq F +/- f delay D +/- d",
# after its last state change to SLAVE: the fields R M F D, one line each.
summaries() {
	awk '/to SLAVE on/ { n = 0; delete r; next }
	     / rms / { for (i = 1; i < NF; i++) if ($i == "rms") break
		       if (i < NF) r[++n] = $(i + 1) " " $(i + 3) " " $(i + 5) " " $(i + 9) }
	     END { for (i = 1; i <= n; i++) print r[i] }' "$1"
}

# locked LOG N LIMIT: the last N summaries after lock all have rms <= LIMIT.
locked() {
	local s
	s=$(summaries "$1" | tail -n "$2")
	[ "$(echo "$s" | grep -c .)" -eq "$2" ] &&
		echo "$s" | awk -v l="$3" '$1 > l || $1 < -l { bad = 1 } END { exit bad }'
}

# bad_lines LOG...: what ptp4l says when timestamps fail or a port faults.
# Left out are ptp4l's own races, not the link's, which real NICs meet too
# (more so on a busy guest):
# - an event message (Sync, Delay_Req, Pdelay_Req, Pdelay_Resp) "without
#   timestamp" before the port's first state change: ptp4l opens its
#   general socket with ETH_P_ALL, so that it takes every frame of the
#   namespace until raw_configure() attaches its filter, and never asks it
#   for stamps; an event message that lands in between is read from it
#   without one (seen on L2 P2P: "received PDELAY_REQ without timestamp").
#   The event socket has the same window before SIOCSHWTSTAMP, which the
#   hwstamp_ctl in net_ns closes;
# - a P2P port that turns UNCALIBRATED drops its Pdelay_Req in flight and
#   faults on the response ("rogue peer delay response"); that fault and
#   the re-opened port's own first-message race, until its next state.
bad_lines() {
	awk 'FNR == 1 { rogue = 0; reinit = 0; started = 0 }
	     /rogue peer delay response/ { rogue = 1; next }
	     /to FAULTY on FAULT_DETECTED/ && rogue { rogue = 0; reinit = 1; next }
	     /to (UNCALIBRATED|SLAVE|MASTER|PASSIVE) on/ { reinit = 0; started = 1 }
	     reinit && /FAULTY to LISTENING|received (SYNC|DELAY_REQ|PDELAY_REQ|PDELAY_RESP) without timestamp/ { next }
	     !started && /received (SYNC|DELAY_REQ|PDELAY_REQ|PDELAY_RESP) without timestamp/ { next }
	     /timed out while polling|without timestamp|FAULT|fault/ { print FILENAME ": " $0 }' "$@"
}
