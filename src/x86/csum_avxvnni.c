/* SPDX-License-Identifier: MIT */
/*
 * src/x86/csum_avxvnni.c - the AVX-VNNI kernel, csum_x86_avxvnni: the
 * vector template at 256 bits with the VEX-encoded signed word dot product
 * vpdpwssd (AVX-VNNI).
 *
 * Why it exists beside csum_x86_avx2: the dot product adds and accumulates
 * in one instruction, so a 32-byte vector costs two vector operations (xor,
 * vpdpwssd) instead of three (xor, vpmaddwd, vpaddd).  Target CPUs have
 * AVX-VNNI but no (usable) AVX-512: Intel Alder Lake, Raptor Lake, Meteor
 * Lake and Arrow Lake client cores, and the Sierra Forest / Grand Ridge
 * E-core Xeons often found in network appliances; also AVX-512 CPUs on which
 * cpu_features.c withholds INETCSUM_X86_ZMM.  Like the AVX2 kernel it
 * finishes the last 1-31 bytes with the scalar path.  Needs gcc >= 11 or
 * clang >= 12 for the intrinsic.
 */
#include "../impl.h"
#include "cpu_features.h"
#include "kernels.h"

#if defined(INETCSUM_ARCH_X86_64) && !defined(INETCSUM_NO_AVXVNNI)
#include <immintrin.h>

#include "csum_x86_scalar.h"

#define SUFFIX avxvnni
#define PARTIAL_FN csum_x86_avxvnni
#define COPY_FN csum_copy_x86_avxvnni
#define ATTRIBUTES INETCSUM_TARGET("avx2,avxvnni")
#define VL 32
#define USE_VNNI 1
#define USE_MASKED_TAIL 0
#include "csum_x86_template.h"

const struct inetcsum_kernel inetcsum_kernel_x86_avxvnni = {
	.name = "x86_avxvnni",
	.features = INETCSUM_X86_AVX2 | INETCSUM_X86_AVXVNNI,
	.partial = csum_x86_avxvnni,
	.copy = csum_copy_x86_avxvnni,
	.inline_short_max = INETCSUM_X86_SHORT_MAX,
	.copy_inline_short_max = INETCSUM_X86_SHORT_MAX,
};
#endif
