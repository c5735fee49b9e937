/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/frames.c - the frame builder, reference checksum, guard
 * pages and result comparison of the packet module's tests (frames.h).
 *
 * The reference is deliberately naive: big-endian 16-bit words added into
 * 64 bits, folded at the end (RFC 1071 section 4.1 in spirit), and
 * pseudo-headers are written out as bytes (RFC 768, RFC 8200 section 8.1)
 * rather than summed field by field, so nothing is shared with the code
 * under test.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "frames.h"
#include "ref_crc32c.h"

int test_failures;

uint64_t
ref_sum(const uint8_t *p, size_t n)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		s += ((unsigned)p[i] << 8) | p[i + 1];
	if (n & 1)
		s += (unsigned)p[n - 1] << 8;
	return s;
}

uint16_t
ref_csum(const uint8_t *p, size_t n, uint64_t sum)
{
	sum += ref_sum(p, n);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

void
parse_addr(const char *s, uint8_t *out, int *v6)
{
	uint8_t a[16];

	if (inet_pton(AF_INET, s, a) == 1) {
		memcpy(out, a, 4);
		*v6 = 0;
		return;
	}
	if (inet_pton(AF_INET6, s, a) == 1) {
		memcpy(out, a, 16);
		*v6 = 1;
		return;
	}
	fprintf(stderr, "bad address %s\n", s);
	abort();
}

void
fb_init(struct fb *fb)
{
	memset(fb, 0, sizeof(*fb));
}

void
fb_raw(struct fb *fb, const void *p, size_t n)
{
	if (fb->len + n > FB_MAX) {
		fprintf(stderr, "frame builder overflow\n");
		abort();
	}
	memcpy(fb->b + fb->len, p, n);
	fb->len += n;
}

void
fb_payload(struct fb *fb, size_t n, unsigned seed)
{
	uint8_t tmp[FB_MAX];
	size_t i;

	for (i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		tmp[i] = (uint8_t)(seed >> 16);
	}
	fb_raw(fb, tmp, n);
}

static struct fb_rec *
rec(struct fb *fb, enum fb_kind kind)
{
	struct fb_rec *r = &fb->rec[fb->nrec++];

	if (fb->nrec > FB_MAX_RECS)
		abort();
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->off = fb->len;
	return r;
}

void
fb_eth(struct fb *fb, const unsigned *tpids, size_t ntags, unsigned type)
{
	static const uint8_t macs[12] = {
		0x02, 0, 0, 0, 0, 1, 0x02, 0, 0, 0, 0, 2,
	};
	uint8_t t[4];
	size_t i;

	fb_raw(fb, macs, sizeof(macs));
	for (i = 0; i < ntags; i++) {
		put16(t, tpids[i]);
		put16(t + 2, 100 + (unsigned)i);	/* the TCI: VLAN id */
		fb_raw(fb, t, 4);
	}
	put16(t, type);
	fb_raw(fb, t, 2);
}

struct fb_rec *
fb_ipv4(struct fb *fb, unsigned proto, const char *src, const char *dst,
	const void *opts, size_t optlen)
{
	struct fb_rec *r = rec(fb, FB_IPV4);
	uint8_t h[20];
	int v6;

	memset(h, 0, sizeof(h));
	h[0] = (uint8_t)(0x40 | (5 + optlen / 4));
	put16(h + 4, 0x1234);
	put16(h + 6, 0x4000);	/* DF */
	h[8] = 64;
	h[9] = (uint8_t)proto;
	/* Parsed into the 16-byte record fields, then copied: 4 bytes each. */
	parse_addr(src, r->src, &v6);
	parse_addr(dst, r->dst, &v6);
	memcpy(h + 12, r->src, 4);
	memcpy(h + 16, r->dst, 4);
	fb_raw(fb, h, sizeof(h));
	if (optlen)
		fb_raw(fb, opts, optlen);
	return r;
}

struct fb_rec *
fb_ipv6(struct fb *fb, unsigned nh, const char *src, const char *dst)
{
	struct fb_rec *r = rec(fb, FB_IPV6);
	uint8_t h[40];
	int v6;

	memset(h, 0, sizeof(h));
	h[0] = 0x60;
	h[6] = (uint8_t)nh;
	h[7] = 64;
	parse_addr(src, h + 8, &v6);
	parse_addr(dst, h + 24, &v6);
	memcpy(r->src, h + 8, 16);
	memcpy(r->dst, h + 24, 16);
	fb_raw(fb, h, sizeof(h));
	return r;
}

struct fb_rec *
fb_tcp(struct fb *fb)
{
	struct fb_rec *r = rec(fb, FB_TCP);
	uint8_t h[20] = { 0x30, 0x39, 0x00, 0x50, 1, 2, 3, 4, 5, 6, 7, 8,
			  0x50, 0x18, 0xff, 0xff, 0, 0, 0, 0 };

	fb_raw(fb, h, sizeof(h));
	return r;
}

struct fb_rec *
fb_udp(struct fb *fb, int lite)
{
	struct fb_rec *r = rec(fb, lite ? FB_UDPLITE : FB_UDP);
	uint8_t h[8] = { 0x30, 0x39, 0x00, 0x35, 0, 0, 0, 0 };

	fb_raw(fb, h, sizeof(h));
	return r;
}

struct fb_rec *
fb_icmp(struct fb *fb, unsigned type, unsigned code, int v6)
{
	struct fb_rec *r = rec(fb, v6 ? FB_ICMPV6 : FB_ICMP);
	uint8_t h[8] = { (uint8_t)type, (uint8_t)code, 0, 0, 0, 1, 0, 2 };

	fb_raw(fb, h, sizeof(h));
	return r;
}

struct fb_rec *
fb_igmp(struct fb *fb)
{
	struct fb_rec *r = rec(fb, FB_IGMP);
	uint8_t h[8] = { 0x16, 0, 0, 0, 224, 0, 0, 251 };

	fb_raw(fb, h, sizeof(h));
	return r;
}

struct fb_rec *
fb_gre(struct fb *fb, unsigned flags, unsigned type)
{
	struct fb_rec *r = rec(fb, FB_GRE);
	static const uint8_t opt[4] = { 0xde, 0xad, 0xbe, 0xef };
	uint8_t h[4];

	put16(h, flags);
	put16(h + 2, type);
	fb_raw(fb, h, 4);
	if (flags & 0x8000)
		fb_raw(fb, "\0\0\0\0", 4);	/* checksum, reserved1 */
	if (flags & 0x2000)
		fb_raw(fb, opt, 4);		/* key */
	if (flags & 0x1000)
		fb_raw(fb, opt, 4);		/* sequence number */
	return r;
}

struct fb_rec *
fb_len16(struct fb *fb, size_t lenoff, size_t lensub)
{
	struct fb_rec *r = rec(fb, FB_LEN16);

	r->lenoff = lenoff;
	r->lensub = lensub;
	return r;
}

struct fb_rec *
fb_proto(struct fb *fb, enum fb_kind kind, const void *hdr, size_t n)
{
	struct fb_rec *r = rec(fb, kind);

	fb_raw(fb, hdr, n);
	return r;
}

uint64_t
fb_pseudo(const struct fb_rec *ip, unsigned proto, size_t len)
{
	uint8_t ph[40];

	memset(ph, 0, sizeof(ph));
	if (ip->kind == FB_IPV4) {
		memcpy(ph, ip->src, 4);
		memcpy(ph + 4, ip->dst, 4);
		ph[9] = (uint8_t)proto;
		put16(ph + 10, (unsigned)len);
		return ref_sum(ph, 12);
	}
	memcpy(ph, ip->src, 16);
	memcpy(ph + 16, ip->dst, 16);
	put16(ph + 32, (unsigned)(len >> 16));
	put16(ph + 34, (unsigned)len);
	ph[39] = (uint8_t)proto;
	return ref_sum(ph, 40);
}

static void
set_csum(uint8_t *field, uint16_t v)
{
	put16(field, v);
}

/*
 * The checksums of l4_other.c's protocols, each written out from its RFC
 * (see there), 'len' bytes from 'p' to the end of the frame.
 */
static void
finish_other(const struct fb_rec *r, const struct fb_rec *ip, uint8_t *p,
	     size_t len)
{
	uint8_t tmp[FB_MAX];
	size_t cov;
	uint16_t v;
	int v6 = ip->kind == FB_IPV6;

	switch (r->kind) {
	case FB_PIM:		/* RFC 7761 4.9: Register, its 8 bytes */
		cov = p[0] == 0x21 ? 8 : len;	/* PIMv1 (0x14): all */
		put16(p + 2, 0);
		set_csum(p + 2, ref_csum(p, cov, v6 ? fb_pseudo(ip, 103, cov)
						     : 0));
		break;
	case FB_VRRP:		/* RFC 3768 5.3.8; RFC 5798 5.2.8 (v3) */
		put16(p + 6, 0);
		set_csum(p + 6, ref_csum(p, len, (p[0] >> 4) == 3 ?
					 fb_pseudo(ip, 112, len) : 0));
		break;
	case FB_OSPF:		/* RFC 2328 D.4; RFC 5340 A.3.1 */
		cov = r->coverage ? r->coverage : len;
		put16(p + 2, (unsigned)cov);
		put16(p + 12, 0);
		if (p[0] == 3) {
			set_csum(p + 12, ref_csum(p, cov,
						  fb_pseudo(ip, 89, cov)));
			break;
		}
		if (get16(p + 14) == 2)
			break;	/* cryptographic: no checksum (D.4.3) */
		memcpy(tmp, p, cov);
		memset(tmp + 16, 0, 8);		/* authentication left out */
		set_csum(p + 12, ref_csum(tmp, cov, 0));
		break;
	case FB_RSVP:		/* RFC 2205 3.1.1 */
		cov = r->coverage ? r->coverage : len;
		put16(p + 6, (unsigned)cov);
		put16(p + 2, 0);
		v = ref_csum(p, cov, 0);
		set_csum(p + 2, v ? v : 0xffff);	/* 0 means none */
		break;
	case FB_EIGRP:
		put16(p + 2, 0);
		set_csum(p + 2, ref_csum(p, len, 0));
		break;
	case FB_HIP:		/* RFC 7401 5.1.1: as TCP's */
		put16(p + 4, 0);
		set_csum(p + 4, ref_csum(p, len, fb_pseudo(ip, 139, len)));
		break;
	case FB_PGM:		/* RFC 3208 8: 0 means none */
		put16(p + 6, 0);
		v = ref_csum(p, len, 0);
		set_csum(p + 6, v ? v : 0xffff);
		break;
	case FB_DCCP:		/* RFC 4340 9: coverage CsCov */
		cov = (p[5] & 15) ? (size_t)p[4] * 4 +
				    ((size_t)(p[5] & 15) - 1) * 4 : len;
		put16(p + 6, 0);
		set_csum(p + 6, ref_csum(p, cov, fb_pseudo(ip, 33, len)));
		break;
	case FB_SCTP: {		/* RFC 9260 appendix A: LSB first */
		uint32_t crc;

		put32(p + 8, 0);
		crc = inetcsum_ref_crc32c(0, p, len);
		p[8] = (uint8_t)crc;
		p[9] = (uint8_t)(crc >> 8);
		p[10] = (uint8_t)(crc >> 16);
		p[11] = (uint8_t)(crc >> 24);
		break;
	}
	default:
		break;
	}
}

void
fb_finish(struct fb *fb)
{
	size_t i = fb->nrec, end = fb->len;

	while (i-- > 0) {
		struct fb_rec *r = &fb->rec[i];
		const struct fb_rec *ip = NULL;
		uint8_t *p = fb->b + r->off;
		size_t len = end - r->off, j;
		uint16_t v;

		for (j = i; j-- > 0;)
			if (fb->rec[j].kind == FB_IPV4 ||
			    fb->rec[j].kind == FB_IPV6) {
				ip = &fb->rec[j];
				break;
			}
		switch (r->kind) {
		case FB_IPV4:
			put16(p + 2, (unsigned)len);
			put16(p + 10, 0);
			v = ref_csum(p, (size_t)(p[0] & 15) * 4, 0);
			set_csum(p + 10, v);
			break;
		case FB_IPV6:
			put16(p + 4, (unsigned)(len - 40));
			break;
		case FB_TCP:
			put16(p + 16, 0);
			v = ref_csum(p, len, fb_pseudo(ip, 6, len));
			set_csum(p + 16, v);
			break;
		case FB_UDP:
		case FB_UDPLITE: {
			int lite = r->kind == FB_UDPLITE;
			size_t cov = lite && r->coverage ? r->coverage : len;

			put16(p + 4, lite ? r->coverage : (unsigned)len);
			put16(p + 6, 0);
			v = ref_csum(p, cov, fb_pseudo(ip, lite ? 136 : 17,
							len));
			set_csum(p + 6, v ? v : 0xffff);
			break;
		}
		case FB_ICMP:
		case FB_IGMP:
			put16(p + 2, 0);
			set_csum(p + 2, ref_csum(p, len, 0));
			break;
		case FB_CDP: {
			/*
			 * Wireshark's packet-cdp.c: an odd last byte b is the
			 * word 00 b, or ff (b - 1) when b >= 0x80 (Cisco adds
			 * it as a signed number), not RFC 1071's b 00.
			 */
			uint8_t tmp[FB_MAX + 1];

			put16(p + 2, 0);
			memcpy(tmp, p, len);
			if (len & 1) {
				uint8_t b = p[len - 1];

				tmp[len - 1] = b < 0x80 ? 0 : 0xff;
				tmp[len] = b < 0x80 ? b : (uint8_t)(b - 1);
			}
			set_csum(p + 2, ref_csum(tmp, len + (len & 1), 0));
			break;
		}
		case FB_ICMPV6:
			put16(p + 2, 0);
			v = ref_csum(p, len, fb_pseudo(ip, 58, len));
			set_csum(p + 2, v);
			break;
		case FB_LEN16:
			put16(p + r->lenoff, (unsigned)(len - r->lensub));
			break;
		case FB_GRE:
			if (get16(p) & 0x8000) {
				put16(p + 4, 0);
				set_csum(p + 4, ref_csum(p, len, 0));
			}
			break;
		default:
			finish_other(r, ip, p, len);
			break;
		}
	}
}

static size_t
page_round(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (n + pg - 1) / pg * pg;
}

uint8_t *
guard_copy(const void *src, size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t body = page_round(n);
	uint8_t *base;

	base = mmap(NULL, body + pg, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED) {
		perror("mmap");
		abort();
	}
	if (mprotect(base + body, pg, PROT_NONE) != 0) {
		perror("mprotect");
		abort();
	}
	if (n)
		memcpy(base + body - n, src, n);
	return base + body - n;
}

void
guard_free(uint8_t *p, size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t body = page_round(n);

	munmap(p + n - body, body + pg);
}

void
print_result(const struct inetcsum_frame_result *r)
{
	size_t i;

	for (i = 0; i < r->nlayers; i++) {
		const struct inetcsum_layer *l = &r->layers[i];

		fprintf(stderr, "    %-8s %-10s stored %04x expected %04x "
			"at %zu%s%s\n", inetcsum_proto_name(l->proto),
			inetcsum_status_name(l->status), l->stored,
			l->expected, l->field_offset, l->reason ? " " : "",
			l->reason ? l->reason : "");
	}
	fprintf(stderr, "    note: %s\n", r->note ? r->note : "(none)");
}

int
expect(const char *name, const struct inetcsum_frame_result *r,
       const struct want *w, size_t n, const char *note)
{
	int ok = r->nlayers == n;
	size_t i;

	for (i = 0; ok && i < n; i++) {
		const struct inetcsum_layer *l = &r->layers[i];

		if (l->proto != w[i].proto || l->status != w[i].status)
			ok = 0;
		if (w[i].reason != NULL &&
		    (l->reason == NULL || strcmp(l->reason, w[i].reason) != 0))
			ok = 0;
		/* A GOOD field equals its expected value (modulo +-0). */
		if (l->status == INETCSUM_GOOD && l->stored != l->expected &&
		    !((l->stored == 0 || l->stored == 0xffff) &&
		      (l->expected == 0 || l->expected == 0xffff)))
			ok = 0;
		/* SCTP's values are half its field (inetcsum_packet.h). */
		if (l->status == INETCSUM_BAD && l->stored == l->expected &&
		    l->proto != INETCSUM_PROTO_SCTP)
			ok = 0;
	}
	if (note != NULL) {
		if (note[0] == '\0' ? r->note != NULL :
		    (r->note == NULL || strstr(r->note, note) == NULL))
			ok = 0;
	}
	if (!ok) {
		fprintf(stderr, "FAIL %s: got %zu layers, want %zu\n", name,
			r->nlayers, n);
		for (i = 0; i < n; i++)
			fprintf(stderr, "  want %-8s %s %s\n",
				inetcsum_proto_name(w[i].proto),
				inetcsum_status_name(w[i].status),
				w[i].reason ? w[i].reason : "");
		if (note != NULL)
			fprintf(stderr, "  want note: \"%s\"\n", note);
		print_result(r);
		test_failures++;
	}
	return ok ? 0 : -1;
}

int
is_field_byte(const struct inetcsum_frame_result *r, size_t off)
{
	size_t i;

	/* Unsigned: an offset below the field wraps to a huge value. */
	for (i = 0; i < r->nlayers; i++)
		if (off - r->layers[i].field_offset <
		    field_width(&r->layers[i]))
			return 1;
	return 0;
}

size_t
field_width(const struct inetcsum_layer *l)
{
	return l->proto == INETCSUM_PROTO_SCTP ? 4 : 2;
}

int
frame_results_equal(const struct inetcsum_frame_result *a,
		    const struct inetcsum_frame_result *b)
{
	size_t i;

	if (a->nlayers != b->nlayers || a->note != b->note)
		return 0;
	for (i = 0; i < a->nlayers; i++) {
		const struct inetcsum_layer *x = &a->layers[i];
		const struct inetcsum_layer *y = &b->layers[i];

		if (x->proto != y->proto || x->status != y->status ||
		    x->stored != y->stored || x->expected != y->expected ||
		    x->field_offset != y->field_offset ||
		    x->reason != y->reason)
			return 0;
	}
	return 1;
}
