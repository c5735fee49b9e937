/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_frag.c - inetcsum_frag_plan() and inetcsum_frag_packet()
 * against a naive fragmenter written here from the RFCs, not from
 * packet/frag.c:
 *   IPv4 (RFC 791 section 3.2): the header in every fragment, options
 *     with the copy flag only after the first, End of Option List to a
 *     32-bit boundary; 8-byte blocks sized by the first fragment's
 *     header, the last fragment what is left once it fits (as Linux's
 *     ip_do_fragment() cuts); offsets from the input's own; MF on all but
 *     the last, which keeps the input's; length and header checksum
 *     recomputed.
 *   IPv6 (RFC 8200 section 4.5, RFC 6275 section 6.3): the per-fragment
 *     part (hop-by-hop, routing, the destination options a routing header
 *     follows or that hold a Home Address) in every fragment, then a
 *     Fragment header; a packet that is a fragment already is refused.
 *   A packet that fits is one fragment (for IPv6 an atomic fragment).
 * The reference parses the bytes itself; the builder also records where
 * it put the per-fragment part, and the two must agree.
 *
 * Random packets (IPv4 options of every kind, inputs that are fragments
 * already, IPv6 chains of hop-by-hop, destination options with and
 * without a Home Address, routing types 0 and 4, AH; payloads of 1 to
 * 3000 bytes, link layers of 0 to 40, Ethernet padding) are cut for
 * random MTUs from the smallest that carries 8 data bytes to past the
 * packet and SIZE_MAX: the plan and the output must be the reference's
 * byte for byte, no fragment over the MTU, nothing written past the
 * output or the fragment array, the input unchanged (and held against a
 * guard page, so that a read past it faults); one byte or one fragment
 * short must give INETCSUM_ENOSPC with nothing written.  Then every MTU
 * around the boundaries of small packets, hand-worked fragments, the
 * regressions of packet/frag.c and each documented error.
 * INETCSUM_TEST_SEED replays a run; INETCSUM_TEST_QUICK=1 does fewer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_PRINT_MAX 40UL
#include "frames.h"	/* guard_copy(), ref_csum(), CHECK(), get16() */
#include "l4gen.h"	/* l4gen_rand() */
#include "test_util.h"	/* seed, quick mode, the crash report */

#define PKT_MAX		4096		/* the largest packet built */
#define OUT_CAP		(256u * 1024)
#define MAX_FRAGS	1024u
#define SLACK		64		/* canary bytes past the output */
#define CANARY		0xa5

static uint64_t rs;
static unsigned long checked, cases;
static uint8_t *out, *ref_out;
static struct inetcsum_gso_seg *frags;

/* A packet for one case, and what its builder knows of it. */
struct pk {
	uint8_t b[PKT_MAX];
	size_t len;		/* bytes handed over, padding included */
	size_t l3;		/* the IP header */
	size_t end;		/* where the IP packet ends */
	size_t unfrag;		/* IPv4: the header; IPv6: the per-fragment
				 * part from 'l3', as built */
	int v6;
	int is_frag;		/* IPv6: a Fragment header was put in */
	char desc[200];
};

static size_t
rnd(size_t n)
{
	return (size_t)(l4gen_rand(&rs) % n);
}

static void
fill(uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)l4gen_rand(&rs);
}

static void
note(struct pk *k, const char *s)
{
	size_t n = strlen(k->desc);

	snprintf(k->desc + n, sizeof(k->desc) - n, "%s%s", n ? " " : "", s);
}

/* ====================================================================== */
/*  The reference                                                          */
/* ====================================================================== */

/* What the reference made: fragment i is lens[i] bytes at offs[i]. */
static struct {
	size_t n, total;
	size_t unfrag;		/* the header (IPv4) or the per-fragment
				 * part (IPv6) it found, from l3 */
	size_t offs[MAX_FRAGS], lens[MAX_FRAGS];
} want;

/* Room for the next fragment of 'n' bytes in ref_out. */
static uint8_t *
ref_emit(size_t n)
{
	uint8_t *f = ref_out + want.total;

	if (want.n == MAX_FRAGS || n > OUT_CAP - want.total) {
		fprintf(stderr, "test_frag: reference output too big\n");
		abort();	/* a case this test should not build */
	}
	want.offs[want.n] = want.total;
	want.lens[want.n++] = n;
	want.total += n;
	return f;
}

/*
 * The header of IPv4 fragments after the first (RFC 791 section 3.2):
 * the fixed 20 bytes, then only the options whose copy flag (0x80 of the
 * type) is set, then End of Option List bytes to a 32-bit boundary.  An
 * option is a type byte, and but for End of Option List (0, which ends
 * the list) and No Operation (1) a length byte counting type and length
 * and what follows; a length byte missing, below 2 or past the header
 * makes the options malformed: INETCSUM_EUNSUPP.
 */
static int
ref_later_header(const uint8_t *ip, size_t hl, uint8_t *later,
		 size_t *later_hl)
{
	size_t i = 20, n = 20, ol;

	memcpy(later, ip, 20);
	while (i < hl && ip[i] != 0) {
		if (ip[i] == 1) {
			i++;
			continue;
		}
		if (i + 1 >= hl)
			return INETCSUM_EUNSUPP;
		ol = ip[i + 1];
		if (ol < 2 || ol > hl - i)
			return INETCSUM_EUNSUPP;
		if (ip[i] & 0x80) {
			memcpy(later + n, ip + i, ol);
			n += ol;
		}
		i += ol;
	}
	while (n % 4 != 0)
		later[n++] = 0;
	*later_hl = n;
	return 0;
}

static int
ref_v4(const uint8_t *p, size_t len, size_t l3, size_t mtu)
{
	const uint8_t *ip = p + l3;
	uint8_t later[60];
	size_t hl, tot, data, room, chunk, n, k, off0, later_hl;
	unsigned fo;
	int r;

	if (len - l3 < 20)
		return INETCSUM_EBADLEN;
	hl = (size_t)(ip[0] & 15) * 4;
	tot = get16(ip + 2);
	if (hl < 20 || tot < hl || tot > len - l3)
		return INETCSUM_EBADLEN;
	fo = get16(ip + 6);
	if (fo & 0x4000)
		return INETCSUM_ENOFRAG;
	r = ref_later_header(ip, hl, later, &later_hl);
	if (r != 0)
		return r;
	data = tot - hl;
	/*
	 * One fragment if it fits; else 8-byte blocks, as many as the first
	 * fragment's header leaves room for (the later headers are no
	 * longer, so they fit too), and the last fragment whatever is left
	 * once it fits the room (Linux's ip_do_fragment()).  Only a
	 * fragment that is not the last needs a multiple of 8.
	 */
	room = mtu > hl ? mtu - hl : 0;
	if (data == 0 || (room < data && room < 8))
		return INETCSUM_EINVAL;
	chunk = room >= data ? data : room / 8 * 8;
	n = room >= data ? 1 : 1 + (data - room + chunk - 1) / chunk;
	off0 = (size_t)(fo & 0x1fff) * 8;
	if ((off0 + (n - 1) * chunk) / 8 > 0x1fff)
		return INETCSUM_EBADLEN;
	want.unfrag = hl;
	for (k = 0; k < n; k++) {
		size_t h = k == 0 ? hl : later_hl;
		size_t nb = k + 1 < n ? chunk : data - k * chunk;
		uint8_t *f = ref_emit(l3 + h + nb), *q = f + l3;
		unsigned mf = k + 1 < n ? 0x2000 : fo & 0x2000;

		memcpy(f, p, l3);
		memcpy(q, k == 0 ? ip : later, h);
		q[0] = (uint8_t)(0x40 | h / 4);
		put16(q + 2, (uint32_t)(h + nb));
		put16(q + 6, (uint32_t)((off0 + k * chunk) / 8) | mf);
		q[10] = q[11] = 0;
		put16(q + 10, ref_csum(q, h, 0));
		memcpy(q + h, ip + hl + k * chunk, nb);
	}
	return (int)n;
}

/* Whether the options of the header at 'o' ('hl' bytes) hold a Home
 * Address option (type 201). */
static int
ref_has_hao(const uint8_t *o, size_t hl)
{
	size_t i = 2;

	while (i < hl) {
		if (o[i] == 0) {		/* Pad1 */
			i++;
			continue;
		}
		if (i + 1 >= hl)
			return 0;
		if (o[i] == 201)
			return 1;
		i += 2 + (size_t)o[i + 1];
	}
	return 0;
}

#define MAX_CHAIN 64

static int
ref_v6(const uint8_t *p, size_t len, size_t l3, size_t mtu, uint32_t id)
{
	const uint8_t *ip = p + l3;
	unsigned type[MAX_CHAIN];
	size_t at[MAX_CHAIN], hlen[MAX_CHAIN];
	size_t end, off = 40, nh_at = 6, unf = 40, nx = 0, i, j;
	size_t data, room, chunk, n, k;
	unsigned nh;

	if (len - l3 < 40)
		return INETCSUM_EBADLEN;
	if (get16(ip + 4) == 0)
		return INETCSUM_EUNSUPP;	/* a jumbogram */
	end = 40 + get16(ip + 4);
	if (end > len - l3)
		return INETCSUM_EBADLEN;
	/* The chain, to the first header that is not an extension header
	 * this test builds (the upper layer). */
	for (nh = ip[6];; nh = ip[off], off += hlen[nx++]) {
		if (nh == 44)
			return INETCSUM_ENOFRAG;
		if (nh != 0 && nh != 43 && nh != 60 && nh != 51)
			break;
		if (end - off < 2)
			return INETCSUM_EBADLEN;
		if (nx == MAX_CHAIN) {
			fprintf(stderr, "test_frag: chain too long\n");
			abort();
		}
		type[nx] = nh;
		at[nx] = off;
		/* AH counts 4-byte units less 2 (RFC 4302), the rest 8-byte
		 * units less 1 (RFC 8200). */
		hlen[nx] = nh == 51 ? ((size_t)ip[off + 1] + 2) * 4 :
				      ((size_t)ip[off + 1] + 1) * 8;
		if (hlen[nx] > end - off)
			return INETCSUM_EBADLEN;
	}
	/* The per-fragment part: the longest run from the start of the
	 * chain of hop-by-hop, routing, and destination options that a
	 * routing header follows (past other options headers) or that hold
	 * a Home Address option. */
	for (i = 0; i < nx; i++) {
		int per = type[i] == 0 || type[i] == 43;

		if (type[i] == 60) {
			for (j = i + 1; j < nx && (type[j] == 0 ||
						   type[j] == 60); j++)
				;
			per = (j < nx && type[j] == 43) ||
			      ref_has_hao(ip + at[i], hlen[i]);
		}
		if (!per)
			break;
		nh_at = at[i];
		unf = at[i] + hlen[i];
	}
	data = end - unf;
	room = mtu > unf + 8 ? mtu - unf - 8 : 0;
	if (data == 0 || (room < data && room < 8))
		return INETCSUM_EINVAL;
	chunk = room >= data ? data : room / 8 * 8;
	n = room >= data ? 1 : 1 + (data - room + chunk - 1) / chunk;
	want.unfrag = unf;
	for (k = 0; k < n; k++) {
		size_t nb = k + 1 < n ? chunk : data - k * chunk;
		uint8_t *f = ref_emit(l3 + unf + 8 + nb), *q = f + l3;

		memcpy(f, p, l3 + unf);
		q[nh_at] = 44;
		q[unf] = ip[nh_at];
		q[unf + 1] = 0;
		put16(q + unf + 2, (uint32_t)((k * chunk / 8) << 3 |
					      (k + 1 < n)));
		put32(q + unf + 4, id);
		memcpy(q + unf + 8, ip + unf + k * chunk, nb);
		put16(q + 4, (uint32_t)(unf - 40 + 8 + nb));
	}
	return (int)n;
}

/*
 * ref_frag() cuts the packet at 'l3' of the 'len' bytes at 'p' for 'mtu'
 * into ref_out and 'want'; returns the number of fragments, or the code
 * the library must return.
 */
static int
ref_frag(const uint8_t *p, size_t len, size_t l3, size_t mtu, uint32_t id)
{
	want.n = want.total = want.unfrag = 0;
	if (l3 >= len)
		return INETCSUM_EBADLEN;
	if (p[l3] >> 4 == 4)
		return ref_v4(p, len, l3, mtu);
	if (p[l3] >> 4 == 6)
		return ref_v6(p, len, l3, mtu, id);
	return INETCSUM_EPROTO;
}

/* ====================================================================== */
/*  Packets                                                                */
/* ====================================================================== */

static const uint8_t addr[32] = {
	0x20, 0x01, 0x0d, 0xb8, [15] = 1,
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0xff, [31] = 2,
};

/* The link layer and the fixed IPv4 header ('hl' bytes of header in
 * all, total length set later), fragment field 'fo'. */
static uint8_t *
v4_start(struct pk *k, size_t l3, size_t hl, unsigned fo)
{
	uint8_t *ip = k->b + l3;

	memset(k, 0, sizeof(*k));
	fill(k->b, l3);
	k->l3 = l3;
	k->unfrag = hl;
	ip[0] = (uint8_t)(0x40 | hl / 4);
	ip[1] = (uint8_t)l4gen_rand(&rs);
	put16(ip + 4, (uint32_t)l4gen_rand(&rs));
	put16(ip + 6, fo);
	ip[8] = (uint8_t)(1 + rnd(255));
	ip[9] = (uint8_t)rnd(256);
	fill(ip + 10, 2);	/* a wrong checksum: every fragment's is new */
	memcpy(ip + 12, addr + 12, 4);
	memcpy(ip + 16, addr + 28, 4);
	return ip;
}

/* 'plen' data bytes after the header, then 'pad' bytes of padding. */
static void
finish(struct pk *k, size_t plen, size_t pad)
{
	uint8_t *ip = k->b + k->l3;
	size_t hl = k->v6 ? 40 : (size_t)(ip[0] & 15) * 4;
	size_t chain = k->v6 ? k->end - k->l3 - 40 : 0;

	if (k->l3 + hl + chain + plen + pad > PKT_MAX) {
		fprintf(stderr, "test_frag: packet too big\n");
		abort();
	}
	fill(ip + hl + chain, plen + pad);
	k->end = k->l3 + hl + chain + plen;
	k->len = k->end + pad;
	if (k->v6)
		put16(ip + 4, (uint32_t)(chain + plen));
	else
		put16(ip + 2, (uint32_t)(hl + plen));
}

/* An IPv4 packet with the options 'opts' ('ol' bytes, a multiple of 4). */
static void
make_v4(struct pk *k, size_t l3, const uint8_t *opts, size_t ol,
	unsigned fo, size_t plen)
{
	uint8_t *ip = v4_start(k, l3, 20 + ol, fo);

	if (ol != 0)
		memcpy(ip + 20, opts, ol);
	finish(k, plen, 0);
}

/*
 * Random IPv4 options, 0 to 40 bytes: record route (7) and timestamp
 * (68), which stay in the first fragment, and LSRR (131), SSRR (137),
 * security (130), router alert (148) and stream ID (136), which every
 * fragment carries, NOPs between; ended by End of Option List, sometimes
 * with junk after it (padding, which only the first fragment keeps).
 */
static size_t
v4_options(struct pk *k, uint8_t *o)
{
	static const struct {
		uint8_t type, minlen, step;
		const char *name;
	} kind[] = {
		{ 7, 7, 4, "rr" }, { 68, 8, 4, "ts" }, { 131, 7, 4, "lsrr" },
		{ 137, 7, 4, "ssrr" }, { 130, 11, 0, "sec" },
		{ 148, 4, 0, "ra" }, { 136, 4, 0, "sid" },
	};
	size_t room = 4 * rnd(11), n = 0, tries = rnd(7), ol, t;

	while (tries-- > 0) {
		if (rnd(4) == 0) {
			if (n < room) {
				o[n++] = 1;
				note(k, "nop");
			}
			continue;
		}
		t = rnd(sizeof(kind) / sizeof(kind[0]));
		ol = kind[t].minlen + (kind[t].step ? kind[t].step * rnd(4) :
					0);
		if (ol > room - n)
			continue;
		o[n] = kind[t].type;
		o[n + 1] = (uint8_t)ol;
		fill(o + n + 2, ol - 2);
		if (kind[t].step)	/* a pointer: fresh or used up */
			o[n + 2] = (uint8_t)(rnd(2) ? 4 + (t == 1) : ol + 1);
		note(k, kind[t].name);
		n += ol;
	}
	if (n < room) {
		int junk = rnd(4) == 0;

		o[n++] = 0;
		while (n < room)
			o[n++] = junk ? (uint8_t)(1 + rnd(255)) : 0;
		note(k, junk ? "eol+junk" : "eol");
	}
	return room;
}

/* A random IPv4 packet: options, sometimes DF, sometimes a fragment. */
static void
random_v4(struct pk *k, size_t l3, size_t plen)
{
	uint8_t opts[40];
	size_t ol;
	unsigned fo = 0;
	char d[200];

	d[0] = 0;
	memset(k->desc, 0, sizeof(k->desc));
	ol = v4_options(k, opts);
	snprintf(d, sizeof(d), "%s", k->desc);
	switch (rnd(10)) {
	case 0:
		fo = 0x4000;				/* DF */
		break;
	case 1:
		fo = 0x2000;				/* a first fragment */
		break;
	case 2:
		fo = 0x2000 | (unsigned)rnd(0x2000);	/* a middle one */
		break;
	case 3:
		fo = (unsigned)rnd(0x2000);		/* a last one */
		break;
	case 4:
		fo = 0x1fff - (unsigned)rnd(600);	/* near the limit */
		break;
	}
	make_v4(k, l3, opts, ol, fo, plen);
	snprintf(k->desc, sizeof(k->desc), "v4 l3 %zu hl %zu frag %04x "
		 "plen %zu", l3, 20 + ol, fo, plen);
	if (d[0] != 0)
		note(k, d);
}

/* IPv6 extension headers this test builds. */
enum xk { X_HBH, X_DST, X_HAO, X_RT0, X_RT4, X_AH, X_FRAG };
static const unsigned x_type[] = { 0, 60, 60, 43, 43, 51, 44 };
static const char *const x_name[] = {
	"hbh", "dst", "dst-hao", "rt0", "rt4", "ah", "frag",
};

/* Options from 'i' to 'hl' of a hop-by-hop or destination options
 * header: Pad1, PadN, router alert (5) and an unknown type (0x1e), never
 * a Home Address. */
static void
some_options(uint8_t *o, size_t i, size_t hl)
{
	while (i < hl) {
		size_t left = hl - i, ol;

		if (left == 1 || rnd(6) == 0) {
			o[i++] = 0;
			continue;
		}
		ol = 2 + rnd(left - 1);		/* 2..left */
		o[i] = rnd(3) == 0 ? 5 : rnd(2) ? 1 : 0x1e;
		o[i + 1] = (uint8_t)(ol - 2);
		if (o[i] == 1)
			memset(o + i + 2, 0, ol - 2);
		else
			fill(o + i + 2, ol - 2);
		i += ol;
	}
}

/* Extension header 'x' at 'o' (its first byte, the next header, is set
 * by the caller); returns its length. */
static size_t
ext_header(uint8_t *o, enum xk x)
{
	size_t hl, n;

	switch (x) {
	case X_HBH:
	case X_DST:
		hl = 8 * (1 + rnd(3));
		some_options(o, 2, hl);
		break;
	case X_HAO:
		/* RFC 6275 section 6.3: the option at 8n + 6, after a PadN
		 * or another option. */
		hl = rnd(2) ? 24 : 32;
		o[2] = rnd(2) ? 1 : 0x1e;
		o[3] = 2;
		o[4] = o[5] = 0;
		o[6] = 201;
		o[7] = 16;
		fill(o + 8, 16);
		some_options(o, 24, hl);
		break;
	case X_RT0:
	case X_RT4:
		n = 1 + rnd(3);
		hl = 8 + 16 * n;
		o[2] = x == X_RT0 ? 0 : 4;
		o[3] = (uint8_t)rnd(n + 1);	/* segments left */
		memset(o + 4, 0, 4);
		if (x == X_RT4)
			o[4] = (uint8_t)(n - 1);	/* last entry */
		fill(o + 8, 16 * n);
		break;
	case X_AH:
		hl = rnd(2) ? 24 : 32;		/* 96- or 160-bit ICV */
		o[2] = o[3] = 0;
		fill(o + 4, hl - 4);
		break;
	default:			/* X_FRAG */
		hl = 8;
		o[1] = 0;
		fill(o + 2, 6);
		return hl;
	}
	o[1] = (uint8_t)(x == X_AH ? hl / 4 - 2 : hl / 8 - 1);
	return hl;
}

/*
 * An IPv6 packet with the extension headers 'x' (n of them) in that
 * order, then upper layer 'upper' with 'plen' bytes.  The builder knows
 * which headers are per-fragment (RFC 8200 section 4.5; RFC 6275 section
 * 6.3): a run from the start of hop-by-hop, routing, destination options
 * before a routing header, and destination options with a Home Address.
 */
static void
make_v6(struct pk *k, size_t l3, const enum xk *x, size_t n,
	unsigned upper, size_t plen, size_t pad)
{
	uint8_t *ip = k->b + l3, *nhp = ip + 6;
	size_t off = 40, i, j;
	int alive = 1;

	memset(k, 0, sizeof(*k));
	fill(k->b, l3);
	k->l3 = l3;
	k->v6 = 1;
	k->unfrag = 40;
	ip[0] = (uint8_t)(0x60 | rnd(16));
	fill(ip + 1, 3);
	ip[7] = (uint8_t)(1 + rnd(255));
	memcpy(ip + 8, addr, 32);
	note(k, "v6");
	for (i = 0; i < n; i++) {
		int per = x[i] == X_HBH || x[i] == X_RT0 || x[i] == X_RT4 ||
			  x[i] == X_HAO;

		if (x[i] == X_DST) {
			for (j = i + 1; j < n && (x[j] == X_HBH ||
						  x[j] == X_DST ||
						  x[j] == X_HAO); j++)
				;
			per = j < n && (x[j] == X_RT0 || x[j] == X_RT4);
		}
		*nhp = (uint8_t)x_type[x[i]];
		nhp = ip + off;
		off += ext_header(ip + off, x[i]);
		alive = alive && per;
		if (alive)
			k->unfrag = off;
		if (x[i] == X_FRAG)
			k->is_frag = 1;
		note(k, x_name[x[i]]);
	}
	*nhp = (uint8_t)upper;
	k->end = l3 + off;
	finish(k, plen, pad);
	i = strlen(k->desc);
	snprintf(k->desc + i, sizeof(k->desc) - i, " nh %u l3 %zu plen %zu",
		 upper, l3, plen);
}

/* A random chain in the order of RFC 8200 section 4.1, now and then
 * with a Fragment header put anywhere in it. */
static void
random_v6(struct pk *k, size_t l3, size_t plen, size_t pad)
{
	static const unsigned uppers[] = { 6, 17, 58, 59, 50 };
	enum xk x[8];
	size_t n = 0, i;

	if (rnd(2))
		x[n++] = X_HBH;
	if (rnd(2)) {
		if (rnd(2))
			x[n++] = rnd(3) ? X_DST : X_HAO;
		x[n++] = rnd(2) ? X_RT0 : X_RT4;
	}
	if (rnd(3) == 0)
		x[n++] = X_HAO;
	if (rnd(3) == 0)
		x[n++] = X_AH;
	if (rnd(2))
		x[n++] = rnd(4) ? X_DST : X_HAO;
	if (rnd(12) == 0) {
		i = rnd(n + 1);
		memmove(x + i + 1, x + i, (n - i) * sizeof(x[0]));
		x[i] = X_FRAG;
		n++;
	}
	make_v6(k, l3, x, n, uppers[rnd(5)], plen, pad);
}

/* ====================================================================== */
/*  One case against the reference                                         */
/* ====================================================================== */

static int
untouched(const void *p, size_t n)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (b[i] != CANARY)
			return 0;
	return 1;
}

/*
 * The first 'len' bytes of 'k' flush against a guard page, so that a read
 * past them faults.  The copy is kept for the next call while it still
 * holds the same bytes: a packet is cut for many MTUs, and a mapping per
 * call would cost more than the cutting (far more under QEMU).
 */
static const uint8_t *
guarded(const struct pk *k, size_t len)
{
	static uint8_t *in;
	static size_t in_len;

	if (in != NULL && in_len == len && memcmp(in, k->b, len) == 0)
		return in;
	if (in != NULL)
		guard_free(in, in_len);
	in = guard_copy(k->b, len);
	in_len = len;
	return in;
}

/*
 * The packet 'k' (its first 'len' bytes) for 'mtu': the plan and the
 * fragments must be the reference's, or the same error with nothing
 * written.  Returns what the library returned.
 */
static int
run_len(const struct pk *k, size_t len, size_t mtu)
{
	struct inetcsum_frag_plan pl;
	uint32_t id = (uint32_t)l4gen_rand(&rs);
	const uint8_t *in = guarded(k, len);
	size_t i, nf;
	int w, r;

	checked++;
	/* A fault on a guard page names the case (offset: the MTU). */
	inetcsum_test_context("none", k->desc, len, mtu);
	w = ref_frag(k->b, len, k->l3, mtu, id);
	memset(&pl, CANARY, sizeof(pl));
	r = inetcsum_frag_plan(in, len, k->l3, mtu, &pl);
	nf = w > 0 ? (size_t)w : 0;
	memset(out, CANARY, want.total + SLACK);
	memset(frags, CANARY, (nf + 2) * sizeof(*frags));
	if (w < 0) {
		CHECK(r == w && untouched(&pl, sizeof(pl)),
		      "[%s] len %zu mtu %zu: plan %d (%s), want %d (%s)",
		      k->desc, len, mtu, r, inetcsum_pkt_strerror(r), w,
		      inetcsum_pkt_strerror(w));
		r = inetcsum_frag_packet(in, len, k->l3, mtu, id, out, OUT_CAP,
					 frags, MAX_FRAGS);
		CHECK(r == w && untouched(out, SLACK) &&
		      untouched(frags, 2 * sizeof(*frags)),
		      "[%s] len %zu mtu %zu: %d (%s), want %d (%s), nothing "
		      "written", k->desc, len, mtu, r,
		      inetcsum_pkt_strerror(r), w, inetcsum_pkt_strerror(w));
		goto done;
	}
	/* The reference found the per-fragment part where it was built. */
	CHECK(k->is_frag || want.unfrag == k->unfrag,
	      "[%s] reference: per-fragment part %zu, built %zu", k->desc,
	      want.unfrag, k->unfrag);
	CHECK(r == 0 && pl.nfrags == nf && pl.out_len == want.total &&
	      pl.ipv6 == k->v6, "[%s] mtu %zu: plan %d: %zu fragments %zu "
	      "bytes, want %zu %zu", k->desc, mtu, r, r ? 0 : pl.nfrags,
	      r ? 0 : pl.out_len, nf, want.total);
	/* One byte short, one fragment short: nothing written. */
	r = inetcsum_frag_packet(in, len, k->l3, mtu, id, out, want.total - 1,
				 frags, nf);
	CHECK(r == INETCSUM_ENOSPC && untouched(out, want.total + SLACK) &&
	      untouched(frags, (nf + 2) * sizeof(*frags)),
	      "[%s] mtu %zu: output one byte short: %d", k->desc, mtu, r);
	r = inetcsum_frag_packet(in, len, k->l3, mtu, id, out, want.total,
				 frags, nf - 1);
	CHECK(r == INETCSUM_ENOSPC && untouched(out, want.total + SLACK) &&
	      untouched(frags, (nf + 2) * sizeof(*frags)),
	      "[%s] mtu %zu: one fragment short: %d", k->desc, mtu, r);
	r = inetcsum_frag_packet(in, len, k->l3, mtu, id, out, want.total,
				 frags, nf);
	if (r != w) {
		CHECK(0, "[%s] mtu %zu: %d (%s), want %zu fragments", k->desc,
		      mtu, r, inetcsum_pkt_strerror(r), nf);
		goto done;
	}
	if (memcmp(out, ref_out, want.total) != 0) {
		for (i = 0; out[i] == ref_out[i]; i++)
			;
		CHECK(0, "[%s] mtu %zu: output differs from the reference "
		      "at byte %zu of %zu (%02x, want %02x)", k->desc, mtu, i,
		      want.total, out[i], ref_out[i]);
	}
	CHECK(untouched(out + want.total, SLACK) &&
	      untouched(frags + nf, 2 * sizeof(*frags)),
	      "[%s] mtu %zu: written past the output", k->desc, mtu);
	for (i = 0; i < nf; i++) {
		CHECK(frags[i].offset == want.offs[i] &&
		      frags[i].len == want.lens[i],
		      "[%s] mtu %zu: fragment %zu at %zu+%zu, want %zu+%zu",
		      k->desc, mtu, i, frags[i].offset, frags[i].len,
		      want.offs[i], want.lens[i]);
		CHECK(frags[i].len - k->l3 <= mtu,
		      "[%s] mtu %zu: fragment %zu has %zu IP bytes", k->desc,
		      mtu, i, frags[i].len - k->l3);
	}
done:
	CHECK(memcmp(in, k->b, len) == 0, "[%s] input changed", k->desc);
	inetcsum_test_context(NULL, NULL, 0, 0);
	return r;
}

static int
run(const struct pk *k, size_t mtu)
{
	return run_len(k, k->len, mtu);
}

/* The smallest MTU that carries 8 data bytes, and the one fragment's
 * IP length (for IPv6 with its Fragment header). */
static size_t
min_mtu(const struct pk *k)
{
	return k->unfrag + (k->v6 ? 16 : 8);
}

static size_t
whole(const struct pk *k)
{
	return k->end - k->l3 + (k->v6 ? 8 : 0);
}

static size_t
random_mtu(const struct pk *k)
{
	static const size_t common[] = { 576, 1280, 1500, 9000, 65535 };
	size_t lo = min_mtu(k), hi = whole(k);

	switch (rnd(8)) {
	case 0:
		return lo + rnd(24);
	case 1:
		return hi - 1 + rnd(3);		/* fits, just, or not */
	case 2:
		return SIZE_MAX - rnd(16);
	case 3:
		return common[rnd(5)];
	default:
		return lo + rnd(hi + 64 - lo);
	}
}

static void
random_cases(unsigned long n)
{
	static struct pk k;
	unsigned long i;

	for (i = 0; i < n; i++) {
		size_t l3 = rnd(4) ? rnd(41) : 14, plen = 1 + rnd(3000);
		size_t pad = rnd(4) == 0 ? rnd(8) : 0;

		if (rnd(6) == 0)
			plen = 1 + rnd(40);
		if (rnd(2)) {
			random_v4(&k, l3, plen);
			/* Ethernet padding, past the total length. */
			fill(k.b + k.end, pad);
			k.len = k.end + pad;
		} else {
			random_v6(&k, l3, plen, pad);
		}
		cases++;
		run(&k, random_mtu(&k));
		run(&k, random_mtu(&k));
	}
}

/* Every MTU around the smallest and around "fits" of small packets. */
static void
every_mtu(unsigned long n)
{
	static struct pk k;
	unsigned long i;
	size_t mtu;

	for (i = 0; i < n; i++) {
		size_t l3 = rnd(41), plen = 1 + rnd(i < n / 2 ? 40 : 300);

		if (i & 1)
			random_v4(&k, l3, plen);
		else
			random_v6(&k, l3, plen, 0);
		cases++;
		for (mtu = min_mtu(&k) > 2 ? min_mtu(&k) - 2 : 0;
		     mtu <= whole(&k) + 9; mtu++)
			run(&k, mtu);
	}
}

/* ====================================================================== */
/*  Hand-worked cases, regressions, errors                                 */
/* ====================================================================== */

/* Plan and packet must give 'code' and write nothing; the reference must
 * say so too. */
static void
expect_err(const struct pk *k, size_t len, size_t mtu, int code,
	   const char *what)
{
	int r = run_len(k, len, mtu);

	cases++;
	CHECK(r == code, "%s: %d (%s), want %d (%s)", what, r,
	      inetcsum_pkt_strerror(r), code, inetcsum_pkt_strerror(code));
	CHECK(ref_frag(k->b, len, k->l3, mtu, 1) == code,
	      "%s: the reference disagrees", what);
}

/* 'nf' fragments, the reference's; returns 1 if so. */
static int
expect_frags(const struct pk *k, size_t mtu, int nf, const char *what)
{
	int r = run(k, mtu);

	cases++;
	CHECK(r == nf, "%s: %d (%s), want %d fragments", what, r,
	      inetcsum_pkt_strerror(r), nf);
	return r == nf;
}

/*
 * Worked by hand from RFC 791: options record route (7 bytes, not
 * copied), NOP, LSRR (7 bytes, copied), EOL: a 36-byte header; the later
 * fragments keep only the LSRR, padded to 28.  40 data bytes, MTU 52:
 * 16 + 16 + 8 bytes at offsets 0, 2 and 4 (8-byte units), MF on the
 * first two; the input is itself a middle fragment at offset 100 with MF,
 * so the last keeps MF and every offset moves by 100.
 */
static void
hand_v4(void)
{
	static const uint8_t opts[16] = {
		7, 7, 4, 1, 2, 3, 4, 1, 131, 7, 8, 10, 0, 0, 1, 0,
	};
	static const unsigned w_hl[3] = { 36, 28, 28 };
	static const unsigned w_tot[3] = { 52, 44, 36 };
	static const unsigned w_fo[3] = { 0x2000 | 100, 0x2000 | 102,
					  0x2000 | 104 };
	static struct pk k;
	const uint8_t *q;
	size_t i;

	make_v4(&k, 14, opts, sizeof(opts), 0x2000 | 100, 40);
	strcpy(k.desc, "hand-worked IPv4");
	if (!expect_frags(&k, 52, 3, k.desc))
		return;
	for (i = 0; i < 3; i++) {
		q = out + frags[i].offset + 14;
		CHECK((q[0] & 15) * 4u == w_hl[i] && get16(q + 2) == w_tot[i] &&
		      get16(q + 6) == w_fo[i] && ref_csum(q, w_hl[i], 0) == 0 &&
		      memcmp(q + 4, k.b + 14 + 4, 2) == 0 &&
		      memcmp(q + w_hl[i], k.b + 14 + 36 + 16 * i,
			     i < 2 ? 16 : 8) == 0 &&
		      memcmp(out + frags[i].offset, k.b, 14) == 0,
		      "hand-worked IPv4 fragment %zu: hl %u tot %u frag %04x",
		      i, (q[0] & 15) * 4u, get16(q + 2), get16(q + 6));
		if (i > 0)
			CHECK(memcmp(q + 20, "\x83\x07\x08\x0a\0\0\x01\0", 8)
			      == 0, "hand-worked IPv4 fragment %zu: options",
			      i);
	}
}

/* An IPv6 packet that fits: one atomic fragment (RFC 6946), offset 0,
 * M clear, the caller's identification. */
static void
atomic_v6(void)
{
	static struct pk k;
	const uint8_t *q;
	int r;

	make_v6(&k, 0, NULL, 0, 17, 16, 0);
	r = inetcsum_frag_packet(k.b, k.len, 0, 1500, 0x01020304u, out,
				 OUT_CAP, frags, 4);
	q = out;
	CHECK(r == 1 && frags[0].len == 40 + 8 + 16 && get16(q + 4) == 24 &&
	      q[6] == 44 && memcmp(q + 40, "\x11\0\0\0\x01\x02\x03\x04", 8)
	      == 0 && memcmp(q + 48, k.b + 40, 16) == 0,
	      "atomic fragment: %d", r);
	checked++;
	cases++;
	expect_frags(&k, 1500, 1, "atomic fragment");
}

static void
regressions(void)
{
	static const enum xk dst_frag[] = { X_DST, X_FRAG };
	static const enum xk hbh_rt_dst_frag[] = { X_HBH, X_RT0, X_DST,
						   X_FRAG };
	static const enum xk hao[] = { X_HAO };
	static const enum xk hbh_rt_hao_ah[] = { X_HBH, X_RT4, X_HAO, X_AH,
						 X_DST };
	static const enum xk rt[] = { X_RT0 };
	static const enum xk cut_in[] = { X_HBH, X_DST, X_RT4, X_HAO, X_AH,
					  X_DST };
	static const size_t big[] = { SIZE_MAX, SIZE_MAX - 3, SIZE_MAX - 7,
				      SIZE_MAX - 14 };
	static struct pk k;
	size_t i, j, e, n;

	/*
	 * (a) The walk of the per-fragment headers stopped at the first
	 * header that is not one (here destination options with no routing
	 * header after them) and only then looked for a Fragment header, so
	 * a packet that is a fragment already was cut again.
	 */
	make_v6(&k, 0, dst_frag, 2, 17, 100, 0);
	expect_err(&k, k.len, 80, INETCSUM_ENOFRAG, "dst + frag");
	expect_err(&k, k.len, 1500, INETCSUM_ENOFRAG, "dst + frag, fits");
	make_v6(&k, 14, hbh_rt_dst_frag, 4, 6, 500, 0);
	expect_err(&k, k.len, 300, INETCSUM_ENOFRAG, "hbh rt dst frag");

	/*
	 * (b) Destination options with a Home Address option went after the
	 * Fragment header, into the data; RFC 6275 section 6.3 puts them
	 * before it, in every fragment.
	 */
	make_v6(&k, 14, hao, 1, 17, 100, 0);
	if (expect_frags(&k, 1280, 1, "dst-hao, fits"))
		CHECK(out[14 + 6] == 60 && out[14 + 40] == 44 &&
		      out[14 + k.unfrag] == 17, "dst-hao: next headers %u %u "
		      "%u, want 60 44 17", out[14 + 6], out[14 + 40],
		      out[14 + k.unfrag]);
	n = expect_frags(&k, k.unfrag + 8 + 48, 3, "dst-hao, 3 fragments") ?
	    3 : 0;
	for (i = 0; i < n; i++)
		CHECK(memcmp(out + frags[i].offset + 14 + 41, k.b + 14 + 41,
			     k.unfrag - 41) == 0 &&
		      out[frags[i].offset + 14 + k.unfrag] == 17,
		      "dst-hao: fragment %zu lacks the options", i);
	make_v6(&k, 0, hbh_rt_hao_ah, 5, 17, 700, 3);
	expect_frags(&k, k.unfrag + 8 + 256, 3, "hbh rt dst-hao ah dst");

	/*
	 * (c) An MTU near SIZE_MAX ("no limit") wrapped the size of the
	 * largest fragment past SIZE_MAX once the link layer was added, and
	 * was refused with INETCSUM_EINVAL.
	 */
	for (i = 0; i < 4; i++) {
		make_v4(&k, 14, NULL, 0, 0, 1000);
		strcpy(k.desc, "v4, mtu near SIZE_MAX");
		expect_frags(&k, big[i], 1, k.desc);
		make_v6(&k, 14, hao, 1, 17, 1000, 0);
		expect_frags(&k, big[i], 1, "v6, mtu near SIZE_MAX");
	}

	/*
	 * (d) A routing header whose length ran past the packet ended the
	 * walk, and the packet was cut with the header in its data; it is
	 * a length that lies.  The same for each kind of header, cut short
	 * at each of its bytes by the payload length.
	 */
	make_v6(&k, 0, rt, 1, 17, 20, 0);
	/* One 8-byte unit more than the payload holds. */
	k.b[41] = (uint8_t)((k.end - 40) / 8);
	expect_err(&k, k.len, 1280, INETCSUM_EBADLEN, "routing past the end");
	make_v6(&k, 6, cut_in, 6, 17, 100, 0);
	e = k.end - 100 - 6;		/* the end of the chain */
	for (j = 41; j < e; j++) {
		put16(k.b + 6 + 4, (uint32_t)(j - 40));
		expect_err(&k, k.len, 1280, INETCSUM_EBADLEN,
			   "chain cut short");
	}

	/*
	 * (e) The data went in 8-byte blocks to the last byte, so a packet
	 * that fits the MTU, but not in whole blocks, was cut in two, and
	 * one with under 8 data bytes refused; Linux's ip_do_fragment() and
	 * ip6_fragment() let the last fragment take what is left once it
	 * fits.  Only a fragment before another holds a multiple of 8.
	 */
	make_v4(&k, 0, NULL, 0, 0, 1001);
	strcpy(k.desc, "v4 1021 bytes");
	expect_frags(&k, 1021, 1, "v4 1021 bytes, mtu 1021");
	make_v4(&k, 0, NULL, 0, 0, 3);
	strcpy(k.desc, "v4 23 bytes");
	expect_frags(&k, 23, 1, "v4 23 bytes, mtu 23");
	make_v6(&k, 0, NULL, 0, 17, 13, 0);
	expect_frags(&k, 61, 1, "v6 53 bytes, mtu 61");
	/* 2001 data bytes, room for 1003: 1000 + 1001, not 1000 + 1000 +
	 * 1. */
	make_v4(&k, 0, NULL, 0, 0, 2001);
	strcpy(k.desc, "v4 2001 data bytes, room 1003");
	if (expect_frags(&k, 20 + 1003, 2, k.desc))
		CHECK(frags[0].len == 1020 && frags[1].len == 1021,
		      "%s: %zu + %zu bytes", k.desc, frags[0].len,
		      frags[1].len);
}

static void
errors(void)
{
	static const uint8_t bad_opts[][8] = {
		{ 7, 0, 0, 0, 0, 0, 0, 0 },	/* length 0 */
		{ 1, 7, 1, 0, 0, 0, 0, 0 },	/* length 1 */
		{ 131, 9, 4, 0, 0, 0, 0, 0 },	/* past the header */
		{ 1, 1, 1, 1, 1, 1, 1, 0x83 },	/* no length byte */
		{ 148, 4, 0, 0, 137, 5, 4, 0 },	/* the second past */
	};
	static const enum xk hbh[] = { X_HBH }, rt[] = { X_RT4 };
	static const enum xk dst[] = { X_DST };
	static struct pk k;
	struct inetcsum_frag_plan pl;
	size_t i, cut;
	int r;

	/* DF: never cut, not even when it fits. */
	make_v4(&k, 14, NULL, 0, 0x4000, 2000);
	expect_err(&k, k.len, 1500, INETCSUM_ENOFRAG, "DF");
	expect_err(&k, k.len, 9000, INETCSUM_ENOFRAG, "DF, fits");

	/* The last fragment's offset must fit 13 bits: 16 bytes, 8 a
	 * fragment, from offset 8190 (last at 8191) and 8191 (8192). */
	make_v4(&k, 0, NULL, 0, 8190, 16);
	expect_frags(&k, 28, 2, "offset 8190 + 1");
	make_v4(&k, 0, NULL, 0, 8191, 16);
	expect_err(&k, k.len, 28, INETCSUM_EBADLEN, "offset 8191 + 1");
	expect_frags(&k, 36, 1, "offset 8191, fits");

	/* MTUs that leave no room for 8 data bytes. */
	make_v4(&k, 14, bad_opts[0], 0, 0, 100);
	expect_err(&k, k.len, 27, INETCSUM_EINVAL, "v4 mtu 27");
	expect_frags(&k, 28, 13, "v4 mtu 28");
	expect_err(&k, k.len, 0, INETCSUM_EINVAL, "mtu 0");
	make_v6(&k, 0, rt, 1, 17, 100, 0);
	expect_err(&k, k.len, k.unfrag + 15, INETCSUM_EINVAL, "v6 mtu short");
	expect_frags(&k, k.unfrag + 16, 13, "v6 smallest mtu");

	/* No data after the headers (destination options with nothing
	 * after them are data, not headers of every fragment). */
	make_v4(&k, 0, NULL, 0, 0, 0);
	expect_err(&k, k.len, 1500, INETCSUM_EINVAL, "v4 no data");
	make_v6(&k, 0, hbh, 1, 59, 0, 0);
	expect_err(&k, k.len, 1500, INETCSUM_EINVAL, "v6 hbh, no data");
	make_v6(&k, 0, rt, 1, 59, 0, 0);
	expect_err(&k, k.len, 1500, INETCSUM_EINVAL, "v6 routing, no data");
	make_v6(&k, 0, dst, 1, 59, 0, 0);
	expect_frags(&k, 1500, 1, "v6 dst only");

	/* Malformed options; junk after End of Option List is not. */
	for (i = 0; i < sizeof(bad_opts) / sizeof(bad_opts[0]); i++) {
		make_v4(&k, 0, bad_opts[i], 8, 0, 100);
		sprintf(k.desc, "bad options %zu", i);
		expect_err(&k, k.len, 68, INETCSUM_EUNSUPP, k.desc);
	}
	make_v4(&k, 0, (const uint8_t *)"\x01\x00\x07\x00\xff\xff\x83\x01",
		8, 0, 100);
	strcpy(k.desc, "junk after EOL");
	expect_frags(&k, 68, 3, k.desc);

	/* Versions, lengths and truncation. */
	make_v4(&k, 14, NULL, 0, 0, 100);
	strcpy(k.desc, "v4 lengths");
	for (cut = 0; cut < k.len; cut++)
		expect_err(&k, cut, 68, INETCSUM_EBADLEN, "v4 cut");
	k.b[14] = 0x55;
	expect_err(&k, k.len, 68, INETCSUM_EPROTO, "version 5");
	k.b[14] = 0x44;
	expect_err(&k, k.len, 68, INETCSUM_EBADLEN, "IHL 4");
	k.b[14] = 0x45;
	put16(k.b + 14 + 2, 19);
	expect_err(&k, k.len, 68, INETCSUM_EBADLEN, "total length below IHL");
	put16(k.b + 14 + 2, 121);
	expect_err(&k, k.len, 68, INETCSUM_EBADLEN, "total length past");
	make_v6(&k, 14, rt, 1, 17, 100, 0);
	for (cut = 0; cut < k.len; cut++)
		expect_err(&k, cut, 1280, INETCSUM_EBADLEN, "v6 cut");
	put16(k.b + 14 + 4, (uint32_t)(k.len - 14 - 40 + 1));
	expect_err(&k, k.len, 1280, INETCSUM_EBADLEN, "payload length past");
	put16(k.b + 14 + 4, 0);
	expect_err(&k, k.len, 1280, INETCSUM_EUNSUPP, "payload length 0");
	k.b[14] = 0x00;
	expect_err(&k, k.len, 1280, INETCSUM_EPROTO, "version 0");

	/* NULL arguments. */
	make_v4(&k, 0, NULL, 0, 0, 100);
	memset(out, CANARY, SLACK);
	memset(frags, CANARY, 2 * sizeof(*frags));
	r = inetcsum_frag_plan(NULL, k.len, 0, 68, &pl);
	CHECK(r == INETCSUM_EINVAL, "plan, pkt NULL: %d", r);
	r = inetcsum_frag_plan(k.b, k.len, 0, 68, NULL);
	CHECK(r == INETCSUM_EINVAL, "plan, plan NULL: %d", r);
	r = inetcsum_frag_packet(NULL, k.len, 0, 68, 0, out, OUT_CAP, frags,
				 MAX_FRAGS);
	CHECK(r == INETCSUM_EINVAL, "packet, pkt NULL: %d", r);
	r = inetcsum_frag_packet(k.b, k.len, 0, 68, 0, NULL, OUT_CAP, frags,
				 MAX_FRAGS);
	CHECK(r == INETCSUM_EINVAL, "packet, out NULL: %d", r);
	r = inetcsum_frag_packet(k.b, k.len, 0, 68, 0, out, OUT_CAP, NULL,
				 MAX_FRAGS);
	CHECK(r == INETCSUM_EINVAL, "packet, frags NULL: %d", r);
	CHECK(untouched(out, SLACK) && untouched(frags, 2 * sizeof(*frags)),
	      "NULL arguments: something written");
	checked += 6;
}

int
main(void)
{
	int quick;

	inetcsum_test_init("test_frag");
	rs = inetcsum_test_seed();
	quick = inetcsum_test_quick();
	out = malloc(OUT_CAP + SLACK);
	ref_out = malloc(OUT_CAP);
	frags = malloc((MAX_FRAGS + 2) * sizeof(*frags));
	if (out == NULL || ref_out == NULL || frags == NULL)
		return 1;
	hand_v4();
	atomic_v6();
	regressions();
	errors();
	random_cases(quick ? 300 : 2000);
	every_mtu(quick ? 6 : 40);
	printf("test_frag: %lu cases, %lu checks, %d failures\n", cases,
	       checked, test_failures);
	free(out);
	free(ref_out);
	free(frags);
	return test_failures != 0;
}
