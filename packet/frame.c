/* SPDX-License-Identifier: MIT */
/*
 * packet/frame.c - the public entry points of the packet module:
 * inetcsum_frame_check(), inetcsum_frame_fix() and the names for output.
 * The verdict of one field is verdict.c's.
 *
 * Fix order
 * ---------
 * An outer GRE or ICMP checksum covers inner headers and their checksum
 * fields, so those must be final before it is computed; an IPv4 header
 * checksum covers only its own header, and no checksum covers an outer
 * one.  The fixer therefore walks the layers from the innermost (last) to
 * the outermost (first) and recomputes each from the frame's current bytes.
 * It rewrites a layer that was BAD (or PARTIAL, on request), and also a
 * GOOD layer whose covered bytes include a field it has just rewritten:
 * that layer was computed over the wrong inner value, and leaving it would
 * turn a good checksum bad.  NONE, ILLEGAL and UNVERIFIED layers are never
 * recomputed.  One UNVERIFIED layer is updated: an ICMP error whose IP
 * header's length is wrong cannot be verified, but its field covers the
 * quote (and RFC 4884 extension) that the fixer may repair; its field is
 * then updated incrementally (RFC 1624, eqn. 3) by the change of each
 * field rewritten inside it, so that it stays right if it was right over
 * whatever it covers, and wrong by the same amount if not.
 */
#include "packet_internal.h"

/* The frame's extent on the wire: a record with caplen > origlen is broken. */
static size_t
wire_end(size_t caplen, size_t origlen)
{
	return origlen > caplen ? origlen : caplen;
}

static int
parse(int linktype, const uint8_t *frame, size_t caplen, size_t origlen,
      struct inetcsum_frame_result *out, struct cover *cov)
{
	struct pctx c;

	pctx_start(&c, frame, caplen, out, cov);
	return inetcsum_pkt_link(&c, linktype, wire_end(caplen, origlen));
}

/*
 * INETCSUM_FRAME_NOT_READY: the capture says the checksums were left for
 * the NIC to fill (pcapng epb_flags bit 9), so a wrong TCP or UDP field is
 * PARTIAL, whatever it holds.  Only the packet's own transport layers: the
 * ones the sending stack offloads (Linux's CHECKSUM_PARTIAL concerns one
 * TCP or UDP checksum; it computes the IPv4 header checksum itself), not
 * the IPv4 header, ICMP, GRE or UDP-Lite, and not the layers quoted in an
 * ICMP error, which come after the ICMP layer and were received from the
 * network.  Applied to the parsed layers, so that check and fix agree.
 */
static void
not_ready(struct inetcsum_frame_result *out)
{
	size_t i;

	for (i = 0; i < out->nlayers; i++) {
		struct inetcsum_layer *l = &out->layers[i];

		if (l->proto == INETCSUM_PROTO_ICMP ||
		    l->proto == INETCSUM_PROTO_ICMPV6)
			return;
		if ((l->proto == INETCSUM_PROTO_TCP ||
		     l->proto == INETCSUM_PROTO_UDP) &&
		    l->status == INETCSUM_BAD) {
			l->status = INETCSUM_PARTIAL;
			l->reason = "not ready";
		}
	}
}

INETCSUM_API int
inetcsum_frame_check(int linktype, const uint8_t *frame, size_t caplen,
		     size_t origlen, struct inetcsum_frame_result *out)
{
	return parse(linktype, frame, caplen, origlen, out, NULL);
}

INETCSUM_API int
inetcsum_frame_check_flags(int linktype, const uint8_t *frame, size_t caplen,
			   size_t origlen, unsigned flags,
			   struct inetcsum_frame_result *out)
{
	int r = parse(linktype, frame, caplen, origlen, out, NULL);

	if (flags & INETCSUM_FRAME_NOT_READY)
		not_ready(out);
	return r;
}

/* RFC 1624 eqn. 3, HC' = ~(~HC + ~m + m'), on memory-order values. */
static u16
incremental(u16 hc, u16 m, u16 m1)
{
	u32 s = (u32)(u16)~hc + (u16)~m + m1;

	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (u16)~s;
}

/* Two bytes swapped: a field at an odd distance from the covered start. */
static u16
swab16(u16 v)
{
	return (u16)(v << 8 | v >> 8);
}

INETCSUM_API int
inetcsum_frame_fix(int linktype, uint8_t *frame, size_t caplen,
		   size_t origlen, unsigned flags,
		   struct inetcsum_frame_result *out)
{
	struct cover cov[INETCSUM_MAX_LAYERS];
	/*
	 * The 2-byte fields rewritten so far, SCTP's 4-byte field as two: a
	 * frame has at most one SCTP layer (it carries no IP), hence the one
	 * entry more.
	 */
	size_t written[INETCSUM_MAX_LAYERS + 1];
	u16 was[INETCSUM_MAX_LAYERS + 1], now[INETCSUM_MAX_LAYERS + 1];
	size_t nwritten = 0, nfields = 0;
	size_t i, k;

	if (parse(linktype, frame, caplen, origlen, out, cov) < 0)
		return -1;
	if (flags & INETCSUM_FRAME_NOT_READY)
		not_ready(out);
	for (i = out->nlayers; i-- > 0;) {
		const struct inetcsum_layer *l = &out->layers[i];
		const struct cover *cv = &cov[i];
		int redo = 0;
		u16 v, cur;
		u8 val[4], old[4];
		size_t w;

		if (!cv->valid && cv->incr) {
			memcpy(&v, frame + cv->field, 2);
			cur = v;
			for (k = 0; k < nwritten; k++)
				if (written[k] >= cv->start &&
				    written[k] - cv->start < cv->len)
					v = ((written[k] - cv->start) & 1) ?
					    incremental(v, swab16(was[k]),
							swab16(now[k])) :
					    incremental(v, was[k], now[k]);
			if (v == cur)
				continue;
			memcpy(frame + cv->field, &v, 2);
			was[nwritten] = cur;
			now[nwritten] = v;
			written[nwritten++] = cv->field;
			nfields++;
			continue;
		}
		if (!cv->valid)
			continue;
		if (l->status == INETCSUM_BAD)
			redo = 1;
		else if (l->status == INETCSUM_PARTIAL)
			redo = (flags & INETCSUM_FIX_PARTIAL) != 0;
		else if (l->status == INETCSUM_GOOD)
			for (k = 0; k < nwritten; k++)
				if (written[k] >= cv->start &&
				    written[k] - cv->start < cv->len)
					redo = 1;
		if (!redo)
			continue;
		w = inetcsum_pkt_field_value(frame, cv, val);
		memcpy(old, frame + cv->field, w);
		if (memcmp(val, old, w) == 0)
			continue;
		memcpy(frame + cv->field, val, w);
		for (k = 0; k < w && nwritten < INETCSUM_MAX_LAYERS + 1;
		     k += 2) {
			memcpy(&was[nwritten], old + k, 2);
			memcpy(&now[nwritten], val + k, 2);
			written[nwritten++] = cv->field + k;
		}
		nfields++;
	}
	return (int)nfields;
}

INETCSUM_API const char *
inetcsum_proto_name(enum inetcsum_proto p)
{
	switch (p) {
	case INETCSUM_PROTO_IPV4:	return "ipv4";
	case INETCSUM_PROTO_TCP:	return "tcp";
	case INETCSUM_PROTO_UDP:	return "udp";
	case INETCSUM_PROTO_UDPLITE:	return "udplite";
	case INETCSUM_PROTO_ICMP:	return "icmp";
	case INETCSUM_PROTO_ICMPV6:	return "icmpv6";
	case INETCSUM_PROTO_IGMP:	return "igmp";
	case INETCSUM_PROTO_GRE:	return "gre";
	case INETCSUM_PROTO_ICMP_EXT:	return "icmpext";
	case INETCSUM_PROTO_PIM:	return "pim";
	case INETCSUM_PROTO_VRRP:	return "vrrp";
	case INETCSUM_PROTO_OSPF:	return "ospf";
	case INETCSUM_PROTO_RSVP:	return "rsvp";
	case INETCSUM_PROTO_EIGRP:	return "eigrp";
	case INETCSUM_PROTO_DCCP:	return "dccp";
	case INETCSUM_PROTO_SCTP:	return "sctp";
	case INETCSUM_PROTO_PGM:	return "pgm";
	case INETCSUM_PROTO_CDP:	return "cdp";
	case INETCSUM_PROTO_HIP:	return "hip";
	case INETCSUM_PROTO_EDP:	return "edp";
	case INETCSUM_PROTO_MH:		return "mh";
	case INETCSUM_PROTO_NHRP:	return "nhrp";
	case INETCSUM_PROTO_SHIM6:	return "shim6";
	case INETCSUM_PROTO_FDP:	return "fdp";
	case INETCSUM_PROTO_UDLD:	return "udld";
	}
	return "?";
}

INETCSUM_API const char *
inetcsum_status_name(enum inetcsum_status s)
{
	switch (s) {
	case INETCSUM_GOOD:		return "good";
	case INETCSUM_BAD:		return "bad";
	case INETCSUM_PARTIAL:		return "partial";
	case INETCSUM_UNVERIFIED:	return "unverified";
	case INETCSUM_NONE:		return "none";
	case INETCSUM_ILLEGAL:		return "illegal";
	}
	return "?";
}
