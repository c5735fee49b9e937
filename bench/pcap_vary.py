#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# bench/pcap_vary.py - a copy of a classic pcap whose frames keep their
# first KEEP bytes and have the rest replaced by random bytes.
#
#   bench/pcap_vary.py IN OUT [KEEP]
#
# The bench capture of scripts/gen_corpus.py --bench is a few hundred
# frames repeated, so it compresses 100:1 to 10000:1 and decompressing it
# costs almost nothing.  Random bytes past KEEP (default 54: Ethernet,
# IPv4 and TCP headers without options) make it compress about as badly
# as real traffic (gzip about 2.5:1), so bench/pcap_speed.sh can time
# decompression that costs what it costs on real captures.  Checksums
# over the changed bytes become wrong, and longer headers (IPv6, tunnels)
# are garbled past KEEP, so about a quarter of the frames are no longer
# parsed to the end; both sides of a comparison read the same file, so
# it does not matter which.
import os
import struct
import sys

POOL = 16 << 20


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: pcap_vary.py IN OUT [KEEP]")
    keep = int(sys.argv[3]) if len(sys.argv) == 4 else 54
    with open(sys.argv[1], "rb") as f:
        data = bytearray(f.read())
    magic = bytes(data[:4])
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
        order = "<"
    elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        order = ">"
    else:
        sys.exit("pcap_vary.py: %s: not a classic pcap" % sys.argv[1])
    # Random bytes come from one pool read once, at a moving offset, so
    # equal frames get different payloads without a urandom call each.
    pool = os.urandom(POOL)
    at = 0
    pos = 24
    while pos + 16 <= len(data):
        incl = struct.unpack_from(order + "I", data, pos + 8)[0]
        start, end = pos + 16 + keep, pos + 16 + incl
        if end > len(data):
            break
        n = end - start
        if n > 0:
            if at + n > POOL:
                at = 0
            data[start:end] = pool[at:at + n]
            at += n + 1
        pos = end
    with open(sys.argv[2], "wb") as f:
        f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
