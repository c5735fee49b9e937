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
 * written.
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

	out->nlayers = 0;
	out->note = NULL;
	c.f = frame;
	c.caplen = caplen;
	c.out = out;
	c.cov = cov;
	c.depth = 0;
	c.quoted = 0;
	return inetcsum_pkt_link(&c, linktype, wire_end(caplen, origlen));
}

INETCSUM_API int
inetcsum_frame_check(int linktype, const uint8_t *frame, size_t caplen,
		     size_t origlen, struct inetcsum_frame_result *out)
{
	return parse(linktype, frame, caplen, origlen, out, NULL);
}

INETCSUM_API int
inetcsum_frame_fix(int linktype, uint8_t *frame, size_t caplen,
		   size_t origlen, unsigned flags,
		   struct inetcsum_frame_result *out)
{
	struct cover cov[INETCSUM_MAX_LAYERS];
	size_t written[INETCSUM_MAX_LAYERS];
	size_t nwritten = 0;
	size_t i, k;

	if (parse(linktype, frame, caplen, origlen, out, cov) < 0)
		return -1;
	for (i = out->nlayers; i-- > 0;) {
		const struct inetcsum_layer *l = &out->layers[i];
		const struct cover *cv = &cov[i];
		int redo = 0;
		u16 v, cur;

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
		v = inetcsum_pkt_compute(frame, cv);
		memcpy(&cur, frame + cv->field, 2);
		if (v == cur)
			continue;
		memcpy(frame + cv->field, &v, 2);
		written[nwritten++] = cv->field;
	}
	return (int)nwritten;
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
