/* SPDX-License-Identifier: MIT */
/*
 * packet/inetcsum_packet.h - checksum semantics of captured frames: parse a
 * frame of a given link type layer by layer (tunnels included), verify
 * every checksum it carries and optionally repair the wrong ones in place.
 * A library module on top of libinetcsum, usable without the CLI.
 *
 * Byte offsets are from the start of the frame.  Nothing is read at or
 * past 'caplen'.
 */
#ifndef INETCSUM_PACKET_H
#define INETCSUM_PACKET_H

#include <stddef.h>
#include <stdint.h>

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

/* One checksum-carrying layer of a frame, outermost first. */
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
	 * (unknown link type, unknown ethertype, ...): a static string. */
	const char *note;
};

/* Options for inetcsum_frame_fix(). */
#define INETCSUM_FIX_PARTIAL	1u	/* also rewrite PARTIAL fields */

/*
 * inetcsum_frame_check() parses the 'caplen' captured bytes of a frame
 * whose original length was 'origlen', of link type 'linktype', and fills
 * 'out' with a verdict per checksum layer.  It returns 0, or -1 for an
 * unknown link type (with out->note set).
 */
int inetcsum_frame_check(int linktype, const uint8_t *frame, size_t caplen,
			 size_t origlen, struct inetcsum_frame_result *out);

/*
 * inetcsum_frame_fix() does the same and rewrites, in 'frame', every BAD
 * field (and PARTIAL ones with INETCSUM_FIX_PARTIAL) with its expected value,
 * inner layers after the IPv4 headers they depend on; no other byte changes.
 * 'out' describes the frame before the fix.  It returns the number of fields
 * rewritten, or -1 for an unknown link type.
 */
int inetcsum_frame_fix(int linktype, uint8_t *frame, size_t caplen,
		       size_t origlen, unsigned flags,
		       struct inetcsum_frame_result *out);

/* Names for output: "ipv4", "tcp", ... and "good", "bad", ... */
const char *inetcsum_proto_name(enum inetcsum_proto p);
const char *inetcsum_status_name(enum inetcsum_status s);

#ifdef __cplusplus
}
#endif

#endif /* INETCSUM_PACKET_H */
