#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/files_from.py TOOL CORPUS WORK - "check/fix --files-from LIST"
# against the oracle of one run per file: each file's summary object must
# equal the one its own run prints, and the total must equal the merge of
# those runs, added up here; a missing file and a non-capture in the list
# are reported by name, counted, and the others still run (exit 2); a
# path with spaces and empty lines in the list are taken as documented;
# fix --output-dir writes each input as its own `fix IN OUT` does, byte
# for byte, and never touches an input.  Prints one line per finding and
# exits 1 if there was one.
import glob
import json
import os
import shutil
import subprocess
import sys

tool, corpus, work = sys.argv[1:4]
fails = 0


def fail(msg):
    global fails
    fails += 1
    print("files_from.py: " + msg)


def run(args, stdin=None):
    p = subprocess.run([tool] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def objs(out):
    return [json.loads(l) for l in out.splitlines()]


def add(dst, src):
    for k, v in src.items():
        if isinstance(v, dict):
            add(dst.setdefault(k, {}), v)
        elif k.startswith("peak_"):
            dst[k] = max(dst.get(k, 0), v)
        else:
            dst[k] = dst.get(k, 0) + v


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
files = sorted(glob.glob(os.path.join(corpus, "*.pcap")) +
               glob.glob(os.path.join(corpus, "*.pcapng")))
spaced = os.path.join(work, " a name with  spaces #1.pcap")
shutil.copy(files[0], spaced)
notcap = os.path.join(work, "notes.txt")
with open(notcap, "w") as f:
    f.write("-- not a capture --\n")
missing = os.path.join(work, "missing.pcap")
listed = files + [spaced, missing, notcap]
lst = os.path.join(work, "list")
with open(lst, "w") as f:
    # Empty lines are ignored; the last line has no newline.
    f.write("\n".join(files) + "\n\n" + spaced + "\n" + missing + "\n\n" +
            notcap)

# The oracle: one run per file.
single, rcs = {}, []
for p in listed:
    rc, out, _ = run(["check", "--json", "-q", "--", p])
    rcs.append(rc)
    o = objs(out)
    if len(o) != 1 or o[0].get("type") != "file" or o[0]["file"] != p:
        fail("check --json -q %s: want one file object, got %r" % (p, o))
        continue
    single[p] = o[0]
want_total = {}
for p in listed:
    add(want_total, single[p]["summary"])
# The total of failed files has no reassembly object; the tally is the same.

for how, args, stdin in (("LIST", ["--files-from", lst], None),
                         ("-", ["--files-from", "-"], open(lst).read()),
                         ("LIST -j 3", ["-j", "3", "--files-from", lst],
                          None)):
    rc, out, err = run(["check", "--json", "-q"] + args, stdin)
    o = objs(out)
    per = [x for x in o if x.get("type") == "file"]
    tot = [x for x in o if x.get("type") == "total"]
    if rc != max(rcs):
        fail("check --files-from %s: exit %d, want %d" % (how, rc, max(rcs)))
    if [x["file"] for x in per] != listed:
        fail("check --files-from %s: files %r, want the list's order" %
             (how, [x["file"] for x in per]))
    for x in per:
        if single.get(x["file"]) != x:
            fail("check --files-from %s: %s: %r, its own run %r" %
                 (how, x["file"], x, single.get(x["file"])))
    if len(tot) != 1 or tot[0]["summary"] != want_total or \
            o[-1] is not tot[0]:
        fail("check --files-from %s: total %r, the runs merged %r" %
             (how, tot, want_total))
    for p, what in ((missing, "No such file"), (notcap, "not a pcap")):
        if (p + ": ") not in err or what not in err:
            fail("check --files-from %s: %s not reported: %r" % (how, p, err))
        if what not in (single[p]["error"] or ""):
            fail("check: %s: error %r lacks %r" % (p, single[p]["error"],
                                                   what))
n = len(listed)
if want_total.get("files") != n or want_total.get("unreadable") != 2:
    fail("merged runs: %r files, %r unreadable; want %d, 2" %
         (want_total.get("files"), want_total.get("unreadable"), n))
rc, out, _ = run(["check", "-q", "--files-from", lst])
if rc != 2 or ("summary: %d files (2 unreadable), %d frames" %
               (n, want_total["frames"])) not in out:
    fail("check -q --files-from (text): exit %d, %r" % (rc, out))
# The operands come first, then the list.
rc, out, _ = run(["check", "--json", "-q", "--files-from", lst, files[1]])
if [x["file"] for x in objs(out) if x["type"] == "file"][0] != files[1]:
    fail("check FILE --files-from: the operand is not first")
# List errors: the list itself missing, '-' inside a list read from stdin.
rc, _, err = run(["check", "--files-from", missing])
if rc != 2 or "--files-from " + missing not in err:
    fail("check --files-from MISSING: exit %d, %r" % (rc, err))
rc, _, err = run(["check", "--files-from", "-"], stdin=files[0] + "\n-\n")
if rc != 2 or "line 2" not in err:
    fail("check --files-from - with '-' inside: exit %d, %r" % (rc, err))
rc, _, err = run(["check", "--files-from", "-", "-"], stdin=files[0] + "\n")
if rc != 2 or "standard input" not in err:
    fail("check --files-from - -: exit %d, %r" % (rc, err))

# fix --output-dir: the oracle is `fix IN OUT` per file.
before = {p: open(p, "rb").read() for p in files + [spaced]}
one = os.path.join(work, "one")
many = os.path.join(work, "many")
os.makedirs(one)
os.makedirs(many)
flist = [p for p in listed if p != files[0]]  # spaced has its base name
for p in flist:
    run(["fix", "-q", p, os.path.join(one, os.path.basename(p))])
rc, out, err = run(["fix", "--json", "--output-dir", many, "--files-from",
                    "-"], stdin="\n".join(flist) + "\n")
o = objs(out)
if rc != 2:
    fail("fix --output-dir with a missing input: exit %d, want 2" % rc)
want = sorted(os.listdir(one))
got = sorted(os.listdir(many))
if got != want or len(got) != len(flist) - 2:
    fail("fix --output-dir wrote %r, the single runs %r" % (got, want))
for name in want:
    if open(os.path.join(one, name), "rb").read() != \
            open(os.path.join(many, name), "rb").read():
        fail("fix --output-dir: %s differs from its own fix" % name)
tot = [x for x in o if x["type"] == "total"]
fixed = sum(x["summary"]["fixed_fields"] for x in o if x["type"] == "file")
if len(tot) != 1 or tot[0]["summary"]["fixed_fields"] != fixed or \
        tot[0]["summary"]["unreadable"] != 2 or fixed == 0:
    fail("fix --json total %r, %d fields in the file objects" % (tot, fixed))
for p in (missing, notcap):
    if (p + ": ") not in err:
        fail("fix --output-dir: %s not reported: %r" % (p, err))
if {p: open(p, "rb").read() for p in before} != before:
    fail("fix --output-dir changed an input")
twin = os.path.join(work, "sub", os.path.basename(files[0]))
os.makedirs(os.path.dirname(twin))
shutil.copy(files[0], twin)
rc, _, err = run(["fix", "--output-dir", many, files[0], twin])
if rc != 2 or "both be written" not in err:
    fail("fix --output-dir with two inputs of one name: exit %d" % rc)
# One file under two names: an output that is a symbolic link to another
# output (written through), or to another input (overwritten before it is
# read).  Refused before anything is written, as for one name.
links = os.path.join(work, "links")
os.makedirs(links)
a, b = files[0], files[1]
ba, bb = os.path.basename(a), os.path.basename(b)
for target, what in ((bb, "both be written"), (os.path.abspath(b),
                                                 "is the input")):
    for f in os.listdir(links):
        os.unlink(os.path.join(links, f))
    os.symlink(target, os.path.join(links, ba))
    if target == bb:
        shutil.copy(b, os.path.join(links, bb))
    keep = {f: open(f, "rb").read() for f in (a, b)}
    rc, _, err = run(["fix", "--output-dir", links, a, b])
    if rc != 2 or what not in err:
        fail("fix --output-dir, %s -> %s: exit %d, %r" % (ba, target, rc,
                                                           err))
    if {f: open(f, "rb").read() for f in (a, b)} != keep:
        fail("fix --output-dir, %s -> %s: an input changed" % (ba, target))
if fails == 0:
    print("files_from.py: %d files through --files-from: each file's summary "
          "as its own run, the total as the runs merged; missing and "
          "non-capture reported and counted; fix --output-dir as fix IN OUT"
          % n)
sys.exit(1 if fails else 0)
