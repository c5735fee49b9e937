#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# tests/tools/segment/segcheck.py - inputs and checks for "inetcsum segment"
# (tests/suites/27-segment.sh), with its own checksum code (no scapy).
#   segcheck.py make DIR          write in-*.pcap / in-*.pcapng (in-bad.pcap:
#                                 frames with wrong checksums)
#   segcheck.py check IN OUT MTU [SUMMARY]
#                                 every property of OUT against IN; with
#                                 SUMMARY (the tool's output), that every
#                                 frame over the MTU is split or counted
#                                 under the reason expected
import random, re, struct, sys

def csum(b, s=0):
    if len(b) % 2: b += b"\0"
    for i in range(0, len(b), 2): s += b[i] << 8 | b[i + 1]
    while s >> 16: s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff

def ipv4(proto, payload, ident, df=False, opts=b""):
    hl = 20 + len(opts)
    h = struct.pack("!BBHHHBBH4s4s", 0x40 | hl // 4, 0, hl + len(payload),
                    ident, 0x4000 if df else 0, 64, proto, 0,
                    bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])) + opts
    h = h[:10] + struct.pack("!H", csum(h)) + h[12:]
    return h, h[12:16], h[16:20]

def l4(proto, src, dst, v6, hdr, data, coff):
    n = len(hdr) + len(data)
    # IPv4 past 16 bits (BIG TCP): the 32-bit length in the sum, as
    # Linux's csum_tcpudp_magic() takes it.
    ph = src + dst + (struct.pack("!IxxxB", n, proto) if v6 else
                      struct.pack("!HI", proto, n))
    c = csum(hdr + data, 0xffff - csum(ph))
    if c == 0 and proto == 17: c = 0xffff
    return hdr[:coff] + struct.pack("!H", c) + hdr[coff + 2:] + data

def tcp(seq, flags, opts=b""):
    return struct.pack("!HHIIBBHHH", 40000, 80, seq, 7, (20 + len(opts)) // 4 << 4,
                       flags, 1000, 0, 0) + opts

class Cut(bytes):
    """A frame captured short of its original length: the bytes are the
    whole frame; only the first 'caplen' are written."""
    def __new__(cls, b, caplen):
        o = bytes.__new__(cls, b[:caplen])
        o.orig = len(b)
        return o

def orig(p):
    return getattr(p, "orig", len(p))

def packets():
    rnd = random.Random(7)
    data = lambda n: bytes(rnd.getrandbits(8) for _ in range(n))
    eth4 = b"\x02" * 6 + b"\x04" * 6 + b"\x08\x00"
    eth6 = b"\x02" * 6 + b"\x04" * 6 + b"\x86\xdd"
    out = []
    # IPv4 TCP with timestamps, CWR|PSH|FIN|ACK, ID about to wrap.
    for n, opts, flags in ((40000, b"", 0x99), (9000, b"\x01" * 4, 0x18)):
        t = tcp(0xfffff000, flags, b"\x01\x01\x08\x0a" + data(8))
        body = data(n)
        h, s, d = ipv4(6, b"", 0xfffe, True, opts)
        seg = l4(6, s, d, False, t, body, 16)
        h, s, d = ipv4(6, seg, 0xfffe, True, opts)
        out.append(eth4 + h + seg)
    # IPv6 TCP with hop-by-hop and destination options.
    t = tcp(12345, 0x18)
    body = data(30000)
    src, dst = bytes(range(16)), bytes(range(16, 32))
    ext = bytes([60, 0, 1, 4, 0, 0, 0, 0]) + bytes([6, 0, 1, 4, 0, 0, 0, 0])
    seg = l4(6, src, dst, True, t, body, 16)
    out.append(eth6 + struct.pack("!IHBB", 0x60000000, len(ext) + len(seg), 0, 64)
               + src + dst + ext + seg)
    # UDP: IPv4 without and with DF, IPv6.
    for df in (False, True):
        u = l4(17, bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]), False,
               struct.pack("!HHHH", 53, 53, 8 + 5000, 0), data(5000), 6)
        h, _, _ = ipv4(17, u, 77, df)
        out.append(eth4 + h + u)
    u = l4(17, src, dst, True, struct.pack("!HHHH", 53, 53, 8 + 4000, 0),
           data(4000), 6)
    out.append(eth6 + struct.pack("!IHBB", 0x60000000, len(u), 17, 64) + src + dst + u)
    # Jumbograms (RFC 2675) as Linux BIG TCP writes them: IPv6 TCP with the
    # jumbo hop-by-hop header (split, the header removed), IPv4 TCP with
    # total length 0 (split), IPv6 UDP with the jumbo header and UDP length
    # 0 (kept: a jumbogram cannot be fragmented).
    t = tcp(0x7ffffff0, 0x19, b"\x01\x01\x08\x0a" + data(8))
    seg = l4(6, src, dst, True, t, data(100000), 16)
    hbh = bytes([6, 0, 0xc2, 4]) + struct.pack("!I", 8 + len(seg))
    out.append(eth6 + struct.pack("!IHBB", 0x60000000, 0, 0, 64) + src + dst
               + hbh + seg)
    seg = l4(6, bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]), False,
             tcp(99, 0x18), data(70000), 16)
    h, _, _ = ipv4(6, b"", 500, True)
    h = h[:2] + b"\0\0" + h[4:10] + b"\0\0" + h[12:]
    h = h[:10] + struct.pack("!H", csum(h)) + h[12:]
    out.append(eth4 + h + seg)
    u = struct.pack("!HHHH", 53, 53, 0, 0) + data(66000)
    ph = src + dst + struct.pack("!IxxxB", len(u), 17)
    c = csum(u, 0xffff - csum(ph)) or 0xffff
    u = u[:6] + struct.pack("!H", c) + u[8:]
    hbh = bytes([17, 0, 0xc2, 4]) + struct.pack("!I", 8 + len(u))
    out.append(eth6 + struct.pack("!IHBB", 0x60000000, 0, 0, 64) + src + dst
               + hbh + u)
    # An IPv4 UDP packet over 64 KiB with total length 0, no DF: kept (it
    # cannot be fragmented: offsets end below 64 KiB).
    u = struct.pack("!HHHH", 53, 53, 0, 0) + data(66000)
    h, _, _ = ipv4(17, b"", 501)
    h = h[:2] + b"\0\0" + h[4:10] + b"\0\0" + h[12:]
    h = h[:10] + struct.pack("!H", csum(h)) + h[12:]
    out.append(eth4 + h + u)
    # IP length 0 under 64 KiB, as a sending host captures TSO and BIG TCP
    # packets before the NIC (or a driver) fills the length in: the length
    # is the frame's (tshark's ip.tso_support).  The TCP field holds the
    # pseudo-header sum (CHECKSUM_PARTIAL), as such captures do.
    #   a 2,030-byte IPv4 TCP frame with total length 0 (split)
    #   a 3,000-byte IPv6 TCP frame with payload length 0 and no jumbo
    #   option (split)
    #   IPv4 UDP with total length 0: without DF (fragmented), with DF (kept)
    #   IPv6 UDP with payload length 0 and a jumbo option under 64 KiB
    #   (kept: RFC 2675 section 3 makes it an error)
    #   an IPv4 TCP frame with total length 0, cut by the snapshot length
    #   (kept: its reported length is over the MTU)
    def partial(proto, s_, d_, v6, hdr, body, coff):
        n = len(hdr) + len(body)
        ph = s_ + d_ + (struct.pack("!IxxxB", n, proto) if v6 else
                        struct.pack("!xBH", proto, n))
        return hdr[:coff] + struct.pack("!H", 0xffff - csum(ph)) + hdr[coff + 2:] + body
    def tot0(h):
        h = h[:2] + b"\0\0" + h[4:10] + b"\0\0" + h[12:]
        return h[:10] + struct.pack("!H", csum(h)) + h[12:]
    a4, b4 = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    t = tcp(0x40000000, 0x18, b"\x01\x01\x08\x0a" + data(8))  # tso_split()
    seg = partial(6, a4, b4, False, t, data(2030 - 14 - 20 - len(t)), 16)
    h, _, _ = ipv4(6, b"", 600, True)
    out.append(eth4 + tot0(h) + seg)
    assert len(out[-1]) == 2030
    seg = partial(6, src, dst, True, tcp(777, 0x18), data(3000 - 14 - 40 - 20), 16)
    out.append(eth6 + struct.pack("!IHBB", 0x60000000, 0, 6, 64) + src + dst + seg)
    for df in (False, True):
        u = l4(17, a4, b4, False, struct.pack("!HHHH", 53, 53, 8 + 2950, 0),
               data(2950), 6)
        h, _, _ = ipv4(17, b"", 601 + df, df)
        out.append(eth4 + tot0(h) + u)
    u = l4(17, src, dst, True, struct.pack("!HHHH", 53, 53, 8 + 2900, 0),
           data(2900), 6)
    hbh = bytes([17, 0, 0xc2, 4]) + struct.pack("!I", 8 + len(u))
    out.append(eth6 + struct.pack("!IHBB", 0x60000000, 0, 0, 64) + src + dst
               + hbh + u)
    seg = partial(6, a4, b4, False, tcp(5, 0x18), data(3000 - 14 - 40), 16)
    h, _, _ = ipv4(6, b"", 603, True)
    out.append(Cut(eth4 + tot0(h) + seg, 1000))
    # ... and one cut inside its Ethernet header (kept, counted as cut).
    out.append(Cut(eth4 + tot0(h) + seg, 10))
    # A non-IP frame over the MTU (IEEE 802 local experimental ethertype):
    # kept, and counted as not IP.
    out.append(b"\x02" * 6 + b"\x04" * 6 + b"\x88\xb5" + data(2000))
    # Small packets and a non-IP frame, kept.
    t = l4(6, bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]), False, tcp(5, 0x10), data(100), 16)
    h, _, _ = ipv4(6, t, 3)
    out.append(eth4 + h + t)
    out.append(b"\xff" * 6 + b"\x04" * 6 + b"\x08\x06" + data(28))
    return out

def bad_packets():
    """Frames over the MTU with wrong checksums (in-bad.pcap): kept where
    splitting would compute them afresh (an IPv4 TCP frame with a bad TCP
    field, an IPv4 UDP one without DF with a bad header checksum),
    fragmented where the fragments carry them on as data (bad UDP fields
    over IPv4 and IPv6).  Either way the copy shows every error the input
    shows (27-segment.sh compares check's counts)."""
    rnd = random.Random(8)
    data = lambda n: bytes(rnd.getrandbits(8) for _ in range(n))
    eth4 = b"\x02" * 6 + b"\x04" * 6 + b"\x08\x00"
    eth6 = b"\x02" * 6 + b"\x04" * 6 + b"\x86\xdd"
    a4, b4 = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    src, dst = bytes(range(16)), bytes(range(16, 32))
    out = []
    seg = l4(6, a4, b4, False, tcp(42, 0x18), data(3000), 16)
    seg = seg[:16] + bytes([seg[16] ^ 0x5a]) + seg[17:]
    h, _, _ = ipv4(6, seg, 604, True)
    out.append(eth4 + h + seg)
    u = l4(17, a4, b4, False, struct.pack("!HHHH", 53, 53, 8 + 3000, 0),
           data(3000), 6)
    h, _, _ = ipv4(17, u, 605)
    out.append(eth4 + h[:10] + bytes([h[10] ^ 1]) + h[11:] + u)
    u = u[:6] + bytes([u[6] ^ 0x33]) + u[7:]
    h, _, _ = ipv4(17, u, 606)
    out.append(eth4 + h + u)
    u = l4(17, src, dst, True, struct.pack("!HHHH", 53, 53, 8 + 3000, 0),
           data(3000), 6)
    u = u[:6] + bytes([u[6] ^ 0x33]) + u[7:]
    out.append(eth6 + struct.pack("!IHBB", 0x60000000, len(u), 17, 64) + src
               + dst + u)
    return out

def write_pcap(path, pkts, endian, ns):
    with open(path, "wb") as f:
        f.write(struct.pack(endian + "IHHiIII", 0xa1b23c4d if ns else 0xa1b2c3d4,
                            2, 4, 0, 0, 262144, 1))
        for i, p in enumerate(pkts):
            f.write(struct.pack(endian + "IIII", 1000 + i, 5 * i, len(p), orig(p)) + p)

def block(t, body):
    pad = b"\0" * (-len(body) % 4)
    n = 12 + len(body) + len(pad)
    return struct.pack("<II", t, n) + body + pad + struct.pack("<I", n)

def write_pcapng(path, pkts):
    with open(path, "wb") as f:
        f.write(block(0x0a0d0d0a, struct.pack("<IHHq", 0x1a2b3c4d, 1, 0, -1)))
        f.write(block(1, struct.pack("<HHI", 1, 0, 0)))
        for i, p in enumerate(pkts):
            if i % 3 == 2 and orig(p) == len(p):
                f.write(block(3, struct.pack("<I", len(p)) + p))
                continue
            opt = struct.pack("<HH", 1, 5) + b"hello\0\0\0" + b"\0" * 4
            body = struct.pack("<IIIII", 0, 0, i, len(p), orig(p)) + p
            body += b"\0" * (-len(body) % 4) + opt
            f.write(block(6, body))

def read(path):
    """(records, frames, original lengths): raw record bytes, and the
    captured bytes and original length of each packet."""
    b = open(path, "rb").read()
    recs, frames, origs = [b[:24] if b[:4] != b"\x0a\x0d\x0d\x0a" else None], [], []
    if b[:4] in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\xc3\xd4",
                 b"\xa1\xb2\x3c\x4d"):
        e = "<" if b[:4] in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
        pos = 24
        while pos < len(b):
            n, o = struct.unpack(e + "II", b[pos + 8:pos + 16])
            recs.append(b[pos:pos + 16 + n])
            frames.append(b[pos + 16:pos + 16 + n])
            origs.append(o)
            pos += 16 + n
        return recs, frames, origs
    recs = []
    pos = 0
    while pos < len(b):
        t, n = struct.unpack("<II", b[pos:pos + 8])
        blk = b[pos:pos + n]
        recs.append(blk)
        if t == 6:
            cap, o = struct.unpack("<II", blk[20:28])
            frames.append(blk[28:28 + cap])
            origs.append(o)
        elif t == 3:
            cap = struct.unpack("<I", blk[8:12])[0]
            frames.append(blk[12:12 + cap])
            origs.append(cap)
        pos += n
    return recs, frames, origs

def jumbo_opt(f):
    """Whether an IPv6 frame's hop-by-hop header holds a jumbo option."""
    if f[20] != 0 or len(f) < 62:
        return False
    o, i = f[54:54 + (f[55] + 1) * 8], 2
    while i + 2 <= len(o):
        if o[i] == 0xc2:
            return True
        i += 1 if o[i] == 0 else 2 + o[i + 1]
    return False

def parse(f):
    """(version, ip bytes, l4 proto, l4 offset in ip, frag info) or None;
    a jumbogram's frag info is "jumbo".  An IP length 0 under 64 KiB is
    the frame's length (TSO as captured; tshark's ip.tso_support)."""
    if f[12:14] == b"\x08\x00":
        tot = struct.unpack("!H", f[16:18])[0]
        if tot == 0 and len(f) - 14 > 0xffff:
            ip = f[14:]
            return 4, ip, ip[9], (ip[0] & 15) * 4, "jumbo"
        ip = f[14:14 + tot] if tot else f[14:]
        hl = (ip[0] & 15) * 4
        fo = struct.unpack("!H", ip[6:8])[0]
        return 4, ip, ip[9], hl, (struct.unpack("!H", ip[4:6])[0], (fo & 0x1fff) * 8, fo & 0x2000)
    if f[12:14] == b"\x86\xdd":
        plen = struct.unpack("!H", f[18:20])[0]
        if plen == 0 and f[20] == 0 and f[56:58] == b"\xc2\x04":
            ip = f[14:14 + 40 + struct.unpack("!I", f[58:62])[0]]
            return 6, ip, ip[40], 48, "jumbo"
        ip = f[14:14 + 40 + plen] if plen else f[14:]
        nh, off = ip[6], 40
        while nh in (0, 43, 60, 44):
            if nh == 44:
                fo = struct.unpack("!H", ip[off + 2:off + 4])[0]
                return 6, ip, ip[off], off + 8, (ip[off + 4:off + 8], fo & ~7, fo & 1)
            nh, off = ip[off], off + (ip[off + 1] + 1) * 8
        return 6, ip, nh, off, None
    return None

# What "inetcsum segment" must do with an input frame, from RFC 791/8200/
# 2675 and its documented policy, not from its code: None (not over the
# MTU), "tcp" (GSO), "frag4"/"frag6" (fragmented) or why it is kept.
KEPT = {"cut": "cut by the snapshot length", "df": "IPv4 with DF",
        "frag6-already": "IPv6 fragments", "big": "over 64 KiB",
        "jumbo-small": "IPv6 jumbo option", "notip": "not IP",
        "badsum": "a checksum already wrong"}

def ip_wrong(ip):
    """Whether an IPv4 header checksum is wrong."""
    return ip[0] >> 4 == 4 and csum(ip[:(ip[0] & 15) * 4]) != 0

def tcp_wrong(v, ip, off):
    """Whether a TCP checksum is neither right nor the pseudo-header sum
    a sender leaves for offload (the frames here have no routing header,
    so the pseudo-header holds the IP header's own addresses)."""
    seg = ip[off:]
    a = ip[8:40] if v == 6 else ip[12:20]
    ph = a + (struct.pack("!IxxxB", len(seg), 6) if v == 6 else
              struct.pack("!HI", 6, len(seg)))
    return (csum(seg, 0xffff - csum(ph)) != 0 and
            struct.unpack("!H", seg[16:18])[0] != 0xffff - csum(ph))

def classify(f, origlen, mtu):
    """(what, the IP length field was 0 and taken from the frame)."""
    if len(f) < 14:
        return ("cut" if origlen - 14 > mtu else None), False
    if f[12:14] not in (b"\x08\x00", b"\x86\xdd"):
        return ("notip" if origlen - 14 > mtu else None), False
    v6 = f[12:14] == b"\x86\xdd"
    field = struct.unpack("!H", f[18:20] if v6 else f[16:18])[0]
    n = (40 + field if v6 else field) if field else origlen - 14
    if n <= mtu:
        return None, False
    if origlen != len(f):
        return "cut", False
    small0 = field == 0 and n - (40 if v6 else 0) <= 0xffff
    if v6 and field == 0 and jumbo_opt(f):
        return ("jumbo-small" if small0 else "tcp" if parse(f)[2] == 6
                else "big"), False
    ver, ip, proto, off, info = parse(f)
    if proto == 6:
        # GSO computes every checksum afresh: a wrong one is kept.
        wrong = ip_wrong(ip) or tcp_wrong(ver, ip, off)
        return ("badsum" if wrong else "tcp"), small0
    if field == 0 and not small0:
        return "big", False
    # Fragments carry the upper layers on, but not an IPv4 header's sum.
    if ip_wrong(ip):
        return "badsum", small0
    if not v6 and struct.unpack("!H", ip[6:8])[0] & 0x4000:
        return "df", small0
    if v6 and info is not None:
        return "frag6-already", small0
    return ("frag6" if v6 else "frag4"), small0

def summary_counts(path):
    """What the tool's summary says: split counts and kept reasons."""
    txt = open(path).read()
    got = {}
    m = re.search(r"(\d+) TCP packets split into \d+ segments, (\d+) IPv4 "
                  r"packets into \d+ fragments, (\d+) IPv6 packets into", txt)
    if m:
        got["tcp"], got["frag4"], got["frag6"] = map(int, m.groups())
    m = re.search(r"IP length 0 \(TSO, BIG TCP\) taken from the frame: (\d+)", txt)
    got["len0"] = int(m.group(1)) if m else 0
    m = re.search(r"over the MTU but kept as they are: (\d+):(.*)", txt)
    if m:
        got["kept"] = int(m.group(1))
        for part in m.group(2).split(","):
            n, why = part.strip().split(" ", 1)
            key = [k for k, v in KEPT.items() if why.startswith(v)]
            got[key[0] if key else why] = got.get(key[0] if key else why, 0) + int(n)
    return got

def check(inp, outp, mtu, summary=None):
    ri, fi, oi = read(inp)
    ro, fo, _ = read(outp)
    bad = 0
    def fail(m):
        nonlocal bad
        bad += 1
        print("FAIL:", m)
    if (ri[0] or ri[1][:28]) != (ro[0] or ro[1][:28]):
        fail("file header differs")
    # Kept records byte for byte, in order; the rest reassembled.
    streams_in, streams_out = {}, {}
    frags = {}
    kept_in = []
    want = {"tcp": 0, "frag4": 0, "frag6": 0, "len0": 0, "kept": 0}
    for f, o in zip(fi, oi):
        what, len0 = classify(f, o, mtu)
        want["len0"] += len0
        if what is not None:
            want[what] = want.get(what, 0) + 1
            if what in KEPT:
                want["kept"] += 1
        if what not in ("tcp", "frag4", "frag6"):
            kept_in.append(f)
            continue
        v, ip, proto, off, _ = parse(f)
        if proto == 6:
            doff = (ip[off + 12] >> 4) * 4
            key = (v, ip[off:off + 4])
            streams_in[key] = streams_in.get(key, b"") + ip[off + doff:]
        else:
            frags.setdefault("in", []).append(ip[off:])
    # Every frame over the MTU split or counted, under the right reason.
    if summary is not None:
        got = summary_counts(summary)
        for k in sorted(set(want) | set(got)):
            if want.get(k, 0) != got.get(k, 0):
                fail("summary: %s %d, expected %d" % (k, got.get(k, 0),
                                                      want.get(k, 0)))
    kept_out, reass = [], {}
    for f in fo:
        p = parse(f)
        if p is not None and len(p[1]) > mtu:
            if f in kept_in:
                kept_out.append(f)
                continue
            fail("output packet of %d IP bytes over the MTU" % len(p[1]))
            continue
        if p is not None and p[4] == "jumbo":
            fail("a jumbogram in the output")
            continue
        if p is not None and p[4] is not None and (p[4][1] or p[4][2]):
            reass.setdefault(p[4][0], []).append((p[4][1], p[1][p[3]:]))
            continue
        if p is not None and p[2] == 6 and f not in kept_in:
            v, ip, _, off, _ = p
            doff = (ip[off + 12] >> 4) * 4
            key = (v, ip[off:off + 4])
            seq = struct.unpack("!I", ip[off + 4:off + 8])[0]
            streams_out.setdefault(key, []).append((seq, ip[off + doff:]))
            continue
        kept_out.append(f)
    if kept_in != kept_out:
        fail("kept frames differ: %d in, %d out" % (len(kept_in), len(kept_out)))
    for k, v in streams_in.items():
        got = b"".join(d for _, d in streams_out.get(k, []))
        if got != v:
            fail("TCP stream %r differs (%d bytes in, %d out)" % (k, len(v), len(got)))
    got = []
    for ident, parts in reass.items():
        parts.sort()
        got.append(b"".join(d for _, d in parts))
    if sorted(got) != sorted(frags.get("in", [])):
        fail("reassembled fragments differ from the input datagrams")
    print("segcheck: %d frames in, %d out, %d TCP streams, %d fragmented "
          "datagrams, %d kept, %d failures" % (len(fi), len(fo), len(streams_in),
          len(got), len(kept_out), bad))
    return bad

if __name__ == "__main__":
    if sys.argv[1] == "make":
        d = sys.argv[2]
        pk = packets()
        write_pcap(d + "/in-le-us.pcap", pk, "<", False)
        write_pcap(d + "/in-be-ns.pcap", pk, ">", True)
        write_pcapng(d + "/in.pcapng", pk)
        write_pcap(d + "/in-bad.pcap", bad_packets(), "<", False)
    else:
        sys.exit(1 if check(sys.argv[2], sys.argv[3], int(sys.argv[4]),
                            sys.argv[5] if len(sys.argv) > 5 else None) else 0)
