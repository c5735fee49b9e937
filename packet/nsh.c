/* SPDX-License-Identifier: MIT */
/*
 * packet/nsh.c - the Network Service Header of service function chaining
 * (RFC 8300), decoded down to the packet it carries.  It reaches here by
 * ethertype 0x894F (directly over Ethernet, or as a GRE protocol type),
 * as VXLAN-GPE next protocol 4 (tunnel.c) and as its own next protocol 4:
 *
 *   base header     version (2 bits, 0), O, U, TTL (6), length (6 bits,
 *                   the whole NSH in 4-byte words), 4 unassigned bits, MD
 *                   type (4), next protocol (8)
 *   service path    SPI (24 bits), SI (8)
 *   context         MD type 1: 16 bytes, length 6 exactly (section 2.4);
 *                   MD type 2: TLVs, length 2 or more (section 2.5); the
 *                   length field says where the packet starts either way,
 *                   so the TLVs need no walk, and neither does an MD type
 *                   this parser does not know (length 2 or more)
 *   next protocol   1 IPv4, 2 IPv6, 3 Ethernet, 4 NSH, 5 MPLS (section
 *                   11.2.5); anything else is noted
 *
 * As everywhere in the parser, the header is checked against the
 * enclosing packet's end before the capture, and a header that cannot be
 * followed sets the note.
 */
#include "packet_internal.h"

#define NSH_BASE_LEN	8	/* base header and service path header */
#define NSH_MD1_LEN	24	/* RFC 8300 section 2.4: length 0x6 */
#define NSH_MD_TYPE_1	1

#define NSH_NEXT_IPV4	1
#define NSH_NEXT_IPV6	2
#define NSH_NEXT_ETHER	3
#define NSH_NEXT_NSH	4
#define NSH_NEXT_MPLS	5

void
inetcsum_pkt_nsh(struct pctx *c, size_t off, size_t end)
{
	const u8 *h;
	size_t len;

	if (!need(c, off, NSH_BASE_LEN, end, "NSH header past the end of its "
		  "packet", "truncated in the NSH header"))
		return;
	h = c->f + off;
	if (h[0] >> 6 != 0) {
		set_note(c, "NSH version not 0");
		return;
	}
	len = (size_t)(h[1] & 0x3f) * 4;
	if ((h[2] & 0x0f) == NSH_MD_TYPE_1 ? len != NSH_MD1_LEN :
	    len < NSH_BASE_LEN) {
		set_note(c, "NSH length wrong for its MD type");
		return;
	}
	if (len > end - off) {
		set_note(c, "NSH header past the end of its packet");
		return;
	}
	/* The context headers hold no length that matters past 'len'. */
	if (!inetcsum_pkt_enter(c))
		return;
	switch (h[3]) {
	case NSH_NEXT_IPV4:
		inetcsum_pkt_ipv4(c, off + len, end);
		break;
	case NSH_NEXT_IPV6:
		inetcsum_pkt_ipv6(c, off + len, end);
		break;
	case NSH_NEXT_ETHER:
		inetcsum_pkt_ether(c, off + len, end);
		break;
	case NSH_NEXT_NSH:
		inetcsum_pkt_nsh(c, off + len, end);
		break;
	case NSH_NEXT_MPLS:
		inetcsum_pkt_mpls(c, off + len, end);
		break;
	default:
		set_note(c, "NSH next protocol not parsed");
		break;
	}
	c->depth--;
}
