/* SPDX-License-Identifier: MIT */
/*
 * src/impl.h - the internal registry of kernels.  csum.c dispatches through
 * it; the tests, the benchmark and the command-line tool include it (they
 * link the static library) to reach every kernel directly.  Never installed.
 */
#ifndef INETCSUM_IMPL_H
#define INETCSUM_IMPL_H

#include "common.h"

typedef u32 (*inetcsum_partial_fn)(const void *data, size_t len, u32 sum);
typedef u32 (*inetcsum_copy_fn)(void *dst, const void *src, size_t len,
				u32 sum);
/* The same as inetcsum_partial_fn, with the software prefetch distance in bytes (0 = none). */
typedef u32 (*inetcsum_partial_pf_fn)(const void *data, size_t len, u32 sum,
				      size_t prefetch);

/*
 * One kernel.  'features' holds the CPU feature bits (src/<arch>/
 * cpu_features.h) that must all be present to run it; 0 for portable code.
 * 'partial_prefetch' is NULL unless the kernel takes a software prefetch
 * distance: the benchmark uses it to sweep distances at run time, while
 * 'partial' uses the build-time distance.
 */
struct inetcsum_kernel {
	const char *name;
	u32 features;
	inetcsum_partial_fn partial;
	inetcsum_copy_fn copy;
	inetcsum_partial_pf_fn partial_prefetch;
};

/*
 * Every kernel built in, best first; the last is always the portable one,
 * which every CPU supports.  "auto" picks the first supported entry.
 */
extern const struct inetcsum_kernel *const inetcsum_kernels[];
extern const size_t inetcsum_num_kernels;

/* The portable kernel (src/generic/csum_generic.c). */
extern const struct inetcsum_kernel inetcsum_kernel_generic;

/*
 * inetcsum_cpu_features() probes the CPU and OS each time it is called (no
 * cache: dispatch only calls it when choosing a kernel).  In builds with
 * INETCSUM_TEST_SUPPORT, features named in the comma-separated environment
 * variable INETCSUM_DISABLE_CPU_FEATURES are removed, and an unknown name
 * aborts, so a typo cannot silently test the wrong kernel.
 */
u32 inetcsum_cpu_features(void);

/* Feature bit names, for printing and masking; ends with {0, NULL}. */
struct inetcsum_cpu_feature {
	u32 bit;
	const char *name;
};
extern const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[];

/* Nonzero if the CPU feature mask 'features' can run kernel 'k'. */
static inline int
inetcsum_kernel_supported(const struct inetcsum_kernel *k, u32 features)
{
	return (k->features & ~features) == 0;
}

/* The kernel named 'name' among those built in, or NULL. */
const struct inetcsum_kernel *inetcsum_kernel_by_name(const char *name);

/* The kernel in use (resolving it on first use). */
const struct inetcsum_kernel *inetcsum_kernel_active(void);

#endif /* INETCSUM_IMPL_H */
