/* SPDX-License-Identifier: MIT */
/*
 * src/x86/batch_avx2.c - the AVX2 batch kernel for IPv4 headers: 8 at a
 * time, in the lanes of 256-bit registers.  It runs with the 256-bit x86
 * kernels (AVX2, AVX-VNNI, and the AVX-512 VNNI kernel at 256 bits), on
 * CPUs where 512-bit vectors are missing or not wanted.
 *
 * The method is that of batch_avx512.c (read it first): registers of
 * sign-flipped words multiplied in pairs by 1 (vpmaddwd), then a
 * transpose-reduction of the registers of 8 headers, 3 levels of blend,
 * blend, shuffle and add.  AVX2 has no byte masks, so each header is read
 * by two loads that lie inside it and overlap, the shared bytes cleared in
 * the second (load_header()); the two registers of a header lose
 * 2 * 16 * 32768 = 2^20 together to the sign flip, given back after the
 * reduction.
 *
 * There is no AVX2 kernel for short buffers: decomposition X (batch.h)
 * needs each byte at its place in a 32-bit word, which overlapping loads
 * of any length do not keep, and the dword-masked vpmaskmovd that would
 * read a buffer exactly faults on masked-out dwords past a page end under
 * QEMU 7.2 (real CPUs suppress those faults), which the cross suite runs.
 * The AVX2-class kernels take the scalar loop of src/batch.c.
 *
 * Needs AVX2 (gcc >= 4.7, clang >= 3.1).
 */
#include "../batch.h"

#if defined(INETCSUM_ARCH_X86_64) && !defined(INETCSUM_NO_AVX2)
#include <immintrin.h>

#define ATTRIBUTES INETCSUM_TARGET("avx2")

/*
 * slide + 32 - z: 32 bytes whose first z are 0x00 and the rest 0xff, to
 * clear the bytes that a second load shares with the first.
 */
static const u8 slide[64] __attribute__((aligned(64))) = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

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
#undef COMBINE

/*
 * The header at 'p' as two registers of words 'a' and 'b' that hold each
 * of its 4 * IHL bytes once and zeros elsewhere, from loads that stay
 * inside it: from 32 bytes (IHL >= 8) the first 32 and the last 32, the
 * bytes they share cleared in the second; below, the same with 16-byte
 * loads, side by side in 'a'.  Every load starts an even number of bytes
 * into the header, so each word keeps its place in a 16-bit lane.  Below
 * IHL 5 nothing is read.
 */
static ATTRIBUTES INETCSUM_FORCEINLINE void
load_header(const u8 *p, __m256i *a, __m256i *b)
{
	unsigned ihl = p[0] & 15u, len = 4 * ihl;

	*a = *b = _mm256_setzero_si256();
	if (ihl >= 8) {
		*a = _mm256_loadu_si256((const void *)p);
		*b = _mm256_and_si256(
			_mm256_loadu_si256((const void *)(p + len - 32)),
			_mm256_loadu_si256((const void *)(slide + len - 32)));
	} else if (ihl >= 5) {
		__m128i lo = _mm_loadu_si128((const void *)p);
		__m128i hi = _mm_and_si128(
			_mm_loadu_si128((const void *)(p + len - 16)),
			_mm_loadu_si128((const void *)(slide + len)));

		*a = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi,
					     1);
	}
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

			load_header(p, &a, &b);
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

#endif /* INETCSUM_ARCH_X86_64 && !INETCSUM_NO_AVX2 */
