/* SPDX-License-Identifier: MIT */
/*
 * src/x86/csum_avx2.c - the AVX2 kernel, csum_x86_avx2: the vector template
 * at 256 bits with vpmaddwd + vpaddd.
 *
 * Target CPUs: every x86-64 CPU with AVX2 (Intel since Haswell, AMD since
 * Excavator/Zen), and AVX-512 CPUs on which the 512-bit kernels are
 * avoided (see the ZMM policy in cpu_features.c).  AVX2 has no byte-masked
 * loads, so the last 1-31 bytes go through the scalar adc path, which reads
 * nothing outside the buffer.  Needs gcc >= 4.9 or clang >= 3.8.
 */
#include "../impl.h"
#include "cpu_features.h"
#include "kernels.h"

#if defined(INETCSUM_ARCH_X86_64) && !defined(INETCSUM_NO_AVX2)
#include <immintrin.h>

#include "csum_x86_scalar.h"

#define SUFFIX avx2
#define PARTIAL_FN csum_x86_avx2
#define COPY_FN csum_copy_x86_avx2
#define ATTRIBUTES INETCSUM_TARGET("avx2")
#define VL 32
#define USE_VNNI 0
#define USE_MASKED_TAIL 0
#include "csum_x86_template.h"

const struct inetcsum_kernel inetcsum_kernel_x86_avx2 = {
	.name = "x86_avx2",
	.features = INETCSUM_X86_AVX2,
	.partial = csum_x86_avx2,
	.copy = csum_copy_x86_avx2,
	.inline_short_max = INETCSUM_X86_SHORT_MAX,
	.copy_inline_short_max = INETCSUM_X86_SHORT_MAX,
};
#endif
