/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_vectors.c - known answers.  First the reference (ref_csum.c)
 * must reproduce published and independently computed checksums; only then
 * is it fit to judge the library, which is checked against the same
 * vectors.  Usage: test_vectors FILE..., the files of tests/core/vectors/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"
#include "ref_csum.h"
#include "test_util.h"

/* Largest packet a vector may hold: an Ethernet jumbo frame. */
#define MAX_PACKET 9000

struct vector {
	char name[64];
	char kind[16];
	unsigned char data[MAX_PACKET];
	size_t len;
	unsigned check;		/* the field as a big-endian number */
	int has_check;
};

static int
parse_hex(const char *s, unsigned char *out, size_t *len)
{
	size_t n = 0;

	while (s[0] != '\0' && s[0] != '\n') {
		unsigned v;

		if (n == MAX_PACKET || sscanf(s, "%2x", &v) != 1 ||
		    s[1] == '\0' || s[1] == '\n')
			return -1;
		out[n++] = (unsigned char)v;
		s += 2;
	}
	*len = n;
	return 0;
}

static void
check16(const char *who, const struct vector *v, const char *what,
	unsigned got, unsigned want)
{
	inetcsum_test_count();
	if (got != want)
		inetcsum_test_fail(who, what, v->len, 0, 0, v->data,
				   "vector %s (%s): got 0x%04x, want 0x%04x",
				   v->name, v->kind, got, want);
}

/* Network-order (big-endian) value of the 2 bytes at 'p'. */
static unsigned
be16_at(const unsigned char *p)
{
	return ((unsigned)p[0] << 8) | p[1];
}

/*
 * A transport checksum: 'pkt' is the whole IP packet; the upper-layer
 * header starts at 'l4' and is 'l4len' long with its checksum field at
 * 'field'.  Checks reference and library against v->check, and that both
 * verify the packet as received.
 */
static void
check_transport(const struct vector *v, int ipv6, size_t l4, size_t l4len,
		size_t field, uint8_t proto)
{
	unsigned char pkt[MAX_PACKET];
	const unsigned char *src = v->data + (ipv6 ? 8 : 12);
	const unsigned char *dst = v->data + (ipv6 ? 24 : 16);
	uint16_t ref, lib, ps16;
	uint32_t ps;

	if (l4 + l4len > v->len || field + 2 > l4len) {
		inetcsum_test_fail("reference", "parse", v->len, 0, 0, NULL,
				   "vector %s: truncated packet", v->name);
		return;
	}
	memcpy(pkt, v->data, v->len);
	pkt[l4 + field] = pkt[l4 + field + 1] = 0;

	/* Reference: pseudo-header bytes, then the segment. */
	if (ipv6)
		ps16 = inetcsum_ref_pseudo_ipv6(src, dst, proto,
						(uint32_t)l4len);
	else
		ps16 = inetcsum_ref_pseudo_ipv4(src, dst, proto,
						(uint32_t)l4len);
	ref = (uint16_t)~inetcsum_ref_sum(pkt + l4, l4len, ps16);
	/* RFC 768: a computed UDP checksum of zero is sent as all ones. */
	if (proto == 17 && ref == 0)
		ref = 0xffff;
	check16("reference", v, "transport", inetcsum_ref_to_net(ref),
		v->check);
	check16("reference", v, "transport-verify",
		inetcsum_ref_csum(v->data + l4, l4len, ps16), 0);

	/* The library, the way an application would call it. */
	ps = ipv6 ? inetcsum_pseudo_ipv6(src, dst, proto, (uint32_t)l4len)
		  : inetcsum_pseudo_ipv4(src, dst, proto, (uint32_t)l4len);
	lib = inetcsum_fold(inetcsum_partial(pkt + l4, l4len, ps));
	if (proto == 17 && lib == 0)
		lib = 0xffff;
	memcpy(pkt + l4 + field, &lib, 2);
	check16(inetcsum_impl_name(), v, "transport", be16_at(pkt + l4 + field),
		v->check);
	check16(inetcsum_impl_name(), v, "transport-verify",
		inetcsum_fold(inetcsum_partial(v->data + l4, l4len, ps)), 0);
}

static void
check_vector(const struct vector *v)
{
	unsigned char pkt[MAX_PACKET];
	const char *lib = inetcsum_impl_name();
	unsigned ihl;
	size_t l4len;

	if (strcmp(v->kind, "sum") == 0) {
		uint16_t want_mem = inetcsum_ref_to_mem((uint16_t)v->check);

		check16("reference", v, "sum", inetcsum_ref_sum_net(v->data,
			v->len), v->check);
		check16("reference", v, "sum-mem",
			inetcsum_ref_sum(v->data, v->len, 0), want_mem);
		check16(lib, v, "fold(partial)",
			inetcsum_fold(inetcsum_partial(v->data, v->len, 0)),
			(uint16_t)~want_mem);
		return;
	}
	if (strcmp(v->kind, "ipv4") == 0 || strcmp(v->kind, "tcp4") == 0 ||
	    strcmp(v->kind, "udp4") == 0) {
		ihl = v->len != 0 ? (v->data[0] & 0xf) : 0;
		/* A header-only vector may be shorter than its packet. */
		if (v->len < 20 || ihl < 5 || ihl * 4 > v->len ||
		    (strcmp(v->kind, "ipv4") != 0 &&
		     be16_at(v->data + 2) != v->len)) {
			inetcsum_test_fail("reference", "parse", v->len, 0, 0,
					   NULL, "vector %s: bad IPv4 header",
					   v->name);
			return;
		}
		if (strcmp(v->kind, "ipv4") == 0) {
			uint16_t c;

			memcpy(pkt, v->data, ihl * 4);
			pkt[10] = pkt[11] = 0;
			c = inetcsum_ref_ipv4_header(pkt, ihl);
			check16("reference", v, "ipv4",
				inetcsum_ref_to_net(c), v->check);
			memcpy(pkt + 10, &c, 2);
			check16("reference", v, "ipv4-verify",
				inetcsum_ref_ipv4_header(pkt, ihl), 0);
			/* The stored field is either empty or the answer. */
			if (be16_at(v->data + 10) != 0)
				check16("vector", v, "stored-field",
					be16_at(v->data + 10), v->check);
			pkt[10] = pkt[11] = 0;
			check16(lib, v, "ipv4_header(zeroed)",
				inetcsum_ref_to_net(inetcsum_ipv4_header(pkt,
					ihl)), v->check);
			memcpy(pkt + 10, &c, 2);
			check16(lib, v, "ipv4_header(verify)",
				inetcsum_ipv4_header(pkt, ihl), 0);
			return;
		}
		l4len = v->len - ihl * 4;
		check_transport(v, 0, ihl * 4, l4len,
				v->data[9] == 6 ? 16 : 6, v->data[9]);
		return;
	}
	if (strcmp(v->kind, "tcp6") == 0 || strcmp(v->kind, "udp6") == 0 ||
	    strcmp(v->kind, "icmp6") == 0) {
		size_t field;

		/* Only packets without extension headers are stored. */
		if (v->len < 40 || (v->data[0] >> 4) != 6 ||
		    be16_at(v->data + 4) + 40u != v->len) {
			inetcsum_test_fail("reference", "parse", v->len, 0, 0,
					   NULL, "vector %s: bad IPv6 header",
					   v->name);
			return;
		}
		field = v->data[6] == 6 ? 16 : v->data[6] == 17 ? 6 : 2;
		check_transport(v, 1, 40, v->len - 40, field, v->data[6]);
		return;
	}
	inetcsum_test_fail("reference", "parse", v->len, 0, 0, NULL,
			   "vector %s: unknown kind %s", v->name, v->kind);
}

static int
run_file(const char *path)
{
	static struct vector v;
	char line[2 * MAX_PACKET + 64];
	FILE *f = fopen(path, "r");
	int n = 0, have = 0;

	if (f == NULL) {
		perror(path);
		return -1;
	}
	for (;;) {
		char *got = fgets(line, sizeof(line), f);

		if (got == NULL || line[0] == '\n') {
			if (have) {
				if (!v.has_check || v.name[0] == '\0') {
					fprintf(stderr, "%s: incomplete record"
						" %s\n", path, v.name);
					fclose(f);
					return -1;
				}
				check_vector(&v);
				n++;
			}
			have = 0;
			memset(&v, 0, sizeof(v));
			if (got == NULL)
				break;
			continue;
		}
		if (line[0] == '#')
			continue;
		have = 1;
		if (strncmp(line, "name ", 5) == 0) {
			sscanf(line + 5, "%63s", v.name);
		} else if (strncmp(line, "kind ", 5) == 0) {
			sscanf(line + 5, "%15s", v.kind);
		} else if (strncmp(line, "hex ", 4) == 0) {
			if (parse_hex(line + 4, v.data, &v.len) != 0) {
				fprintf(stderr, "%s: bad hex in %s\n", path,
					v.name);
				fclose(f);
				return -1;
			}
		} else if (strncmp(line, "check ", 6) == 0) {
			v.has_check = sscanf(line + 6, "%x", &v.check) == 1;
		} else {
			fprintf(stderr, "%s: unknown line: %s", path, line);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	printf("%s: %d vectors\n", path, n);
	return n;
}

/*
 * RFC 1624 section 4: HC = 0xdd2f, m = 0x5555 changes to m' = 0x3285.
 * Equation 3, HC' = ~(~HC + ~m + m'), gives 0x0000; RFC 1141's
 * HC' = HC + m + ~m' (equation 2 there) gives the other zero, 0xffff.
 * The message below is one whose fields produce exactly these numbers, so
 * a full recomputation agrees with equation 3.
 */
static void
check_rfc1624(void)
{
	static const struct vector v = { .name = "rfc1624-section4",
					 .kind = "update" };
	const uint16_t hc = 0xdd2f, m = 0x5555, m2 = 0x3285;
	/* Words (network order): checksum, m, and 0xcd7a = ~HC - m. */
	unsigned char msg[6] = { 0xdd, 0x2f, 0x55, 0x55, 0xcd, 0x7a };
	const unsigned char m2_bytes[2] = { 0x32, 0x85 };
	uint16_t eqn2 = inetcsum_ref_add16(inetcsum_ref_add16(hc, m),
					   (uint16_t)~m2);
	uint16_t lib;

	check16("reference", &v, "rfc1141-eqn2", eqn2, 0xffff);
	check16("reference", &v, "valid-before",
		inetcsum_ref_csum(msg, sizeof(msg), 0), 0);
	check16("reference", &v, "recompute",
		inetcsum_ref_update(msg, sizeof(msg), 0, 2, m2_bytes, 2),
		0x0000);
	lib = inetcsum_update16(inetcsum_ref_to_mem(hc),
				inetcsum_ref_to_mem(m),
				inetcsum_ref_to_mem(m2));
	check16(inetcsum_impl_name(), &v, "update16", lib, 0x0000);
	lib = inetcsum_update(inetcsum_ref_to_mem(hc), msg + 2, m2_bytes, 2);
	check16(inetcsum_impl_name(), &v, "update", lib, 0x0000);
	/*
	 * The example widened to a 32-bit value with both halves nonzero:
	 * words dd2f 5555 1234 bb46 (valid: bb46 = ~dd2f - 5555 - 1234),
	 * then 5555 1234 -> 3285 0102.  By hand: 3285 + 0102 + bb46 =
	 * 0xeecd, so the new field is ~0xeecd = 0x1132.
	 */
	{
		const unsigned char msg8[8] = { 0xdd, 0x2f, 0x55, 0x55,
						0x12, 0x34, 0xbb, 0x46 };
		const unsigned char m2_4[4] = { 0x32, 0x85, 0x01, 0x02 };
		const uint16_t want = inetcsum_ref_to_mem(0x1132);
		uint32_t o, n;

		check16("reference", &v, "valid-before32",
			inetcsum_ref_csum(msg8, sizeof(msg8), 0), 0);
		check16("reference", &v, "recompute32",
			inetcsum_ref_update(msg8, sizeof(msg8), 0, 2, m2_4, 4),
			want);
		memcpy(&o, msg8 + 2, 4);
		memcpy(&n, m2_4, 4);
		check16(inetcsum_impl_name(), &v, "update32",
			inetcsum_update32(inetcsum_ref_to_mem(hc), o, n), want);
		check16(inetcsum_impl_name(), &v, "update(4 bytes)",
			inetcsum_update(inetcsum_ref_to_mem(hc), msg8 + 2, m2_4,
					4), want);
	}
}

struct files {
	int argc;
	char **argv;
	int total;		/* vectors run */
	int empty;		/* a file without vectors */
};

/* Every file's vectors and RFC 1624's examples, with kernel 'k' selected. */
static void
run_kernel(const struct inetcsum_kernel *k, void *arg)
{
	struct files *f = arg;
	int i;

	(void)k;
	for (i = 1; i < f->argc; i++) {
		int n = run_file(f->argv[i]);

		if (n <= 0) {
			fprintf(stderr, "%s: no vectors read\n", f->argv[i]);
			f->empty = 1;
			return;
		}
		f->total += n;
	}
	check_rfc1624();
}

int
main(int argc, char **argv)
{
	struct files f = { argc, argv, 0, 0 };

	inetcsum_test_init("test_vectors");
	if (argc < 2) {
		fprintf(stderr, "usage: test_vectors FILE...\n");
		return 2;
	}
	/* The reference is judged first, then each kernel the CPU runs. */
	inetcsum_test_each_kernel(run_kernel, &f);
	if (f.empty)
		return 1;
	printf("%d vector runs\n", f.total);
	return inetcsum_test_finish();
}
