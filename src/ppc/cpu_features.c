/* SPDX-License-Identifier: MIT */
/*
 * src/ppc/cpu_features.c - PowerPC feature probe.  The kernel sets the
 * AltiVec and VSX bits of AT_HWCAP only when the CPU has the unit and the
 * kernel saves its registers, and AT_HWCAP2's ISA 2.07 bit on POWER8 and
 * later: what user space needs, and readable without privileged SPRs.
 */
#include "cpu_features.h"
#include "../cpu_features_common.h"

#if defined(__powerpc__) || defined(__powerpc64__)
#include <sys/auxv.h>

/* Linux arch/powerpc/include/uapi/asm/cputable.h, for old C libraries. */
#ifndef PPC_FEATURE_HAS_ALTIVEC
#  define PPC_FEATURE_HAS_ALTIVEC 0x10000000
#endif
#ifndef PPC_FEATURE_HAS_VSX
#  define PPC_FEATURE_HAS_VSX 0x00000080
#endif
#ifndef PPC_FEATURE2_ARCH_2_07
#  define PPC_FEATURE2_ARCH_2_07 0x80000000
#endif
#ifndef AT_HWCAP2
#  define AT_HWCAP2 26
#endif

const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ INETCSUM_PPC_ALTIVEC, "altivec" },
	{ INETCSUM_PPC_VSX, "vsx" },
	{ INETCSUM_PPC_ISA207, "isa207" },
	{ 0, NULL },
};

u32
inetcsum_probe_cpu_features(void)
{
	unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
	u32 f = 0;

	if (hw & PPC_FEATURE_HAS_ALTIVEC)
		f |= INETCSUM_PPC_ALTIVEC;
	if (hw & PPC_FEATURE_HAS_VSX)
		f |= INETCSUM_PPC_VSX;
	if (hw2 & PPC_FEATURE2_ARCH_2_07)
		f |= INETCSUM_PPC_ISA207;
	return mask_disabled_cpu_features(f);
}
#endif /* __powerpc__ || __powerpc64__ */
