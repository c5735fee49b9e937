/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/kernels.h - the PowerPC kernels built in, best first, for the
 * registry in src/csum.c.  ARCH_KERNELS stays undefined while there are
 * none, and the dispatcher then calls the portable kernel directly.
 */
#ifndef INETCSUM_PPC_KERNELS_H
#define INETCSUM_PPC_KERNELS_H

#include "../impl.h"
#include "cpu_features.h"

#endif /* INETCSUM_PPC_KERNELS_H */
