#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/tcpdump_verdicts.py - per-frame, per-layer checksum verdicts of
# "inetcsum check" against tcpdump's, the second independent opinion beside
# tshark (tests/tools/pcap/verdicts.py).
#
#   tcpdump_verdicts.py CORPUS INETCSUM ALLOWED.txt [-v]
#       CORPUS holds the captures and the generator's expected.json (for
#       the frame list and the case names); INETCSUM is either the tool,
#       run as "INETCSUM check --json FILE" on each capture, or a JSON
#       Lines file that it already wrote for them (as verdicts.py takes).
#       A difference must be listed in ALLOWED.txt as "case proto
#       inetcsum-verdicts tcpdump-verdicts" (case may be a shell pattern,
#       "-" is no verdict); each listed one is printed once, an unlisted
#       one fails.  -v prints tcpdump's verdicts of every frame.
#
# tcpdump -n -vv verifies, and prints (tcpdump 4.99, print-*.c):
#   IPv4 header  ", bad cksum 1234 (->5678)!)" at the end of the header's
#                parenthesis, nothing when good (also for the IPv4 header
#                quoted in an ICMP error);
#   TCP          ", cksum 0x1234 (correct)" / "(incorrect -> 0x5678)"
#                (not an ICMP extension's "checksum 0x1234 (correct)");
#   UDP          "[udp sum ok]", "[bad udp cksum 0x1234 -> 0x5678!]",
#                "[no cksum]" (a zero field over IPv4; over IPv6 a zero
#                field is "bad", there is no "illegal");
#   ICMP         " (wrong icmp cksum 1234 (->5678)!)", nothing when good;
#   ICMPv6       "[icmp6 sum ok]", "[bad icmp6 cksum 0x1234 -> 0x5678!]";
#   IGMP         " bad igmp cksum 1234!", nothing when good.
# TCP, UDP, ICMP and ICMPv6 only when the segment is whole in the capture
# and the packet is not a fragment (no reassembly); the IPv4 header when it
# is captured.  GRE's checksum is printed ("sum 0x1234"), never verified;
# UDP-Lite is not decoded (ip-proto-136).  Where good is silent (IPv4,
# ICMP, IGMP) this script counts a header that tcpdump printed in full as
# good, and none for ICMP in a fragment (tcpdump skips the check there).
# Inner packets of IP-in-IP, GRE, MPLS, PPPoE, VXLAN, Geneve and L2TP are
# decoded and verified like outer ones.
# Exit status 0 when everything matches, 1 otherwise.
import collections
import fnmatch
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from verdicts import is_pcapng, load_jsonl  # noqa: E402

# Protocols tcpdump verifies; inetcsum's other layers (gre, udplite) are
# left out of the comparison.
COMPARED = ("ipv4", "tcp", "udp", "icmp", "icmpv6", "igmp")

# A frame starts with tcpdump's -# number, two spaces and the time.
FRAME = re.compile(r"^ *(\d+)  \d\d:\d\d:\d\d\.\d+ ")
# Every token that opens a layer or gives a verdict, in the order printed.
TOKENS = re.compile(
    r"(?P<ip>\bIP (?:truncated-ip - \d+ bytes missing! )?\(tos (?P<iphdr>[^\n]*))"
    r"|(?P<tcp>\bcksum 0x[0-9a-f]{4} \((?P<tcpv>correct\)|incorrect ))"
    r"|(?P<udp>\[(?P<udpv>udp sum ok|bad udp cksum|no cksum)[\] ])"
    r"|(?P<icmp6>\[(?P<icmp6v>icmp6 sum ok|bad icmp6 cksum)[\] ])"
    r"|(?P<icmp>: ICMP (?!6))"
    r"|(?P<icmpbad>\(wrong icmp cksum )"
    r"|(?P<igmp>: igmp )"
    r"|(?P<igmpbad> bad igmp cksum )")
# A line of -x's hex dump, and the length of the first IP header.
HEX = re.compile(r"^\t0x[0-9a-f]{4}:  ((?:[0-9a-f]{2,4} ?)+)")
IPLEN = re.compile(r"\(tos [^\n]*?, length (\d+)|"
                   r"IP6 \(.*?payload length: (\d+)\)")
# An IPv4 header that says it is a fragment: more fragments, or an offset.
FRAGMENT = re.compile(r"offset (?!0,)\d+|flags \[[^]]*\+")


def split_pcapng(path, tmp):
    """Write each interface's packets of a pcapng to a pcap of its own.

    libpcap 1.10 stops at the first interface whose link type differs
    from the first one's ("an interface has a type ... different"), so
    tcpdump reads such a file one interface at a time.  Returns [(pcap
    path, [frame number in the pcapng of each record])]."""
    d = open(path, "rb").read()
    out = collections.OrderedDict()    # (section, interface) -> [...]
    ifs = []
    pos = frame = section = 0
    e = "<"
    while pos + 12 <= len(d):
        btype = struct.unpack_from("<I", d, pos)[0]
        if btype == 0x0A0D0D0A:
            e = "<" if d[pos + 8:pos + 12] == b"\x4d\x3c\x2b\x1a" else ">"
            if struct.unpack_from(e + "H", d, pos + 12)[0] != 1:
                # libpcap stops at a later section of another major
                # version ("unknown pcapng savefile major version"), as
                # tshark and inetcsum do: nothing after it is compared.
                break
            section += 1
            ifs = []
        btype, blen = struct.unpack_from(e + "II", d, pos)
        body = pos + 8
        rec = None
        if btype == 1:
            ifs.append(struct.unpack_from(e + "HHI", d, body))
        elif btype == 6:
            ifid, hi, lo, cap, orig = struct.unpack_from(e + "IIIII", d, body)
            rec = (ifid, hi, lo, orig, d[body + 20:body + 20 + cap])
        elif btype == 3:
            orig = struct.unpack_from(e + "I", d, body)[0]
            cap = min(orig, blen - 16, ifs[0][2] or orig)
            rec = (0, 0, 0, orig, d[body + 4:body + 4 + cap])
        elif btype == 2:
            ifid, _, hi, lo, cap, orig = struct.unpack_from(e + "HHIIII", d,
                                                            body)
            rec = (ifid, hi, lo, orig, d[body + 20:body + 20 + cap])
        elif btype in (0x00000BAD, 0x40000BAD, 9):
            # A custom or systemd journal block: no packet, but a frame
            # number of its own, as tshark and inetcsum number them.
            frame += 1
        if rec:
            frame += 1
            key = (section, rec[0])
            if key not in out:
                out[key] = (ifs[rec[0]][0], [], [])
            # The time is not needed (if_tsresol is not read): the frame
            # number stands in for it.
            out[key][1].append(struct.pack("<IIII", frame, 0, len(rec[4]),
                                           rec[3]) + rec[4])
            out[key][2].append(frame)
        pos += blen
    res = []
    for i, (link, recs, nums) in enumerate(out.values()):
        p = "%s-%d.pcap" % (tmp, i)
        with open(p, "wb") as f:
            f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 262144,
                                link))
            f.write(b"".join(recs))
        res.append((p, nums))
    return res


def run_tcpdump(path, tmp):
    """{frame: [[proto, verdict], ...]} in the order tcpdump prints."""
    # tcpdump numbers packets only, and libpcap stops at a pcapng's second
    # link type: a pcapng is read one interface at a time (split_pcapng()
    # numbers its frames as inetcsum does, blocks without a packet that
    # tshark lists included).
    if is_pcapng(path):
        res = {}
        for p, nums in split_pcapng(path, tmp):
            for n, layers in run_tcpdump(p, tmp).items():
                res[nums[n - 1]] = layers
            os.unlink(p)
        return res
    out = subprocess.run(["tcpdump", "-n", "-vv", "-#", "-x", "-r", path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("tcpdump -r %s: %s" % (path, out.stderr.strip()))
    frames = collections.OrderedDict()
    text = []
    for line in out.stdout.splitlines():
        m = FRAME.match(line)
        if m:
            text = frames.setdefault(int(m.group(1)), [])
        text.append(line)
    return {n: parse_frame("\n".join(t)) for n, t in frames.items()}


def captured_whole(text):
    """Whether the outermost IP packet was captured to its last byte: the
    bytes of -x's hex dump (the frame after its link header) against the
    length of the first IPv4 or IPv6 header printed.  tcpdump skips an
    ICMP or IGMP check silently when the message was cut short."""
    got = sum(len(w) // 2 for l in text.split("\n")
              if HEX.match(l) for w in HEX.match(l).group(1).split())
    m = IPLEN.search(text)
    if not m:
        return True
    want = int(m.group(1)) if m.group(1) else 40 + int(m.group(2))
    return got >= want


def parse_frame(text):
    layers = []
    frag = False        # the last IPv4 header seen is a fragment
    whole = captured_whole(text)
    for m in TOKENS.finditer(text):
        if m.group("ip"):
            hdr = m.group("iphdr")
            frag = bool(FRAGMENT.search(hdr))
            layers.append(["ipv4", "bad" if ", bad cksum " in hdr
                           else "good"])
        elif m.group("tcp"):
            layers.append(["tcp", "good" if m.group("tcpv") == "correct)"
                           else "bad"])
        elif m.group("udp"):
            v = m.group("udpv")
            layers.append(["udp", {"udp sum ok": "good",
                                   "no cksum": "none"}.get(v, "bad")])
        elif m.group("icmp6"):
            layers.append(["icmpv6", "good" if m.group("icmp6v")
                           == "icmp6 sum ok" else "bad"])
        elif m.group("icmp"):
            if whole and not frag:
                layers.append(["icmp", "good"])
        elif m.group("igmp"):
            if whole:
                layers.append(["igmp", "good"])
        else:
            # A bad marker turns the latest layer of its protocol bad.
            proto = "icmp" if m.group("icmpbad") else "igmp"
            for l in reversed(layers):
                if l[0] == proto:
                    l[1] = "bad"
                    break
            else:
                layers.append([proto, "bad"])
    return layers


def by_proto(layers):
    d = collections.defaultdict(list)
    for proto, status in layers:
        if proto in COMPARED:
            d[proto].append(status)
    return d


def inetcsum_verdicts(corpus, files, tool):
    if not os.access(tool, os.X_OK) or tool.endswith(".jsonl"):
        return load_jsonl(tool)
    got = {}
    for f in files:
        out = subprocess.run([tool, "check", "--json", corpus + "/" + f],
                             capture_output=True, text=True)
        if out.returncode not in (0, 1):
            raise SystemExit("%s check %s: exit %d: %s" %
                             (tool, f, out.returncode, out.stderr.strip()))
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl") as o:
            o.write(out.stdout)
            o.flush()
            got.update(load_jsonl(o.name))
    return got


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv[1:]
    if len(args) != 3:
        raise SystemExit(__doc__ if __doc__ else
                         "usage: tcpdump_verdicts.py CORPUS INETCSUM "
                         "ALLOWED.txt [-v]")
    corpus, tool, allowed_path = args
    exp = json.load(open(corpus + "/expected.json"))
    got = inetcsum_verdicts(corpus, sorted(exp), tool)
    allowed = []
    for line in open(allowed_path):
        f = line.split("#")[0].split()
        if f:
            allowed.append(tuple(f))
    seen = set()
    tmp = tempfile.mkdtemp(prefix="tcpdump-verdicts.")
    bad = n = layers = agree = silent = 0
    for fname, frames in sorted(exp.items()):
        td = run_tcpdump(corpus + "/" + fname, tmp + "/" + fname)
        for fr in frames:
            n += 1
            ours = by_proto(got.get(fname, {}).get(fr["frame"]) or [])
            theirs = by_proto(td.get(fr["frame"], []))
            if verbose:
                print("%s frame %d (%s): tcpdump %s" % (
                    fname, fr["frame"], fr["case"],
                    td.get(fr["frame"], [])))
            for c in sorted(set(ours) | set(theirs)):
                a, b = ours.get(c, []), theirs.get(c, [])
                # inetcsum's "unverified" is tcpdump's silence: neither
                # gives a verdict, which is no difference.
                av = [v for v in a if v != "unverified"]
                if av == b:
                    layers += len(b)
                    agree += len(b)
                    silent += len(a) - len(av)
                    continue
                layers += max(len(av), len(b))
                case = fr["case"].split("-lt")[0].split("-vlan")[0]
                key = (case, c, ",".join(a) or "-", ",".join(b) or "-")
                rule = next((r for r in allowed
                             if fnmatch.fnmatchcase(case, r[0]) and
                             r[1:] == key[1:]), None)
                if rule:
                    if rule not in seen:
                        print("known difference: %s %s: inetcsum %s, "
                              "tcpdump %s" % rule)
                    seen.add(rule)
                    continue
                bad += 1
                print("DIFFERENCE %s frame %d (%s) %s: inetcsum %s, "
                      "tcpdump %s" % (fname, fr["frame"], fr["case"], c,
                                      a, b))
    os.rmdir(tmp)
    for rule in allowed:
        if rule not in seen:
            print("note: listed difference not seen: %s %s %s %s" % rule)
    print("tcpdump: %d frames, %d layers with a verdict, %d agree "
          "(%d unverified by both), %d unexplained differences" %
          (n, layers, agree, silent, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
