/* SPDX-License-Identifier: MIT */
/*
 * src/generic/csum_generic.c - the portable kernel: fast C for every CPU,
 * and the fallback of the dispatcher.
 *
 * It loads 64 bits at a time with memcpy (no alignment or aliasing UB; every
 * compiler turns it into one load where the CPU allows unaligned access) and
 * adds each load into one of four independent 64-bit accumulators with an
 * end-around carry (add64_eac), so four add-with-carry chains run in
 * parallel on superscalar cores.  A 64-bit accumulator holds four 16-bit
 * lanes; since 2^16 == 1 (mod 0xffff), the sum of the lanes folds to the
 * same ones' complement sum whichever lane a word lands in, which is why the
 * code never needs to know the byte order: a native load keeps every 16-bit
 * word of memory whole, in the order the CPU reads it (RFC 1071 2(B)).
 *
 * Software prefetch: the main loop can prefetch 'prefetch' bytes ahead,
 * exactly one prefetch per cache line of the platform (INETCSUM_CACHE_LINE,
 * src/common.h: 32 bytes on 32-bit PowerPC, so two dcbt per 64 bytes of
 * loads, where one per 64 bytes would leave every other line unfetched),
 * and only while the prefetched line is inside the buffer.  The fused copy
 * does the same for its source, and on PowerPC also touches the
 * destination line for store (dcbtst).  CPUs without hardware prefetchers
 * gain most (a PowerPC 464 router halved its checksum time with one dcbt
 * 128 bytes ahead); the build-time distance INETCSUM_PREFETCH_DISTANCE
 * (src/common.h, per platform) is the only one built in; other distances
 * are measured with library builds of their own (bench/prefetch_sweep.sh,
 * docs/bench.md).
 *
 * The x86-64 default of 512 bytes was chosen from this sweep on the
 * development machine (Xeon model 207, one process, 21 rounds, medians,
 * GB/s; rerun with `bench/prefetch_sweep.sh --only generic --offsets 0
 * --cpu 1`):
 *
 *   cold, distance:   0     256    512    1024   2048   4096
 *   1448 B          1.80   2.30   2.43   1.85   1.79   1.83
 *   4 KiB           2.22   2.80   4.02   4.51   3.76   2.24
 *   64 KiB          2.33   3.30   4.55   6.43   8.01   7.64
 *   1 MiB           6.34   7.27   7.79   9.20  10.88  11.65
 *
 * Hot speeds moved by less than 5% at any distance.  512 is best at
 * 1448 bytes (a full TCP segment's payload, the size that matters most for
 * packets) and still doubles 4 KiB; longer distances win only for bulk
 * data, where a build for that use can set a larger distance.
 */
#include "../impl.h"

#if SIZE_MAX > 0xffffffffu
#define SUM_64_BYTES(p)							\
	do {								\
		s0 = add64_eac(s0, load_u64((p) + 0));			\
		s1 = add64_eac(s1, load_u64((p) + 8));			\
		s2 = add64_eac(s2, load_u64((p) + 16));			\
		s3 = add64_eac(s3, load_u64((p) + 24));			\
		s0 = add64_eac(s0, load_u64((p) + 32));			\
		s1 = add64_eac(s1, load_u64((p) + 40));			\
		s2 = add64_eac(s2, load_u64((p) + 48));			\
		s3 = add64_eac(s3, load_u64((p) + 56));			\
	} while (0)
#else
/*
 * 32-bit CPUs: a 64-bit add is already an add/add-with-carry pair, and the
 * end-around carry test of add64_eac() costs a compare and branches
 * (2 branches per 8 bytes on 32-bit PowerPC).  So add 32-bit loads into
 * the 64-bit accumulators plainly: with a 32-bit size_t there are at most
 * 2^32 / 4 = 2^30 loads in all, each below 2^32, so an accumulator stays
 * below 2^62 and never wraps.
 */
#define SUM_64_BYTES(p)							\
	do {								\
		s0 += load_u32((p) + 0);				\
		s1 += load_u32((p) + 4);				\
		s2 += load_u32((p) + 8);				\
		s3 += load_u32((p) + 12);				\
		s0 += load_u32((p) + 16);				\
		s1 += load_u32((p) + 20);				\
		s2 += load_u32((p) + 24);				\
		s3 += load_u32((p) + 28);				\
		s0 += load_u32((p) + 32);				\
		s1 += load_u32((p) + 36);				\
		s2 += load_u32((p) + 40);				\
		s3 += load_u32((p) + 44);				\
		s0 += load_u32((p) + 48);				\
		s1 += load_u32((p) + 52);				\
		s2 += load_u32((p) + 56);				\
		s3 += load_u32((p) + 60);				\
	} while (0)
#endif

/*
 * The prefetching loops take a block of PF_BLOCK bytes per iteration: one
 * cache line, or 64 bytes where lines are shorter, so that the block holds
 * a whole number of lines and of SUM_64_BYTES steps.  The inner loops have
 * constant trip counts and unroll completely.
 */
#define PF_BLOCK (INETCSUM_CACHE_LINE > 64 ? INETCSUM_CACHE_LINE : 64)

static INETCSUM_FORCEINLINE u32
partial_generic(const void *data, size_t len, u32 sum, size_t prefetch)
{
	const u8 *p = data;
	u64 s0 = sum, s1 = 0, s2 = 0, s3 = 0;
	size_t i;

	if (prefetch != 0) {
		/*
		 * Every prefetched line is inside the buffer: len >= prefetch
		 * + PF_BLOCK, written so that a huge distance cannot wrap.
		 */
		while (len >= PF_BLOCK && len - PF_BLOCK >= prefetch) {
			for (i = 0; i < PF_BLOCK; i += INETCSUM_CACHE_LINE)
				INETCSUM_PREFETCH(p + prefetch + i);
			for (i = 0; i < PF_BLOCK; i += 64)
				SUM_64_BYTES(p + i);
			p += PF_BLOCK;
			len -= PF_BLOCK;
		}
	}
	while (len >= 64) {
		SUM_64_BYTES(p);
		p += 64;
		len -= 64;
	}
	while (len >= 8) {
		s0 = add64_eac(s0, load_u64(p));
		p += 8;
		len -= 8;
	}
	s1 = add64_eac(s1, sum_tail7(p, len));
	s0 = add64_eac(s0, s1);
	s2 = add64_eac(s2, s3);
	return fold64_to_32(add64_eac(s0, s2));
}

static u32
csum_generic(const void *data, size_t len, u32 sum)
{
	return partial_generic(data, len, sum, INETCSUM_PREFETCH_DISTANCE);
}

/*
 * Fused copy: each 64-bit word is loaded once, stored to 'dst' and added to
 * the sum.  Storing through memcpy keeps it free of alignment UB too.
 */
static u32
csum_copy_generic(void *dst, const void *src, size_t len, u32 sum)
{
	const u8 *p = src;
	u8 *q = dst;
	u64 s0 = sum, s1 = 0;
	size_t i;

	/*
	 * The prefetching part, as in partial_generic(): one read prefetch per
	 * source line and one store hint per destination line, both at the
	 * build-time distance and only inside the buffers.
	 */
	if (INETCSUM_PREFETCH_DISTANCE != 0) {
		while (len >= PF_BLOCK &&
		       len - PF_BLOCK >= (size_t)INETCSUM_PREFETCH_DISTANCE) {
			for (i = 0; i < PF_BLOCK; i += INETCSUM_CACHE_LINE) {
				INETCSUM_PREFETCH(p + INETCSUM_PREFETCH_DISTANCE
						  + i);
				INETCSUM_PREFETCH_W(q +
						    INETCSUM_PREFETCH_DISTANCE
						    + i);
			}
			for (i = 0; i < PF_BLOCK; i += 16) {
				u64 a = load_u64(p + i), b = load_u64(p + i + 8);

				store_u64(q + i, a);
				store_u64(q + i + 8, b);
				s0 = add64_eac(s0, a);
				s1 = add64_eac(s1, b);
			}
			p += PF_BLOCK;
			q += PF_BLOCK;
			len -= PF_BLOCK;
		}
	}
	while (len >= 16) {
		u64 a = load_u64(p), b = load_u64(p + 8);

		store_u64(q, a);
		store_u64(q + 8, b);
		s0 = add64_eac(s0, a);
		s1 = add64_eac(s1, b);
		p += 16;
		q += 16;
		len -= 16;
	}
	if (len >= 8) {
		u64 a = load_u64(p);

		store_u64(q, a);
		s0 = add64_eac(s0, a);
		p += 8;
		q += 8;
		len -= 8;
	}
	if (len != 0) {
		memcpy(q, p, len);
		s1 = add64_eac(s1, sum_tail7(p, len));
	}
	return fold64_to_32(add64_eac(s0, s1));
}

const struct inetcsum_kernel inetcsum_kernel_generic = {
	.name = "generic",
	.features = 0,
	.partial = csum_generic,
	.copy = csum_copy_generic,
};
