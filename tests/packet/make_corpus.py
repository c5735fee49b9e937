#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# tests/packet/make_corpus.py - writes the seed inputs of
# fuzz/fuzz_ip_packet.c to fuzz/corpus/ip_packet/ (run from the top of the
# tree): a 19-byte prefix (option byte, a 16-byte address, a port) and an
# IP packet with its checksum fields zero, IPv4 and IPv6, TCP, UDP, ICMP,
# ICMPv6, IPv4 options with a live LSRR, an IPv6 routing header, GRE,
# SCTP (its CRC32c field zero too; an odd length over IPv6), NHRP and
# Shim6.
import os
import struct

A4, B4, C4 = bytes([192, 0, 2, 1]), bytes([198, 51, 100, 2]), bytes([203, 0, 113, 9])
A6 = bytes.fromhex("20010db8000000000000000000000001")
B6 = bytes.fromhex("20010db8000000000000000000000002")


def v4(proto, body, opts=b"", ttl=64, frag=0):
    ihl = 5 + len(opts) // 4
    return struct.pack("!BBHHHBBH4s4s", 0x40 | ihl, 0, 20 + len(opts) + len(body),
                       0x1234, frag, ttl, proto, 0, A4, B4) + opts + body


def v6(nh, body, ext=b""):
    return struct.pack("!IHBB16s16s", 0x60000000, len(ext) + len(body), nh, 64,
                       A6, B6) + ext + body


def tcp(payload, opts=b""):
    off = (20 + len(opts)) // 4
    return struct.pack("!HHIIBBHHH", 40000, 80, 1000, 2000, off << 4, 0x18,
                       65535, 0, 0) + opts + payload


def udp(payload, sport=5353, dport=53):
    return struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + payload


def icmp(payload, t=8):
    return struct.pack("!BBHHH", t, 0, 0, 7, 1) + payload


def sctp(chunks):
    return struct.pack("!HHI", 5000, 5001, 0xdeadbeef) + bytes(4) + chunks


def nhrp(op, mandatory):
    """An NHRP packet (RFC 2332 section 5.1): the 20-byte fixed header
    for IPv4 over an IPv4 NBMA network, no extensions, checksum zero."""
    return struct.pack("!HH5sBHHHBBBB", 1, 0x0800, bytes(5), 255,
                       20 + len(mandatory), 0, 0, 1, op, 4, 0) + mandatory


PAY = bytes(range(7, 7 + 45))
# NHRP's addresses (source NBMA, source and destination protocol) and a
# registration request: the common header and one client information entry.
ADDRS = A4 + A4 + B4
REG = struct.pack("!BBHI", 4, 4, 0, 1) + ADDRS + \
    struct.pack("!BBHHHBBBB", 0, 32, 0, 1500, 7200, 0, 0, 0, 0)
MPLS = bytes([0, 0x10, 0x01, 0x40])            # one label, bottom of stack
ETH4 = bytes.fromhex("020000000001020000000002") + b"\x08\x00"
ETH6 = bytes.fromhex("020000000001020000000002") + b"\x86\xdd"
NSH = bytes([0x0f, 0xc2, 0x02, 0x01, 0, 0x01, 0x23, 0xff])  # MD 2, IPv4
# An SCTP DATA chunk (length 16 + 45, unpadded) and a SACK.
DATA = struct.pack("!BBHIHHI", 0, 3, 16 + len(PAY), 1, 0, 0, 0) + PAY
SACK = struct.pack("!BBHIIHH", 3, 0, 16, 7, 65536, 0, 0)
seeds = {
    "v4-tcp": (0x00, v4(6, tcp(PAY, b"\x01\x01\x08\x0a" + bytes(8)))),
    "v4-udp": (0x02, v4(17, udp(PAY))),
    "v4-udp-keep-none": (0x01, v4(17, udp(PAY))),
    "v4-icmp": (0x04, v4(1, icmp(PAY))),
    "v4-lsrr-tcp": (0x02, v4(6, tcp(PAY), b"\x01\x83\x07\x04" + C4)),
    "v4-ttl1-udp": (0x04, v4(17, udp(PAY), ttl=1)),
    "v4-gre-v4-udp": (0x00, v4(47, b"\x80\x00\x08\x00\x00\x00\x00\x00" +
                               v4(17, udp(PAY)))),
    "v6-tcp": (0x00, v6(6, tcp(PAY))),
    "v6-udp": (0x02, v6(17, udp(PAY))),
    "v6-icmpv6": (0x00, v6(58, icmp(PAY, 128))),
    "v6-rh0-udp": (0x02, v6(43, udp(PAY),
                            bytes([17, 2, 0, 1, 0, 0, 0, 0]) + A6)),
    # Issue 24 item 7: MPLS over UDP 6635 and in IP (137), Ethernet in
    # IPv6 (143, directly and after an SRH), NSH in GRE.
    "v4-udp6635-mpls-v4-tcp": (0x00, v4(17, udp(MPLS + v4(6, tcp(PAY)),
                                                50000, 6635))),
    "v4-mpls137-v4-icmp": (0x02, v4(137, MPLS + v4(1, icmp(PAY)))),
    "v6-eth143-v4-udp": (0x00, v6(143, ETH4 + v4(17, udp(PAY)))),
    "v6-srh-eth143-v6-tcp": (0x02, v6(43, ETH6 + v6(6, tcp(PAY)),
                                      bytes([143, 2, 4, 1, 0, 0, 0, 0]) + B6)),
    "v4-gre-nsh-v4-udp": (0x00, v4(47, b"\x00\x00\x89\x4f" + NSH +
                                   v4(17, udp(PAY)))),
    "v4-sctp": (0x00, v4(132, sctp(SACK + DATA + bytes(3)))),
    "v6-sctp-odd": (0x00, v6(132, sctp(SACK + DATA))),
    # NHRP (RFC 2332) in IP (54) and in GRE (0x2001): a registration, an
    # Error Indication carrying the packet in error (NHRP again) and a
    # Traffic Indication carrying a data packet (UDP in IPv4).
    "v4-nhrp-registration": (0x00, v4(54, nhrp(3, REG))),
    "v4-nhrp-error-indication": (0x02, v4(54, nhrp(
        7, struct.pack("!BBHHH", 4, 4, 0, 6, 0) + ADDRS + nhrp(3, REG)))),
    "v4-gre-nhrp-traffic-indication": (0x00, v4(47, b"\x00\x00\x20\x01" + nhrp(
        8, struct.pack("!BBHHH", 4, 4, 0, 0, 0) + ADDRS + v4(17, udp(PAY))))),
    # Shim6 (RFC 5533, next header 140): an I1 control message, and a
    # payload extension header before UDP.
    "v6-shim6-i1": (0x00, v6(140, bytes([59, 1, 0x01, 0, 0, 0, 0, 0]) +
                             bytes(range(1, 11)))),
    "v6-shim6-payload-udp": (0x02, v6(140, udp(PAY),
                                      bytes([17, 0, 0x80, 0, 0, 1, 2, 3]))),
}
d = "fuzz/corpus/ip_packet"
os.makedirs(d, exist_ok=True)
for name, (opt, pkt) in seeds.items():
    arg = bytes([opt]) + bytes([10, 0, 0, 1]) + bytes(range(1, 13)) + b"\x1f\x90"
    with open(os.path.join(d, name), "wb") as f:
        f.write(arg + pkt)
