/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_csum.c - differential test of every kernel against the naive
 * reference (ref_csum.c).
 *
 * Each kernel in the registry that this CPU supports is run through each of
 * its entry points: 'partial' (which prefetches at the build's distance),
 * 'copy', and the public inetcsum_partial()/inetcsum_copy() after
 * inetcsum_impl_select() has made it the active kernel (see build_ops()
 * for the few left out of the exhaustive loop).  Kernels may return
 * different partial sums for the same data, so results are compared folded
 * (bit for bit, 0x0000 and 0xffff are different answers) and modulo 0xffff,
 * and a partial sum must be 0 exactly when the initial sum and all data are
 * zero.  Data always sits in guard-paged buffers (test_util.h), so a read or
 * write outside the given range crashes the test.
 *
 * The lengths follow each kernel's own facts (kernel_facts.h): how far the
 * exhaustive loop runs, and the chunk, stride, alignment and prefetch
 * boundaries that test_boundaries() and the carry tests hit at +-1 and +-2.
 */
#define _GNU_SOURCE	/* MAP_ANONYMOUS, MAP_NORESERVE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "impl.h"
#if defined(__x86_64__)
#  include <stdatomic.h>
#  include "x86/cpu_features.h"
#  include "x86/csum_x86_scalar.h"
#endif
#include "kernel_facts.h"
#include "ref_csum.h"
#include "test_util.h"

/* Start offsets 0..63 cover every alignment to a 64-byte cache line. */
#define NUM_OFFSETS 64
#define RANDOM_MAX_LEN (256 * 1024)
/* Large enough for the carry tests: 1 MiB plus an odd tail. */
#define BIG_LEN ((1u << 20) + 77)
#define CANARY 0xa5
#define CANARY_LEN 16
/* Boundary tests run every length this close to a boundary (quick: 1). */
#define NEAR_FULL 2
#define NEAR_QUICK 1
/* No head (kernel_facts.h 'align', 'copy_align') exceeds a cache line. */
#define MAX_HEAD 64

enum op_kind { OP_PARTIAL, OP_COPY, OP_API_PARTIAL, OP_API_COPY };

struct op {
	enum op_kind kind;
	char name[40];
};

static struct inetcsum_test_buf srcbuf, dstbuf;

/*
 * The entry points of kernel 'k'.  With 'exhaustive' set, the list is
 * trimmed for the exhaustive loop, which makes millions of calls (and runs
 * under QEMU in the cross suite): the public functions are left out
 * (test_dispatch checks that they call exactly the selected kernel's
 * functions); they still run in every other test.  'exhaustive' is the
 * longest exhaustive length, or 0 for the full list.
 */
static size_t
build_ops(const struct inetcsum_kernel *k, struct op *ops, size_t exhaustive)
{
	size_t n = 0;

	(void)k;
	ops[n++] = (struct op){ OP_PARTIAL, "partial" };
	ops[n++] = (struct op){ OP_COPY, "copy" };
	if (exhaustive == 0) {
		ops[n++] = (struct op){ OP_API_PARTIAL, "inetcsum_partial" };
		ops[n++] = (struct op){ OP_API_COPY, "inetcsum_copy" };
	}
	return n;
}

static int
is_copy(const struct op *op)
{
	return op->kind == OP_COPY || op->kind == OP_API_COPY;
}

static uint32_t
run_op(const struct inetcsum_kernel *k, const struct op *op,
       const unsigned char *src, size_t len, uint32_t init,
       unsigned char *dst)
{
	switch (op->kind) {
	case OP_PARTIAL:
		return k->partial(src, len, init);
	case OP_COPY:
		return k->copy(dst, src, len, init);
	case OP_API_PARTIAL:
		return inetcsum_partial(src, len, init);
	case OP_API_COPY:
		return inetcsum_copy(dst, src, len, init);
	}
	abort();
}

/*
 * Judge one partial sum 'got' against the reference ones' complement sum
 * 'want' (memory order; 0 only for all-zero data and initial sum).
 */
static void
check_partial(const struct inetcsum_kernel *k, const char *op,
	      const unsigned char *data, size_t len, size_t off,
	      uint32_t init, uint32_t got, uint16_t want)
{
	if (inetcsum_test_check_sum(k->name, op, data, len, off, init, got,
				    want) != 0)
		return;
	inetcsum_test_count();
	if (inetcsum_fold(got) != inetcsum_ref_fold(got))
		inetcsum_test_fail(k->name, "inetcsum_fold", len, off, init,
				   data, "inetcsum_fold(0x%08lx) = 0x%04x, "
				   "reference 0x%04x", (unsigned long)got,
				   inetcsum_fold(got), inetcsum_ref_fold(got));
}

/*
 * Run every op of kernel 'k' on the 'len' bytes at 'src' and judge each.
 * 'dst' is where copies go (same length, guard-paged); the CANARY_LEN
 * bytes around it that lie inside its buffer must survive a copy.
 */
static void
run_all(const struct inetcsum_kernel *k, const struct op *ops, size_t nops,
	const unsigned char *src, size_t len, size_t off, uint32_t init,
	uint16_t want, unsigned char *dst)
{
	unsigned char *lo = dst - CANARY_LEN, *hi = dst + len + CANARY_LEN;
	size_t i;

	if (lo < dstbuf.data)
		lo = dstbuf.data;
	if (hi > dstbuf.data + dstbuf.cap)
		hi = dstbuf.data + dstbuf.cap;
	for (i = 0; i < nops; i++) {
		const unsigned char *p;
		uint32_t got;

		if (is_copy(&ops[i]))
			memset(lo, CANARY, (size_t)(hi - lo));
		inetcsum_test_context(k->name, ops[i].name, len, off);
		got = run_op(k, &ops[i], src, len, init, dst);
		check_partial(k, ops[i].name, src, len, off, init, got, want);
		if (!is_copy(&ops[i]))
			continue;
		inetcsum_test_count();
		if (len != 0 && memcmp(dst, src, len) != 0)
			inetcsum_test_fail(k->name, ops[i].name, len, off,
					   init, src, "copied bytes differ");
		for (p = lo; p < hi; p++) {
			if (p == dst)
				p += len;
			if (p < hi && *p != CANARY) {
				inetcsum_test_fail(k->name, ops[i].name, len,
						   off, init, src, "wrote byte "
						   "%td outside the "
						   "destination", p - dst);
				break;
			}
		}
	}
}

/* The memory-order ones' complement sum of 'init' plus a network-order sum. */
static uint16_t
combine(uint32_t init, uint16_t net)
{
	return inetcsum_ref_to_mem(inetcsum_ref_add16(
		inetcsum_ref_to_net(inetcsum_ref_fold16(init)), net));
}

/* The widest loop of either entry point of a kernel. */
static size_t
widest_stride(const struct kernel_facts *f)
{
	return f->stride[0] > f->copy_stride[0] ? f->stride[0] :
						  f->copy_stride[0];
}

/*
 * The longest length of the exhaustive loop for a kernel: past the last
 * threshold at which its loops take over (short path, the copy's scalar
 * range, the alignment head), four iterations of its widest loop and 64
 * bytes, so that every loop runs several times after every start
 * alignment and every tail length follows.
 */
static size_t
exhaustive_max(const struct kernel_facts *f)
{
	size_t start = f->short_max;

	if (f->copy_min > start)
		start = f->copy_min;
	if ((f->align != 0 || f->copy_align != 0) && f->align_min > start)
		start = f->align_min;
	return start + 4 * widest_stride(f) + 64;
}

/*
 * Every length 0..max at every start offset 0..63, placed once from the
 * leading guard (offset 0 is flush against it) and once ending that many
 * bytes before the trailing guard (offset 0 is flush against it).  The
 * data is always a prefix of one random pattern, so the reference sums are
 * computed once per length.
 */
static void
test_exhaustive(const struct inetcsum_kernel *k, const struct op *ops,
		size_t nops, size_t max)
{
	unsigned char *pattern = malloc(max);
	uint16_t *prefix = malloc((max + 1) * sizeof(*prefix));
	size_t len, off;
	uint64_t words = 0;
	int where;

	if (pattern == NULL || prefix == NULL)
		abort();
	inetcsum_test_fill(pattern, max);
	for (len = 0; len <= max; len++) {
		/* Network-order sum of the prefix, odd byte zero-padded. */
		if (len >= 2 && (len & 1) == 0)
			words += ((uint64_t)pattern[len - 2] << 8) |
				 pattern[len - 1];
		prefix[len] = inetcsum_ref_add16(inetcsum_ref_fold16(
			(uint32_t)(words % 0xffff)), (len & 1) ?
			(uint16_t)(pattern[len - 1] << 8) : 0);
	}
	/* words % 0xffff is 0 also for nonzero sums; the fold must agree. */
	for (len = 0; len <= max; len += 97) {
		if (prefix[len] % 0xffff !=
		    inetcsum_ref_sum_net(pattern, len) % 0xffff)
			abort();
	}
	for (len = 0; len <= max; len++) {
		/* An all-zero prefix sums to 0, any other one to nonzero. */
		uint16_t net = inetcsum_ref_sum_net(pattern, len < 4 ? len : 0);

		if (len >= 4)
			net = prefix[len] != 0 ? prefix[len] : 0xffff;
		for (off = 0; off < NUM_OFFSETS; off++) {
			for (where = 0; where < 2; where++) {
				unsigned r = (unsigned)(len + off + where) % 3;
				uint32_t init = r == 0 ? 0 : r == 1 ?
					0xffffffffu : inetcsum_test_rand32();
				/*
				 * The copy's destination as far past a line
				 * as the source for one placement of each
				 * length, elsewhere for the other: some
				 * paths align both only then.
				 */
				size_t doff = ((len + where) & 1) ? off :
					      (off * 7 + 3) % NUM_OFFSETS;
				unsigned char *src, *dst;

				if (where == 0) {
					src = inetcsum_test_buf_head(&srcbuf,
						off, len);
					dst = inetcsum_test_buf_head(&dstbuf,
						doff, len);
				} else {
					src = inetcsum_test_buf_tail(&srcbuf,
						off, len);
					dst = inetcsum_test_buf_tail(&dstbuf,
						doff, len);
				}
				memcpy(src, pattern, len);
				run_all(k, ops, nops, src, len, off, init,
					combine(init, net), dst);
			}
		}
	}
	free(pattern);
	free(prefix);
}

/*
 * Random lengths up to 256 KiB, every fourth one next to a multiple of the
 * kernel's widest stride.
 */
static void
test_random(const struct inetcsum_kernel *k, const struct kernel_facts *f,
	    const struct op *ops, size_t nops)
{
	const size_t stride = widest_stride(f);
	int n = inetcsum_test_quick() ? 16 : 120;
	int i;

	for (i = 0; i < n; i++) {
		size_t len = inetcsum_test_rand_below(RANDOM_MAX_LEN + 1);
		size_t off = inetcsum_test_rand_below(NUM_OFFSETS);
		uint32_t init;
		unsigned char *src, *dst;

		if (i % 4 == 0) {
			len = len / stride * stride +
			      inetcsum_test_rand_below(3);
			len = len > 0 ? len - 1 : 0;
		}
		switch (i % 3) {
		case 0: init = 0; break;
		case 1: init = 0xffffffffu; break;
		default: init = inetcsum_test_rand32(); break;
		}
		if (i & 1) {
			src = inetcsum_test_buf_tail(&srcbuf, off, len);
			dst = inetcsum_test_buf_tail(&dstbuf, 0, len);
		} else {
			src = inetcsum_test_buf_head(&srcbuf, off, len);
			dst = inetcsum_test_buf_head(&dstbuf, 0, len);
		}
		inetcsum_test_fill(src, len);
		run_all(k, ops, nops, src, len, off, init,
			inetcsum_ref_sum(src, len, init), dst);
	}
}

/*
 * Lengths for the carry tests: small, large, odd, and the kernel's own
 * boundaries (carry_lengths()).
 */
static const size_t common_carry_lengths[] = {
	1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 65, 127, 128, 255, 256,
	4095, 4096, 65535, 65536, 65537, 1u << 20, BIG_LEN,
};
#define NUM_COMMON_CARRY (sizeof(common_carry_lengths) /		\
			  sizeof(common_carry_lengths[0]))
#define MAX_CARRY_LENGTHS (NUM_COMMON_CARRY + 32)

/* Append 'len' to the 'n' lengths at 'out' unless it is there already. */
static size_t
add_length(size_t *out, size_t n, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (out[i] == len)
			return n;
	}
	out[n] = len;
	return n + 1;
}

/*
 * The carry test lengths for a kernel: the common ones, then its widest
 * loop +-1 and two iterations, and each chunk -1, exactly, +1 and + one
 * iteration of the main loop (a second chunk that runs the loop once):
 * all-0xff data at the end of a chunk is where an accumulator lane that
 * the chunk size fails to bound would overflow.
 */
static size_t
carry_lengths(const struct kernel_facts *f, size_t *out)
{
	const size_t chunks[2][2] = { { f->chunk, f->stride[0] },
				      { f->copy_chunk, f->copy_stride[0] } };
	const size_t s = widest_stride(f);
	size_t n = 0, i;

	for (i = 0; i < NUM_COMMON_CARRY; i++)
		n = add_length(out, n, common_carry_lengths[i]);
	n = add_length(out, n, s - 1);
	n = add_length(out, n, s);
	n = add_length(out, n, s + 1);
	n = add_length(out, n, 2 * s + 2);
	for (i = 0; i < 2; i++) {
		if (chunks[i][0] == 0)
			continue;
		n = add_length(out, n, chunks[i][0] - 1);
		n = add_length(out, n, chunks[i][0]);
		n = add_length(out, n, chunks[i][0] + 1);
		n = add_length(out, n, chunks[i][0] + chunks[i][1]);
	}
	return n;
}

/*
 * The carry extremes (after the Linux kernel's checksum KUnit tests):
 * all-0xff data with the largest initial sum makes every addition carry;
 * 0x01 bytes, which never carry inside a word, with an initial sum that
 * brings the plain total to one below, exactly at and one past 2^32 - 1,
 * find a missed or doubled end-around carry at the top.
 */
static void
test_carries(const struct inetcsum_kernel *k, const size_t *lengths,
	     size_t nlengths, const struct op *ops, size_t nops)
{
	size_t i;
	int step;

	for (i = 0; i < nlengths; i++) {
		size_t len = lengths[i];
		unsigned char *src = inetcsum_test_buf_tail(&srcbuf, 0, len);
		unsigned char *dst = inetcsum_test_buf_tail(&dstbuf, 0, len);
		uint64_t plain;

		memset(src, 0xff, len);
		run_all(k, ops, nops, src, len, 0, 0xffffffffu,
			inetcsum_ref_sum(src, len, 0xffffffffu), dst);

		memset(src, 0x01, len);
		/* Words 0x0101, and 0x0100 for an odd last byte. */
		plain = (uint64_t)(len / 2) * 0x0101 + ((len & 1) ? 0x100 : 0);
		for (step = -1; step <= 1; step++) {
			uint32_t init = (uint32_t)(0xffffffffu + step - plain);

			run_all(k, ops, nops, src, len, 0, init,
				inetcsum_ref_sum(src, len, init), dst);
		}
	}
}

/*
 * Data whose sum is a nonzero multiple of 0xffff must fold to 0x0000 (not
 * 0xffff); all-zero data with an initial sum of 0 must give exactly 0.
 */
static void
test_zero_sums(const struct inetcsum_kernel *k, const size_t *lengths,
	       size_t nlengths, size_t max, const struct op *ops, size_t nops)
{
	size_t i, len;

	for (i = 0; i < nlengths; i++) {
		size_t off = i % NUM_OFFSETS;
		unsigned char *src, *dst;
		uint32_t init = (i & 1) ? inetcsum_test_rand32() : 0;
		uint16_t s;

		len = lengths[i];
		if (len < 3)
			len += 2;
		src = inetcsum_test_buf_head(&srcbuf, off, len);
		dst = inetcsum_test_buf_tail(&dstbuf, 0, len);
		inetcsum_test_fill(src, len);
		/* The last whole word (even position) cancels the rest. */
		if (len & 1)
			src[len - 1] = 0;
		s = inetcsum_ref_sum(src, (len - 2) & ~(size_t)1, init);
		s = (uint16_t)~s;
		memcpy(src + ((len - 2) & ~(size_t)1), &s, 2);
		if (inetcsum_ref_sum(src, len, init) != 0xffff)
			abort();	/* the construction itself is wrong */
		run_all(k, ops, nops, src, len, off, init, 0xffff, dst);
	}
	for (len = 0; len <= max; len++) {
		size_t off = len % NUM_OFFSETS;
		unsigned char *src = inetcsum_test_buf_tail(&srcbuf, off, len);
		unsigned char *dst = inetcsum_test_buf_head(&dstbuf, off, len);

		memset(src, 0, len);
		run_all(k, ops, nops, src, len, off, 0, 0, dst);
	}
	/* A length of 0 with NULL pointers is not an error. */
	run_all(k, ops, 1, NULL, 0, 0, 0x1234, inetcsum_ref_sum(NULL, 0,
		0x1234), dstbuf.data);
	inetcsum_test_count();
	if (k->copy(NULL, NULL, 0, 0) != 0)
		inetcsum_test_fail(k->name, "copy(NULL, NULL, 0)", 0, 0, 0,
				   NULL, "nonzero partial sum");
}

/*
 * The boundaries of kernel 'f' for a call on 'len' bytes at 'src' copied
 * to 'dst', into 'out' (at most 16): where its code changes course
 * (kernel_facts.h).  Chunk boundaries move with the alignment heads, which
 * depend on the addresses and, from align_min bytes on, on the length.
 */
static size_t
boundaries(const struct kernel_facts *f, const unsigned char *src,
	   const unsigned char *dst, size_t len, size_t *out)
{
	size_t n = 0, head, first;

	out[n++] = f->short_max;
	out[n++] = f->copy_min;
	out[n++] = f->align_min;
	if (f->chunk != 0) {
		head = 0;
		if (f->align != 0 && len >= f->align_min &&
		    ((uintptr_t)src & 1) == 0)
			head = (size_t)(-(uintptr_t)src) & (f->align - 1);
		first = head != 0 ? f->chunk - f->align + head : f->chunk;
		out[n++] = first;
		out[n++] = first + f->stride[0];
		out[n++] = first + f->chunk;
	}
	if (f->copy_chunk != 0) {
		head = 0;
		if (f->copy_align != 0 && len >= f->align_min &&
		    ((uintptr_t)dst & 1) == 0)
			head = (size_t)(-(uintptr_t)dst) &
			       (f->copy_align - 1);
		out[n++] = head + f->copy_chunk;
		out[n++] = head + f->copy_chunk + f->copy_stride[0];
		out[n++] = head + 2 * f->copy_chunk;
	}
	/* Where 'partial' starts to prefetch at the build's distance. */
	if (f->prefetch_default != 0)
		out[n++] = f->prefetch_default + f->prefetch_step;
	/*
	 * The mid-size path's two compiled ranges, and the copy's change of
	 * main loop.
	 */
	out[n++] = f->mid_split;
	out[n++] = f->mid_max;
	out[n++] = f->copy_madd_min;
	return n;
}

/* The longest length that test_boundaries() may run for kernel 'f'. */
static size_t
boundaries_max(const struct kernel_facts *f)
{
	size_t b[16], n = boundaries(f, NULL, NULL, 0, b), i, max = 0;

	for (i = 0; i < n; i++) {
		if (b[i] > max)
			max = b[i];
	}
	/* Heads only shorten the partial's chunks, and lengthen the copy's. */
	return max + MAX_HEAD + NEAR_FULL;
}

/* Nonzero if 'len' bytes at 'src', copied to 'dst', are near a boundary. */
static int
near_boundary(const struct kernel_facts *f, const unsigned char *src,
	      const unsigned char *dst, size_t len, size_t near)
{
	size_t b[16], n = boundaries(f, src, dst, len, b), i;

	for (i = 0; i < n; i++) {
		if (b[i] != 0 && len + near >= b[i] && len <= b[i] + near)
			return 1;
	}
	return 0;
}

/*
 * Where test_boundaries() puts 'len' bytes: 'off' bytes after the leading
 * guard ('where' 0) or before the trailing one ('where' 1); the copy goes
 * to the same place in its buffer, so its heads vary alike.
 */
static void
place(int where, size_t off, size_t len, unsigned char **src,
      unsigned char **dst)
{
	if (where == 0) {
		*src = inetcsum_test_buf_head(&srcbuf, off, len);
		*dst = inetcsum_test_buf_head(&dstbuf, off, len);
	} else {
		*src = inetcsum_test_buf_tail(&srcbuf, off, len);
		*dst = inetcsum_test_buf_tail(&dstbuf, off, len);
	}
}

#define MAX_BOUNDARY_LENGTHS 256

/*
 * The lengths beyond 'max' within 'near' bytes of a boundary of 'f' when
 * placed by place(where, off): around each boundary the window is widened
 * by MAX_HEAD, as far as a head can move it.
 */
static size_t
boundary_lengths(const struct kernel_facts *f, int where, size_t off,
		 size_t max, size_t near, size_t *out)
{
	size_t base[16], nbase = boundaries(f, NULL, NULL, 0, base);
	size_t n = 0, i, len, lo, hi;

	for (i = 0; i < nbase; i++) {
		if (base[i] == 0)
			continue;
		lo = base[i] > max + MAX_HEAD + near ?
		     base[i] - MAX_HEAD - near : max + 1;
		hi = base[i] + MAX_HEAD + near;
		for (len = lo; len <= hi && n < MAX_BOUNDARY_LENGTHS; len++) {
			unsigned char *src, *dst;

			place(where, off, len, &src, &dst);
			if (near_boundary(f, src, dst, len, near))
				n = add_length(out, n, len);
		}
	}
	return n;
}

/*
 * Every length within NEAR_FULL (quick mode: NEAR_QUICK) bytes of one of
 * the kernel's boundaries beyond the exhaustive range 'max', at a few
 * start offsets: 0, odd, and even ones whose heads move the chunk
 * boundaries to a few bytes before the chunk and to near a vector before
 * it.  Placed against the trailing guard (an over-read at the end
 * faults), and from the leading one (not in quick mode), with random data
 * and initial sums.
 */
static void
test_boundaries(const struct inetcsum_kernel *k, const struct kernel_facts *f,
		size_t max, const struct op *ops, size_t nops)
{
	static const size_t offsets[] = { 0, 1, 2, 30, 62 };
	const int quick = inetcsum_test_quick();
	const size_t near = quick ? NEAR_QUICK : NEAR_FULL;
	const size_t noff = quick ? 3 : sizeof(offsets) / sizeof(offsets[0]);
	size_t lens[MAX_BOUNDARY_LENGTHS], n, oi, i;
	int where;

	for (where = quick; where < 2; where++) {
		for (oi = 0; oi < noff; oi++) {
			n = boundary_lengths(f, where, offsets[oi], max, near,
					     lens);
			for (i = 0; i < n; i++) {
				uint32_t init = inetcsum_test_rand32();
				unsigned char *src, *dst;

				place(where, offsets[oi], lens[i], &src, &dst);
				inetcsum_test_fill(src, lens[i]);
				run_all(k, ops, nops, src, lens[i], offsets[oi],
					init, inetcsum_ref_sum(src, lens[i],
							       init), dst);
			}
		}
	}
}

/*
 * One length above 4 GiB, where 32-bit length or offset arithmetic would
 * wrap: a private anonymous mapping reads as zeros without using memory
 * (MAP_NORESERVE), and a few nonzero bytes at known places (around the
 * 4 GiB boundary and at the very end) give a known sum.  The mapping is
 * made once and shared by all kernels, so its pages fault in only once.
 */
struct huge {
	unsigned char *map;
	size_t len;
	uint16_t net;	/* network-order sum of the marked bytes */
};

/* Whether Linux maps its huge zero page on read faults in THP areas. */
static int
huge_zero_page(void)
{
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/use_zero_page",
			"r");
	int c;

	if (f == NULL)
		return 0;
	c = getc(f);
	fclose(f);
	return c == '1';
}

static int
huge_map(struct huge *h)
{
	struct mark { uint64_t pos; unsigned char val; };
	const uint64_t four_gib = (uint64_t)1 << 32;
	const uint64_t len64 = four_gib + 12345;
	const struct mark marks[] = {
		{ 0, 0x80 }, { 1, 0xff }, { 4096, 0x12 }, { 4097, 0x34 },
		{ four_gib - 2, 0xff }, { four_gib - 1, 0xfe },
		{ four_gib, 0xab }, { four_gib + 1, 0xcd },
		{ len64 - 2, 0x55 }, { len64 - 1, 0x99 },
	};
	uint64_t net = 0;
	size_t i;

	if (sizeof(size_t) < 8) {
		inetcsum_test_not_applicable(">4 GiB test", "size_t is %zu "
					     "bits here, so no buffer can be "
					     "that long", sizeof(size_t) * 8);
		return -1;
	}
	h->len = (size_t)len64;
	h->map = mmap(NULL, h->len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (h->map == MAP_FAILED) {
		inetcsum_test_fail("-", "mmap", h->len, 0, 0, NULL,
				   "cannot map 4 GiB of address space "
				   "(ulimit -v?)");
		return -1;
	}
#ifdef MADV_HUGEPAGE
	/*
	 * Read faults then map the shared huge zero page, 2 MiB at a time
	 * (in 4 KiB pages: a million faults, then a TLB miss every 4 KiB of
	 * each kernel's pass; test_csum took 29.6 s so, 2 s with this, on
	 * a Zen 5).
	 * Only where Linux maps that page for reads, or every fault would
	 * allocate 2 MiB of real memory; and only a hint (QEMU's user mode
	 * ignores it, a kernel without THP refuses it).
	 */
	if (huge_zero_page())
		(void)madvise(h->map, h->len, MADV_HUGEPAGE);
#endif
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		h->map[marks[i].pos] = marks[i].val;
		/* Even positions are high halves of network-order words. */
		net += (marks[i].pos & 1) ? marks[i].val
					  : (uint64_t)marks[i].val << 8;
	}
	h->net = inetcsum_ref_fold16((uint32_t)(net % 0xffff));
	/* Read-only from here on: no kernel may write to its input. */
	if (mprotect(h->map, h->len, PROT_READ) != 0)
		abort();
	return 0;
}

/*
 * The next name in INETCSUM_TEST_HUGE's list (names separated by spaces or
 * commas), from *p on: its start, with its length in *len (0 at the end).
 */
static const char *
huge_next_name(const char **p, size_t *len)
{
	const char *name = *p + strspn(*p, " ,");

	*len = strcspn(name, " ,");
	*p = name + *len;
	return name;
}

/*
 * Whether kernel 'name' gets the >4 GiB test: INETCSUM_TEST_HUGE, when set,
 * lists the kernels that do ("none" for none).  Under QEMU the test is
 * most of this program's time (4 GiB through an emulated vector unit), and
 * runs of the same binaries on several emulated CPUs need it once per
 * kernel: the cross suite passes each run the kernels that no earlier run
 * of those binaries has tested.
 */
static int
huge_wanted(const char *name)
{
	const char *p = getenv("INETCSUM_TEST_HUGE"), *next;
	size_t n = strlen(name), len;

	if (p == NULL || *p == '\0')
		return 1;
	for (next = huge_next_name(&p, &len); len != 0;
	     next = huge_next_name(&p, &len))
		if (len == n && memcmp(next, name, n) == 0)
			return 1;
	return 0;
}

/*
 * Whether any kernel this CPU runs gets the >4 GiB test.  A name in
 * INETCSUM_TEST_HUGE that is no registered kernel (nor "none") fails: a
 * misspelt list must not quietly drop the test.
 */
static int
huge_wanted_by_any(void)
{
	uint32_t features = inetcsum_cpu_features();
	const char *p = getenv("INETCSUM_TEST_HUGE"), *next;
	size_t i, len;
	char name[64];

	if (p == NULL)
		p = "";
	for (next = huge_next_name(&p, &len); len != 0;
	     next = huge_next_name(&p, &len)) {
		snprintf(name, sizeof(name), "%.*s", (int)len, next);
		for (i = 0; i < inetcsum_num_kernels; i++)
			if (strcmp(inetcsum_kernels[i]->name, name) == 0)
				break;
		inetcsum_test_count();
		if (i == inetcsum_num_kernels && strcmp(name, "none") != 0)
			inetcsum_test_fail(name, "INETCSUM_TEST_HUGE", 0, 0, 0,
					   NULL, "no kernel of that name");
	}
	for (i = 0; i < inetcsum_num_kernels; i++)
		if (inetcsum_kernel_supported(inetcsum_kernels[i], features) &&
		    huge_wanted(inetcsum_kernels[i]->name))
			return 1;
	return 0;
}

static void
test_huge(const struct inetcsum_kernel *k, const struct huge *h)
{
	const uint32_t init = 0xfedcba98;
	uint16_t want = combine(init, h->net);

	/* Once per kernel: 4 GiB takes seconds under QEMU. */
	inetcsum_test_context(k->name, "partial(>4 GiB)", h->len, 0);
	check_partial(k, "partial(>4 GiB)", h->map, h->len, 0, init,
		      k->partial(h->map, h->len, init), want);
}

/*
 * A kernel with no entry in kernel_facts.h fails; it is then tested with
 * these guesses, wide enough for every kernel so far, so the rest of the
 * run still says something about it.
 */
static const struct kernel_facts unknown_facts = {
	.name = "(no entry)",
	.short_max = 64,
	.stride = { 512 },
	.copy_stride = { 512 },
	.chunk = (size_t)512 << 10,
	.copy_chunk = (size_t)512 << 10,
	.align = 64,
	.copy_align = 64,
	.align_min = 256,
	.prefetch_step = 512,
};

/* The facts for registered kernel 'k'; a missing entry is a failure. */
static const struct kernel_facts *
facts_of(const struct inetcsum_kernel *k, int report)
{
	const struct kernel_facts *f = kernel_facts_find(k->name);

	if (report)
		inetcsum_test_count();
	if (f != NULL)
		return f;
	if (report)
		inetcsum_test_fail(k->name, "kernel_facts", 0, 0, 0, NULL,
				   "no entry in tests/core/kernel_facts.h: write "
				   "down its strides, chunk and thresholds "
				   "(tested with guesses meanwhile)");
	return &unknown_facts;
}

/* Everything, for kernel 'k', selected; 'arg' is the huge mapping or NULL. */
static void
run_kernel(const struct inetcsum_kernel *k, void *arg)
{
	const struct kernel_facts *f = facts_of(k, 0);
	struct huge *huge = arg;
	struct op ops[8];
	size_t lengths[MAX_CARRY_LENGTHS];
	size_t n, nops, max;

	max = exhaustive_max(f);
	n = carry_lengths(f, lengths);
	printf("kernel %s: %zu entry points, exhaustive to %zu bytes, "
	       "chunk %zu, copy chunk %zu\n", k->name,
	       build_ops(k, ops, 0), max, f->chunk, f->copy_chunk);
	fflush(stdout);
	nops = build_ops(k, ops, max);
	test_exhaustive(k, ops, nops, max);
	nops = build_ops(k, ops, 0);
	test_boundaries(k, f, max, ops, nops);
	test_random(k, f, ops, nops);
	test_carries(k, lengths, n, ops, nops);
	test_zero_sums(k, lengths, n, max, ops, nops);
	if (huge != NULL && huge_wanted(k->name))
		test_huge(k, huge);
	else if (sizeof(size_t) >= 8 && !huge_wanted(k->name))
		printf("kernel %s: >4 GiB test left to another run "
		       "(INETCSUM_TEST_HUGE)\n", k->name);
#ifdef INETCSUM_ARCH_X86_64
	if (f->copy_madd_min != 0) {
		/*
		 * The VNNI copy's other main loop: the tuning table
		 * picks one per CPU (src/tuning.c), so the run above
		 * tested only this CPU's; test the other too.
		 */
		size_t was = atomic_load(&inetcsum_x86_copy_madd_min);

		atomic_store(&inetcsum_x86_copy_madd_min,
			     was == SIZE_MAX ? f->copy_madd_min :
					       SIZE_MAX);
		printf("kernel %s: again with the copy's main loop "
		       "from %s\n", k->name, was == SIZE_MAX ?
		       "2048 bytes in vpmaddwd pairs" :
		       "vpdpwssd at every length");
		test_boundaries(k, f, max, ops, nops);
		test_random(k, f, ops, nops);
		test_carries(k, lengths, n, ops, nops);
		atomic_store(&inetcsum_x86_copy_madd_min, was);
	}
#endif
}

int
main(void)
{
	struct huge huge = { NULL, 0, 0 };
	int have_huge;
	size_t i, n, cap = BIG_LEN;

	inetcsum_test_init("test_csum");
	/* Room for the longest boundary length of any kernel, at offset 63. */
	for (i = 0; i < inetcsum_num_kernels; i++) {
		n = boundaries_max(facts_of(inetcsum_kernels[i], 0));
		if (n > cap)
			cap = n;
	}
	/* Every registered kernel needs facts, even one not run here. */
	for (i = 0; i < inetcsum_num_kernels; i++)
		(void)facts_of(inetcsum_kernels[i], 1);
	inetcsum_test_buf_alloc(&srcbuf, cap + 4096);
	inetcsum_test_buf_alloc(&dstbuf, cap + 4096);
	/* (huge_map() says where size_t is too short for the test.) */
	have_huge = (sizeof(size_t) < 8 || huge_wanted_by_any()) &&
		    huge_map(&huge) == 0;
	inetcsum_test_each_kernel(run_kernel, have_huge ? &huge : NULL);
	inetcsum_test_buf_free(&srcbuf);
	inetcsum_test_buf_free(&dstbuf);
	if (have_huge)
		munmap(huge.map, huge.len);
	return inetcsum_test_finish();
}
