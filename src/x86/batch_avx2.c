/* SPDX-License-Identifier: MIT */
/*
 * src/x86/batch_avx2.c - the AVX2 batch kernels: 8 IPv4 headers or 8
 * short buffers at a time, in the lanes of 256-bit registers.  They run
 * with the 256-bit x86 kernels (AVX2, AVX-VNNI, and the AVX-512 VNNI
 * kernel at 256 bits), on CPUs where 512-bit vectors are missing or not
 * wanted.
 *
 * The method is that of batch_avx512.c (read it first): one register per
 * entry, then a transpose-reduction of the registers of 8 entries, 3
 * levels of blend, blend, shuffle and add.  AVX2 has no byte masks, so
 * the loads are dword-masked (vpmaskmovd), which never reads or faults on
 * a masked-out dword: a header is a whole number of dwords (IHL of them;
 * none below 5), two loads of 8 dwords; a buffer is its len / 4 whole
 * dwords by the same two loads, plus its last len % 4 bytes, zero-padded
 * as decomposition X (batch.h) counts them, read with a scalar load that
 * ends at the buffer's end (or, below 4 bytes, of those bytes alone).
 *
 * Headers: sign flip and vpmaddwd as in batch_avx512.c, 32-bit lanes; the
 * two registers of a header lose 2 * 16 * 32768 = 2^20 together, given
 * back after the reduction.  Buffers: each register's 32-bit words are
 * split into the two halves of 64-bit lanes (below 2^33 each, 4 lanes of
 * two registers below 2^36 per buffer) and reduced in 64-bit lanes, 4
 * buffers per register; the tails and the initial sums are added after
 * it, all exact, then folded to 32 bits with end-around carries.
 * Lengths 3, 7 and above 64 go to the kernel's own function.
 *
 * Needs AVX2 (gcc >= 4.7, clang >= 3.1).
 */
#include "../batch.h"

#if defined(INETCSUM_ARCH_X86_64) && !defined(INETCSUM_NO_AVX2)
#include <immintrin.h>

#define ATTRIBUTES INETCSUM_TARGET("avx2")

/*
 * dword_mask[k]: 16 dwords, all ones in the first k: the masks of the two
 * loads of k whole dwords (k = 0..16).
 */
#define D1(k, j) ((j) < (k) ? -1 : 0)
#define DROW(k) { D1(k, 0), D1(k, 1), D1(k, 2), D1(k, 3), D1(k, 4),	\
	D1(k, 5), D1(k, 6), D1(k, 7), D1(k, 8), D1(k, 9), D1(k, 10),	\
	D1(k, 11), D1(k, 12), D1(k, 13), D1(k, 14), D1(k, 15) }
static const int32_t dword_mask[17][16] __attribute__((aligned(64))) = {
	DROW(0), DROW(1), DROW(2), DROW(3), DROW(4), DROW(5), DROW(6),
	DROW(7), DROW(8), DROW(9), DROW(10), DROW(11), DROW(12), DROW(13),
	DROW(14), DROW(15), DROW(16),
};
#undef DROW
#undef D1

/* Dwords to load for a header of IHL 'ihl': none below 5. */
static const u8 ihl_dwords[16] = {
	0, 0, 0, 0, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
};

#define LEN_OTHER(len) ((len) == 3 || (len) == 7 || (len) > 64)

#define COMBINE(name, bits, m, swap)					\
static ATTRIBUTES INETCSUM_FORCEINLINE __m256i				\
name(__m256i a, __m256i b)						\
{									\
	__m256i x = _mm256_blend_epi32(a, b, (m));			\
	__m256i y = _mm256_blend_epi32(b, a, (m));			\
									\
	return _mm256_add_epi##bits(x, swap);				\
}
COMBINE(comb32_1, 32, 0xaa, _mm256_shuffle_epi32(y, 0xb1))
COMBINE(comb32_2, 32, 0xcc, _mm256_shuffle_epi32(y, 0x4e))
COMBINE(comb32_3, 32, 0xf0, _mm256_permute4x64_epi64(y, 0x4e))
COMBINE(comb64_1, 64, 0xcc, _mm256_shuffle_epi32(y, 0x4e))
COMBINE(comb64_2, 64, 0xf0, _mm256_permute4x64_epi64(y, 0x4e))
#undef COMBINE

/* The 'k' whole dwords at 'p' (k <= 16), as two registers. */
static ATTRIBUTES INETCSUM_FORCEINLINE void
load_dwords(const u8 *p, unsigned k, __m256i *lo, __m256i *hi)
{
	const int32_t *m = dword_mask[k];

	*lo = _mm256_maskload_epi32((const int *)(const void *)p,
				    _mm256_load_si256((const void *)m));
	*hi = _mm256_maskload_epi32((const int *)(const void *)(p + 32),
				    _mm256_load_si256((const void *)(m + 8)));
}

static ATTRIBUTES INETCSUM_FORCEINLINE void
header_group(const void *const *hdrs, u16 *out, unsigned cnt)
{
	const __m256i flip = _mm256_set1_epi16((short)0x8000);
	const __m256i ones = _mm256_set1_epi16(1);
	const __m256i lo16 = _mm256_set1_epi32(0xffff);
	__m256i v[8], r;
	unsigned i;

	for (i = 0; i < 8; i++) {
		__m256i a = _mm256_setzero_si256(), b = a;

		if (i < cnt) {
			const u8 *p = hdrs[i];

			load_dwords(p, ihl_dwords[p[0] & 15], &a, &b);
		}
		v[i] = _mm256_add_epi32(
			_mm256_madd_epi16(_mm256_xor_si256(a, flip), ones),
			_mm256_madd_epi16(_mm256_xor_si256(b, flip), ones));
	}
	r = comb32_3(comb32_2(comb32_1(v[0], v[1]), comb32_1(v[2], v[3])),
		     comb32_2(comb32_1(v[4], v[5]), comb32_1(v[6], v[7])));
	r = _mm256_add_epi32(r, _mm256_set1_epi32(1 << 20));
	r = _mm256_add_epi32(_mm256_and_si256(r, lo16),
			     _mm256_srli_epi32(r, 16));
	r = _mm256_add_epi32(_mm256_and_si256(r, lo16),
			     _mm256_srli_epi32(r, 16));
	r = _mm256_xor_si256(r, lo16);
	/* Lanes 0..7 as 16-bit values in the low 128 bits. */
	r = _mm256_permute4x64_epi64(_mm256_packus_epi32(r, r), 0x08);
	if (cnt == 8) {
		_mm_storeu_si128((void *)out, _mm256_castsi256_si128(r));
	} else {
		u16 tmp[8];

		_mm_storeu_si128((void *)tmp, _mm256_castsi256_si128(r));
		memcpy(out, tmp, cnt * sizeof(u16));
	}
}

ATTRIBUTES size_t
inetcsum_x86_avx2_ipv4_header_batch(const void *const hdrs[], size_t n,
				    u16 out[])
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8)
		header_group(hdrs + i, out + i, 8);
	if (n - i >= 4) {
		header_group(hdrs + i, out + i, (unsigned)(n - i));
		i = n;
	}
	return i;
}

/*
 * The last len % 4 bytes of a buffer as decomposition X counts them: a
 * zero-padded little-endian word.  Lengths 3 and 7 never come here.
 */
static INETCSUM_FORCEINLINE u32
tail_word(const u8 *p, size_t len)
{
	unsigned r = (unsigned)(len & 3);

	if (likely(len >= 4))
		return (u32)((u64)load_u32(p + len - 4) >> (32 - 8 * r));
	if (len == 2)
		return load_u16(p);
	return len == 1 ? p[0] : 0;
}

/* The 64-bit lanes of 'a' and 'b' hold the sums of their dword pairs. */
static ATTRIBUTES INETCSUM_FORCEINLINE __m256i
pair_sums(__m256i a, __m256i b)
{
	const __m256i z = _mm256_setzero_si256();

	return _mm256_add_epi64(
		_mm256_add_epi64(_mm256_blend_epi32(a, z, 0xaa),
				 _mm256_srli_epi64(a, 32)),
		_mm256_add_epi64(_mm256_blend_epi32(b, z, 0xaa),
				 _mm256_srli_epi64(b, 32)));
}

/* Fold 4 exact sums below 2^38 to 32 bits with end-around carries. */
static ATTRIBUTES INETCSUM_FORCEINLINE __m256i
fold4(__m256i r)
{
	const __m256i z = _mm256_setzero_si256();

	r = _mm256_add_epi64(_mm256_blend_epi32(r, z, 0xaa),
			     _mm256_srli_epi64(r, 32));
	return _mm256_add_epi64(_mm256_blend_epi32(r, z, 0xaa),
				_mm256_srli_epi64(r, 32));
}

static ATTRIBUTES INETCSUM_FORCEINLINE void
partial_group(const struct inetcsum_iovec *bufs, u32 *sums, unsigned cnt,
	      inetcsum_partial_fn partial)
{
	__m256i v[8], r0, r1;
	u32 extra[8];
	u64 res[8];
	unsigned i, other = 0;

	for (i = 0; i < 8; i++) {
		__m256i a = _mm256_setzero_si256(), b = a;

		extra[i] = 0;
		if (i < cnt) {
			const u8 *p = bufs[i].base;
			size_t len = bufs[i].len;

			if (LEN_OTHER(len)) {
				other |= 1u << i;
			} else if (len != 0) {
				/* len == 0: 'p' may be NULL; p + 32 is UB. */
				load_dwords(p, (unsigned)(len >> 2), &a, &b);
				extra[i] = tail_word(p, len);
			}
		}
		v[i] = pair_sums(a, b);
	}
	r0 = comb64_2(comb64_1(v[0], v[1]), comb64_1(v[2], v[3]));
	r1 = comb64_2(comb64_1(v[4], v[5]), comb64_1(v[6], v[7]));
	/* Tails below 2^32 and initial sums below 2^32: still exact. */
	{
		u32 init[8] = { 0 };
		__m256i e, s;

		memcpy(init, sums, cnt * sizeof(u32));
		e = _mm256_loadu_si256((const void *)extra);
		s = _mm256_loadu_si256((const void *)init);
		r0 = _mm256_add_epi64(r0, _mm256_add_epi64(
			_mm256_cvtepu32_epi64(_mm256_castsi256_si128(e)),
			_mm256_cvtepu32_epi64(_mm256_castsi256_si128(s))));
		r1 = _mm256_add_epi64(r1, _mm256_add_epi64(
			_mm256_cvtepu32_epi64(_mm256_extracti128_si256(e, 1)),
			_mm256_cvtepu32_epi64(_mm256_extracti128_si256(s, 1))));
	}
	_mm256_storeu_si256((void *)res, fold4(r0));
	_mm256_storeu_si256((void *)(res + 4), fold4(r1));
	for (i = 0; i < cnt; i++) {
		if (other & (1u << i))
			sums[i] = partial(bufs[i].base, bufs[i].len, sums[i]);
		else
			sums[i] = (u32)res[i];
	}
}

ATTRIBUTES size_t
inetcsum_x86_avx2_partial_batch(const struct inetcsum_iovec bufs[],
				size_t n, u32 sums[],
				inetcsum_partial_fn partial)
{
	size_t i;

	for (i = 0; i + 8 <= n; i += 8)
		partial_group(bufs + i, sums + i, 8, partial);
	if (n - i >= 3) {
		partial_group(bufs + i, sums + i, (unsigned)(n - i), partial);
		i = n;
	}
	return i;
}

#endif /* INETCSUM_ARCH_X86_64 && !INETCSUM_NO_AVX2 */
