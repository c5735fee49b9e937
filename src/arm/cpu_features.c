/* SPDX-License-Identifier: MIT */
/*
 * src/arm/cpu_features.c - arm64 feature probe.  NEON is architectural on
 * arm64.  SVE2 is taken from the kernel's report, AT_HWCAP2: Linux sets
 * HWCAP2_SVE2 only when the CPU has SVE2 and the kernel saves the SVE
 * state on context switch (Linux 5.6 and later), which is exactly what
 * user space needs; the ID registers alone would say nothing about the
 * second.
 */
#include "cpu_features.h"
#include "../cpu_features_common.h"

#if defined(__aarch64__)
#include <sys/auxv.h>

/* Linux arch/arm64/include/uapi/asm/hwcap.h, for old C libraries. */
#ifndef AT_HWCAP2
#  define AT_HWCAP2 26
#endif
#ifndef HWCAP_CRC32
#  define HWCAP_CRC32 (1ul << 7)
#endif
#ifndef HWCAP2_SVE2
#  define HWCAP2_SVE2 (1ul << 1)
#endif

const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ INETCSUM_ARM_NEON, "neon" },
	{ INETCSUM_ARM_SVE2, "sve2" },
	{ INETCSUM_ARM_CRC32, "crc32" },
	{ 0, NULL },
};

u32
inetcsum_probe_cpu_features(void)
{
	u32 f = INETCSUM_ARM_NEON;

	if (getauxval(AT_HWCAP) & HWCAP_CRC32)
		f |= INETCSUM_ARM_CRC32;
	if (getauxval(AT_HWCAP2) & HWCAP2_SVE2)
		f |= INETCSUM_ARM_SVE2;
	return mask_disabled_cpu_features(f);
}
#endif /* __aarch64__ */
