# SPDX-License-Identifier: MIT
# python/tests/test_inetcsum.py - the extension against an independent
# oracle: scapy's own checksum() (scapy.utils.checksum, pure Python) and
# the checksums scapy computes when it builds a packet.  Nothing here
# compares the module with libinetcsum itself.
#
# INETCSUM_TEST_SEED fixes the random inputs (printed on failure).
import array
import ipaddress
import os
import random
import sys
import threading
import time

import pytest
from scapy.layers.inet import GRE, ICMP, IP, TCP, UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, IPv6
from scapy.utils import checksum as scapy_checksum

import inetcsum

SEED = int(os.environ.get("INETCSUM_TEST_SEED", random.randrange(1 << 32)))


@pytest.fixture
def rng():
    print(f"INETCSUM_TEST_SEED={SEED}")
    return random.Random(SEED)


def rbytes(rng, n):
    return rng.getrandbits(8 * n).to_bytes(n, "little") if n else b""


# ---- the checksum against scapy.utils.checksum ----------------------------

def test_rfc1071_example():
    # RFC 1071 section 3: the sum of 00 01 f2 03 f4 f5 f6 f7 is 0xddf2.
    data = bytes.fromhex("0001f203f4f5f6f7")
    assert inetcsum.checksum(data) == 0xFFFF - 0xDDF2 == scapy_checksum(data)


def test_every_length_at_odd_offsets(rng):
    # Lengths 0-2048, each from an odd offset of a larger buffer (the view
    # starts at an odd address: the module must not copy or align it).
    buf = bytearray(rbytes(rng, 2048 + 64))
    mv = memoryview(buf)
    for n in range(2049):
        for off in (1, 3, 7 + 2 * (n % 28)):
            view = mv[off:off + n]
            want = scapy_checksum(bytes(view))
            assert inetcsum.checksum(view) == want, (n, off)
        assert inetcsum.fold(inetcsum.partial(mv[1:1 + n])) == \
            scapy_checksum(bytes(mv[1:1 + n]))


def test_all_ones_and_zeros():
    for n in (0, 1, 2, 3, 20, 1500, 4096, 65535, 65536, 70001):
        for b in (b"\xff", b"\x00", b"\x80"):
            data = b * n
            assert inetcsum.checksum(data) == scapy_checksum(data), (n, b)


def test_random_lengths_and_types(rng):
    for _ in range(200):
        n = rng.choice([rng.randrange(64), rng.randrange(70000)])
        data = rbytes(rng, n)
        want = scapy_checksum(data)
        assert inetcsum.checksum(data) == want
        assert inetcsum.checksum(bytearray(data)) == want
        assert inetcsum.checksum(memoryview(data)) == want
        assert inetcsum.checksum(array.array("B", data)) == want


def test_split_points(rng):
    # A message summed in two pieces: at an even split the sum carries on,
    # at any split block_add() places the second piece.
    for _ in range(300):
        n = rng.randrange(1, 5000)
        data = rbytes(rng, n)
        want = scapy_checksum(data)
        k = rng.randrange(n + 1)
        a, b = data[:k], data[k:]
        if k % 2 == 0:
            assert inetcsum.fold(inetcsum.partial(b, inetcsum.partial(a))) == want
        s = inetcsum.block_add(inetcsum.partial(a), inetcsum.partial(b), k)
        assert inetcsum.fold(s) == want, (n, k)


def test_add_sub(rng):
    for _ in range(100):
        a, b = rbytes(rng, 2 * rng.randrange(200)), rbytes(rng, rng.randrange(400))
        pa, pb = inetcsum.partial(a), inetcsum.partial(b)
        assert inetcsum.fold(inetcsum.add(pa, pb)) == scapy_checksum(a + b)
        # Ones' complement has two zeros: 0x0000 and 0xffff are one value.
        r = inetcsum.fold(inetcsum.sub(inetcsum.add(pa, pb), pb))
        w = scapy_checksum(a)
        assert r == w or {r, w} == {0, 0xFFFF}, (a, b)


def test_fold_edges():
    assert inetcsum.fold(0) == 0xFFFF
    assert inetcsum.fold(0xFFFF) == 0
    assert inetcsum.fold(0xFFFFFFFF) == 0
    # A network-order result: the bytes 12 34 sum to 0x1234.
    assert inetcsum.fold(inetcsum.partial(b"\x12\x34")) == 0xFFFF - 0x1234


def test_copy(rng):
    for n in list(range(0, 300)) + [1500, 4095, 4096, 65536, 100001]:
        src = rbytes(rng, n)
        dst = bytearray(n + 3)
        s = inetcsum.copy(memoryview(dst)[1:], src)
        assert bytes(dst[1:1 + n]) == src and dst[0] == 0
        assert dst[1 + n:] == b"\0\0"
        assert inetcsum.fold(s) == scapy_checksum(src), n


def test_copy_errors():
    buf = bytearray(100)
    with pytest.raises(ValueError, match="overlap"):
        inetcsum.copy(memoryview(buf)[10:], memoryview(buf)[:50])
    with pytest.raises(ValueError, match="dst holds 3 bytes, src 4"):
        inetcsum.copy(bytearray(3), b"abcd")
    with pytest.raises(TypeError, match="writable"):
        inetcsum.copy(b"abcd", b"abcd")


def test_argument_errors():
    with pytest.raises(TypeError, match="bytes-like"):
        inetcsum.partial(12)
    with pytest.raises(ValueError, match=r"sum must be in 0\.\.0xffffffff"):
        inetcsum.partial(b"", -1)
    with pytest.raises(ValueError, match="sum must be in"):
        inetcsum.partial(b"", 1 << 32)
    with pytest.raises(TypeError, match="positional"):
        inetcsum.partial()
    with pytest.raises(BufferError):  # a strided view cannot be summed in place
        inetcsum.partial(memoryview(b"abcdef")[::2])
    with pytest.raises(ValueError, match="check must be in 0..0xffff"):
        inetcsum.update16(0x10000, 0, 0)


# ---- IPv4 header, updates, pseudo-headers against scapy-built packets ------

def rand_ip(rng):
    return str(ipaddress.IPv4Address(rng.getrandbits(32)))


def rand_ip6(rng):
    return str(ipaddress.IPv6Address(rng.getrandbits(128)))


def ipv4_options(rng):
    # Up to 40 bytes of options: NOPs and an end-of-list byte, padded.
    n = rng.randrange(0, 11) * 4
    return b"\x01" * max(n - 1, 0) + (b"\x00" if n else b"")


def test_ipv4_header(rng):
    for _ in range(500):
        opts = ipv4_options(rng)
        pkt = IP(src=rand_ip(rng), dst=rand_ip(rng), ttl=rng.randrange(256),
                 id=rng.randrange(65536), tos=rng.randrange(256),
                 options=opts) / rbytes(rng, rng.randrange(64))
        raw = bytes(pkt)
        built = IP(raw)  # scapy's computed chksum
        ihl = raw[0] & 15
        assert inetcsum.ipv4_header(raw) == 0
        zeroed = bytearray(raw)
        zeroed[10:12] = b"\0\0"
        assert inetcsum.ipv4_header(zeroed) == built.chksum
        assert inetcsum.ipv4_header(zeroed, ihl) == built.chksum
        assert inetcsum.ipv4_header(memoryview(b"\x00" + raw)[1:]) == 0


def test_ipv4_header_errors():
    with pytest.raises(ValueError, match="IHL 5 means 20 bytes, hdr holds 19"):
        inetcsum.ipv4_header(b"\x45" + bytes(18))
    with pytest.raises(ValueError, match="IHL 4 cannot"):
        inetcsum.ipv4_header(b"\x44" + bytes(19))
    with pytest.raises(ValueError, match="empty"):
        inetcsum.ipv4_header(b"")


def test_update16_update32(rng):
    # A router decrements the TTL (a 16-bit word TTL|proto) and a NAT
    # rewrites the source address; scapy rebuilds the header from scratch.
    for _ in range(500):
        src, dst, ttl = rand_ip(rng), rand_ip(rng), rng.randrange(1, 256)
        raw = bytes(IP(src=src, dst=dst, ttl=ttl, proto=6))
        check = int.from_bytes(raw[10:12], "big")
        old_word = int.from_bytes(raw[8:10], "big")
        new_word = ((ttl - 1) << 8) | 6
        c = inetcsum.update16(check, old_word, new_word)
        assert c == IP(bytes(IP(src=src, dst=dst, ttl=ttl - 1, proto=6))).chksum
        new_src = rand_ip(rng)
        old_addr = int.from_bytes(raw[12:16], "big")
        new_addr = int(ipaddress.IPv4Address(new_src))
        c2 = inetcsum.update32(check, old_addr, new_addr)
        want = IP(bytes(IP(src=new_src, dst=dst, ttl=ttl, proto=6))).chksum
        assert c2 == want
        assert inetcsum.update(check, raw[12:16],
                               ipaddress.IPv4Address(new_src).packed) == want


def l4_checksum_by_pseudo(l3, proto, l4, field):
    zeroed = bytearray(l4)
    zeroed[field:field + 2] = b"\0\0"
    if isinstance(l3, IP):
        ps = inetcsum.pseudo_ipv4(ipaddress.IPv4Address(l3.src).packed,
                                  ipaddress.IPv4Address(l3.dst).packed,
                                  proto, len(l4))
    else:
        ps = inetcsum.pseudo_ipv6(ipaddress.IPv6Address(l3.src).packed,
                                  ipaddress.IPv6Address(l3.dst).packed,
                                  proto, len(l4))
    return inetcsum.fold(inetcsum.partial(zeroed, ps))


def test_pseudo_headers(rng):
    for _ in range(400):
        payload = rbytes(rng, rng.randrange(0, 1400))
        for l3 in (IP(src=rand_ip(rng), dst=rand_ip(rng)),
                   IPv6(src=rand_ip6(rng), dst=rand_ip6(rng))):
            for l4, proto, field in ((TCP(sport=rng.randrange(65536)), 6, 16),
                                     (UDP(sport=rng.randrange(65536)), 17, 6)):
                built = (l3.__class__(bytes(l3 / l4 / payload)))
                layer = built[l4.__class__]
                got = l4_checksum_by_pseudo(built, proto, bytes(layer), field)
                if proto == 17 and got == 0:
                    got = 0xFFFF  # RFC 768: a computed 0 is sent as 0xffff
                assert got == layer.chksum, (l3.name, l4.name, len(payload))


def test_pseudo_errors():
    with pytest.raises(ValueError, match="saddr must be 4 bytes"):
        inetcsum.pseudo_ipv4(b"\1\2\3", bytes(4), 6, 20)
    with pytest.raises(ValueError, match="daddr must be 16 bytes"):
        inetcsum.pseudo_ipv6(bytes(16), bytes(4), 6, 20)
    with pytest.raises(ValueError, match="proto must be in 0..0xff"):
        inetcsum.pseudo_ipv4(bytes(4), bytes(4), 256, 20)


# ---- ip_check / ip_fill against scapy-built packets ------------------------

def scapy_packets(rng):
    # Every protocol whose checksum scapy computes on build.
    p = rbytes(rng, rng.randrange(0, 1200))
    v4 = dict(src=rand_ip(rng), dst=rand_ip(rng))
    v6 = dict(src=rand_ip6(rng), dst=rand_ip6(rng))
    return [
        IP(**v4) / TCP(sport=rng.randrange(65536), flags="PA") / p,
        IP(**v4, options=ipv4_options(rng)) / UDP(dport=53) / p,
        IP(**v4) / ICMP(id=rng.randrange(65536)) / p,
        IP(**v4) / GRE(chksum_present=1) / IP(**v4) / UDP(dport=9) / p,
        IPv6(**v6) / TCP() / p,
        IPv6(**v6) / UDP(sport=rng.randrange(65536)) / p,
        IPv6(**v6) / ICMPv6EchoRequest(data=p),
    ]


def pseudo_sums(pkt):
    # Every value a stack that offloads could leave in an L4 field of this
    # packet: the folded pseudo-header sum of each IP layer, plain and
    # complemented (the check reports those as PARTIAL, not BAD).  Summed
    # here word by word, apart from the library.
    out = set()
    for l3 in (pkt.getlayer(IP, n) for n in range(1, 4)):
        if l3 is None:
            break
        raw = bytes(l3)
        ihl = (raw[0] & 15) * 4
        words = raw[12:20] + bytes([0, raw[9]]) + \
            (int.from_bytes(raw[2:4], "big") - ihl).to_bytes(2, "big")
        out |= fold_both(words)
    for l3 in (pkt.getlayer(IPv6, n) for n in range(1, 4)):
        if l3 is None:
            break
        raw = bytes(l3)
        words = raw[8:40] + raw[4:6] + bytes([0, raw[6]])
        out |= fold_both(words)
    return out


def fold_both(words):
    s = sum(int.from_bytes(words[i:i + 2], "big") for i in range(0, len(words), 2))
    while s > 0xFFFF:
        s = (s & 0xFFFF) + (s >> 16)
    return {s, s ^ 0xFFFF}


def scramble(pkt_bytes, layers, rng, avoid=()):
    # Overwrite every checksum field with another value, never one that
    # means the same (0x0000 and 0xffff are both ones' complement zero)
    # nor one in 'avoid' (an offloaded field's pseudo-header sum).
    b = bytearray(pkt_bytes)
    for lay in layers:
        o = lay.offset
        v = int.from_bytes(b[o:o + 2], "big")
        new = v
        while new in (v, v ^ 0xFFFF, 0, 0xFFFF) or new in avoid:
            new = rng.randrange(0x10000)
        b[o:o + 2] = new.to_bytes(2, "big")
    assert b != pkt_bytes
    return b


def test_ip_fill_and_check(rng):
    for _ in range(60):
        for pkt in scapy_packets(rng):
            good = bytes(pkt)  # scapy filled every checksum
            res = inetcsum.ip_check(good)
            assert res.ok and res.count == 0, (pkt.summary(), res)
            assert res.layers and all(l.status == "good" for l in res.layers)
            bad = scramble(good, res.layers, rng, pseudo_sums(pkt))
            res_bad = inetcsum.ip_check(bad)
            assert res_bad.count >= 1 and not res_bad.ok
            # The expected values are scapy's (the outer GRE's only once the
            # inner fields are right again, so compare that after the fill).
            filled = inetcsum.ip_fill(bad)
            assert filled.count == len(res.layers)
            assert bytes(bad) == good, pkt.summary()


def test_ip_fill_in_a_view_at_odd_offset(rng):
    for pkt in scapy_packets(rng):
        good = bytes(pkt)
        res = inetcsum.ip_check(good)
        frame = bytearray(b"\xaa" * 3) + scramble(good, res.layers, rng, pseudo_sums(pkt)) + \
            bytearray(b"\xbb" * 5)
        view = memoryview(frame)[3:3 + len(good)]
        inetcsum.ip_fill(view)
        assert bytes(frame) == b"\xaa" * 3 + good + b"\xbb" * 5


def test_ip_fill_keep_udp_none():
    pkt = bytearray(bytes(IP(src="1.2.3.4", dst="5.6.7.8") / UDP(chksum=0) / b"x"))
    r = inetcsum.ip_fill(bytearray(pkt), keep_udp_none=True)
    assert [l.proto for l in r.layers] == ["ipv4", "udp"]
    kept = bytearray(pkt)
    inetcsum.ip_fill(kept, keep_udp_none=True)
    assert kept[26:28] == b"\0\0"
    inetcsum.ip_fill(kept)
    assert kept == bytes(IP(src="1.2.3.4", dst="5.6.7.8") / UDP() / b"x")


def test_ip_errors():
    good = bytes(IP(src="1.2.3.4", dst="5.6.7.8") / TCP())
    with pytest.raises(TypeError, match="writable buffer.*bytes"):
        inetcsum.ip_fill(good)
    with pytest.raises(TypeError, match="writable"):
        inetcsum.ip_fill(memoryview(bytearray(good)).toreadonly())
    with pytest.raises(inetcsum.PacketError, match="not an IP packet: version 5"):
        inetcsum.ip_fill(bytearray(b"\x55" + good[1:]))
    with pytest.raises(inetcsum.PacketError, match="version 0") as e:
        inetcsum.ip_check(b"\x00\x01")
    assert e.value.name == "INETCSUM_EPROTO" and e.value.code == -3
    with pytest.raises(inetcsum.PacketError, match="empty") as e:
        inetcsum.ip_check(b"")
    assert e.value.name == "INETCSUM_EBADLEN"
    cut = bytearray(good[:30])  # the IPv4 length says 40
    with pytest.raises(inetcsum.PacketError, match="does not fit") as e:
        inetcsum.ip_fill(cut)
    assert cut == good[:30]  # nothing written on failure
    assert isinstance(e.value, ValueError)


# ---- the GIL -----------------------------------------------------------------

def gil_released_during(call, seconds):
    # With a switch interval far longer than the test, the worker keeps the
    # GIL until it gives it up itself: the main thread then runs while the
    # worker is still calling 'call' (over and over, for up to 'seconds', so
    # that a busy machine that is slow to wake the main thread still does
    # so in time) only if the C code released it.  The worker stops as soon
    # as the main thread has run.
    started, state = threading.Event(), {}

    def worker():
        started.set()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and "seen" not in state:
            state["result"] = call()
        state["done"] = True

    old = sys.getswitchinterval()
    sys.setswitchinterval(60)
    try:
        t = threading.Thread(target=worker)
        t.start()
        started.wait()
        ran_meanwhile = "done" not in state
        state["seen"] = True
        t.join()
    finally:
        sys.setswitchinterval(old)
    return ran_meanwhile, state["result"]


def test_gil_released_for_large_buffers():
    big = bytes(range(256)) * (1 << 18)  # 64 MiB: milliseconds per call
    ran, res = gil_released_during(lambda: inetcsum.checksum(big), 5)
    assert ran, "checksum() of 64 MiB kept the GIL"
    assert res == scapy_checksum(big)
    dst = bytearray(len(big))
    ran, _ = gil_released_during(lambda: inetcsum.copy(dst, big), 5)
    assert ran and dst == big


def test_gil_kept_for_short_buffers():
    # The control: below GIL_RELEASE_MIN the call is shorter than a release,
    # so for the whole 0.3 s of calls the main thread cannot run.
    small = b"\x01" * (inetcsum.GIL_RELEASE_MIN - 1)
    ran, res = gil_released_during(lambda: inetcsum.checksum(small), 0.3)
    assert not ran and res == scapy_checksum(small)
