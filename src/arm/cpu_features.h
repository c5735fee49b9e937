/* SPDX-License-Identifier: MIT */
/*
 * src/arm/cpu_features.h - arm64 feature bits.  Advanced SIMD (NEON) is
 * mandatory on arm64, so it needs no probe; the bit exists so that tests
 * can mask it and reach the portable kernel through the dispatcher.  SVE2
 * is optional (Armv9-A cores have it, Neoverse N1 and Apple cores do not)
 * and is probed at run time.
 */
#ifndef INETCSUM_ARM_CPU_FEATURES_H
#define INETCSUM_ARM_CPU_FEATURES_H

#include "../common.h"

#define INETCSUM_ARM_NEON	(1u << 0)
#define INETCSUM_ARM_SVE2	(1u << 1)
/* The CRC32 instructions, for the CRC32c kernel only (src/arm/crc32c_arm.c). */
#define INETCSUM_ARM_CRC32	(1u << 2)

/*
 * INETCSUM_BUILD_NEON: the NEON kernel (src/arm/csum_neon.c) is compiled
 * in.  Only AArch64 has it (32-bit Arm, where NEON is optional, keeps the
 * portable kernel), and -DINETCSUM_NO_NEON (CMake INETCSUM_ENABLE_NEON=OFF)
 * leaves it out.
 */
#if defined(__aarch64__) && !defined(INETCSUM_NO_NEON)
#  define INETCSUM_BUILD_NEON 1
#endif

/*
 * INETCSUM_BUILD_SVE2: the SVE2 kernel (src/arm/csum_sve2.c) is compiled
 * in.  It uses the ACLE intrinsics of <arm_sve.h> under a function-level
 * target("+sve2"), which gcc accepts from version 12 with baseline flags
 * (tested: Debian 12's gcc 12.2); clang 14's <arm_sve.h> refuses to be
 * included unless the command line enables SVE, so clang builds have the
 * kernel only with -march=...+sve2.  -DINETCSUM_NO_SVE2 (CMake
 * INETCSUM_ENABLE_SVE2=OFF, or a failed probe in cmake/Intrinsics.cmake)
 * leaves it out.  The registry and the kernel see the same macros, since
 * no file gets flags of its own.
 */
#if defined(__aarch64__) && !defined(INETCSUM_NO_SVE2) && \
	(defined(__ARM_FEATURE_SVE2) || \
	 (defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12))
#  define INETCSUM_BUILD_SVE2 1
#endif

#endif /* INETCSUM_ARM_CPU_FEATURES_H */
