/* SPDX-License-Identifier: MIT */
/*
 * src/arm/kernels.h - the arm64 kernels built in, best first, for the
 * registry in src/csum.c.  ARCH_KERNELS stays undefined while there are
 * none, and the dispatcher then calls the portable kernel directly.
 */
#ifndef INETCSUM_ARM_KERNELS_H
#define INETCSUM_ARM_KERNELS_H

#include "cpu_features.h"

#endif /* INETCSUM_ARM_KERNELS_H */
