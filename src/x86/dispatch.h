/* SPDX-License-Identifier: MIT */
/*
 * src/x86/dispatch.h - how x86-64 calls its kernels: the inline short path
 * and, on glibc, inetcsum_partial() and inetcsum_copy() as GNU indirect
 * functions (src/x86/dispatch.c), with the kernel-in-use flags that their
 * direct entries test.  src/arch.h includes it; so does the kernel with
 * the direct entries (csum_avx512.c).
 */
#ifndef INETCSUM_X86_DISPATCH_H
#define INETCSUM_X86_DISPATCH_H

#include "../dispatch.h"
#include "kernels.h"

#if defined(INETCSUM_ARCH_X86_64) && defined(ARCH_KERNELS)
/*
 * x86-64 defines inetcsum_partial() itself: every kernel sums inputs of
 * at most INETCSUM_X86_SHORT_MAX bytes with the same scalar code, which the
 * entry runs inline (docs/short-path.md); inetcsum_copy() too, with the
 * scalar copy of the same lengths.
 */
#  define INETCSUM_ARCH_PARTIAL_ENTRY 1
#  define INETCSUM_ARCH_COPY_ENTRY 1

/*
 * inetcsum_partial() and inetcsum_copy() as GNU indirect functions
 * (src/x86/dispatch.c) that bind straight to the 512-bit VNNI kernel's
 * direct entries where the CPU has it: glibc on ELF only, and never
 * under ASan, TSan or MSan, whose runtimes are not up yet when the
 * dynamic linker calls the resolver.
 * -DINETCSUM_NO_IFUNC turns it off.
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define INETCSUM_X86_SANITIZED 1
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#    define INETCSUM_X86_SANITIZED 1
#  endif
#endif
/* __builtin_cpu_supports("avx512vnni") needs gcc 8 or clang 8. */
#if defined(__clang__)
#  define INETCSUM_X86_CPU_SUPPORTS_VNNI (__clang_major__ >= 8)
#elif defined(__GNUC__)
#  define INETCSUM_X86_CPU_SUPPORTS_VNNI (__GNUC__ >= 8)
#else
#  define INETCSUM_X86_CPU_SUPPORTS_VNNI 0
#endif
#if defined(__GNUC__) && defined(__ELF__) && defined(__GLIBC__) && \
	INETCSUM_X86_CPU_SUPPORTS_VNNI && \
	!defined(INETCSUM_NO_AVX512) && !defined(INETCSUM_NO_AVX512VNNI) && \
	!defined(INETCSUM_NO_IFUNC) && !defined(INETCSUM_X86_SANITIZED)
#  define INETCSUM_X86_IFUNC 1
u32 inetcsum_x86_avx512_vnni_direct(const void *data, size_t len, u32 sum);
/* The pointer dispatch, as inetcsum_partial() is without the resolver. */
u32 inetcsum_x86_partial_dispatch(const void *data, size_t len, u32 sum);
/* The same two for inetcsum_copy(). */
u32 inetcsum_x86_avx512_vnni_copy_direct(void *dst, const void *src,
					 size_t len, u32 sum);
u32 inetcsum_x86_copy_dispatch(void *dst, const void *src, size_t len,
			       u32 sum);
/*
 * The flags in the kernel-in-use pointer (src/dispatch.h) that the direct
 * entries test: INETCSUM_ACTIVE_TAG when the kernel in use sums with the
 * 512-bit VNNI kernel's partial sum, which that entry runs itself,
 * INETCSUM_X86_SHORT_TAG when it sums and copies inputs of up to
 * INETCSUM_X86_SHORT_MAX bytes with the shared short code, x86_sum_short()
 * and x86_copy_short() (every x86 kernel; a composite of the tuning table
 * only if both its halves are x86 kernels), which both entries run for
 * them, whatever kernel is in use, and INETCSUM_X86_COPY_TAG when it
 * copies with the 512-bit VNNI kernel's copy, which the copy's direct
 * entry runs itself.
 */
#  define INETCSUM_X86_SHORT_TAG ((uintptr_t)2)
#  define INETCSUM_X86_COPY_TAG ((uintptr_t)4)
#  define ARCH_TAG(k)							\
	(((k)->partial == inetcsum_kernel_x86_avx512_vnni.partial ?	\
		 INETCSUM_ACTIVE_TAG : (uintptr_t)0) |			\
	 ((k)->inline_short_max == INETCSUM_X86_SHORT_MAX &&		\
	  (k)->copy_inline_short_max == INETCSUM_X86_SHORT_MAX ?	\
		 INETCSUM_X86_SHORT_TAG : (uintptr_t)0) |		\
	 ((k)->copy == inetcsum_kernel_x86_avx512_vnni.copy ?		\
		 INETCSUM_X86_COPY_TAG : (uintptr_t)0))
#endif
#endif /* x86-64 with vector kernels */

#endif /* INETCSUM_X86_DISPATCH_H */
