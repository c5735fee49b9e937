/* SPDX-License-Identifier: MIT */
/*
 * src/arm/cpu_features.h - arm64 feature bits.  Advanced SIMD (NEON) is
 * mandatory on arm64, so it needs no probe; the bit exists so that tests
 * can mask it and reach the portable kernel through the dispatcher.
 */
#ifndef INETCSUM_ARM_CPU_FEATURES_H
#define INETCSUM_ARM_CPU_FEATURES_H

#include "../common.h"

#define INETCSUM_ARM_NEON	(1u << 0)

/*
 * INETCSUM_BUILD_NEON: the NEON kernel (src/arm/csum_neon.c) is compiled
 * in.  Only AArch64 has it (32-bit Arm, where NEON is optional, keeps the
 * portable kernel), and -DINETCSUM_NO_NEON (CMake INETCSUM_ENABLE_NEON=OFF)
 * leaves it out.
 */
#if defined(__aarch64__) && !defined(INETCSUM_NO_NEON)
#  define INETCSUM_BUILD_NEON 1
#endif

#endif /* INETCSUM_ARM_CPU_FEATURES_H */
