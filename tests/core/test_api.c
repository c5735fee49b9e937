/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_api.c - every public function other than the kernels'
 * entry points, against the reference (ref_csum.c) and against answers
 * worked out by hand: fold/add/sub, block_add at every split point,
 * scatter-gather, streaming, the IPv4 header, the pseudo-headers and
 * RFC 1624 updates.  No result is judged by another call of the library
 * or by the formula it implements.  Most of these call inetcsum_partial()
 * inside, so the whole set runs once per kernel that the CPU supports,
 * selected through inetcsum_impl_select().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"
#include "ref_csum.h"
#include "test_util.h"

/* Longest message of the split tests: every split point of each is tried. */
#define SPLIT_MAX_LEN 700
/* Longest message and most segments of the random scatter-gather tests. */
#define IOV_MAX_LEN 5000
#define IOV_MAX_SEGS 24

static struct inetcsum_test_buf buf, scatter;
static const char *kname;

static const uint32_t edge_sums[] = {
	0, 1, 0xfffe, 0xffff, 0x10000, 0x1fffe, 0x1ffff, 0x7fffffff,
	0x80000000, 0xfffeffff, 0xfffefffe, 0xffff0000, 0xfffffffe,
	0xffffffff,
};
#define NUM_EDGE (sizeof(edge_sums) / sizeof(edge_sums[0]))

static uint32_t
some_sum(unsigned i)
{
	return i < NUM_EDGE ? edge_sums[i] : inetcsum_test_rand32();
}

static void
expect16(const char *op, uint32_t a, uint32_t b, unsigned got, unsigned want)
{
	inetcsum_test_count();
	if (got != want)
		inetcsum_test_fail(kname, op, 0, 0, a, NULL, "(0x%08lx, "
				   "0x%08lx): got 0x%04x, want 0x%04x",
				   (unsigned long)a, (unsigned long)b, got,
				   want);
}

static void
test_fold_add_sub(void)
{
	unsigned i, j, n = NUM_EDGE + (inetcsum_test_quick() ? 30 : 200);

	for (i = 0; i < n; i++) {
		uint32_t a = some_sum(i);

		expect16("fold", a, 0, inetcsum_fold(a), inetcsum_ref_fold(a));
		for (j = 0; j < NUM_EDGE + 8; j++) {
			uint32_t b = some_sum(j);
			uint32_t sum = inetcsum_add(a, b);
			uint32_t diff = inetcsum_sub(a, b);

			/* Exact: 0 iff both are 0 on both sides. */
			expect16("add", a, b, inetcsum_ref_fold16(sum),
				 inetcsum_ref_add(a, b));
			/*
			 * Subtraction has two zeros (0x0000 and 0xffff)
			 * that either side may pick, so only the residue
			 * modulo 0xffff is compared.
			 */
			expect16("sub", a, b,
				 inetcsum_ref_fold16(diff) % 0xffff,
				 inetcsum_ref_sub(a, b) % 0xffff);
			expect16("block_add(even)", a, b,
				 inetcsum_ref_fold16(inetcsum_block_add(a, b,
					 2 * j)),
				 inetcsum_ref_block_add(a, b, 0));
			expect16("block_add(odd)", a, b,
				 inetcsum_ref_fold16(inetcsum_block_add(a, b,
					 2 * j + 1)),
				 inetcsum_ref_block_add(a, b, 1));
		}
	}
}

/*
 * Answers worked out by hand (and with a few lines of Python that share
 * nothing with ref_csum.c), so that a bug common to the library and the
 * reference still shows.  Partial sums here are plain numbers: fold, add,
 * sub and block_add treat both byte orders alike.
 */
static void
test_known_answers(void)
{
	static const struct { uint32_t a; uint16_t want; } folds[] = {
		{ 0, 0xffff },		/* the sum of nothing: field 0xffff */
		{ 1, 0xfffe },
		{ 0xffff, 0x0000 },	/* a nonzero multiple: 0x0000 */
		{ 0x10000, 0xfffe },	/* 2^16 == 1 */
		{ 0xffffffff, 0x0000 },
		{ 0xfffeffff, 0x0001 },
		{ 0x80008000, 0xfffe },
		{ 0x12345678, 0x9753 },	/* ~(0x1234 + 0x5678) */
		{ 0x0002ddf0, 0x220d },	/* folds to RFC 1071's 0xddf2 */
	};
	/* add and block_add: the exact 16-bit ones' complement sum. */
	static const struct { uint32_t a, b; uint16_t want; } adds[] = {
		{ 0, 0, 0x0000 },	/* 0 only when both are 0 */
		{ 0xffffffff, 1, 0x0001 },
		{ 0x80000000, 0x80000000, 0x0001 },	/* 2^31 == 2^15 */
		{ 0x1234, 0xedcb, 0xffff },	/* nonzero: never 0x0000 */
		{ 0xffffffff, 0xffffffff, 0xffff },
		{ 0xdd2f, 0x5555, 0x3285 },
	};
	/* sub: the residue modulo 0xffff (either zero may come back). */
	static const struct { uint32_t a, b; uint16_t want; } subs[] = {
		{ 5, 3, 0x0002 },
		{ 3, 5, 0xfffd },	/* -2 */
		{ 0x10000, 1, 0x0000 },
		{ 0x12345678, 0x1111, 0x579b },
		{ 0, 0xffffffff, 0x0000 },
		{ 0x00010002, 3, 0x0000 },
		{ 0x13284, 0x5555, 0xdd2f },	/* undoes the add above */
	};
	static const struct {
		uint32_t sum, part;
		size_t offset;
		uint16_t want;
	} blocks[] = {
		{ 0, 0x1234, 1, 0x3412 },	/* odd: bytes swapped */
		{ 0, 0x1234, 2, 0x1234 },
		{ 1, 0x00ff, 3, 0xff01 },
		{ 1, 0x00ff, 4, 0x0100 },
		{ 0, 0x12345678, 1, 0xac68 },	/* swap(0x1234 + 0x5678) */
		{ 0, 0, 1, 0x0000 },
		{ 0xffff, 1, 1, 0x0100 },
		/* Only the parity of the offset counts, however far. */
		{ 0, 0x1234, 65537, 0x3412 },
		{ 0, 0x1234, (size_t)-1, 0x3412 },
		{ 0, 0x1234, (size_t)-2, 0x1234 },
	};
	/*
	 * Pseudo-headers, summed by hand in network order: 192.0.2.1 ->
	 * 198.51.100.2, UDP, length 0x1234: c000 + 0201 + c633 + 6402 +
	 * 0011 + 1234 = 0x1fe7b, folded 0xfe7c.  2001:db8::1 -> 2001:db8::2,
	 * TCP, length 0x12345 (above 16 bits, so both halves of the 32-bit
	 * field count): 2 * (2001 + 0db8) + 0001 + 0002 + 0001 + 2345 + 0006
	 * = 0x7ec1.
	 */
	static const unsigned char s4[4] = { 192, 0, 2, 1 };
	static const unsigned char d4[4] = { 198, 51, 100, 2 };
	static const unsigned char s6[16] = { 0x20, 0x01, 0x0d, 0xb8,
		[15] = 1 };
	static const unsigned char d6[16] = { 0x20, 0x01, 0x0d, 0xb8,
		[15] = 2 };
	size_t i;

	for (i = 0; i < sizeof(folds) / sizeof(folds[0]); i++)
		expect16("fold(known)", folds[i].a, 0,
			 inetcsum_fold(folds[i].a), folds[i].want);
	for (i = 0; i < sizeof(adds) / sizeof(adds[0]); i++)
		expect16("add(known)", adds[i].a, adds[i].b,
			 inetcsum_ref_fold16(inetcsum_add(adds[i].a,
							  adds[i].b)),
			 adds[i].want);
	for (i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
		expect16("sub(known)", subs[i].a, subs[i].b,
			 inetcsum_ref_fold16(inetcsum_sub(subs[i].a,
							  subs[i].b)) % 0xffff,
			 subs[i].want);
	for (i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++)
		expect16("block_add(known)", blocks[i].sum, blocks[i].part,
			 inetcsum_ref_fold16(inetcsum_block_add(blocks[i].sum,
				 blocks[i].part, blocks[i].offset)),
			 blocks[i].want);
	expect16("pseudo_ipv4(known)", 0x1234, 17,
		 inetcsum_ref_fold16(inetcsum_pseudo_ipv4(s4, d4, 17, 0x1234)),
		 inetcsum_ref_to_mem(0xfe7c));
	expect16("pseudo_ipv6(known)", 0x12345, 6,
		 inetcsum_ref_fold16(inetcsum_pseudo_ipv6(s6, d6, 6, 0x12345)),
		 inetcsum_ref_to_mem(0x7ec1));
}

/*
 * A message split at every point k: the partial sum of the head with an
 * initial sum, the tail summed from 0 as if it started at an even offset,
 * combined with inetcsum_block_add(..., k) (and with an offset of the same
 * parity further on), must match the reference for the whole message.
 */
static void
test_block_add_splits(void)
{
	static const size_t lens[] = { 0, 1, 2, 3, 63, 64, 65, 255, 256,
				       SPLIT_MAX_LEN - 1, SPLIT_MAX_LEN };
	size_t li, k;

	for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		size_t len = lens[li];
		unsigned char *msg = inetcsum_test_buf_tail(&buf, li, len);
		uint32_t init = some_sum((unsigned)li + 9);
		uint16_t want;

		inetcsum_test_fill(msg, len);
		want = inetcsum_ref_sum(msg, len, init);
		for (k = 0; k <= len; k++) {
			uint32_t head = inetcsum_partial(msg, k, init);
			uint32_t tail = inetcsum_partial(msg + k, len - k, 0);
			size_t far = k + 2 * inetcsum_test_rand_below(1000);

			inetcsum_test_check_sum(kname, "block_add(split)", msg,
						len, k, init,
						inetcsum_block_add(head, tail,
								   k), want);
			inetcsum_test_check_sum(kname, "block_add(far)", msg,
						len, k, init,
						inetcsum_block_add(head, tail,
								   far), want);
			/* The reference's own offset sum must agree too. */
			inetcsum_test_count();
			if (inetcsum_ref_add16(inetcsum_ref_sum(msg, k, init),
			    inetcsum_ref_sum_at(msg + k, len - k, k)) != want)
				inetcsum_test_fail("reference", "sum_at", len,
						   k, init, msg, "disagrees");
		}
	}
}

/* Copy the iov segments to scattered places at random alignments. */
static void
scatter_iov(struct inetcsum_iovec *iov, size_t n)
{
	unsigned char *p = scatter.data;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char *q = p + inetcsum_test_rand_below(64);

		if (iov[i].len != 0)
			memcpy(q, iov[i].base, iov[i].len);
		iov[i].base = iov[i].len != 0 || (i & 1) ? q : NULL;
		p = q + iov[i].len;
	}
}

static void
test_iov(void)
{
	struct inetcsum_iovec iov[IOV_MAX_SEGS];
	int n = inetcsum_test_quick() ? 40 : 300;
	size_t len, k, i;
	int it;

	/* Every single split point of a message in two segments. */
	len = SPLIT_MAX_LEN + 1;
	{
		unsigned char *msg = inetcsum_test_buf_tail(&buf, 0, len);
		uint32_t init = inetcsum_test_rand32();
		uint16_t want;

		inetcsum_test_fill(msg, len);
		want = inetcsum_ref_sum(msg, len, init);
		for (k = 0; k <= len; k++) {
			iov[0] = (struct inetcsum_iovec){ msg, k };
			iov[1] = (struct inetcsum_iovec){ msg + k, len - k };
			inetcsum_test_check_sum(kname, "partial_iov(2)", msg,
						len, k, init,
						inetcsum_partial_iov(iov, 2,
								     init),
						want);
		}
	}
	/* No segments at all: the initial sum comes back. */
	inetcsum_test_check_sum(kname, "partial_iov(0)", NULL, 0, 0, 0x1234,
				inetcsum_partial_iov(NULL, 0, 0x1234),
				inetcsum_ref_sum(NULL, 0, 0x1234));

	/* Random segmentations, odd and empty segments included. */
	for (it = 0; it < n; it++) {
		unsigned char *msg;
		size_t nseg = 1 + inetcsum_test_rand_below(IOV_MAX_SEGS);
		uint32_t init = some_sum((unsigned)it);
		uint16_t want;
		size_t pos = 0;

		len = inetcsum_test_rand_below(IOV_MAX_LEN + 1);
		msg = inetcsum_test_buf_tail(&buf, 0, len);
		inetcsum_test_fill(msg, len);
		want = inetcsum_ref_sum(msg, len, init);
		for (i = 0; i < nseg; i++) {
			size_t seg = i + 1 == nseg ? len - pos :
				     inetcsum_test_rand_below(4) == 0 ? 0 :
				     inetcsum_test_rand_below(len - pos + 1);

			iov[i] = (struct inetcsum_iovec){ msg + pos, seg };
			pos += seg;
		}
		if (it & 1)
			scatter_iov(iov, nseg);
		inetcsum_test_check_sum(kname, "partial_iov", msg, len, nseg,
					init,
					inetcsum_partial_iov(iov, nseg, init),
					want);
	}
}

/* One stream_final() result against the reference checksum 'want'. */
static void
expect_final(const char *op, const struct inetcsum_stream *s,
	     const unsigned char *msg, size_t len, size_t ncuts,
	     uint32_t init, uint16_t want, const char *what)
{
	uint16_t got = inetcsum_stream_final(s);

	inetcsum_test_count();
	if (got != want)
		inetcsum_test_fail(kname, op, len, ncuts, init, msg,
				   "%s: stream_final 0x%04x, reference "
				   "checksum 0x%04x", what, got, want);
}

/*
 * Stream 'msg' in the pieces 'cuts' (ascending positions) and judge it,
 * every result against the reference: the partial sum, the final
 * checksum, and then the checksum of the message twice over, reached by
 * two copies of the stream that both go on with 'msg' again.
 */
static void
stream_pieces(const unsigned char *msg, size_t len, uint32_t init,
	      const size_t *cuts, size_t ncuts, const char *op)
{
	static unsigned char twice[2 * IOV_MAX_LEN + 2];
	struct inetcsum_stream s, copy;
	size_t i, pos = 0;

	inetcsum_stream_init(&s, init);
	for (i = 0; i <= ncuts; i++) {
		size_t end = i < ncuts ? cuts[i] : len;

		inetcsum_stream_update(&s, msg + pos, end - pos);
		pos = end;
	}
	inetcsum_test_check_sum(kname, op, msg, len, ncuts, init,
				inetcsum_stream_partial(&s),
				inetcsum_ref_sum(msg, len, init));
	expect_final(op, &s, msg, len, ncuts, init,
		     inetcsum_ref_csum(msg, len, init), "whole message");
	/*
	 * The stream holds no pointers and may go on after stream_final():
	 * a copy and the original both take 'msg' once more, which starts
	 * at an odd offset when 'len' is odd.
	 */
	if (len != 0) {
		memcpy(twice, msg, len);
		memcpy(twice + len, msg, len);
	}
	copy = s;
	inetcsum_stream_update(&copy, msg, len);
	inetcsum_stream_update(&s, msg, len);
	expect_final(op, &copy, msg, len, ncuts, init,
		     inetcsum_ref_csum(twice, 2 * len, init),
		     "copied stream, message twice");
	expect_final(op, &s, msg, len, ncuts, init,
		     inetcsum_ref_csum(twice, 2 * len, init),
		     "original stream, message twice");
}

static void
test_stream(void)
{
	size_t cuts[IOV_MAX_SEGS];
	size_t len = SPLIT_MAX_LEN + 1, k, i;
	unsigned char *msg = inetcsum_test_buf_tail(&buf, 0, len);
	int n = inetcsum_test_quick() ? 40 : 300;
	int it;

	inetcsum_test_fill(msg, len);
	for (k = 0; k <= len; k++) {
		cuts[0] = k;
		stream_pieces(msg, len, (uint32_t)k * 0x01010101u, cuts, 1,
			      "stream(2 pieces)");
	}
	for (it = 0; it < n; it++) {
		size_t ncuts = inetcsum_test_rand_below(IOV_MAX_SEGS);

		len = inetcsum_test_rand_below(IOV_MAX_LEN + 1);
		msg = inetcsum_test_buf_tail(&buf, (size_t)it % 64, len);
		inetcsum_test_fill(msg, len);
		for (i = 0; i < ncuts; i++)
			cuts[i] = inetcsum_test_rand_below(len + 1);
		/* Sort the cuts (insertion sort); repeats: empty pieces. */
		for (i = 1; i < ncuts; i++) {
			size_t j = i, v = cuts[i];

			while (j > 0 && cuts[j - 1] > v) {
				cuts[j] = cuts[j - 1];
				j--;
			}
			cuts[j] = v;
		}
		stream_pieces(msg, len, some_sum((unsigned)it), cuts, ncuts,
			      "stream(random pieces)");
	}
}

static void
test_ipv4_header(void)
{
	static const unsigned bad_ihl[] = { 0, 1, 2, 3, 4, 16, 17, 255, 4096,
					    0xffffffffu };
	unsigned ihl, i;
	int rep;

	for (ihl = 5; ihl <= 15; ihl++) {
		for (rep = 0; rep < 50; rep++) {
			size_t len = ihl * 4;
			/*
			 * Odd repetitions: flush against the leading guard;
			 * even ones: ending 0..6 bytes before the trailing.
			 */
			unsigned char *h = (rep & 1) ?
				inetcsum_test_buf_head(&buf, 0, len) :
				inetcsum_test_buf_tail(&buf, (size_t)rep % 8,
						       len);
			uint16_t c;

			inetcsum_test_fill(h, len);
			h[0] = (unsigned char)(0x40 | ihl);
			/* A random checksum field: the checksum of it all. */
			expect16("ipv4_header(random)", ihl, 0,
				 inetcsum_ipv4_header(h, ihl),
				 inetcsum_ref_ipv4_header(h, ihl));
			expect16("ipv4_header_inline(random)", ihl, 0,
				 inetcsum_ipv4_header_inline(h, ihl),
				 inetcsum_ref_ipv4_header(h, ihl));
			h[10] = h[11] = 0;
			c = inetcsum_ipv4_header(h, ihl);
			expect16("ipv4_header(zero field)", ihl, 0, c,
				 inetcsum_ref_ipv4_header(h, ihl));
			expect16("ipv4_header_inline(zero field)", ihl, 0,
				 inetcsum_ipv4_header_inline(h, ihl),
				 inetcsum_ref_ipv4_header(h, ihl));
			memcpy(h + 10, &c, 2);
			expect16("ipv4_header(valid)", ihl, 0,
				 inetcsum_ipv4_header(h, ihl), 0);
			expect16("ipv4_header_inline(valid)", ihl, 0,
				 inetcsum_ipv4_header_inline(h, ihl), 0);
		}
	}
	/*
	 * An impossible IHL must be rejected without reading: the pointer is
	 * the first byte of the trailing guard page.
	 */
	for (i = 0; i < sizeof(bad_ihl) / sizeof(bad_ihl[0]); i++)
	{
		expect16("ipv4_header(bad ihl)", bad_ihl[i], 0,
			 inetcsum_ipv4_header(buf.data + buf.cap, bad_ihl[i]),
			 0xffff);
		expect16("ipv4_header_inline(bad ihl)", bad_ihl[i], 0,
			 inetcsum_ipv4_header_inline(buf.data + buf.cap,
						     bad_ihl[i]), 0xffff);
	}
}

static void
test_pseudo(void)
{
	int n = inetcsum_test_quick() ? 200 : 2000;
	int i;

	for (i = 0; i < n; i++) {
		/* Addresses at odd places to catch alignment assumptions. */
		unsigned char *a = inetcsum_test_buf_tail(&buf, 0, 33);
		unsigned char *s4 = a, *d4 = a + 5, *s6 = a, *d6 = a + 17;
		uint8_t proto = (uint8_t)inetcsum_test_rand32();
		uint32_t len = inetcsum_test_rand32();

		if (i % 3 == 0)
			len &= 0xffff;
		if (i == 0) {
			memset(a, 0, 33);
			proto = 0;
			len = 0;	/* all zero: the partial must be 0 */
		} else {
			inetcsum_test_fill(a, 33);
		}
		expect16("pseudo_ipv4", len, proto,
			 inetcsum_ref_fold16(inetcsum_pseudo_ipv4(s4, d4, proto,
								  len)),
			 inetcsum_ref_pseudo_ipv4(s4, d4, proto, len));
		expect16("pseudo_ipv6", len, proto,
			 inetcsum_ref_fold16(inetcsum_pseudo_ipv6(s6, d6, proto,
								  len)),
			 inetcsum_ref_pseudo_ipv6(s6, d6, proto, len));
	}
}

/*
 * One RFC 1624 update on a random packet: 'n' bytes at even 'change_off'
 * become 'new_bytes'.  The library's update functions must give what a
 * full recomputation gives, except when every byte the checksum covers is
 * zero afterwards: a recomputation then yields 0xffff (the sum is the
 * "positive" zero), while RFC 1624 equation 3, working only from the old
 * checksum and the changed words, cannot tell that case from a nonzero
 * multiple of 0xffff and yields 0x0000.  RFC 1624 section 3 notes the case
 * cannot arise for an IP header; the test expects equation 3's answer.
 */
static void
check_update(unsigned char *pkt, size_t len, size_t check_off,
	     size_t change_off, const unsigned char *new_bytes, size_t n)
{
	uint16_t check, want, got;
	unsigned char *after = malloc(len);
	size_t i;
	int all_zero = 1;

	if (after == NULL)
		abort();
	memcpy(&check, pkt + check_off, 2);
	want = inetcsum_ref_update(pkt, len, check_off, change_off, new_bytes,
				   n);
	memcpy(after, pkt, len);
	memcpy(after + change_off, new_bytes, n);
	for (i = 0; i < len; i++) {
		if ((i < check_off || i > check_off + 1) && after[i] != 0)
			all_zero = 0;
	}
	free(after);
	if (all_zero)
		want = 0x0000;

	got = inetcsum_update(check, pkt + change_off, new_bytes, n);
	expect16("update", (uint32_t)n, (uint32_t)change_off, got, want);
	if (n == 2) {
		uint16_t o, v;

		memcpy(&o, pkt + change_off, 2);
		memcpy(&v, new_bytes, 2);
		expect16("update16", o, v, inetcsum_update16(check, o, v),
			 want);
	}
	if (n == 4) {
		uint32_t o, v;

		memcpy(&o, pkt + change_off, 4);
		memcpy(&v, new_bytes, 4);
		expect16("update32", o, v, inetcsum_update32(check, o, v),
			 want);
	}
}

static void
test_update(void)
{
	unsigned char pkt[128], nb[40];
	int n = inetcsum_test_quick() ? 300 : 3000;
	int it;

	for (it = 0; it < n; it++) {
		size_t len = 2 * (12 + inetcsum_test_rand_below(50));
		size_t nbytes = (size_t[]){ 2, 4, 16, 3, 7, 1 }[it % 6];
		size_t change_off = 2 * inetcsum_test_rand_below(
			(len - nbytes) / 2 + 1);
		size_t check_off;
		uint16_t c;

		/*
		 * A checksum field that does not overlap the changed range;
		 * 'len' is at least 24, so 16 changed bytes leave room.
		 */
		do {
			check_off = 2 * inetcsum_test_rand_below(len / 2);
		} while (change_off < check_off + 2 &&
			 check_off < change_off + nbytes);
		inetcsum_test_fill(pkt, len);
		inetcsum_test_fill(nb, nbytes);
		switch (it % 5) {
		case 1:
			/* Everything else zero: new data alone decides. */
			memset(pkt, 0, len);
			break;
		case 2:
			/* The change zeroes the only nonzero bytes. */
			memset(pkt, 0, len);
			inetcsum_test_fill(pkt + change_off, nbytes);
			memset(nb, 0, nbytes);
			break;
		case 3:
			/* New data that makes the sum 0xffff: field 0x0000. */
			if (nbytes == 2) {
				/* The new word cancels all the others. */
				memset(pkt + change_off, 0, 2);
				pkt[check_off] = pkt[check_off + 1] = 0;
				c = inetcsum_ref_csum(pkt, len, 0);
				memcpy(nb, &c, 2);
				inetcsum_test_fill(pkt + change_off, 2);
			}
			break;
		default:
			break;
		}
		/* Make the packet valid before the change. */
		pkt[check_off] = pkt[check_off + 1] = 0;
		c = inetcsum_ref_csum(pkt, len, 0);
		memcpy(pkt + check_off, &c, 2);
		check_update(pkt, len, check_off, change_off, nb, nbytes);
	}
}

/*
 * The field 0xffff, old words 0xffff, new ones 0x0000 (or none): RFC 1624
 * equation 3 by hand, ~(~0xffff + ~0xffff + 0x0000) = ~0 = 0xffff, the
 * one case where it gives the other zero (UDP's form of a computed 0, so
 * 0x0000 there would mean "no checksum").  inetcsum_update() gave 0x0000,
 * unlike inetcsum_update16() and update32(); beside it, the same change
 * under another field leaves that field as it was.
 */
static void
test_update_other_zero(void)
{
	static const unsigned char ones[16] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	};
	static const unsigned char zeros[16];
	size_t n;

	for (n = 0; n <= 16; n += 2) {
		expect16("update(0xffff, ff.. -> 00..)", (uint32_t)n, 0xffff,
			 inetcsum_update(0xffff, ones, zeros, n), 0xffff);
		expect16("update(0x1234, ff.. -> 00..)", (uint32_t)n, 0x1234,
			 inetcsum_update(0x1234, ones, zeros, n), 0x1234);
	}
	expect16("update(0xffff, NULL, NULL, 0)", 0, 0xffff,
		 inetcsum_update(0xffff, NULL, NULL, 0), 0xffff);
	expect16("update16(0xffff, 0xffff, 0)", 0xffff, 0,
		 inetcsum_update16(0xffff, 0xffff, 0), 0xffff);
	expect16("update32(0xffff, ~0, 0)", 0xffffffffu, 0,
		 inetcsum_update32(0xffff, 0xffffffffu, 0), 0xffff);
}

/* Every case, with kernel 'k' selected. */
static void
run_kernel(const struct inetcsum_kernel *k, void *arg)
{
	(void)arg;
	kname = k->name;
	test_known_answers();
	test_fold_add_sub();
	test_block_add_splits();
	test_iov();
	test_stream();
	test_ipv4_header();
	test_pseudo();
	test_update();
	test_update_other_zero();
}

int
main(void)
{
	inetcsum_test_init("test_api");
	inetcsum_test_buf_alloc(&buf, 16384);
	inetcsum_test_buf_alloc(&scatter, IOV_MAX_SEGS * 64 + IOV_MAX_LEN);
	inetcsum_test_each_kernel(run_kernel, NULL);
	inetcsum_test_buf_free(&buf);
	inetcsum_test_buf_free(&scatter);
	return inetcsum_test_finish();
}
