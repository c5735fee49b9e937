# SPDX-License-Identifier: MIT
# tests/tools/pcap/rfc1071.py - the Internet checksum (RFC 1071) the test
# scripts here build their packets with: their own code, not the library's,
# so that what they write is checked against an independent sum.


def csum(b, s=0):
    """The ones' complement of the ones' complement sum of 'b' (padded with
    a zero byte if odd) and the initial sum 's'."""
    if len(b) % 2:
        b += b"\0"
    s += sum((b[i] << 8) | b[i + 1] for i in range(0, len(b), 2))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff
