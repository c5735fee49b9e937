/* SPDX-License-Identifier: MIT */
/*
 * src/arm/batch_neon.c - the arm64 NEON batch kernels: 4 IPv4 headers or
 * 2 short buffers at a time, their vector sums reduced together.
 *
 * Headers.  The first 16 bytes of each header (every header of IHL >= 5
 * has them; below 5 nothing is read past byte 0) are added as eight
 * 16-bit words into four 32-bit lanes (UADDLP); the other IHL - 4 32-bit
 * words go into a 64-bit scalar sum beside it.  Two rounds of pairwise
 * adds across registers (ADDP) turn the four registers into one whose
 * lane i is header i's vector sum (below 8 * 65535), exact; with the
 * scalar part it folds exactly as inetcsum_ipv4_header() does (batch.h:
 * any exact word sum gives the same folded value).
 *
 * Buffers.  The NEON kernel sums inputs of up to 64 bytes in general
 * registers as decomposition F (batch.h): the native 32-bit words of the
 * first len & ~7 bytes, then the last len & 7 bytes by sum_tail7().  Here
 * the 16-byte pieces of those words are added as 32-bit words into two
 * 64-bit lanes (UADALP; at most 4 pieces, far from overflow), an 8-byte
 * piece as two more words, and the ADDP of two buffers' registers gives
 * both sums at once.  The tail, the initial sum and the fold to 32 bits
 * are scalar, as in csum_neon.c, so the result is the same 32 bits.
 * A pair with a buffer shorter than 16 bytes or longer than 64 takes
 * the scalar code (longer ones the kernel's own function).
 *
 * Byte order: 16-bit words (headers) and 32-bit words (buffers) are
 * byte-swapped in their lanes on aarch64_be (REV16, REV32), as
 * csum_neon.c's as_words() does, so they equal native loads.  Not timed:
 * no arm64 hardware was at hand; QEMU checks the results only.
 */
#include "../batch.h"

#ifdef INETCSUM_BUILD_NEON
#include <arm_neon.h>

static INETCSUM_FORCEINLINE uint16x8_t
load_words16(const u8 *p)
{
	uint8x16_t v = vld1q_u8(p);

#ifdef __AARCH64EB__
	v = vrev16q_u8(v);
#endif
	return vreinterpretq_u16_u8(v);
}

static INETCSUM_FORCEINLINE uint32x4_t
load_words32(const u8 *p)
{
	uint8x16_t v = vld1q_u8(p);

#ifdef __AARCH64EB__
	v = vrev32q_u8(v);
#endif
	return vreinterpretq_u32_u8(v);
}

/* Header 'p': its first 16 bytes as 4 lanes, the rest into *rest. */
static INETCSUM_FORCEINLINE uint32x4_t
header_part(const u8 *p, u64 *rest)
{
	unsigned ihl = p[0] & 15u, i;
	u64 s = 0;

	if (ihl < 5) {
		*rest = 0;
		return vdupq_n_u32(0);
	}
	for (i = 4; i < ihl; i++)
		s += load_u32(p + 4 * i);
	*rest = s;
	return vpaddlq_u16(load_words16(p));
}

size_t
inetcsum_arm_neon_ipv4_header_batch(const void *const hdrs[], size_t n,
				    u16 out[])
{
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {
		u64 r[4];
		uint32x4_t a = header_part(hdrs[i], &r[0]);
		uint32x4_t b = header_part(hdrs[i + 1], &r[1]);
		uint32x4_t c = header_part(hdrs[i + 2], &r[2]);
		uint32x4_t d = header_part(hdrs[i + 3], &r[3]);
		uint32x4_t s = vpaddq_u32(vpaddq_u32(a, b), vpaddq_u32(c, d));
		u32 lane[4];
		unsigned j;

		vst1q_u32(lane, s);
		for (j = 0; j < 4; j++)
			out[i + j] = (u16)~fold32_to_16(
				fold64_to_32(r[j] + lane[j]));
	}
	return i;
}

/*
 * Buffer 'p' of 16..64 bytes: the 32-bit words of its first len & ~7
 * bytes as two 64-bit lanes; *rest gets sum_tail7() of the last len & 7.
 */
static INETCSUM_FORCEINLINE uint64x2_t
buffer_part(const u8 *p, size_t len, u64 *rest)
{
	uint64x2_t acc = vdupq_n_u64(0);

	*rest = sum_tail7(p + (len & ~(size_t)7), len & 7);
	len &= ~(size_t)7;
	while (len >= 16) {
		acc = vpadalq_u32(acc, load_words32(p));
		p += 16;
		len -= 16;
	}
	if (len != 0) {
		u64 w = load_u64(p);

		*rest += (u64)(u32)w + (w >> 32);
	}
	return acc;
}

#define NEON_LANE_OK(len) ((len) >= 16 && (len) <= 64)

/* One buffer the lanes do not take, as inetcsum_partial() sums it. */
static INETCSUM_FORCEINLINE u32
partial_one(const struct inetcsum_iovec *b, u32 sum,
	    inetcsum_partial_fn partial)
{
	if (b->len <= 64)
		return batch_partial_f(b->base, b->len, sum);
	return partial(b->base, b->len, sum);
}

size_t
inetcsum_arm_neon_partial_batch(const struct inetcsum_iovec bufs[],
				size_t n, u32 sums[],
				inetcsum_partial_fn partial)
{
	size_t i;

	for (i = 0; i + 2 <= n; i += 2) {
		size_t la = bufs[i].len, lb = bufs[i + 1].len;
		u64 ra, rb, s[2];
		uint64x2_t a, b;

		if (!NEON_LANE_OK(la) || !NEON_LANE_OK(lb)) {
			sums[i] = partial_one(&bufs[i], sums[i], partial);
			sums[i + 1] = partial_one(&bufs[i + 1], sums[i + 1],
						  partial);
			continue;
		}
		a = buffer_part(bufs[i].base, la, &ra);
		b = buffer_part(bufs[i + 1].base, lb, &rb);
		vst1q_u64(s, vpaddq_u64(a, b));
		/* Each below 2^37: exact in 64 bits, then folded. */
		sums[i] = fold64_to_32(s[0] + ra + sums[i]);
		sums[i + 1] = fold64_to_32(s[1] + rb + sums[i + 1]);
	}
	return i;
}

#endif /* INETCSUM_BUILD_NEON */
