#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/real_captures.py - the test captures of tcpdump, libpcap
# and Wireshark, as their Debian source packages ship them, against
# "inetcsum check" and tshark (tests/suites/72-real-captures.sh).
#
#   real_captures.py fetch DIR
#       downloads the three upstream tarballs named by the Debian release's
#       Sources index (from the mirror apt uses, the only network CI has),
#       keeps each in DIR (a second run reuses them) and extracts their
#       capture files (.pcap, .pcapng, .cap, .ntar, and those gzipped) to
#       DIR/files/; writes their sorted list, relative to DIR, to
#       DIR/files.txt.
#   real_captures.py compare LIST JSONL ALLOWED
#       runs tshark on every file of LIST that inetcsum read (its
#       check --json output is JSONL) and compares, frame by frame, the
#       frame count and every checksum status tshark gives with inetcsum's;
#       a difference must be listed in ALLOWED as "file proto ours tshark"
#       (tshark's field names; "-" none; "*" for any file), and an unlisted
#       one fails.  Listed ones not seen are printed as notes.  A file
#       tshark cannot read (a link type it lacks: Linux DSA's switch tags)
#       is compared with tcpdump -vv instead, where tcpdump reads it, on
#       the layers tcpdump verifies (tcpdump_verdicts.py); any difference
#       there fails.
# Exit status 0 when everything matches, 1 otherwise, 2 on a fetch error.
import collections
import concurrent.futures
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import verdicts  # noqa: E402  (tests/tools/pcap/verdicts.py)
import tcpdump_verdicts  # noqa: E402  (tests/tools/pcap/tcpdump_verdicts.py)

PACKAGES = ["tcpdump", "libpcap", "wireshark"]
CAPTURE = re.compile(r"\.(pcap|pcapng|cap|ntar)(\.gz)?$")
# inetcsum's layer names and the tshark protocol whose status field it is;
# OSPF and RSVP have no status field in tshark 4.0.
FIELDS = {"ipv4": "ip", "tcp": "tcp", "udp": "udp", "udplite": "udp",
          "icmp": "icmp", "icmpv6": "icmpv6", "igmp": "igmp", "gre": "gre",
          "icmpext": "icmp.ext", "pim": "pim", "vrrp": "vrrp",
          "eigrp": "eigrp", "dccp": "dccp", "sctp": "sctp", "pgm": "pgm",
          "cdp": "cdp", "hip": "hip", "edp": "edp",
          "nhrp": "nhrp", "shim6": "shim6"}
PREFS = ["ip.check_checksum:TRUE", "tcp.check_checksum:TRUE",
         "udp.check_checksum:TRUE", "udplite.check_checksum:TRUE",
         "udplite.ignore_checksum_coverage:FALSE", "sctp.checksum:CRC-32C",
         "dccp.check_checksum:TRUE"]


def mirror_and_suite():
    """The Debian mirror and release apt reads (deb822 or one-line)."""
    uri, suite = "http://deb.debian.org/debian", None
    for path in ["/etc/apt/sources.list.d/debian.sources",
                 "/etc/apt/sources.list"]:
        try:
            text = open(path).read()
        except OSError:
            continue
        m = re.search(r"^URIs:\s*(\S+)", text, re.M)
        s = re.search(r"^Suites:\s*(\S+)", text, re.M)
        if m is None:
            m = re.search(r"^deb\s+(?:\[[^]]*\]\s+)?(\S+)\s+(\S+)", text, re.M)
            s = m
            if m:
                uri, suite = m.group(1), m.group(2)
                break
            continue
        uri, suite = m.group(1), s.group(1) if s else None
        break
    if suite is None:
        for line in open("/etc/os-release"):
            if line.startswith("VERSION_CODENAME="):
                suite = line.split("=", 1)[1].strip()
    return uri.rstrip("/"), suite


def orig_tarballs(index, names):
    """{package: pool path of its upstream tarball} from a Sources index."""
    out = {}
    for para in index.split("\n\n"):
        m = re.search(r"^Package: (\S+)$", para, re.M)
        if m is None or m.group(1) not in names:
            continue
        d = re.search(r"^Directory: (\S+)$", para, re.M).group(1)
        files = re.search(r"^Files:\n((?: .*\n?)+)", para, re.M).group(1)
        for line in files.splitlines():
            f = line.split()[-1]
            if re.search(r"\.orig\.tar\.(gz|bz2|xz)$", f):
                out[m.group(1)] = d + "/" + f
    return out


def fetch(d):
    uri, suite = mirror_and_suite()
    os.makedirs(d, exist_ok=True)
    url = "%s/dists/%s/main/source/Sources.xz" % (uri, suite)
    try:
        index = lzma.decompress(urllib.request.urlopen(url, timeout=120)
                                .read()).decode("utf-8", "replace")
    except Exception as e:
        print("real_captures: %s: %s" % (url, e))
        return 2
    tars = orig_tarballs(index, PACKAGES)
    if sorted(tars) != sorted(PACKAGES):
        print("real_captures: %s names no tarball for %s" %
              (url, sorted(set(PACKAGES) - set(tars))))
        return 2
    listed = []
    for pkg, path in sorted(tars.items()):
        local = os.path.join(d, os.path.basename(path))
        if not os.path.exists(local):
            try:
                data = urllib.request.urlopen(uri + "/" + path,
                                              timeout=600).read()
            except Exception as e:
                print("real_captures: %s/%s: %s" % (uri, path, e))
                return 2
            with open(local + ".part", "wb") as f:
                f.write(data)
            os.rename(local + ".part", local)
        with tarfile.open(local) as t:
            for m in t:
                if not m.isfile() or not CAPTURE.search(m.name):
                    continue
                dest = os.path.join(d, "files", m.name)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with t.extractfile(m) as src, open(dest, "wb") as out:
                    out.write(src.read())
                listed.append(os.path.join("files", m.name))
        print("real_captures: %s: %s" % (pkg, os.path.basename(path)))
    listed.sort()
    with open(os.path.join(d, "files.txt"), "w") as f:
        f.write("".join(p + "\n" for p in listed))
    print("real_captures: %d capture files" % len(listed))
    return 0


def run_tshark(path):
    """verdicts.run_tshark() with every protocol inetcsum checks, or None
    when tshark cannot read the file (a link type it lacks)."""
    try:
        return verdicts.run_tshark(path, FIELDS, PREFS)
    except subprocess.CalledProcessError:
        return None


def tcpdump_differences(path, mine):
    """For a file tshark cannot read: inetcsum's verdicts of the layers
    tcpdump verifies against tcpdump -vv's (tcpdump_verdicts.py), frame by
    frame; None if tcpdump cannot read it either, else (frames, the
    differences as printable lines).  inetcsum's "partial" is tcpdump's
    "bad" (as for tshark: the offload form is not a valid checksum to
    either), its "unverified" tcpdump's silence."""
    tmp = tempfile.mkdtemp(prefix="real-captures.")
    try:
        td = tcpdump_verdicts.run_tcpdump(path, tmp)
    except SystemExit:
        return None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = []
    for n in range(1, max([max(mine, default=0)] + list(td)) + 1):
        ours = tcpdump_verdicts.by_proto(
            [[p, "bad" if v == "partial" else v] for p, v in
             ([lay["proto"], lay["status"]] for lay in mine.get(n, []))
             if v != "unverified"])
        theirs = tcpdump_verdicts.by_proto(td.get(n, []))
        for c in sorted(set(ours) | set(theirs)):
            if ours.get(c, []) != theirs.get(c, []):
                out.append("TCPDUMP DIFFERENCE %s frame %d %s: inetcsum "
                           "%s, tcpdump %s" % (
                               path, n, c, ",".join(ours.get(c, [])) or "-",
                               ",".join(theirs.get(c, [])) or "-"))
    return len(td), out


def compare(listfile, jsonl, allowedfile):
    got = collections.defaultdict(dict)
    for line in open(jsonl):
        o = json.loads(line)
        if "frame" in o:
            got[o["file"]][o["frame"]] = o["layers"]
    allowed = set()
    for line in open(allowedfile):
        w = line.split("#")[0].split()
        if w:
            allowed.add(tuple(w))
    files = [p for p in open(listfile).read().split() if p in got]
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        ts = dict(zip(files, ex.map(run_tshark, files)))
    bad, seen, frames, compared = 0, set(), 0, 0
    td_files = td_frames = 0
    for path in files:
        t = ts[path]
        if t is None:
            # tshark cannot read it (a link type it lacks): tcpdump's
            # verdicts, where it reads the file, must be inetcsum's.
            r = tcpdump_differences(path, got[path])
            if r is not None:
                td_files += 1
                td_frames += r[0]
                bad += len(r[1])
                for line in r[1]:
                    print(line)
            continue
        compared += 1
        mine = got[path]
        name = os.path.basename(path)
        # Frame numbers with a packet (tshark also numbers pcapng custom
        # blocks, None in its verdicts, and so does inetcsum).
        packets = [n for n in sorted(t) if t[n] is not None]
        if packets != sorted(mine):
            bad += 1
            print("FRAMES %s: inetcsum %d, tshark %d" %
                  (path, len(mine), len(packets)))
            continue
        for n in packets:
            frames += 1
            m = collections.defaultdict(list)
            for lay in mine.get(n, []):
                if FIELDS.get(lay["proto"]):
                    m[FIELDS[lay["proto"]]].append(lay["status"])
            for c in sorted(set(m) | {k for k, v in t[n].items() if v}):
                a = ",".join(m.get(c, [])) or "-"
                b = ",".join(t[n].get(c, [])) or "-"
                if a == b:
                    continue
                for key in [(name, c, a, b), ("*", c, a, b)]:
                    if key in allowed:
                        seen.add(key)
                        break
                else:
                    bad += 1
                    print("DIFFERENCE %s frame %d %s: inetcsum %s, "
                          "tshark %s" % (path, n, c, a, b))
    for key in sorted(allowed - seen):
        print("note: listed difference not seen: %s" % " ".join(key))
    print("tshark: %d files, %d frames compared; tcpdump (files tshark "
          "cannot read): %d files, %d frames; %d unexplained differences" %
          (compared, frames, td_files, td_frames, bad))
    return 1 if bad else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "fetch":
        return fetch(sys.argv[2])
    if len(sys.argv) == 5 and sys.argv[1] == "compare":
        return compare(*sys.argv[2:])
    print(__doc__ if __doc__ else "usage: see the header")
    return 2


if __name__ == "__main__":
    sys.exit(main())
