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
#define INETCSUM_LINK_IEEE802_5	6	/* Token Ring, then LLC */
#define INETCSUM_LINK_ARCNET_BSD 7	/* ARCNET, BSD's header */
#define INETCSUM_LINK_PPP	9	/* PPP, optional HDLC address/control */
#define INETCSUM_LINK_FDDI	10	/* FDDI, then LLC */
/* BSD DLT numbers that some systems wrote into files instead of the
 * LINKTYPE ones, read as Wireshark reads them: DLT_RAW (12 on most
 * systems, 14 on BSD/OS and OpenBSD) as raw IP, like 101, and OpenBSD's
 * DLT_ENC 13 as 109. */
#define INETCSUM_LINK_DLT_RAW_12 12
#define INETCSUM_LINK_DLT_ENC_13 13
#define INETCSUM_LINK_DLT_RAW_14 14
#define INETCSUM_LINK_PPP_HDLC	50	/* PPP or Cisco HDLC framing */
#define INETCSUM_LINK_PPP_ETHER	51	/* PPPoE session header first */
#define INETCSUM_LINK_ATM_RFC1483 100	/* LLC/SNAP, then the packet */
#define INETCSUM_LINK_RAW	101	/* raw IPv4 or IPv6 */
#define INETCSUM_LINK_C_HDLC	104	/* Cisco HDLC */
#define INETCSUM_LINK_IEEE802_11 105	/* 802.11 header, no FCS */
#define INETCSUM_LINK_ATM_CLIP	106	/* Linux CLIP: IPv4 or LLC/SNAP */
#define INETCSUM_LINK_FRELAY	107	/* Frame Relay, RFC 2427 */
#define INETCSUM_LINK_LOOP	108	/* OpenBSD loopback, network-order AF */
#define INETCSUM_LINK_ENC	109	/* OpenBSD enc: AF, SPI, flags */
#define INETCSUM_LINK_LINUX_SLL	113
#define INETCSUM_LINK_PFLOG	117	/* OpenBSD pflog */
#define INETCSUM_LINK_PRISM	119	/* Prism monitor header, 802.11 */
#define INETCSUM_LINK_IP_OVER_FC 122	/* RFC 2625 header, LLC/SNAP */
#define INETCSUM_LINK_SUNATM	123	/* SunATM header, LLC or LANE */
#define INETCSUM_LINK_RADIOTAP	127	/* radiotap, then 802.11 */
#define INETCSUM_LINK_ARCNET_LINUX 129	/* Linux ARCNET, RFC 1201 or 1051 */
#define INETCSUM_LINK_APPLE_IP_OVER_1394 138 /* addresses, ethertype */
#define INETCSUM_LINK_PKTAP_DARWIN 149	/* Apple PKTAP as older macOS wrote it */
#define INETCSUM_LINK_AVS	163	/* AVS monitor header, 802.11 */
#define INETCSUM_LINK_PPP_PPPD	166	/* PPP, direction in the address */
#define INETCSUM_LINK_JUNIPER_ETHER 178 /* Juniper header, then Ethernet */
#define INETCSUM_LINK_JUNIPER_PPP 179	/* ... then PPP */
#define INETCSUM_LINK_JUNIPER_FRELAY 180 /* ... then Frame Relay */
#define INETCSUM_LINK_JUNIPER_CHDLC 181 /* ... then Cisco HDLC */
#define INETCSUM_LINK_PPI	192	/* PPI header, then its DLT */
#define INETCSUM_LINK_ERF	197	/* Endace ERF record */
#define INETCSUM_LINK_PPP_WITH_DIR 204	/* a direction byte, then PPP */
#define INETCSUM_LINK_C_HDLC_WITH_DIR 205 /* a direction byte, then C-HDLC */
#define INETCSUM_LINK_FRELAY_WITH_DIR 206 /* ... then Frame Relay */
#define INETCSUM_LINK_MPLS	219	/* an MPLS label stack first */
#define INETCSUM_LINK_IPNET	226	/* Solaris ipnet: 24-byte header */
#define INETCSUM_LINK_IPV4	228
#define INETCSUM_LINK_IPV6	229
#define INETCSUM_LINK_NFLOG	239	/* Linux NFLOG: TLVs, IP in one */
#define INETCSUM_LINK_NETANALYZER 240	/* Hilscher header, Ethernet, FCS */
#define INETCSUM_LINK_NETANALYZER_TRANSPARENT 241 /* ... preamble, SFD first */
#define INETCSUM_LINK_IPOIB	242	/* addresses, RFC 4391 header */
#define INETCSUM_LINK_PKTAP	258	/* Apple PKTAP: header, then its DLT */
#define INETCSUM_LINK_LINUX_SLL2 276
/* Ethernet with a switch's tag (Linux DSA), as tcpdump reads them */
#define INETCSUM_LINK_DSA_TAG_BRCM 281	/* Broadcom: 4 bytes after the MACs */
#define INETCSUM_LINK_DSA_TAG_BRCM_PREPEND 282 /* ... before the header */
#define INETCSUM_LINK_DSA_TAG_DSA 284	/* Marvell DSA: 4 after the MACs */
#define INETCSUM_LINK_DSA_TAG_EDSA 285	/* Marvell EDSA: 8 after the MACs */

enum inetcsum_proto {
	INETCSUM_PROTO_IPV4,
	INETCSUM_PROTO_TCP,
	INETCSUM_PROTO_UDP,
	INETCSUM_PROTO_UDPLITE,
	INETCSUM_PROTO_ICMP,
	INETCSUM_PROTO_ICMPV6,
	INETCSUM_PROTO_IGMP,
	INETCSUM_PROTO_GRE,
	/* RFC 4884 extension structure of an ICMP or ICMPv6 error; new
	 * values are added at the end, keeping the old ones. */
	INETCSUM_PROTO_ICMP_EXT,
	/* Routing and control protocols, and DCCP (issue 24 item 7). */
	INETCSUM_PROTO_PIM,	/* PIMv2, IP protocol 103 (RFC 7761) */
	INETCSUM_PROTO_VRRP,	/* VRRPv2/v3 and CARP, 112 (RFC 3768, 5798) */
	INETCSUM_PROTO_OSPF,	/* OSPFv2/v3, 89 (RFC 2328, RFC 5340) */
	INETCSUM_PROTO_RSVP,	/* 46 (RFC 2205) */
	INETCSUM_PROTO_EIGRP,	/* 88 (RFC 7868) */
	INETCSUM_PROTO_DCCP,	/* 33 (RFC 4340) */
	/* SCTP, 132: a CRC32c, not the Internet checksum (RFC 9260
	 * appendix A, RFC 3309); its field is 4 bytes (see 'stored'). */
	INETCSUM_PROTO_SCTP,
	INETCSUM_PROTO_PGM,	/* 113 (RFC 3208) */
	INETCSUM_PROTO_CDP,	/* Cisco Discovery Protocol, LLC/SNAP */
	INETCSUM_PROTO_HIP,	/* 139 (RFC 7401) */
	INETCSUM_PROTO_EDP,	/* Extreme Discovery Protocol, LLC/SNAP */
	INETCSUM_PROTO_MH,	/* IPv6 Mobility Header, 135 (RFC 6275) */
	INETCSUM_PROTO_NHRP,	/* 54, GRE 0x2001, SNAP (RFC 2332) */
	INETCSUM_PROTO_SHIM6,	/* IPv6 extension header 140 (RFC 5533) */
	INETCSUM_PROTO_FDP,	/* Foundry Discovery Protocol, LLC/SNAP */
	INETCSUM_PROTO_UDLD,	/* Cisco's UniDirectional Link Detection */
};

enum inetcsum_status {
	INETCSUM_GOOD,
	INETCSUM_BAD,		/* 'stored' != 'expected' */
	INETCSUM_PARTIAL,	/* field holds the pseudo-header-only sum (offload),
				 * or the capture says it was not ready */
	INETCSUM_UNVERIFIED,	/* see 'reason' */
	INETCSUM_NONE,		/* UDP over IPv4, an RFC 4884 ICMP extension
				 * or RSVP (or PGM but its data) with a zero
				 * field: no checksum */
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
 * when the field itself was not captured.  'expected' is always the
 * computed value, the one inetcsum_ip_fill() stores and the fixer writes,
 * and inetcsum_frame_check() and inetcsum_frame_fix() report the same.
 * GOOD also accepts 0x0000 where 0xffff was computed and vice versa (ones'
 * complement has two zeros, RFC 1624), except for UDP and UDP-Lite: so a
 * GOOD layer has 'expected' equal to 'stored', or 'stored' the other zero
 * (a field the fixer leaves and fill rewrites).  'field_offset' is where
 * the field is or would be, even past 'caplen'.
 *
 * SCTP's field is a 4-byte CRC32c (inetcsum_crc32c(), stored least
 * significant byte first), which these 16-bit members cannot hold: for an
 * SCTP layer 'stored' and 'expected' are the network-order values of the
 * field's first two bytes, and the verdict compares all four, so a BAD
 * SCTP layer may show equal values.  The stored bytes are in the frame at
 * 'field_offset'; the expected ones are what inetcsum_ip_fill() and
 * inetcsum_frame_fix() write there.  SCTP has no second zero and no
 * PARTIAL form.
 *
 * 'reason', a static string:
 *   UNVERIFIED  "truncated"      covered bytes cut by the snapshot length
 *               "length"         a length field claims more (or less) than
 *                                its packet holds
 *               "header length"  IPv4 IHL or TCP data offset below 5, DCCP
 *                                data offset below its generic header or
 *                                past its packet
 *               "fragment"       first fragment (MF set, or an IPv6
 *                                fragment header with M set)
 *               "quoted"         inside the quote of an ICMP/ICMPv6 error
 *                                that does not hold the whole datagram
 *               "coverage"       UDP-Lite coverage below 8 or past the end,
 *                                DCCP checksum coverage past the end
 *               "ip options"     malformed IPv4 options or IPv6 destination
 *                                options (pseudo-header unknown)
 *               "routing header" unknown IPv6 routing type with segments
 *                                left (final destination unknown)
 *               "authentication" OSPFv2 with cryptographic authentication
 *                                (AuType 2): no checksum is computed
 *                                (RFC 2328 appendix D.4.3)
 *               "version"        OSPFv2 over IPv6 or OSPFv3 over IPv4
 *                                (each version's rule is defined over its
 *                                own IP only)
 *               "odd length"     UDLD of odd length (Cisco's rule for an
 *                                odd last byte is not known)
 *               "jumbogram"      an IPv6 jumbogram that breaks RFC 2675
 *                                section 3 (no valid Jumbo Payload option
 *                                beside payload length 0, a jumbo length
 *                                below 65536, the option beside a nonzero
 *                                payload length, a fragment header); a
 *                                valid one is verified with its 32-bit
 *                                length
 *   PARTIAL     "offload"        the folded pseudo-header sum (Linux)
 *               "not ready"      wrong, but the capture says the checksum
 *                                was not ready (INETCSUM_FRAME_NOT_READY)
 *               "offload, complemented"  its complement
 *               "offload, length 0"  in a TSO super-packet (IPv4 total
 *                                length 0): the pseudo-header sum with
 *                                length 0, what a segmenting NIC wants
 *   an IPv4 layer of any status:
 *               "length from frame"  total length 0 (TSO, Linux BIG TCP):
 *                                the packet is the rest of its frame or
 *                                tunnel payload, as tshark reads it
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

/*
 * What a frame carries behind its link-layer header (the 'l3' of
 * inetcsum_frame_result), as the parser's link-layer walk finds it.  It is
 * reported for the link layers whose header holds neither a length nor a
 * checksum of what follows: Ethernet II (also with a switch's tag, 281,
 * 282, 284, 285), Linux SLL and SLL2, each with any stack of 802.1Q,
 * 802.1ad and 0x9100 VLAN tags, raw IP (101, 228, 229, 12, 14) and the
 * BSD and OpenBSD loopbacks.  Those header bytes can be copied
 * unchanged in front of each piece of a split packet, and the IP packet
 * behind them is the frame's outermost one.  Every other link type
 * (802.11, PPP, PPPoE as link type 51, Cisco HDLC) and every IP packet
 * inside a tunnel or encapsulation (MPLS, GRE, ...) is parsed as always
 * but leaves 'l3' at INETCSUM_L3_NONE.  On Ethernet, an 802.3 length (LLC
 * and SNAP behind it) and the PPPoE ethertypes are INETCSUM_L3_OTHER at
 * offset 14: what follows is not IP directly, whatever it carries.
 */
enum inetcsum_l3 {
	INETCSUM_L3_NONE,	/* not one of the link layers above */
	INETCSUM_L3_CUT,	/* the frame ends inside its link-layer header
				 * (as captured or on the wire) */
	INETCSUM_L3_OTHER,	/* a network layer that is not IP (ARP, an
				 * unknown ethertype, an 802.3 length, a version
				 * or loopback family that is not the link
				 * type's) starts at 'l3_offset' */
	INETCSUM_L3_IPV4,	/* IPv4 starts at 'l3_offset': its version
				 * nibble says so, or was not captured and
				 * the link layer says so */
	INETCSUM_L3_IPV6,	/* the same for IPv6 */
};

struct inetcsum_frame_result {
	size_t nlayers;
	struct inetcsum_layer layers[INETCSUM_MAX_LAYERS];
	/* Non-NULL when the frame could not be parsed past some point
	 * (unknown link type, unknown ethertype, ...): a static string.
	 * The first such event wins; layers before it are still valid. */
	const char *note;
	/* The network layer behind the link-layer header (enum
	 * inetcsum_l3) and its offset in the frame (0 unless OTHER, IPV4
	 * or IPV6); inetcsum_ip_check() reports IPV4 or IPV6 at 0. */
	enum inetcsum_l3 l3;
	size_t l3_offset;
};

/* Options for inetcsum_frame_fix(). */
#define INETCSUM_FIX_PARTIAL	1u	/* also rewrite PARTIAL fields */
/*
 * For inetcsum_frame_check_flags() and inetcsum_frame_fix(): the capture
 * says the frame's checksums were not ready when it was taken (pcapng
 * epb_flags bit 9, "checksum not ready": a sending host's offload).  A TCP
 * or UDP field of the packet itself (not one quoted in an ICMP error) that
 * is wrong is then PARTIAL, reason "not ready", rather than BAD; the fixer
 * writes it only with INETCSUM_FIX_PARTIAL, like any PARTIAL field.
 */
#define INETCSUM_FRAME_NOT_READY 2u

/*
 * inetcsum_frame_check() parses the 'caplen' captured bytes of a frame
 * whose original length was 'origlen', of link type 'linktype', and fills
 * 'out' with a verdict per checksum layer.  It returns 0, or -1 for an
 * unknown link type (with out->note set).  Nothing at or past 'caplen' is
 * read; 'origlen' (taken as 'caplen' if smaller) tells a snapshot cut
 * ("truncated") from a length field that lies ("length").  Every length is
 * checked, whatever the packet carries: a lie shows as the reason of the
 * layer it makes unverifiable, or, when no layer depends on it (a
 * protocol without a checked checksum, a non-first fragment, a tunnel),
 * as the note ("IPv4 total length past its packet", "IPv4 total length
 * below its header length", "IPv6 payload length past its packet",
 * "IPv4 options malformed", "IPv6 destination options malformed").
 * Thread-safe; no allocation.  docs/packet.md lists every rule and its RFC.
 */
INETCSUM_API int inetcsum_frame_check(int linktype, const uint8_t *frame,
				      size_t caplen, size_t origlen,
				      struct inetcsum_frame_result *out);

/*
 * inetcsum_frame_check_flags() is inetcsum_frame_check() with what the
 * capture file says about the frame: 'flags' 0 or INETCSUM_FRAME_NOT_READY.
 */
INETCSUM_API int inetcsum_frame_check_flags(int linktype,
					    const uint8_t *frame,
					    size_t caplen, size_t origlen,
					    unsigned flags,
					    struct inetcsum_frame_result *out);

/*
 * inetcsum_frame_fix() does the same and rewrites, in 'frame', every BAD
 * field (and PARTIAL ones with INETCSUM_FIX_PARTIAL) with its expected value;
 * 'flags' may also hold INETCSUM_FRAME_NOT_READY.  No other byte changes,
 * and NONE, ILLEGAL and UNVERIFIED fields are never recomputed (so no field
 * whose bytes a lying length leaves unknown; the one exception is an ICMP
 * error under such a length, whose field is updated incrementally for the
 * quote it covers when that is repaired, so that it says what it said
 * before; a field
 * whose own coverage is sound, such as an IPv4 header checksum, is still
 * repaired: a capture is fixed field by field, where inetcsum_ip_fill()
 * refuses the whole packet).  A frame cut by the snapshot length is the
 * other limit: an outer GRE, tunnel UDP or ICMP field over the cut is
 * UNVERIFIED and left as it was, so when a field inside it is repaired it
 * no longer matches the original packet.  Layers are fixed innermost
 * first, so that an outer GRE or ICMP
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

/*
 * UDP tunnels.  A datagram whose lower port (else its higher port) is one
 * of tshark's defaults has its payload decoded as that tunnel: VXLAN 4789
 * (and 8472), VXLAN-GPE 4790, Geneve 6081, GTP-U 2152, L2TPv2 1701, Teredo
 * 3544, MPLS 6635 (RFC 7510), GRE 4754 (RFC 8086), LISP data 4341 (RFC
 * 9300), AYIYA 5072, TZSP 37008, CAPWAP data 5247 (RFC 5415; its 802.11
 * frames with the frame control's bytes swapped, as tshark's default
 * takes them).  inetcsum_frame_udp_port() declares another
 * port (or redeclares a default one) as tunnel 'kind', or, with
 * INETCSUM_TUNNEL_NONE, as plain UDP; 0 restores the default.  It returns
 * 0, or -1 for a port outside 1..65535 or an unknown kind.  Process-wide:
 * call it before any thread checks frames (it is not synchronised with
 * them).
 */
enum inetcsum_tunnel {
	INETCSUM_TUNNEL_DEFAULT,
	INETCSUM_TUNNEL_VXLAN,
	INETCSUM_TUNNEL_VXLAN_GPE,
	INETCSUM_TUNNEL_GENEVE,
	INETCSUM_TUNNEL_GTPU,
	INETCSUM_TUNNEL_L2TP,
	INETCSUM_TUNNEL_TEREDO,
	INETCSUM_TUNNEL_NONE,
	/* Added later, after NONE so that the earlier values stay. */
	INETCSUM_TUNNEL_MPLS,
	INETCSUM_TUNNEL_GRE,
	INETCSUM_TUNNEL_LISP,
	INETCSUM_TUNNEL_AYIYA,
	INETCSUM_TUNNEL_TZSP,
	INETCSUM_TUNNEL_CAPWAP,
};

INETCSUM_API int inetcsum_frame_udp_port(unsigned port, int kind);

/* Names for output: "ipv4", "tcp", ... and "good", "bad", ... */
INETCSUM_API const char *inetcsum_proto_name(enum inetcsum_proto p);
INETCSUM_API const char *inetcsum_status_name(enum inetcsum_status s);

/* ====================================================================== */
/*  Packet operations: error codes                                         */
/* ====================================================================== */

/*
 * The packet operations below (and those of offload completion, software
 * GSO and IP fragmentation) return 0 or a count on success and one of
 * these negative codes on failure.  A function that fails writes nothing:
 * every check is made before the first byte of a packet (or of an output
 * array) changes.  inetcsum_pkt_strerror() names them.
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
				 * with segments left, bad IP options,
				 * nesting too deep, a jumbo option GSO
				 * cannot remove */
	INETCSUM_EBADSUM = -5,	/* a checksum that must be right first is
				 * wrong (a segment to coalesce, ...) */
	INETCSUM_EFLOW = -6,	/* segments not of one flow, not in order,
				 * or with headers that differ */
	INETCSUM_ENOSPC = -7,	/* the output buffer is too small */
	INETCSUM_ENOFRAG = -8,	/* must not be fragmented: IPv4 with DF,
				 * or an IPv6 fragment already */
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

/*
 * An IP packet here is an IPv4 or IPv6 packet from its first byte, with no
 * link-layer header, 'len' bytes long; IPv4 or IPv6 is told by the version
 * nibble.  'len' is the whole packet as the caller holds it: a length field
 * that claims more than 'len' is wrong, not a snapshot cut, and bytes past
 * the IP length (link padding) are never summed or written.  Layers and
 * verdicts are those of inetcsum_frame_check() with INETCSUM_LINK_RAW,
 * tunnels and ICMP quotes included; 'field_offset' is from the first byte.
 * Every length is checked before anything is written, whatever the packet
 * carries: a packet with a length that lies is refused by fill even when
 * no checksum depends on it, and shown by check (a layer's reason or the
 * note, as for inetcsum_frame_check()).
 */

/*
 * inetcsum_ip_check() verifies every checksum of the IP packet 'pkt' with
 * the fields in place (nothing is zeroed or written) and fills 'out' with
 * a verdict per layer.  It returns the number of layers that are BAD or
 * ILLEGAL (0: every checksum that could be checked is right), or
 * INETCSUM_EINVAL ('pkt' or 'out' NULL), INETCSUM_EBADLEN ('len' 0) or
 * INETCSUM_EPROTO (version not 4 or 6), with 'out' untouched.  A malformed
 * packet is not an error here: its layers say what could not be verified
 * and why.  Thread-safe; no allocation.
 */
INETCSUM_API int inetcsum_ip_check(const void *pkt, size_t len,
				   struct inetcsum_frame_result *out);

/* Options for inetcsum_ip_fill(). */
#define INETCSUM_FILL_KEEP_UDP_NONE 1u	/* leave a zero UDP/IPv4 field zero */

/*
 * inetcsum_ip_fill() computes and stores every checksum of the IP packet
 * 'pkt', whatever the fields held before: the IPv4 header checksum, TCP,
 * UDP (a computed 0 stored as 0xffff, RFC 768), UDP-Lite, ICMP, ICMPv6,
 * IGMP, GRE (when its C bit is set), the RFC 4884 extension of an ICMP
 * error, PIM, VRRP/CARP, OSPF, RSVP, EIGRP, PGM, HIP, DCCP and SCTP (its
 * 4-byte CRC32c), with the pseudo-header of the final destination (IPv4
 * source route, IPv6 routing header) and the home address (IPv6
 * destination options).  Tunnels are filled innermost first, so that an
 * outer GRE or ICMP checksum covers the final inner fields.
 *
 * A zero UDP field over IPv4 (or RSVP, or PGM but ODATA and RDATA) means
 * "no checksum" to a
 * receiver; a builder calling fill wants one, so it is computed too,
 * unless 'flags' holds INETCSUM_FILL_KEEP_UDP_NONE, which keeps it zero.
 * Fields that no computation can fill are left as they are and reported
 * in 'out' (which may be NULL): the L4 field of a first fragment
 * ("fragment": it covers the whole datagram), the quoted L4 header of an
 * ICMP error that quotes only part of its datagram, and an OSPF field
 * without a rule ("authentication", "version").
 *
 * It returns the number of fields stored, or a negative code with nothing
 * written, not even for a moment (a refused packet is only read):
 * INETCSUM_EINVAL ('pkt' NULL, unknown flag), INETCSUM_EBADLEN
 * ('len' 0, a length field, IHL, UDP-Lite or DCCP coverage or DCCP data
 * offset that does not fit the packet, a header cut by 'len', whatever the protocol: an unknown one, a
 * non-first fragment, a tunnel; an IPv6 jumbogram that breaks RFC 2675),
 * INETCSUM_EPROTO (version not 4 or 6),
 * INETCSUM_EUNSUPP (malformed IP options or destination options, two
 * Home Address options, unknown routing header with segments left, more
 * than INETCSUM_MAX_LAYERS layers or deeper tunnels).  'out' describes the
 * packet before the fill.  No byte other than checksum fields changes.
 * Thread-safe; no allocation.
 */
INETCSUM_API int inetcsum_ip_fill(void *pkt, size_t len, unsigned flags,
				  struct inetcsum_frame_result *out);

/* ====================================================================== */
/*  Forwarding and NAT                                                     */
/* ====================================================================== */

/*
 * These functions change a packet and update its checksums incrementally
 * (RFC 1624 equation 3) instead of summing it again.  When the checksums
 * were right before, each result equals a full recomputation bit for bit:
 * 0x0000 rather than 0xffff for the IPv4 header and TCP, whose sums are
 * never zero, and 0xffff for a computed UDP zero (RFC 768).  A wrong
 * checksum stays wrong by the same amount (nothing is verified unless a
 * function says so).  Packets start at the IP header ('len' bytes, no link
 * layer).  On failure they return a negative INETCSUM_E* code and change
 * nothing.  Thread-safe; no allocation.
 */

/* Options for inetcsum_ipv4_ttl_dec(). */
#define INETCSUM_TTL_VERIFY	1u	/* verify the header checksum first */

/*
 * inetcsum_ipv4_ttl_dec() decrements the TTL of the IPv4 header 'hdr' (at
 * least 4 * IHL of the 'len' bytes) and updates its checksum (RFC 1141,
 * RFC 1624): the router's forwarding step.  With INETCSUM_TTL_VERIFY it
 * first verifies the header checksum, as a router must (RFC 1812 section
 * 5.2.2).  It returns the new TTL (0..254: a router drops the packet at 0
 * and sends ICMP time exceeded), or INETCSUM_EINVAL ('hdr' NULL, unknown
 * flag, TTL already 0), INETCSUM_EBADLEN ('len' below 20, IHL below 5 or
 * past 'len'), INETCSUM_EPROTO (version not 4), INETCSUM_EBADSUM (with
 * INETCSUM_TTL_VERIFY: the header checksum is wrong).
 */
INETCSUM_API int inetcsum_ipv4_ttl_dec(void *hdr, size_t len, unsigned flags);

/* Which address or port a NAT rewrite changes. */
#define INETCSUM_NAT_SRC	0u
#define INETCSUM_NAT_DST	1u

/*
 * inetcsum_nat_addr() rewrites the source (INETCSUM_NAT_SRC) or
 * destination (INETCSUM_NAT_DST) address of the IPv4 or IPv6 packet 'pkt'
 * with the 4 or 16 bytes at 'addr' (network order, any alignment) and
 * updates the IPv4 header checksum and the TCP or UDP checksum, whose
 * pseudo-header holds the address.  A zero UDP checksum ("none" over IPv4,
 * illegal over IPv6) stays zero.  Where the pseudo-header holds another
 * address (a live IPv4 source route or IPv6 routing header for the
 * destination, an IPv6 Home Address option for the source) the L4 checksum
 * does not depend on the rewritten field and is left as it is.  The packet
 * must be TCP or UDP, not a fragment: INETCSUM_EPROTO (version, other
 * protocol), INETCSUM_EUNSUPP (fragment, malformed options), INETCSUM_EBADLEN
 * (a length field or header that does not fit 'len', or a UDP length other
 * than its IP payload's, which inetcsum_offload_prepare() refuses too),
 * INETCSUM_EINVAL (NULL, 'which').  Returns 0 on success.
 */
INETCSUM_API int inetcsum_nat_addr(void *pkt, size_t len, unsigned which,
				   const void *addr);

/*
 * inetcsum_nat_port() rewrites the TCP or UDP source or destination port
 * of 'pkt' with 'port' (a host number: 8080 is stored as 1f 90) and
 * updates the L4 checksum, with the rules and errors of inetcsum_nat_addr().
 */
INETCSUM_API int inetcsum_nat_port(void *pkt, size_t len, unsigned which,
				   uint16_t port);

/* Options for inetcsum_csum_replace(): the size of the change ... */
#define INETCSUM_REPLACE_SIZE_MASK 0x7u
#define INETCSUM_REPLACE_DIFF	0u	/* 'to' is an inetcsum_diff() result */
#define INETCSUM_REPLACE_2	2u	/* a 16-bit value changed */
#define INETCSUM_REPLACE_4	4u	/* a 32-bit value changed */
/* ... and the UDP rule: a zero field stays zero, a 0 result is 0xffff. */
#define INETCSUM_REPLACE_MANGLED_0 0x10u
/* ... or, for INETCSUM_REPLACE_2, bpf_l3_csum_replace()'s 16-bit arithmetic. */
#define INETCSUM_REPLACE_L3	0x20u

/*
 * inetcsum_csum_replace() updates the checksum field at byte 'field_off'
 * of the 'len' bytes at 'pkt' (any alignment) for a change of the covered
 * data from 'from' to 'to': 16-bit (INETCSUM_REPLACE_2) or 32-bit
 * (INETCSUM_REPLACE_4) values in memory order, as memcpy loads them from
 * an even offset of the covered data; or, with INETCSUM_REPLACE_DIFF, 'to'
 * is the partial sum of the change (inetcsum_diff()).  It is eBPF's
 * bpf_l4_csum_replace(), with BPF_F_MARK_MANGLED_0 as
 * INETCSUM_REPLACE_MANGLED_0, and with INETCSUM_REPLACE_L3 eBPF's
 * bpf_l3_csum_replace(), bit for bit for a socket buffer that is not
 * CHECKSUM_PARTIAL (BPF_F_PSEUDO_HDR concerns only the offload state and
 * has no equivalent): HC' = ~(~HC + ~from + to), RFC 1624 equation 3, in
 * the kernel's 32-bit ones' complement arithmetic (csum_replace4(),
 * csum_replace_by_diff()), which never gives 0xffff: a field 0xffff whose
 * change sums to zero becomes 0x0000.  The one exception is size 2 with
 * INETCSUM_REPLACE_L3, bpf_l3_csum_replace()'s 16-bit csum_replace2(),
 * which gives 0xffff when the field and 'from' are 0xffff and 'to' is 0.
 * MANGLED_0 then stores a 0 result as 0xffff and leaves a zero field
 * alone (CSUM_MANGLED_0).  Where eBPF differs: we accept an odd
 * 'field_off' (eBPF: -EFAULT) and a nonzero 'from' beside DIFF, which is
 * ignored (eBPF: -EINVAL); we refuse a 16-bit value above 0xffff (eBPF
 * truncates it) and MANGLED_0 with L3 (not a bpf_l3_csum_replace() flag);
 * BPF_F_MARK_ENFORCE is not offered.  Returns 0, or INETCSUM_EINVAL (NULL,
 * unknown flag or size, those refusals) or INETCSUM_EBADLEN (the field
 * not inside 'len').
 */
INETCSUM_API int inetcsum_csum_replace(void *pkt, size_t len,
				       size_t field_off, uint32_t from,
				       uint32_t to, unsigned flags);

/*
 * inetcsum_diff() returns the partial sum of a change from the 'from_len'
 * bytes at 'from' to the 'to_len' bytes at 'to' (lengths may differ and be
 * 0, with the pointer then unused), added to the partial sum 'seed': seed
 * + sum(to) - sum(from) in ones' complement, as eBPF's bpf_csum_diff().
 * Each range is taken to start at an even offset; an odd length is padded
 * with a zero byte.  The result is in memory order and folded to 16 bits,
 * as Linux's bpf_csum_diff() folds it since 6.12: the one value in
 * 0x0001..0xffff congruent to that sum modulo 0xffff, except 0 where
 * nothing nonzero was added (a zero 'seed' with no data, or with only one
 * of the ranges given and all its bytes zero), where bpf_csum_diff() gives
 * 0 too.  Any other zero sum is 0xffff, as a ones' complement adder gives
 * it (bpf_csum_diff() too, but where its answer depends on the
 * architecture's csum_partial()).  Its bytes are the same on every CPU and
 * kernel (before 6.12 bpf_csum_diff() returned an unfolded 32-bit value
 * that differed between architectures).  Feed it to
 * inetcsum_csum_replace() with INETCSUM_REPLACE_DIFF, or as 'seed' or
 * 'sum' to another diff or to inetcsum_partial().  Thread-safe.
 */
INETCSUM_API uint32_t inetcsum_diff(const void *from, size_t from_len,
				    const void *to, size_t to_len,
				    uint32_t seed);

/* ====================================================================== */
/*  GRO side                                                               */
/* ====================================================================== */

/*
 * One received segment: an IP packet (no link layer) of 'len' bytes.
 * inetcsum_gro_verify() sets 'status' (0: verified; else a negative
 * INETCSUM_E* code) and 'payload_sum', the partial sum (memory order) of
 * the TCP/UDP payload taken as if it started at an even offset, which
 * inetcsum_gro_coalesce() reuses instead of summing the payload again.
 */
struct inetcsum_gro_seg {
	const void *pkt;
	size_t len;
	uint32_t payload_sum;	/* set by inetcsum_gro_verify() */
	int status;		/* set by inetcsum_gro_verify() */
};

/*
 * inetcsum_gro_verify() verifies the 'n' segments of a burst: for each,
 * the IPv4 header checksum and the TCP or UDP checksum (pseudo-header of
 * the final destination included), reading each payload once.  status 0
 * means both are right (a zero UDP checksum over IPv4, "none", counts as
 * verified); INETCSUM_EBADSUM a wrong checksum (or a zero UDP checksum over
 * IPv6); INETCSUM_EBADLEN, INETCSUM_EPROTO (not TCP or UDP), INETCSUM_EUNSUPP
 * (fragment, malformed options) or INETCSUM_EINVAL ('pkt' NULL) a segment
 * that could not be verified.  Returns the number of segments with status
 * 0.  The packets are only read.  Thread-safe; no allocation.  Hand it a
 * whole burst rather than one segment at a time: it prefetches the first
 * segment whole at once and the segments ahead of the one it verifies
 * (a segment that does not follow the one before it in memory 4 ahead,
 * its first line 32 ahead, 8 on Intel CPUs, or as the tuning record says,
 * inetcsum_packet_tuning(); a segment that does, 2 ahead; docs/packet.md,
 * "Far segments", "Far segments on Intel", "Near segments, huge pages and
 * a fairer read limit" and "The burst's first segment").
 */
INETCSUM_API size_t inetcsum_gro_verify(struct inetcsum_gro_seg *segs,
					size_t n);

/*
 * inetcsum_gro_coalesce_prefix() merges the longest run of segments at the
 * start of 'segs' that Linux's GRO (tcp_gro_receive(), inet_gro_receive(),
 * ipv6_gro_receive()) would hold together, 1 to 'n' of the TCP segments of
 * one flow in sequence order, verified by inetcsum_gro_verify() (status
 * 0), into one packet at 'out' ('cap' bytes): the first segment's IP and
 * TCP headers (options and extension headers included), then the
 * payloads in order.  The run ends, as Linux flushes:
 *   - after the first segment alone, if it has no payload or carries
 *     URG, PSH, RST, SYN or FIN, or if its IPv4 header has a fragment or
 *     reserved bit or its buffer holds bytes past the IP length;
 *   - before a segment that is not verified, is another flow (addresses,
 *     ports, protocol, IPv6 flow label or extension headers differ), or
 *     differs from the first in TTL, TOS or DF (IPv4), traffic class or
 *     hop limit (IPv6), TCP ack number, window, header length, option
 *     bytes or flags other than PSH and FIN; that carries CWR; whose
 *     payload is empty or larger than the first's (the MSS); whose
 *     sequence number is not the previous one plus its payload length;
 *     whose IPv4 ID neither counts up from the first's (ID + i for
 *     segment i, modulo 2^16) nor, when the second segment set DF and
 *     repeated the ID, stays the first's; with bytes past its IP length;
 *     or that would make the packet longer than 65535 bytes;
 *   - after a segment with PSH or FIN, or shorter than the MSS.
 * The merged header has the first segment's flags with the last one's
 * PSH and FIN; the IP length and checksums are set; the TCP checksum is
 * derived from the segments' payload sums, placed at their offsets (odd
 * ones included), so the payload is not summed again.  (IPv4 options, which
 * Linux does not merge at all, are merged here when they are the same
 * bytes in every segment, as Linux does for IPv6 extension headers; see
 * docs/packet.md.)  Returns the length of the merged packet and fills
 * '*info' (NULL: not wanted); the caller goes on at segs[info->nsegs].
 * Errors, with nothing written: INETCSUM_EINVAL ('out' or 'segs' NULL,
 * 'n' 0, segs[0].pkt NULL), INETCSUM_EBADSUM (segs[0] not verified),
 * INETCSUM_EPROTO (segs[0] not TCP, or a BIG TCP packet),
 * INETCSUM_ENOSPC (the packet longer than 'cap').  Thread-safe; no
 * allocation.
 */
struct inetcsum_gro_info {
	size_t nsegs;		/* merged: segs[0] to segs[nsegs - 1] */
	size_t mss;		/* the first one's payload bytes (gso_size):
				 * the MSS that cuts the packet back */
	unsigned gso_flags;	/* INETCSUM_GSO_FIXEDID when 2 or more IPv4
				 * segments all had the first one's ID (DF
				 * set; Linux SKB_GSO_TCP_FIXEDID), else 0:
				 * the flags for inetcsum_gso_segment() */
};

INETCSUM_API int
inetcsum_gro_coalesce_prefix(void *out, size_t cap,
			     const struct inetcsum_gro_seg *segs, size_t n,
			     struct inetcsum_gro_info *info);

/*
 * inetcsum_gro_coalesce() merges all 'n' segments as
 * inetcsum_gro_coalesce_prefix() would, or none: it returns the length of
 * the merged packet when the run covers all of them, else
 * INETCSUM_EFLOW (not one flow that Linux would merge whole), with nothing
 * written.  The other errors: INETCSUM_EINVAL (NULL, 'n' 0, a segment's
 * 'pkt' NULL), INETCSUM_EBADSUM (a segment not verified), INETCSUM_EPROTO
 * (not TCP), INETCSUM_ENOSPC (over 'cap', or longer than 65535 bytes).
 * Whether the IDs were fixed is what inetcsum_gro_coalesce_prefix()
 * reports.  Thread-safe; no allocation.
 */
INETCSUM_API int inetcsum_gro_coalesce(void *out, size_t cap,
				       const struct inetcsum_gro_seg *segs,
				       size_t n);

/* ====================================================================== */
/*  Offload completion and preparation                                     */
/* ====================================================================== */

/*
 * Checksum offload as Linux (CHECKSUM_PARTIAL) and virtio-net
 * (VIRTIO_NET_HDR_F_NEEDS_CSUM) define it.  The sender stores in the TCP
 * or UDP checksum field the folded pseudo-header sum, not complemented
 * (what Linux's ~csum_tcpudp_magic(..., 0) gives), and tells the device
 * 'csum_start', the offset of the L4 header in the buffer, and
 * 'csum_offset', the offset of the field from there (16 for TCP, 6 for
 * UDP).  The device sums from csum_start to the end of the packet, the
 * field included, and stores the complement of the folded sum there.
 * Offsets count from the start of the caller's buffer, which may begin
 * with a link-layer header ('l3_offset' bytes before the IP header).
 */
struct inetcsum_offload {
	size_t csum_start;	/* offset of the TCP/UDP header */
	size_t csum_offset;	/* of the checksum field from csum_start */
	size_t end;		/* where the IP packet ends (its length field) */
	uint8_t proto;		/* 6 (TCP) or 17 (UDP) */
	uint8_t ipv6;		/* 1 for IPv6, 0 for IPv4 */
};

/*
 * inetcsum_offload_complete() does the device's part: it sums the bytes
 * [csum_start, len) of 'pkt' and stores the folded, complemented sum at
 * csum_start + csum_offset, in network byte order (as on the wire); a
 * computed 0 is stored as 0xffff (Linux skb_checksum_help(): UDP needs it,
 * RFC 768, and TCP accepts either zero, RFC 1624).  It parses nothing:
 * 'len' must end where the packet does (struct inetcsum_offload 'end';
 * Ethernet padding would be summed).  Errors: INETCSUM_EINVAL when 'pkt'
 * is NULL or the 2-byte field does not lie inside [csum_start, len)
 * (csum_start + csum_offset + 2 <= len), the conditions of Linux
 * skb_checksum_help() for a linear buffer; like it, an odd 'csum_offset'
 * is accepted and written, although a field at an odd distance from
 * csum_start cannot make the sum verify.  Reads and writes nothing
 * outside [0, len), and writes only the field.  Thread-safe; no
 * allocation.
 */
INETCSUM_API int
inetcsum_offload_complete(void *pkt, size_t len, size_t csum_start,
			  size_t csum_offset);

/*
 * inetcsum_offload_prepare() does the sender's part for the TCP or UDP
 * packet whose IP header starts 'l3_offset' bytes into the 'len' bytes at
 * 'pkt': it writes the folded pseudo-header sum into the checksum field
 * and fills 'out' with csum_start, csum_offset and the packet's end, for
 * inetcsum_offload_complete() or a device.  IPv4 with options (the final
 * destination of a source route goes into the pseudo-header) and IPv6 with
 * hop-by-hop, destination options (Home Address) and routing headers (the
 * final destination, RFC 8200 section 8.1) are handled; the pseudo-header
 * length is the IP payload length less the extension headers (TCP) or the
 * UDP length, which must equal it.  An IPv6 jumbogram (RFC 2675) gets the
 * 32-bit length.  Only the two bytes of the field are written, and only on
 * success; the IPv4 header checksum is left as it is.  Errors:
 *   INETCSUM_EINVAL  'pkt' or 'out' is NULL
 *   INETCSUM_EBADLEN headers cut by 'len', or a length field (IHL, total
 *                    length, payload length, extension header length, TCP
 *                    data offset, UDP length) that disagrees with the
 *                    buffer or the packet
 *   INETCSUM_EPROTO  IP version not 4 or 6, not TCP or UDP, ESP, no next
 *                    header
 *   INETCSUM_EUNSUPP a fragment, AH, malformed options, an unknown routing
 *                    header with segments left, an IPv4 packet whose TCP
 *                    or UDP part is over 65535 bytes (the 16-bit length
 *                    of its pseudo-header)
 * Reads nothing at or past 'len'.  Thread-safe; no allocation.
 */
INETCSUM_API int
inetcsum_offload_prepare(void *pkt, size_t len, size_t l3_offset,
			 struct inetcsum_offload *out);

/* ====================================================================== */
/*  Software GSO                                                           */
/* ====================================================================== */

/*
 * Generic segmentation offload in software: a TCP "super-packet" is split
 * into segments of at most 'mss' payload bytes exactly as Linux's
 * tcp_gso_segment() with inet_gso_segment() / ipv6_gso_segment() does,
 * and a UDP one into datagrams of 'mss' payload bytes as UDP_SEGMENT
 * (__udp_gso_segment()) does.  Every segment gets a copy of the bytes
 * before the IP header (the link layer, 'l3_offset' bytes), of the IP
 * header with its options or extension headers, and of the TCP header with
 * its options; then:
 *   IPv4  total length of the segment; ID + i for segment i (modulo 2^16),
 *         or with INETCSUM_GSO_FIXEDID the ID of the input in every
 *         segment; header checksum recomputed
 *   IPv6  payload length of the segment; an RFC 2675 jumbo hop-by-hop
 *         header (Linux BIG TCP) is removed, as Linux does
 *   TCP   sequence number + i * mss; CWR only on the first segment, FIN
 *         and PSH only on the last, every other flag on all; checksum over
 *         the pseudo-header with the segment's length
 *   UDP   length and checksum of each datagram (a computed 0 sent as
 *         0xffff)
 * The payload is copied and summed in one pass (inetcsum_copy()).  The
 * input's own TCP/UDP and IPv4 header checksums are not read, so it may
 * hold a CHECKSUM_PARTIAL pseudo-header sum or anything else.  A payload
 * of at most 'mss' bytes (Linux does not segment it) gives one segment.
 * Super-packets longer than 64 KiB are taken as Linux BIG TCP writes them:
 * IPv4 total length 0, IPv6 payload length 0 with or without the jumbo
 * header; their length is then the buffer's.
 *
 * With INETCSUM_GSO_PARTIAL the TCP/UDP fields get the pseudo-header sum
 * instead (for a device that completes them, CHECKSUM_PARTIAL; see
 * inetcsum_offload_complete()) and the payload is copied with memcpy.
 *
 * INETCSUM_GSO_FIXEDID (Linux SKB_GSO_TCP_FIXEDID) keeps the IPv4 ID of
 * the input in every segment instead of counting it up: what
 * inetcsum_gro_coalesce_prefix() reports for a flow whose IDs were all
 * equal, so that GRO then GSO gives back the segments that were merged.
 * An IPv4 input without DF is refused with it (INETCSUM_EINVAL), as
 * Linux refuses it: only atomic datagrams may repeat an ID (RFC 6864).
 * It changes nothing for IPv6, which has no ID.
 */
#define INETCSUM_GSO_PARTIAL	1u
#define INETCSUM_GSO_FIXEDID	2u

/* One output segment: 'len' bytes at 'offset' of the output buffer. */
struct inetcsum_gso_seg {
	size_t offset;
	size_t len;
};

/* What inetcsum_gso_plan() reports. */
struct inetcsum_gso_plan {
	size_t nsegs;		/* segments that will be written */
	size_t out_len;		/* output bytes they need, back to back */
	size_t hdr_len;		/* bytes of headers in each segment */
	size_t payload;		/* payload bytes of the super-packet */
	uint8_t proto;		/* 6 (TCP) or 17 (UDP) */
	uint8_t ipv6;		/* 1 for IPv6, 0 for IPv4 */
};

/*
 * inetcsum_gso_plan() checks the super-packet whose IP header starts
 * 'l3_offset' bytes into the 'len' bytes at 'pkt' and says how many
 * segments of at most 'mss' payload bytes it makes and how many output
 * bytes they need.  Bytes past the IP packet's own length (Ethernet
 * padding) are not part of it.  Errors (nothing is written to 'plan'):
 *   INETCSUM_EINVAL  'pkt' or 'plan' NULL, 'mss' 0, or a segment that
 *                    would be longer than its 16-bit IP length field
 *   INETCSUM_EBADLEN truncated headers or lengths that lie, as for
 *                    inetcsum_offload_prepare()
 *   INETCSUM_EPROTO  not IPv4/IPv6, not TCP/UDP
 *   INETCSUM_EUNSUPP a fragment, AH, malformed options, an unknown routing
 *                    header with segments left
 * Thread-safe; no allocation.
 */
INETCSUM_API int
inetcsum_gso_plan(const void *pkt, size_t len, size_t l3_offset, size_t mss,
		  struct inetcsum_gso_plan *plan);

/*
 * inetcsum_gso_segment() writes the segments back to back into the
 * 'out_cap' bytes at 'out' and describes segment i in 'segs[i]'; it
 * returns the number of segments (at least 1), or one of the codes of
 * inetcsum_gso_plan(), or INETCSUM_ENOSPC when 'out_cap' or 'max_segs' is
 * smaller than inetcsum_gso_plan() says, and INETCSUM_EINVAL for 'out' or
 * 'segs' NULL or an unknown flag.  On error nothing is written.  The
 * segments of a jumbogram are ordinary packets; a Jumbo Payload option in
 * any form but BIG TCP's own hop-by-hop header is refused, as it is by
 * inetcsum_gso_plan(): INETCSUM_EBADLEN beside a payload length other
 * than 0, for a jumbo length below 65536 or past 'len', or an option
 * length other than 4; INETCSUM_EUNSUPP when the option shares its
 * header with other options.  'out' must not overlap 'pkt'.  'flags' is
 * 0 or INETCSUM_GSO_PARTIAL and/or INETCSUM_GSO_FIXEDID (INETCSUM_EINVAL
 * for FIXEDID on IPv4 without DF).  Reads nothing at or past 'len', writes
 * nothing past 'out_cap' bytes and 'max_segs' entries.  Thread-safe; no
 * allocation.
 */
INETCSUM_API int
inetcsum_gso_segment(const void *pkt, size_t len, size_t l3_offset,
		     size_t mss, unsigned flags, void *out, size_t out_cap,
		     struct inetcsum_gso_seg *segs, size_t max_segs);

/* ====================================================================== */
/*  The packet layer's prefetch                                           */
/* ====================================================================== */

/*
 * Two choices of the packet layer follow the CPU, as the kernels do
 * (docs/tuning.md): 'gro_far', how many segments ahead
 * inetcsum_gro_verify() prefetches the first line of a segment that lies
 * far from the one before it in memory, and 'gso_l2', whether
 * inetcsum_gso_segment() prefetches the payload ahead into L2 (1) or L1
 * (0).  They come from this CPU's tuning record (`inetcsum tune`
 * measures them), else from the built-in table: 8 and L2 on Intel CPUs,
 * 32 and L1 elsewhere.
 *
 * inetcsum_packet_tuning() fills 't' with the choices in use.
 * inetcsum_packet_tuning_set() overrides them for the rest of the process:
 * 'gro_far' 1 to 1024 segments (0 keeps it), 'gso_l2' 0 or 1 (-1 keeps
 * it); calls already running finish as they began.  For `inetcsum tune`,
 * for benchmarks and for tuning a deployment.  It returns 0, or -1 with
 * nothing changed for a value out of range.  Every choice gives the same
 * results.  Thread-safe; no allocation.
 */
struct inetcsum_packet_tuning {
	size_t gro_far;
	int gso_l2;
};

INETCSUM_API void inetcsum_packet_tuning(struct inetcsum_packet_tuning *t);
INETCSUM_API int inetcsum_packet_tuning_set(size_t gro_far, int gso_l2);

/* ====================================================================== */
/*  IP fragmentation                                                      */
/* ====================================================================== */

/*
 * An IP packet longer than a link's MTU cut into fragments of at most
 * 'mtu' IP bytes, as a sending host or router cuts it:
 *   IPv4  RFC 791: the header in every fragment, options without the copy
 *         bit only in the first; data in multiples of 8 bytes; offsets
 *         from the input's own (a fragment may be cut again); MF on all
 *         but the last, which keeps the input's; the identification
 *         kept; total length and header checksum each fragment's own
 *   IPv6  RFC 8200 section 4.5: the per-fragment part (IPv6 header,
 *         hop-by-hop, routing header and the destination options before
 *         it) in every fragment, then a Fragment header with the
 *         identification 'id'; payload length each fragment's own
 * Every fragment gets a copy of the 'l3_offset' bytes before the IP header
 * (the link layer, which must hold no length: see enum inetcsum_l3).  The
 * upper-layer checksum is not touched: it covers the datagram, which the
 * fragments carry unchanged.  Bytes past the IP packet's own length
 * (Ethernet padding) are not part of it.  Fragments are described as GSO
 * segments are (struct inetcsum_gso_seg).
 */
struct inetcsum_frag_plan {
	size_t nfrags;		/* fragments that will be written */
	size_t out_len;		/* output bytes they need, back to back */
	uint8_t ipv6;		/* 1 for IPv6, 0 for IPv4 */
};

/*
 * inetcsum_frag_plan() checks the packet whose IP header starts
 * 'l3_offset' bytes into the 'len' bytes at 'pkt' and says how many
 * fragments of at most 'mtu' IP bytes it makes and how many output bytes
 * they need.  A packet that fits gives one fragment (for IPv6 an atomic
 * fragment, with a Fragment header: RFC 6946; callers that only cut
 * packets longer than the MTU never ask for one).  As Linux cuts, every
 * fragment but the last carries the multiple of 8 data bytes that fits,
 * and the last what is left, up to the MTU.  Errors (nothing is
 * written to 'plan'):
 *   INETCSUM_EINVAL  'pkt' or 'plan' NULL; no data after the headers, or
 *                    an 'mtu' that leaves room neither for all of it nor
 *                    for 8 bytes of it
 *   INETCSUM_EBADLEN truncated header, a header or total length that
 *                    disagrees with the buffer, an IPv4 fragment offset
 *                    that would pass its 13-bit field
 *   INETCSUM_EPROTO  not IPv4 or IPv6
 *   INETCSUM_EUNSUPP malformed IPv4 options; an IPv6 payload length of 0
 *                    (a jumbogram, which RFC 2675 forbids to fragment)
 *   INETCSUM_ENOFRAG IPv4 with DF, or an IPv6 packet that is a fragment
 * Thread-safe; no allocation.
 */
INETCSUM_API int
inetcsum_frag_plan(const void *pkt, size_t len, size_t l3_offset,
		   size_t mtu, struct inetcsum_frag_plan *plan);

/*
 * inetcsum_frag_packet() writes the fragments back to back into the
 * 'out_cap' bytes at 'out' and describes fragment i in 'frags[i]'; it
 * returns the number of fragments (at least 1), or one of the codes of
 * inetcsum_frag_plan(), or INETCSUM_ENOSPC when 'out_cap' or 'max_frags'
 * is smaller than inetcsum_frag_plan() says, and INETCSUM_EINVAL for
 * 'out' or 'frags' NULL.  On error nothing is written.  'id' is the
 * identification of an IPv6 packet's Fragment headers (RFC 8200: one per
 * packet fragmented); IPv4 keeps its own.  'out' must not overlap 'pkt'.
 * Reads nothing at or past 'len', writes nothing past 'out_cap' bytes and
 * 'max_frags' entries.  Thread-safe; no allocation.
 */
INETCSUM_API int
inetcsum_frag_packet(const void *pkt, size_t len, size_t l3_offset,
		     size_t mtu, uint32_t id, void *out, size_t out_cap,
		     struct inetcsum_gso_seg *frags, size_t max_frags);

#ifdef __cplusplus
}
#endif

#endif /* INETCSUM_PACKET_H */
