/* SPDX-License-Identifier: MIT */
/*
 * src/x86/kernels.h - the x86 kernels built in, best first, for the
 * registry in src/csum.c.  ARCH_KERNELS stays undefined while there are
 * none, and the dispatcher then calls the portable kernel directly.
 */
#ifndef INETCSUM_X86_KERNELS_H
#define INETCSUM_X86_KERNELS_H

#include "cpu_features.h"

#endif /* INETCSUM_X86_KERNELS_H */
