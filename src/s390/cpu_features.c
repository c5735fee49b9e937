/* SPDX-License-Identifier: MIT */
/*
 * src/s390/cpu_features.c - s390x feature probe.  The kernel reports the
 * vector facility in AT_HWCAP only when the CPU has it and the kernel saves
 * the vector registers on context switch (Linux 3.18 and later), which is
 * exactly what user space needs: STFLE alone would say nothing about the
 * second.  glibc before 2.21 names the bit HWCAP_S390_VXRS.
 */
#include "cpu_features.h"
#include "../cpu_features_common.h"

#if defined(__s390x__)
#include <sys/auxv.h>

#ifndef HWCAP_S390_VX
#  ifdef HWCAP_S390_VXRS
#    define HWCAP_S390_VX HWCAP_S390_VXRS
#  else
#    define HWCAP_S390_VX 2048	/* Linux arch/s390: HWCAP_NR_VXRS = 11 */
#  endif
#endif

const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ INETCSUM_S390_VX, "vx" },
	{ 0, NULL },
};

u32
inetcsum_probe_cpu_features(void)
{
	u32 f = 0;

	if (getauxval(AT_HWCAP) & HWCAP_S390_VX)
		f |= INETCSUM_S390_VX;
	return mask_disabled_cpu_features(f);
}
#endif /* __s390x__ */
