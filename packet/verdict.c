/* SPDX-License-Identifier: MIT */
/*
 * packet/verdict.c - the verdict of one checksum field, shared by every
 * protocol layer of the frame parser (link.c, ip.c, l4.c, l4_other.c,
 * tunnel.c, wifi.c): inetcsum_pkt_layer() appends a layer,
 * inetcsum_pkt_verify() (inetcsum_pkt_verify_crc32c() for SCTP,
 * inetcsum_pkt_verify_cdp() for CDP) judges it,
 * inetcsum_pkt_field_value() recomputes it for the fixer and fill.  Kept
 * apart from frame.c (the entry points) so that the include cycle of the
 * parser is the protocol grammar alone.
 *
 * Verdicts
 * --------
 * A field is GOOD when it holds the checksum computed over the bytes it
 * covers (RFC 1071).  Ones' complement arithmetic has two zeros, so a
 * receiver also accepts 0xffff where 0x0000 was computed and vice versa
 * (RFC 1624 section 3); both count as GOOD, except for UDP, where 0x0000
 * means "no checksum" and a computed 0 must be sent as 0xffff (RFC 768).
 *
 * 'expected' is always the computed value, the one a recomputation
 * (inetcsum_ip_fill(), the fixer) stores: for a GOOD field it equals
 * 'stored' except when the field holds the other zero, and it is the same
 * whether the frame is checked or fixed (the fast path below hands the
 * zeros to the slow one for that).
 *
 * A field that is not GOOD but holds the pseudo-header sum alone is
 * PARTIAL: with checksum offload the sending stack leaves that sum for the
 * NIC to finish, and a capture on the sending host sees it.  Linux stores
 * ~csum_tcpudp_magic(), i.e. the folded pseudo-header sum without the final
 * complement (include/net/checksum.h, tcp_v4_send_check()); some stacks
 * store the complemented form, so both are recognised, and the layer's
 * 'reason' says which one ("offload" or "offload, complemented").  A TSO
 * super-packet (IPv4 total length 0) may hold the sum of a pseudo-header
 * whose length is 0, as the segmenting NIC wants it: Windows' large send
 * offload leaves that, uncomplemented, in a capture on the sending host
 * (nDPI's anydesk-2.pcap), and Linux's drivers write it too, after the
 * capture point ("offload, length 0"; inetcsum_pkt_verify_tso()).
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
	if (c->cov != NULL) {
		c->cov[out->nlayers].valid = 0;
		c->cov[out->nlayers].incr = 0;
		c->cov[out->nlayers].skiplen = 0;
		c->cov[out->nlayers].crc32c = 0;
		c->cov[out->nlayers].cdp = 0;
		c->cov[out->nlayers].hidden = NULL;
	}
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
 * CDP (Cisco Discovery Protocol) sums an odd last byte 'b' not as the
 * word of bytes (b, 00), RFC 1071's padding, but as (00, b), and adds it
 * as a signed number, which for b >= 0x80 comes out one less: the word of
 * bytes (ff, b - 1).  This is the rule
 * Wireshark's packet-cdp.c documents and checks, the one Cisco's devices
 * send; with an even length CDP's checksum is RFC 1071's.  Adds that word
 * to the partial sum 'sum' (in memory order, as inetcsum_partial() keeps
 * it).
 */
static u32
cdp_last(u8 b, u32 sum)
{
	u8 w[2];

	w[0] = b < 0x80 ? 0 : 0xff;
	w[1] = b < 0x80 ? b : (u8)(b - 1);
	return inetcsum_partial(w, 2, sum);
}

/*
 * The checksum of 'len' bytes at 'start' with the 2-byte field at 'field'
 * taken as zero and the 'skiplen' bytes at 'skip' (after the field; 0:
 * none) left out.  The field and the skipped run sit at even distances
 * from 'start' and the run is of even length, so every piece starts at an
 * even offset and plain partial sums add up without byte rotation.
 */
static u16
checksum(const u8 *f, const struct cover *cv)
{
	size_t head = cv->field - cv->start;
	size_t end = cv->start + cv->len;
	size_t mid = cv->skiplen != 0 ? cv->skip : end;
	u32 sum;
	u16 v;

	sum = inetcsum_partial(f + cv->start, head, cv->pseudo);
	if (cv->cdp && (cv->len & 1)) {
		sum = inetcsum_partial(f + cv->field + 2,
				       end - 1 - cv->field - 2, sum);
		sum = cdp_last(f[end - 1], sum);
		return inetcsum_fold(sum);
	}
	sum = inetcsum_partial(f + cv->field + 2, mid - cv->field - 2, sum);
	if (cv->skiplen != 0)
		sum = inetcsum_partial(f + cv->skip + cv->skiplen,
				       end - cv->skip - cv->skiplen, sum);
	v = inetcsum_fold(sum);
	/* RFC 768: a computed 0 is sent as all ones (0 means "none"). */
	if (cv->udp && v == 0)
		v = 0xffff;
	return v;
}

/*
 * The verdict of 'l' over the bytes 'w' describes ('w->field' is the
 * layer's field); see inetcsum_pkt_verify().
 */
static void
verify(struct pctx *c, struct inetcsum_layer *l, const struct cover *w,
       int partial_ok, const u32 *pseudo0)
{
	size_t field = l->field_offset;
	u16 exp, st;

	if (!have(c, w->start, w->len)) {
		l->reason = "truncated";
		return;
	}
	memcpy(&st, c->f + field, 2);
	l->reason = NULL;
	/*
	 * The common case, a correct field, takes one pass with the field in
	 * place (RFC 1071: the sum then folds to zero); only a wrong field
	 * pays for computing the expected value.  A correct field other than
	 * 0x0000 and 0xffff is the only value of its class modulo 0xffff, so
	 * it is the computed value too; a zero may be the other zero, whose
	 * 'expected' is the computed one, and takes the slow path like a UDP
	 * zero (which can never match).  A checksum with a hole in its bytes
	 * (OSPFv2) takes the slow path: it is rare, and one pass cannot skip.
	 * Fill and fix take the fast path too: what they need is the cover,
	 * recorded either way, from which they compute what they write.
	 */
	inetcsum_pkt_cover_set(c, l, w);
	if ((u16)(st + 1) > 1 && w->skiplen == 0 &&
	    !(w->cdp && (w->len & 1)) &&
	    inetcsum_fold(inetcsum_partial(c->f + w->start, w->len,
					   w->pseudo)) == 0) {
		l->expected = l->stored;
		l->status = INETCSUM_GOOD;
		return;
	}
	exp = checksum(c->f, w);
	l->expected = mem_to_net(exp);
	/* 0x0000 and 0xffff are both zero in ones' complement (RFC 1624). */
	if (st == exp ||
	    (!w->udp && (u16)(st + 1) <= 1 && (u16)(exp + 1) <= 1)) {
		l->status = INETCSUM_GOOD;
		return;
	}
	if (partial_ok) {
		u16 ph = inetcsum_fold(w->pseudo);
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
		if (pseudo0 != NULL) {
			u16 raw0 = (u16)(inetcsum_fold(*pseudo0) ^ 0xffff);

			if (st == raw0) {
				l->status = INETCSUM_PARTIAL;
				l->reason = "offload, length 0";
				return;
			}
		}
	}
	l->status = INETCSUM_BAD;
}

/* verify() over the 'len' bytes at 'start', nothing left out. */
static void
verify_range(struct pctx *c, struct inetcsum_layer *l, size_t start,
	     size_t len, u32 pseudo, int udp, int partial_ok,
	     const u32 *pseudo0)
{
	struct cover w;

	memset(&w, 0, sizeof(w));
	w.start = start;
	w.len = len;
	w.field = l->field_offset;
	w.pseudo = pseudo;
	w.udp = (u8)udp;
	verify(c, l, &w, partial_ok, pseudo0);
}

void
inetcsum_pkt_verify(struct pctx *c, struct inetcsum_layer *l, size_t start,
		    size_t len, u32 pseudo, int udp, int partial_ok)
{
	verify_range(c, l, start, len, pseudo, udp, partial_ok, NULL);
}

void
inetcsum_pkt_verify_tso(struct pctx *c, struct inetcsum_layer *l,
			size_t start, size_t len, u32 pseudo, u32 pseudo0,
			int udp)
{
	verify_range(c, l, start, len, pseudo, udp, 1, &pseudo0);
}

/*
 * SCTP (RFC 9260 appendix A): the CRC32c of the whole packet with the
 * 4-byte field as zeros, stored least significant byte first (the RFC's
 * sample code stores the bytes of the reflected register in that order,
 * and so do Linux's sctp_end_cksum() with cpu_to_le32() and tshark).  The
 * bytes are computed and compared as bytes, so the host's byte order
 * plays no part.
 */
static void
crc32c_field(const u8 *f, const struct cover *cv, u8 v[4])
{
	static const u8 zeros[4];
	size_t head = cv->field - cv->start;
	u32 crc;

	crc = inetcsum_crc32c(0, f + cv->start, head);
	crc = inetcsum_crc32c(crc, zeros, 4);
	crc = inetcsum_crc32c(crc, f + cv->field + 4, cv->len - head - 4);
	v[0] = (u8)crc;
	v[1] = (u8)(crc >> 8);
	v[2] = (u8)(crc >> 16);
	v[3] = (u8)(crc >> 24);
}

size_t
inetcsum_pkt_field_value(const u8 *f, const struct cover *cv, u8 v[4])
{
	u16 s;

	if (cv->crc32c) {
		crc32c_field(f, cv, v);
		return 4;
	}
	s = checksum(f, cv);
	memcpy(v, &s, 2);
	return 2;
}

/*
 * No second zero and no offload form: a CRC has one right value, and
 * there is no pseudo-header sum for a stack to leave behind (a Linux NIC
 * that offloads SCTP's CRC gets the packet with the field zeroed; a
 * capture on the sending host then shows BAD, as tshark does).  'stored'
 * and 'expected' hold the field's first two bytes (struct inetcsum_layer),
 * the verdict compares all four.
 */
void
inetcsum_pkt_verify_crc32c(struct pctx *c, struct inetcsum_layer *l,
			   size_t start, size_t len)
{
	struct cover w;
	u8 exp[4];

	if (!have(c, start, len)) {
		l->reason = "truncated";
		return;
	}
	memset(&w, 0, sizeof(w));
	w.start = start;
	w.len = len;
	w.field = l->field_offset;
	w.crc32c = 1;
	crc32c_field(c->f, &w, exp);
	l->reason = NULL;
	l->expected = (u16)be16(exp);
	inetcsum_pkt_cover_set(c, l, &w);
	l->status = memcmp(c->f + w.field, exp, 4) == 0 ? INETCSUM_GOOD :
		    INETCSUM_BAD;
}

void
inetcsum_pkt_verify_cdp(struct pctx *c, struct inetcsum_layer *l,
			size_t start, size_t len)
{
	struct cover w;

	memset(&w, 0, sizeof(w));
	w.start = start;
	w.len = len;
	w.field = l->field_offset;
	w.cdp = 1;
	verify(c, l, &w, 0, NULL);
}

void
inetcsum_pkt_verify_skip(struct pctx *c, struct inetcsum_layer *l,
			 size_t start, size_t len, size_t skip, size_t skiplen)
{
	struct cover w;

	memset(&w, 0, sizeof(w));
	w.start = start;
	w.len = len;
	w.field = l->field_offset;
	w.skip = skip;
	w.skiplen = skiplen;
	verify(c, l, &w, 0, NULL);
}
