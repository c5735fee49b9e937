/* SPDX-License-Identifier: MIT */
/*
 * src/x86/kernels.h - the x86 kernels built in, best first, for the
 * registry in src/dispatch.c.  Each kernel exists only on x86-64 and only when
 * cmake/Intrinsics.cmake did not define INETCSUM_NO_<ISA> (the compiler
 * cannot build it, or INETCSUM_ENABLE_<ISA> is OFF).  ARCH_KERNELS stays
 * undefined when none is built, and the dispatcher then calls the portable
 * kernel directly.
 */
#ifndef INETCSUM_X86_KERNELS_H
#define INETCSUM_X86_KERNELS_H

#include "../impl.h"
#include "cpu_features.h"

#ifdef INETCSUM_ARCH_X86_64

/*
 * Every x86-64 kernel sums inputs of at most INETCSUM_X86_SHORT_MAX bytes
 * with these functions (csum_x86_short.c), whatever the ISA; the
 * dispatcher runs the same code (x86_sum_short()) inline for short inputs.
 */
#define INETCSUM_X86_SHORT_MAX 64
u32 inetcsum_x86_partial_short(const void *data, size_t len, u32 sum);
u32 inetcsum_x86_copy_short(void *dst, const void *src, size_t len,
			    u32 sum);

#if !defined(INETCSUM_NO_AVX512) && !defined(INETCSUM_NO_AVX512VNNI)
extern const struct inetcsum_kernel inetcsum_kernel_x86_avx512_vnni;
#  define X86_KERNEL_AVX512_VNNI &inetcsum_kernel_x86_avx512_vnni,
#else
#  define X86_KERNEL_AVX512_VNNI
#endif

#ifndef INETCSUM_NO_AVX512
extern const struct inetcsum_kernel inetcsum_kernel_x86_avx512;
#  define X86_KERNEL_AVX512 &inetcsum_kernel_x86_avx512,
#else
#  define X86_KERNEL_AVX512
#endif

#if !defined(INETCSUM_NO_AVX512) && !defined(INETCSUM_NO_AVX512VNNI)
extern const struct inetcsum_kernel inetcsum_kernel_x86_avx512_vnni_vl256;
#  define X86_KERNEL_AVX512_VNNI_VL256 &inetcsum_kernel_x86_avx512_vnni_vl256,
#else
#  define X86_KERNEL_AVX512_VNNI_VL256
#endif

#ifndef INETCSUM_NO_AVXVNNI
extern const struct inetcsum_kernel inetcsum_kernel_x86_avxvnni;
#  define X86_KERNEL_AVXVNNI &inetcsum_kernel_x86_avxvnni,
#else
#  define X86_KERNEL_AVXVNNI
#endif

#ifndef INETCSUM_NO_AVX2
extern const struct inetcsum_kernel inetcsum_kernel_x86_avx2;
#  define X86_KERNEL_AVX2 &inetcsum_kernel_x86_avx2,
#else
#  define X86_KERNEL_AVX2
#endif

#ifndef INETCSUM_NO_ADX
extern const struct inetcsum_kernel inetcsum_kernel_x86_adx;
#  define X86_KERNEL_ADX &inetcsum_kernel_x86_adx,
#else
#  define X86_KERNEL_ADX
#endif

#if !defined(INETCSUM_NO_AVX512) || !defined(INETCSUM_NO_AVXVNNI) || \
    !defined(INETCSUM_NO_AVX2) || !defined(INETCSUM_NO_ADX)
#  define ARCH_KERNELS							\
	X86_KERNEL_AVX512_VNNI X86_KERNEL_AVX512			\
	X86_KERNEL_AVX512_VNNI_VL256 X86_KERNEL_AVXVNNI X86_KERNEL_AVX2	\
	X86_KERNEL_ADX
#endif

#endif /* INETCSUM_ARCH_X86_64 */

#endif /* INETCSUM_X86_KERNELS_H */
