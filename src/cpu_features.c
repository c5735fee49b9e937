/* SPDX-License-Identifier: MIT */
/*
 * src/cpu_features.c - the CPU feature bits, probed once (src/<arch>/
 * cpu_features.c does the probing) and cached, for the dispatcher and the
 * tuning record alike.
 */
#include <stdatomic.h>

#include "impl.h"

/*
 * The probed CPU features, with CPU_FEATURES_KNOWN set once probed (no
 * feature bit uses it).  Probing is pure, so racing first callers store the
 * same value and a relaxed atomic is enough.
 */
#define CPU_FEATURES_KNOWN (1u << 31)
static _Atomic(u32) cpu_features_cache = 0;

u32
inetcsum_cpu_features(void)
{
	u32 f = atomic_load_explicit(&cpu_features_cache, memory_order_relaxed);

	if (!(f & CPU_FEATURES_KNOWN)) {
		f = inetcsum_probe_cpu_features() | CPU_FEATURES_KNOWN;
		atomic_store_explicit(&cpu_features_cache, f,
				      memory_order_relaxed);
	}
	return f & ~CPU_FEATURES_KNOWN;
}
