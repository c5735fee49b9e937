# SPDX-License-Identifier: MIT
"""inetcsum - the Internet checksum (RFC 1071, RFC 1624) over libinetcsum.

The arithmetic is the C extension inetcsum._inetcsum, over the buffer
protocol: bytes, bytearray, memoryview (slices too), array and mmap are
summed in place, never copied, and the GIL is released for buffers of
GIL_RELEASE_MIN (4 KiB) and more.

Every 16-bit checksum taken or returned is a network-order int, 0x1c46 for
the bytes 1c 46 (the value of scapy's checksum() and of its "chksum"
fields; write it with int.to_bytes(2, "big")).  Partial sums are opaque
32-bit accumulators for partial(), fold(), add() and the pseudo-header
functions.

    >>> import inetcsum
    >>> hex(inetcsum.checksum(bytes.fromhex("0001f203f4f5f6f7")))  # RFC 1071
    '0x220d'

ip_check()/ip_fill() verify or fill every checksum of an IP packet;
check()/fix() do it for capture files (inetcsum.capture).
"""
from collections import namedtuple

from . import _inetcsum
from ._inetcsum import (  # noqa: F401  (the public API)
    FILL_KEEP_UDP_NONE,
    GIL_RELEASE_MIN,
    LIBRARY_VERSION,
    PacketError,
    add,
    block_add,
    checksum,
    copy,
    fold,
    impl_list,
    impl_name,
    impl_select,
    ipv4_header,
    partial,
    pseudo_ipv4,
    pseudo_ipv6,
    sub,
    update,
    update16,
    update32,
)
from .capture import CaptureError, CLINotFoundError, check, fix  # noqa: F401

__version__ = LIBRARY_VERSION

# One checksum-carrying layer, outermost first.  'stored' and 'expected'
# are network-order ints; 'offset' is that of the 2-byte field from the
# packet's first byte; 'reason' says why a layer is "unverified" (see
# include/inetcsum_packet.h), else None.
Layer = namedtuple("Layer", "proto status stored expected offset reason")


class Result(namedtuple("Result", "count layers note")):
    """What ip_check() found or ip_fill() did.

    count   ip_check: layers that are "bad" or "illegal" (0: all good);
            ip_fill: checksum fields stored
    layers  a list of Layer, outermost first (ip_fill: before the fill)
    note    why parsing stopped early, or None
    """

    __slots__ = ()

    @property
    def ok(self):
        """ip_check: every checksum that could be verified is right."""
        return self.count == 0


def _result(raw):
    count, layers, note = raw
    return Result(count, [Layer(*t) for t in layers], note)


def ip_check(pkt):
    """Verify every checksum of the IP packet 'pkt' (IPv4 or IPv6 from its
    first byte, tunnels and ICMP quotes included), nothing written.

    Returns a Result whose count is the number of bad layers.  A packet
    that is not IP (version not 4 or 6) or empty raises PacketError; a
    malformed one is not an error: its layers say what was not verified.
    """
    return _result(_inetcsum.ip_check(pkt))


def ip_fill(pkt, keep_udp_none=False):
    """Compute and store every checksum of the IP packet in the writable
    buffer 'pkt' (bytearray, writable memoryview), whatever the fields
    held: IPv4 header, TCP, UDP, UDP-Lite, ICMP, ICMPv6, IGMP, GRE, the
    RFC 4884 extension of an ICMP error, PIM, VRRP/CARP, OSPF, RSVP, EIGRP,
    PGM, HIP, DCCP, SCTP.

    A UDP/IPv4 field is computed even if zero, unless keep_udp_none.
    Returns a Result whose count is the number of fields stored; raises
    PacketError (with .code and .name) and writes nothing if the packet
    cannot be filled.
    """
    flags = FILL_KEEP_UDP_NONE if keep_udp_none else 0
    return _result(_inetcsum.ip_fill(pkt, flags))
