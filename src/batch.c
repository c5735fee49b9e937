/* SPDX-License-Identifier: MIT */
/*
 * src/batch.c - the batch entry points, inetcsum_ipv4_header_batch() and
 * inetcsum_partial_batch(), their dispatch and their portable code.
 *
 * Dispatch follows the kernel in use (inetcsum_kernel_active(), read once
 * per batch), so inetcsum_impl_select() and INETCSUM_IMPL reach every
 * batch kernel as they reach the per-call ones: a 512-bit x86 kernel
 * selects the AVX-512 batch kernels, the other AVX2-class x86 kernels
 * (x86_avx512_vnni_vl256 included: it runs where 512-bit vectors are not
 * wanted) the AVX2 ones, the arm64 NEON kernel the NEON ones, and every
 * other kernel the portable code here.  The batch kernel never needs more
 * of the CPU than the selected kernel does.
 *
 * Partial sums must be the per-call function's, bit for bit (batch.h):
 * the x86 kernels compute decomposition X for inputs of up to
 * INETCSUM_X86_SHORT_MAX bytes (the inline path of inetcsum_partial()),
 * the portable kernel and NEON decomposition F.  Anything else (longer
 * buffers, a kernel without a known short path) goes to the kernel's own
 * 'partial', which is what inetcsum_partial() calls.
 *
 * The vector kernels are worth their setup only from a few entries on, so
 * shorter batches, and the last entries that do not fill a vector, take
 * the scalar loops here (BATCH_VECTOR_MIN, measured in docs/batch.md).
 */
#include "batch.h"
#include "dispatch.h"

#if defined(__x86_64__) || defined(__i386__)
#  include "x86/kernels.h"
#  ifdef INETCSUM_X86_SHORT_MAX
#    include "x86/csum_x86_scalar.h"
#  endif
#elif defined(__aarch64__)
#  include "arm/kernels.h"
#endif

/* Batches shorter than this take the scalar loops (docs/batch.md). */
#ifndef INETCSUM_BATCH_VECTOR_MIN
#  define INETCSUM_BATCH_VECTOR_MIN 4
#endif

enum batch_isa { BATCH_PORTABLE, BATCH_AVX512, BATCH_AVX2, BATCH_NEON };

/* The batch kernels that go with kernel 'k'. */
static INETCSUM_FORCEINLINE enum batch_isa
batch_isa(const struct inetcsum_kernel *k)
{
#if defined(INETCSUM_ARCH_X86_64) && \
	(defined(INETCSUM_BATCH_AVX512) || defined(INETCSUM_BATCH_AVX2))
	u32 f = k->features;

#  ifdef INETCSUM_BATCH_AVX512
	if ((f & INETCSUM_X86_AVX512BW) && (f & INETCSUM_X86_ZMM))
		return BATCH_AVX512;
#  endif
#  ifdef INETCSUM_BATCH_AVX2
	/* AVX-512 and AVX-VNNI CPUs have AVX2; the probe says so. */
	if ((f & (INETCSUM_X86_AVX2 | INETCSUM_X86_AVX512BW)) &&
	    (inetcsum_cpu_features() & INETCSUM_X86_AVX2))
		return BATCH_AVX2;
#  endif
#elif defined(INETCSUM_BATCH_NEON)
	if (k == &inetcsum_kernel_arm_neon)
		return BATCH_NEON;
#endif
	(void)k;
	return BATCH_PORTABLE;
}

INETCSUM_API void
inetcsum_ipv4_header_batch(const void *const hdrs[], size_t n,
			   uint16_t out[])
{
	size_t i = 0;

	if (n >= INETCSUM_BATCH_VECTOR_MIN) {
		switch (batch_isa(inetcsum_kernel_active())) {
#ifdef INETCSUM_BATCH_AVX512
		case BATCH_AVX512:
			i = inetcsum_x86_avx512_ipv4_header_batch(hdrs, n, out);
			break;
#endif
#ifdef INETCSUM_BATCH_AVX2
		case BATCH_AVX2:
			i = inetcsum_x86_avx2_ipv4_header_batch(hdrs, n, out);
			break;
#endif
#ifdef INETCSUM_BATCH_NEON
		case BATCH_NEON:
			i = inetcsum_arm_neon_ipv4_header_batch(hdrs, n, out);
			break;
#endif
		default:
			break;
		}
	}
	/* Independent headers: the CPU overlaps consecutive iterations. */
	for (; i < n; i++)
		out[i] = batch_ipv4_one(hdrs[i]);
}

/* The portable kernel (and NEON for short inputs): decomposition F. */
static void
partial_batch_f(const struct inetcsum_iovec bufs[], size_t n, u32 sums[],
		inetcsum_partial_fn partial)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (bufs[i].len <= 64)
			sums[i] = batch_partial_f(bufs[i].base, bufs[i].len,
						  sums[i]);
		else
			sums[i] = partial(bufs[i].base, bufs[i].len, sums[i]);
	}
}

#ifdef INETCSUM_X86_SHORT_MAX
/* inetcsum_partial() of one buffer with an x86 kernel: decomposition X. */
static INETCSUM_FORCEINLINE u32
partial_one_x(const struct inetcsum_kernel *k, const struct inetcsum_iovec *b,
	      u32 sum)
{
	if (b->len <= INETCSUM_X86_SHORT_MAX)
		return fold64_to_32(add64_eac(sum, x86_sum_short(b->base,
								 b->len)));
	return k->partial(b->base, b->len, sum);
}
#endif

#ifdef INETCSUM_BATCH_AVX512
/*
 * A batch whose first group fits the lanes.  The kernel takes groups of 8
 * while their buffers all fit and stops before the first that does not;
 * from there a stretch of buffers goes one at a time, and the kernel is
 * tried again after it.  The stretch starts at 8 and doubles each time the
 * next group does not fit either, so that a batch of mostly long buffers
 * pays for few tests.  A slot of the lanes costs the same used or not, so
 * a mixed group is not worth them.
 */
static INETCSUM_NOINLINE void
partial_batch_avx512(const struct inetcsum_kernel *k,
		     const struct inetcsum_iovec bufs[], size_t n,
		     u32 sums[])
{
	size_t i = 0, stretch = 8, done, end;

	for (;;) {
		size_t group = n - i < 8 ? n - i : 8;

		done = i == 0 || x86_batch_lanes_ok(bufs + i, group) ?
			       inetcsum_x86_avx512_partial_batch(
				       bufs + i, n - i, sums + i) :
			       0;
		i += done;
		if (i == n)
			return;
		stretch = done != 0 ? 8 : stretch * 2;
		end = n - i < stretch ? n : i + stretch;
		for (; i < end; i++)
			sums[i] = partial_one_x(k, &bufs[i], sums[i]);
		if (i == n)
			return;
	}
}
#endif

/* Two buffers or more. */
static INETCSUM_NOINLINE void
partial_batch_many(const struct inetcsum_iovec bufs[], size_t n,
		   uint32_t sums[])
{
	const struct inetcsum_kernel *k = inetcsum_kernel_active();
	size_t i = 0;

#ifdef INETCSUM_X86_SHORT_MAX
	if (k->inline_short_max == INETCSUM_X86_SHORT_MAX) {
#  ifdef INETCSUM_BATCH_AVX512
		/*
		 * Only when the first two buffers fit the lanes: a batch that
		 * starts with a long buffer is likely to hold long buffers
		 * all through (an IMIX burst: 7 of 12 buffers of 64 bytes,
		 * the rest 576 and 1500), and tested group by group it ran at
		 * 0.84-0.97x the loop of inetcsum_partial() calls, at
		 * 1.03-1.2x as this plain loop.  Testing the whole first
		 * group here (the kernel tests it anyway) cost batches of
		 * 8 x 64 bytes a fifth of their gain (Zen 4, docs/batch.md).
		 */
		if (n >= INETCSUM_BATCH_VECTOR_MIN &&
		    batch_isa(k) == BATCH_AVX512 &&
		    x86_batch_lanes_ok(bufs, 2)) {
			partial_batch_avx512(k, bufs, n, sums);
			return;
		}
#  endif
		/* Decomposition X: inetcsum_partial()'s own inline path. */
		for (; i < n; i++)
			sums[i] = partial_one_x(k, &bufs[i], sums[i]);
		return;
	}
#endif
	if (k == &inetcsum_kernel_generic) {
		partial_batch_f(bufs, n, sums, k->partial);
		return;
	}
#ifdef INETCSUM_BATCH_NEON
	if (k == &inetcsum_kernel_arm_neon) {
		if (n >= INETCSUM_BATCH_VECTOR_MIN)
			i = inetcsum_arm_neon_partial_batch(bufs, n, sums,
							    k->partial);
		partial_batch_f(bufs + i, n - i, sums + i, k->partial);
		return;
	}
#endif
	/* A kernel whose short path is not known here: call it. */
	for (; i < n; i++)
		sums[i] = k->partial(bufs[i].base, bufs[i].len, sums[i]);
}

INETCSUM_API void
inetcsum_partial_batch(const struct inetcsum_iovec bufs[], size_t n,
		       uint32_t sums[])
{
	/*
	 * One buffer: what inetcsum_partial() does, without the frame and the
	 * kernel lookup of the many-buffer path, which made a batch of 1
	 * (of 40-64 bytes) 0.78x as fast as a call of inetcsum_partial()
	 * (Zen 4).  On x86-64 its short path inline here, as
	 * src/x86/dispatch.c has it: calling inetcsum_partial() from here
	 * went through the library's own PLT entry, and a batch of 1 was
	 * still 0.80-0.85x a call at 40-64 bytes (Intel model 167).
	 */
	if (n == 1) {
#ifdef INETCSUM_X86_SHORT_MAX
		const struct inetcsum_kernel *k = inetcsum_active();

		if (bufs[0].len <= k->inline_short_max)
			sums[0] = fold64_to_32(add64_eac(
				sums[0], x86_sum_short(bufs[0].base,
						       bufs[0].len)));
		else
			sums[0] = k->partial(bufs[0].base, bufs[0].len,
					     sums[0]);
#else
		sums[0] = inetcsum_partial(bufs[0].base, bufs[0].len, sums[0]);
#endif
	} else if (n != 0) {
		partial_batch_many(bufs, n, sums);
	}
}
