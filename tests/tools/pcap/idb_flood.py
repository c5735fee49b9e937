#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/idb_flood.py - a pcapng section of more Interface
# Description Blocks than the reader keeps (INETCSUM_CAP_MAX_IFS, 65536;
# capture/pcap.h), as tests/suites/70-pcap.sh runs it.
#
#   idb_flood.py TOOL
#
# The reader keeps an entry per IDB of the current section, so without the
# limit a stream of IDBs alone grows its memory with the stream's length.
# Checked, each run under a memory limit (RLIMIT_AS of LIMIT_MB in the
# child; a sanitizer build, which cannot start under it, has its peak RSS
# held to the same bound instead):
#  - a section header, exactly 65536 IDBs and an EPB on interface 65535 is
#    read: "TOOL check -q -" exits 0 with 1 frame; "TOOL fix" of it as a
#    file writes its output;
#  - one IDB more, then the EPB: "TOOL check -q -" exits 2 with an error
#    naming "-", the block (65538, the SHB being block 1), its offset and
#    what is wrong; the same with 1,000,000 IDBs (the tool stops there);
#  - that capture as a file: "TOOL fix FILE OUT" exits 2 naming FILE and
#    leaves no OUT (nor anything else) behind.
# Exit status 0 on success, 1 otherwise.
import os
import resource
import struct
import subprocess
import sys

from rfc1071 import csum
import tempfile

CAP = 65536		# INETCSUM_CAP_MAX_IFS
LIMIT_MB = 200
SHB_LEN = 28
IDB_LEN = 20

SHB = struct.pack("<IIIHHqI", 0x0A0D0D0A, SHB_LEN, 0x1A2B3C4D, 1, 0, -1,
                  SHB_LEN)
# Ethernet, snapshot length 0 (none), no options.
IDB = struct.pack("<IIHHII", 1, IDB_LEN, 1, 0, 0, IDB_LEN)


def epb(ifid):
    """An EPB on interface 'ifid': Ethernet/IPv4/UDP, checksums right."""
    src, dst = bytes([192, 0, 2, 1]), bytes([198, 51, 100, 2])
    payload = b"idb flood"
    ulen = 8 + len(payload)
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + ulen, 1, 0, 64, 17, 0,
                     src, dst)
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    u = struct.pack(">HHHH", 1000, 2000, ulen, 0) + payload
    c = csum(src + dst + struct.pack(">BBH", 0, 17, ulen) + u) or 0xffff
    u = u[:6] + struct.pack(">H", c) + u[8:]
    d = bytes.fromhex("020000000002020000000001") + b"\x08\x00" + ip + u
    pad = b"\0" * (-len(d) % 4)
    blen = 32 + len(d) + len(pad)
    return (struct.pack("<IIIIIII", 6, blen, ifid, 0, 0, len(d), len(d)) +
            d + pad + struct.pack("<I", blen))


def capture(nidbs, ifid=CAP - 1):
    return SHB + IDB * nidbs + epb(ifid)


def limit():
    lim = LIMIT_MB << 20
    resource.setrlimit(resource.RLIMIT_AS, (lim, lim))


def run(args, data, limited):
    """(exit status, stdout, stderr, peak RSS KiB) of TOOL args fed
    'data' on standard input (None: nothing)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=out,
                             stderr=err,
                             preexec_fn=limit if limited else None)
        try:
            if data:
                p.stdin.write(data)
            p.stdin.close()
        except BrokenPipeError:
            pass	# the tool stopped reading: that is the point
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return (p.returncode, out.read().decode(errors="replace"),
                err.read().decode(errors="replace"), ru.ru_maxrss)


def main():
    tool = sys.argv[1]
    bad = 0

    def check(ok, what, detail=""):
        nonlocal bad
        if not ok:
            bad += 1
            print("idb_flood.py: FAIL %s%s" % (what,
                  "\n" + detail.rstrip() if detail else ""))

    # Does the tool run under the address-space limit at all (ASan and
    # its shadow memory do not)?  Then the limit; else the peak RSS.
    small = capture(1, 0)
    rc, _, _, _ = run([tool, "check", "-q", "-"], small, True)
    limited = rc == 0
    if not limited:
        rc, out, err, _ = run([tool, "check", "-q", "-"], small, False)
        check(rc == 0, "a one-interface capture: exit %d" % rc, out + err)
    how = ("RLIMIT_AS %d MB" % LIMIT_MB if limited else
           "peak RSS under %d MB (cannot run under RLIMIT_AS)" % LIMIT_MB)

    def within(rss, what):
        check(limited or rss < LIMIT_MB << 10,
              "%s: peak RSS %d KiB" % (what, rss))

    # Exactly the limit: read, the EPB on the last interface found.
    rc, out, err, rss = run([tool, "check", "-q", "-"], capture(CAP),
                            limited)
    check(rc == 0 and " 1 frames, 0 with bad" in out,
          "%d IDBs, then an EPB: exit %d (want 0, 1 frame)" % (CAP, rc),
          out + err)
    within(rss, "%d IDBs" % CAP)

    # One more, and far more: refused at block CAP + 2.
    blk, off = CAP + 2, SHB_LEN + CAP * IDB_LEN
    want = "-: block %d at offset %d: interface description past the " \
        "limit of %d in one section" % (blk, off, CAP)
    for n in (CAP + 1, 1000000):
        rc, out, err, rss = run([tool, "check", "-q", "-"], capture(n),
                                limited)
        check(rc == 2 and want in err,
              "%d IDBs: exit %d (want 2 and '%s')" % (n, rc, want),
              out + err)
        within(rss, "%d IDBs" % n)

    # As files: fix at the limit writes, past it writes nothing.
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "in.pcapng")
        with open(src, "wb") as f:
            f.write(capture(CAP))
        dst = os.path.join(d, "out.pcapng")
        rc, out, err, _ = run([tool, "fix", "-q", src, dst], None, limited)
        check(rc == 0 and os.path.getsize(dst) == len(capture(CAP)),
              "fix of %d IDBs: exit %d" % (CAP, rc), out + err)
        os.unlink(dst)
        with open(src, "wb") as f:
            f.write(capture(CAP + 1))
        rc, out, err, _ = run([tool, "fix", "-q", src, dst], None, limited)
        left = sorted(os.listdir(d))
        check(rc == 2 and src + ": block %d at offset %d: interface " \
              "description past the limit" % (blk, off) in err and
              left == ["in.pcapng"],
              "fix of %d IDBs: exit %d, files %s (want 2, only the input)"
              % (CAP + 1, rc, left), out + err)

    if bad == 0:
        print("%d IDBs read, %d and 1000000 refused at block %d; fix "
              "wrote nothing; %s" % (CAP, CAP + 1, blk, how))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
