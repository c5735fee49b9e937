/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_peer_vectors.c - the known answers of a peer's own test
 * suite: the Linux kernel's checksum unit test (lib/checksum_kunit.c; the
 * values are in peer_vectors_linux.h), run the way that test runs them,
 * against the reference first and then every kernel the CPU can run.
 *   - csum_partial: the first 'len' bytes (0..511) of its 512 bytes at
 *     every alignment of a 576-byte area, from its initial sum, folded;
 *   - all carries: bytes 0xff from the initial sums 0xffffffff and 0, so
 *     a carry the kernel drops shows, and a sum of 0xffff words must fold
 *     to 0x0000 (0xffff only for no data from 0);
 *   - no carry: bytes 0x04 from the largest initial sum that gives no
 *     carry (folds to 0x0000) and from one more (0xfffe);
 *   - ip_fast_csum: inetcsum_ipv4_header() and its inline form over the
 *     181 windows of 5 to 14 words;
 *   - csum_ipv6_magic: inetcsum_pseudo_ipv6() plus a 32-bit sum, folded.
 * The kernel's values are those of a little-endian CPU; on a big-endian
 * one each 16-bit value is byte-swapped, as the kernel's test does, since
 * both libraries keep sums in memory order.  The areas sit against a
 * guard page, so a kernel reading past them faults.
 */
#include <stdio.h>
#include <string.h>

#include "inetcsum.h"
#include "impl.h"
#include "peer_vectors_linux.h"
#include "ref_csum.h"
#include "test_util.h"

#define MAX_LEN		512
#define AREA		576	/* MAX_LEN + 64 alignments */
#define FAST_WINDOWS	181
#define V6_CASES	200

/* A 16-bit value of the kernel's table as this CPU holds it. */
static uint16_t
sum16(uint16_t le)
{
	return inetcsum_ref_little_endian() ? le : inetcsum_ref_swap16(le);
}

/* A 32-bit sum of the kernel's table: each half swapped on big-endian. */
static uint32_t
wsum(uint32_t le)
{
	return (uint32_t)sum16((uint16_t)(le >> 16)) << 16 |
	       sum16((uint16_t)le);
}

/* The largest initial sum from which 'len' bytes 0x04 give no carry: all
 * ones in the high half, the low half the complement of their sum. */
static uint32_t
no_carry_init(size_t len)
{
	uint32_t s = (uint32_t)(len / 2) * 0x0404u + (len & 1 ? 4u : 0u);

	while (s > 0xffff)
		s = (s & 0xffff) + (s >> 16);
	return 0xffff0000u | (uint16_t)~s;
}

struct run {
	struct inetcsum_test_buf area;
	int reference;		/* judge the reference, not the library */
};

static uint16_t
fold_partial(const struct run *r, const void *p, size_t len, uint32_t init)
{
	if (r->reference)
		return inetcsum_ref_fold(inetcsum_ref_sum(p, len, init));
	return inetcsum_fold(inetcsum_partial(p, len, init));
}

static void
expect(const char *who, const char *op, size_t len, size_t align,
       uint32_t init, const void *data, uint16_t got, uint16_t want)
{
	inetcsum_test_count();
	if (got != want)
		inetcsum_test_fail(who, op, len, align, init, data,
				   "got 0x%04x, Linux's test wants 0x%04x", got,
				   want);
}

/* The three csum_partial() tests of the kernel's suite. */
static void
partial_tests(struct run *r, const char *who)
{
	unsigned char *area = inetcsum_test_buf_tail(&r->area, 0, AREA);
	size_t align, len;

	for (align = 0; align < AREA; align++) {
		unsigned char *p = area + align;
		size_t room = AREA - align;

		memcpy(p, linux_random_buf, room < MAX_LEN ? room : MAX_LEN);
		for (len = 0; len < MAX_LEN && len < room; len++) {
			inetcsum_test_context(who, "linux fixed random", len,
					      align);
			expect(who, "linux fixed random", len, align,
			       wsum(LINUX_INIT_SUM), p,
			       fold_partial(r, p, len, wsum(LINUX_INIT_SUM)),
			       sum16(linux_csum_partial[len]));
		}
	}
	memset(area, 0xff, AREA);
	for (align = 0; align < AREA; align++) {
		unsigned char *p = area + align;

		for (len = 0; len < MAX_LEN && align + len < AREA; len++) {
			uint16_t odd = sum16(0xff00);

			inetcsum_test_context(who, "linux all carries", len,
					      align);
			expect(who, "linux all carries", len, align,
			       0xffffffffu, p,
			       fold_partial(r, p, len, 0xffffffffu),
			       len & 1 ? odd : 0);
			expect(who, "linux all carries", len, align, 0, p,
			       fold_partial(r, p, len, 0),
			       len & 1 ? odd : len ? 0 : 0xffff);
		}
	}
	memset(area, 0x04, AREA);
	for (align = 0; align < AREA; align++) {
		unsigned char *p = area + align;

		for (len = 0; len < MAX_LEN && align + len < AREA; len++) {
			/* One more is added before the swap, as the
			 * kernel's test does: on a big-endian CPU it is a
			 * carry into the other byte. */
			uint32_t init = wsum(no_carry_init(len));
			uint32_t more = wsum(no_carry_init(len) + 1);

			inetcsum_test_context(who, "linux no carry", len,
					      align);
			expect(who, "linux no carry", len, align, init, p,
			       fold_partial(r, p, len, init), 0);
			expect(who, "linux no carry", len, align, more, p,
			       fold_partial(r, p, len, more),
			       len ? sum16(0xfffe) : 0xffff);
		}
	}
	inetcsum_test_context(NULL, NULL, 0, 0);
}

/* ip_fast_csum() and csum_ipv6_magic(): not kernel-dispatched, so run
 * once, against the reference and the library. */
static void
header_tests(struct run *r)
{
	unsigned char *buf = inetcsum_test_buf_tail(&r->area, 0, MAX_LEN);
	unsigned ihl;
	size_t i;

	memcpy(buf, linux_random_buf, MAX_LEN);
	for (ihl = 5; ihl < 15; ihl++) {
		for (i = 0; i < FAST_WINDOWS; i++) {
			const unsigned char *h = buf + i;
			uint16_t want = sum16(linux_ip_fast_csum[(ihl - 5) *
							FAST_WINDOWS + i]);

			expect("reference", "linux ip_fast_csum", ihl * 4, i,
			       0, h, inetcsum_ref_ipv4_header(h, ihl), want);
			expect("library", "linux ip_fast_csum", ihl * 4, i, 0,
			       h, inetcsum_ipv4_header(h, ihl), want);
			expect("inline", "linux ip_fast_csum", ihl * 4, i, 0,
			       h, (uint16_t)inetcsum_ipv4_header_inline(h, ihl),
			       want);
		}
	}
	for (i = 0; i < V6_CASES; i++) {
		const unsigned char *s = buf + i, *d = s + 16;
		uint32_t len, csum;
		uint8_t proto = s[36];
		uint16_t want = sum16(linux_csum_ipv6_magic[i]);

		/* The length as a little-endian number on every CPU; the
		 * sum as the CPU loads it (the kernel's __wsum). */
		len = (uint32_t)s[32] | (uint32_t)s[33] << 8 |
		      (uint32_t)s[34] << 16 | (uint32_t)s[35] << 24;
		memcpy(&csum, s + 37, 4);
		expect("reference", "linux csum_ipv6_magic", 40, i, csum, s,
		       inetcsum_ref_fold(inetcsum_ref_add(
			       inetcsum_ref_pseudo_ipv6(s, d, proto, len),
			       csum)), want);
		expect("library", "linux csum_ipv6_magic", 40, i, csum, s,
		       inetcsum_fold(inetcsum_add(
			       inetcsum_pseudo_ipv6(s, d, proto, len), csum)),
		       want);
	}
}

static void
run_kernel(const struct inetcsum_kernel *k, void *arg)
{
	partial_tests(arg, k->name);
}

int
main(void)
{
	struct run r;

	inetcsum_test_init("test_peer_vectors");
	memset(&r, 0, sizeof(r));
	inetcsum_test_buf_alloc(&r.area, AREA);
	/* The reference is judged first, then each kernel the CPU runs. */
	r.reference = 1;
	partial_tests(&r, "reference");
	header_tests(&r);
	r.reference = 0;
	inetcsum_test_each_kernel(run_kernel, &r);
	inetcsum_test_buf_free(&r.area);
	return inetcsum_test_finish();
}
