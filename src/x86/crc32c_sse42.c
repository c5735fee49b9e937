/* SPDX-License-Identifier: MIT */
/*
 * src/x86/crc32c_sse42.c - CRC32c with the SSE4.2 crc32 instruction, which
 * computes exactly SCTP's and iSCSI's CRC (Castagnoli, reflected) over 1,
 * 2, 4 or 8 bytes per instruction.  Two kernels:
 *
 *   x86_sse42   one stream of 8-byte crc32 instructions.  Each depends on
 *               the one before, so it runs at the instruction's latency:
 *               3 cycles per 8 bytes on Intel since Nehalem and on AMD
 *               since Zen.  For CPUs with SSE4.2 and without PCLMULQDQ
 *               (none shipped in volume; hypervisors can hide it), and as
 *               the reference the three-stream kernel is tested against.
 *   x86_pclmul  three independent streams over three adjacent parts of a
 *               block, which the pipelined unit runs in the time of one
 *               (throughput one crc32 per cycle), then joined with two
 *               carry-less multiplications.  Blocks of 3 x 1024 bytes
 *               while they last, then of 3 x 128, then one stream.
 *
 * Joining the streams.  The register is linear in the data: from state 0,
 * the CRC of B||C is crc(B) * x^(8|C|) + crc(C) (mod P), and from state s
 * over A it is s * x^(8|A|) + crc0(A).  So for a block A||B||C of three
 * n-byte parts, run A from the incoming state and B and C from 0, and
 * the result is a * x^(16n) + b * x^(8n) + c.  Multiplying by x^(8n) is a
 * carry-less product with a constant followed by a reduction, and the
 * crc32 instruction reduces: crc32_u64(0, v) is V(x) * x^32 mod P for the
 * 64-bit reflected V.  A reflected 32 x 32-bit carry-less product of a and
 * k, read as a reflected 64-bit value, is a * k * x (the product's degrees
 * sit one place lower than a 64-bit value's), so with k = x^(8n - 33) mod
 * P, crc32_u64(0, clmul(a, k)) = a * x^(8n).  Both products are reduced by
 * one crc32 since reduction is linear.  scripts/gen_crc32c_tables.py
 * computes the constants (src/crc32c_tables.h), and the tests compare the
 * kernel with the portable one at every length around each block size.
 *
 * Loads are unaligned 8-byte ones inside the buffer and the tail is taken
 * 4, 2 and 1 bytes at a time, so no byte outside [data, data + len) is
 * read.  gcc 4.9 and clang 3.8 and later accept the target attributes.
 */
#include "../crc32c.h"

#ifdef INETCSUM_BUILD_CRC32C_SSE42
#include <immintrin.h>

#include "../crc32c_tables.h"
#include "cpu_features.h"

#define ATTR_SSE42 INETCSUM_TARGET("sse4.2")
#define ATTR_PCLMUL INETCSUM_TARGET("sse4.2,pclmul")

static INETCSUM_FORCEINLINE u64
load64(const u8 *p)
{
	u64 v;

	memcpy(&v, p, 8);
	return v;
}

/* One stream to the end: 8 bytes per instruction, then 4, 2, 1. */
ATTR_SSE42 static INETCSUM_FORCEINLINE u32
one_stream(u32 crc, const u8 *p, size_t len)
{
	CRC32C_ONE_STREAM(crc, p, len, u64, _mm_crc32_u64, _mm_crc32_u32,
			  _mm_crc32_u16, _mm_crc32_u8);
	return crc;
}

ATTR_SSE42 static u32
crc32c_x86_sse42(u32 crc, const u8 *p, size_t len)
{
	return one_stream(crc, p, len);
}

/* a * x^(8 * 2n) + b * x^(8n) + c, with k2 and k1 the block's constants. */
ATTR_PCLMUL static INETCSUM_FORCEINLINE u32
join(u32 a, u32 k2, u32 b, u32 k1, u32 c)
{
	__m128i pa = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a),
					  _mm_cvtsi32_si128((int)k2), 0x00);
	__m128i pb = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)b),
					  _mm_cvtsi32_si128((int)k1), 0x00);
	u64 v = (u64)_mm_cvtsi128_si64(_mm_xor_si128(pa, pb));

	return (u32)_mm_crc32_u64(0, v) ^ c;
}

/*
 * Blocks of three 'n'-byte streams while at least one remains; a macro so
 * that 'n' is a constant in each loop (the offsets fold into addressing).
 */
#define THREE_STREAMS(n, k2, k1)					\
	while (len >= 3 * (size_t)(n)) {				\
		u64 a = crc, b = 0, c = 0;				\
		size_t i;						\
									\
		for (i = 0; i < (n); i += 8) {				\
			a = _mm_crc32_u64(a, load64(p + i));		\
			b = _mm_crc32_u64(b, load64(p + (n) + i));	\
			c = _mm_crc32_u64(c, load64(p + 2 * (n) + i));	\
		}							\
		crc = join((u32)a, (k2), (u32)b, (k1), (u32)c);		\
		p += 3 * (size_t)(n);					\
		len -= 3 * (size_t)(n);					\
	}

ATTR_PCLMUL static u32
crc32c_x86_pclmul(u32 crc, const u8 *p, size_t len)
{
	/*
	 * Below one small block the one-stream kernel, called: inlined here,
	 * 64-byte inputs took 11 ns against its 7.6 (Zen 5, gcc 12), the
	 * price of the bigger function's prologue.
	 */
	if (len < 3 * 128)
		return crc32c_x86_sse42(crc, p, len);
	THREE_STREAMS(1024, CRC32C_X86_K_2048, CRC32C_X86_K_1024)
	THREE_STREAMS(128, CRC32C_X86_K_256, CRC32C_X86_K_128)
	return one_stream(crc, p, len);
}

const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_x86_pclmul = {
	.name = "x86_pclmul",
	.features = INETCSUM_X86_SSE42 | INETCSUM_X86_PCLMUL,
	.update = crc32c_x86_pclmul,
};

const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_x86_sse42 = {
	.name = "x86_sse42",
	.features = INETCSUM_X86_SSE42,
	.update = crc32c_x86_sse42,
};
#endif /* INETCSUM_BUILD_CRC32C_SSE42 */
