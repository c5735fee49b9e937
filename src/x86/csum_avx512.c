/* SPDX-License-Identifier: MIT */
/*
 * src/x86/csum_avx512.c - the AVX-512 kernels: the vector template at 512
 * bits, csum_x86_avx512 (AVX-512 BW: vpmaddwd + vpaddd) and
 * csum_x86_avx512_vnni (AVX-512 VNNI: vpdpwssd).
 *
 * Both use byte-masked loads and stores (AVX-512 BW) for the last partial
 * vector, so any length is one pass with no scalar tail and no over-read.
 *
 * csum_x86_avx512 is for AVX-512 CPUs without VNNI (e.g. Intel Cannon
 * Lake), and for builds whose compiler lacks VNNI intrinsics.  csum_x86_avx512_vnni is for
 * Ice Lake and later Intel server/client cores and AMD Zen 4/5: vpdpwssd
 * fuses the multiply-add and the accumulation, two vector operations per
 * 64 bytes instead of three.  Both need gcc >= 5 / clang >= 3.9 (BW, VL);
 * VNNI needs gcc >= 8 / clang >= 6.  Neither runs where cpu_features.c
 * withholds INETCSUM_X86_ZMM (CPUs that slow down on 512-bit vectors).
 */
#include "../impl.h"
#include "cpu_features.h"
#include "dispatch.h"
#include "kernels.h"

#if defined(INETCSUM_ARCH_X86_64) && !defined(INETCSUM_NO_AVX512)
#include <immintrin.h>

#include "csum_x86_scalar.h"

#define SUFFIX avx512
#define PARTIAL_FN csum_x86_avx512
#define COPY_FN csum_copy_x86_avx512
#define ATTRIBUTES INETCSUM_TARGET("avx512f,avx512bw,avx512vl,bmi2")
#define VL 64
#define USE_VNNI 0
#define USE_MASKED_TAIL 1
#include "csum_x86_template.h"

const struct inetcsum_kernel inetcsum_kernel_x86_avx512 = {
	.name = "x86_avx512",
	.features = INETCSUM_X86_AVX512BW | INETCSUM_X86_ZMM,
	.partial = csum_x86_avx512,
	.copy = csum_copy_x86_avx512,
	.inline_short_max = INETCSUM_X86_SHORT_MAX,
	.copy_inline_short_max = INETCSUM_X86_SHORT_MAX,
};

#ifndef INETCSUM_NO_AVX512VNNI
#define SUFFIX avx512_vnni
#define PARTIAL_FN csum_x86_avx512_vnni
#define COPY_FN csum_copy_x86_avx512_vnni
#ifdef INETCSUM_X86_IFUNC
#  define DIRECT_ENTRY inetcsum_x86_avx512_vnni_direct
#  define DIRECT_COPY_ENTRY inetcsum_x86_avx512_vnni_copy_direct
#endif
/* This kernel hands large sums to the table's kernel for them, if any. */
#define LARGE_SWITCH 1
#define ATTRIBUTES INETCSUM_TARGET("avx512f,avx512bw,avx512vl,avx512vnni,bmi2")
#define VL 64
#define USE_VNNI 1
#define USE_MASKED_TAIL 1
#include "csum_x86_template.h"

const struct inetcsum_kernel inetcsum_kernel_x86_avx512_vnni = {
	.name = "x86_avx512_vnni",
	.features = INETCSUM_X86_AVX512BW | INETCSUM_X86_AVX512VNNI |
		    INETCSUM_X86_ZMM,
	.partial = csum_x86_avx512_vnni,
	.copy = csum_copy_x86_avx512_vnni,
	.inline_short_max = INETCSUM_X86_SHORT_MAX,
	.copy_inline_short_max = INETCSUM_X86_SHORT_MAX,
};

/*
 * csum_x86_avx512_vnni_vl256: the same VNNI loop on 256-bit vectors, with
 * AVX-512 VL byte masks for the tail and EVEX encoding (32 registers).
 * It needs no INETCSUM_X86_ZMM, so Cascade Lake and other CPUs where the
 * policy withholds 512-bit vectors get the dot product too.
 */
#define SUFFIX avx512_vnni_vl256
#define PARTIAL_FN csum_x86_avx512_vnni_vl256
#define COPY_FN csum_copy_x86_avx512_vnni_vl256
#define ATTRIBUTES INETCSUM_TARGET("avx512f,avx512bw,avx512vl,avx512vnni,bmi2")
#define VL 32
#define USE_VNNI 1
#define VNNI_EVEX 1
#define USE_MASKED_TAIL 1
#include "csum_x86_template.h"

const struct inetcsum_kernel inetcsum_kernel_x86_avx512_vnni_vl256 = {
	.name = "x86_avx512_vnni_vl256",
	.features = INETCSUM_X86_AVX512BW | INETCSUM_X86_AVX512VNNI,
	.partial = csum_x86_avx512_vnni_vl256,
	.copy = csum_copy_x86_avx512_vnni_vl256,
	.inline_short_max = INETCSUM_X86_SHORT_MAX,
	.copy_inline_short_max = INETCSUM_X86_SHORT_MAX,
};
#endif /* !INETCSUM_NO_AVX512VNNI */
#endif /* x86-64 && !INETCSUM_NO_AVX512 */
