#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# scripts/gen_corpus.py - write the capture test corpus of "inetcsum check"
# and "inetcsum fix" into a folder, with the verdicts each frame must get.
#
#   scripts/gen_corpus.py OUTDIR            the corpus (tests/suites/70-pcap.sh)
#   scripts/gen_corpus.py --bench N OUTDIR  one pcap of >= N mixed frames
#
# Packets are built with scapy, but every checksum that depends on a
# pseudo-header is computed here from the raw bytes (cksum() below, RFC
# 1071), so the expectations do not rest on scapy's own rules for source
# routes or extension headers.  The files are written by hand-made writers
# (not scapy's) so that byte order, timestamp resolution, section and block
# layout are chosen by the test: pcap per draft-ietf-opsawg-pcap, pcapng per
# draft-ietf-opsawg-pcapng.
#
# OUTDIR/expected.json maps each file to its frames, in order:
#   {"file": [{"frame": 1, "case": "name", "layers": [["ipv4","good"], ...]}]}
# layers outermost first, as "inetcsum check --json" reports them.
import json
import os
import struct
import sys

from scapy.contrib.igmp import IGMP
from scapy.all import (GRE, ICMP, IP, TCP, UDP,
                       ICMPv6EchoRequest, IPv6, IPv6ExtHdrDestOpt,
                       IPv6ExtHdrFragment, IPv6ExtHdrHopByHop,
                       IPv6ExtHdrRouting, IPv6ExtHdrSegmentRouting,
                       IPOption_LSRR, IPOption_SSRR, IPOption_RR, HAO, Raw,
                       conf)

conf.verb = 0

# ---- checksums (RFC 1071) ------------------------------------------------


def osum(data, s=0):
    """Ones' complement sum of big-endian 16-bit words, odd tail padded."""
    if len(data) % 2:
        data = data + b"\0"
    for i in range(0, len(data), 2):
        s += (data[i] << 8) | data[i + 1]
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return s


def cksum(data, s=0):
    return ~osum(data, s) & 0xffff


def pseudo(src, dst, proto, length):
    """Pseudo-header sum: RFC 768/9293 (4-byte addresses), RFC 8200 8.1."""
    if len(src) == 4:
        return osum(src + dst + struct.pack(">BBH", 0, proto, length))
    return osum(src + dst + struct.pack(">IxxxB", length, proto))


def ip_aton(a):
    import socket
    fam = socket.AF_INET6 if ":" in a else socket.AF_INET
    return socket.inet_pton(fam, a)


def put16(b, off, v):
    b[off:off + 2] = struct.pack(">H", v)


def corrupt(v):
    """A wrong value that is not the other zero (0 and 0xffff both verify)."""
    w = v ^ 0x5a5a
    return w if w not in (0, 0xffff, v) else v ^ 0x1111


# Offsets of the checksum field inside each upper-layer header.
CSUM_OFF = {"tcp": 16, "udp": 6, "udplite": 6, "icmpv6": 2, "icmp": 2,
            "igmp": 2}
PROTO_NUM = {"tcp": 6, "udp": 17, "udplite": 136, "icmpv6": 58}


def l4(pkt, layer, kind, src, dst, status="good", cov=None, value=None):
    """
    Serialise scapy packet 'pkt' (IP first) and set the checksum of its
    upper layer 'layer' (a scapy class or an offset) from the raw bytes with
    the pseudo-header of 'src'/'dst' (the addresses the RFCs put in it).
    'status' picks what is stored: good, bad, partial (the pseudo-header
    sum only, what Linux leaves with checksum offload), zero, or 'value'.
    """
    raw = bytearray(bytes(pkt))
    off = layer if isinstance(layer, int) else len(pkt) - len(pkt[layer])
    ln = len(raw) - off
    f = off + CSUM_OFF[kind]
    put16(raw, f, 0)
    ps = pseudo(ip_aton(src), ip_aton(dst), PROTO_NUM[kind], ln)
    covered = raw[off:] if cov is None else raw[off:off + cov]
    c = cksum(bytes(covered), ps)
    if kind in ("udp", "udplite") and c == 0:
        c = 0xffff          # RFC 768: a computed zero is sent as all ones
    v = {"good": c, "bad": corrupt(c), "partial": ps, "zero": 0}.get(
        status, value)
    put16(raw, f, v if value is None else value)
    return bytes(raw)


def set_ipv4_csum(raw, off=0, bad=False):
    raw = bytearray(raw)
    ihl = (raw[off] & 15) * 4
    put16(raw, off + 10, 0)
    c = cksum(bytes(raw[off:off + ihl]))
    put16(raw, off + 10, corrupt(c) if bad else c)
    return bytes(raw)


# ---- the cases -----------------------------------------------------------

S4, D4 = "192.0.2.1", "198.51.100.2"        # RFC 5737 documentation ranges
S6, D6 = "2001:db8::1", "2001:db8::2"      # RFC 3849
PAY = b"inetcsum corpus payload 0123456789"
G, B = "good", "bad"


def ip_cases():
    """(name, ip bytes, expected layers, extra) for IP-level packets."""
    c = []

    def add(name, raw, layers, **kw):
        c.append((name, raw, layers, kw))

    def v4(proto_layer, kind, st="good", ipbad=False, opts=None, pdst=D4,
           dst=D4, **kw):
        p = IP(src=S4, dst=dst, options=opts or []) / proto_layer
        raw = l4(p, 20 + len(bytes(IP(options=opts or []))) - 20,
                 kind, S4, pdst, st, **kw)
        return set_ipv4_csum(raw, bad=ipbad)

    # TCP, UDP over IPv4: good, each field bad, and both bad.
    t = TCP(sport=1234, dport=80, flags="PA", seq=1) / PAY
    u = UDP(sport=1234, dport=53) / PAY
    add("v4-tcp", v4(t, "tcp"), [["ipv4", G], ["tcp", G]])
    add("v4-tcp-bad", v4(t, "tcp", "bad"), [["ipv4", G], ["tcp", B]])
    add("v4-bad-tcp", v4(t, "tcp", ipbad=True), [["ipv4", B], ["tcp", G]])
    add("v4-udp", v4(u, "udp"), [["ipv4", G], ["udp", G]])
    add("v4-udp-bad", v4(u, "udp", "bad"), [["ipv4", G], ["udp", B]])
    add("v4-udp-zero", v4(u, "udp", "zero"), [["ipv4", G], ["udp", "none"]])
    add("v4-tcp-partial", v4(t, "tcp", "partial"),
        [["ipv4", G], ["tcp", "partial"]])
    add("v4-udp-partial", v4(u, "udp", "partial"),
        [["ipv4", G], ["udp", "partial"]])
    # A UDP payload whose checksum computes to 0: sent as 0xffff (RFC 768).
    p = IP(src=S4, dst=D4) / UDP(sport=7, dport=7) / (PAY + b"\0\0")
    raw = bytearray(l4(p, 20, "udp", S4, D4, value=0))
    need = cksum(bytes(raw[20:]), pseudo(ip_aton(S4), ip_aton(D4), 17,
                                         len(raw) - 20))
    put16(raw, len(raw) - 2, need)  # the sum is now 0xffff: computes to 0
    assert cksum(bytes(raw[20:]), pseudo(ip_aton(S4), ip_aton(D4), 17,
                                         len(raw) - 20)) == 0
    put16(raw, 26, 0xffff)
    add("v4-udp-computed-zero", set_ipv4_csum(bytes(raw)),
        [["ipv4", G], ["udp", G]])
    # IPv4 options, and source routes: the pseudo-header then names the
    # final destination, the last address of the route (RFC 1122 3.2.1.8,
    # RFC 9293 3.1 "the destination address ... is the final destination").
    add("v4-options", v4(u, "udp", opts=[IPOption_RR(routers=["0.0.0.0"] * 2)]),
        [["ipv4", G], ["udp", G]])
    add("v4-options-bad", v4(u, "udp", ipbad=True,
                             opts=[IPOption_RR(routers=["0.0.0.0"] * 2)]),
        [["ipv4", B], ["udp", G]])
    lsrr = IPOption_LSRR(routers=["203.0.113.7", "203.0.113.9"], pointer=4)
    add("v4-lsrr", v4(t, "tcp", opts=[lsrr], dst="203.0.113.5",
                      pdst="203.0.113.9"), [["ipv4", G], ["tcp", G]])
    ssrr = IPOption_SSRR(routers=["203.0.113.7", "203.0.113.9"], pointer=4)
    add("v4-ssrr", v4(u, "udp", opts=[ssrr], dst="203.0.113.5",
                      pdst="203.0.113.9"), [["ipv4", G], ["udp", G]])
    add("v4-lsrr-bad", v4(t, "tcp", "bad", opts=[lsrr], dst="203.0.113.5",
                          pdst="203.0.113.9"), [["ipv4", G], ["tcp", B]])
    # ICMP, IGMP: no pseudo-header; scapy computes them.
    add("v4-icmp", bytes(IP(src=S4, dst=D4) / ICMP(id=1, seq=1) / PAY),
        [["ipv4", G], ["icmp", G]])
    add("v4-icmp-bad", bytes(IP(src=S4, dst=D4) / ICMP(id=1, chksum=0x1234)
                             / PAY), [["ipv4", G], ["icmp", B]])
    add("v4-igmp", bytes(IP(src=S4, dst="224.0.0.1", ttl=1) /
                         IGMP(type=0x16, gaddr="224.1.1.1")),
        [["ipv4", G], ["igmp", G]])
    add("v4-igmp-bad", bytes(IP(src=S4, dst="224.0.0.1", ttl=1) /
                             IGMP(type=0x16, gaddr="224.1.1.1", chksum=0x4242)),
        [["ipv4", G], ["igmp", B]])
    # UDP-Lite (RFC 3828): the length field is the checksum coverage.
    for cov, name in ((0, "udplite-full"), (8, "udplite-hdr"),
                      (20, "udplite-20")):
        hdr = struct.pack(">HHHH", 1234, 5678, cov, 0)
        p = IP(src=S4, dst=D4, proto=136) / Raw(hdr + PAY)
        raw = l4(p, 20, "udplite", S4, D4, cov=cov or None)
        add("v4-" + name, set_ipv4_csum(raw), [["ipv4", G], ["udplite", G]])
    hdr = struct.pack(">HHHH", 1234, 5678, 20, 0)
    p = IP(src=S4, dst=D4, proto=136) / Raw(hdr + PAY)
    add("v4-udplite-bad", set_ipv4_csum(l4(p, 20, "udplite", S4, D4, "bad",
                                           cov=20)),
        [["ipv4", G], ["udplite", B]])
    # Fragments: the first carries the upper header but not all the data
    # it covers (unverified); the others carry no upper header.
    p = IP(src=S4, dst=D4, flags="MF", frag=0, proto=17) / Raw(
        bytes(UDP(sport=1, dport=2, len=8 + 1000, chksum=0x1111)) + PAY)
    add("v4-frag-first", bytes(p), [["ipv4", G], ["udp", "unverified"]])
    p = IP(src=S4, dst=D4, frag=100, proto=17) / Raw(PAY)
    add("v4-frag-later", bytes(p), [["ipv4", G]])

    # Tunnels.
    inner = v4(u, "udp")
    add("ipip", set_ipv4_csum(bytes(IP(src="10.9.9.9", dst="10.8.8.8",
                                       proto=4) / Raw(inner))),
        [["ipv4", G], ["ipv4", G], ["udp", G]])
    inner_bad = v4(t, "tcp", "bad")
    add("ipip-inner-bad", bytes(IP(src="10.9.9.9", dst="10.8.8.8", proto=4)
                                / Raw(inner_bad)),
        [["ipv4", G], ["ipv4", G], ["tcp", B]])
    i6 = l4(IPv6(src=S6, dst=D6) / t, 40, "tcp", S6, D6)
    add("6in4", bytes(IP(src=S4, dst=D4, proto=41) / Raw(i6)),
        [["ipv4", G], ["tcp", G]])
    add("4in6", bytes(IPv6(src=S6, dst=D6, nh=4) / Raw(inner)),
        [["ipv4", G], ["udp", G]])
    add("gre-csum", bytes(IP(src=S4, dst=D4) / GRE(chksum_present=1,
                                                 proto=0x0800) / Raw(inner)),
        [["ipv4", G], ["gre", G], ["ipv4", G], ["udp", G]])
    add("gre-csum-bad", bytes(IP(src=S4, dst=D4) /
                              GRE(chksum_present=1, chksum=0x2222,
                                  proto=0x0800) / Raw(inner)),
        [["ipv4", G], ["gre", B], ["ipv4", G], ["udp", G]])
    add("gre-nocsum", bytes(IP(src=S4, dst=D4) / GRE(proto=0x0800) /
                            Raw(inner)),
        [["ipv4", G], ["ipv4", G], ["udp", G]])
    add("gre6-inner-bad", bytes(IPv6(src=S6, dst=D6) /
                                GRE(chksum_present=1, proto=0x0800) /
                                Raw(inner_bad)),
        [["gre", G], ["ipv4", G], ["tcp", B]])
    # ICMP error quoting the header of the packet that caused it.
    quoted = bytes(inner)[:28]
    add("icmp-error", bytes(IP(src=D4, dst=S4) / ICMP(type=3, code=3) /
                            Raw(quoted)),
        [["ipv4", G], ["icmp", G], ["ipv4", G], ["udp", "unverified"]])

    # IPv6.
    def v6(layers, kind, st="good", psrc=S6, pdst=D6, upper=None):
        p = layers
        return l4(p, upper, kind, psrc, pdst, st)

    t6 = TCP(sport=4321, dport=443, flags="S") / PAY
    u6 = UDP(sport=4321, dport=53) / PAY
    add("v6-tcp", v6(IPv6(src=S6, dst=D6) / t6, "tcp", upper=TCP),
        [["tcp", G]])
    add("v6-tcp-bad", v6(IPv6(src=S6, dst=D6) / t6, "tcp", "bad", upper=TCP),
        [["tcp", B]])
    add("v6-udp", v6(IPv6(src=S6, dst=D6) / u6, "udp", upper=UDP), [["udp", G]])
    add("v6-udp-zero", v6(IPv6(src=S6, dst=D6) / u6, "udp", "zero",
                          upper=UDP), [["udp", "illegal"]])
    add("v6-udp-partial", v6(IPv6(src=S6, dst=D6) / u6, "udp", "partial",
                             upper=UDP), [["udp", "partial"]])
    add("v6-icmpv6", v6(IPv6(src=S6, dst=D6) / ICMPv6EchoRequest(data=PAY),
                        "icmpv6", upper=ICMPv6EchoRequest), [["icmpv6", G]])
    add("v6-icmpv6-bad", v6(IPv6(src=S6, dst=D6) /
                            ICMPv6EchoRequest(data=PAY), "icmpv6", "bad",
                            upper=ICMPv6EchoRequest), [["icmpv6", B]])
    add("v6-hbh", v6(IPv6(src=S6, dst=D6) / IPv6ExtHdrHopByHop() / u6, "udp",
                     upper=UDP), [["udp", G]])
    # Home Address option (RFC 6275 6.3): the home address is the source.
    home = "2001:db8:4::99"
    add("v6-hao", v6(IPv6(src=S6, dst=D6) /
                     IPv6ExtHdrDestOpt(options=[HAO(hoa=home)]) / t6, "tcp",
                     psrc=home, upper=TCP), [["tcp", G]])
    add("v6-hao-bad", v6(IPv6(src=S6, dst=D6) /
                         IPv6ExtHdrDestOpt(options=[HAO(hoa=home)]) / t6,
                         "tcp", "bad", psrc=home, upper=TCP), [["tcp", B]])
    # Routing headers with segments left: the final destination is the
    # last address (type 0, RFC 2460 8.1), the home address (type 2,
    # RFC 6275 6.4) or Segment List[0] (SRH, RFC 8754 4.3.1/8200 8.1).
    fin = "2001:db8:5::5"
    add("v6-rh0", v6(IPv6(src=S6, dst=D6) /
                     IPv6ExtHdrRouting(type=0, addresses=["2001:db8:5::1",
                                                          fin],
                                       segleft=2) / u6, "udp", pdst=fin,
                     upper=UDP), [["udp", G]])
    add("v6-rh0-done", v6(IPv6(src=S6, dst=fin) /
                          IPv6ExtHdrRouting(type=0,
                                            addresses=["2001:db8:5::1", D6],
                                            segleft=0) / u6, "udp", pdst=fin,
                          upper=UDP), [["udp", G]])
    add("v6-rh2", v6(IPv6(src=S6, dst=D6) /
                     IPv6ExtHdrRouting(type=2, addresses=[fin], segleft=1) /
                     t6, "tcp", pdst=fin, upper=TCP), [["tcp", G]])
    add("v6-srh", v6(IPv6(src=S6, dst=D6) /
                     IPv6ExtHdrSegmentRouting(addresses=[fin, D6],
                                              segleft=1, lastentry=1) / u6,
                     "udp", pdst=fin, upper=UDP), [["udp", G]])
    add("v6-srh-bad", v6(IPv6(src=S6, dst=D6) /
                         IPv6ExtHdrSegmentRouting(addresses=[fin, D6],
                                                  segleft=1, lastentry=1) /
                         u6, "udp", "bad", pdst=fin, upper=UDP),
        [["udp", B]])
    p = IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(m=1, offset=0, nh=17) / Raw(
        bytes(UDP(sport=1, dport=2, len=1008, chksum=0x1111)) + PAY)
    add("v6-frag-first", bytes(p), [["udp", "unverified"]])
    p = IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(m=0, offset=100, nh=17) / \
        Raw(PAY)
    add("v6-frag-later", bytes(p), [])

    # Lying lengths: IPv4 total length beyond the frame (the header is
    # still checkable, the payload is not); UDP length beyond IP.
    raw = bytearray(v4(u, "udp"))
    put16(raw, 2, len(raw) + 100)
    add("v4-totlen-long", set_ipv4_csum(bytes(raw)),
        [["ipv4", G], ["udp", "unverified"]])
    raw = bytearray(v4(u, "udp"))
    put16(raw, 24, len(raw) - 20 + 50)
    add("v4-udplen-long", bytes(raw), [["ipv4", G], ["udp", "unverified"]])
    return c


def link_wrap(lt, ip, vlans=(), swapped_null=False):
    """Prefixes the link-layer header of link type 'lt' to 'ip'."""
    v6 = ip[0] >> 4 == 6
    et = 0x86dd if v6 else 0x0800
    if lt == 1:
        h = bytes.fromhex("020000000002020000000001")
        for tpid, vid in vlans:
            h += struct.pack(">HH", tpid, vid)
        return h + struct.pack(">H", et) + ip
    if lt == 113:   # SLL: packet type, ARPHRD, addr len, addr[8], protocol
        return struct.pack(">HHH8sH", 0, 1, 6, b"\2\0\0\0\0\1", et) + ip
    if lt == 276:   # SLL2: protocol, reserved, ifindex, ARPHRD, type, len, addr
        return struct.pack(">HHIHBB8s", et, 0, 1, 1, 0, 6, b"\2\0\0\0\0\1") + ip
    if lt in (101, 228, 229):
        return ip
    if lt == 0:     # BSD loopback: AF in the capturing host's order
        af = 24 if v6 else 2
        return struct.pack(">I" if swapped_null else "<I", af) + ip
    if lt == 108:   # OpenBSD loopback: AF in network order
        return struct.pack(">I", 24 if v6 else 2) + ip
    raise ValueError(lt)


def frames():
    """Every frame: dicts with link type, bytes, caplen, expected layers."""
    out = []
    cases = ip_cases()
    for name, ip, layers, kw in cases:
        out.append(dict(case=name, lt=1, data=link_wrap(1, ip), layers=layers))
    # VLAN stacks: 802.1Q, 802.1ad + 802.1Q (QinQ), the old 0x9100.
    base = [c for c in cases if c[0] in ("v4-tcp-bad", "v6-udp", "gre-csum")]
    for tags, tn in ((((0x8100, 5),), "q"), (((0x88a8, 7), (0x8100, 5)), "ad"),
                     (((0x9100, 9), (0x8100, 5)), "9100")):
        for name, ip, layers, kw in base:
            out.append(dict(case=name + "-vlan-" + tn, lt=1,
                            data=link_wrap(1, ip, tags), layers=layers))
    # Ethernet padding to the 60-byte minimum, with nonzero pad bytes that
    # a checksum over the frame instead of the IP length would count.
    short = bytes(IP(src=S4, dst=D4) / UDP(sport=9, dport=9) / b"x")
    d = link_wrap(1, l4(IP(short), 20, "udp", S4, D4))
    d += b"\xab" * (60 - len(d))
    out.append(dict(case="eth-padding", lt=1, data=d,
                    layers=[["ipv4", G], ["udp", G]]))
    # Truncated by the snapshot length: the IPv4 header is complete, the
    # TCP segment is not.
    full = link_wrap(1, [c for c in cases if c[0] == "v4-tcp"][0][1])
    out.append(dict(case="snaplen-cut", lt=1, data=full, caplen=50,
                    layers=[["ipv4", G], ["tcp", "unverified"]]))
    out.append(dict(case="snaplen-cut-iphdr", lt=1, data=full, caplen=24,
                    layers=[["ipv4", "unverified"]]))
    return out


def link_frames():
    """A few cases on each non-Ethernet link type."""
    pick = [c for c in ip_cases() if c[0] in ("v4-tcp", "v4-udp-bad",
                                              "v6-tcp-bad", "v6-icmpv6")]
    out = []
    for lt in (113, 276, 101, 228, 229, 0, 108):
        for name, ip, layers, kw in pick:
            v6 = ip[0] >> 4 == 6
            if (lt == 228 and v6) or (lt == 229 and not v6):
                continue
            out.append(dict(case="%s-lt%d" % (name, lt), lt=lt,
                            data=link_wrap(lt, ip), layers=layers))
    # NULL with the address family in the other byte order.
    name, ip, layers, kw = pick[0]
    out.append(dict(case=name + "-lt0-swapped", lt=0,
                    data=link_wrap(0, ip, swapped_null=True), layers=layers))
    return out


# ---- encapsulations (issue 12) -------------------------------------------
# Tunnel and link headers are spelled out byte by byte (so that the test
# does not rest on scapy's own dissectors); the IP packets inside are
# scapy's, with their checksums set by l4() above.  An inner packet is
# serialised first, bad checksum included, so that the outer UDP or GRE
# checksum scapy computes over it is right, unless the case breaks it.

ETH_HDR = bytes.fromhex("020000000002020000000001")


def v4(l4kind, st="good", src="10.9.0.1", dst="10.9.0.2", ipbad=False,
       pay=PAY):
    """An inner IPv4 packet carrying TCP, UDP or ICMP with status 'st'."""
    if l4kind == "icmp":
        raw = bytearray(bytes(IP(src=src, dst=dst) / ICMP() / pay))
        put16(raw, 22, 0)
        c = cksum(bytes(raw[20:]))
        put16(raw, 22, c if st == G else corrupt(c))
        raw = bytes(raw)
    else:
        up = TCP(sport=1234, dport=80) if l4kind == "tcp" else \
            UDP(sport=1234, dport=53)
        raw = l4(IP(src=src, dst=dst) / up / pay, 20, l4kind, src, dst, st)
    return set_ipv4_csum(raw, bad=ipbad)


def v6(l4kind, st="good", src="2001:db8:9::1", dst="2001:db8:9::2"):
    up = TCP(sport=1234, dport=80) if l4kind == "tcp" else \
        UDP(sport=1234, dport=53)
    return l4(IPv6(src=src, dst=dst) / up / PAY, 40, l4kind, src, dst, st)


def outer_udp(payload, sport, dport, st="good", six=False):
    """An outer IPv4 (IPv6) UDP datagram carrying 'payload'."""
    if six:
        return l4(IPv6(src=S6, dst=D6) / UDP(sport=sport, dport=dport) /
                  Raw(payload), 40, "udp", S6, D6, st)
    return l4(IP(src=S4, dst=D4) / UDP(sport=sport, dport=dport) /
              Raw(payload), 20, "udp", S4, D4, st)


def outer_gre(payload, flags, ptype):
    """An outer IPv4 GRE packet; the checksum (C bit) computed here."""
    h = struct.pack(">HH", flags, ptype)
    if flags & 0x8000:
        h += b"\0\0\0\0"
    if flags & 0x1000:
        h += struct.pack(">I", 7)
    g = bytearray(h + payload)
    if flags & 0x8000:
        put16(g, 4, cksum(bytes(g)))
    return bytes(IP(src=S4, dst=D4, proto=47) / Raw(bytes(g)))


def eth(et, payload):
    return ETH_HDR + struct.pack(">H", et) + payload


def encap_frames():
    """Each encapsulation with good and bad checksums inside and out."""
    out = []

    def add(case, lt, data, layers):
        out.append(dict(case=case, lt=lt, data=data, layers=layers))

    mpls2 = struct.pack(">II", 100 << 12 | 64, 200 << 12 | 0x100 | 64)
    add("mpls-udp", 1, eth(0x8847, mpls2 + v4("udp")), [["ipv4", G],
                                                       ["udp", G]])
    add("mpls-v6-tcp-bad", 1, eth(0x8847, struct.pack(">I", 300 << 12 |
                                                      0x100 | 64) +
                                  v6("tcp", B)), [["tcp", B]])
    ppp = struct.pack(">H", 0x0021) + v4("tcp", B)
    add("pppoe-tcp-bad", 1, eth(0x8864, struct.pack(">BBHH", 0x11, 0, 0x1234,
                                                    len(ppp)) + ppp),
        [["ipv4", G], ["tcp", B]])
    ppp6 = struct.pack(">H", 0x0057) + v6("udp")
    add("pppoe-v6-udp", 1, eth(0x8864, struct.pack(">BBHH", 0x11, 0, 0x1234,
                                                   len(ppp6)) + ppp6),
        [["udp", G]])
    vx = bytes.fromhex("0800000000123400")
    add("vxlan-inner-tcp-bad", 1,
        eth(0x0800, outer_udp(vx + eth(0x0800, v4("tcp", B)), 50000, 4789)),
        [["ipv4", G], ["udp", G], ["ipv4", G], ["tcp", B]])
    add("vxlan-outer-udp-bad", 1,
        eth(0x0800, outer_udp(vx + eth(0x0800, v4("tcp")), 50000, 4789, B)),
        [["ipv4", G], ["udp", B], ["ipv4", G], ["tcp", G]])
    gen = bytes.fromhex("0200655800000700") + bytes.fromhex("0102030101020304")
    add("geneve-v6-inner-ip-bad", 1,
        eth(0x86dd, outer_udp(gen + eth(0x0800, v4("udp", ipbad=True)),
                              50001, 6081, six=True)),
        [["udp", G], ["ipv4", B], ["udp", G]])
    inner = v4("icmp", B, "10.3.0.1", "10.3.0.2")
    gtp = struct.pack(">BBHIHBB", 0x34, 0xff, len(inner) + 8, 1, 0, 0,
                      0x85) + bytes.fromhex("01100100") + inner
    add("gtpu-ext-icmp-bad", 1, eth(0x0800, outer_udp(gtp, 2152, 2152)),
        [["ipv4", G], ["udp", G], ["ipv4", G], ["icmp", B]])
    pp = bytes.fromhex("ff030021") + v4("udp", ipbad=True)
    l2 = struct.pack(">HHHHHH", 0x4802, 12 + len(pp), 1, 2, 5, 6) + pp
    add("l2tp-ppp-ip-bad", 1, eth(0x0800, outer_udp(l2, 1701, 1701)),
        [["ipv4", G], ["udp", G], ["ipv4", B], ["udp", G]])
    ter = bytes.fromhex("00003f2a3ffffdfe") + v6("udp", B,
                                                   "2001:0:4136:e378::1",
                                                   "2001:db8::9")
    add("teredo-udp-bad", 1, eth(0x0800, outer_udp(ter, 3544, 51000)),
        [["ipv4", G], ["udp", G], ["udp", B]])
    add("erspan2-tcp-bad", 1,
        eth(0x0800, outer_gre(bytes.fromhex("1064000500000007") +
                              eth(0x0800, v4("tcp", B)), 0x1000, 0x88be)),
        [["ipv4", G], ["ipv4", G], ["tcp", B]])
    add("erspan3-udp", 1,
        eth(0x0800, outer_gre(bytes.fromhex("206400050000000100000000") +
                              eth(0x0800, v4("udp")), 0x1000, 0x22eb)),
        [["ipv4", G], ["ipv4", G], ["udp", G]])
    add("gre-teb-csum-udp-bad", 1,
        eth(0x0800, outer_gre(eth(0x0800, v4("udp", B)), 0x8000, 0x6558)),
        [["ipv4", G], ["gre", G], ["ipv4", G], ["udp", B]])
    snap = bytes.fromhex("aaaa03000000") + struct.pack(">H", 0x0800) + \
        v4("tcp", B)
    add("llc-snap-tcp-bad", 1, ETH_HDR + struct.pack(">H", len(snap)) + snap,
        [["ipv4", G], ["tcp", B]])
    # Link type PPP (9): with and without the HDLC address and control.
    add("ppp-hdlc-tcp-bad", 9, bytes.fromhex("ff030021") + v4("tcp", B),
        [["ipv4", G], ["tcp", B]])
    add("ppp-v6-udp", 9, bytes.fromhex("0057") + v6("udp"), [["udp", G]])
    # 802.11 QoS data frames (From DS), LLC/SNAP; radiotap with an FCS.
    wlan = bytes.fromhex("88020000" "020000000001" "020000000002"
                         "020000000003" "1000" "0000")
    snap4 = bytes.fromhex("aaaa030000000800")
    snap6 = bytes.fromhex("aaaa0300000086dd")
    rt = bytes.fromhex("00000c00" "06000000" "1002" "0000")
    add("radiotap-fcs-udp-bad", 127, rt + wlan + snap4 + v4("udp", B) +
        b"\x12\x34\x56\x78", [["ipv4", G], ["udp", B]])
    add("radiotap-fcs-ip-bad", 127, rt + wlan + snap4 +
        v4("tcp", ipbad=True) + b"\x9a\xbc\xde\xf0",
        [["ipv4", B], ["tcp", G]])
    add("wlan-v6-tcp", 105, wlan + snap6 + v6("tcp"), [["tcp", G]])
    add("wlan-v6-tcp-bad", 105, wlan + snap6 + v6("tcp", B), [["tcp", B]])
    return out


# ---- writers ---------------------------------------------------------------


def write_pcap(path, frs, lt, endian="<", nsec=False, snaplen=65535):
    magic = 0xa1b23c4d if nsec else 0xa1b2c3d4
    with open(path, "wb") as f:
        f.write(struct.pack(endian + "IHHiIII", magic, 2, 4, 0, 0, snaplen,
                            lt))
        for i, fr in enumerate(frs):
            d = fr["data"]
            cap = fr.get("caplen", len(d))
            frac = (i * 1000 + 7) * (1000 if nsec else 1)
            f.write(struct.pack(endian + "IIII", 1700000000 + i, frac, cap,
                                len(d)))
            f.write(d[:cap])


def ng_block(e, btype, body):
    body += b"\0" * (-len(body) % 4)
    n = len(body) + 12
    return struct.pack(e + "II", btype, n) + body + struct.pack(e + "I", n)


def ng_opt(e, code, val):
    return struct.pack(e + "HH", code, len(val)) + val + b"\0" * (-len(val) % 4)


def ng_shb(e):
    opts = ng_opt(e, 4, b"gen_corpus.py") + struct.pack(e + "HH", 0, 0)
    return ng_block(e, 0x0a0d0d0a, struct.pack(e + "IHHq", 0x1a2b3c4d, 1, 0,
                                               -1) + opts)


def ng_idb(e, lt, snaplen=0, nsec=False):
    opts = b""
    if nsec:    # if_tsresol = 9: nanoseconds
        opts = ng_opt(e, 9, b"\x09") + struct.pack(e + "HH", 0, 0)
    return ng_block(e, 1, struct.pack(e + "HHI", lt, 0, snaplen) + opts)


def ng_epb(e, ifid, d, cap=None, ts=0):
    cap = len(d) if cap is None else cap
    opts = ng_opt(e, 1, b"comment kept as is") + struct.pack(e + "HH", 0, 0)
    return ng_block(e, 6, struct.pack(e + "IIIII", ifid, ts >> 32,
                                      ts & 0xffffffff, cap, len(d)) +
                    d[:cap] + b"\0" * (-cap % 4) + opts)


def ng_spb(e, d, snaplen):
    cap = min(len(d), snaplen) if snaplen else len(d)
    return ng_block(e, 3, struct.pack(e + "I", len(d)) + d[:cap])


def ng_pb(e, ifid, d, cap):
    return ng_block(e, 2, struct.pack(e + "HHIIII", ifid, 0, 0, 0, cap,
                                      len(d)) + d[:cap])


def ng_custom(e):
    # Custom block that may be copied (type 0x00000BAD, PEN 32473 is the
    # example enterprise number of RFC 5612), and a Name Resolution Block.
    cb = ng_block(e, 0x00000bad, struct.pack(e + "I", 32473) + b"opaque!")
    nrb = ng_block(e, 4, struct.pack(e + "HH", 1, 8) + bytes([192, 0, 2, 1]) +
                   b"h1\0\0" + struct.pack(e + "HH", 0, 0))
    return cb + nrb


def write_pcapng(path, eth, links):
    """
    Section 1 (little-endian): one IDB per link type, EPBs in case order,
    custom blocks.  Section 2 (big-endian): an Ethernet interface with a
    snapshot length, simple packet blocks cut by it, an obsolete PB.
    Returns the frames in file order.
    """
    order = []
    out = bytearray()
    # Frame numbers as tshark (and inetcsum) give them: each custom block
    # takes one too.
    num = 0
    e = "<"
    out += ng_shb(e)
    lts = [1] + sorted({f["lt"] for f in links})
    for lt in lts:
        out += ng_idb(e, lt, nsec=(lt == 1))
    out += ng_custom(e)
    num += 1
    for i, fr in enumerate(eth + links):
        out += ng_epb(e, lts.index(fr["lt"]), fr["data"], fr.get("caplen"),
                      ts=1700000000 * 10**9 + i)
        num += 1
        order.append(dict(fr, num=num))
        if i == 3:
            out += ng_custom(e)
            num += 1
    e = ">"
    out += ng_shb(e)
    snap = 58
    out += ng_idb(e, 1, snaplen=snap)
    out += ng_custom(e)
    num += 1
    spb_cases = [f for f in eth if f["case"] in ("v4-tcp-bad", "v6-udp",
                                                 "v4-icmp")]
    for fr in spb_cases:
        out += ng_spb(e, fr["data"], snap)
        num += 1
        cut = dict(fr, num=num)
        if len(fr["data"]) > snap:
            cut["caplen"] = snap
            cut["case"] = fr["case"] + "-spb-cut"
            cut["layers"] = SPB_CUT[fr["case"]]
        order.append(cut)
    small = [f for f in eth if f["case"] == "eth-padding"][0]
    # The obsolete Packet Block; the cut removes Ethernet padding only.
    out += ng_pb(e, 0, small["data"], snap)
    num += 1
    order.append(dict(small, caplen=snap, num=num))
    with open(path, "wb") as f:
        f.write(out)
    return order


# What a cut at 58 bytes leaves verifiable in the SPB section.
SPB_CUT = {"v4-tcp-bad": [["ipv4", G], ["tcp", "unverified"]],
           "v6-udp": [["udp", "unverified"]],
           "v4-icmp": [["ipv4", G], ["icmp", "unverified"]]}


def expect(frs):
    return [{"frame": f.get("num", i + 1), "case": f["case"], "lt": f["lt"],
             "layers": f["layers"]} for i, f in enumerate(frs)]


def bench(n, outdir):
    """A pcap of >= n frames mixing the Ethernet cases, 1 in 8 corrupted."""
    eth = [f for f in frames() if "caplen" not in f]
    path = os.path.join(outdir, "bench.pcap")
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        recs = []
        for i, fr in enumerate(eth):
            d = fr["data"]
            recs.append(struct.pack("<IIII", 1700000000, i, len(d), len(d))
                        + d)
        blob = b"".join(recs)
        for _ in range((n + len(eth) - 1) // len(eth)):
            f.write(blob)
    print(path)


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "--bench":
        os.makedirs(args[2], exist_ok=True)
        return bench(int(args[1]), args[2])
    if len(args) != 1:
        sys.exit("usage: gen_corpus.py [--bench N] OUTDIR")
    outdir = args[0]
    os.makedirs(outdir, exist_ok=True)
    eth = frames()
    links = link_frames()
    exp = {}
    for fname, endian, nsec in (("eth-le-us.pcap", "<", False),
                                ("eth-be-ns.pcap", ">", True),
                                ("eth-be-us.pcap", ">", False),
                                ("eth-le-ns.pcap", "<", True)):
        write_pcap(os.path.join(outdir, fname), eth, 1, endian, nsec)
        exp[fname] = expect(eth)
    for lt in sorted({f["lt"] for f in links}):
        frs = [f for f in links if f["lt"] == lt]
        fname = "link-%d.pcap" % lt
        write_pcap(os.path.join(outdir, fname), frs, lt,
                   ">" if lt == 108 else "<")
        exp[fname] = expect(frs)
    enc = encap_frames()
    for lt in sorted({f["lt"] for f in enc}):
        frs = [f for f in enc if f["lt"] == lt]
        fname = "encap-%d.pcap" % lt
        write_pcap(os.path.join(outdir, fname), frs, lt)
        exp[fname] = expect(frs)
    exp["mixed.pcapng"] = expect(write_pcapng(
        os.path.join(outdir, "mixed.pcapng"), eth, links))
    with open(os.path.join(outdir, "expected.json"), "w") as f:
        json.dump(exp, f, indent=0)
    print("%d files, %d frames" % (len(exp), sum(len(v) for v in exp.values())))


if __name__ == "__main__":
    main()
