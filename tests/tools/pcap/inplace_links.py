#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/inplace_links.py TOOL WORK - "fix --in-place FILE" replaces
# FILE as that file, not just that name (tests/suites/70-pcap.sh):
#  - FILE a symbolic link (also a link to a link, and a link into another
#    directory and, when /dev/shm is another file system, onto it): the
#    target is fixed, the link stays the same link, no temporary file left;
#  - FILE with two hard links: refused, exit status != 0, an error naming
#    FILE and its hard links, both names unchanged byte for byte;
#  - owner and group kept (as root: FILE chowned to 65534:65534 first; not
#    root: that sub-check is skipped, and said so), mode kept;
#  - as root, run as uid 65534 on a root-owned FILE it may write, in a
#    directory it owns: refused (it cannot give the new file root as
#    owner), FILE unchanged, no temporary file left (TOOL copied to a
#    directory uid 65534 may enter when its own is closed to others).
# The capture is built here (pcap, Ethernet/IPv4, one TCP segment with a
# wrong checksum between good UDP and TCP ones); what "fix" must write is
# computed here too.  Prints one line per finding and exits 1 if any.
import os
import shutil
import stat
import struct
import subprocess
import sys

from rfc1071 import csum
import tempfile

tool, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
fails = 0
NOBODY = 65534


def fail(msg):
    global fails
    fails += 1
    print("inplace_links.py: " + msg)


def frame(i, proto, payload, good):
    """Ethernet/IPv4/UDP or TCP with a right IPv4 header checksum and an
    upper-layer checksum that is right or (good False) off by one."""
    src, dst = bytes([192, 0, 2, 1]), bytes([198, 51, 100, 2])
    if proto == 6:
        l4 = struct.pack(">HHIIBBHHH", 40000 + i, 80, 1000 * i, 0, 5 << 4,
                         0x18, 65535, 0, 0) + payload
        at = 16
    else:
        l4 = struct.pack(">HHHH", 40000 + i, 53, 8 + len(payload), 0) + \
            payload
        at = 6
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), i, 0, 64,
                     proto, 0, src, dst)
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    c = csum(src + dst + struct.pack(">BBH", 0, proto, len(l4)) + l4)
    if proto == 17 and c == 0:
        c = 0xffff
    if not good:
        c = c - 1 if c > 1 else 0x1234
    l4 = l4[:at] + struct.pack(">H", c) + l4[at + 2:]
    return bytes.fromhex("020000000002020000000001") + b"\x08\x00" + ip + l4


def pcap(frames):
    out = struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1)
    for i, d in enumerate(frames):
        out += struct.pack("<IIII", 1000 + i, i, len(d), len(d)) + d
    return out


def spec(good):
    return [frame(1, 17, b"query", True), frame(2, 6, b"GET / HTTP/1.0\r\n",
            good), frame(3, 6, b"\r\n", True)]


BAD, FIXED = pcap(spec(False)), pcap(spec(True))


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def run(args, **kw):
    p = subprocess.run([tool] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, **kw)
    return p.returncode, p.stdout + p.stderr


def leftovers(*dirs):
    """Temporary files ('.NAME.tmpXXXXXX') left in 'dirs'."""
    return [os.path.join(d, n) for d in dirs for n in os.listdir(d)
            if n.startswith(".") and ".tmp" in n]


def in_place(name, path, dirs):
    """fix --in-place 'path': exit 0, no temporary file left."""
    rc, out = run(["fix", "-q", "--in-place", path])
    if rc != 0:
        fail("%s: fix --in-place %s: exit %d: %s" % (name, path, rc,
                                                       out.strip()))
    left = leftovers(*dirs)
    if left:
        fail("%s: temporary files left: %s" % (name, left))
    return rc == 0


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

# The oracle: what this script computes is what "fix IN OUT" writes.
write(os.path.join(work, "bad.pcap"), BAD)
rc, out = run(["fix", "-q", os.path.join(work, "bad.pcap"),
               os.path.join(work, "ref.pcap")])
if rc != 0 or read(os.path.join(work, "ref.pcap")) != FIXED or BAD == FIXED:
    fail("fix IN OUT of the generated capture: exit %d, output %s: %s" %
         (rc, "as computed" if rc == 0 and
          read(os.path.join(work, "ref.pcap")) == FIXED else "differs",
          out.strip()))

# Symbolic links: a relative link from another directory, a link to that
# link; each time the target is fixed and the links are left as they are.
real, links = os.path.join(work, "real"), os.path.join(work, "links")
os.makedirs(real)
os.makedirs(links)
target = os.path.join(real, "cap.pcap")
for name, chain in (("symlink", ["cap-link.pcap"]),
                    ("link to a link", ["l1.pcap", "l2.pcap"])):
    write(target, BAD)
    prev = os.path.join("..", "real", "cap.pcap")
    for ln in chain:
        os.symlink(prev, os.path.join(links, ln))
        prev = ln
    first = os.path.join(links, chain[-1])
    if in_place(name, first, [real, links]):
        if read(target) != FIXED:
            fail("%s: the target %s was not fixed" % (name, target))
        prev = os.path.join("..", "real", "cap.pcap")
        for ln in chain:
            p = os.path.join(links, ln)
            if not os.path.islink(p) or os.readlink(p) != prev:
                fail("%s: %s is no longer the link to %s" % (name, p, prev))
            prev = ln
    for ln in chain:
        os.unlink(os.path.join(links, ln))

# A link onto another file system: the temporary file must be made beside
# the target, or the rename fails (EXDEV).
shm = "/dev/shm"
if os.path.isdir(shm) and os.stat(shm).st_dev != os.stat(work).st_dev:
    other = tempfile.mkdtemp(prefix="inplace-links-", dir=shm)
    try:
        t2 = os.path.join(other, "cap.pcap")
        write(t2, BAD)
        ln = os.path.join(links, "other-fs.pcap")
        os.symlink(t2, ln)
        if in_place("link onto another file system", ln, [other, links]):
            if read(t2) != FIXED or not os.path.islink(ln):
                fail("link onto another file system: target not fixed or "
                     "link replaced")
        os.unlink(ln)
    finally:
        shutil.rmtree(other, ignore_errors=True)
else:
    print("inplace_links.py: skip: /dev/shm is not another file system; "
          "link onto another file system not checked")

# Hard links: refused before anything is written.
a, b = os.path.join(work, "a.pcap"), os.path.join(work, "b.pcap")
write(a, BAD)
os.link(a, b)
rc, out = run(["fix", "-q", "--in-place", a])
if rc == 0 or a not in out or "hard link" not in out:
    fail("hard link: want exit != 0 and an error naming %s and its hard "
         "links; exit %d: %s" % (a, rc, out.strip()))
if read(a) != BAD or read(b) != BAD:
    fail("hard link: %s or %s changed" % (a, b))
if os.stat(a).st_ino != os.stat(b).st_ino or os.stat(a).st_nlink != 2:
    fail("hard link: %s and %s are no longer one file" % (a, b))
if leftovers(work):
    fail("hard link: temporary files left: %s" % leftovers(work))

# Owner, group and mode kept, directly and through a link.
root = os.geteuid() == 0
if not root:
    print("inplace_links.py: skip: not root; owner and group not checked "
          "(mode still is)")
for name, path, t, mode in (
        ("owner, group, mode", os.path.join(work, "o.pcap"), None, 0o640),
        ("owner, group, mode through a link",
         os.path.join(links, "o-link.pcap"), os.path.join(real, "o.pcap"),
         0o604)):
    if t is None:
        t = path
    else:
        os.symlink(t, path)
    write(t, BAD)
    os.chmod(t, mode)
    if root:
        os.chown(t, NOBODY, NOBODY)
    if in_place(name, path, [work, real, links]):
        st = os.stat(t)
        if read(t) != FIXED:
            fail("%s: %s not fixed" % (name, t))
        if stat.S_IMODE(st.st_mode) != mode:
            fail("%s: mode %o, want %o" % (name, stat.S_IMODE(st.st_mode),
                                          mode))
        if root and (st.st_uid, st.st_gid) != (NOBODY, NOBODY):
            fail("%s: owner %d:%d, want %d:%d" % (name, st.st_uid,
                                                 st.st_gid, NOBODY, NOBODY))


def as_nobody():
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def reachable(path):
    """Every directory above 'path' searchable by others, 'path' runnable."""
    p = os.path.dirname(path)
    while True:
        if not os.stat(p).st_mode & stat.S_IXOTH:
            return False
        if p == "/":
            break
        p = os.path.dirname(p)
    return bool(os.stat(path).st_mode & stat.S_IXOTH)


def nobody_tool():
    """The tool, or a copy of it in a directory every user may enter when
    the build tree is closed to others (a checkout under a 0700 directory,
    as mktemp -d makes); None if uid 65534 cannot run either."""
    global tool_copy
    t = tool
    if not reachable(t):
        tool_copy = tempfile.mkdtemp(prefix="inplace-tool-")
        os.chmod(tool_copy, 0o755)
        t = os.path.join(tool_copy, "inetcsum")
        shutil.copy2(tool, t)
        os.chmod(t, 0o755)
    p = subprocess.run([t, "--version"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, preexec_fn=as_nobody)
    return t if p.returncode == 0 else None


# A user who may write a file of another owner, in its own directory,
# cannot give the new file that owner: refused, nothing changed.
tool_copy = None
nobody = nobody_tool() if root else None
if not root:
    print("inplace_links.py: skip: not root; fix of a file of another owner "
          "not checked")
elif nobody is None:
    print("inplace_links.py: skip: %s not runnable by uid %d, nor a copy of "
          "it; fix of a file of another owner not checked" % (tool, NOBODY))
else:
    tool = nobody
    d = tempfile.mkdtemp(prefix="inplace-links-")
    try:
        os.chown(d, NOBODY, NOBODY)
        f = os.path.join(d, "root.pcap")
        write(f, BAD)
        os.chmod(f, 0o666)
        rc, out = run(["fix", "-q", "--in-place", f], preexec_fn=as_nobody)
        st = os.stat(f)
        if rc == 0 or f not in out or "owner" not in out:
            fail("file of another owner: want exit != 0 and an error "
                 "naming %s and its owner; exit %d: %s" % (f, rc,
                                                           out.strip()))
        if read(f) != BAD or (st.st_uid, st.st_gid) != (0, 0):
            fail("file of another owner: %s changed (owner %d:%d)" %
                 (f, st.st_uid, st.st_gid))
        if leftovers(d):
            fail("file of another owner: temporary files left: %s" %
                 leftovers(d))
    finally:
        shutil.rmtree(d, ignore_errors=True)
if tool_copy is not None:
    shutil.rmtree(tool_copy, ignore_errors=True)

sys.exit(1 if fails else 0)
