/* SPDX-License-Identifier: MIT */
/*
 * src/cpu_features_none.c - the feature probe for CPUs that have only the
 * portable kernel (Alpha, 32-bit Arm, ...): there is nothing to probe.
 */
#include "impl.h"

#if !defined(__i386__) && !defined(__x86_64__) && !defined(__aarch64__) && \
	!defined(__s390x__) && !defined(__powerpc__) && !defined(__powerpc64__) && \
	!(defined(__riscv) && defined(__linux__))
const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ 0, NULL },
};

u32
inetcsum_probe_cpu_features(void)
{
	return 0;
}
#endif
