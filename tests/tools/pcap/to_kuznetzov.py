#!/usr/bin/env python3
"""tests/tools/pcap/to_kuznetzov.py IN OUT - rewrite a microsecond pcap file as
the "modified" pcap of Alexey Kuznetzov's patches (magic 0xa1b2cd34, in the
input's byte order): each 16-byte record header grows by an interface
index, a protocol, a packet type and a pad byte, 24 bytes as libpcap reads
them (sf-pcap.c).  Frames, lengths and timestamps stay as they were, so a
reader must give the same verdicts for both files."""
import struct
import sys


def main(src, dst):
    data = open(src, "rb").read()
    magic = data[:4]
    if magic == b"\xd4\xc3\xb2\xa1":
        e = "<"
    elif magic == b"\xa1\xb2\xc3\xd4":
        e = ">"
    else:
        sys.exit("%s: not a microsecond pcap file" % src)
    out = [struct.pack(e + "I", 0xA1B2CD34), data[4:24]]
    pos, n = 24, 0
    while pos < len(data):
        if len(data) - pos < 16:
            sys.exit("%s: record header cut at offset %d" % (src, pos))
        hdr = data[pos:pos + 16]
        caplen = struct.unpack(e + "I", hdr[8:12])[0]
        n += 1
        # ifindex 2, protocol ETH_P_IP (host order), PACKET_HOST: the
        # same for every record, so that a segmented copy converts alike.
        out.append(hdr + struct.pack(e + "iHBB", 2, 0x0800, 0, 0))
        out.append(data[pos + 16:pos + 16 + caplen])
        pos += 16 + caplen
    open(dst, "wb").write(b"".join(out))
    print("%s: %d records" % (dst, n))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
