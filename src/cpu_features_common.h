/* SPDX-License-Identifier: MIT */
/*
 * src/cpu_features_common.h - test-only masking of CPU features, shared by
 * the per-arch probes.  Compiled out unless INETCSUM_TEST_SUPPORT is set, so
 * release builds never read the environment variable.
 */
#ifndef INETCSUM_CPU_FEATURES_COMMON_H
#define INETCSUM_CPU_FEATURES_COMMON_H

#include "impl.h"

#ifdef INETCSUM_TEST_SUPPORT
#include <stdio.h>
#include <stdlib.h>

/*
 * Remove from 'features' every feature named in the comma-separated list
 * INETCSUM_DISABLE_CPU_FEATURES.  An unknown name aborts: a test that
 * meant to mask a feature and silently did not would test the wrong kernel.
 */
static inline u32
mask_disabled_cpu_features(u32 features)
{
	const char *p = getenv("INETCSUM_DISABLE_CPU_FEATURES");

	while (p != NULL && *p != '\0') {
		size_t n = strcspn(p, ",");
		const struct inetcsum_cpu_feature *f;

		for (f = inetcsum_cpu_feature_table; f->name != NULL; f++) {
			if (strlen(f->name) == n &&
			    strncmp(f->name, p, n) == 0)
				break;
		}
		if (n != 0 && f->name == NULL) {
			fprintf(stderr, "INETCSUM_DISABLE_CPU_FEATURES: "
				"unknown feature \"%.*s\"\n", (int)n, p);
			abort();
		}
		if (f->name != NULL)
			features &= ~f->bit;
		p += n;
		if (*p == ',')
			p++;
	}
	return features;
}
#else
static inline u32
mask_disabled_cpu_features(u32 features)
{
	return features;
}
#endif

#endif /* INETCSUM_CPU_FEATURES_COMMON_H */
