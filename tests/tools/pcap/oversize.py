#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/oversize.py - records that libpcap and tshark read although
# their headers look wrong (tests/suites/70-pcap.sh, issue 24 item 1).
#
#   oversize.py gen DIR      writes the captures below into DIR
#   oversize.py tshark TOOL FILE...
#                            "TOOL check --json" on each FILE against
#                            tshark: the same frames, captured lengths and
#                            IPv4/UDP verdicts, frame by frame
#   oversize.py fixed IN OUT  OUT ("fix IN OUT") against IN, read here and
#                            by tshark: the same length, bytes differing
#                            only inside UDP checksum fields of frames
#                            tshark finds bad in IN, none bad in OUT
#
# Files:
#   big.pcap, big.pcapng   snapshot length 65535 and, between 20 ordinary
#                          frames on each side, one 65,549-byte frame (a
#                          65,535-byte IPv4/UDP datagram, no DF, in
#                          Ethernet) whose UDP checksum is wrong, and a
#                          second one whose checksums are right
#   v22.pcap               version 2.2: original length before captured
#   v23.pcap               version 2.3: either order, record by record
#   snap0.pcap             snapshot length 0 (no limit)
#   toobig.pcap, toobig.pcapng
#                          record 3 holds 262,145 bytes, one past the
#                          maximum for Ethernet (INETCSUM_CAP_MAX_CAPLEN)
# Exit status 0 on success, 1 otherwise.
import json
import os
import struct
import subprocess
import sys

from rfc1071 import csum

ETH = bytes.fromhex("020000000002020000000001") + b"\x08\x00"


def udp_frame(i, payload, good):
    """Ethernet/IPv4/UDP with a right IPv4 header checksum and a UDP
    checksum that is right or (good False) off by one."""
    src, dst = bytes([192, 0, 2, 1]), bytes([198, 51, 100, 2])
    ulen = 8 + len(payload)
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + ulen, i & 0xffff, 0,
                     64, 17, 0, src, dst)
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    u = struct.pack(">HHHH", 1000 + i, 2000, ulen, 0) + payload
    c = csum(src + dst + struct.pack(">BBH", 0, 17, ulen) + u) or 0xffff
    if not good:
        c = c - 1 if c > 1 else 0x1234
    return ETH + ip + u[:6] + struct.pack(">H", c) + u[8:]


def frames():
    out = []
    for i in range(20):
        out.append(udp_frame(i, bytes(range(i, i + 60)), i % 3 != 0))
    # 65,535-byte datagrams: 14 + 65535 = 65,549 bytes of frame.
    out.append(udp_frame(100, bytes(x & 0xff for x in range(65507)), False))
    for i in range(20, 40):
        out.append(udp_frame(i, bytes(range(i, i + 60)), i % 3 != 0))
    out.append(udp_frame(101, bytes((x * 7) & 0xff for x in range(65507)),
                         True))
    return out


def pcap(path, recs, snaplen=65535, version=(2, 4), old_order=None):
    """old_order(i): record i has its lengths in the pre-2.3 order, the
    original one (here 100 bytes more than captured) first."""
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, version[0], version[1],
                            0, 0, snaplen, 1))
        for i, d in enumerate(recs):
            n = (len(d), len(d))
            if old_order is not None:
                n = (len(d) + 100, len(d)) if old_order(i) else \
                    (len(d), len(d) + 100)
            f.write(struct.pack("<IIII", 1000 + i, i, *n) + d)


def pcapng(path, recs, snaplen=65535):
    def block(t, body):
        body += bytes((4 - len(body) % 4) % 4)
        n = 12 + len(body)
        return struct.pack("<II", t, n) + body + struct.pack("<I", n)
    with open(path, "wb") as f:
        f.write(block(0x0a0d0d0a, struct.pack("<IHHq", 0x1a2b3c4d, 1, 0,
                                              -1)))
        f.write(block(1, struct.pack("<HHI", 1, 0, snaplen)))
        for i, d in enumerate(recs):
            f.write(block(6, struct.pack("<IIIII", 0, 0, i, len(d),
                                         len(d)) + d))


def gen(d):
    fr = frames()
    pcap(os.path.join(d, "big.pcap"), fr)
    pcapng(os.path.join(d, "big.pcapng"), fr)
    small = fr[:20]
    pcap(os.path.join(d, "v22.pcap"), small, version=(2, 2),
         old_order=lambda i: True)
    # 2.3 was written both ways: the order is told per record.
    pcap(os.path.join(d, "v23.pcap"), small, version=(2, 3),
         old_order=lambda i: i % 2 == 1)
    pcap(os.path.join(d, "snap0.pcap"), small, snaplen=0)
    huge = ETH + bytes(262145 - len(ETH))
    pcap(os.path.join(d, "toobig.pcap"), small[:2] + [huge] + small[2:4])
    pcapng(os.path.join(d, "toobig.pcapng"), small[:2] + [huge] + small[2:4])
    return 0


def ours(tool, path):
    """Frame number -> (caplen, ipv4 status, udp status) from check."""
    p = subprocess.run([tool, "check", "--json", "-v", path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    got = {}
    summary = None
    for line in p.stdout.splitlines():
        o = json.loads(line)
        if "summary" in o:
            summary = o["summary"]
            continue
        st = {l["proto"]: l["status"] for l in o["layers"]}
        got[o["frame"]] = (st.get("ipv4"), st.get("udp"))
    return p.returncode, got, summary, p.stderr.decode()


def theirs(path):
    """The same from tshark (checksum status 0 bad, 1 good)."""
    p = subprocess.run(["tshark", "-n", "-r", path,
                        "-o", "ip.check_checksum:TRUE",
                        "-o", "udp.check_checksum:TRUE", "-T", "fields",
                        "-e", "frame.number", "-e", "ip.checksum.status",
                        "-e", "udp.checksum.status"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    name = {"0": "bad", "1": "good"}
    got = {}
    for line in p.stdout.decode().splitlines():
        f = line.split("\t")
        got[int(f[0])] = (name.get(f[1]), name.get(f[2]))
    return got


def tshark(tool, files):
    fails = 0
    for path in files:
        rc, got, summary, err = ours(tool, path)
        want = theirs(path)
        if rc == 2 or not want or got != want:
            print("oversize.py: %s: exit %d, %d frames; tshark %d frames%s" %
                  (path, rc, len(got), len(want), ": " + err if err else ""))
            for k in sorted(set(got) | set(want)):
                if got.get(k) != want.get(k):
                    print("  frame %d: ours %s, tshark %s" %
                          (k, got.get(k), want.get(k)))
            fails += 1
        else:
            print("%s: %d frames as tshark, %s longer than the snapshot "
                  "length" % (os.path.basename(path), len(got),
                              summary.get("oversize_records")))
    return 1 if fails else 0


def packet_offsets(d):
    """File offsets of the packets of a pcap (lengths in either order, as
    the caplen <= len one) or pcapng capture, read here, not by the tool."""
    offs = []
    if d[:4] == struct.pack("<I", 0xa1b2c3d4):
        pos = 24
        while pos < len(d):
            a, b = struct.unpack("<II", d[pos + 8:pos + 16])
            cap = min(a, b)
            offs.append(pos + 16)
            pos += 16 + cap
        return offs
    pos = 0
    while pos < len(d):
        t, n = struct.unpack("<II", d[pos:pos + 8])
        if t == 6:
            offs.append(pos + 28)
        pos += n
    return offs


def fixed(orig, out):
    a, b = open(orig, "rb").read(), open(out, "rb").read()
    before, after = theirs(orig), theirs(out)
    if len(a) != len(b) or len(before) != len(after) or not before:
        print("oversize.py: %s: %d bytes, %d frames; %s: %d bytes, %d "
              "frames" % (orig, len(a), len(before), out, len(b),
                          len(after)))
        return 1
    # UDP checksum: Ethernet 14 + IPv4 20 + 6 into the frame.
    allowed = set()
    for i, off in enumerate(packet_offsets(a)):
        if before.get(i + 1, (None, None))[1] == "bad":
            allowed.update((off + 40, off + 41))
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    bad = [k for k, v in after.items() if "bad" in v]
    if not diff or set(diff) - allowed or bad:
        print("oversize.py: %s: %d bytes differ, %d outside the bad UDP "
              "checksums; tshark finds frames %s bad after the fix" %
              (out, len(diff), len(set(diff) - allowed), bad[:10]))
        return 1
    print("%s: %d bytes changed, all in the %d UDP checksum fields tshark "
          "found bad; tshark: all good after" %
          (os.path.basename(out), len(diff), len(allowed) // 2))
    return 0


def main():
    if sys.argv[1] == "gen":
        return gen(sys.argv[2])
    if sys.argv[1] == "fixed":
        return fixed(sys.argv[2], sys.argv[3])
    return tshark(sys.argv[2], sys.argv[3:])


if __name__ == "__main__":
    sys.exit(main())
