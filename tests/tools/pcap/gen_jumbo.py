#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/gen_jumbo.py - a capture of TSO, BIG TCP and jumbogram frames
# as the sending host records them (before the NIC or GSO cuts them), for
# "inetcsum check" / "inetcsum fix" (tests/suites/70-pcap.sh, issue 24):
#
#   gen_jumbo.py DIR                 DIR/jumbo.pcap (snapshot length
#                                    262144, libpcap's largest) and
#                                    DIR/expected.json (gen_corpus.py's
#                                    format, plus each layer's reason)
#   gen_jumbo.py reasons DIR J       the reasons of "check --json" output J
#                                    must be the recorded ones
#
# Frames: IPv4 with total length 0 (Linux BIG TCP past 64 KiB, a TSO frame
# under it), IPv6 with payload length 0 and an RFC 2675 Jumbo Payload
# option, IPv6 past 64 KiB with neither; TCP and UDP (UDP length 0 past
# 16 bits, RFC 2675 section 4); the L4 field good, holding the
# pseudo-header sum (Linux CHECKSUM_PARTIAL: partial, "offload") or bad;
# invalid jumbograms, which stay unverified; a frame cut by the snapshot
# length.  Built byte by byte and summed here (RFC 1071, one 16-bit word
# at a time), sharing nothing with the code under test.
import json
import struct
import sys

S4, D4 = bytes([192, 0, 2, 1]), bytes([198, 51, 100, 2])
S6 = bytes.fromhex("20010db8000000000000000000000001")
D6 = bytes.fromhex("20010db8000000000000000000000002")
G, B, P, U = "good", "bad", "partial", "unverified"


def osum(data, s=0):
    if len(data) % 2:
        data = data + b"\0"
    for i in range(0, len(data), 2):
        s += (data[i] << 8) | data[i + 1]
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return s


def pseudo(v6, proto, length):
    # IPv6: a 32-bit length (RFC 8200 8.1, RFC 2675 section 4).  IPv4's
    # field is 16 bits; past it Linux and tshark sum both halves.
    if v6:
        return osum(S6 + D6 + struct.pack(">IxxxB", length, proto))
    return osum(S4 + D4 + struct.pack(">BBHH", 0, proto, length >> 16,
                                      length & 0xffff))


def payload(n, seed):
    x = seed * 2654435761 & 0xffffffff or 1
    out = bytearray(n)
    for i in range(n):
        x ^= (x << 13) & 0xffffffff
        x ^= x >> 17
        x ^= (x << 5) & 0xffffffff
        out[i] = x & 0xff
    return bytes(out)


def l4(proto, n, seed):
    """A TCP or UDP header and payload, 'n' bytes, checksum field 0."""
    if proto == 6:
        h = struct.pack(">HHIIBBHHH", 40000, 80, seed, 0, 0x50, 0x18, 512,
                        0, 0)
    else:
        h = struct.pack(">HHHH", 40000, 9, 0 if n > 0xffff else n, 0)
    return bytearray(h + payload(n - len(h), seed))


def frame(v6, proto, n, form, value, seed):
    """Ethernet + IP + L4 of 'n' bytes: (bytes, ipv4 field offset)."""
    seg = l4(proto, n, seed)
    foff = 16 if proto == 6 else 6
    full = ~osum(bytes(seg), pseudo(v6, proto, n)) & 0xffff
    if proto == 17 and full == 0:
        full = 0xffff
    raw = osum(b"", pseudo(v6, proto, n))
    v = {"full": full, "partial": raw, "bad": full ^ 0x5a5a}[value]
    seg[foff:foff + 2] = struct.pack(">H", v)
    if not v6:
        h = bytearray(struct.pack(">BBHHHBBH4s4s", 0x45, 0,
                                  0 if form == "tot0" else 20 + n, seed,
                                  0x4000, 64, proto, 0, S4, D4))
        h[10:12] = struct.pack(">H", ~osum(bytes(h)) & 0xffff)
        eth = bytes.fromhex("020000000002020000000001" "0800")
        return eth + bytes(h) + bytes(seg)
    ext = b""
    nh = proto
    plen = n
    if form in ("jumbo", "jumbo-small", "jumbo-plen", "jumbo-past"):
        j = 8 + n + (1 if form == "jumbo-past" else 0)
        ext = struct.pack(">BBBBI", proto, 0, 0xc2, 4, j)
        nh = 0
        plen = 8 + n if form == "jumbo-plen" else 0
    elif form == "nohbh":
        plen = 0
    h = struct.pack(">IHBB16s16s", 0x60000000, plen, nh, 64, S6, D6)
    eth = bytes.fromhex("020000000002020000000001" "86dd")
    return eth + h + ext + bytes(seg)


def cases():
    """(case, frame, caplen cut, layers [proto, status, reason])."""
    out = []
    k = 1
    for n, tag in ((100000, "big"), (2010, "tso")):
        for value, st, why in (("full", G, None), ("partial", P, "offload"),
                               ("bad", B, None)):
            out.append(("v4-tot0-%s-tcp-%s" % (tag, value),
                        frame(0, 6, n, "tot0", value, k), 0,
                        [["ipv4", G, "length from frame"],
                         ["tcp", st, why]]))
            k += 1
    for value, st, why in (("full", G, None), ("bad", B, None)):
        out.append(("v4-tot0-udp-70000-%s" % value,
                    frame(0, 17, 70000, "tot0", value, k), 0,
                    [["ipv4", G, "length from frame"], ["udp", st, why]]))
        k += 1
    for proto, n in ((6, 131072), (17, 70001)):
        name = "tcp" if proto == 6 else "udp"
        for value, st, why in (("full", G, None),
                               ("partial", P, "offload"), ("bad", B, None)):
            out.append(("v6-jumbo-%s-%d-%s" % (name, n, value),
                        frame(1, proto, n, "jumbo", value, k), 0,
                        [[name, st, why]]))
            k += 1
    out.append(("v6-nohbh-tcp-80000-bad", frame(1, 6, 80000, "nohbh", "bad",
                                               k), 0, [["tcp", B, None]]))
    k += 1
    # Invalid jumbograms: a jumbo length of 65535, the option beside a
    # payload length, a jumbo length past the frame.
    out.append(("v6-jumbo-65535", frame(1, 6, 65527, "jumbo-small", "full",
                                        k), 0,
                [["tcp", U, "jumbogram"]]))
    k += 1
    out.append(("v6-jumbo-plen", frame(1, 17, 30000, "jumbo-plen", "full",
                                       k), 0,
                [["udp", U, "jumbogram"]]))
    k += 1
    out.append(("v6-jumbo-past", frame(1, 6, 90000, "jumbo-past", "full",
                                       k), 0,
                [["tcp", U, "length"]]))
    k += 1
    # A snapshot cut: 100 bytes of the frame were not captured.
    out.append(("v4-tot0-cut", frame(0, 6, 150000, "tot0", "bad", k), 100,
                [["ipv4", G, "length from frame"],
                 ["tcp", U, "truncated"]]))
    return out


def write(d):
    cs = cases()
    with open(d + "/jumbo.pcap", "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 262144, 1))
        for i, (_, b, cut, _) in enumerate(cs):
            f.write(struct.pack("<IIII", 1700000000 + i, 0, len(b) - cut,
                                len(b)))
            f.write(b[:len(b) - cut])
    exp = {"jumbo.pcap": [{"frame": i + 1, "case": c,
                           "layers": [l[:2] for l in lay],
                           "reasons": [l[2] for l in lay]}
                          for i, (c, _, _, lay) in enumerate(cs)]}
    json.dump(exp, open(d + "/expected.json", "w"), indent=1)
    print("gen_jumbo: %d frames" % len(cs))
    return 0


def reasons(d, path):
    exp = json.load(open(d + "/expected.json"))["jumbo.pcap"]
    got = {}
    for line in open(path):
        o = json.loads(line)
        if "frame" in o:
            got[o["frame"]] = [l.get("reason") for l in o["layers"]]
    bad = 0
    for e in exp:
        g = got.get(e["frame"])
        if g != e["reasons"]:
            print("%s (frame %d): reasons %s, want %s" %
                  (e["case"], e["frame"], g, e["reasons"]))
            bad += 1
    print("gen_jumbo reasons: %d frames, %d differ" % (len(exp), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "reasons":
        sys.exit(reasons(sys.argv[2], sys.argv[3]))
    sys.exit(write(sys.argv[1]))
