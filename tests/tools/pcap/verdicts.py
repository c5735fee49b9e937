#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/verdicts.py - compare per-frame, per-layer checksum verdicts.
#
#   verdicts.py expect  CORPUS INETCSUM.jsonl
#       every frame of every file in CORPUS/expected.json must get exactly
#       the layers (protocol, verdict) the generator recorded.
#   verdicts.py tshark  CORPUS INETCSUM.jsonl ALLOWED.txt
#       runs tshark on each file and compares its checksum status fields
#       with inetcsum's; a difference must be listed in ALLOWED.txt (as
#       "case proto inetcsum-verdict tshark-verdict"), each listed one is
#       printed, and an unlisted one fails.
#   verdicts.py tshark-vs-expected CORPUS
#       the generator's expectations against tshark alone (no inetcsum).
# tshark reassembles IP fragments (its default) and shows the upper-layer
# verdict of a reassembled datagram in the frame that completed it;
# inetcsum shows it in the first fragment (offset 0), the frame that holds
# the field.  The comparison moves tshark's upper-layer statuses there:
# the first frame of the frame's ip.fragment / ipv6.fragment list (which
# tshark orders by offset).
# Exit status 0 when everything matches, 1 otherwise.
import collections
import gzip
import json
import subprocess
import sys

TSHARK_FIELDS = {"ipv4": "ip", "tcp": "tcp", "udp": "udp", "udplite": "udp",
                 "icmp": "icmp", "icmpv6": "icmpv6", "igmp": "igmp",
                 "gre": "gre", "icmpext": "icmp.ext"}
# Wireshark's checksum status values (epan/proto.h PROTO_CHECKSUM_E_*).
TSHARK_STATUS = {"0": "bad", "1": "good", "2": "unverified", "3": "none",
                 "4": "illegal"}
PREFS = ["ip.check_checksum:TRUE", "tcp.check_checksum:TRUE",
         "udp.check_checksum:TRUE", "udplite.check_checksum:TRUE",
         "udplite.ignore_checksum_coverage:FALSE"]


def load_jsonl(path):
    got = collections.defaultdict(dict)
    for line in open(path):
        o = json.loads(line)
        if "summary" in o:
            continue
        name = o["file"].rsplit("/", 1)[-1]
        got[name][o["frame"]] = [[l["proto"], l["status"]]
                                 for l in o["layers"]]
    return got


# tshark's status field of a protocol, where it is not PROTO.checksum.status.
STATUS_FIELD = {"pim": "pim.cksum.status", "pgm": "pgm.hdr.cksum.status",
                "nhrp": "nhrp.hdr.chksum.status"}
# Messages that travel as IGMP types and sum as IGMP does, whose status
# tshark files under their own names: DVMRP (0x13), MSNIP, multicast
# router discovery, IGAP and RGMP.  Their statuses join the igmp column.
IGMP_KIN = ["dvmrp.checksum.status", "msnip.checksum.status",
            "mrdisc.checksum.status", "igap.checksum.status",
            "rgmp.checksum.status"]


def pgm_statuses(values):
    """tshark 4.0's pgm.hdr.cksum.status values of a frame, with what its
    PGM dissector adds by mistake taken out: where it verifies, it adds
    the checksum field under the status field's name before the status
    (packet-pgm.c passes the status field twice), so a verified layer shows
    "first byte of the field, status".  One PGM layer a frame is assumed:
    two values are one verified layer, one value is "not present"."""
    return values[1::2] if len(values) % 2 == 0 else values


def is_pcapng(path):
    """Whether 'path' (perhaps gzipped) is a pcapng file, by its magic:
    some files are named .pcapng but hold pcap (nDPI's alexa-app.pcapng)."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rb") as f:
            return f.read(4) == b"\x0a\x0d\x0d\x0a"
    except OSError:
        return False


def run_tshark(path, fields=None, prefs=None):
    """{frame: {tshark proto: [status, ...]}} in the order tshark lists,
    for the protocols of 'fields' (default TSHARK_FIELDS) with 'prefs'
    (default PREFS).  Raises CalledProcessError when tshark fails."""
    cols = sorted(set(v for v in (fields or TSHARK_FIELDS).values() if v))
    cmd = ["tshark", "-n", "-r", path]
    for p in prefs or PREFS:
        cmd += ["-o", p]
    cmd += ["-T", "fields", "-E", "separator=\t", "-E", "occurrence=a",
            "-E", "aggregator=,", "-e", "frame.interface_id"]
    for c in cols:
        cmd += ["-e", STATUS_FIELD.get(c, c + ".checksum.status")]
    kin = IGMP_KIN if "igmp" in cols else []
    for k in kin:
        cmd += ["-e", k]
    cmd += ["-e", "ip.fragment", "-e", "ipv6.fragment"]
    out = subprocess.run(cmd, check=True, capture_output=True,
                         text=True).stdout
    res = {}
    moved = []
    n = 0
    pcapng = is_pcapng(path)
    for line in out.splitlines():
        f = line.split("\t")
        n += 1
        # tshark 4.0 lists pcapng custom blocks as records of their own,
        # with no interface: no packet, but a frame number, as inetcsum
        # numbers them too.  None marks them.
        if pcapng and f[0] == "":
            res[n] = None
            continue
        res[n] = {c: [TSHARK_STATUS.get(v, v) for v in
                      (pgm_statuses if c == "pgm" else list)(
                          [v for v in x.split(",") if v != ""])]
                  for c, x in zip(cols, f[1:])}
        for x in f[1 + len(cols):1 + len(cols) + len(kin)]:
            res[n]["igmp"] += [TSHARK_STATUS.get(v, v)
                               for v in x.split(",") if v != ""]
        frags = [int(v) for v in
                 ",".join(f[1 + len(cols) + len(kin):]).split(",")
                 if v != ""]
        if frags and frags[0] != n:
            moved.append((n, frags[0]))
    for n, first in moved:
        if first not in res:
            continue
        # The completing frame keeps its own IPv4 header's status.
        for c, v in res[n].items():
            if c != "ip" and v:
                res[first][c] = v
                res[n][c] = []
    return res


def by_tshark_proto(layers):
    d = collections.defaultdict(list)
    for proto, status in layers:
        d[TSHARK_FIELDS[proto]].append(status)
    return d


def main():
    mode, corpus = sys.argv[1], sys.argv[2]
    exp = json.load(open(corpus + "/expected.json"))
    bad = 0
    if mode == "expect":
        got = load_jsonl(sys.argv[3])
        n = 0
        for fname, frames in sorted(exp.items()):
            for fr in frames:
                n += 1
                g = got.get(fname, {}).get(fr["frame"])
                if g != fr["layers"]:
                    bad += 1
                    print("MISMATCH %s frame %d (%s): expected %s, got %s" %
                          (fname, fr["frame"], fr["case"], fr["layers"], g))
        print("verdicts: %d frames compared, %d mismatches" % (n, bad))
        return 1 if bad else 0
    allowed = set()
    if mode == "tshark":
        got = load_jsonl(sys.argv[3])
        for line in open(sys.argv[4]):
            line = line.split("#")[0].split()
            if line:
                allowed.add(tuple(line))
    seen = set()
    n = 0
    for fname, frames in sorted(exp.items()):
        ts = run_tshark(corpus + "/" + fname)
        for fr in frames:
            n += 1
            ours = (got.get(fname, {}).get(fr["frame"]) if mode == "tshark"
                    else fr["layers"]) or []
            mine = by_tshark_proto(ours)
            theirs = ts.get(fr["frame"]) or {}
            for c in sorted(set(mine) | {k for k, v in theirs.items() if v}):
                a, b = mine.get(c, []), theirs.get(c, [])
                if a == b:
                    continue
                key = (fr["case"].split("-lt")[0].split("-vlan")[0], c,
                       ",".join(a) or "-", ",".join(b) or "-")
                if key in allowed:
                    if key not in seen:
                        print("known difference: %s %s: inetcsum %s, "
                              "tshark %s" % key)
                    seen.add(key)
                    continue
                bad += 1
                print("DIFFERENCE %s frame %d (%s) %s: ours %s, tshark %s" %
                      (fname, fr["frame"], fr["case"], c, a, b))
    for key in sorted(allowed - seen):
        print("note: listed difference not seen: %s %s %s %s" % key)
    print("tshark: %d frames compared, %d unexplained differences" % (n, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
