/* SPDX-License-Identifier: MIT */
/*
 * src/riscv/riscv_scalar.h - aligned loads and stores for the RISC-V
 * kernels, and the alignment head they share.
 *
 * Why aligned: the RISC-V base ISA lets a misaligned load or store trap,
 * and on many cores (the SiFive U74, for one) the kernel or the SBI
 * firmware then emulates it, at hundreds of cycles per access.  gcc 12
 * assumes slow misaligned access by default (rv64gc, -mtune=rocket) and
 * compiles the portable kernel's memcpy() loads of unknown alignment byte
 * by byte through a stack slot (8 lbu and 8 sb, then one ld, per 8
 * bytes).  These kernels reach a natural alignment first and tell gcc so with
 * __builtin_assume_aligned(), so each memcpy() below is one lhu, lwu, ld,
 * sh, sw or sd.
 */
#ifndef INETCSUM_RISCV_SCALAR_H
#define INETCSUM_RISCV_SCALAR_H

#include "../common.h"

#define RV_LOAD(type, align, p)						\
	__extension__({							\
		type v_;						\
		memcpy(&v_, __builtin_assume_aligned((p), (align)),	\
		       sizeof(v_));					\
		v_;							\
	})
#define RV_STORE(type, align, q, v)					\
	do {								\
		type v_ = (v);						\
		memcpy(__builtin_assume_aligned((q), (align)), &v_,	\
		       sizeof(v_));					\
	} while (0)

/*
 * The head: the bytes from 'p' up to the next 'align' (4 or 8) boundary,
 * or fewer if the buffer ends first, summed with naturally aligned loads
 * (lbu, lhu, lwu) into the returned value, and copied to '*qp' if 'copy'
 * (a constant, so that the sum carries no test of it; *qp has p's
 * alignment modulo 'align').  '*pp', '*qp' and '*lenp'
 * move past them.
 *
 * Odd starts.  If 'p' is odd, the first byte is the first half of a
 * message word whose other half is at an even address, so every load from
 * an even address sees the message's words split across two of its own.
 * The kernels then sum in the frame of p - 1 (the even address before the
 * data: as if a zero byte preceded it), where the first byte is the second
 * byte of a word, and rotate the folded sum by 8 bits at the end
 * (RFC 1071 2(B): the sum of byte-swapped words is the byte-swapped sum).
 * In that frame the first byte is worth b << 8 on this little-endian CPU.
 * After the head, whatever is left after the last boundary is at most
 * align - 1 bytes at an address aligned for the loads the tail uses
 * (4, 2, 1 bytes in that order: rv_tail()).
 *
 * The result is exact: below 2^32 + 2^17.
 */
static INETCSUM_FORCEINLINE u64
rv_head(const u8 **pp, u8 **qp, size_t *lenp, unsigned align, int copy)
{
	const u8 *p = *pp;
	u8 *q = *qp;
	size_t len = *lenp;
	u64 s = 0;

	if (((uintptr_t)p & 1) && len >= 1) {
		s += (u64)*p << 8;
		if (copy)
			*q++ = *p;
		p++;
		len--;
	}
	if (((uintptr_t)p & 2) && len >= 2) {
		u16 v = RV_LOAD(u16, 2, p);

		s += v;
		if (copy) {
			RV_STORE(u16, 2, q, v);
			q += 2;
		}
		p += 2;
		len -= 2;
	}
	if (align == 8 && ((uintptr_t)p & 4) && len >= 4) {
		u32 v = RV_LOAD(u32, 4, p);

		s += v;
		if (copy) {
			RV_STORE(u32, 4, q, v);
			q += 4;
		}
		p += 4;
		len -= 4;
	}
	*pp = p;
	*qp = q;
	*lenp = len;
	return s;
}

/*
 * The last 0..7 bytes at 'p' (aligned as rv_head() leaves it: see there),
 * summed as 16-bit words in memory order with an odd last byte in the low
 * half of its word (little-endian: the first byte of the word), and copied
 * to 'q' if 'copy'.  Exact, below 2^33.
 */
static INETCSUM_FORCEINLINE u64
rv_tail(const u8 *p, u8 *q, size_t len, int copy)
{
	u64 s = 0;

	if (len & 4) {
		u32 v = RV_LOAD(u32, 4, p);

		s += v;
		if (copy) {
			RV_STORE(u32, 4, q, v);
			q += 4;
		}
		p += 4;
	}
	if (len & 2) {
		u16 v = RV_LOAD(u16, 2, p);

		s += v;
		if (copy) {
			RV_STORE(u16, 2, q, v);
			q += 2;
		}
		p += 2;
	}
	if (len & 1) {
		s += *p;
		if (copy)
			*q = *p;
	}
	return s;
}

#endif /* INETCSUM_RISCV_SCALAR_H */
