/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_batch.c - inetcsum_ipv4_header_batch() and
 * inetcsum_partial_batch() against the naive reference (ref_csum.c) and
 * against the per-call functions, with every registered kernel selected in
 * turn (inetcsum_impl_select() also picks the batch kernels, src/batch.c).
 *
 * Each entry of a batch sits in a guard-paged buffer of its own, flush
 * against the leading guard or the trailing one (or a few bytes from it),
 * so a read outside any header or buffer crashes.  A header whose IHL is
 * below 5 gets a single readable byte: the batch may read nothing else.
 *
 * The cases: every length 0..EXH_MAX (every lane width and the 64-byte
 * end of the short paths, with room beyond) at every start offset 0..63,
 * from both guards, in batches of every size 1..33 in turn; batches of
 * 0..33, 64 and 256 entries of mixed lengths up to 1500 bytes; every IHL
 * 0..15 at every offset; initial sums of 0, all ones, near the carries and
 * random; all-zero and all-0xff data.  A partial sum must equal
 * inetcsum_partial() with the same kernel bit for bit (not just fold the
 * same), and fold as the reference says.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"
#include "ref_csum.h"
#include "test_util.h"

#define MAX_BATCH 256
#define EXH_MAX 130
#define MIXED_MAX 1500
#define NUM_OFFSETS 64

static struct inetcsum_test_buf bufs[MAX_BATCH];
static const char *kname;

static const void *hdr_ptr[MAX_BATCH];
static struct inetcsum_iovec iov[MAX_BATCH];
static uint16_t hout[MAX_BATCH + 1];	/* + a canary past the batch */
static uint32_t sums[MAX_BATCH + 1], init[MAX_BATCH];

/* Where entry 'slot' of 'len' bytes goes: 'mode' even: at the leading
 * guard plus 'off'; odd: ending 'off' bytes before the trailing guard. */
static unsigned char *
place(size_t slot, size_t len, unsigned mode, size_t off)
{
	return (mode & 1) ? inetcsum_test_buf_tail(&bufs[slot], off, len) :
			    inetcsum_test_buf_head(&bufs[slot], off, len);
}

static uint32_t
some_init(void)
{
	static const uint32_t edge[] = { 0, 0xffffffffu, 0xfffffffeu, 1,
					 0xffff, 0x10000, 0x80000000u };
	unsigned r = (unsigned)inetcsum_test_rand_below(10);

	if (r < sizeof(edge) / sizeof(edge[0]))
		return edge[r];
	return inetcsum_test_rand32();
}

/* Run the batch in iov[0..n-1] with init[] and judge every entry. */
static void
run_partial(size_t n, const char *what)
{
	size_t i;

	memcpy(sums, init, n * sizeof(sums[0]));
	sums[n] = 0x5a5a5a5au;	/* must survive: one past the batch */
	inetcsum_test_context(kname, what, n, 0);
	inetcsum_partial_batch(n == 0 ? NULL : iov, n, n == 0 ? NULL : sums);
	inetcsum_test_context(NULL, NULL, 0, 0);
	inetcsum_test_count();
	if (sums[n] != 0x5a5a5a5au)
		inetcsum_test_fail(kname, what, n, 0, 0, NULL,
				   "wrote past the end of sums[]");
	for (i = 0; i < n; i++) {
		const void *p = iov[i].base;
		size_t len = iov[i].len;
		uint32_t want = inetcsum_partial(p, len, init[i]);

		inetcsum_test_count();
		if (sums[i] != want) {
			inetcsum_test_fail(kname, what, len,
					   (uintptr_t)p & 63, init[i], p,
					   "entry %zu of %zu: 0x%08lx, "
					   "inetcsum_partial() 0x%08lx", i, n,
					   (unsigned long)sums[i],
					   (unsigned long)want);
			continue;
		}
		inetcsum_test_check_sum(kname, what, p, len,
					(uintptr_t)p & 63, init[i], sums[i],
					inetcsum_ref_sum(p, len, init[i]));
	}
}

/* Run the batch in hdr_ptr[0..n-1] and judge every entry. */
static void
run_headers(size_t n, const char *what)
{
	size_t i;

	hout[n] = 0x5a5a;
	inetcsum_test_context(kname, what, n, 0);
	inetcsum_ipv4_header_batch(n == 0 ? NULL : hdr_ptr, n,
				   n == 0 ? NULL : hout);
	inetcsum_test_context(NULL, NULL, 0, 0);
	inetcsum_test_count();
	if (hout[n] != 0x5a5a)
		inetcsum_test_fail(kname, what, n, 0, 0, NULL,
				   "wrote past the end of out[]");
	for (i = 0; i < n; i++) {
		const unsigned char *h = hdr_ptr[i];
		unsigned ihl = h[0] & 15u;
		uint16_t want = inetcsum_ipv4_header(h, ihl);
		uint16_t ref = ihl < 5 ? 0xffff :
					 inetcsum_ref_ipv4_header(h, ihl);

		inetcsum_test_count();
		if (hout[i] != want || hout[i] != ref)
			inetcsum_test_fail(kname, what, ihl * 4u,
					   (uintptr_t)h & 63, 0, h,
					   "entry %zu of %zu (IHL %u): 0x%04x, "
					   "inetcsum_ipv4_header() 0x%04x, "
					   "reference 0x%04x", i, n, ihl,
					   hout[i], want, ref);
	}
}

/* A header of IHL 'ihl' in slot 'slot'; IHL < 5 gets one byte only. */
static const void *
make_header(size_t slot, unsigned ihl, unsigned mode, size_t off, int fill)
{
	size_t len = ihl < 5 ? 1 : 4 * ihl;
	unsigned char *h = place(slot, len, mode, off);

	if (fill == 0)
		inetcsum_test_fill(h, len);
	else
		memset(h, fill == 1 ? 0 : 0xff, len);
	h[0] = (unsigned char)((h[0] & 0xf0) | ihl);
	if (ihl >= 5 && inetcsum_test_rand_below(3) == 0) {
		/* A valid header: the batch must give 0. */
		uint16_t c;

		h[10] = h[11] = 0;
		c = inetcsum_ipv4_header(h, ihl);
		memcpy(h + 10, &c, 2);
	}
	return h;
}

static unsigned
some_ihl(void)
{
	unsigned r = (unsigned)inetcsum_test_rand_below(8);

	return r < 4 ? 5 : (unsigned)inetcsum_test_rand_below(16);
}

static void
test_headers(void)
{
	static const size_t sizes[] = { 64, 256 };
	size_t n, slot, i, k;
	unsigned ihl, off, mode;
	int rounds = inetcsum_test_quick() ? 2 : 10;

	/* Every IHL at every offset, from both guards, batch size cycling. */
	n = 0;
	k = 1;
	for (mode = 0; mode < 2; mode++) {
		for (ihl = 0; ihl < 16; ihl++) {
			for (off = 0; off < NUM_OFFSETS; off++) {
				hdr_ptr[n] = make_header(n, ihl, mode, off, 0);
				if (++n == k) {
					run_headers(n, "ipv4_header_batch(all)");
					n = 0;
					k = k % 33 + 1;
				}
			}
		}
	}
	run_headers(n, "ipv4_header_batch(all)");
	/* Batches 0..33, 64, 256 of mixed IHLs and placements. */
	for (i = 0; i < (size_t)rounds; i++) {
		for (n = 0; n <= 33 + 2; n++) {
			size_t cnt = n <= 33 ? n : sizes[n - 34];
			int fill = i == 0 ? 1 : i == 1 ? 2 : 0;

			for (slot = 0; slot < cnt; slot++)
				hdr_ptr[slot] = make_header(
					slot, some_ihl(),
					(unsigned)inetcsum_test_rand_below(2),
					inetcsum_test_rand_below(8), fill);
			run_headers(cnt, "ipv4_header_batch(mixed)");
		}
	}
}

/* Buffer 'slot' of 'len' bytes: random, zero or 0xff data. */
static void
make_buf(size_t slot, size_t len, unsigned mode, size_t off, int fill)
{
	unsigned char *p = place(slot, len, mode, off);

	if (fill == 0)
		inetcsum_test_fill(p, len);
	else
		memset(p, fill == 1 ? 0 : 0xff, len);
	iov[slot].base = p;
	iov[slot].len = len;
	init[slot] = fill == 1 ? 0 : fill == 2 ? 0xffffffffu : some_init();
}

static size_t
some_len(void)
{
	switch (inetcsum_test_rand_below(4)) {
	case 0:
		return 40 + inetcsum_test_rand_below(25);
	case 1:
		return inetcsum_test_rand_below(EXH_MAX + 1);
	default:
		return inetcsum_test_rand_below(MIXED_MAX + 1);
	}
}

static void
test_partial(void)
{
	static const size_t sizes[] = { 64, 256 };
	size_t n, k, len, off, i, slot;
	unsigned mode;
	int rounds = inetcsum_test_quick() ? 3 : 20;

	/* Every length 0..EXH_MAX at every offset, from both guards. */
	n = 0;
	k = 1;
	for (mode = 0; mode < 2; mode++) {
		for (len = 0; len <= EXH_MAX; len++) {
			for (off = 0; off < NUM_OFFSETS; off++) {
				make_buf(n, len, mode, off, 0);
				if (++n == k) {
					run_partial(n, "partial_batch(all)");
					n = 0;
					k = k % 33 + 1;
				}
			}
		}
	}
	run_partial(n, "partial_batch(all)");
	/* Zero-length entries with NULL bases among others. */
	for (n = 1; n <= 17; n++) {
		for (slot = 0; slot < n; slot++) {
			make_buf(slot, slot % 3 ? 40 : 0, 0, 0, 0);
			if (iov[slot].len == 0)
				iov[slot].base = NULL;
		}
		run_partial(n, "partial_batch(NULL, 0)");
	}
	/* Batches 0..33, 64, 256 of mixed lengths and placements. */
	for (i = 0; i < (size_t)rounds; i++) {
		for (n = 0; n <= 33 + 2; n++) {
			size_t cnt = n <= 33 ? n : sizes[n - 34];
			int fill = i == 0 ? 1 : i == 1 ? 2 : 0;

			for (slot = 0; slot < cnt; slot++)
				make_buf(slot, some_len(),
					 (unsigned)inetcsum_test_rand_below(2),
					 inetcsum_test_rand_below(NUM_OFFSETS),
					 fill);
			run_partial(cnt, "partial_batch(mixed)");
		}
	}
	/*
	 * Short buffers with a long one (or a 3 or 7, which the lanes do
	 * not take either) now and then: the AVX-512 kernel stops at each
	 * such group and is called again after a stretch of one-by-one
	 * buffers (src/batch.c), at every phase of the stretch.
	 */
	for (i = 0; i < (size_t)rounds * 4; i++) {
		size_t cnt = 8 + inetcsum_test_rand_below(MAX_BATCH - 7);
		size_t every = 2 + inetcsum_test_rand_below(40);

		for (slot = 0; slot < cnt; slot++) {
			size_t r = inetcsum_test_rand_below(every);

			len = r != 0 ? inetcsum_test_rand_below(65) :
			      inetcsum_test_rand_below(2) ?
					 65 + inetcsum_test_rand_below(
						      MIXED_MAX - 64) :
					 3 + 4 * inetcsum_test_rand_below(2);
			make_buf(slot, len, (unsigned)inetcsum_test_rand_below(2),
				 inetcsum_test_rand_below(NUM_OFFSETS), 0);
		}
		run_partial(cnt, "partial_batch(short, a long one now and then)");
	}
}

/* Every case, with kernel 'k' selected. */
static void
run_kernel(const struct inetcsum_kernel *k, void *arg)
{
	(void)arg;
	kname = k->name;
	test_headers();
	test_partial();
}

int
main(void)
{
	size_t i;

	inetcsum_test_init("test_batch");
	for (i = 0; i < MAX_BATCH; i++)
		inetcsum_test_buf_alloc(&bufs[i], MIXED_MAX + NUM_OFFSETS);
	inetcsum_test_each_kernel(run_kernel, NULL);
	for (i = 0; i < MAX_BATCH; i++)
		inetcsum_test_buf_free(&bufs[i]);
	return inetcsum_test_finish();
}
