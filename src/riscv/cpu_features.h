/* SPDX-License-Identifier: MIT */
/*
 * src/riscv/cpu_features.h - RISC-V feature bits, probed at run time from
 * the kernel's report: the vector extension from AT_HWCAP (the kernel sets
 * bit 'V' only when the CPU has RVV 1.0 and the kernel saves its state),
 * Zbb from the riscv_hwprobe() system call (Linux 6.4 and later; AT_HWCAP
 * has single-letter extensions only).
 */
#ifndef INETCSUM_RISCV_CPU_FEATURES_H
#define INETCSUM_RISCV_CPU_FEATURES_H

#include "../common.h"

#define INETCSUM_RISCV_ZBB	(1u << 0)
#define INETCSUM_RISCV_V	(1u << 1)

/*
 * INETCSUM_BUILD_RISCV_ZBB, INETCSUM_BUILD_RISCV_RVV: the Zbb kernel
 * (src/riscv/csum_zbb.c) and the vector kernel (src/riscv/csum_rvv.c) are
 * compiled in.  Only 64-bit Linux builds with GNU inline assembly have
 * them: both write their Zbb and RVV instructions as inline assembly under
 * ".option arch, +zbb" / "+v" (binutils 2.38 and later), so the rest of
 * the library keeps the build's baseline (rv64gc for Debian) and no file
 * needs a -march flag.  -DINETCSUM_NO_RISCV_ZBB and -DINETCSUM_NO_RISCV_RVV
 * leave them out; the CMake probes (cmake/Intrinsics.cmake: the assembler
 * must know ".option arch") and the options INETCSUM_ENABLE_RISCV_ZBB/RVV
 * set them.
 */
#if defined(__riscv) && __riscv_xlen == 64 && defined(__GNUC__) && \
	defined(__linux__)
#  ifndef INETCSUM_NO_RISCV_ZBB
#    define INETCSUM_BUILD_RISCV_ZBB 1
#  endif
#  ifndef INETCSUM_NO_RISCV_RVV
#    define INETCSUM_BUILD_RISCV_RVV 1
#  endif
#endif

#endif /* INETCSUM_RISCV_CPU_FEATURES_H */
