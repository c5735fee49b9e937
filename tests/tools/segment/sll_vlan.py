#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/tools/segment/sll_vlan.py - "segment" and "check" agree on where the IP
packet starts behind VLAN tags after Linux SLL and SLL2 (issue 19): both
ask the packet layer's one link-layer walker.  Before, segment walked the
tags after SLL but not after SLL2, and check's reassembly walked neither,
so the fragments segment wrote were left "unverified (fragment)".

  sll_vlan.py make DIR
      writes DIR/sll-vlan.pcap (link type 113) and DIR/sll2-vlan.pcap
      (276): UDP datagrams of 1,400 bytes over IPv4 (no DF) and IPv6
      behind an 802.1Q tag, and one behind an 802.1ad + 802.1Q pair, every
      checksum right.
  sll_vlan.py verify SEGMENT_SUMMARY CHECK_JSON N
      the segment summary fragmented N packets, and check --json -q on
      its output reassembled N datagrams with every UDP checksum good.
"""
import json
import re
import struct
import sys

# The packet builders of the segment suite's own generator (same folder).
from segcheck import ipv4 as ipv4_header, l4


def ipv4(payload):
    """IPv4 (no DF) / UDP, every checksum right."""
    u = l4(17, bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]), False,
           struct.pack("!HHHH", 4000, 5000, 8 + len(payload), 0), payload, 6)
    return ipv4_header(17, u, 0x4242)[0] + u


def ipv6(payload):
    """IPv6 / UDP, its checksum right."""
    src = bytes.fromhex("20010db8000000000000000000000001")
    dst = bytes.fromhex("20010db8000000000000000000000002")
    u = l4(17, src, dst, True,
           struct.pack("!HHHH", 4000, 5000, 8 + len(payload), 0), payload, 6)
    return struct.pack("!IHBB", 0x60000000, len(u), 17, 64) + src + dst + u


def frames(link_header):
    """(frame, ...) for one SLL flavour: link_header(proto) gives the
    header with its protocol field; the tags follow it."""
    data = bytes(i * 37 & 0xff for i in range(1400))
    out = []
    for ip, et in ((ipv4(data), 0x0800), (ipv6(data), 0x86dd)):
        out.append(link_header(0x8100) + struct.pack("!HH", 7, et) + ip)
    # 802.1ad outer, 802.1Q inner.
    out.append(link_header(0x88a8) + struct.pack("!HHHH", 5, 0x8100, 7,
                                                 0x0800) + ipv4(data))
    return out


def sll(proto):
    return struct.pack("!HHH8sH", 0, 1, 6, bytes(8), proto)


def sll2(proto):
    return struct.pack("!HHIHBB8s", proto, 0, 1, 1, 0, 6, bytes(8))


def write(path, linktype, fs):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535,
                            linktype))
        for i, fr in enumerate(fs):
            f.write(struct.pack("<IIII", 1700000000 + i, 0, len(fr),
                                len(fr)))
            f.write(fr)


def verify(summary, check_json, n):
    text = open(summary).read()
    m = re.search(r"(\d+) IPv4 packets into (\d+) fragments, (\d+) IPv6 "
                  r"packets into (\d+) fragments", text)
    if not m or int(m.group(1)) + int(m.group(3)) != n:
        print("FAIL: segment did not fragment %d packets: %s" % (n, text))
        return 1
    s = None
    for line in open(check_json):
        o = json.loads(line)
        if o.get("type") == "file":
            s = o["summary"]
    if s is None:
        print("FAIL: no summary from check")
        return 1
    r = s.get("reassembly", {})
    udp = s["layers"].get("udp", {})
    if r.get("datagrams") != n or udp != {"good": n} or s["bad_frames"]:
        print("FAIL: check reassembled %s datagrams, UDP %s, want %d "
              "good" % (r.get("datagrams"), udp, n))
        return 1
    return 0


def main():
    if sys.argv[1] == "make":
        d = sys.argv[2]
        write(d + "/sll-vlan.pcap", 113, frames(sll))
        write(d + "/sll2-vlan.pcap", 276, frames(sll2))
        return 0
    return verify(sys.argv[2], sys.argv[3], int(sys.argv[4]))


if __name__ == "__main__":
    sys.exit(main())
