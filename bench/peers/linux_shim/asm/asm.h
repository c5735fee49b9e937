/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/linux_shim/asm/asm.h - the kernel's exception-table entries
 * (a faulting user-memory access jumps to a fixup) mean nothing here: the
 * benchmark passes only mapped buffers, so they assemble to nothing.
 */
#ifndef INETCSUM_LINUX_SHIM_ASM_H
#define INETCSUM_LINUX_SHIM_ASM_H

#define _ASM_EXTABLE(from, to)
#define _ASM_EXTABLE_UA(from, to)

#endif
