#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/gen_epbflags.py - pcapng Enhanced Packet Blocks whose
# epb_flags option (code 2, 32 bits) says "checksum not ready" (bit 9) or
# "checksum valid" (bit 10) of draft-ietf-opsawg-pcapng, for "inetcsum
# check" / "inetcsum fix" (tests/suites/70-pcap.sh).
#
#   gen_epbflags.py DIR          DIR/epb-flags-le.pcapng, -be.pcapng and
#                                DIR/expected.json (gen_corpus.py's format,
#                                plus each frame's "flags" word); the
#                                malformed option list in DIR/malformed/
#                                (tshark 4.0 calls that file corrupt and
#                                reads none of it; libpcap reads it)
#   gen_epbflags.py tshark DIR   tshark's frame.packet_flags of every frame
#                                must be the word written (the files say
#                                what the test means them to say)
#
# With "not ready", a wrong TCP or UDP checksum of the packet itself is
# partial ("not ready"); the IPv4 header, ICMP and layers quoted in an ICMP
# error keep their verdicts.  "Checksum valid" changes nothing (the bytes
# are judged).  Also: the option after another option, in a big-endian
# section, in the obsolete Packet Block (pack_flags), and a malformed
# option list (read as no flags, as libpcap reads no options at all).
import json
import os
import struct
import subprocess
import sys

from scapy.all import ICMP, IP, TCP, UDP, Raw, conf

conf.verb = 0
S4, D4 = "192.0.2.1", "198.51.100.2"
G, B, P, U = "good", "bad", "partial", "unverified"
NOT_READY, VALID = 1 << 9, 1 << 10


def ether(b):
    return bytes.fromhex("0200000000020200000000010800") + b


def flip(b, off, mask=0x5a):
    b = bytearray(b)
    b[off] ^= mask
    return bytes(b)


def tcp(bad=False):
    b = bytes(IP(src=S4, dst=D4) / TCP(sport=4000, dport=80, flags="A") /
              Raw(b"offloaded segment"))
    return flip(b, 20 + 16) if bad else b


def udp(bad=False):
    b = bytes(IP(src=S4, dst=D4) / UDP(sport=4000, dport=5000) /
              Raw(b"offloaded datagram"))
    return flip(b, 20 + 6) if bad else b


def cases():
    """(case, packet, flags word or None, options form, layers)."""
    quote = flip(udp(), 20 + 7)
    return [
        ("epb-not-ready-tcp", tcp(True), NOT_READY, "plain",
         [["ipv4", G], ["tcp", P]]),
        ("epb-not-ready-udp", udp(True), NOT_READY | 1, "plain",
         [["ipv4", G], ["udp", P]]),
        ("epb-not-ready-good", udp(), NOT_READY, "plain",
         [["ipv4", G], ["udp", G]]),
        ("epb-not-ready-iphdr", flip(tcp(True), 10), NOT_READY, "plain",
         [["ipv4", B], ["tcp", P]]),
        ("epb-not-ready-icmp", flip(bytes(IP(src=S4, dst=D4) /
                                          ICMP(type=8) / Raw(b"ping")), 22),
         NOT_READY, "plain", [["ipv4", G], ["icmp", B]]),
        ("epb-not-ready-quote", bytes(IP(src="203.0.113.9", dst=S4) /
                                      ICMP(type=3, code=3) / Raw(quote)),
         NOT_READY, "plain",
         [["ipv4", G], ["icmp", G], ["ipv4", G], ["udp", B]]),
        ("epb-no-flags", tcp(True), None, "plain", [["ipv4", G], ["tcp", B]]),
        ("epb-flags-zero", tcp(True), 0, "plain", [["ipv4", G], ["tcp", B]]),
        ("epb-valid-bad", tcp(True), VALID, "plain",
         [["ipv4", G], ["tcp", B]]),
        ("epb-not-ready-after-comment", tcp(True), NOT_READY, "comment",
         [["ipv4", G], ["tcp", P]]),
        ("epb-not-ready-pb", udp(True), NOT_READY, "pb",
         [["ipv4", G], ["udp", P]]),
        ("epb-malformed-options", tcp(True), NOT_READY, "malformed",
         [["ipv4", G], ["tcp", B]]),
    ]


def block(e, btype, body):
    body += bytes(-len(body) % 4)
    n = len(body) + 12
    return struct.pack(e + "II", btype, n) + body + struct.pack(e + "I", n)


def option(e, code, value):
    return struct.pack(e + "HH", code, len(value)) + value + \
        bytes(-len(value) % 4)


def write(path, e, frames):
    out = block(e, 0x0a0d0d0a, struct.pack(e + "IHHq", 0x1a2b3c4d, 1, 0, -1))
    out += block(e, 1, struct.pack(e + "HHI", 1, 0, 0))
    for i, (_, pkt, flags, form, _) in enumerate(frames):
        data = ether(pkt)
        opts = b""
        if form == "comment":
            opts += option(e, 1, b"a comment first")
        if flags is not None and form != "malformed":
            opts += option(e, 2, struct.pack(e + "I", flags))
        if form == "malformed":
            # epb_flags whose length runs past the block.
            opts += struct.pack(e + "HH", 2, 40) + struct.pack(e + "I", flags)
        elif opts:
            opts += option(e, 0, b"")
        ts = 1700000000000000 + i
        pad = data + bytes(-len(data) % 4)
        if form == "pb":
            body = struct.pack(e + "HHIIII", 0, 0, ts >> 32, ts & 0xffffffff,
                               len(data), len(data))
            out += block(e, 2, body + pad + opts)
        else:
            body = struct.pack(e + "IIIII", 0, ts >> 32, ts & 0xffffffff,
                               len(data), len(data))
            out += block(e, 6, body + pad + opts)
    open(path, "wb").write(out)


def main():
    if sys.argv[1] == "tshark":
        d = sys.argv[2]
        exp = json.load(open(d + "/expected.json"))
        bad = 0
        for name, frames in exp.items():
            out = subprocess.run(["tshark", "-n", "-r", d + "/" + name, "-T",
                                  "fields", "-e", "frame.packet_flags"],
                                 check=True, capture_output=True,
                                 text=True).stdout.split("\n")
            for fr in frames:
                got = out[fr["frame"] - 1].strip()
                want = fr["flags"]
                # tshark shows no word when the option is absent (or, for
                # the malformed list, refuses the option).
                ok = (got == "" if want is None else
                      got != "" and int(got, 16) == want)
                if not ok:
                    bad += 1
                    print("FLAGS %s frame %d (%s): tshark %r, written %r" %
                          (name, fr["frame"], fr["case"], got, want))
        print("epb flags: tshark reads %s" % ("what was written" if not bad
                                              else "%d differences" % bad))
        return 1 if bad else 0
    d = sys.argv[1]
    n = 0
    for sub, files in (("", (("epb-flags-le.pcapng", "<"),
                             ("epb-flags-be.pcapng", ">"))),
                       ("/malformed", (("epb-malformed.pcapng", "<"),))):
        os.makedirs(d + sub, exist_ok=True)
        cs = [c for c in cases() if (c[3] == "malformed") == (sub != "")]
        exp = {}
        for name, e in files:
            write(d + sub + "/" + name, e, cs)
            exp[name] = [{"frame": i + 1, "case": c, "layers": lay,
                          "flags": None if f is None or form == "malformed"
                          else f}
                         for i, (c, _, f, form, lay) in enumerate(cs)]
            n += len(cs)
        json.dump(exp, open(d + sub + "/expected.json", "w"), indent=1)
    print("gen_epbflags: %d frames" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
