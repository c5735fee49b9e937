#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/stream.py - "inetcsum check -" on a pipe (tests/suites/70-pcap.sh).
#
#   stream.py rss TOOL MIB   streams a generated pcap of MIB MiB through a
#                            pipe into "TOOL check -q -" and prints the
#                            tool's peak RSS in KiB (getrusage of the child)
#                            after checking that every frame was counted
#   stream.py live TOOL      writes one frame, waits for its report line
#                            while the pipe stays open, then ends the
#                            capture: each frame is reported as it arrives
#   stream.py compressed TOOL DIR
#                            gzip/zstd/lz4 files of several members or
#                            frames (empty ones, skippable ones), and each
#                            cut at every byte, against what the system's
#                            gzip, zstd and lz4 decompress them to
# Exit status 0 on success, 1 otherwise.
import concurrent.futures
import json
import os
import re
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


# The system's compressors: (name, compress argv, decompress argv).
CODECS = [("gzip", ["gzip", "-c"], ["gzip", "-dc"]),
          ("zstd", ["zstd", "-q", "-c"], ["zstd", "-q", "-dc"]),
          ("lz4", ["lz4", "-q", "-c"], ["lz4", "-q", "-dc"])]


def run(argv, data=None):
    p = subprocess.run(argv, input=data, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def skippable(n):
    """A zstd/lz4 skippable frame (magic 0x184D2A5?) of n bytes."""
    return struct.pack("<II", 0x184D2A5A, n) + bytes(range(n))


def check_json(tool, path):
    """check --json of a file: exit status, frame lines, summary, stderr
    with the file name taken out, and stderr as written."""
    rc, out, err = run([tool, "check", "--json", path])
    lines = [l.replace(b'"file":"%s",' % path.encode(), b"")
             for l in out.splitlines()]
    # The stream offsets of frames stay: they are the decompressed ones.
    return (rc, [l for l in lines if l.startswith(b'{"frame"')],
            [l for l in lines if not l.startswith(b'{"frame"')],
            err.replace(path.encode() + b": ", b""), err)


def check_json_many(tool, paths):
    """check_json() of every file of 'paths', from one "check --json -j N
    --files-from -" run: a process per file cost the suite two minutes of
    sanitizer start-up for the cuts below.  Each file's exit status is
    read from its summary object (2 unreadable, 1 bad checksums, else
    0), its messages are the standard error lines that name it; the rest
    is what check_json() returns for it alone."""
    rc, out, err = run([tool, "check", "--json", "-j",
                        str(os.cpu_count() or 2), "--files-from", "-"],
                       "".join(p + "\n" for p in paths).encode())
    if rc not in (0, 1, 2):
        raise SystemExit("stream.py: check --files-from: exit %d: %r" %
                         (rc, err[-500:]))
    res = {p: [None, [], [], b"", b""] for p in paths}
    for line in out.splitlines():
        o = json.loads(line)
        if o.get("type") == "total":
            continue
        r = res[o["file"]]
        line = line.replace(b'"file":%s,' % json.dumps(o["file"]).encode(),
                            b"")
        if "frame" in o:
            r[1].append(line)
        else:
            r[2].append(line)
            s = o["summary"]
            r[0] = 2 if s["unreadable"] else 1 if s["bad_frames"] else 0
    for line in err.splitlines(keepends=True):
        m = re.match(rb"inetcsum check: (.*?): ", line)
        if m is None or m.group(1).decode() not in res:
            raise SystemExit("stream.py: a message naming no file: %r" %
                             line)
        r = res[m.group(1).decode()]
        r[4] += line
        r[3] += line.replace(m.group(1) + b": ", b"", 1)
    return {p: tuple(r) for p, r in res.items()}


def judge_cut(tool, full, blob, k, decomp, ref_frames, got, want):
    """The file 'full' cut to its first k bytes reads as what 'decomp'
    makes of the cut when it accepts the cut ('want': check_json() of
    that, else None; 'got': of the cut); else it is refused: exit 2 with
    a message naming the file and the offset, after a prefix of the whole
    file's frames 'ref_frames', and (every 5th cut: the suite's time) fix
    writes nothing.  Returns the failures' messages."""
    cut = "%s.cut%d" % (full, k)
    msgs = []
    if want is not None:
        if got[:4] != want[:4]:
            msgs.append("stream.py: %s cut to %d bytes (valid for %s): "
                        "%d frames, exit %d, want %d frames, exit %d" %
                        (full, k, decomp[0], len(got[1]), got[0],
                         len(want[1]), want[0]))
        return msgs
    # check_json() took "FILE: " out of the message: it must have been
    # there.
    err = got[4]
    ok = (got[0] == 2 and got[1] == ref_frames[:len(got[1])] and
          (cut.encode() + b": ") in err and
          (b"offset" in err or b"bytes" in err))
    if not ok:
        msgs.append("stream.py: %s cut to %d bytes (refused by %s): "
                    "exit %d, %d frames, %r" % (full, k, decomp[0], got[0],
                                                len(got[1]), err))
    if k % 5 == 0:
        out = cut + ".fixed"
        frc, _, _ = run([tool, "fix", "-q", cut, out])
        if frc != 2 or os.path.exists(out):
            msgs.append("stream.py: fix of %s cut to %d: exit %d, output %s"
                        % (full, k, frc, os.path.exists(out)))
            if os.path.exists(out):
                os.unlink(out)
    return msgs


def cut_files(full, blob, decomp):
    """Writes 'full' cut after every byte and, where 'decomp' accepts the
    cut, what it decompresses to; returns {k: the plain file or None}."""
    def one(k):
        cut = "%s.cut%d" % (full, k)
        with open(cut, "wb") as f:
            f.write(blob[:k])
        rc, raw, _ = run(decomp, blob[:k])
        if rc != 0:
            return k, None
        with open(cut + ".plain", "wb") as f:
            f.write(raw)
        return k, cut + ".plain"
    with concurrent.futures.ThreadPoolExecutor(
            max_workers=os.cpu_count() or 2) as pool:
        return dict(pool.map(one, range(1, len(blob))))


def compressed(tool, d):
    """Every file is judged against the bytes the system's own
    decompressor makes of it (written to a plain file and checked as
    such): the same frames, verdicts and exit status, or, when that
    decompressor refuses the file, exit 2 with a message naming the file
    and the offset, after a prefix of the reference frames."""
    fr = [frame(i) for i in range(40)]
    recs = b"".join(fr)
    fails = 0
    runs = 0
    for name, comp, decomp in CODECS:
        try:
            z = lambda b: run(comp, b)[1]
            empty = z(b"")
        except FileNotFoundError:
            print("stream.py: %s missing (scripts/deps/pcap.txt lists it)"
                  % name)
            fails += 1
            continue
        skip = skippable(7) if name != "gzip" else b""
        # The header alone, two empty members/frames, the records in two
        # pieces: the `(header | gzip; : | gzip; ...)` file of issue 24.
        multi = (skip + z(HDR) + empty + empty + skip +
                 z(b"".join(fr[:3])) + z(b"".join(fr[3:])) + empty + skip)
        forms = {"multi": multi, "one": z(HDR + b"".join(fr[:2]))}
        for form, blob in forms.items():
            full = os.path.join(d, "%s.%s.%s" % (form, name, name))
            with open(full, "wb") as f:
                f.write(blob)
            ref_rc, ref_frames, ref_sum, ref_err = None, None, None, None
            plain = full + ".plain"
            rc, raw, _ = run(decomp, blob)
            if rc != 0:
                print("stream.py: %s refuses %s" % (decomp[0], full))
                fails += 1
                continue
            with open(plain, "wb") as f:
                f.write(raw)
            ref = check_json(tool, plain)
            got = check_json(tool, full)
            runs += 1
            if got[:4] != ref[:4] or len(ref[1]) == 0:
                print("stream.py: %s: %d frames, exit %d; the decompressed "
                      "file: %d frames, exit %d %r" %
                      (full, len(got[1]), got[0], len(ref[1]), ref[0], got[3]))
                fails += 1
            # Through a pipe, a few bytes per read, and via fix.
            p = subprocess.run("python3 %s %s | %s check --json -" %
                               (os.path.join(os.path.dirname(__file__),
                                             "dribble.py"), full, tool),
                               shell=True, stdout=subprocess.PIPE)
            n = sum(1 for l in p.stdout.splitlines() if b'"frame"' in l)
            if n != len(ref[1]):
                print("stream.py: dribbled %s: %d frames, want %d" %
                      (full, n, len(ref[1])))
                fails += 1
            for src, out in ((full, full + ".fixed"),
                             (plain, plain + ".fixed")):
                if os.path.exists(out):
                    os.unlink(out)
                run([tool, "fix", "-q", src, out])
            a = open(full + ".fixed", "rb").read() \
                if os.path.exists(full + ".fixed") else b""
            b = open(plain + ".fixed", "rb").read()
            if a != b or len(b) != len(raw):
                print("stream.py: fix of %s: %d bytes, of the decompressed "
                      "file %d" % (full, len(a), len(b)))
                fails += 1
            # Every cut: a valid prefix (at a member or frame boundary)
            # reads as what it decompresses to; anything else is an error.
            # The cuts and their decompressed forms are checked in one
            # run; the fixes of refused cuts in parallel, a process per
            # CPU, each cut with files of its own.
            plains = cut_files(full, blob, decomp)
            cuts = {k: "%s.cut%d" % (full, k) for k in plains}
            res = check_json_many(tool, list(cuts.values()) +
                                  [p for p in plains.values() if p])
            with concurrent.futures.ThreadPoolExecutor(
                    max_workers=os.cpu_count() or 2) as pool:
                for msgs in pool.map(
                        lambda k: judge_cut(
                            tool, full, blob, k, decomp, ref[1],
                            res[cuts[k]],
                            res[plains[k]] if plains[k] else None),
                        sorted(cuts)):
                    runs += 1
                    for m in msgs:
                        print(m)
                        fails += 1
            for k, p in plains.items():
                os.unlink(cuts[k])
                if p:
                    os.unlink(p)
    print("compressed: %d files checked against gzip/zstd/lz4 -dc, %d "
          "failures" % (runs, fails))
    return 1 if fails else 0


def main():
    if sys.argv[1] == "rss":
        return rss(sys.argv[2], int(sys.argv[3]))
    if sys.argv[1] == "compressed":
        return compressed(sys.argv[2], sys.argv[3])
    return live(sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())
