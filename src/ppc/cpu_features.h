/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/cpu_features.h - PowerPC feature bits, probed at run time from
 * the kernel's report (AT_HWCAP, AT_HWCAP2): AltiVec is optional on 32-bit
 * cores (G4 and e6500 have it, e500 and 44x do not), VSX came with
 * POWER7, and ISA 2.07 (POWER8) made unaligned vector loads fast.
 */
#ifndef INETCSUM_PPC_CPU_FEATURES_H
#define INETCSUM_PPC_CPU_FEATURES_H

#include "../common.h"

#define INETCSUM_PPC_ALTIVEC	(1u << 0)
#define INETCSUM_PPC_VSX	(1u << 1)
#define INETCSUM_PPC_ISA207	(1u << 2)

#endif /* INETCSUM_PPC_CPU_FEATURES_H */
