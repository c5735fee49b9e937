#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/gen_frag.py - a scapy corpus of IP fragments for the
# reassembly of "inetcsum check" / "inetcsum fix" (tests/suites/70-pcap.sh).
#
#   gen_frag.py DIR            frag-eth.pcap, frag-raw.pcap, frag-ng.pcapng,
#                              frag-expire.pcap, frag-expire-ns.pcapng and
#                              DIR/expected.json (the
#                              format of scripts/gen_corpus.py: per file,
#                              the frames with their case and layers)
#   gen_frag.py many FILE N    N datagrams whose last fragment never comes
#                              (the memory-bound test)
#
# UDP, TCP, ICMP and ICMPv6 over IPv4 and IPv6, good and bad checksums, in
# order, reversed and shuffled, interleaved datagrams, a zero UDP
# checksum, overlaps (different and identical bytes), duplicate first
# fragments, a missing fragment, lengths that disagree, fragments whose
# IPv4 header checksum is wrong (left out, as Linux does), and a datagram
# whose last fragment comes after the 30 s timeout.  The upper-layer
# checksum is scapy's, over the whole datagram before it is cut; tshark
# (reassembly on) is the independent judge.
import json
import random
import struct
import sys

from scapy.all import (ICMP, IP, TCP, UDP, Ether, ICMPv6EchoRequest, IPv6,
                       IPv6ExtHdrFragment, IPv6ExtHdrHopByHop, Raw)

S4, D4 = "192.0.2.1", "198.51.100.2"
S6, D6 = "2001:db8::1", "2001:db8:ffff::2"
G, B, U = "good", "bad", "unverified"
rnd = random.Random(12)


def payload(n):
    return bytes(rnd.getrandbits(8) for _ in range(n))


def upper(kind, v6, n, bad):
    """The upper layer with its checksum, as bytes, and its tshark name."""
    data = Raw(payload(n))
    if kind == "udp":
        l4 = UDP(sport=4000, dport=5000) / data
    elif kind == "udp0":
        l4 = UDP(sport=4000, dport=5000, chksum=0) / data
    elif kind == "tcp":
        l4 = TCP(sport=4000, dport=80, seq=1, flags="A") / data
    elif v6:
        l4 = ICMPv6EchoRequest(id=1, seq=1, data=payload(n))
    else:
        l4 = ICMP(type=8, id=1, seq=1) / data
    ip = (IPv6(src=S6, dst=D6) if v6 else IP(src=S4, dst=D4)) / l4
    raw = bytearray(bytes(ip)[40 if v6 else 20:])
    if bad:
        off = {"udp": 6, "tcp": 16}.get(kind, 2)
        raw[off] ^= 0x5a
    proto = {"udp": 17, "udp0": 17, "tcp": 6}.get(kind, 58 if v6 else 1)
    name = {"udp": "udp", "udp0": "udp", "tcp": "tcp"}.get(
        kind, "icmpv6" if v6 else "icmp")
    return bytes(raw), proto, name


def frag4(data, proto, ident, cuts, last=True):
    """IPv4 fragments of 'data' at the byte offsets 'cuts' (multiples of
    8), as (offset, bytes) pairs; 'last' False leaves MF on the last."""
    out = []
    edges = [0] + cuts + [len(data)]
    for i in range(len(edges) - 1):
        a, b = edges[i], edges[i + 1]
        mf = i < len(edges) - 2 or not last
        p = IP(src=S4, dst=D4, id=ident, proto=proto,
               flags="MF" if mf else 0, frag=a // 8) / Raw(data[a:b])
        out.append((a, bytes(p)))
    return out


def frag6(data, proto, ident, cuts, hbh=False):
    out = []
    edges = [0] + cuts + [len(data)]
    for i in range(len(edges) - 1):
        a, b = edges[i], edges[i + 1]
        fh = IPv6ExtHdrFragment(nh=proto, offset=a // 8, id=ident,
                                m=1 if i < len(edges) - 2 else 0)
        p = IPv6(src=S6, dst=D6)
        if hbh:
            p = p / IPv6ExtHdrHopByHop()
        p = p / fh / Raw(data[a:b])
        out.append((a, bytes(p)))
    return out


class Capture:
    def __init__(self, name):
        self.name = name
        self.frames = []    # (bytes, case, layers, time)
        self.t = 1700000000.0

    def add(self, pkt, case, layers, gap=0.001):
        self.t += gap
        self.frames.append((pkt, case, layers, self.t))

    def datagram(self, case, frags, v6, l4name, verdict, order=None,
                 first_layers=None):
        """Adds the fragments in 'order' (indices); the offset-0 one gets
        the upper layer's verdict."""
        order = order if order is not None else list(range(len(frags)))
        for i in order:
            off, b = frags[i]
            if off == 0:
                lay = first_layers or ([] if v6 else [["ipv4", G]]) + \
                    [[l4name, verdict]]
            else:
                lay = [] if v6 else [["ipv4", G]]
            self.add(b, case, lay)


def build_eth(c, link):
    """The shared cases; 'link' wraps an IP packet into a frame."""
    def dg(case, kind, v6, bad, n, cuts, order=None, ident=None, hbh=False):
        data, proto, name = upper(kind, v6, n, bad)
        ident = ident if ident is not None else rnd.getrandbits(16) or 1
        frags = frag6(data, proto, ident, cuts, hbh) if v6 else \
            frag4(data, proto, ident, cuts)
        frags = [(o, link(b)) for o, b in frags]
        c.datagram(case, frags, v6, name,
                   "none" if kind == "udp0" else (B if bad else G), order)

    for v6 in (False, True):
        v = "v6" if v6 else "v4"
        for kind in ("udp", "tcp", "icmp"):
            for bad in (False, True):
                tag = "%s-%s-%s" % (v, kind, "bad" if bad else "good")
                dg("frag-" + tag, kind, v6, bad, 2000, [504, 1008, 1512])
        dg("frag-%s-udp-reversed" % v, "udp", v6, True, 1500, [400, 800],
           order=[2, 1, 0])
        dg("frag-%s-udp-shuffled" % v, "udp", v6, False, 3000,
           [800, 1600, 2400], order=[2, 0, 3, 1])
        dg("frag-%s-udp-odd-split" % v, "udp", v6, True, 1001, [8, 16])
    dg("frag-v6-udp-hbh", "udp", True, True, 1200, [600], hbh=True)
    # A first fragment of 8 bytes: the TCP checksum field is in the second
    # (good, so that the fixed file is clean for tshark: fix leaves it).
    data, proto, _ = upper("tcp", False, 1000, False)
    for off, b in frag4(data, proto, 77, [8, 504]):
        c.add(link(b), "frag-v4-tcp-tiny",
              [["ipv4", G]] + ([["tcp", U]] if off == 0 else []))
    dg("frag-v4-udp-zero", "udp0", False, False, 1200, [600])

    # Interleaved: two IPv4 datagrams (one good, one bad) and an IPv6 one.
    a, pa, na = upper("udp", False, 1600, False)
    b, pb, nb = upper("udp", False, 1600, True)
    d6, p6, n6 = upper("udp", True, 1600, True)
    fa = frag4(a, pa, 100, [800])
    fb = frag4(b, pb, 101, [800])
    f6 = frag6(d6, p6, 102, [800])
    for (oa, xa), (ob, xb), (o6, x6) in zip(fa, fb, f6):
        c.add(link(xa), "frag-interleaved-a",
              [["ipv4", G]] + ([[na, G]] if oa == 0 else []))
        c.add(link(x6), "frag-interleaved-v6", [[n6, B]] if o6 == 0 else [])
        c.add(link(xb), "frag-interleaved-b",
              [["ipv4", G]] + ([[nb, B]] if ob == 0 else []))


def broken(c, link):
    """Inconsistent and incomplete datagrams: unverified, never a verdict."""
    first = [["ipv4", G], ["udp", U]]
    rest = [["ipv4", G]]

    def put(case, frags):
        for off, b in frags:
            c.add(link(b), case, first if off == 0 else rest)

    data, proto, _ = upper("udp", False, 1600, False)
    # Overlap with different bytes: the second fragment starts 8 bytes
    # early, with other data there.
    f = frag4(data, proto, 200, [800])
    o = IP(src=S4, dst=D4, id=200, proto=proto, frag=99) / \
        Raw(b"\xee" * 8 + data[800:])
    put("frag-overlap", [f[0], (792, bytes(o))])
    # A second offset-0 fragment: both are left unverified.
    f = frag4(data, proto, 201, [800])
    put("frag-duplicate-first", [f[0], f[0], f[1]])
    # An identical duplicate of a middle fragment (the policy: any
    # overlap, even of identical bytes).
    f = frag4(data, proto, 202, [504, 1008])
    put("frag-duplicate-middle", [f[0], f[1], f[1], f[2]])
    # A missing middle fragment: incomplete at the end of the capture.
    f = frag4(data, proto, 203, [504, 1008])
    put("frag-missing", [f[0], f[2]])
    # Two last fragments that end apart.
    f = frag4(data, proto, 204, [800])
    short = frag4(data[:1200], proto, 204, [800])[1]
    put("frag-two-ends", [f[1], short, f[0]])
    # A non-last fragment whose length is not a multiple of 8.
    f = frag4(data, proto, 205, [803])
    put("frag-not-8", f)
    # A fragment whose IPv4 header checksum is wrong: Linux drops it
    # before reassembly (ip_rcv_core()) and tshark does not reassemble it,
    # so the datagram is incomplete: unverified, though its UDP checksum is
    # good.  In the middle, and as the first fragment (whose own UDP layer
    # is then unverified too).  (A wrong copy of a fragment that also comes
    # intact is left out, not an overlap, and the datagram is good: tested
    # in tests/capture/test_reasm.c, not here, since "fix" repairs the
    # copy's header and so makes it an overlap.)
    def badsum(b):
        return b[:10] + struct.pack(">H", struct.unpack(">H", b[10:12])[0]
                                    ^ 0x1234) + b[12:]
    bad_ip = [["ipv4", B]]
    f = frag4(data, proto, 207, [504, 1008])
    for i, (off, b) in enumerate(f):
        c.add(link(badsum(b) if i == 1 else b), "frag-bad-ipsum-middle",
              bad_ip if i == 1 else first if off == 0 else rest)
    f = frag4(data, proto, 208, [800])
    c.add(link(badsum(f[0][1])), "frag-bad-ipsum-first",
          [["ipv4", B], ["udp", U]])
    c.add(link(f[1][1]), "frag-bad-ipsum-first", rest)
    # ... with the datagram's UDP checksum wrong too: check cannot judge
    # it, and one fix repairs both (it reassembles the fragment whose
    # header it repairs; the suite checks the fixed file finds nothing).
    data, proto, _ = upper("udp", False, 1600, True)
    f = frag4(data, proto, 209, [800])
    c.add(link(badsum(f[0][1])), "frag-bad-ipsum-first-udp-bad",
          [["ipv4", B], ["udp", U]])
    c.add(link(f[1][1]), "frag-bad-ipsum-first-udp-bad", rest)
    # IPv6: an overlap.
    d6, p6, _ = upper("udp", True, 1600, False)
    f = frag6(d6, p6, 206, [800])
    o = IPv6(src=S6, dst=D6) / IPv6ExtHdrFragment(nh=p6, offset=99, id=206,
                                                   m=0) / Raw(d6[792:])
    for off, b in [f[0], (792, bytes(o))]:
        c.add(link(b), "frag-v6-overlap", [["udp", U]] if off == 0 else [])


def ether(b):
    t = 0x0800 if b[0] >> 4 == 4 else 0x86dd
    return bytes.fromhex("020000000002020000000001") + struct.pack(">H", t) + b


def write_pcap(path, frames, linktype):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 262144,
                            linktype))
        for b, _, _, t in frames:
            sec = int(t)
            usec = int(round((t - sec) * 1e6))
            f.write(struct.pack("<IIII", sec, usec, len(b), len(b)) + b)


def pcapng_block(btype, body):
    body += bytes(-len(body) % 4)
    n = len(body) + 12
    return struct.pack("<II", btype, n) + body + struct.pack("<I", n)


def write_pcapng(path, frames, tsresol=6):
    """Two interfaces (Ethernet, raw IP); frames alternate between them by
    the 'iface' their case names, EPB with timestamps in units of
    10^-tsresol s: microseconds, the default, or (tsresol given) another
    resolution, which each IDB then declares in an if_tsresol option."""
    opts = b"" if tsresol == 6 else struct.pack("<HHB3x", 9, 1, tsresol) + \
        bytes(4)
    out = pcapng_block(0x0a0d0d0a, struct.pack("<IHHq", 0x1a2b3c4d, 1, 0, -1))
    out += pcapng_block(1, struct.pack("<HHI", 1, 0, 0) + opts)
    out += pcapng_block(1, struct.pack("<HHI", 101, 0, 0) + opts)
    for b, case, _, t in frames:
        iface = 1 if case.endswith("-if1") else 0
        ts = int(round(t * 10 ** tsresol))
        out += pcapng_block(6, struct.pack("<IIIII", iface, ts >> 32,
                                            ts & 0xffffffff, len(b), len(b))
                            + b)
    open(path, "wb").write(out)


def main():
    if sys.argv[1] == "many":
        path, n = sys.argv[2], int(sys.argv[3])
        frames = []
        for i in range(n):
            data, proto, _ = upper("udp", False, 64, False)
            p = IP(src=S4, dst="198.51.%d.%d" % (100 + i // 65536 % 100,
                                                 i // 256 % 256),
                   id=i % 65536, proto=proto, flags="MF") / \
                Raw(payload(1000))
            frames.append((ether(bytes(p)), "", [], 1700000000 + i * 1e-4))
        write_pcap(path, frames, 1)
        return 0
    d = sys.argv[1]
    exp = {}

    c = Capture("frag-eth.pcap")
    build_eth(c, ether)
    broken(c, ether)
    write_pcap(d + "/" + c.name, c.frames, 1)
    exp[c.name] = c.frames

    c = Capture("frag-raw.pcap")
    build_eth(c, lambda b: b)
    write_pcap(d + "/" + c.name, c.frames, 101)
    exp[c.name] = c.frames

    # pcapng: the same datagram's fragments split between two interfaces
    # are two incomplete datagrams (the interface is part of the key);
    # whole datagrams on each interface reassemble.
    c = Capture("frag-ng.pcapng")
    data, proto, _ = upper("udp", False, 1600, True)
    f = frag4(data, proto, 300, [800])
    c.add(ether(f[0][1]), "frag-ng-eth", [["ipv4", G], ["udp", B]])
    c.add(ether(f[1][1]), "frag-ng-eth", [["ipv4", G]])
    data, proto, _ = upper("tcp", True, 1600, False)
    f = frag6(data, proto, 301, [800])
    c.add(f[1][1], "frag-ng-raw-if1", [])
    c.add(f[0][1], "frag-ng-raw-if1", [["tcp", G]])
    data, proto, _ = upper("udp", False, 1600, False)
    f = frag4(data, proto, 302, [800])
    c.add(ether(f[0][1]), "frag-ng-split", [["ipv4", G], ["udp", U]])
    c.add(f[1][1], "frag-ng-split-if1", [["ipv4", G]])
    write_pcapng(d + "/" + c.name, c.frames)
    exp[c.name] = c.frames

    # Expiry: the last fragment 31 s after the first (Linux's
    # ipfrag_time is 30 s); tshark has no timeout and reassembles it.
    c = Capture("frag-expire.pcap")
    data, proto, _ = upper("udp", False, 1600, False)
    f = frag4(data, proto, 400, [800])
    c.add(ether(f[0][1]), "frag-expired", [["ipv4", G], ["udp", U]])
    c.add(ether(f[1][1]), "frag-expired", [["ipv4", G]], gap=31)
    data, proto, _ = upper("udp", False, 1600, True)
    f = frag4(data, proto, 401, [800])
    c.add(ether(f[0][1]), "frag-in-time", [["ipv4", G], ["udp", B]])
    c.add(ether(f[1][1]), "frag-in-time", [["ipv4", G]], gap=29)
    write_pcap(d + "/" + c.name, c.frames, 1)
    exp[c.name] = c.frames
    # The same in pcapng with nanosecond timestamps (if_tsresol 9): the
    # reader converts them, so pcapng datagrams expire by time as well.
    c2 = Capture("frag-expire-ns.pcapng")
    c2.frames = c.frames
    write_pcapng(d + "/" + c2.name, c2.frames, tsresol=9)
    exp[c2.name] = c2.frames

    js = {}
    for name, frames in exp.items():
        js[name] = [{"frame": i + 1, "case": case, "layers": lay}
                    for i, (_, case, lay, _) in enumerate(frames)]
    json.dump(js, open(d + "/expected.json", "w"), indent=1)
    print("gen_frag: %d files, %d frames" %
          (len(js), sum(len(v) for v in js.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
