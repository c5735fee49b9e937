/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/linux_shim/linux/linkage.h - for assembling Linux's
 * arch/x86/lib/csum-copy_64.S unchanged in user space (the "linux" peer's
 * copy, bench/peers/peer_linux.c): a global function symbol at a 16-byte
 * boundary, its size, and a plain return (the kernel's RET may add a
 * return thunk, a mitigation user space does not have).
 */
#ifndef INETCSUM_LINUX_SHIM_LINKAGE_H
#define INETCSUM_LINUX_SHIM_LINKAGE_H

#define SYM_FUNC_START(name)	.globl name ; .type name, @function ;	\
				.p2align 4 ; name:
#define SYM_FUNC_END(name)	.size name, . - name
#define RET			ret

#endif
