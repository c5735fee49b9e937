/* SPDX-License-Identifier: MIT */
/*
 * src/arm/cpu_features.c - arm64 feature probe.  NEON is architectural on
 * arm64; optional extensions would be probed here with getauxval(AT_HWCAP).
 */
#include "cpu_features.h"
#include "../cpu_features_common.h"

#if defined(__aarch64__)
const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ INETCSUM_ARM_NEON, "neon" },
	{ 0, NULL },
};

u32
inetcsum_probe_cpu_features(void)
{
	return mask_disabled_cpu_features(INETCSUM_ARM_NEON);
}
#endif /* __aarch64__ */
