/* SPDX-License-Identifier: MIT */
/*
 * src/arch.h - this CPU architecture's kernels, for the files that list or
 * call them (src/csum.c, src/dispatch.c): the one place that picks the
 * architecture's header.  It defines, or leaves undefined:
 *
 *   ARCH_KERNELS   the registry entries of the architecture's kernels,
 *                  best first (none: only the portable kernel)
 *   ARCH_TAG(k)    the flags stored in bits 0 to 2 of the kernel-in-use
 *                  pointer for kernel 'k' (src/dispatch.h); 0 where unused
 *   INETCSUM_ARCH_PARTIAL_ENTRY, INETCSUM_ARCH_COPY_ENTRY
 *                  defined where the architecture defines inetcsum_partial()
 *                  or inetcsum_copy() itself (x86-64: src/x86/dispatch.c)
 */
#ifndef INETCSUM_ARCH_H
#define INETCSUM_ARCH_H

#if defined(__x86_64__) || defined(__i386__)
#  include "x86/dispatch.h"
#elif defined(__aarch64__)
#  include "arm/kernels.h"
#elif defined(__s390x__)
#  include "s390/kernels.h"
#elif defined(__powerpc__) || defined(__powerpc64__)
#  include "ppc/kernels.h"
#elif defined(__riscv)
#  include "riscv/kernels.h"
#endif

#ifndef ARCH_TAG
#  define ARCH_TAG(k) ((uintptr_t)0)
#endif

#endif /* INETCSUM_ARCH_H */
