# SPDX-License-Identifier: MIT
"""inetcsum.cluster - check or fix many captures on a dask.distributed cluster.

One task per file: each task runs the inetcsum command on one capture
(`inetcsum check --json -q -- FILE`, or `inetcsum fix --json -q
--output-dir DIR -- FILE`) on whichever worker the scheduler picks, and
returns that file's summary object (the command's "type":"file" line).
The client merges them, one per file, keyed by the file's path, into the
summary the command itself prints for all of them ("type":"total"):

    >>> from inetcsum import cluster
    >>> r = cluster.run(["a.pcap", "b.pcap.gz"])          # a LocalCluster
    >>> r = cluster.run(files, scheduler="tcp://sched:8786")
    >>> r = cluster.run(files, fix=True, output_dir="/shared/fixed")
    >>> r["total"]["bad_frames"], r["failed"], r["files"]["/x/a.pcap"]

Faults.  A task is pure: it reads its input and, for fix, writes one
output through a temporary file in DIR that the command fsyncs and renames
over DIR/basename (tools/inetcsum/cmd_fix.c, capture/io_file.c).  So when
a worker dies mid-task, Dask runs the task again elsewhere (it does that by
itself, up to the scheduler's distributed.scheduler.allowed-failures,
3 by default), and the rerun gives the same result; the dead attempt left
at most a temporary file named .BASENAME.tmpXXXXXX, never a half-written
output, and the input is never written.  The merge takes one result per
path, so a file is counted once however often it ran.

A file the command cannot read (missing on the worker, not a capture,
truncated) is not an exception: its result carries the command's message
in "error", it is counted in the total ("unreadable"), listed in
"failed", and the other files still run.  A file whose task could not
finish at all (its workers kept dying, the command is missing on a
worker) is listed in "failed" with what Dask said.  An unreachable
scheduler raises ClusterError after 'timeout' seconds, naming it.

Paths are made absolute on the client and given to the workers as they
are: on a real cluster they must name the same files on every worker
(shared storage mounted at the same place, or the same per-node paths),
and every worker needs the inetcsum command (INETCSUM_CLI in the
workers' environment, or inetcsum on their PATH, or the 'cli' argument
naming a path that exists on the workers).
"""
import argparse
import json
import os
import subprocess
import sys
import time

from .capture import CLINotFoundError, find_cli

__all__ = ["run", "run_file", "merge", "ClusterError"]

# The additive counts of a summary object (tools/inetcsum/capture_report.c).
COUNTS = ("files", "unreadable", "frames", "bad_frames", "problem_frames",
          "unparsed", "fixed_fields", "oversize_records",
          "non_packet_records")
REASM_COUNTS = ("fragments", "datagrams", "nonfirst_fragments")
REASM_PEAKS = ("peak_pending_bytes", "peak_pending_datagrams")


class ClusterError(RuntimeError):
    """The cluster could not be used: the scheduler is unreachable, or the
    arguments cannot work (two inputs with one output name, ...)."""


def _add(dst, src):
    for k, n in src.items():
        dst[k] = dst.get(k, 0) + n


def merge(summaries):
    """The merge of summary dicts (the "summary" of the command's
    "type":"file" objects), as the command merges its files: counts
    added, the two reassembly peaks the largest."""
    total = {k: 0 for k in COUNTS}
    total["layers"] = {}
    total["unparsed_reasons"] = {}
    fixed = reasm = None
    for s in summaries:
        for k in COUNTS:
            total[k] += s.get(k, 0)
        for proto, st in s.get("layers", {}).items():
            _add(total["layers"].setdefault(proto, {}), st)
        _add(total["unparsed_reasons"], s.get("unparsed_reasons", {}))
        if "reassembly" in s:
            r = s["reassembly"]
            if reasm is None:
                reasm = {k: 0 for k in REASM_COUNTS + REASM_PEAKS}
                reasm["not_reassembled"] = {}
            for k in REASM_COUNTS:
                reasm[k] += r.get(k, 0)
            for k in REASM_PEAKS:
                reasm[k] = max(reasm[k], r.get(k, 0))
            _add(reasm["not_reassembled"], r.get("not_reassembled", {}))
        if "fixed" in s:
            fixed = fixed if fixed is not None else {}
            _add(fixed, s["fixed"])
    if reasm is not None:
        total["reassembly"] = reasm
    if fixed is not None:
        total["fixed"] = fixed
    return total


def _failed_summary(fix):
    s = {k: 0 for k in COUNTS}
    s.update(files=1, unreadable=1, layers={}, unparsed_reasons={})
    if fix:
        s["fixed"] = {}
    return s


def run_file(path, fix=False, output_dir=None, options=(), cli=None):
    """One task: the command on the capture 'path' (check, or with fix=True
    fix into 'output_dir'), with the extra command-line 'options'.

    Returns {"file", "output" (fix), "error" (None or the command's
    message), "summary" (the file's summary dict), "exit" (the command's
    status)}.  A file the command cannot read is a result with "error",
    not an exception; CLINotFoundError is raised when the command is
    missing where this runs.  Pure and idempotent: running it again gives
    the same result (fix rewrites the same output, atomically).
    """
    exe = find_cli(cli)
    cmd = [exe, "fix" if fix else "check", "--json", "-q", *options]
    if fix:
        cmd += ["--output-dir", os.fspath(output_dir)]
    cmd += ["--", os.fspath(path)]
    try:
        # Names need not be UTF-8: the command escapes such bytes in its
        # JSON as surrogateescape does, and prints them raw in messages.
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, encoding="utf-8",
                           errors="surrogateescape")
    except OSError as e:
        raise CLINotFoundError(f"cannot run {exe!r}: {e}") from e
    for line in p.stdout.splitlines():
        if not line.startswith("{"):
            continue
        obj = json.loads(line)
        if obj.get("type") == "file":
            return {"file": os.fspath(path), "output": obj.get("output"),
                    "error": obj["error"], "summary": obj["summary"],
                    "exit": p.returncode}
    # No summary: the command died (a signal) or refused its arguments.
    why = p.stderr.strip() or "no message"
    return {"file": os.fspath(path), "output": None,
            "error": f"inetcsum {'fix' if fix else 'check'} exited with "
                     f"status {p.returncode} and no summary: {why}",
            "summary": _failed_summary(fix), "exit": p.returncode}


def _inputs(files, fix, output_dir):
    """Absolute paths, each once (the rest returned as duplicates)."""
    seen, out, dups = set(), [], []
    for f in files:
        a = os.path.abspath(os.fsdecode(f))
        if a in seen:
            dups.append(a)
            continue
        seen.add(a)
        out.append(a)
    if fix:
        if output_dir is None:
            raise ClusterError("fix needs output_dir (the folder the "
                               "fixed captures go to)")
        names = {}
        for a in out:
            b = os.path.basename(a)
            if b in names:
                raise ClusterError(
                    f"{names[b]} and {a} would both be written to "
                    f"{os.path.join(output_dir, b)}; nothing written")
            names[b] = a
    return out, dups


def _connect(scheduler, timeout, n_workers, threads_per_worker):
    from distributed import Client, LocalCluster

    if scheduler is None:
        lc = LocalCluster(n_workers=n_workers or os.cpu_count() or 1,
                          threads_per_worker=threads_per_worker,
                          processes=True, dashboard_address=None)
        return Client(lc, timeout=timeout), lc
    try:
        return Client(scheduler, timeout=timeout), None
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"cannot reach the Dask scheduler at "
                           f"{scheduler} within {timeout} s: {e}") from e


def run(files, *, fix=False, output_dir=None, fix_partial=False,
        reassembly=True, strict=False, cli=None, client=None,
        scheduler=None, timeout=30, n_workers=None, threads_per_worker=1):
    """Check (or, with fix=True, fix into 'output_dir') every capture of
    'files' on a Dask cluster, one task per file.

    The cluster is 'client' (a distributed.Client), else the scheduler at
    'scheduler' ("tcp://host:8786", reached within 'timeout' seconds),
    else a LocalCluster of 'n_workers' processes (the CPU count) made for
    this call and closed after it.

    Returns {"total": the merged summary, "files": {path: run_file()
    result}, "failed": {path: error}, "duplicates": [paths given more than
    once, run once], "ok": nothing failed and (check) no bad checksum
    (strict: and every frame parsed to its end), "seconds": wall time}.
    """
    paths, dups = _inputs(files, fix, output_dir)
    options = []
    if fix_partial:
        options.append("--fix-partial")
    if not reassembly:
        options.append("--no-reassembly")
    if strict and not fix:
        options.append("--strict")
    if fix:
        output_dir = os.path.abspath(os.fsdecode(output_dir))
    lc = None
    if client is None:
        client, lc = _connect(scheduler, timeout, n_workers,
                              threads_per_worker)
    t0 = time.monotonic()
    try:
        results, failed = _gather(client, paths, fix, output_dir, options,
                                  cli)
    finally:
        if lc is not None:
            client.close()
            lc.close()
    seconds = time.monotonic() - t0
    total = merge(results[p]["summary"] for p in paths)
    bad = total["bad_frames"] or (strict and not fix and total["unparsed"])
    return {"total": total, "files": results, "failed": failed,
            "duplicates": dups, "ok": not failed and not (bad and not fix),
            "seconds": seconds}


def _gather(client, paths, fix, output_dir, options, cli):
    from distributed import as_completed

    futures = {}
    for p in paths:
        # pure=False: a file may have changed since an earlier run; the
        # result is keyed by path below, not by the task's key.
        f = client.submit(run_file, p, fix, output_dir, options, cli,
                          pure=False)
        futures[f] = p
    results, failed = {}, {}
    for f in as_completed(list(futures)):
        p = futures[f]
        if p in results:
            continue  # one result per file, whatever ran twice
        if f.status == "finished":
            r = f.result()
        else:
            e = f.exception()
            r = {"file": p, "output": None, "exit": None,
                 "error": f"the task did not finish: {type(e).__name__}: "
                          f"{e}", "summary": _failed_summary(fix)}
        results[p] = r
        if r["error"] is not None or r["summary"].get("unreadable"):
            failed[p] = r["error"] or "unreadable"
        f.release()
    missing = [p for p in paths if p not in results]
    if missing:  # as_completed yields every future; this cannot happen
        raise ClusterError(f"no result for {len(missing)} files, e.g. "
                           f"{missing[0]}")
    return results, failed


def _text_summary(r, fix, out):
    t = r["total"]
    line = (f"summary: {t['files']} files ({t['unreadable']} "
            f"{'failed' if fix else 'unreadable'}), {t['frames']} frames, "
            f"{t['bad_frames']} with bad checksums")
    if fix:
        line += f", {t['fixed_fields']} checksum fields rewritten"
    rate = t["files"] / r["seconds"] if r["seconds"] > 0 else 0.0
    line += f"; {r['seconds']:.2f} s, {rate:.0f} files/s"
    print(line, file=out)
    for reason, n in sorted(t["unparsed_reasons"].items(),
                            key=lambda kv: (-kv[1], kv[0])):
        print(f"  not parsed {n}: {reason}", file=out)
    for proto, st in t["layers"].items():
        print(f"  {proto:<8} " + " ".join(f"{k} {v}" for k, v in st.items()),
              file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m inetcsum.cluster",
        description="Check (or fix) the checksums of many pcap/pcapng "
        "captures on a dask.distributed cluster, one task per file, and "
        "print the merged summary.")
    ap.add_argument("files", nargs="*", metavar="FILE")
    ap.add_argument("--files-from", metavar="LIST",
                    help="also the files LIST names, one path a line, "
                    "verbatim; empty lines ignored ('-': standard input)")
    ap.add_argument("--scheduler", metavar="ADDR",
                    help="the scheduler (tcp://host:8786); default: a "
                    "LocalCluster on this machine")
    ap.add_argument("--workers", type=int, metavar="N",
                    help="LocalCluster worker processes (default: CPUs)")
    ap.add_argument("--timeout", type=float, default=30, metavar="S",
                    help="seconds to reach the scheduler (default 30)")
    ap.add_argument("--fix", action="store_true",
                    help="fix instead of check (needs --output-dir)")
    ap.add_argument("--output-dir", metavar="DIR",
                    help="where fix writes each FILE, by its base name")
    ap.add_argument("--fix-partial", action="store_true")
    ap.add_argument("--no-reassembly", action="store_true")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--json", action="store_true",
                    help="JSON Lines: a summary object per file, then the "
                    "merged one (\"type\":\"total\"), as the command prints")
    ap.add_argument("--cli", metavar="PATH",
                    help="the inetcsum command on the workers (default: "
                    "their INETCSUM_CLI, else PATH)")
    a = ap.parse_args(argv)
    prog = "inetcsum.cluster"
    files = list(a.files)
    if a.files_from is not None:
        try:
            # Bytes, one name a line, as the command reads the list: a
            # name is taken verbatim (a trailing CR, another encoding).
            f = (sys.stdin.buffer if a.files_from == "-" else
                 open(a.files_from, "rb"))
            with f:
                files += [os.fsdecode(ln) for ln in f.read().split(b"\n")
                          if ln]
        except OSError as e:
            print(f"{prog}: --files-from {a.files_from}: {e.strerror}",
                  file=sys.stderr)
            return 2
    if not files:
        ap.error("no capture files given")
    if a.fix != (a.output_dir is not None):
        ap.error("--fix and --output-dir go together")
    try:
        r = run(files, fix=a.fix, output_dir=a.output_dir,
                fix_partial=a.fix_partial, reassembly=not a.no_reassembly,
                strict=a.strict, cli=a.cli, scheduler=a.scheduler,
                timeout=a.timeout, n_workers=a.workers)
    except (ClusterError, CLINotFoundError) as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    for p in r["duplicates"]:
        print(f"{prog}: {p}: given more than once, run once",
              file=sys.stderr)
    for p, err in r["failed"].items():
        print(f"{prog}: {p}: {err}", file=sys.stderr)
    if a.json:
        for p in sorted(r["files"]):
            x = r["files"][p]
            obj = {"type": "file", "file": p}
            if a.fix:
                obj["output"] = x["output"]
            obj.update(error=x["error"], summary=x["summary"])
            print(json.dumps(obj))
        print(json.dumps({"type": "total", "error": None,
                          "summary": r["total"]}))
    else:
        _text_summary(r, a.fix, sys.stdout)
    if r["failed"]:
        return 2
    return 0 if r["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
