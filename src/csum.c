/* SPDX-License-Identifier: MIT */
/*
 * src/csum.c - the public entry points of libinetcsum's checksum
 * arithmetic: inetcsum_partial() and inetcsum_copy() (through the kernel in
 * use, src/dispatch.h), fold, add and subtract, odd-offset combining,
 * scatter-gather and streaming.
 *
 * High-level description
 * ----------------------
 * The Internet checksum (RFC 1071) of a message is the 16-bit ones'
 * complement of the ones' complement sum of its 16-bit words.  Ones'
 * complement addition is addition modulo 0xffff in which the all-ones word
 * and zero are the same number: a carry out of the top bit is added back in
 * at the bottom ("end-around carry").  Three properties make it fast:
 *
 *  - It commutes and associates, so words may be added in any order and in
 *    any number of parallel accumulators, and wider words (32, 64, 512 bits)
 *    may be added and folded down at the end: 2^16 == 1 (mod 0xffff), so a
 *    wide accumulator's 16-bit lanes simply add up.
 *
 *  - It is independent of byte order (RFC 1071 section 2(B)): swapping the
 *    bytes of every word swaps the bytes of the sum.  So the library sums
 *    words exactly as the CPU loads them and the result, stored back with a
 *    native store, has the right bytes on the wire.  No swaps anywhere.
 *
 *  - A block that starts at an odd offset of the message contributes its
 *    bytes to the other half of each word.  Its sum computed as if it were
 *    at an even offset is therefore the byte-swapped contribution, and is
 *    put right by swapping the bytes of that partial sum (rotating a 32-bit
 *    partial sum by 8 bits does it for both halves at once, because
 *    256 * 256 == 1 (mod 0xffff)).  This is what inetcsum_block_add(), the
 *    scatter-gather and the streaming functions do at odd boundaries.
 *
 * Partial sums are kept unfolded in 32 bits so that they can be combined
 * cheaply, and folded and complemented only when a checksum field is
 * written or verified (inetcsum_fold()).
 *
 * Which kernel runs, and how a call reaches it, is src/dispatch.c's (and on
 * x86-64 src/x86/dispatch.c's, which defines inetcsum_partial() itself).
 */
#include "arch.h"
#include "dispatch.h"

#ifdef ARCH_KERNELS
#ifndef INETCSUM_ARCH_PARTIAL_ENTRY
INETCSUM_API uint32_t
inetcsum_partial(const void *data, size_t len, uint32_t sum)
{
	return inetcsum_active()->partial(data, len, sum);
}
#endif

#ifndef INETCSUM_ARCH_COPY_ENTRY
INETCSUM_API uint32_t
inetcsum_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return inetcsum_active()->copy(dst, src, len, sum);
}
#endif
#else /* only the portable kernel, called directly */
INETCSUM_API uint32_t
inetcsum_partial(const void *data, size_t len, uint32_t sum)
{
	return inetcsum_kernel_generic.partial(data, len, sum);
}

INETCSUM_API uint32_t
inetcsum_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return inetcsum_kernel_generic.copy(dst, src, len, sum);
}
#endif

INETCSUM_API const char *
inetcsum_version(void)
{
	return INETCSUM_VERSION_STRING;
}

INETCSUM_API uint16_t
inetcsum_fold(uint32_t sum)
{
	return (u16)~fold32_to_16(sum);
}

INETCSUM_API uint32_t
inetcsum_add(uint32_t a, uint32_t b)
{
	return add32_eac(a, b);
}

INETCSUM_API uint32_t
inetcsum_sub(uint32_t a, uint32_t b)
{
	return add32_eac(a, ~b);
}

INETCSUM_API uint32_t
inetcsum_block_add(uint32_t sum, uint32_t part, size_t offset)
{
	if (offset & 1)
		part = rotate_partial(part);
	return add32_eac(sum, part);
}

INETCSUM_API uint32_t
inetcsum_partial_iov(const struct inetcsum_iovec *iov, size_t count,
		     uint32_t sum)
{
	size_t odd = 0;
	size_t i;

	for (i = 0; i < count; i++) {
		if (!odd) {
			sum = inetcsum_partial(iov[i].base, iov[i].len, sum);
		} else {
			u32 part = inetcsum_partial(iov[i].base, iov[i].len, 0);

			sum = add32_eac(sum, rotate_partial(part));
		}
		odd ^= iov[i].len & 1;
	}
	return sum;
}

INETCSUM_API void
inetcsum_stream_init(struct inetcsum_stream *s, uint32_t sum)
{
	s->sum = sum;
	s->odd = 0;
}

INETCSUM_API void
inetcsum_stream_update(struct inetcsum_stream *s, const void *data,
		       size_t len)
{
	if (!s->odd) {
		s->sum = inetcsum_partial(data, len, s->sum);
	} else {
		/* This piece starts at an odd offset of the message. */
		s->sum = add32_eac(s->sum,
				   rotate_partial(inetcsum_partial(data, len, 0)));
	}
	s->odd ^= (u32)(len & 1);
}

INETCSUM_API uint32_t
inetcsum_stream_partial(const struct inetcsum_stream *s)
{
	return s->sum;
}

INETCSUM_API uint16_t
inetcsum_stream_final(const struct inetcsum_stream *s)
{
	return inetcsum_fold(s->sum);
}
