# SPDX-License-Identifier: MIT
# python/tests/test_capture.py - inetcsum.check()/fix() on capture files
# that scapy writes, with checksums scapy computed and then spoiled; the
# fixed file is read back by scapy and compared with the packets as scapy
# builds them.  The inetcsum command is found as the module finds it
# (INETCSUM_CLI, else PATH); tests/suites/80-python.sh builds it and sets
# INETCSUM_CLI.  Without it these tests are skipped, and the suite counts
# the skip.
import os

import pytest
from scapy.layers.inet import ICMP, IP, TCP, UDP
from scapy.layers.l2 import Ether
from scapy.utils import rdpcap, wrpcap

import inetcsum
from inetcsum.capture import find_cli

try:
    find_cli()
    HAVE_CLI = True
except inetcsum.CLINotFoundError:
    HAVE_CLI = False
needs_cli = pytest.mark.skipif(not HAVE_CLI, reason="no inetcsum command "
                               "(set INETCSUM_CLI)")


def frames():
    # Good frames as scapy builds them; the bad ones are these with a
    # wrong field written in.
    e = Ether(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")
    v4 = IP(src="192.0.2.1", dst="198.51.100.7")
    return [e / v4 / TCP(sport=1000 + i, dport=80, flags="PA") / (b"x" * i)
            for i in range(5)] + \
        [e / v4 / UDP(sport=53, dport=5353) / b"hello",
         e / v4 / ICMP() / b"ping"]


def write(path, spoil):
    good = frames()
    pkts = []
    for i, p in enumerate(good):
        p = p.__class__(bytes(p))  # checksums filled by scapy
        if i in spoil:
            if p.haslayer(TCP):
                p[TCP].chksum ^= 0x1111
            elif p.haslayer(UDP):
                p[UDP].chksum ^= 0x0101
            p[IP].chksum ^= 0x00F0
        pkts.append(p)
    wrpcap(str(path), pkts)
    return [bytes(p.__class__(bytes(p))) for p in good]


@needs_cli
def test_check_counts_what_scapy_spoiled(tmp_path):
    f = tmp_path / "a.pcap"
    write(f, spoil={1, 5})
    s = inetcsum.check(f)
    assert s["frames"] == 7 and s["bad_frames"] == 2 and not s["ok"]
    assert s["layers"]["ipv4"] == {"good": 5, "bad": 2}
    assert s["layers"]["tcp"]["bad"] == 1 and s["layers"]["udp"]["bad"] == 1
    d = inetcsum.check([f, f], frames=True)
    assert d["files"] == 2 and d["frames"] == 14
    bad = [fr["frame"] for fr in d["frames_detail"]
           if any(l["status"] == "bad" for l in fr["layers"])]
    assert bad == [2, 6, 2, 6]


@needs_cli
def test_check_good_file(tmp_path):
    f = tmp_path / "good.pcap"
    write(f, spoil=set())
    s = inetcsum.check(str(f))
    assert s["ok"] and s["bad_frames"] == 0 and s["frames"] == 7


@needs_cli
def test_fix_to_new_file_and_in_place(tmp_path):
    f, out = tmp_path / "bad.pcap", tmp_path / "fixed.pcap"
    want = write(f, spoil={0, 3, 6})
    before = f.read_bytes()
    r = inetcsum.fix(f, out)
    # Frames 0 and 3: IPv4 and TCP spoiled; 6 (ICMP): only its IPv4 header.
    assert r == {"frames": 7, "fixed_fields": 5, "fixed": {"ipv4": 3, "tcp": 2}}
    assert f.read_bytes() == before  # the input is never touched
    assert [bytes(p) for p in rdpcap(str(out))] == want
    assert inetcsum.check(out)["ok"]
    inetcsum.fix(f, in_place=True)
    assert [bytes(p) for p in rdpcap(str(f))] == want


@needs_cli
def test_errors(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        inetcsum.check(tmp_path / "missing.pcap")
    assert e.value.filename.endswith("missing.pcap")
    junk = tmp_path / "notes.txt"
    junk.write_text("not a capture\n")
    with pytest.raises(inetcsum.CaptureError, match="not a pcap or pcapng"):
        inetcsum.check(junk)
    out = tmp_path / "out.pcap"
    with pytest.raises(inetcsum.CaptureError, match="not a pcap or pcapng"):
        inetcsum.fix(junk, out)
    assert not out.exists()  # nothing written after an error
    with pytest.raises(ValueError, match="either dst or in_place"):
        inetcsum.fix(junk)


def test_missing_command(tmp_path, monkeypatch):
    # Runs with or without the command: the lookup's own errors.
    monkeypatch.setenv("INETCSUM_CLI", str(tmp_path / "no-such-inetcsum"))
    with pytest.raises(inetcsum.CLINotFoundError, match="INETCSUM_CLI names"):
        inetcsum.check(__file__)
    monkeypatch.delenv("INETCSUM_CLI")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(inetcsum.CLINotFoundError, match="not found on PATH"):
        inetcsum.check(__file__)
    assert os.environ["PATH"] == str(tmp_path)


@needs_cli
def test_names_the_command_could_misread(tmp_path, monkeypatch):
    # A name that is not UTF-8 (the command's JSON escapes its bytes as
    # surrogateescape does, and the same bytes come back); a file named
    # '-' (a file here, never standard input); a name that looks like the
    # fix summary line (the counts come from --json, not from the text).
    monkeypatch.chdir(tmp_path)
    want = write(tmp_path / "ref.pcap", spoil={1, 5})
    for name in (b"caf\xe9.pcap", "-",
                 "x: 99 frames, 7 checksum fields rewritten ipv4:7.pcap"):
        write(os.fsdecode(os.path.join(os.fsencode(tmp_path),
                                       os.fsencode(name))), spoil={1, 5})
        s = inetcsum.check(name)
        assert s["frames"] == 7 and s["bad_frames"] == 2, name
        out = os.fsencode(name) + b".fixed"
        r = inetcsum.fix(name, out)
        assert r["frames"] == 7 and r["fixed"]["ipv4"] == 2, (name, r)
        got = [bytes(p) for p in rdpcap(os.fsdecode(out))]
        assert got == want, name
