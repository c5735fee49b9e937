/* SPDX-License-Identifier: MIT */
/*
 * inetcsum_packet.h - the packet layer of libinetcsum, installed beside
 * inetcsum.h and built into the same library: the checksum rules of whole
 * packets on top of the checksum arithmetic.
 *
 * Frames: parse a captured frame of a given link type layer by layer
 * (tunnels included), verify every checksum it carries and optionally
 * repair the wrong ones in place (what `inetcsum check` and `inetcsum fix`
 * do, per frame).  Byte offsets are from the start of the frame.  Nothing
 * is read at or past 'caplen'.
 *
 * The conventions are inetcsum.h's: every symbol starts with inetcsum_,
 * every macro with INETCSUM_; unless a function says otherwise, 16-bit
 * checksum values are network-order values (0x1c46 for the bytes 1c 46).
 */
#ifndef INETCSUM_PACKET_H
#define INETCSUM_PACKET_H

#include <stddef.h>
#include <stdint.h>

#include "inetcsum.h"	/* INETCSUM_API, struct inetcsum_iovec */

#ifdef __cplusplus
extern "C" {
#endif

/* Link types (the pcap LINKTYPE_* numbers) understood by the parser. */
#define INETCSUM_LINK_NULL	0	/* BSD loopback, host-order AF */
#define INETCSUM_LINK_ETHERNET	1
#define INETCSUM_LINK_RAW	101	/* raw IPv4 or IPv6 */
#define INETCSUM_LINK_LOOP	108	/* OpenBSD loopback, network-order AF */
#define INETCSUM_LINK_LINUX_SLL	113
#define INETCSUM_LINK_IPV4	228
#define INETCSUM_LINK_IPV6	229
#define INETCSUM_LINK_LINUX_SLL2 276

enum inetcsum_proto {
	INETCSUM_PROTO_IPV4,
	INETCSUM_PROTO_TCP,
	INETCSUM_PROTO_UDP,
	INETCSUM_PROTO_UDPLITE,
	INETCSUM_PROTO_ICMP,
	INETCSUM_PROTO_ICMPV6,
	INETCSUM_PROTO_IGMP,
	INETCSUM_PROTO_GRE,
};

enum inetcsum_status {
	INETCSUM_GOOD,
	INETCSUM_BAD,		/* 'stored' != 'expected' */
	INETCSUM_PARTIAL,	/* field holds the pseudo-header-only sum (offload) */
	INETCSUM_UNVERIFIED,	/* see 'reason' */
	INETCSUM_NONE,		/* UDP over IPv4 with a zero field: no checksum */
	INETCSUM_ILLEGAL,	/* UDP over IPv6 with a zero field */
};

/*
 * One checksum-carrying layer of a frame, outermost first (an IPv4 header
 * before the layers it carries, a GRE or ICMP layer before the packet it
 * carries or quotes).
 *
 * 'stored' and 'expected' are network-order values: 0x1c46 for the bytes
 * 1c 46.  'expected' is meaningful for GOOD, BAD and PARTIAL, and for NONE
 * and ILLEGAL when the covered bytes were all there (else 0); 'stored' is 0
 * when the field itself was not captured.  GOOD also accepts 0x0000 where
 * 0xffff was computed and vice versa (ones' complement has two zeros, RFC
 * 1624), except for UDP and UDP-Lite.  'field_offset' is where the field
 * is or would be, even past 'caplen'.
 *
 * 'reason', a static string:
 *   UNVERIFIED  "truncated"      covered bytes cut by the snapshot length
 *               "length"         a length field claims more (or less) than
 *                                its packet holds
 *               "header length"  IPv4 IHL below 5
 *               "fragment"       first fragment (MF set, or an IPv6
 *                                fragment header with M set)
 *               "quoted"         inside the quote of an ICMP/ICMPv6 error
 *               "coverage"       UDP-Lite coverage below 8 or past the end
 *               "ip options"     malformed IPv4 options or IPv6 destination
 *                                options (pseudo-header unknown)
 *               "routing header" unknown IPv6 routing type with segments
 *                                left (final destination unknown)
 *               "jumbogram"      IPv6 payload length 0 (RFC 2675)
 *   PARTIAL     "offload"        the folded pseudo-header sum (Linux)
 *               "offload, complemented"  its complement
 *   otherwise NULL.
 */
struct inetcsum_layer {
	enum inetcsum_proto proto;
	enum inetcsum_status status;
	uint16_t stored;	/* the field as on the wire (network order value) */
	uint16_t expected;	/* the correct field value (network order value) */
	size_t field_offset;	/* offset of the 2-byte checksum field in the frame */
	const char *reason;	/* static string, NULL unless UNVERIFIED (or extra detail) */
};

#define INETCSUM_MAX_LAYERS 16

struct inetcsum_frame_result {
	size_t nlayers;
	struct inetcsum_layer layers[INETCSUM_MAX_LAYERS];
	/* Non-NULL when the frame could not be parsed past some point
	 * (unknown link type, unknown ethertype, ...): a static string.
	 * The first such event wins; layers before it are still valid. */
	const char *note;
};

/* Options for inetcsum_frame_fix(). */
#define INETCSUM_FIX_PARTIAL	1u	/* also rewrite PARTIAL fields */

/*
 * inetcsum_frame_check() parses the 'caplen' captured bytes of a frame
 * whose original length was 'origlen', of link type 'linktype', and fills
 * 'out' with a verdict per checksum layer.  It returns 0, or -1 for an
 * unknown link type (with out->note set).  Nothing at or past 'caplen' is
 * read; 'origlen' (taken as 'caplen' if smaller) tells a snapshot cut
 * ("truncated") from a length field that lies ("length").  Thread-safe; no
 * allocation.  docs/packet.md lists every rule and its RFC.
 */
INETCSUM_API int inetcsum_frame_check(int linktype, const uint8_t *frame,
				      size_t caplen, size_t origlen,
				      struct inetcsum_frame_result *out);

/*
 * inetcsum_frame_fix() does the same and rewrites, in 'frame', every BAD
 * field (and PARTIAL ones with INETCSUM_FIX_PARTIAL) with its expected value;
 * no other byte changes, and NONE, ILLEGAL and UNVERIFIED fields are never
 * written.  Layers are fixed innermost first, so that an outer GRE or ICMP
 * checksum, which covers inner checksum fields, is computed over their final
 * values; such an outer field that was GOOD is also rewritten when a field
 * it covers was (it would turn BAD otherwise).  No checksum depends on an
 * IPv4 header checksum outside its own header.  'out' describes the frame
 * before the fix.  It returns the number of fields rewritten (which may be
 * fewer than the BAD layers: fixing an inner field can make an outer sum
 * right again), or -1 for an unknown link type.  Thread-safe; no allocation.
 */
INETCSUM_API int inetcsum_frame_fix(int linktype, uint8_t *frame,
				    size_t caplen, size_t origlen,
				    unsigned flags,
				    struct inetcsum_frame_result *out);

/* Names for output: "ipv4", "tcp", ... and "good", "bad", ... */
INETCSUM_API const char *inetcsum_proto_name(enum inetcsum_proto p);
INETCSUM_API const char *inetcsum_status_name(enum inetcsum_status s);

/* ====================================================================== */
/*  Packet operations: error codes                                         */
/* ====================================================================== */

/*
 * The packet operations below (and those of offload completion and
 * software GSO) return 0 or a count on success and one of these negative
 * codes on failure.  A function that fails writes nothing: every check is
 * made before the first byte of a packet (or of an output array) changes.
 * inetcsum_pkt_strerror() names them.
 */
enum inetcsum_pkt_error {
	INETCSUM_EINVAL = -1,	/* bad argument: NULL pointer, unknown flag,
				 * offset out of range */
	INETCSUM_EBADLEN = -2,	/* the buffer is too short for a header, or
				 * a length field disagrees with the buffer */
	INETCSUM_EPROTO = -3,	/* not what the call handles: IP version not
				 * 4 or 6, protocol not TCP/UDP, ... */
	INETCSUM_EUNSUPP = -4,	/* well-formed but its checksum cannot be
				 * done: fragment, unknown routing header
				 * with segments left, jumbogram, bad IP
				 * options, nesting too deep */
	INETCSUM_EBADSUM = -5,	/* a checksum that must be right first is
				 * wrong (a segment to coalesce, ...) */
	INETCSUM_EFLOW = -6,	/* segments not of one flow, not in order,
				 * or with headers that differ */
	INETCSUM_ENOSPC = -7,	/* the output buffer is too small */
};

/*
 * inetcsum_pkt_strerror() returns a static string for a code above
 * ("invalid argument", ...), "success" for 0 and positive values, and
 * "unknown error" otherwise.  Thread-safe.
 */
INETCSUM_API const char *inetcsum_pkt_strerror(int err);

/* ====================================================================== */
/*  IP packets: verify and fill                                            */
/* ====================================================================== */

/* (issue 11: inetcsum_ip_check(), inetcsum_ip_fill(); see docs/packet.md) */

/* ====================================================================== */
/*  Forwarding and NAT                                                     */
/* ====================================================================== */

/* (issue 11: TTL decrement, address/port rewrite, checksum diff) */

/* ====================================================================== */
/*  GRO side                                                               */
/* ====================================================================== */

/* (issue 11: burst verification of TCP/UDP segments, coalescing) */

#ifdef __cplusplus
}
#endif

#endif /* INETCSUM_PACKET_H */
