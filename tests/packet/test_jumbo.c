/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_jumbo.c - frames longer than their 16-bit IP length
 * field, as a sending host captures TSO and BIG TCP super-packets (IPv4
 * total length 0; IPv6 payload length 0 with an RFC 2675 Jumbo Payload
 * option, or past 64 KiB without one), against a naive reference written
 * here: the frame is built field by field, the verdict each one must get
 * is decided from how it was built (never by parsing it), and checksums
 * are taken one big-endian word at a time into 64 bits with the
 * pseudo-header's fields added one by one (frames.c's ref_sum()).
 *
 * For every valid form, TCP and UDP, lengths on both sides of 65535 and
 * 65536 and three link layers, the L4 field holds the full checksum
 * (GOOD), the pseudo-header sum (PARTIAL, "offload"), the pseudo-header
 * sum with length 0 (PARTIAL, "offload, length 0", for IPv4 total length
 * 0 only; BAD elsewhere) or none of them (BAD);
 * inetcsum_frame_fix() must write the reference's value exactly where it
 * should (PARTIAL only with INETCSUM_FIX_PARTIAL), inetcsum_ip_fill() must
 * fill the IP packet, and a snapshot cut gives "truncated" (cuts at every
 * header byte may not read past the cut or change a verdict other than to
 * UNVERIFIED).  Every invalid
 * form (jumbo length 65535 or less or past the packet, a payload length
 * beside the option, an option of the wrong length or place, a hop-by-hop
 * header without one, a fragment header, a nonzero IPv4 length past the
 * frame) must stay UNVERIFIED with its reason, be left alone by the fixer
 * and be refused by fill with nothing written.  Buffers end at a guard
 * page, so a read past the frame faults.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frames.h"

/* How the IP header says (or does not say) how long the packet is. */
enum form {
	V4_TOT,		/* IPv4, the real total length (when it fits) */
	V4_TOT0,	/* IPv4 total length 0: the frame's */
	V4_LIE,		/* IPv4 total length one past the frame */
	V6_JUMBO,	/* payload length 0, hop-by-hop c2 04 <length> */
	V6_JUMBO_PAD,	/* the option after a PadN, at offset 6 (4n+2) */
	V6_NOHBH,	/* payload length 0, no hop-by-hop header */
	V6_PLEN,	/* the option beside a nonzero payload length */
	V6_OPTLEN,	/* an option of data length 8 */
	V6_MISALIGN,	/* the option at offset 4 (4n) */
	V6_PAST,	/* jumbo length one past the frame */
	V6_NOJUMBO,	/* payload length 0, hop-by-hop with PadN only */
	V6_FRAG,	/* a jumbogram with an (atomic) fragment header */
	V6_TWICE,	/* two jumbo options */
};

static const char *const form_name[] = {
	"v4-tot", "v4-tot0", "v4-lie", "v6-jumbo", "v6-jumbo-pad",
	"v6-nohbh", "v6-plen", "v6-optlen", "v6-misalign", "v6-past",
	"v6-nojumbo", "v6-frag", "v6-twice",
};

/* Field contents: what a checker must call them, for a valid form;
 * PSEUDO0 is PARTIAL in a TSO super-packet (V4_TOT0) only, else BAD. */
enum value { FULL, PSEUDO, WRONG, PSEUDO0 };

static const uint8_t src4[4] = { 192, 0, 2, 1 }, dst4[4] = { 198, 51, 100, 2 };
static const uint8_t src6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
static const uint8_t dst6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 };

/* A built frame and what the reference knows of it. */
struct jf {
	uint8_t *b;
	size_t len;
	size_t l3, l4, field, ip4_field;
	size_t l4len;		/* the upper-layer length, for the pseudo */
	unsigned proto;
	int v6, valid;
	const char *reason;	/* the L4 reason when not valid */
	const char *note;	/* the note when no layer shows it */
	uint16_t full, raw;	/* the reference's full and pseudo sums */
	uint16_t raw0;		/* ... and the pseudo sum with length 0 */
};

static void
w32(uint8_t *p, size_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/*
 * The pseudo-header, field by field: addresses in 16-bit words, the
 * protocol, the length as two 16-bit words.  IPv6 writes a 32-bit length
 * (RFC 8200 section 8.1, RFC 2675 section 4); the IPv4 header's 16-bit
 * field cannot hold a BIG TCP length, and Linux (csum_tcpudp_nofold() on
 * a u32 skb->len) and tshark ((proto << 16) + length in one 32-bit word)
 * both sum the high half too: below 65536 it is 0 and this is RFC 9293's.
 */
static uint64_t
ref_pseudo(const struct jf *f)
{
	uint64_t s = f->v6 ? ref_sum(src6, 16) + ref_sum(dst6, 16) :
			     ref_sum(src4, 4) + ref_sum(dst4, 4);

	return s + f->proto + (f->l4len >> 16) + (f->l4len & 0xffff);
}

/* The same with a length of 0, as a segmenting NIC wants it (Windows'
 * large send offload leaves it in TSO super-packets). */
static uint64_t
ref_pseudo0(const struct jf *f)
{
	return ref_pseudo(f) - (f->l4len >> 16) - (f->l4len & 0xffff);
}

/*
 * Builds the frame: 'link' bytes of link header (0: raw IP, 14:
 * Ethernet, 18: Ethernet with a VLAN tag), then the IP header of 'fm',
 * then TCP (20 bytes) or UDP (8) with 'l4len' bytes in all, payload
 * bytes from 'seed'.  Fills in the reference's verdict.
 */
static void
build(struct jf *f, enum form fm, unsigned proto, size_t link, size_t l4len,
      unsigned seed)
{
	size_t ext = 0, i, hl, jlen = 0;
	uint8_t *b, *h, *e;
	uint64_t s;

	memset(f, 0, sizeof(*f));
	f->v6 = fm >= V6_JUMBO;
	f->proto = proto;
	f->l3 = link;
	f->l4len = l4len;
	switch (fm) {
	case V6_JUMBO: case V6_PLEN: case V6_PAST: case V6_NOJUMBO:
		ext = 8;
		break;
	case V6_JUMBO_PAD: case V6_OPTLEN: case V6_MISALIGN: case V6_TWICE:
		ext = 16;
		break;
	case V6_FRAG:
		ext = 16;	/* hop-by-hop, then the fragment header */
		break;
	default:
		break;
	}
	hl = f->v6 ? 40 : 20;
	f->l4 = link + hl + ext;
	f->len = f->l4 + l4len;
	b = f->b = calloc(1, f->len);
	if (b == NULL)
		abort();
	if (link >= 14) {
		memset(b, 0x02, 12);
		put16(b + 12, link == 18 ? 0x8100 : (f->v6 ? 0x86dd : 0x0800));
		if (link == 18) {
			put16(b + 14, 5);
			put16(b + 16, f->v6 ? 0x86dd : 0x0800);
		}
	}
	h = b + link;
	e = h + hl;
	if (!f->v6) {
		h[0] = 0x45;
		put16(h + 4, seed & 0xffff);
		h[8] = 64;
		h[9] = (uint8_t)proto;
		memcpy(h + 12, src4, 4);
		memcpy(h + 16, dst4, 4);
		if (fm == V4_TOT)
			put16(h + 2, hl + l4len);
		else if (fm == V4_LIE)
			put16(h + 2, hl + l4len + 1);
		f->ip4_field = link + 10;
		put16(h + 10, ref_csum(h, 20, 0));
		f->valid = fm != V4_LIE;
		f->reason = "length";
		f->note = "IPv4 total length past its packet";
	} else {
		h[0] = 0x60;
		h[7] = 64;
		memcpy(h + 8, src6, 16);
		memcpy(h + 24, dst6, 16);
		h[6] = ext ? 0 : (uint8_t)proto;
		jlen = ext + l4len;
		if (ext) {
			e[0] = fm == V6_FRAG ? 44 : (uint8_t)proto;
			e[1] = (uint8_t)(ext / 8 - 1);
		}
		switch (fm) {
		case V6_JUMBO: case V6_PLEN: case V6_FRAG:
			e[2] = 0xc2, e[3] = 4, w32(e + 4, jlen);
			if (fm == V6_FRAG) {
				e[1] = 0;
				e[8] = (uint8_t)proto;	/* offset 0, M 0 */
				w32(e + 12, seed);
			}
			if (fm == V6_PLEN)
				put16(h + 4, jlen & 0xffff);
			break;
		case V6_PAST:
			e[2] = 0xc2, e[3] = 4, w32(e + 4, jlen + 1);
			break;
		case V6_JUMBO_PAD:
			/* PadN(2) at 2, the option at 6, PadN(2) at 12. */
			e[2] = 1, e[3] = 2;
			e[6] = 0xc2, e[7] = 4, w32(e + 8, jlen);
			e[12] = 1, e[13] = 2;
			break;
		case V6_TWICE:
			/* The option at 2 and at 10 (both 4n+2), PadN(0)
			 * between them. */
			e[2] = 0xc2, e[3] = 4, w32(e + 4, jlen);
			e[8] = 1, e[9] = 0;
			e[10] = 0xc2, e[11] = 4, w32(e + 12, jlen);
			break;
		case V6_OPTLEN:
			/* c2 08 and 8 bytes, then PadN(2). */
			e[2] = 0xc2, e[3] = 8, w32(e + 4, jlen), w32(e + 8, 0);
			e[12] = 1, e[13] = 2;
			break;
		case V6_MISALIGN:
			/* Pad1 Pad1, the option at 4, PadN(4) at 10. */
			e[4] = 0xc2, e[5] = 4, w32(e + 6, jlen);
			e[10] = 1, e[11] = 4;
			break;
		case V6_NOJUMBO:
			e[2] = 1, e[3] = 4;
			break;
		default:
			break;
		}
		/* What the reference calls each form. */
		switch (fm) {
		case V6_JUMBO: case V6_JUMBO_PAD:
			f->valid = jlen > 0xffff;
			f->reason = "jumbogram";
			f->note = "IPv6 jumbo payload length below 65536";
			break;
		case V6_NOHBH:
			f->valid = l4len > 0xffff;
			f->reason = "length";	/* an empty payload */
			f->note = "";
			break;
		case V6_PLEN:
			f->reason = "jumbogram";
			f->note = "IPv6 jumbo payload option beside a payload "
				  "length";
			break;
		case V6_OPTLEN: case V6_MISALIGN: case V6_TWICE:
			f->reason = "jumbogram";
			f->note = "IPv6 jumbo payload option malformed";
			break;
		case V6_PAST:
			f->reason = "length";
			f->note = "IPv6 jumbo payload length past its packet";
			break;
		case V6_NOJUMBO:
			f->reason = "jumbogram";
			f->note = "IPv6 payload length 0 without a jumbo "
				  "payload option";
			break;
		case V6_FRAG:
			f->reason = "jumbogram";
			f->note = "IPv6 jumbogram with a fragment header";
			break;
		default:
			break;
		}
	}
	/* The upper layer: ports, then TCP's data offset or UDP's length
	 * (0 past 16 bits, RFC 2675 section 4). */
	e = b + f->l4;
	put16(e, 40000 + (seed & 0xff));
	put16(e + 2, proto == 6 ? 80 : 9);
	if (proto == 6) {
		w32(e + 4, seed * 2654435761u);
		e[12] = 0x50;
		e[13] = 0x18;
		put16(e + 14, 512);
		f->field = f->l4 + 16;
		i = 20;
	} else {
		put16(e + 4, l4len > 0xffff ? 0 : l4len);
		f->field = f->l4 + 6;
		i = 8;
	}
	for (s = seed * 0x9e3779b97f4a7c15ull + 1; i < l4len; i++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		e[i] = (uint8_t)(s >> 24);
	}
	f->full = ref_csum(e, l4len, ref_pseudo(f));
	if (proto == 17 && f->full == 0)
		f->full = 0xffff;	/* RFC 768 */
	f->raw = (uint16_t)~ref_csum(NULL, 0, ref_pseudo(f));
	f->raw0 = (uint16_t)~ref_csum(NULL, 0, ref_pseudo0(f));
}

/* A value that is neither the checksum, its other zero nor a pseudo sum. */
static uint16_t
wrong(const struct jf *f)
{
	uint16_t v = (uint16_t)(f->full ^ 0x1234);
	uint16_t ph = (uint16_t)~f->raw;	/* "offload, complemented" */

	while (v == f->full || v == f->raw || v == ph || v == f->raw0 ||
	       v == 0 || v == 0xffff)
		v = (uint16_t)(v + 0x0101);
	return v;
}

static int
linktype(size_t link)
{
	return link == 0 ? INETCSUM_LINK_RAW : INETCSUM_LINK_ETHERNET;
}

static const struct inetcsum_layer *
l4_layer(const struct inetcsum_frame_result *r, const struct jf *f)
{
	size_t i;

	for (i = 0; i < r->nlayers; i++)
		if (r->layers[i].field_offset == f->field)
			return &r->layers[i];
	return NULL;
}

static int
same(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* The IPv4 layer, when there is one, is GOOD and says where its length
 * came from. */
static void
check_ipv4(const char *what, const struct inetcsum_frame_result *r,
	   const struct jf *f, enum form fm)
{
	const char *want = fm == V4_TOT0 ? "length from frame" : NULL;

	if (f->v6)
		return;
	CHECK(r->nlayers >= 1 && r->layers[0].proto == INETCSUM_PROTO_IPV4 &&
	      r->layers[0].status == INETCSUM_GOOD &&
	      same(r->layers[0].reason, want),
	      "%s: IPv4 layer %s (%s), want good (%s)", what,
	      r->nlayers ? inetcsum_status_name(r->layers[0].status) : "none",
	      r->nlayers && r->layers[0].reason ? r->layers[0].reason : "-",
	      want ? want : "-");
}

/* One valid frame with the field holding 'v'. */
static void
valid_case(const char *what, struct jf *f, enum form fm, size_t link,
	   enum value v)
{
	static const enum inetcsum_status want_st[] = {
		INETCSUM_GOOD, INETCSUM_PARTIAL, INETCSUM_BAD, INETCSUM_PARTIAL
	};
	struct inetcsum_frame_result r, r2;
	const struct inetcsum_layer *l;
	uint16_t val = v == FULL ? f->full : v == PSEUDO ? f->raw :
		       v == PSEUDO0 ? f->raw0 : wrong(f);
	/* Length 0 is a pseudo sum only in a TSO super-packet. */
	int tso0 = v == PSEUDO0 && fm == V4_TOT0;
	enum inetcsum_status st = v == PSEUDO0 && !tso0 ? INETCSUM_BAD :
				  want_st[v];
	const char *why = v == PSEUDO ? "offload" :
			  tso0 ? "offload, length 0" : NULL;
	uint8_t *p;
	size_t k;
	int n, flags;

	put16(f->b + f->field, val);
	p = guard_copy(f->b, f->len);
	CHECK(inetcsum_frame_check(linktype(link), p, f->len, f->len, &r) ==
	      0, "%s: check failed", what);
	check_ipv4(what, &r, f, fm);
	l = l4_layer(&r, f);
	CHECK(l != NULL && l->status == st && l->stored == val &&
	      l->expected == f->full && same(l->reason, why) &&
	      r.note == NULL,
	      "%s: L4 %s [0x%04x, expected 0x%04x] (%s), note %s; want %s "
	      "[0x%04x, 0x%04x]", what,
	      l ? inetcsum_status_name(l->status) : "missing",
	      l ? l->stored : 0, l ? l->expected : 0,
	      l && l->reason ? l->reason : "-", r.note ? r.note : "none",
	      inetcsum_status_name(st), val, f->full);

	/* The fixer: BAD always, PARTIAL on request; only the field. */
	for (flags = 0; flags <= 1; flags++) {
		int want = st == INETCSUM_BAD ||
			   (st == INETCSUM_PARTIAL && flags);

		memcpy(p, f->b, f->len);
		n = inetcsum_frame_fix(linktype(link), p, f->len, f->len,
				       flags ? INETCSUM_FIX_PARTIAL : 0, &r2);
		CHECK(n == want && get16(p + f->field) ==
		      (want ? f->full : val), "%s: fix (flags %d) wrote %d "
		      "fields, field 0x%04x", what, flags, n,
		      get16(p + f->field));
		for (k = 0; k < f->len; k++)
			if (p[k] != f->b[k] && k - f->field >= 2) {
				CHECK(0, "%s: fix changed byte %zu", what, k);
				break;
			}
		if (want) {
			inetcsum_frame_check(linktype(link), p, f->len,
					     f->len, &r2);
			l = l4_layer(&r2, f);
			CHECK(l != NULL && l->status == INETCSUM_GOOD,
			      "%s: not good after the fix", what);
		}
	}

	/* Fill of the IP packet: the full checksum, the IPv4 header's too. */
	memcpy(p, f->b, f->len);
	n = inetcsum_ip_fill(p + f->l3, f->len - f->l3, 0, NULL);
	CHECK(n == (f->v6 ? 1 : 2) && get16(p + f->field) == f->full &&
	      (f->v6 || get16(p + f->ip4_field) ==
	       get16(f->b + f->ip4_field)),
	      "%s: fill %d (%s), field 0x%04x", what, n,
	      inetcsum_pkt_strerror(n), get16(p + f->field));
	n = inetcsum_ip_check(p + f->l3, f->len - f->l3, &r2);
	CHECK(n == 0, "%s: ip_check after fill: %d bad", what, n);
	guard_free(p, f->len);

	/* A snapshot cut: the frame was longer on the wire. */
	p = guard_copy(f->b, f->len - 7);
	inetcsum_frame_check(linktype(link), p, f->len - 7, f->len, &r);
	l = l4_layer(&r, f);
	CHECK(l != NULL && l->status == INETCSUM_UNVERIFIED &&
	      same(l->reason, "truncated"), "%s: cut 7 bytes short: %s (%s)",
	      what, l ? inetcsum_status_name(l->status) : "missing",
	      l && l->reason ? l->reason : "-");
	guard_free(p, f->len - 7);
}

/*
 * Cuts of the frame (caplen 'cut'), as a snapshot cut and as a frame that
 * ended there, in a buffer that ends at a guard page: every byte of the
 * headers and a few points of the payload.  Nothing may be read past
 * 'cut'; no verified layer may change its verdict unless it became
 * UNVERIFIED; a fix changes nothing but checksum fields.
 */
static void
cuts(const char *what, const struct jf *f, size_t link)
{
	struct inetcsum_frame_result whole, r;
	size_t cut, k, i, step = 1;
	uint8_t *p;

	inetcsum_frame_check(linktype(link), f->b, f->len, f->len, &whole);
	for (cut = 0; cut <= f->len; cut += step) {
		int lie;

		if (cut > f->l4 + 64)
			step = f->len / 7 + 1;	/* and a few in the payload */
		for (lie = 0; lie <= 1; lie++) {
			size_t orig = lie ? cut : f->len;

			p = guard_copy(f->b, cut);
			inetcsum_frame_check(linktype(link), p, cut, orig, &r);
			for (i = 0; i < r.nlayers && i < whole.nlayers; i++) {
				enum inetcsum_status a = r.layers[i].status;
				enum inetcsum_status w = whole.layers[i].status;

				CHECK(a == w || a == INETCSUM_UNVERIFIED,
				      "%s: cut at %zu (origlen %zu): layer "
				      "%zu %s, whole %s", what, cut, orig, i,
				      inetcsum_status_name(a),
				      inetcsum_status_name(w));
			}
			inetcsum_frame_fix(linktype(link), p, cut, orig,
					   INETCSUM_FIX_PARTIAL, &r);
			for (k = 0; k < cut; k++)
				if (p[k] != f->b[k] && !is_field_byte(&r, k)) {
					CHECK(0, "%s: fix of a cut at %zu "
					      "changed byte %zu", what, cut, k);
					break;
				}
			guard_free(p, cut);
		}
	}
}

/* One invalid frame: UNVERIFIED, left alone, refused by fill. */
static void
invalid_case(const char *what, struct jf *f, enum form fm, size_t link)
{
	struct inetcsum_frame_result r;
	const struct inetcsum_layer *l;
	uint8_t *p;
	int n;

	put16(f->b + f->field, f->full);
	p = guard_copy(f->b, f->len);
	inetcsum_frame_check(linktype(link), p, f->len, f->len, &r);
	check_ipv4(what, &r, f, fm);
	l = l4_layer(&r, f);
	if (f->proto == 6 || f->proto == 17)
		CHECK(l != NULL && l->status == INETCSUM_UNVERIFIED &&
		      same(l->reason, f->reason), "%s: L4 %s (%s), want "
		      "unverified (%s); note %s", what,
		      l ? inetcsum_status_name(l->status) : "missing",
		      l && l->reason ? l->reason : "-", f->reason,
		      r.note ? r.note : "none");
	else
		/* No layer shows the broken rule: the note does. */
		CHECK(same(r.note, f->note[0] ? f->note : NULL),
		      "%s: note %s, want %s", what, r.note ? r.note : "none",
		      f->note[0] ? f->note : "none");
	n = inetcsum_frame_fix(linktype(link), p, f->len, f->len,
			       INETCSUM_FIX_PARTIAL, &r);
	CHECK(n == 0 && memcmp(p, f->b, f->len) == 0,
	      "%s: fix of an unverifiable frame wrote %d fields", what, n);
	put16(p + f->field, wrong(f));
	memcpy(f->b + f->field, p + f->field, 2);
	n = inetcsum_ip_fill(p + f->l3, f->len - f->l3, 0, NULL);
	CHECK(n == INETCSUM_EBADLEN && memcmp(p, f->b, f->len) == 0,
	      "%s: fill %d (%s), want refused, nothing written", what, n,
	      inetcsum_pkt_strerror(n));
	guard_free(p, f->len);
}

int
main(void)
{
	/* Upper-layer lengths on both sides of the 16-bit limits: an IPv4
	 * datagram of 65535 and 65536 bytes, a jumbo length (8 bytes of
	 * hop-by-hop header more) of 65535 and 65536, past them, odd. */
	static const size_t lens[] = {
		40, 1480, 65507, 65515, 65516, 65527, 65528, 65529, 65535,
		65536, 65537, 100001, 200000,
	};
	static const size_t links[] = { 0, 14, 18 };
	static const unsigned protos[] = { 6, 17 };
	unsigned seed = 1;
	size_t nvalid = 0, ninvalid = 0;
	int fm;

	for (fm = V4_TOT; fm <= V6_TWICE; fm++) {
		size_t li, pi, ki;

		for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++)
		for (pi = 0; pi < 2; pi++)
		for (ki = 0; ki < 3; ki++) {
			size_t len = lens[li], link = links[ki];
			char what[128];
			struct jf f;
			uint16_t ph;	/* "offload, complemented" */
			int v;

			if ((fm == V4_TOT && len + 20 > 0xffff) ||
			    (fm == V4_LIE && len + 21 > 0xffff))
				continue;	/* no such length field */
			/* A payload length beside the option must fit. */
			if (fm == V6_PLEN && len + 8 > 0xffff)
				continue;
			/* The invalid forms: a few lengths are enough. */
			if (fm > V6_NOHBH && fm != V6_PLEN && len < 65535)
				continue;
			build(&f, (enum form)fm, protos[pi], link, len,
			      seed++);
			snprintf(what, sizeof(what), "%s %s l4 %zu link %zu",
				 form_name[fm], protos[pi] == 6 ? "tcp" :
				 "udp", len, link);
			/* Cuts of one frame per form, protocol and link. */
			if (li == 0 || lens[li] == 65536)
				cuts(what, &f, link);
			if (f.valid) {
				ph = (uint16_t)~f.raw;
				for (v = FULL; v <= PSEUDO0; v++) {
					char w2[160];

					/* A length-0 sum that happens to be
					 * another value is that value. */
					if (v == PSEUDO0 &&
					    (f.raw0 == f.full ||
					     f.raw0 == f.raw ||
					     f.raw0 == ph))
						continue;
					snprintf(w2, sizeof(w2), "%s %s", what,
						 v == FULL ? "full" : v ==
						 PSEUDO ? "pseudo" : v ==
						 WRONG ? "wrong" : "pseudo0");
					valid_case(w2, &f, (enum form)fm, link,
						   (enum value)v);
				}
				nvalid++;
			} else {
				invalid_case(what, &f, (enum form)fm, link);
				ninvalid++;
			}
			free(f.b);
		}
	}

	/* The note when no layer shows the broken rule: an unknown
	 * protocol (253, RFC 3692 experimentation) above each form. */
	for (fm = V4_LIE; fm <= V6_TWICE; fm++) {
		char what[128];
		struct jf f;

		if (fm == V6_JUMBO || fm == V6_JUMBO_PAD)
			build(&f, (enum form)fm, 253, 14, 1000, seed++);
		else if (fm == V6_PLEN || fm == V4_LIE)
			build(&f, (enum form)fm, 253, 14, 1000, seed++);
		else if (fm == V6_NOHBH)
			continue;
		else
			build(&f, (enum form)fm, 253, 14, 70000, seed++);
		snprintf(what, sizeof(what), "%s proto 253", form_name[fm]);
		CHECK(!f.valid, "%s: built valid", what);
		invalid_case(what, &f, (enum form)fm, 14);
		ninvalid++;
		free(f.b);
	}
	CHECK(nvalid > 100 && ninvalid > 50, "only %zu valid, %zu invalid",
	      nvalid, ninvalid);
	printf("test_jumbo: %zu valid frames (x4 field values), %zu invalid, "
	       "%d failures\n", nvalid, ninvalid, test_failures);
	return test_failures != 0;
}
