/* SPDX-License-Identifier: MIT */
/*
 * src/impl.h - the internal registry of kernels.  csum.c dispatches through
 * it; the tests and fuzzers include it (they link the static library) to
 * reach every kernel directly.  Never installed; the benchmark and the
 * command-line tool use only the public API.
 */
#ifndef INETCSUM_IMPL_H
#define INETCSUM_IMPL_H

#include "common.h"


/*
 * One kernel.  'features' holds the CPU feature bits (src/<arch>/
 * cpu_features.h) that must all be present to run it; 0 for portable code.
 * A kernel that prefetches does so at its build-time distance (src/common.h,
 * src/arm/csum_neon.c, x86_adx in src/x86/csum_x86_scalar.h), except the
 * x86 vector kernels, whose distance the tuning table sets at run time
 * (src/tuning.c); bench/prefetch_sweep.sh measures build-time distances
 * with builds of their own.  'inline_short_max'
 * is nonzero for a kernel whose 'partial' sums inputs of up to that many
 * bytes with the scalar code that inetcsum_partial() can run inline (x86-64:
 * x86_sum_short(), INETCSUM_X86_SHORT_MAX), so the dispatcher may skip the
 * indirect call for them and get the same sum; 'copy_inline_short_max'
 * is the same for its 'copy' (x86-64: x86_copy_short()).
 */
struct inetcsum_kernel {
	/*
	 * Aligned to 8 bytes on every target, 32-bit ones included, so that
	 * the low 3 bits of a kernel's address are free for the flags of the
	 * kernel-in-use pointer (src/dispatch.h).
	 */
	_Alignas(8) const char *name;
	u32 features;
	inetcsum_partial_fn partial;
	inetcsum_copy_fn copy;
	size_t inline_short_max;
	size_t copy_inline_short_max;
	/*
	 * Set only in the dispatcher's composite of two kernels (the tuning
	 * table chose another kernel for the copy): the copy's kernel.
	 */
	const char *copy_name;
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
 * inetcsum_cpu_features() returns the CPU feature bits of src/<arch>/
 * cpu_features.h that this CPU and OS support.  The first call probes
 * (inetcsum_probe_cpu_features(), per architecture: CPUID and XGETBV on
 * x86, which trap to the hypervisor in a VM) and caches the result with a
 * "known" bit, as libdeflate does; later calls are one relaxed load.
 * Threads racing the first call probe twice and store the same value.  In
 * builds with INETCSUM_TEST_SUPPORT, features named in the comma-separated
 * environment variable INETCSUM_DISABLE_CPU_FEATURES are removed (read once,
 * at the probe), and an unknown name aborts, so a typo cannot silently test
 * the wrong kernel.
 */
u32 inetcsum_cpu_features(void);
u32 inetcsum_probe_cpu_features(void);

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
