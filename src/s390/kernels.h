/* SPDX-License-Identifier: MIT */
/*
 * src/s390/kernels.h - the s390x kernels built in, best first, for the
 * registry in src/dispatch.c (through src/arch.h).  ARCH_KERNELS stays
 * undefined while there are none (INETCSUM_NO_S390_VX), and the dispatcher
 * then calls the portable kernel directly.
 */
#ifndef INETCSUM_S390_KERNELS_H
#define INETCSUM_S390_KERNELS_H

#include "../impl.h"
#include "cpu_features.h"

#ifdef INETCSUM_BUILD_S390_VX
/* src/s390/csum_vx.c: "s390_vx", partial sum and fused copy. */
extern const struct inetcsum_kernel inetcsum_kernel_s390_vx;
#  define ARCH_KERNELS &inetcsum_kernel_s390_vx,
#endif

#endif /* INETCSUM_S390_KERNELS_H */
