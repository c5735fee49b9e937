#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/gen_icmp.py - a scapy corpus of ICMP and ICMPv6 errors for
# "inetcsum check" / "inetcsum fix" (tests/suites/70-pcap.sh): quotes of a
# whole datagram (whose upper-layer checksum is verified, as tshark and
# tcpdump do), quotes cut short, a quoted IPv4 header that is wrong under
# an outer header whose length is wrong, and RFC 4884 extension structures
# with their own checksum (good, wrong, zero = none, at offset 128 and
# 160, ICMPv4 and ICMPv6; in the pre-RFC 4884 form of length 0, at 128
# after a quote that ends before it, and none after one that does not).
#
#   gen_icmp.py DIR     DIR/icmp-errors.pcap and DIR/expected.json (the
#                       format of scripts/gen_corpus.py)
#
# scapy builds the packets and their checksums; the RFC 4884 extension
# checksum (which scapy does not know) is computed here (RFC 1071 written
# out), and each frame's expected layers are stated by hand from the RFCs.
# tshark is the independent judge (tests/tools/pcap/verdicts.py tshark).
import json
import struct
import sys

from scapy.all import (ICMP, IP, TCP, UDP, IPv6, ICMPv6DestUnreach,
                       ICMPv6PacketTooBig, ICMPv6TimeExceeded, Raw, conf)

conf.verb = 0
S4, D4, R4 = "192.0.2.1", "198.51.100.2", "203.0.113.9"
S6, D6, R6 = "2001:db8::1", "2001:db8::2", "2001:db8:ff::9"
G, B, U, N = "good", "bad", "unverified", "none"


def cksum(data):
    """RFC 1071: complement of the folded sum of big-endian 16-bit words."""
    if len(data) % 2:
        data += b"\0"
    s = 0
    for i in range(0, len(data), 2):
        s += (data[i] << 8) | data[i + 1]
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def flip(b, off, mask=0x5a):
    b = bytearray(b)
    b[off] ^= mask
    return bytes(b)


def ext(version=2, csum="good"):
    """RFC 4884 extension: header, then an RFC 4950 MPLS label stack
    object (class 1, C-Type 1, label 100, S bit, TTL 1)."""
    obj = struct.pack(">HBB", 8, 1, 1) + struct.pack(">I", 100 << 12 |
                                                     1 << 8 | 1)
    x = bytearray(struct.pack(">BBH", version << 4, 0, 0) + obj)
    if csum != "zero":
        v = cksum(bytes(x))
        if csum == "bad":
            v ^= 0x0101
        x[2:4] = struct.pack(">H", v)
    return bytes(x)


def ether(b):
    t = 0x0800 if b[0] >> 4 == 4 else 0x86dd
    return bytes.fromhex("020000000002020000000001") + struct.pack(">H", t) + b


def inner4(kind, bad=False):
    if kind == "udp":
        p = IP(src=D4, dst=S4, id=7) / UDP(sport=33434, dport=33435) / \
            Raw(b"traceroute probe")
        off = 20 + 6
    else:
        p = IP(src=D4, dst=S4, id=8) / TCP(sport=40000, dport=443, seq=5,
                                           flags="S") / Raw(b"x" * 10)
        off = 20 + 16
    b = bytes(p)
    return flip(b, off) if bad else b


def inner6(bad=False):
    b = bytes(IPv6(src=D6, dst=S6) / UDP(sport=33434, dport=33435) /
              Raw(b"probe six"))
    return flip(b, 40 + 6) if bad else b


def icmp4(type_, code, payload, length=0):
    # scapy's ICMP keeps RFC 4884's length in its 'length' field (byte 5).
    return bytes(IP(src=R4, dst=D4) / ICMP(type=type_, code=code,
                                            length=length) / Raw(payload))


def icmp6(cls, payload, length=0):
    return bytes(IPv6(src=R6, dst=D6) / cls(length=length) / Raw(payload)) \
        if cls is not ICMPv6PacketTooBig else \
        bytes(IPv6(src=R6, dst=D6) / cls(mtu=1280) / Raw(payload))


def cases():
    """(case, packet bytes, expected layers)."""
    out = []
    v4 = [["ipv4", G], ["icmp", G], ["ipv4", G]]
    # Items 5: whole quotes verify the quoted upper layer.
    out.append(("q4-udp-whole", icmp4(3, 3, inner4("udp")),
                v4 + [["udp", G]]))
    out.append(("q4-udp-whole-bad", icmp4(3, 3, inner4("udp", True)),
                v4 + [["udp", B]]))
    out.append(("q4-tcp-whole", icmp4(11, 0, inner4("tcp")),
                v4 + [["tcp", G]]))
    out.append(("q4-tcp-whole-bad", icmp4(11, 0, inner4("tcp", True)),
                v4 + [["tcp", B]]))
    # RFC 792's minimum: header + 8 bytes, the upper layer cut.
    out.append(("q4-udp-cut", icmp4(3, 3, inner4("udp")[:28]),
                v4 + [["udp", U]]))
    # A traceroute probe sent with no checksum, cut the same way: its zero
    # field says so (tshark: "not present"); over IPv6 it stays quoted.
    zero4 = bytes(IP(src=D4, dst=S4, id=10) /
                  UDP(sport=33434, dport=33440, chksum=0) / Raw(b"p" * 12))
    out.append(("q4-udp-cut-zero", icmp4(11, 0, zero4[:28]),
                v4 + [["udp", N]]))
    zero6 = bytes(IPv6(src=D6, dst=S6) /
                  UDP(sport=33434, dport=33441, chksum=0) / Raw(b"p" * 12))
    out.append(("q6-udp-cut-zero", icmp6(ICMPv6PacketTooBig, zero6[:48]),
                [["icmpv6", G], ["udp", U]]))
    out.append(("q4-tcp-cut-badhdr", icmp4(3, 1, flip(inner4("tcp"), 10)[:28]),
                [["ipv4", G], ["icmp", G], ["ipv4", B], ["tcp", U]]))
    # The outer total length 4 more than the frame: the ICMP cannot be
    # verified, the quoted header (bad) and the whole quoted TCP can.
    p = bytearray(icmp4(11, 0, flip(inner4("tcp"), 11)))
    p[2:4] = struct.pack(">H", len(p) + 4)
    p[10:12] = b"\0\0"
    p[10:12] = struct.pack(">H", cksum(bytes(p[:20])))
    out.append(("q4-outer-long-badhdr", bytes(p),
                [["ipv4", G], ["icmp", U], ["ipv4", B], ["tcp", G]]))
    out.append(("q6-udp-whole", icmp6(ICMPv6DestUnreach, inner6()),
                [["icmpv6", G], ["udp", G]]))
    out.append(("q6-udp-whole-bad", icmp6(ICMPv6DestUnreach, inner6(True)),
                [["icmpv6", G], ["udp", B]]))
    out.append(("q6-udp-cut", icmp6(ICMPv6PacketTooBig, inner6()[:48]),
                [["icmpv6", G], ["udp", U]]))
    # Item 6: RFC 4884 extensions after a 128-byte (or longer) field.
    orig = inner4("udp").ljust(128, b"\0")
    q = v4 + [["udp", G]]
    out.append(("x4-good", icmp4(11, 0, orig + ext(), 32),
                q + [["icmpext", G]]))
    out.append(("x4-bad", icmp4(3, 1, orig + ext(csum="bad"), 32),
                q + [["icmpext", B]]))
    out.append(("x4-zero", icmp4(12, 0, orig + ext(csum="zero"), 32),
                q + [["icmpext", N]]))
    out.append(("x4-160", icmp4(11, 0, orig.ljust(160, b"\0") + ext(), 40),
                q + [["icmpext", G]]))
    out.append(("x4-quote-bad", icmp4(11, 0, inner4("udp", True).ljust(
        128, b"\0") + ext(csum="bad"), 32),
        v4 + [["udp", B], ["icmpext", B]]))
    # A length that only covers the quote (11 words: the 44-byte datagram),
    # as some routers send it: nothing follows, or (pathspider's
    # icmp_ttl.pcap) a structure at 128 all the same, read as for length 0.
    out.append(("x4-len-quote", icmp4(11, 0, inner4("udp"), 11), q))
    out.append(("x4-len-quote-ext", icmp4(11, 0, orig + ext(), 11),
                q + [["icmpext", G]]))
    # Length 0, the pre-RFC 4884 form: a structure at 128 after a quote
    # that ends before it (tshark decodes it), and none after a quote that
    # runs past 128 (its byte 128 looks like version 2).
    out.append(("x4-len0-good", icmp4(11, 0, orig + ext(), 0),
                q + [["icmpext", G]]))
    out.append(("x4-len0-bad", icmp4(3, 3, orig + ext(csum="bad"), 0),
                q + [["icmpext", B]]))
    long_quote = bytes(IP(src=D4, dst=S4, id=9) /
                       UDP(sport=33434, dport=33435) /
                       Raw(b"\0" * 100 + b"\x20" + b"p" * 31))
    out.append(("x4-len0-long-quote", icmp4(11, 0, long_quote, 0),
                v4 + [["udp", G]]))
    orig6 = inner6().ljust(128, b"\0")
    out.append(("x6-good", icmp6(ICMPv6TimeExceeded, orig6 + ext(), 16),
                [["icmpv6", G], ["udp", G], ["icmpext", G]]))
    out.append(("x6-bad", icmp6(ICMPv6DestUnreach, orig6 + ext(csum="bad"),
                                16),
                [["icmpv6", G], ["udp", G], ["icmpext", B]]))
    return out


def write_pcap(path, frames):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for i, b in enumerate(frames):
            f.write(struct.pack("<IIII", 1700000000 + i, 0, len(b), len(b)))
            f.write(b)


def main():
    d = sys.argv[1]
    cs = cases()
    write_pcap(d + "/icmp-errors.pcap", [ether(b) for _, b, _ in cs])
    exp = {"icmp-errors.pcap": [{"frame": i + 1, "case": c, "layers": lay}
                                for i, (c, _, lay) in enumerate(cs)]}
    json.dump(exp, open(d + "/expected.json", "w"), indent=1)
    print("gen_icmp: %d frames" % len(cs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
