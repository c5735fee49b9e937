/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/l4gen.c - random TCP/UDP packets and the naive reference
 * for offload and GSO (see l4gen.h).
 */
#include <stdio.h>
#include <string.h>

#include "l4gen.h"

uint64_t
l4gen_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned
rnd(uint64_t *s, unsigned n)
{
	return (unsigned)(l4gen_rand(s) % n);
}

static void
fill(uint64_t *s, uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)l4gen_rand(s);
}

uint16_t
l4gen_csum(const uint8_t *p, size_t n, uint64_t sum)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		sum += (uint64_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		sum += (uint64_t)p[n - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

uint64_t
l4gen_pseudo(const struct l4gen *g, size_t l4len)
{
	uint8_t ph[40];
	unsigned proto = g->udp ? 17 : 6;
	uint64_t s;

	memset(ph, 0, sizeof(ph));
	if (g->v6) {
		memcpy(ph, g->src, 16);
		memcpy(ph + 16, g->dst, 16);
		put32(ph + 32, l4len);
		ph[39] = (uint8_t)proto;
		s = (uint16_t)~l4gen_csum(ph, 40, 0);
	} else {
		/* Past 16 bits (BIG TCP) the high half is summed too, as
		 * Linux's csum_tcpudp_nofold() does with its u32 length. */
		memcpy(ph, g->src, 4);
		memcpy(ph + 4, g->dst, 4);
		ph[9] = (uint8_t)proto;
		put16(ph + 10, l4len & 0xffff);
		put16(ph + 12, l4len >> 16);
		s = (uint16_t)~l4gen_csum(ph, 14, 0);
	}
	return s;
}

/* IPv4 options: NOPs, a stream ID (type 136, 4 bytes), maybe an LSRR. */
static size_t
v4_options(struct l4gen *g, uint64_t *s, uint8_t *o)
{
	size_t n = 0, words = rnd(s, 11), room = words * 4;

	if (room >= 7 && rnd(s, 2)) {
		size_t k = 1 + rnd(s, (unsigned)((room - 3) / 4 < 3 ?
						 (room - 3) / 4 : 3));
		size_t len = 3 + 4 * k;
		int live = rnd(s, 3) != 0;

		o[0] = 131;
		o[1] = (uint8_t)len;
		o[2] = (uint8_t)(live ? 4 : len + 1);
		fill(s, o + 3, 4 * k);
		if (live)
			memcpy(g->dst, o + len - 4, 4);
		n = len;
		strcat(g->desc, live ? " lsrr" : " lsrr-done");
	}
	while (n < room) {
		if (room - n >= 4 && rnd(s, 3) == 0) {
			o[n] = 136;
			o[n + 1] = 4;
			fill(s, o + n + 2, 2);
			n += 4;
		} else {
			o[n++] = rnd(s, 4) ? 1 : 0;	/* NOP or EOL */
			if (o[n - 1] == 0)
				break;
		}
	}
	while (n < room)
		o[n++] = 0;
	if (words)
		strcat(g->desc, " ipopts");
	return room;
}

/* An IPv6 options header body of 'hl' bytes: PadN all through. */
static void
padn(uint8_t *o, size_t hl)
{
	o[2] = 1;
	o[3] = (uint8_t)(hl - 4);
	memset(o + 4, 0, hl - 4);
}

/*
 * IPv6 extension headers after the fixed header at 'h': returns their
 * length and sets '*first' to the next-header value of the first.
 */
static size_t
v6_exts(struct l4gen *g, uint64_t *s, uint8_t *e, unsigned proto,
	unsigned *first, size_t *jumbo_at)
{
	unsigned types[4], nt = 0, i;
	size_t off = 0;
	uint8_t *nhp = NULL;

	*jumbo_at = (size_t)-1;
	if (g->big && rnd(s, 2)) {
		types[nt++] = 0xc2;	/* the jumbo hop-by-hop header */
	} else if (rnd(s, 3) == 0) {
		types[nt++] = 0;
	}
	if (rnd(s, 3) == 0)
		types[nt++] = 60;
	if (rnd(s, 2))
		types[nt++] = 43;
	if (rnd(s, 3) == 0)
		types[nt++] = 60 | 0x100;	/* with a Home Address */
	*first = proto;
	for (i = 0; i < nt; i++) {
		uint8_t *o = e + off;
		unsigned t = types[i] & 0xff;
		size_t hl;

		if (nhp == NULL)
			*first = t == 0xc2 ? 0 : t;
		else
			*nhp = (uint8_t)(t == 0xc2 ? 0 : t);
		nhp = o;
		if (t == 0xc2) {
			hl = 8;
			o[1] = 0;
			o[2] = 0xc2;
			o[3] = 4;
			*jumbo_at = off;
			strcat(g->desc, " jumbo-hbh");
		} else if (t == 0) {
			hl = 8 * (1 + rnd(s, 3));
			o[1] = (uint8_t)(hl / 8 - 1);
			padn(o, hl);
			strcat(g->desc, " hbh");
		} else if (types[i] == (60 | 0x100)) {
			/* 2 + Home Address option (2 + 16) + PadN(4) = 24 */
			hl = 24;
			o[1] = 2;
			o[2] = 201;
			o[3] = 16;
			fill(s, o + 4, 16);
			memcpy(g->src, o + 4, 16);
			o[20] = 1;
			o[21] = 2;
			o[22] = o[23] = 0;
			strcat(g->desc, " dst-home");
		} else if (t == 60) {
			hl = 8 * (1 + rnd(s, 2));
			o[1] = (uint8_t)(hl / 8 - 1);
			padn(o, hl);
			strcat(g->desc, " dstopts");
		} else {
			unsigned n = 1 + rnd(s, 3), left = rnd(s, n + 1);
			int srh = rnd(s, 2);

			hl = 8 + 16 * (size_t)n;
			o[1] = (uint8_t)(2 * n);
			o[2] = (uint8_t)(srh ? 4 : 0);
			o[3] = (uint8_t)left;
			memset(o + 4, 0, 4);
			if (srh)
				o[4] = (uint8_t)(n - 1);
			fill(s, o + 8, 16 * (size_t)n);
			if (left)
				memcpy(g->dst, srh ? o + 8 : o + hl - 16, 16);
			strcat(g->desc, srh ? " srh" : " rh0");
			if (left)
				strcat(g->desc, "-left");
		}
		off += hl;
	}
	if (nhp != NULL)
		*nhp = (uint8_t)proto;
	return off;
}

int
l4gen_make(struct l4gen *g, uint8_t *buf, size_t cap, uint64_t *s,
	   size_t plen, unsigned shapes)
{
	static const size_t l3s[] = { 0, 14, 18 };
	uint8_t hdr[1024];
	unsigned first = 0;
	size_t n = 0, ext = 0, l4len, jumbo_at = (size_t)-1;
	int plain = (shapes & L4GEN_PLAIN) != 0;

	memset(g, 0, sizeof(*g));
	if ((shapes & (L4GEN_V4 | L4GEN_V6)) == L4GEN_V4)
		g->v6 = 0;
	else if ((shapes & (L4GEN_V4 | L4GEN_V6)) == L4GEN_V6)
		g->v6 = 1;
	else
		g->v6 = (int)rnd(s, 2);
	if ((shapes & (L4GEN_TCP | L4GEN_UDP)) == L4GEN_TCP)
		g->udp = 0;
	else if ((shapes & (L4GEN_TCP | L4GEN_UDP)) == L4GEN_UDP)
		g->udp = 1;
	else
		g->udp = (int)rnd(s, 2);
	g->big = (shapes & L4GEN_BIG) != 0;
	if (g->big)
		plen += 65536;
	snprintf(g->desc, sizeof(g->desc), "%s %s%s", g->v6 ? "ipv6" : "ipv4",
		 g->udp ? "udp" : "tcp", g->big ? " big" : "");
	g->l3 = plain ? 14 : l3s[rnd(s, 3)];
	fill(s, hdr, g->l3);
	if (g->l3 == 18) {
		put16(hdr + 12, 0x8100);
		put16(hdr + 16, g->v6 ? 0x86dd : 0x0800);
	} else if (g->l3 == 14) {
		put16(hdr + 12, g->v6 ? 0x86dd : 0x0800);
	}
	n = g->l3;
	if (!g->v6) {
		uint8_t *h = hdr + n;

		fill(s, h, 20);
		memcpy(g->src, h + 12, 4);
		memcpy(g->dst, h + 16, 4);
		g->ip_hlen = 20 + (plain ? 0 : v4_options(g, s, h + 20));
		h[0] = (uint8_t)(0x40 | g->ip_hlen / 4);
		put16(h + 6, rnd(s, 2) ? 0x4000 : 0);	/* DF or nothing */
		h[8] = 64;
		h[9] = g->udp ? 17 : 6;
		n += g->ip_hlen;
	} else {
		uint8_t *h = hdr + n;

		fill(s, h, 40);
		h[0] = (uint8_t)(0x60 | (h[0] & 15));
		h[7] = 64;
		memcpy(g->src, h + 8, 16);
		memcpy(g->dst, h + 24, 16);
		g->ip_hlen = 40;
		if (!plain || g->big)
			ext = v6_exts(g, s, h + 40, g->udp ? 17 : 6, &first,
				      &jumbo_at);
		else
			first = g->udp ? 17 : 6;
		h[6] = (uint8_t)first;
		n += 40 + ext;
	}
	g->l4 = n;
	if (g->udp) {
		g->l4_hlen = 8;
	} else {
		g->l4_hlen = 20 + 4 * (size_t)(plain ? (rnd(s, 2) ? 3 : 0) :
					       rnd(s, 11));
	}
	fill(s, hdr + n, g->l4_hlen);
	/*
	 * UDP ports from 49152 up (the dynamic range): a random port may be
	 * a tunnel's (Teredo 3544, VXLAN 4789...), and then the frame parser
	 * rightly reads the random payload as a packet inside, which a test
	 * of the outer layers does not expect (seed 0x6b13ba9c made a Teredo
	 * datagram whose payload parsed as IPv6 and UDP-Lite).  No UDP
	 * tunnel's default port is in that range.
	 */
	if (g->udp) {
		hdr[n] |= 0xc0;
		hdr[n + 2] |= 0xc0;
	}
	g->payload = n + g->l4_hlen;
	g->plen = plen;
	g->len = g->payload + plen;
	if (g->len > cap || g->payload > sizeof(hdr))
		return -1;
	l4len = g->l4_hlen + plen;
	if (g->udp) {
		put16(hdr + n + 4, l4len > 0xffff ? 0 : l4len);
	} else {
		uint8_t *t = hdr + n;

		t[12] = (uint8_t)(g->l4_hlen / 4 << 4);
		t[13] |= 0x10;		/* ACK, plus random flags */
		if (plain)
			t[13] = (uint8_t)(0x10 | (rnd(s, 2) ? 0x08 : 0));
	}
	if (!g->v6) {
		put16(hdr + g->l3 + 2, g->big ? 0 : g->ip_hlen + l4len);
	} else {
		put16(hdr + g->l3 + 4, g->big ? 0 : ext + l4len);
		if (jumbo_at != (size_t)-1) {
			g->jumbo = g->l3 + 40 + jumbo_at;
			put32(hdr + g->jumbo + 4, ext + l4len);
		}
	}
	memcpy(buf, hdr, g->payload);
	fill(s, buf + g->payload, plen);
	g->pkt = buf;
	return 0;
}

size_t
l4gen_ref_gso(const struct l4gen *g, size_t mss, int partial, uint8_t *out,
	      size_t cap, size_t *lens, size_t max)
{
	return l4gen_ref_gso_ids(g, mss, partial, 0, out, cap, lens, max);
}

size_t
l4gen_ref_gso_ids(const struct l4gen *g, size_t mss, int partial,
		  int fixed_id, uint8_t *out, size_t cap, size_t *lens,
		  size_t max)
{
	size_t cut = g->jumbo ? 8 : 0, hdr = g->payload - cut;
	size_t nseg = g->plen == 0 ? 1 : (g->plen + mss - 1) / mss;
	size_t i, pos = 0;

	if (nseg > max)
		return 0;
	for (i = 0; i < nseg; i++) {
		size_t n = g->plen - i * mss < mss ? g->plen - i * mss : mss;
		size_t l4 = g->l4 - cut, l4len = g->l4_hlen + n;
		uint8_t *o = out + pos, *ip, *t;
		unsigned c;

		if (pos + hdr + n > cap)
			return 0;
		if (cut) {
			memcpy(o, g->pkt, g->jumbo);
			memcpy(o + g->jumbo, g->pkt + g->jumbo + 8,
			       g->payload - g->jumbo - 8);
			o[g->l3 + 6] = g->pkt[g->jumbo];
		} else {
			memcpy(o, g->pkt, hdr);
		}
		memcpy(o + hdr, g->pkt + g->payload + i * mss, n);
		ip = o + g->l3;
		t = o + l4;
		if (g->v6) {
			put16(ip + 4, hdr + n - g->l3 - 40);
		} else {
			unsigned id = (unsigned)((g->pkt[g->l3 + 4] << 8 |
						  g->pkt[g->l3 + 5]) +
						 (fixed_id ? 0 : i));

			put16(ip + 2, hdr + n - g->l3);
			put16(ip + 4, id & 0xffff);
			ip[10] = ip[11] = 0;
			put16(ip + 10, l4gen_csum(ip, g->ip_hlen, 0));
		}
		if (g->udp) {
			put16(t + 4, l4len);
			t[6] = t[7] = 0;
			c = l4gen_csum(t, l4len, l4gen_pseudo(g, l4len));
			if (c == 0)
				c = 0xffff;
			if (partial)
				c = (uint16_t)~l4gen_csum(NULL, 0,
						l4gen_pseudo(g, l4len));
			put16(t + 6, c);
		} else {
			put32(t + 4, get32(g->pkt + g->l4 + 4) + i * mss);
			if (i > 0)
				t[13] &= (uint8_t)~0x80;
			if (i + 1 < nseg)
				t[13] &= (uint8_t)~0x09;
			t[16] = t[17] = 0;
			c = l4gen_csum(t, l4len, l4gen_pseudo(g, l4len));
			if (partial)
				c = (uint16_t)~l4gen_csum(NULL, 0,
						l4gen_pseudo(g, l4len));
			put16(t + 16, c);
		}
		lens[i] = hdr + n;
		pos += hdr + n;
	}
	return nseg;
}

unsigned
l4gen_ref_full(const struct l4gen *g)
{
	uint8_t save[2];
	size_t l4len = g->len - g->l4, f = g->l4 + (g->udp ? 6 : 16);
	unsigned c;

	memcpy(save, g->pkt + f, 2);
	g->pkt[f] = g->pkt[f + 1] = 0;
	c = l4gen_csum(g->pkt + g->l4, l4len, l4gen_pseudo(g, l4len));
	memcpy(g->pkt + f, save, 2);
	if (c == 0 && g->udp)
		c = 0xffff;
	return c;
}

unsigned
l4gen_ref_partial(const struct l4gen *g)
{
	return (uint16_t)~l4gen_csum(NULL, 0, l4gen_pseudo(g, g->len - g->l4));
}

/*
 * The length rule of inetcsum_ip_fill() (issue 23), written out: walk an
 * IP packet of 'len' bytes the obvious way, through IP in IP, IPv6 in IPv4
 * (or IPv6) and GRE, and say whether a length field disagrees with the
 * bytes that hold it, whatever the packet carries.  Only what the packet
 * layer promises to check is checked: an IPv4 IHL below 5 or past its
 * container, a total length below the IHL (other than 0, which says the
 * packet is the rest of its container: TSO and BIG TCP) or past the
 * container, an IPv6
 * header past its container or a payload length past it, and then, in the
 * IP payload, the fixed header of the protocol with a checksum (TCP 20
 * bytes and a data offset of 5 or more, UDP 8 and a UDP length inside
 * the payload, ICMP and IGMP 8, GRE its flag-dependent header) and the
 * packets that GRE or IP in IP carries.  A fragment stops the walk (the
 * first one's upper layer is left to reassembly, a later one has none),
 * as do protocols without a checked checksum.  No IPv6 extension headers:
 * the callers build none.  Returns 1 if a length lies, 0 if not.
 */
static int
ref_lies(const uint8_t *p, size_t end, unsigned depth)
{
	size_t hl, tot, pl;
	unsigned proto;

	if (depth > 6 || end == 0)
		return 0;	/* the callers nest less deep */
	if (p[0] >> 4 == 4) {
		if (end < 20)
			return 1;
		hl = (size_t)(p[0] & 15) * 4;
		tot = (size_t)p[2] << 8 | p[3];
		if (tot == 0)
			tot = end;	/* TSO, BIG TCP: the container's */
		if (hl < 20 || hl > end || tot < hl || tot > end)
			return 1;
		if ((p[6] & 0x3f) != 0 || p[7] != 0)
			return 0;	/* MF or an offset: a fragment */
		proto = p[9];
		pl = tot - hl;
	} else if (p[0] >> 4 == 6) {
		if (end < 40)
			return 1;
		pl = (size_t)p[4] << 8 | p[5];
		if (pl > end - 40)
			return 1;
		hl = 40;
		proto = p[6];
	} else {
		return 0;
	}
	p += hl;
	switch (proto) {
	case 6:
		return pl < 20 || (p[12] >> 4) < 5;
	case 17:
		return pl < 8 || ((size_t)p[4] << 8 | p[5]) < 8 ||
		       ((size_t)p[4] << 8 | p[5]) > pl;
	case 1:
	case 2:
	case 58:
		return pl < 8;
	case 4:
	case 41:
		return pl == 0 || ref_lies(p, pl, depth + 1);
	case 47: {
		size_t gh = 4;

		if (pl < 4)
			return 1;
		if (p[0] & 0xc0)
			gh += 4;
		if (p[0] & 0x20)
			gh += 4;
		if (p[0] & 0x10)
			gh += 4;
		if (pl < gh)
			return 1;
		/* An empty tunnel payload has no IP header to hold. */
		if ((p[2] << 8 | p[3]) == 0x0800 || (p[2] << 8 | p[3]) == 0x86dd)
			return pl == gh || ref_lies(p + gh, pl - gh, depth + 1);
		return 0;
	}
	}
	return 0;
}

int
l4gen_ref_lengths_lie(const uint8_t *p, size_t len)
{
	return ref_lies(p, len, 0);
}
