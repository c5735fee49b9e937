/* SPDX-License-Identifier: MIT */
/*
 * src/batch.h - the batch kernels (src/batch.c dispatches to them) and the
 * per-buffer helpers that they and the portable batch code share.
 *
 * What "bit for bit" needs
 * ------------------------
 * A ones' complement sum of nonnegative terms computed with end-around
 * carries in a 32-bit word can only be 0 when every term is 0, and is
 * otherwise in 1..2^32-1; there each residue modulo 2^32 - 1 has exactly
 * one representative.  So every kernel's inetcsum_partial() returns
 * canon(sum + D), where canon(0) = 0, canon(V) = 1 + (V - 1) mod (2^32 - 1)
 * otherwise, and D is the sum of the data in the kernel's own
 * decomposition into words.  The decompositions agree modulo 0xffff but
 * not modulo 2^32 - 1: a byte or a 16-bit word counts at its native
 * position inside a 32-bit word, or at the bottom.  A batch kernel is
 * bit-identical to a per-call kernel when it computes the same D modulo
 * 2^32 - 1, exactly, and then any end-around-carry fold gives the same
 * 32 bits.  For inputs of at most 64 bytes there are two decompositions:
 *
 *  - F (the portable kernel at any length, NEON up to 64 bytes): the
 *    native 32-bit words of the first len & ~7 bytes, then sum_tail7() of
 *    the last len & 7: a 32-bit word, a 16-bit word and a last byte, each
 *    counted at the bottom of a word (src/common.h).
 *  - X (every x86-64 kernel up to 64 bytes, x86_sum_short()): the 32-bit
 *    little-endian words of the data padded with zeros to a multiple of 4
 *    bytes, except for 3 and 7 bytes, which take sum_tail7() and count the
 *    last byte at the bottom (X and F then also differ from 8 bytes on
 *    where len & 7 is 3 or 7).
 *
 * The IPv4 header results are folded, so only the value modulo 0xffff and
 * whether the sum is zero matter: any exact word sum of the header gives
 * inetcsum_ipv4_header()'s result.
 */
#ifndef INETCSUM_BATCH_H
#define INETCSUM_BATCH_H

#include "impl.h"

#if defined(__x86_64__) || defined(_M_X64)
#  include "x86/cpu_features.h"
#  if !defined(INETCSUM_NO_AVX512)
#    define INETCSUM_BATCH_AVX512 1
#  endif
#  if !defined(INETCSUM_NO_AVX2)
#    define INETCSUM_BATCH_AVX2 1
#  endif
#elif defined(__aarch64__)
#  include "arm/cpu_features.h"
#  ifdef INETCSUM_BUILD_NEON
#    define INETCSUM_BATCH_NEON 1
#  endif
#endif

/*
 * The kernels.  Each does a prefix of the batch and returns its length
 * (the caller does the rest with the scalar code below); NEON's 'partial'
 * is the per-call function of the kernel in use, for the buffers that its
 * lanes do not take.  The x86 partial-sum kernel computes decomposition X, the
 * NEON one decomposition F; AVX2 has none (batch_avx2.c says why).
 */
size_t inetcsum_x86_avx512_ipv4_header_batch(const void *const hdrs[],
					     size_t n, u16 out[]);
/*
 * Groups of 8 (and a last one of 3 to 7) while every buffer of the group
 * fits a lane (x86_batch_lane_ok()): it stops before the first group that
 * does not.
 */
size_t inetcsum_x86_avx512_partial_batch(const struct inetcsum_iovec bufs[],
					 size_t n, u32 sums[]);
/*
 * Whether a buffer of 'len' bytes fits a lane of the AVX-512 partial-sum
 * kernel: at most 64 bytes, and not 3 or 7 (whose last byte decomposition
 * X counts at the bottom of its word, not at its position).
 */
static INETCSUM_FORCEINLINE int
x86_batch_lane_ok(size_t len)
{
	return len <= 64 && len != 3 && len != 7;
}

/*
 * Whether every one of b[0..cnt-1] fits a lane.  Branch-free: with an
 * early exit, the position of the first long buffer of a mixed group
 * would decide the loop's exit, which the CPU cannot predict.
 */
static INETCSUM_FORCEINLINE int
x86_batch_lanes_ok(const struct inetcsum_iovec *b, size_t cnt)
{
	int ok = 1;
	size_t i;

	for (i = 0; i < cnt; i++)
		ok &= x86_batch_lane_ok(b[i].len);
	return ok;
}

size_t inetcsum_x86_avx2_ipv4_header_batch(const void *const hdrs[],
					   size_t n, u16 out[]);
size_t inetcsum_arm_neon_ipv4_header_batch(const void *const hdrs[],
					   size_t n, u16 out[]);
size_t inetcsum_arm_neon_partial_batch(const struct inetcsum_iovec bufs[],
				       size_t n, u32 sums[],
				       inetcsum_partial_fn partial);

/*
 * inetcsum_ipv4_header() of the header at 'p' with the IHL of its first
 * byte, in portable C: the same five (to fifteen) 32-bit loads and fold.
 */
static INETCSUM_FORCEINLINE u16
batch_ipv4_one(const u8 *p)
{
	unsigned ihl = p[0] & 15u, i;
	u64 s;

	if (ihl < 5)
		return 0xffff;
	s = (u64)load_u32(p) + load_u32(p + 4) + load_u32(p + 8) +
	    load_u32(p + 12) + load_u32(p + 16);
	for (i = 5; i < ihl; i++)
		s += load_u32(p + 4 * i);
	return (u16)~fold32_to_16(fold64_to_32(s));
}

/*
 * The partial sum of decomposition F for 'len' <= 64 bytes: at most 16
 * words below 2^32 and a tail below 2^33 added to 'sum' exactly in 64
 * bits, then one end-around-carry fold.
 */
static INETCSUM_FORCEINLINE u32
batch_partial_f(const u8 *p, size_t len, u32 sum)
{
	u64 s = sum;

	while (len >= 8) {
		u64 w = load_u64(p);

		s += (u32)w;
		s += w >> 32;
		p += 8;
		len -= 8;
	}
	return fold64_to_32(s + sum_tail7(p, len));
}

#endif /* INETCSUM_BATCH_H */
