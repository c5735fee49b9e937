# SPDX-License-Identifier: MIT
"""inetcsum.capture - check and fix the checksums of pcap/pcapng captures.

These run the `inetcsum` command (tools/inetcsum) rather than wrap the C
capture reader: a capture is more than frames (pcapng sections, gzip/zstd/
lz4 streams, IP reassembly across frames, damaged records, an atomic
output file), and all of that lives in the command and its capture
library, which are not part of libinetcsum's API.  Running the command
gives exactly its verdicts and summaries, its JSON Lines, and a crash-free
interpreter whatever the file holds.

The command is found, in order: the 'cli' argument, the environment
variable INETCSUM_CLI, then `inetcsum` on PATH.
"""
import json
import os
import shutil
import subprocess

__all__ = ["check", "fix", "find_cli", "CaptureError", "CLINotFoundError"]


class CLINotFoundError(FileNotFoundError):
    """The inetcsum command could not be found or run."""


class CaptureError(Exception):
    """The inetcsum command could not read a capture or write the output:
    the message is the command's own (file, record, offset, reason)."""


def find_cli(cli=None):
    """Path of the inetcsum command to run (see the module's docstring)."""
    how = "the cli argument"
    if cli is None:
        cli = os.environ.get("INETCSUM_CLI")
        how = "INETCSUM_CLI"
    if cli is None:
        found = shutil.which("inetcsum")
        if found is None:
            raise CLINotFoundError(
                "the inetcsum command was not found on PATH: build it "
                "(cmake --build BUILD --target inetcsum_tool), install it, "
                "or set INETCSUM_CLI=/path/to/inetcsum")
        return found
    cli = os.fspath(cli)
    if not (os.path.isfile(cli) and os.access(cli, os.X_OK)):
        raise CLINotFoundError(
            f"{how} names {cli!r}, which is not an executable file")
    return cli


def _paths(paths):
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    out = [os.fsdecode(p) for p in paths]
    if not out:
        raise ValueError("check(): no capture files given")
    for p in out:
        # The command would say it too, but a FileNotFoundError is what a
        # Python caller tests for.
        if not os.path.exists(p):
            raise FileNotFoundError(2, "no such capture file", p)
    # '-' is a file of that name here, never standard input (which is not
    # offered): the command reads stdin for a bare '-', even after '--'.
    return ["./-" if p == "-" else p for p in out]


def _options(udp_ports, reassembly):
    args = []
    for port, kind in (udp_ports or {}).items():
        args += ["--udp-port", f"{int(port)}={kind}"]
    if not reassembly:
        args.append("--no-reassembly")
    return args


def _run(cmd):
    # File names need not be UTF-8: the command's JSON escapes such bytes
    # as surrogateescape does (U+DC80-U+DCFF), and its messages print
    # them raw, read back here the same way, so os.fsencode() gives the
    # bytes of the name again.
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, encoding="utf-8",
                              errors="surrogateescape")
    except OSError as e:
        raise CLINotFoundError(f"cannot run {cmd[0]!r}: {e}") from e


def _error(p, what):
    msg = p.stderr.strip() or f"exit status {p.returncode}, no message"
    # The command names itself already ("inetcsum check: FILE: ...").
    if msg.startswith(what + ": "):
        return CaptureError(msg)
    return CaptureError(f"{what}: {msg}")


def check(paths, *, frames=False, strict=False, reassembly=True,
          udp_ports=None, cli=None):
    """Verify every checksum of the capture file(s) 'paths' (a path or a
    list of paths, pcap or pcapng, optionally gzip/zstd/lz4-compressed).

    Returns the summary as a dict (the command's --json summary object:
    "frames", "bad_frames", "layers" per protocol and status, ...), with
    "ok" (no bad checksums; with strict, also every frame fully parsed)
    and, with frames=True, "frames_detail": the per-frame objects.
    udp_ports maps a port to a tunnel kind ("vxlan", ..., or "none").

    Raises FileNotFoundError for a missing file, CaptureError for one the
    command cannot read (not a capture, damaged), CLINotFoundError when
    the command is missing.
    """
    files = _paths(paths)
    cmd = [find_cli(cli), "check", "--json", "-v" if frames else "-q"]
    if strict:
        cmd.append("--strict")
    cmd += _options(udp_ports, reassembly) + ["--"] + files
    p = _run(cmd)
    if p.returncode not in (0, 1):
        raise _error(p, "inetcsum check")
    summary, detail = None, []
    for line in p.stdout.splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        if "summary" in obj:
            summary = obj["summary"]
        elif frames:
            detail.append(obj)
    if summary is None:
        raise CaptureError("inetcsum check printed no summary: "
                           + (p.stderr.strip() or p.stdout[-200:]))
    summary["ok"] = p.returncode == 0
    if frames:
        summary["frames_detail"] = detail
    return summary


def fix(src, dst=None, *, in_place=False, fix_partial=False,
        reassembly=True, udp_ports=None, cli=None):
    """Copy the capture 'src' to 'dst', rewriting only the wrong checksum
    fields (every other byte kept), or rewrite 'src' with in_place=True.
    The output appears atomically (a temporary file and a rename): after
    an error nothing is written and 'src' is untouched.

    Returns {"frames": N, "fixed_fields": N, "fixed": {proto: N}}.  Errors
    as for check().
    """
    srcs = _paths(src)
    if len(srcs) != 1:
        raise ValueError("fix(): one capture file at a time (got %d)"
                         % len(srcs))
    src = srcs[0]
    if in_place == (dst is not None):
        raise ValueError("fix(): give either dst or in_place=True")
    cmd = [find_cli(cli), "fix", "-q", "--json"]
    if fix_partial:
        cmd.append("--fix-partial")
    cmd += _options(udp_ports, reassembly)
    if in_place:
        cmd += ["--in-place", "--", src]
    else:
        dst = os.fsdecode(dst)
        if dst == "-":
            raise ValueError("fix(): dst '-' (standard output) is not "
                             "offered; give a path")
        cmd += ["--", src, dst]
    p = _run(cmd)
    if p.returncode != 0:
        raise _error(p, "inetcsum fix")
    # The --json summary object of the file, not the text line, which
    # holds the file's name and so could hold anything.
    for line in p.stdout.splitlines():
        obj = json.loads(line) if line.strip() else {}
        if obj.get("type") == "file" and obj.get("summary") is not None:
            sm = obj["summary"]
            return {"frames": sm["frames"],
                    "fixed_fields": sm["fixed_fields"],
                    "fixed": dict(sm.get("fixed", {}))}
    raise CaptureError("inetcsum fix succeeded but printed no summary "
                       "this module understands: " + p.stdout.strip())
