/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/linux_shim/linux/compiler.h - what Linux's
 * arch/x86/lib/csum-partial_64.c takes from the kernel's headers, for
 * compiling that file unchanged in user space as the "linux" peer of
 * inetcsum bench (bench/peers/peer_linux.c).  Written for this shim from
 * the kernel's documented meaning of each name, not copied: the types
 * (u64, __wsum, __sum16), the sparse annotation __force (nothing to a
 * compiler), likely() and ror64().
 */
#ifndef INETCSUM_LINUX_SHIM_COMPILER_H
#define INETCSUM_LINUX_SHIM_COMPILER_H

#include <stdint.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;
/* The kernel's bitwise types; plain integers to a compiler. */
typedef uint32_t __wsum;
typedef uint16_t __sum16;

#define __force
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

/* Rotate right by 'shift' (0-63), which gcc turns into one ror. */
static inline u64
ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

#endif
