# SPDX-License-Identifier: MIT
# python/tests/test_cluster.py - inetcsum.cluster on a LocalCluster of two
# worker processes, over a few hundred small captures written here from
# scapy-built frames (some with spoiled checksums).  The oracle is the
# inetcsum command run once, in one process, over all the files: its
# per-file and merged ("type":"total") summary objects, and for fix its own
# output files.  One worker (with the command it is running) is killed
# while a task of its is in flight; the merged summary must still equal
# the oracle's, every file counted once, and the killed task must have run
# again elsewhere (else the test proves nothing, and fails).
import hashlib
import json
import os
import signal
import struct
import subprocess
import sys
import threading
import time

import pytest

distributed = pytest.importorskip(
    "distributed", reason="python3-distributed (scripts/deps/tests.txt)")
from scapy.layers.inet import ICMP, IP, TCP, UDP  # noqa: E402
from scapy.layers.l2 import Ether  # noqa: E402

import inetcsum  # noqa: E402
from inetcsum import cluster  # noqa: E402
from inetcsum.capture import find_cli  # noqa: E402

try:
    CLI = find_cli()
except inetcsum.CLINotFoundError:
    CLI = None
pytestmark = pytest.mark.skipif(CLI is None, reason="no inetcsum command "
                                "(set INETCSUM_CLI)")
NFILES = 300


def frames():
    e = Ether(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")
    v4 = IP(src="192.0.2.1", dst="198.51.100.7")
    good = [e / v4 / TCP(sport=1000 + i, dport=80) / (b"x" * i)
            for i in range(4)]
    good += [e / v4 / UDP(sport=53, dport=5353) / b"hello",
             e / v4 / ICMP() / b"ping"]
    return [bytes(p.__class__(bytes(p))) for p in good]


def spoil(frame, k):
    b = bytearray(frame)
    b[24 + (k % 2)] ^= 0x5A  # the IPv4 header checksum, offset 24-25
    return bytes(b)


def write_pcap(path, recs):
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    for i, r in enumerate(recs):
        out.append(struct.pack("<IIII", 1000 + i, 0, len(r), len(r)) + r)
    with open(path, "wb") as f:
        f.write(b"".join(out))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    d = tmp_path_factory.mktemp("captures")
    fr = frames()
    paths = []
    for i in range(NFILES):
        recs = [fr[(i + j) % len(fr)] for j in range(1 + i % 5)]
        if i % 3 == 0:
            recs[0] = spoil(recs[0], i)
        p = d / f"cap {i:03d}.pcap"  # a space in every name
        write_pcap(p, recs)
        paths.append(str(p))
    return d, paths


def oracle(paths, fix_dir=None):
    """The command, one process, all files: per-file and total summaries."""
    cmd = [CLI, "fix" if fix_dir else "check", "--json", "-q"]
    if fix_dir:
        cmd += ["--output-dir", str(fix_dir)]
    p = subprocess.run(cmd + ["--"] + paths, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    objs = [json.loads(l) for l in p.stdout.splitlines()]
    per = {o["file"]: o for o in objs if o["type"] == "file"}
    (total,) = [o["summary"] for o in objs if o["type"] == "total"]
    return per, total, p.returncode


@pytest.fixture(scope="module")
def client():
    lc = distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                  processes=True, dashboard_address=None)
    c = distributed.Client(lc)
    yield c
    c.close()
    lc.close()


def descendants(pid):
    kids = []
    for e in os.listdir("/proc"):
        if not e.isdigit():
            continue
        try:
            with open(f"/proc/{e}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid:
            kids += descendants(int(e)) + [int(e)]
    return kids


def wrapper(tmp_path):
    """INETCSUM_CLI for the workers: logs each task's start and end with
    the worker's PID (its parent) and the time, around the real command."""
    log = tmp_path / "tasks.log"
    w = tmp_path / "inetcsum-logged"
    w.write_text("#!/bin/sh\n"
                 'eval last=\\"\\${$#}\\"\n'
                 f'echo "start $PPID $(date +%s.%N) $last" >>"{log}"\n'
                 "sleep 0.02\n"
                 f'"{CLI}" "$@"\nrc=$?\n'
                 f'echo "end $PPID $(date +%s.%N) $last" >>"{log}"\n'
                 "exit $rc\n")
    w.chmod(0o755)
    return str(w), log


def read_log(log):
    try:
        lines = log.read_text().splitlines()
    except FileNotFoundError:
        return []
    return [l.split(" ", 3) for l in lines if l.count(" ") >= 3]


@pytest.mark.parametrize("fix", [False, True], ids=["check", "fix"])
def test_killed_worker_nothing_lost_nothing_twice(corpus, client, tmp_path,
                                                  fix):
    d, paths = corpus
    before = {p: hashlib.sha256(open(p, "rb").read()).hexdigest()
              for p in paths}
    want_dir = tmp_path / "oracle"
    got_dir = tmp_path / "fixed"
    if fix:
        want_dir.mkdir()
        got_dir.mkdir()
    per, total, _ = oracle(paths, want_dir if fix else None)
    cli, log = wrapper(tmp_path)
    pids = set(client.run(os.getpid).values())
    out = {}

    def work():
        try:
            out["r"] = cluster.run(paths, client=client, cli=cli, fix=fix,
                                   output_dir=got_dir if fix else None)
        except BaseException as e:  # reported below
            out["e"] = e

    th = threading.Thread(target=work)
    th.start()
    victim, victim_file = None, None
    deadline = time.monotonic() + 30
    while victim is None and time.monotonic() < deadline:
        ents = read_log(log)
        done = {(pid, f) for ev, pid, _, f in ents if ev == "end"}
        cand = None
        # A task in flight on a worker, once a quarter of them started.
        if len(ents) > NFILES // 2:
            for ev, pid, _, f in reversed(ents):
                if ev == "start" and int(pid) in pids and \
                        (pid, f) not in done:
                    cand = pid, f
                    break
        if cand is None:
            time.sleep(0.002)
            continue
        # Frozen, the worker can no longer hand in a result.  If the task
        # ended before the freeze, its result may be out already: thaw it
        # and take another.
        os.kill(int(cand[0]), signal.SIGSTOP)
        stopped = time.time()
        ended = [float(ts) for ev, pid, ts, f in read_log(log)
                 if ev == "end" and (pid, f) == cand]
        if ended and ended[0] <= stopped:
            os.kill(int(cand[0]), signal.SIGCONT)
            continue
        victim, victim_file = int(cand[0]), cand[1]
    assert victim is not None, "no task seen in flight"
    # The worker and what it runs, as when a node dies.
    for pid in descendants(victim) + [victim]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    th.join(60)
    assert not th.is_alive(), "the run did not finish"
    assert "e" not in out, out.get("e")
    r = out["r"]
    # The killed task ran again, on another worker.
    starts = [int(pid) for ev, pid, _, f in read_log(log)
              if ev == "start" and f == victim_file]
    assert victim in starts and any(p != victim for p in starts), starts
    # Nothing lost, nothing twice: each file once, as the oracle says.
    assert sorted(r["files"]) == sorted(paths)
    assert r["failed"] == {} and r["duplicates"] == []
    assert r["total"] == total
    assert r["total"]["files"] == NFILES
    for p in paths:
        assert r["files"][p]["summary"] == per[p]["summary"], p
    if fix:
        names = sorted(os.listdir(got_dir))
        final = [n for n in names if not n.startswith(".")]
        assert final == sorted(os.path.basename(p) for p in paths)
        # At most the killed attempt's temporary file, never a partial
        # output under the final name.
        assert all(n.startswith(".cap ") and ".tmp" in n
                   for n in names if n.startswith(".")), names
        for n in final:
            assert (got_dir / n).read_bytes() == \
                (want_dir / n).read_bytes(), n
    # Inputs untouched.
    assert {p: hashlib.sha256(open(p, "rb").read()).hexdigest()
            for p in paths} == before


def test_errors_named_and_counted(corpus, client, tmp_path):
    d, paths = corpus
    notcap = tmp_path / "notes.txt"
    notcap.write_text("-- not a capture --\n")
    missing = str(tmp_path / "missing.pcap")
    some = paths[:20]
    r = cluster.run(some + [missing, str(notcap), some[0]], client=client)
    assert r["duplicates"] == [some[0]]
    assert set(r["failed"]) == {missing, str(notcap)}
    assert "No such file" in r["failed"][missing]
    assert "not a pcap or pcapng" in r["failed"][str(notcap)]
    per, total, rc = oracle(some + [missing, str(notcap)])
    assert rc == 2 and r["total"] == total
    assert r["total"]["files"] == 22 and r["total"]["unreadable"] == 2
    assert not r["ok"]


def test_dead_scheduler_times_out_clearly():
    t0 = time.monotonic()
    with pytest.raises(cluster.ClusterError) as e:
        cluster.run(["x.pcap"], scheduler="tcp://127.0.0.1:9", timeout=2)
    assert time.monotonic() - t0 < 20
    assert "tcp://127.0.0.1:9" in str(e.value) and "2 s" in str(e.value)


def test_fix_refuses_two_inputs_with_one_output(tmp_path, client):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with pytest.raises(cluster.ClusterError, match="both be written"):
        cluster.run([tmp_path / "a" / "x.pcap", tmp_path / "b" / "x.pcap"],
                    fix=True, output_dir=tmp_path, client=client)


def test_command_line(corpus, client, tmp_path):
    d, paths = corpus
    lst = tmp_path / "list"
    lst.write_text("\n".join(paths[:30]) + "\n\n")
    addr = client.scheduler.address
    p = subprocess.run([sys.executable, "-m", "inetcsum.cluster",
                        "--scheduler", addr, "--json", "--files-from",
                        str(lst)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, cwd="/")
    _, total, rc = oracle(paths[:30])
    assert p.returncode == rc == 1, p.stderr
    objs = [json.loads(l) for l in p.stdout.splitlines()]
    assert [o["summary"] for o in objs if o["type"] == "total"] == [total]
    assert len([o for o in objs if o["type"] == "file"]) == 30
    p = subprocess.run([sys.executable, "-m", "inetcsum.cluster",
                        "--scheduler", "tcp://127.0.0.1:9", "--timeout", "1",
                        paths[0]], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, cwd="/")
    assert p.returncode == 2 and "cannot reach the Dask scheduler" in \
        p.stderr, p.stderr
