#!/bin/bash
# tests/suites/75-pcap-veth.sh - "inetcsum check" on real captures: two
# network namespaces joined by a veth pair, addresses from a private range
# that exist only inside them, a little ping, UDP and TCP traffic between
# them, captured by tcpdump once with transmit checksum offload on and once
# with it off (ethtool -K tx on|off).  With offload on, Linux hands the
# capture TCP and UDP packets whose checksum field holds only the
# pseudo-header sum (CHECKSUM_PARTIAL): inetcsum must call them partial.
# With offload off the kernel fills in every checksum: all must be good.
#
# Needs root (CAP_NET_ADMIN) for namespaces; without it the suite says why
# and fails.  Everything it creates is removed on exit.
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
B=$BUILD_ROOT/pcap
W=$BUILD_ROOT/pcap-veth
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
failures=0
pass() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# Unique names, so parallel runs and leftovers cannot collide.
NA=icsA$$ NB=icsB$$ VA=icva$$ VB=icvb$$
# RFC 1918 space, configured only inside the two namespaces.
IPA=10.213.7.1 IPB=10.213.7.2
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	ip netns del $NA 2>/dev/null
	ip netns del $NB 2>/dev/null
}
trap cleanup EXIT

if [ -n "${PCAP_TEST_TOOL:-}" ]; then
	T=$PCAP_TEST_TOOL
else
	cmake -S "$ROOT" -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DINETCSUM_SANITIZE=address,undefined -DINETCSUM_BUILD_TESTS=OFF \
		-DINETCSUM_BUILD_BENCH=OFF -DINETCSUM_BUILD_SHARED=OFF >"$B.cmake.log" 2>&1 &&
		cmake --build "$B" -j "${JOBS:-2}" --target inetcsum_tool >"$B.build.log" 2>&1 ||
		{ tail -30 "$B.build.log"; echo "build failed"; exit 1; }
	T=$B/tools/inetcsum
fi
for cmd in ip ethtool tcpdump ping; do
	command -v $cmd >/dev/null ||
		{ echo "FAIL $cmd is missing (scripts/deps/pcap.txt lists it)"; exit 1; }
done
rm -rf "$W" && mkdir -p "$W"

if ! ip netns add $NA 2>"$W/netns.err"; then
	echo "FAIL cannot create a network namespace (needs root/CAP_NET_ADMIN):" \
		"$(cat "$W/netns.err")"
	exit 1
fi
ip netns add $NB &&
	ip link add $VA type veth peer name $VB &&
	ip link set $VA netns $NA && ip link set $VB netns $NB &&
	ip -n $NA addr add $IPA/30 dev $VA && ip -n $NB addr add $IPB/30 dev $VB &&
	ip -n $NA link set $VA up && ip -n $NB link set $VB up &&
	ip -n $NA link set lo up && ip -n $NB link set lo up ||
	{ echo "FAIL veth setup"; exit 1; }

# A TCP and UDP sink in B, bounded in time; a sender in A.
cat >"$W/sink.py" <<EOF
import socket, threading
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
u.bind(("$IPB", 9999)); u.settimeout(8)
t = socket.socket(); t.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
t.bind(("$IPB", 9998)); t.listen(1); t.settimeout(8)
def udp():
    try:
        while True: u.recv(2048)
    except OSError: pass
threading.Thread(target=udp, daemon=True).start()
try:
    c, _ = t.accept(); c.settimeout(8)
    while c.recv(4096): pass
    c.close()
except OSError: pass
EOF
cat >"$W/send.py" <<EOF
import socket, time
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for i in range(5):
    u.sendto(b"udp payload %d " % i * 20, ("$IPB", 9999))
t = socket.create_connection(("$IPB", 9998), timeout=5)
for i in range(5):
    t.sendall(b"tcp payload %d " % i * 40); time.sleep(0.02)
t.close(); time.sleep(0.2)
EOF

# capture NAME on|off: traffic A -> B captured on A's side of the pair.
capture() {
	local name=$1 mode=$2 pcap=$W/$1.pcap p
	ip netns exec $NA ethtool -K $VA tx $mode >/dev/null 2>"$W/ethtool.err" &&
		ip netns exec $NB ethtool -K $VB tx $mode >/dev/null 2>>"$W/ethtool.err" ||
		{ fail "ethtool -K tx $mode: $(cat "$W/ethtool.err")"; return 1; }
	ip netns exec $NB timeout 10 $PY "$W/sink.py" & pids+=($!)
	ip netns exec $NA timeout 15 tcpdump -i $VA -U -s 0 -w "$pcap" \
		"host $IPB" 2>"$W/$name.tcpdump.err" & p=$!; pids+=($p)
	sleep 1	# tcpdump must be listening before traffic starts
	ip netns exec $NA ping -c 3 -i 0.2 -W 1 $IPB >/dev/null ||
		fail "ping $mode"
	ip netns exec $NA timeout 10 $PY "$W/send.py" || fail "send $mode"
	sleep 0.5
	kill -INT $p 2>/dev/null; wait $p 2>/dev/null
	wait 2>/dev/null
	[ -s "$pcap" ] || { fail "no capture $name"; return 1; }
	"$T" check --json "$pcap" >"$W/$name.jsonl"
	echo "captured $name (tx $mode): $(grep -c '"frame"' "$W/$name.jsonl") frames"
}

# count FILE PROTO STATUS: layers with that protocol and verdict.
count() {
	grep -o "\"proto\":\"$2\",\"status\":\"$3\"" "$1" | wc -l
}

if capture on on; then
	j=$W/on.jsonl
	p=$(( $(count $j tcp partial) + $(count $j udp partial) ))
	b=$(grep -c '"status":"bad"' $j)
	[ $p -gt 0 ] && [ $b -eq 0 ] && [ $(count $j icmp good) -ge 3 ] &&
		pass "offload on: $p partial TCP/UDP fields, no bad, ICMP good" ||
		{ fail "offload on: partial=$p bad=$b"; head -5 $j; }
	"$T" fix -q --fix-partial "$W/on.pcap" "$W/on-fixed.pcap" &&
		"$T" check --json "$W/on-fixed.pcap" >"$W/on-fixed.jsonl"
	[ "$(grep -c '"status":"partial"' "$W/on-fixed.jsonl")" = 0 ] &&
		pass "fix --fix-partial completes them" || fail "fix --fix-partial"
fi
if capture off off; then
	j=$W/off.jsonl
	g=$(( $(count $j tcp good) + $(count $j udp good) ))
	n=$(grep -o '"status":"[a-z]*"' $j | grep -vc '"good"')
	[ $g -gt 0 ] && [ $n -eq 0 ] &&
		pass "offload off: $g TCP/UDP fields, every layer good" ||
		{ fail "offload off: good=$g other=$n"; grep -v '"good"' $j | head -5; }
fi
echo "pcap-veth suite: $failures failure(s)"
[ $failures -eq 0 ]
