/* SPDX-License-Identifier: MIT */
/*
 * packet/frame.c - the public entry points of the packet module: the
 * verdict of one checksum field, inetcsum_frame_check(),
 * inetcsum_frame_fix() and the names for output.
 *
 * Verdicts
 * --------
 * A field is GOOD when it holds the checksum computed over the bytes it
 * covers (RFC 1071).  Ones' complement arithmetic has two zeros, so a
 * receiver also accepts 0xffff where 0x0000 was computed and vice versa
 * (RFC 1624 section 3); both count as GOOD, except for UDP, where 0x0000
 * means "no checksum" and a computed 0 must be sent as 0xffff (RFC 768).
 *
 * A field that is not GOOD but holds the pseudo-header sum alone is
 * PARTIAL: with checksum offload the sending stack leaves that sum for the
 * NIC to finish, and a capture on the sending host sees it.  Linux stores
 * ~csum_tcpudp_magic(), i.e. the folded pseudo-header sum without the final
 * complement (include/net/checksum.h, tcp_v4_send_check()); some stacks
 * store the complemented form, so both are recognised, and the layer's
 * 'reason' says which one ("offload" or "offload, complemented").
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

struct inetcsum_layer *
inetcsum_pkt_layer(struct pctx *c, enum inetcsum_proto proto, size_t field)
{
	struct inetcsum_frame_result *out = c->out;
	struct inetcsum_layer *l;

	if (out->nlayers == INETCSUM_MAX_LAYERS) {
		set_note(c, "too many layers");
		return NULL;
	}
	if (c->cov != NULL)
		c->cov[out->nlayers].valid = 0;
	l = &out->layers[out->nlayers++];
	l->proto = proto;
	l->status = INETCSUM_UNVERIFIED;
	l->stored = have(c, field, 2) ? (u16)be16(c->f + field) : 0;
	l->expected = 0;
	l->field_offset = field;
	l->reason = "truncated";
	return l;
}

/*
 * The checksum of 'len' bytes at 'start' with the 2-byte field at 'field'
 * taken as zero.  The field sits at an even distance from 'start', so the
 * bytes after it start at an even offset too and two plain partial sums
 * add up without byte rotation.
 */
static u16
checksum(const u8 *f, size_t start, size_t len, size_t field, u32 pseudo,
	 int udp)
{
	size_t head = field - start;
	u32 sum;
	u16 v;

	sum = inetcsum_partial(f + start, head, pseudo);
	sum = inetcsum_partial(f + field + 2, len - head - 2, sum);
	v = inetcsum_fold(sum);
	/* RFC 768: a computed 0 is sent as all ones (0 means "none"). */
	if (udp && v == 0)
		v = 0xffff;
	return v;
}

u16
inetcsum_pkt_compute(const u8 *f, const struct cover *cv)
{
	return checksum(f, cv->start, cv->len, cv->field, cv->pseudo, cv->udp);
}

void
inetcsum_pkt_verify(struct pctx *c, struct inetcsum_layer *l, size_t start,
		    size_t len, u32 pseudo, int udp, int partial_ok)
{
	size_t field = l->field_offset;
	u16 exp, st;

	if (!have(c, start, len)) {
		l->reason = "truncated";
		return;
	}
	memcpy(&st, c->f + field, 2);
	l->reason = NULL;
	/*
	 * The common case, a correct field, takes one pass with the field in
	 * place (RFC 1071: the sum then folds to zero); only a wrong field
	 * pays for computing the expected value.  A UDP zero is left to the
	 * slow path, where it can never match.
	 */
	if (c->cov == NULL && (st != 0 || !udp) &&
	    inetcsum_fold(inetcsum_partial(c->f + start, len, pseudo)) == 0) {
		l->expected = l->stored;
		l->status = INETCSUM_GOOD;
		return;
	}
	exp = checksum(c->f, start, len, field, pseudo, udp);
	l->expected = mem_to_net(exp);
	if (c->cov != NULL) {
		struct cover *cv = &c->cov[l - c->out->layers];

		cv->start = start;
		cv->len = len;
		cv->field = field;
		cv->pseudo = pseudo;
		cv->udp = (u8)udp;
		cv->valid = 1;
	}
	/* 0x0000 and 0xffff are both zero in ones' complement (RFC 1624). */
	if (st == exp || (!udp && (u16)(st + 1) <= 1 && (u16)(exp + 1) <= 1)) {
		l->status = INETCSUM_GOOD;
		return;
	}
	if (partial_ok) {
		u16 ph = inetcsum_fold(pseudo);
		u16 raw = (u16)(ph ^ 0xffff);	/* folded, not complemented */

		if (st == raw) {
			l->status = INETCSUM_PARTIAL;
			l->reason = "offload";
			return;
		}
		if (st == ph) {
			l->status = INETCSUM_PARTIAL;
			l->reason = "offload, complemented";
			return;
		}
	}
	l->status = INETCSUM_BAD;
}

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
