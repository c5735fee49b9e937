#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/pcap/stream.py - "inetcsum check -" on a pipe (tests/suites/70-pcap.sh).
#
#   stream.py rss TOOL MIB   streams a generated pcap of MIB MiB through a
#                            pipe into "TOOL check -q -" and prints the
#                            tool's peak RSS in KiB (getrusage of the child)
#                            after checking that every frame was counted
#   stream.py live TOOL      writes one frame, waits for its report line
#                            while the pipe stays open, then ends the
#                            capture: each frame is reported as it arrives
# Exit status 0 on success, 1 otherwise.
import os
import resource
import select
import struct
import subprocess
import sys

HDR = struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1)


def frame(i):
    """An Ethernet/IPv4/UDP frame whose IPv4 checksum is wrong."""
    udp = struct.pack(">HHHH", 1000, 2000, 8 + 1000, 0) + bytes(1000)
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), i & 0xffff,
                     0, 64, 17, 0x1234, bytes([192, 0, 2, 1]),
                     bytes([198, 51, 100, 2]))
    d = bytes.fromhex("020000000002020000000001") + b"\x08\x00" + ip + udp
    return struct.pack("<IIII", 0, i, len(d), len(d)) + d


def rss(tool, mib):
    blob = b"".join(frame(i) for i in range(1024))
    n = (mib << 20) // len(blob) + 1
    p = subprocess.Popen([tool, "check", "-q", "-"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE)
    p.stdin.write(HDR)
    for _ in range(n):
        p.stdin.write(blob)
    p.stdin.close()
    out = p.stdout.read().decode()
    p.wait()
    want = "%d frames, %d with bad" % (n * 1024, n * 1024)
    if want not in out:
        print("stream.py: expected '%s' in: %s" % (want, out))
        return 1
    print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return 0


def live(tool):
    p = subprocess.Popen([tool, "check", "-"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE)
    p.stdin.write(HDR + frame(1))
    p.stdin.flush()
    r, _, _ = select.select([p.stdout], [], [], 20)
    line = os.read(p.stdout.fileno(), 4096).decode() if r else ""
    p.stdin.write(frame(2))
    p.stdin.close()
    rest = p.stdout.read().decode()
    p.wait()
    if "frame 1: ipv4 bad" not in line:
        print("stream.py: no report of frame 1 while the pipe was open "
              "(got %r)" % line)
        return 1
    if "frame 2: ipv4 bad" not in rest or "2 frames" not in rest:
        print("stream.py: frame 2 or the summary missing: %r" % rest)
        return 1
    return 0


def main():
    if sys.argv[1] == "rss":
        return rss(sys.argv[2], int(sys.argv[3]))
    return live(sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())
