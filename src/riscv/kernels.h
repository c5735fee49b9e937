/* SPDX-License-Identifier: MIT */
/*
 * src/riscv/kernels.h - the RISC-V kernels built in, best first, for the
 * registry in src/dispatch.c (through src/arch.h).  ARCH_KERNELS stays
 * undefined while there are none, and the dispatcher then calls the
 * portable kernel directly.
 */
#ifndef INETCSUM_RISCV_KERNELS_H
#define INETCSUM_RISCV_KERNELS_H

#include "../impl.h"
#include "cpu_features.h"

#ifdef INETCSUM_BUILD_RISCV_RVV
/* src/riscv/csum_rvv.c: "riscv_rvv", partial sum and fused copy. */
extern const struct inetcsum_kernel inetcsum_kernel_riscv_rvv;
#  define RISCV_RVV_KERNEL &inetcsum_kernel_riscv_rvv,
#else
#  define RISCV_RVV_KERNEL
#endif

#ifdef INETCSUM_BUILD_RISCV_ZBB
/* src/riscv/csum_zbb.c: "riscv_zbb", partial sum and fused copy. */
extern const struct inetcsum_kernel inetcsum_kernel_riscv_zbb;
#  define RISCV_ZBB_KERNEL &inetcsum_kernel_riscv_zbb,
#else
#  define RISCV_ZBB_KERNEL
#endif

#if defined(INETCSUM_BUILD_RISCV_RVV) || defined(INETCSUM_BUILD_RISCV_ZBB)
#  define ARCH_KERNELS RISCV_RVV_KERNEL RISCV_ZBB_KERNEL
#endif

#endif /* INETCSUM_RISCV_KERNELS_H */
