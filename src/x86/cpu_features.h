/* SPDX-License-Identifier: MIT */
/*
 * src/x86/cpu_features.h - x86 CPU feature bits.
 */
#ifndef INETCSUM_X86_CPU_FEATURES_H
#define INETCSUM_X86_CPU_FEATURES_H

#include "../common.h"

#if defined(__x86_64__) || defined(_M_X64)
#  define INETCSUM_ARCH_X86_64 1
#endif

#define INETCSUM_X86_ADX	(1u << 0)	/* adcx/adox */
/* bit 1 is free: BMI2, which only the AVX-512 kernels use, is part of AVX512BW */
/* AVX2 with OS-enabled YMM state */
#define INETCSUM_X86_AVX2	(1u << 2)
/* AVX-512 F+BW+VL (and BMI2) with OS-enabled opmask and ZMM state */
#define INETCSUM_X86_AVX512BW	(1u << 3)
#define INETCSUM_X86_AVX512VNNI	(1u << 4)
#define INETCSUM_X86_AVXVNNI	(1u << 5)	/* VEX VNNI on YMM */
/*
 * Policy, not an instruction set: set when 512-bit vectors are usable AND
 * worth using on this CPU (AVX-512 state enabled and no known frequency
 * penalty; see zmm_is_fast() in cpu_features.c).  The 512-bit kernels
 * require it, so masking "zmm" falls back to the 256-bit kernels.
 */
#define INETCSUM_X86_ZMM	(1u << 6)
/*
 * For the CRC32c kernels only (src/x86/crc32c_sse42.c): the SSE4.2 crc32
 * instruction and PCLMULQDQ (CPUID leaf 1 ECX bits 20 and 1); SSE state
 * is always enabled on x86-64.
 */
#define INETCSUM_X86_SSE42	(1u << 7)
#define INETCSUM_X86_PCLMUL	(1u << 8)

#endif /* INETCSUM_X86_CPU_FEATURES_H */
