/* SPDX-License-Identifier: MIT */
/*
 * src/arm/kernels.h - the arm64 kernels built in, best first, for the
 * registry in src/dispatch.c.  ARCH_KERNELS stays undefined while there are
 * none (INETCSUM_NO_NEON), and the dispatcher then calls the portable
 * kernel directly.
 */
#ifndef INETCSUM_ARM_KERNELS_H
#define INETCSUM_ARM_KERNELS_H

#include "../impl.h"
#include "cpu_features.h"

#ifdef INETCSUM_BUILD_NEON
/* src/arm/csum_neon.c: "arm_neon", partial sum and fused copy. */
extern const struct inetcsum_kernel inetcsum_kernel_arm_neon;
#  define ARCH_KERNELS &inetcsum_kernel_arm_neon,
#endif

#endif /* INETCSUM_ARM_KERNELS_H */
