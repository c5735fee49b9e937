/* SPDX-License-Identifier: MIT */
/*
 * src/x86/csum_x86_short.c - the scalar short-input path shared by every
 * x86-64 kernel (inputs of at most X86_SHORT_MAX bytes).
 *
 * Each kernel tail-calls these functions instead of inlining the path.
 * Inlined, the same C compiled to code whose speed at 40-64 bytes varied
 * from kernel to kernel by up to 2x (inetcsum bench, hot, p10: 8.4 to 16
 * GB/s at 64 bytes) with only the surrounding code and its placement
 * different.  One copy, aligned to a cache line, makes every kernel as fast
 * as the others on short inputs and keeps the kernels smaller.
 */
#include "../impl.h"
#include "cpu_features.h"

#ifdef INETCSUM_ARCH_X86_64
#include "csum_x86_scalar.h"

__attribute__((aligned(64))) u32
inetcsum_x86_partial_short(const void *data, size_t len, u32 sum)
{
	return fold64_to_32(add64_eac(sum, x86_sum_short(data, len)));
}

__attribute__((aligned(64))) u32
inetcsum_x86_copy_short(void *dst, const void *src, size_t len, u32 sum)
{
	return fold64_to_32(add64_eac(sum, x86_copy_short(dst, src, len)));
}
#endif
