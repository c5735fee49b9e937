/* SPDX-License-Identifier: MIT */
/*
 * src/x86/batch_avx512.c - the AVX-512 batch kernels: 16 IPv4 headers or
 * 8 short buffers at a time, one per 512-bit register, summed together.
 *
 * Loads.  Each header or buffer is one byte-masked load (AVX-512 BW) of
 * exactly its bytes: masked-out bytes are neither read nor able to fault,
 * so nothing outside a header's 4 * IHL bytes or a buffer's 'len' bytes is
 * touched, and a header whose IHL is below 5 (mask 0) is not read beyond
 * the first byte.  The masks come from tables indexed by the IHL or the
 * length, one load each, instead of a shift and a kmov per entry.
 *
 * Horizontal sums across entries.  Summing each register on its own ends
 * in a chain of shuffles per entry.  Instead the 16 (or 8) registers are
 * reduced together, as a transpose: at each of 4 (or 3) levels, pairs of
 * registers (a, b) become one, whose lanes hold the pairwise sums of a's
 * lanes in one half of each lane pair and of b's in the other (a blend,
 * a blend and a shuffle that swaps the halves, an add):
 *
 *   level 1: lanes 2j, 2j+1        -> 8 registers of 2 entries each
 *   level 2: lanes 4j..4j+3        -> 4 registers of 4 entries
 *   level 3: 128-bit blocks        -> 2 registers of 8 entries
 *   level 4: 256-bit halves        -> 1 register, lane i = entry i
 *
 * That is 15 combinations, 4 instructions each, for 16 headers: under 4
 * instructions per header, with every register independent until the end.
 *
 * Headers (16 per group, 32-bit lanes).  Each header's words are
 * sign-flipped (XOR 0x8000) and multiplied by 1 in pairs (vpmaddwd), which
 * adds two words into each signed 32-bit lane; the 16 lanes of a register
 * lose 32 * 32768 = 2^20 in all, added back once per group.  A header has
 * at most 30 words, so its exact word sum is below 30 * 65535 < 2^21 and
 * the lanes never overflow.  The exact sum, 0 only for an all-zero header
 * (or a rejected IHL, whose mask loads nothing), folds and complements
 * exactly as inetcsum_ipv4_header() does (batch.h).
 *
 * Buffers (8 per group, 64-bit lanes).  A buffer of at most 64 bytes is
 * one register of 32-bit little-endian words, zero-padded: decomposition X
 * of batch.h.  Each 64-bit lane adds its two 32-bit halves (below 2^33),
 * the 8 lanes of a register then sum below 2^36 and the initial sum keeps
 * the total below 2^37: exact, then folded with end-around carries to the
 * 32 bits x86_sum_short() gives.  Lengths of 3 and 7 (whose last byte X
 * counts at the bottom of its word, not at its position) and lengths above
 * 64 cannot go in a lane: at a group holding one, the kernel returns, and
 * src/batch.c sums that group a buffer at a time, as inetcsum_partial()
 * would, then calls the kernel again for the rest.
 *
 * Needs AVX-512 F+BW (gcc >= 5, clang >= 3.9); it runs only with the
 * 512-bit kernels, so only where cpu_features.c grants INETCSUM_X86_ZMM.
 */
#include "../batch.h"

#if defined(INETCSUM_ARCH_X86_64) && !defined(INETCSUM_NO_AVX512)
#include <immintrin.h>

#include "csum_x86_scalar.h"

#define ATTRIBUTES INETCSUM_TARGET("avx512f,avx512bw,avx512vl")

/* Byte masks of the 4 * IHL bytes of a header; 0 (no read) below 5. */
#define HM(ihl) ((((u64)1) << (4 * (ihl))) - 1)
static const u64 ihl_mask[16] = {
	0, 0, 0, 0, 0, HM(5), HM(6), HM(7), HM(8), HM(9), HM(10), HM(11),
	HM(12), HM(13), HM(14), HM(15),
};
#undef HM

/*
 * Byte masks of a buffer of 'len' bytes, for len = 0..64, and an entry 65
 * for every longer one; 3, 7 and 65 load nothing and are in 'len_other'.
 */
#define LM(len) ((len) == 64 ? ~(u64)0 : (((u64)1) << ((len) & 63)) - 1)
#define LM8(b) LM(b), LM(b + 1), LM(b + 2), LM(b + 3), LM(b + 4),	\
	LM(b + 5), LM(b + 6), LM(b + 7)
static const u64 len_mask[66] = {
	LM(0), LM(1), LM(2), 0, LM(4), LM(5), LM(6), 0,
	LM8(8), LM8(16), LM8(24), LM8(32), LM8(40), LM8(48), LM8(56), LM(64),
	0,
};
#undef LM8
#undef LM

/* One level of the transpose: see the top of the file. */
#define COMBINE(name, bits, mask_t, m, swap)				\
static ATTRIBUTES INETCSUM_FORCEINLINE __m512i				\
name(__m512i a, __m512i b)						\
{									\
	__m512i x = _mm512_mask_blend_epi##bits((mask_t)(m), a, b);	\
	__m512i y = _mm512_mask_blend_epi##bits((mask_t)(m), b, a);	\
									\
	return _mm512_add_epi##bits(x, swap);				\
}
COMBINE(comb32_1, 32, __mmask16, 0xaaaa, _mm512_shuffle_epi32(y, 0xb1))
COMBINE(comb32_2, 32, __mmask16, 0xcccc, _mm512_shuffle_epi32(y, 0x4e))
COMBINE(comb32_3, 32, __mmask16, 0xf0f0, _mm512_shuffle_i64x2(y, y, 0xb1))
COMBINE(comb32_4, 32, __mmask16, 0xff00, _mm512_shuffle_i64x2(y, y, 0x4e))
COMBINE(comb64_1, 64, __mmask8, 0xaa, _mm512_shuffle_epi32(y, 0x4e))
COMBINE(comb64_2, 64, __mmask8, 0xcc, _mm512_shuffle_i64x2(y, y, 0xb1))
COMBINE(comb64_3, 64, __mmask8, 0xf0, _mm512_shuffle_i64x2(y, y, 0x4e))
#undef COMBINE

/* Lane i of the result is the sum of the 32-bit lanes of v[i]. */
static ATTRIBUTES INETCSUM_FORCEINLINE __m512i
reduce16(const __m512i v[16])
{
	__m512i a0 = comb32_1(v[0], v[1]), a1 = comb32_1(v[2], v[3]);
	__m512i a2 = comb32_1(v[4], v[5]), a3 = comb32_1(v[6], v[7]);
	__m512i a4 = comb32_1(v[8], v[9]), a5 = comb32_1(v[10], v[11]);
	__m512i a6 = comb32_1(v[12], v[13]), a7 = comb32_1(v[14], v[15]);

	a0 = comb32_2(a0, a1);
	a2 = comb32_2(a2, a3);
	a4 = comb32_2(a4, a5);
	a6 = comb32_2(a6, a7);
	return comb32_4(comb32_3(a0, a2), comb32_3(a4, a6));
}

/* Lane i of the result is the sum of the 64-bit lanes of v[i]. */
static ATTRIBUTES INETCSUM_FORCEINLINE __m512i
reduce8(const __m512i v[8])
{
	__m512i a0 = comb64_1(v[0], v[1]), a1 = comb64_1(v[2], v[3]);
	__m512i a2 = comb64_1(v[4], v[5]), a3 = comb64_1(v[6], v[7]);

	return comb64_3(comb64_2(a0, a1), comb64_2(a2, a3));
}

/*
 * Headers hdrs[0..cnt-1], cnt <= 16, into out[0..cnt-1].  Missing lanes
 * hold what an empty header gives (flipped zeros), so the bias is the same
 * for every lane; their results are not stored.
 */
static ATTRIBUTES INETCSUM_FORCEINLINE void
header_group(const void *const *hdrs, u16 *out, unsigned cnt)
{
	const __m512i flip = _mm512_set1_epi16((short)0x8000);
	const __m512i ones = _mm512_set1_epi16(1);
	const __m512i lo16 = _mm512_set1_epi32(0xffff);
	__m512i v[16], r;
	unsigned i;

	for (i = 0; i < 16; i++) {
		__m512i w = flip;

		if (i < cnt) {
			const u8 *p = hdrs[i];

			w = _mm512_xor_si512(flip, _mm512_maskz_loadu_epi8(
				ihl_mask[p[0] & 15], p));
		}
		v[i] = _mm512_madd_epi16(w, ones);
	}
	r = _mm512_add_epi32(reduce16(v), _mm512_set1_epi32(1 << 20));
	/* The exact sum (< 2^21), folded twice to 16 bits, complemented. */
	r = _mm512_add_epi32(_mm512_and_si512(r, lo16),
			     _mm512_srli_epi32(r, 16));
	r = _mm512_add_epi32(_mm512_and_si512(r, lo16),
			     _mm512_srli_epi32(r, 16));
	r = _mm512_xor_si512(r, lo16);
	_mm512_mask_cvtepi32_storeu_epi16(out, (__mmask16)((1u << cnt) - 1),
					  r);
}

ATTRIBUTES size_t
inetcsum_x86_avx512_ipv4_header_batch(const void *const hdrs[], size_t n,
				      u16 out[])
{
	size_t i;

	for (i = 0; i + 16 <= n; i += 16)
		header_group(hdrs + i, out + i, 16);
	/* Below 12 headers the scalar loop was as fast (docs/batch.md). */
	if (n - i >= 12) {
		header_group(hdrs + i, out + i, (unsigned)(n - i));
		i = n;
	}
	return i;
}

/*
 * Buffers bufs[0..cnt-1], cnt <= 8, each one a lane takes: the lanes'
 * results go straight to sums[].
 */
static ATTRIBUTES INETCSUM_FORCEINLINE void
partial_group(const struct inetcsum_iovec *bufs, u32 *sums, unsigned cnt)
{
	const __m512i lo32 = _mm512_set1_epi64(0xffffffff);
	const __mmask8 valid = (__mmask8)((1u << cnt) - 1);
	__m512i v[8], r;
	unsigned i;

	for (i = 0; i < 8; i++) {
		__m512i w = _mm512_setzero_si512();

		if (i < cnt) {
			size_t len = bufs[i].len;

			w = _mm512_maskz_loadu_epi8(
				len_mask[len < 65 ? len : 65], bufs[i].base);
			w = _mm512_add_epi64(_mm512_and_si512(w, lo32),
					     _mm512_srli_epi64(w, 32));
		}
		v[i] = w;
	}
	r = _mm512_add_epi64(reduce8(v), _mm512_cvtepu32_epi64(
		_mm256_maskz_loadu_epi32(valid, sums)));
	/* Below 2^37: two end-around-carry folds to 32 bits. */
	r = _mm512_add_epi64(_mm512_and_si512(r, lo32),
			     _mm512_srli_epi64(r, 32));
	r = _mm512_add_epi64(_mm512_and_si512(r, lo32),
			     _mm512_srli_epi64(r, 32));
	_mm512_mask_cvtepi64_storeu_epi32(sums, valid, r);
}

/*
 * x86_batch_lanes_ok() of 8 buffers in a few vector instructions: the 8
 * lengths gathered from two loads of the iovecs ({base, len}, 16 bytes
 * each on x86-64), compared with 64, and with 7 after OR 4 (3 and 7).
 */
_Static_assert(sizeof(struct inetcsum_iovec) == 16 &&
		       offsetof(struct inetcsum_iovec, len) == 8,
	       "struct inetcsum_iovec is { base, len } of 8 bytes each");
static ATTRIBUTES INETCSUM_FORCEINLINE int
lanes_ok8(const struct inetcsum_iovec *b)
{
	const __m512i odd = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
	__m512i len = _mm512_permutex2var_epi64(
		_mm512_loadu_si512((const void *)b), odd,
		_mm512_loadu_si512((const void *)(b + 4)));
	__mmask8 bad = _mm512_cmpgt_epu64_mask(len, _mm512_set1_epi64(64)) |
		       _mm512_cmpeq_epi64_mask(
			       _mm512_or_si512(len, _mm512_set1_epi64(4)),
			       _mm512_set1_epi64(7));

	return bad == 0;
}

static ATTRIBUTES INETCSUM_NOINLINE size_t
partial_groups(const struct inetcsum_iovec bufs[], size_t n, u32 sums[])
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		if (!lanes_ok8(bufs + i))
			return i;
		partial_group(bufs + i, sums + i, 8);
	}
	if (n - i >= 3 && x86_batch_lanes_ok(bufs + i, n - i)) {
		partial_group(bufs + i, sums + i, (unsigned)(n - i));
		i = n;
	}
	return i;
}

/*
 * The first group is tested here, before partial_groups() and its frame
 * (six saved registers, an aligned stack for the 8 vectors): a batch that
 * starts with a mixed group comes back from a few instructions.
 */
ATTRIBUTES size_t
inetcsum_x86_avx512_partial_batch(const struct inetcsum_iovec bufs[],
				  size_t n, u32 sums[])
{
	if (n >= 8 ? !lanes_ok8(bufs) :
		     n < 3 || !x86_batch_lanes_ok(bufs, n))
		return 0;
	return partial_groups(bufs, n, sums);
}

#endif /* INETCSUM_ARCH_X86_64 && !INETCSUM_NO_AVX512 */
