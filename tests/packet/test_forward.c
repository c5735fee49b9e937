/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/test_forward.c - forwarding and NAT against recomputation
 * from scratch with the naive sums of l4gen.c (no libinetcsum):
 *  - inetcsum_ipv4_ttl_dec() for every checksum value (0x0000..0xffff, the
 *    header tuned through its ID field so that the value is right) and
 *    every TTL (0 must fail and change nothing): 2^24 cases, a stride of
 *    them under INETCSUM_TEST_QUICK;
 *  - inetcsum_nat_addr() and inetcsum_nat_port() on random TCP/UDP packets
 *    over IPv4 and IPv6 (options, extension headers, source routes, home
 *    addresses), the whole packet compared with a copy rewritten by hand
 *    and recomputed, including rewrites tuned to make the new checksum 0
 *    and zero UDP checksums, which must stay zero;
 *  - inetcsum_csum_replace() and inetcsum_diff() against naive sums, and
 *    inetcsum_diff()'s bytes against worked answers (the same on every
 *    CPU: this test runs on s390x too) and Linux's own test of
 *    bpf_csum_diff();
 *  - bad input: each error code, and no byte changed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "l4gen.h"

static int failures;
static uint64_t rs = 0x853c49e6748fea9bu;

#define CHECK_PRINT_MAX 20UL
#include "check.h"

/* Ones' complement add of two 16-bit values (naive). */
static unsigned
oc_add(unsigned a, unsigned b)
{
	unsigned s = a + b;

	return (s & 0xffff) + (s >> 16);
}

static unsigned
ipv4_ref(uint8_t *h)
{
	uint8_t save[2];
	unsigned c;

	memcpy(save, h + 10, 2);
	h[10] = h[11] = 0;
	c = l4gen_csum(h, (size_t)(h[0] & 15) * 4, 0);
	memcpy(h + 10, save, 2);
	return c;
}

static void
test_ttl(int quick)
{
	uint8_t h[20] = { 0x45, 0, 0, 84, 0, 0, 0x40, 0, 64, 6, 0, 0,
			  192, 0, 2, 1, 198, 51, 100, 2 };
	unsigned step = quick ? 97 : 1, c, t;
	unsigned long n = 0;

	for (c = 0; c <= 0xffff; c += step) {
		for (t = 0; t <= 255; t++) {
			uint8_t g[20];
			uint64_t s;
			unsigned id;
			int r;

			/* Choose the ID so that 'c' is a valid field. */
			h[8] = (uint8_t)t;
			put16(h + 4, 0);
			put16(h + 10, c);
			s = 0xffff - l4gen_csum(h, 20, 0);	/* the sum */
			id = 0xffff - (unsigned)s;
			put16(h + 4, id);
			if (l4gen_csum(h, 20, 0) != 0) {
				CHECK(0, "ttl setup c %04x t %u", c, t);
				continue;
			}
			memcpy(g, h, 20);
			r = inetcsum_ipv4_ttl_dec(g, 20, INETCSUM_TTL_VERIFY);
			if (t == 0) {
				CHECK(r == INETCSUM_EINVAL &&
				      memcmp(g, h, 20) == 0, "ttl 0: %d", r);
				continue;
			}
			CHECK(r == (int)t - 1 && g[8] == t - 1, "ttl %u: %d",
			      t, r);
			CHECK(get16(g + 10) == ipv4_ref(g),
			      "c %04x ttl %u: %04x, recomputed %04x", c, t,
			      get16(g + 10), ipv4_ref(g));
			n++;
		}
	}
	/* A wrong checksum with VERIFY, and the other errors. */
	{
		uint8_t g[20];

		memcpy(g, h, 20);
		g[11] ^= 1;
		memcpy(h, g, 20);
		CHECK(inetcsum_ipv4_ttl_dec(g, 20, INETCSUM_TTL_VERIFY) ==
		      INETCSUM_EBADSUM && memcmp(g, h, 20) == 0, "EBADSUM");
		CHECK(inetcsum_ipv4_ttl_dec(g, 19, 0) == INETCSUM_EBADLEN,
		      "EBADLEN");
		g[0] = 0x46;
		CHECK(inetcsum_ipv4_ttl_dec(g, 20, 0) == INETCSUM_EBADLEN,
		      "IHL past len");
		g[0] = 0x65;
		CHECK(inetcsum_ipv4_ttl_dec(g, 20, 0) == INETCSUM_EPROTO,
		      "version");
		CHECK(inetcsum_ipv4_ttl_dec(NULL, 20, 0) == INETCSUM_EINVAL,
		      "NULL");
		CHECK(inetcsum_ipv4_ttl_dec(g, 20, 2) == INETCSUM_EINVAL,
		      "flag");
	}
	printf("ttl: %lu decrements equal to recomputation\n", n);
}

/* Give 'g' correct checksums (naive). */
static void
set_sums(struct l4gen *g)
{
	if (!g->v6)
		put16(g->pkt + g->l3 + 10, ipv4_ref(g->pkt + g->l3));
	put16(g->pkt + g->l4 + (g->udp ? 6 : 16), l4gen_ref_full(g));
}

static void
test_nat(int quick)
{
	static uint8_t a[2048], b[2048];
	unsigned long rounds = quick ? 3000 : 40000, i, zeros = 0, stay = 0;

	for (i = 0; i < rounds; i++) {
		struct l4gen g, h;
		uint8_t na[16], *hdr;
		unsigned kind = (unsigned)(l4gen_rand(&rs) % 4), which;
		unsigned f, want;
		size_t alen, off;
		int r, udpzero = 0;

		if (l4gen_make(&g, a, sizeof(a), &rs,
			       (size_t)(l4gen_rand(&rs) % 600), 0x0f) != 0 ||
		    g.big)
			continue;
		set_sums(&g);
		f = (unsigned)(g.l4 + (g.udp ? 6 : 16));
		if (g.udp && l4gen_rand(&rs) % 8 == 0) {
			put16(g.pkt + f, 0);
			udpzero = 1;
		}
		memcpy(b, a, g.len);
		h = g;
		h.pkt = b;
		which = kind & 1;
		hdr = b + g.l3;
		if (kind < 2) {
			/* Address rewrite. */
			alen = g.v6 ? 16 : 4;
			off = g.l3 + (g.v6 ? 8 : 12) + which * alen;
			for (r = 0; r < (int)alen; r++)
				na[r] = (uint8_t)l4gen_rand(&rs);
			if (memcmp(which ? g.dst : g.src, a + off, alen) == 0 &&
			    !udpzero && l4gen_rand(&rs) % 4 == 0) {
				/* Tune the address: the new checksum is 0. */
				memcpy(which ? h.dst : h.src, na, alen);
				memcpy(b + off, na, alen);
				want = l4gen_ref_full(&h);
				if (want == 0xffff && g.udp)
					want = 0;
				put16(na + alen - 2,
				      oc_add(get16(na + alen - 2), want));
				zeros++;
			}
			if (memcmp(which ? g.dst : g.src, a + off, alen) == 0)
				memcpy(which ? h.dst : h.src, na, alen);
			memcpy(b + off, na, alen);
			r = inetcsum_nat_addr(a + g.l3, g.len - g.l3, which, na);
		} else {
			unsigned port = (unsigned)l4gen_rand(&rs) & 0xffff;

			off = g.l4 + which * 2;
			if (!udpzero && l4gen_rand(&rs) % 4 == 0) {
				put16(b + off, port);
				want = l4gen_ref_full(&h);
				if (want == 0xffff && g.udp)
					want = 0;
				port = oc_add(port, want);
				if (port == 0xffff)
					port = 0;	/* the same sum */
				zeros++;
			}
			put16(b + off, port);
			r = inetcsum_nat_port(a + g.l3, g.len - g.l3, which,
					      (uint16_t)port);
		}
		if (!g.v6)
			put16(hdr + 10, ipv4_ref(hdr));
		if (udpzero)
			stay++;
		else
			put16(b + f, l4gen_ref_full(&h));
		CHECK(r == 0, "%s: %s", g.desc, inetcsum_pkt_strerror(r));
		CHECK(memcmp(a, b, g.len) == 0,
		      "%s kind %u: ip %04x/%04x l4 %04x/%04x", g.desc, kind,
		      get16(a + g.l3 + 10), get16(b + g.l3 + 10),
		      get16(a + f), get16(b + f));
	}
	printf("nat: %lu rewrites (%lu tuned to a zero sum, %lu zero UDP)\n",
	       rounds, zeros, stay);
}

static void
test_nat_errors(void)
{
	static uint8_t a[512], b[512];
	struct l4gen g;
	uint8_t na[16] = { 10, 0, 0, 1 };

	l4gen_make(&g, a, sizeof(a), &rs, 40, L4GEN_V4 | L4GEN_TCP |
		   L4GEN_PLAIN);
	set_sums(&g);
	memcpy(b, a, g.len);
	CHECK(inetcsum_nat_addr(a + g.l3, g.len - g.l3 - 1, 0, na) ==
	      INETCSUM_EBADLEN, "short packet");
	CHECK(inetcsum_nat_addr(a + g.l3, g.len - g.l3, 2, na) ==
	      INETCSUM_EINVAL, "which");
	CHECK(inetcsum_nat_addr(a + g.l3, g.len - g.l3, 0, NULL) ==
	      INETCSUM_EINVAL, "NULL");
	a[g.l3 + 6] |= 0x20;	/* MF: a fragment */
	CHECK(inetcsum_nat_port(a + g.l3, g.len - g.l3, 0, 80) ==
	      INETCSUM_EUNSUPP, "fragment");
	a[g.l3 + 6] &= (uint8_t)~0x20;
	a[g.l3 + 9] = 1;	/* ICMP */
	CHECK(inetcsum_nat_port(a + g.l3, g.len - g.l3, 0, 80) ==
	      INETCSUM_EPROTO, "protocol");
	a[g.l3 + 9] = 6;
	CHECK(memcmp(a, b, g.len) == 0, "a failed rewrite wrote");

	/*
	 * RFC 1624's corner: a TCP field of 0xffff (the twin of a computed
	 * 0) and a word going from 0xffff to 0x0000.  Equation 3 alone gives
	 * 0xffff; recomputation gives 0x0000.
	 */
	put16(a + g.l4, 0xffff);		/* source port */
	put16(a + g.l4 + 16, 0);
	put16(a + g.l4 + 4, oc_add(get16(a + g.l4 + 4),
				   l4gen_ref_full(&g)));	/* seq */
	CHECK(l4gen_ref_full(&g) == 0, "corner setup");
	put16(a + g.l4 + 16, 0xffff);
	CHECK(inetcsum_nat_port(a + g.l3, g.len - g.l3, INETCSUM_NAT_SRC, 0)
	      == 0 && get16(a + g.l4 + 16) == 0 && l4gen_ref_full(&g) == 0,
	      "tcp 0xffff corner: %04x", get16(a + g.l4 + 16));
}

static uint32_t
load(const uint8_t *p, unsigned size)
{
	uint32_t v32;
	uint16_t v16;

	if (size == 2) {
		memcpy(&v16, p, 2);
		return v16;
	}
	memcpy(&v32, p, 4);
	return v32;
}

/*
 * Naive: the network-order value of seed + to - from, canonical (1 ..
 * 0xffff), but 0, as Linux's bpf_csum_diff() gives it since 6.12, where
 * nothing nonzero was added: 'seed' (the raw argument) zero and at most
 * one of the ranges given, all its bytes zero.
 */
static unsigned
diff_ref(const uint8_t *from, size_t n, const uint8_t *to, size_t m,
	 unsigned seed_net, uint32_t seed)
{
	uint64_t s = seed_net;
	size_t i;
	int nonzero = seed != 0 || (n != 0 && m != 0);

	for (i = 0; i < n; i++)
		nonzero |= from[i] != 0;
	for (i = 0; i < m; i++)
		nonzero |= to[i] != 0;
	if (!nonzero)
		return 0;

	for (i = 0; i < n; i += 2)
		s += 0xffff - (((unsigned)from[i] << 8) |
			       (i + 1 < n ? from[i + 1] : 0));
	for (i = 0; i < m; i += 2)
		s += ((unsigned)to[i] << 8) | (i + 1 < m ? to[i + 1] : 0);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s == 0 ? 0xffff : (unsigned)s;
}

/*
 * Linux's arithmetic, written out literally with 64-bit intermediates
 * (include/net/checksum.h, net/core/utils.c, net/core/filter.c): the
 * reference for inetcsum_csum_replace().  Values are the memory-order
 * integers the kernel loads; every step is byte-order neutral.
 *   k_add    csum_add(): a 32-bit add whose carry out comes back in
 *   k_fold   csum_fold(): 32 bits folded to 16 twice, complemented
 *   k_add16  csum16_add(): the same in 16 bits
 */
static uint32_t
k_add(uint32_t a, uint32_t b)
{
	uint64_t s = (uint64_t)a + b;

	return (uint32_t)s + (uint32_t)(s >> 32);
}

static unsigned
k_fold(uint32_t x)
{
	uint64_t s = x;

	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return (unsigned)(~s & 0xffff);
}

static unsigned
k_add16(unsigned a, unsigned b)
{
	unsigned s = (a & 0xffff) + (b & 0xffff);

	return (s & 0xffff) + (s >> 16);
}

/*
 * What bpf_l4_csum_replace() (or, with INETCSUM_REPLACE_L3,
 * bpf_l3_csum_replace()) stores over the field 'c' for a socket buffer
 * that is not CHECKSUM_PARTIAL:
 *   size 0  csum_replace_by_diff():  fold(add(diff, ~unfold(c)))
 *   size 4  csum_replace4():         fold(add(sub(~unfold(c), from), to))
 *   size 2  l4: inet_proto_csum_replace2(), csum_replace4() of the
 *           zero-extended values; l3: csum_replace2(), the same in 16
 *           bits, ~add16(sub16(~c, from), to)
 * with BPF_F_MARK_MANGLED_0: a zero field is left, a zero result is
 * CSUM_MANGLED_0 (0xffff).  csum_sub(a, b) is csum_add(a, ~b).
 */
static unsigned
kernel_replace(unsigned c, uint32_t from, uint32_t to, unsigned flags)
{
	unsigned size = flags & INETCSUM_REPLACE_SIZE_MASK;
	int mangled = (flags & INETCSUM_REPLACE_MANGLED_0) != 0;
	unsigned r;

	if (mangled && c == 0)
		return 0;
	if (size == 0)
		r = k_fold(k_add(to, ~(uint32_t)c));
	else if (size == 2 && (flags & INETCSUM_REPLACE_L3))
		r = ~k_add16(k_add16(~c, ~from), to) & 0xffff;
	else
		r = k_fold(k_add(k_add(~(uint32_t)c, ~from), to));
	if (mangled && r == 0)
		r = 0xffff;
	return r;
}

/*
 * inetcsum_csum_replace() against kernel_replace(): every combination of
 * edge fields and values (the two zeros, their neighbours, the halves of
 * a 32-bit word) for every size and flag set, then random inputs; the
 * issue's cases by hand.  The field sits at an odd offset every other
 * time (we accept it; eBPF would refuse with -EFAULT).
 */
static void
test_replace_kernel(int quick)
{
	static const uint32_t ev[] = {
		0, 1, 0x7fff, 0x8000, 0xfffe, 0xffff, 0x10000, 0xffff0000,
		0xfffeffff, 0xffffffff, 0x12345678,
	};
	static const unsigned fl[] = {
		INETCSUM_REPLACE_DIFF, INETCSUM_REPLACE_2, INETCSUM_REPLACE_4,
		INETCSUM_REPLACE_DIFF | INETCSUM_REPLACE_MANGLED_0,
		INETCSUM_REPLACE_2 | INETCSUM_REPLACE_MANGLED_0,
		INETCSUM_REPLACE_4 | INETCSUM_REPLACE_MANGLED_0,
		INETCSUM_REPLACE_DIFF | INETCSUM_REPLACE_L3,
		INETCSUM_REPLACE_2 | INETCSUM_REPLACE_L3,
		INETCSUM_REPLACE_4 | INETCSUM_REPLACE_L3,
	};
	const size_t ne = sizeof(ev) / sizeof(ev[0]);
	unsigned long n = 0, rounds = quick ? 20000 : 400000, i;
	uint8_t b[5];
	size_t a, c, f, t;

	for (f = 0; f < sizeof(fl) / sizeof(fl[0]); f++)
		for (a = 0; a < ne; a++)
			for (c = 0; c < ne; c++)
				for (t = 0; t < ne; t++) {
					unsigned sz = fl[f] &
						      INETCSUM_REPLACE_SIZE_MASK;
					uint32_t cv = ev[c] & 0xffff;
					uint32_t from = ev[a], to = ev[t];
					uint16_t m = (uint16_t)cv, got;
					size_t off = n & 1;
					unsigned want;
					int r;

					if (sz == 2) {
						from &= 0xffff;
						to &= 0xffff;
					}
					if (sz == 0)
						to = (to & 0xffff) + (to >> 16);
					want = kernel_replace(cv, from, to,
							      fl[f]);
					memset(b, 0xa5, sizeof(b));
					memcpy(b + off, &m, 2);
					r = inetcsum_csum_replace(b, 2 + off, off,
								  from, to,
								  fl[f]);
					memcpy(&got, b + off, 2);
					CHECK(r == 0 && got == want,
					      "kernel replace: field %04x from "
					      "%08x to %08x flags %#x: %04x "
					      "want %04x (%d)", (unsigned)cv,
					      (unsigned)from, (unsigned)to,
					      fl[f], got, want, r);
					n++;
				}
	for (i = 0; i < rounds; i++) {
		unsigned flags = fl[l4gen_rand(&rs) % (sizeof(fl) /
						       sizeof(fl[0]))];
		unsigned sz = flags & INETCSUM_REPLACE_SIZE_MASK;
		uint32_t from = (uint32_t)l4gen_rand(&rs);
		uint32_t to = (uint32_t)l4gen_rand(&rs);
		uint16_t m = (uint16_t)l4gen_rand(&rs), got;
		unsigned want;
		int r;

		if (i % 5 == 0)
			m = (i & 8) ? 0xffff : 0;
		if (sz == 2) {
			from &= 0xffff;
			to &= 0xffff;
		}
		if (sz == 0 && (i & 1))
			to &= 0xffff;	/* an inetcsum_diff() result */
		want = kernel_replace(m, from, to, flags);
		memcpy(b, &m, 2);
		r = inetcsum_csum_replace(b, 2, 0, from, to, flags);
		memcpy(&got, b, 2);
		CHECK(r == 0 && got == want, "kernel replace (random): field "
		      "%04x from %08x to %08x flags %#x: %04x want %04x",
		      m, (unsigned)from, (unsigned)to, flags, got, want);
		n++;
	}
	/* Issue 23: a field 0xffff and a change that sums to zero. */
	memset(b, 0xff, 2);
	CHECK(inetcsum_csum_replace(b, 2, 0, 0xffffffffu, 0,
				    INETCSUM_REPLACE_4) == 0 &&
	      b[0] == 0 && b[1] == 0, "issue 23 size 4: %02x%02x", b[0], b[1]);
	memset(b, 0xff, 2);
	CHECK(inetcsum_csum_replace(b, 2, 0, 0, 0, INETCSUM_REPLACE_DIFF) ==
	      0 && b[0] == 0 && b[1] == 0, "issue 23 diff: %02x%02x", b[0],
	      b[1]);
	/* csum_replace2()'s corner: 16 bits keep the field's 0xffff. */
	memset(b, 0xff, 2);
	CHECK(inetcsum_csum_replace(b, 2, 0, 0xffff, 0, INETCSUM_REPLACE_2 |
				    INETCSUM_REPLACE_L3) == 0 &&
	      b[0] == 0xff && b[1] == 0xff, "l3 size 2: %02x%02x", b[0], b[1]);
	memset(b, 0xff, 2);
	CHECK(inetcsum_csum_replace(b, 2, 0, 0xffff, 0, INETCSUM_REPLACE_2) ==
	      0 && b[0] == 0 && b[1] == 0, "l4 size 2: %02x%02x", b[0], b[1]);
	/* eBPF's refusals that we keep: MANGLED_0 is not an l3 flag. */
	CHECK(inetcsum_csum_replace(b, 2, 0, 0, 0, INETCSUM_REPLACE_2 |
				    INETCSUM_REPLACE_L3 |
				    INETCSUM_REPLACE_MANGLED_0) ==
	      INETCSUM_EINVAL, "l3 with mangled 0");
	printf("replace against the kernel's arithmetic: %lu cases\n", n);
}

/*
 * The answers of Linux's own test of bpf_csum_diff()
 * (tools/testing/selftests/bpf/prog_tests/test_csum_diff.c, torvalds/
 * linux at c771600): its ranges are 64-bit words in the CPU's byte order,
 * so two of its answers differ between little- and big-endian CPUs.
 */
static const uint64_t bpf_random512[64] = {
	0x327b23c66b8b4567, 0x66334873643c9869, 0x19495cff74b0dc51,
	0x625558ec2ae8944a, 0x46e87ccd238e1f29, 0x507ed7ab3d1b58ba,
	0x41b71efb2eb141f2, 0x7545e14679e2a9e3, 0x5bd062c2515f007c,
	0x4db127f812200854, 0x1f16e9e80216231b, 0x66ef438d1190cde7,
	0x3352255a140e0f76, 0x0ded7263109cf92e, 0x1befd79f7fdcc233,
	0x6b68079a41a7c4c9, 0x25e45d324e6afb66, 0x431bd7b7519b500d,
	0x7c83e4583f2dba31, 0x62bbd95a257130a3, 0x628c895d436c6125,
	0x721da317333ab105, 0x2d1d5ae92443a858, 0x75a2a8d46763845e,
	0x79838cb208edbdab, 0x0b03e0c64353d0cd, 0x54e49eb4189a769b,
	0x2ca8861171f32454, 0x02901d820836c40e, 0x081386413a95f874,
	0x7c3dbd3d1e7ff521, 0x6ceaf087737b8ddc, 0x4516dde922221a70,
	0x614fd4a13006c83e, 0x5577f8e1419ac241, 0x05072367440badfc,
	0x77465f013804823e, 0x5c482a977724c67e, 0x5e884adc2463b9ea,
	0x2d51779651ead36b, 0x153ea438580bd78f, 0x70a64e2a3855585c,
	0x2a487cb06a2342ec, 0x725a06fb1d4ed43b, 0x57e4ccaf2cd89a32,
	0x4b588f547a6d8d3c, 0x6de91b18542289ec, 0x7644a45c38437fdb,
	0x684a481a32fff902, 0x749abb43579478fe, 0x1ba026fa3dc240fb,
	0x75c6c33a79a1deaa, 0x70c6a52912e685fb, 0x374a3fe6520eedd1,
	0x23f9c13c4f4ef005, 0x275ac794649bb77c, 0x1cf10fd839386575,
	0x235ba861180115be, 0x354fe9f947398c89, 0x741226bb15b5af5c,
	0x10233c990d34b6a8, 0x615740953f6ab60f, 0x77ae35eb7e0c57b1,
	0x310c50b3579be4f1,
};

static void
test_bpf_selftest(void)
{
	/* Ranges: 0 none, 1 the word below, 2 it and the next, 3 the 512
	 * bytes, 4 bytes 0xab, 5 zeros. */
	static const struct {
		int from, from_len, to, to_len;
		uint16_t seed, le, be;
	} c[] = {
		{ 0, 0, 1, 8, 0, 0x3b3b, 0x3b3b },	/* push */
		{ 0, 0, 2, 16, 0x1234, 0x88aa, 0x88aa },
		{ 0, 0, 2, 15, 0x1234, 0xcaa9, 0x87fd },
		{ 0, 0, 3, 512, 0xffff, 0xca45, 0xca45 },
		{ 1, 8, 0, 0, 0, 0xc4c4, 0xc4c4 },	/* pull */
		{ 2, 16, 0, 0, 0x1234, 0x9bbd, 0x9bbd },
		{ 2, 15, 0, 0, 0x1234, 0x59be, 0x9c6a },
		{ 3, 512, 0, 0, 0xffff, 0x35ba, 0x35ba },
		{ 1, 8, 4, 8, 0, 0x7373, 0x7373 },	/* diff */
		{ 1, 7, 4, 7, 0, 0xa673, 0x73b7 },
		{ 5, 8, 4, 8, 0, 0xaeae, 0xaeae },
		{ 1, 8, 5, 8, 0xffff, 0xc4c4, 0xc4c4 },
		{ 0, 0, 0, 0, 0, 0, 0 },		/* edge */
		{ 1, 0, 1, 0, 0, 0, 0 },
		{ 0, 0, 0, 0, 0x1234, 0x1234, 0x1234 },
		{ 5, 512, 0, 0, 0xffff, 0xffff, 0xffff },
	};
	static const uint64_t word[2] = { 0xdeadbeefdeadbeef,
					   0xbeefdeadbeefdead };
	static uint8_t r[6][512];
	const uint16_t one = 1;
	int le = *(const uint8_t *)&one == 1;
	size_t i;

	memcpy(r[1], word, 8);
	memcpy(r[2], word, 16);
	memcpy(r[3], bpf_random512, 512);
	memset(r[4], 0xab, 8);
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		uint32_t d = inetcsum_diff(r[c[i].from], (size_t)c[i].from_len,
					   r[c[i].to], (size_t)c[i].to_len,
					   c[i].seed);
		unsigned want = le ? c[i].le : c[i].be;

		CHECK(d == want, "Linux's bpf_csum_diff test %zu: %04x, "
		      "Linux gives %04x", i, (unsigned)d, want);
	}
}

static void
test_diff_replace(int quick)
{
	static const uint8_t f4[4] = { 0x01, 0x02, 0x03, 0x04 };
	static const uint8_t t2[2] = { 0x05, 0x06 };
	uint8_t buf[64], ref[64], x[40], y[40], bytes[2];
	unsigned long rounds = quick ? 2000 : 50000, i;
	uint32_t d;
	uint16_t v;

	/* Worked: 0x0506 + ~0x0102 + ~0x0304 = 0x0506 + 0xfefd + 0xfcfb
	 * = 0x200fe, folded 0x00fe + 2 = 0x0100: the bytes 01 00. */
	d = inetcsum_diff(f4, 4, t2, 2, 0);
	v = (uint16_t)d;
	memcpy(bytes, &v, 2);
	CHECK(d <= 0xffff && bytes[0] == 0x01 && bytes[1] == 0x00,
	      "diff known answer: %02x %02x", bytes[0], bytes[1]);
	d = inetcsum_diff(f4, 4, f4, 4, 0);
	CHECK(d == 0xffff, "diff of equal ranges: %x", (unsigned)d);
	CHECK(inetcsum_diff(NULL, 0, NULL, 0, 0) == 0, "empty diff");
	memset(x, 0, sizeof(x));
	CHECK(inetcsum_diff(x, 6, NULL, 0, 0) == 0 &&
	      inetcsum_diff(NULL, 0, x, 5, 0) == 0 &&
	      inetcsum_diff(x, 4, x, 4, 0) == 0xffff &&
	      inetcsum_diff(x, 4, NULL, 0, 0xffff0000u) == 0xffff,
	      "diff of zeros");
	test_bpf_selftest();

	for (i = 0; i < rounds; i++) {
		size_t n = l4gen_rand(&rs) % 40, m = l4gen_rand(&rs) % 40;
		size_t k, fo, co;
		uint32_t seed = (uint32_t)l4gen_rand(&rs);
		uint16_t sm, r16;
		unsigned sn, want;
		uint32_t from, to;
		unsigned flags;
		int r;

		for (k = 0; k < 40; k++) {
			x[k] = (uint8_t)l4gen_rand(&rs);
			y[k] = (uint8_t)l4gen_rand(&rs);
		}
		if (i % 7 == 0)
			seed = 0;
		if (i % 5 == 0)	/* zeros: the sums where 0 is Linux's */
			memset(i % 2 ? x : y, 0, sizeof(x));
		if (i % 10 == 0)
			memset(x, 0, sizeof(x));
		/* The seed as a network-order value: its bytes in memory. */
		sm = (uint16_t)((seed & 0xffff) + (seed >> 16));
		{
			uint32_t t = (seed & 0xffff) + (seed >> 16);

			sm = (uint16_t)((t & 0xffff) + (t >> 16));
		}
		memcpy(bytes, &sm, 2);
		sn = get16(bytes);
		want = diff_ref(x, n, y, m, sn, seed);
		d = inetcsum_diff(x, n, y, m, seed);
		r16 = (uint16_t)d;
		memcpy(bytes, &r16, 2);
		CHECK(d <= 0xffff && get16(bytes) == want,
		      "diff n %zu m %zu: %04x want %04x", n, m, get16(bytes),
		      want);

		/* csum_replace: a checksum over 64 bytes, one value changed. */
		for (k = 0; k < 64; k++)
			buf[k] = (uint8_t)l4gen_rand(&rs);
		co = 2 * (l4gen_rand(&rs) % 32);
		put16(buf + co, 0);
		put16(buf + co, l4gen_csum(buf, 64, 0));
		memcpy(ref, buf, 64);
		flags = (i & 1) ? INETCSUM_REPLACE_4 : INETCSUM_REPLACE_2;
		do
			fo = 2 * (l4gen_rand(&rs) % 31);
		while (fo == co || fo + 2 == co || fo == co + 2);
		if (flags == INETCSUM_REPLACE_2 && fo + 2 == co)
			continue;
		/* Loaded as the packet holds them: a uint16_t for size 2
		 * (widened), a uint32_t for size 4. */
		from = load(ref + fo, flags);
		for (k = 0; k < flags; k++)
			ref[fo + k] = (uint8_t)l4gen_rand(&rs);
		to = load(ref + fo, flags);
		if (i % 3 == 0) {
			flags = INETCSUM_REPLACE_DIFF;
			to = inetcsum_diff(buf + fo, 4, ref + fo, 4, 0);
		}
		r = inetcsum_csum_replace(buf, 64, co, from, to, flags);
		memcpy(buf + fo, ref + fo, 4);
		put16(ref + co, 0);
		want = l4gen_csum(ref, 64, 0);
		/*
		 * The kernel's 32-bit arithmetic never stores 0xffff, and a
		 * recomputation of data that is not all zero never gives it
		 * either: the two agree exactly, zeros included.
		 */
		CHECK(r == 0 && get16(buf + co) == want,
		      "replace %u: %04x want %04x", flags,
		      get16(buf + co), want);
	}
	test_replace_kernel(quick);

	/* MANGLED_0: zero stays zero, a zero result is 0xffff. */
	memset(buf, 0, sizeof(buf));
	CHECK(inetcsum_csum_replace(buf, 8, 6, 0, 0x1234,
				    INETCSUM_REPLACE_2 |
				    INETCSUM_REPLACE_MANGLED_0) == 0 &&
	      get16(buf + 6) == 0, "mangled 0: zero stays");
	put16(buf + 6, 0x1234);
	v = 0;
	memcpy(&v, buf + 6, 2);
	/* ~(~0x1234 + ~x + x') with x' - x = 0x1234 - 0xffff gives 0. */
	{
		uint16_t ffff = 0xffff, m;

		memcpy(bytes, "\x12\x34", 2);
		memcpy(&m, bytes, 2);
		memcpy(buf + 6, &m, 2);
		CHECK(inetcsum_csum_replace(buf, 8, 6, ffff, m,
					    INETCSUM_REPLACE_2 |
					    INETCSUM_REPLACE_MANGLED_0) == 0 &&
		      get16(buf + 6) == 0xffff, "mangled 0: %04x",
		      get16(buf + 6));
	}
	memcpy(ref, buf, 8);
	CHECK(inetcsum_csum_replace(buf, 8, 7, 0, 0, 2) == INETCSUM_EBADLEN &&
	      inetcsum_csum_replace(buf, 8, 0, 0, 0, 3) == INETCSUM_EINVAL &&
	      inetcsum_csum_replace(buf, 8, 0, 0x10000, 0, 2) ==
	      INETCSUM_EINVAL && memcmp(buf, ref, 8) == 0, "replace errors");
	printf("diff/replace: %lu rounds\n", rounds);
}

int
main(void)
{
	int quick = getenv("INETCSUM_TEST_QUICK") != NULL;

	test_ttl(quick);
	test_nat(quick);
	test_nat_errors();
	test_diff_replace(quick);
	printf("test_forward: %d failures (kernel %s)\n", failures,
	       inetcsum_impl_name());
	return failures != 0;
}
