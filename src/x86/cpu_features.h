/* SPDX-License-Identifier: MIT */
/*
 * src/x86/cpu_features.h - x86 CPU feature bits and HAVE_*() queries.
 */
#ifndef INETCSUM_X86_CPU_FEATURES_H
#define INETCSUM_X86_CPU_FEATURES_H

#include "../common.h"

#if defined(__x86_64__) || defined(_M_X64)
#  define INETCSUM_ARCH_X86_64 1
#endif

#define INETCSUM_X86_ADX	(1u << 0)	/* adcx/adox */
#define INETCSUM_X86_BMI2	(1u << 1)
/* AVX2 with OS-enabled YMM state */
#define INETCSUM_X86_AVX2	(1u << 2)
/* AVX-512 F+BW+VL with OS-enabled opmask and ZMM state */
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
 * HAVE_X(f) is true when the feature mask 'f' has X, and the constant 1
 * when the build's baseline already guarantees X, so selectors fold away.
 */
#ifdef __ADX__
#  define HAVE_ADX(f) 1
#else
#  define HAVE_ADX(f) ((f) & INETCSUM_X86_ADX)
#endif
#ifdef __AVX2__
#  define HAVE_AVX2(f) 1
#else
#  define HAVE_AVX2(f) ((f) & INETCSUM_X86_AVX2)
#endif
#if defined(__AVX512BW__) && defined(__AVX512VL__)
#  define HAVE_AVX512BW(f) 1
#else
#  define HAVE_AVX512BW(f) ((f) & INETCSUM_X86_AVX512BW)
#endif
#ifdef __AVX512VNNI__
#  define HAVE_AVX512VNNI(f) 1
#else
#  define HAVE_AVX512VNNI(f) ((f) & INETCSUM_X86_AVX512VNNI)
#endif

#endif /* INETCSUM_X86_CPU_FEATURES_H */
