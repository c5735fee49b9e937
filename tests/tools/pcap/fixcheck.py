#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/fixcheck.py - prove that "inetcsum fix IN OUT" changed nothing
# but wrong checksum fields.
#
#   fixcheck.py [--partial] IN OUT BEFORE.jsonl AFTER.jsonl
#
# BEFORE/AFTER are "inetcsum check --json" of IN and OUT.  Every byte that
# differs must lie in the 2-byte field (file_offset) of a layer that was
# bad (or partial, with --partial) in IN, and that field must now hold the
# expected value; in OUT such layers are good and every other layer keeps
# its verdict (but see REJECTED).  An outer GRE, ICMP or tunnel UDP
# checksum covering a repaired layer may change too (it must, to stay
# good).  Exit status 0 when all of this holds.
import json
import sys


REJECTED = "fragment: a fragment's IPv4 header checksum is bad"


def load(path):
    frames = {}
    for line in open(path):
        o = json.loads(line)
        if "frame" in o:
            frames[o["frame"]] = o["layers"]
    return frames


def main():
    args = sys.argv[1:]
    partial = args[0] == "--partial"
    if partial:
        args = args[1:]
    src, dst, before, after = args
    a, b = open(src, "rb").read(), open(dst, "rb").read()
    fb, fa = load(before), load(after)
    errors = []
    if len(a) != len(b):
        errors.append("size differs: %d vs %d" % (len(a), len(b)))
    fixable = {"bad"} | ({"partial"} if partial else set())
    allowed = {}
    follow = {}
    # A datagram left unverified because a fragment's IPv4 header checksum
    # was bad: fix repairs that header and judges the datagram as OUT
    # presents it, so its first fragment's field may be rewritten too.
    rejected = set()
    for fr, layers in fb.items():
        for i, l in enumerate(layers):
            if (l.get("reason") or "").startswith(REJECTED) and \
                    l["file_offset"] is not None:
                rejected.add(l["file_offset"])
            if l["status"] in fixable:
                allowed[l["file_offset"]] = (fr, l)
                # A GRE, ICMP or UDP (tunnel: VXLAN, GTP-U, ...) checksum
                # covers the layers inside it, so repairing an inner field
                # must update it too.  A UDP layer is followed by others
                # only when it carries a tunnel.
                for o in layers[:i]:
                    if o["proto"] in ("gre", "icmp", "icmpv6", "udp"):
                        follow[o["file_offset"]] = (fr, o)
    changed = [i for i in range(min(len(a), len(b))) if a[i] != b[i]]
    for i in changed:
        if not ({i, i - 1} & (set(allowed) | set(follow) | rejected)):
            errors.append("byte %d changed outside a wrong checksum field" % i)
    for off, (fr, l) in allowed.items():
        val = int.from_bytes(b[off:off + 2], "big")
        if val != int(l["expected"], 16):
            errors.append("frame %d %s field at %d is 0x%04x, expected %s" %
                          (fr, l["proto"], off, val, l["expected"]))
    if set(fb) != set(fa):
        errors.append("frame count differs: %d vs %d" % (len(fb), len(fa)))
    for fr in sorted(set(fb) & set(fa)):
        want = [["good" if l["status"] in fixable else l["status"],
                 l["proto"]] for l in fb[fr]]
        got = [[l["status"], l["proto"]] for l in fa[fr]]
        # Such a datagram reassembles once fix has repaired that header:
        # its upper layer is then good, or stays unverified (an overlap
        # the repair revealed, a fragment still missing).
        for w, l, g in zip(want, fb[fr], got):
            if (l.get("reason") or "").startswith(REJECTED) and \
                    g[0] in ("good", "unverified"):
                w[0] = g[0]
        if want != got:
            errors.append("frame %d after fix: %s, expected %s" %
                          (fr, got, want))
    for e in errors[:20]:
        print("FIX ERROR %s: %s" % (dst, e))
    print("fix %s: %d bytes changed in %d fields, %d errors" %
          (dst, len(changed), len(allowed), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
