/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/linux_shim/asm/word-at-a-time.h - load_unaligned_zeropad():
 * in the kernel, one unaligned 8-byte load that may run past the end of
 * the buffer into the next page; if that page is not mapped, an exception
 * fixup redoes it as an aligned load and zero-fills.  Here it is the same
 * plain load, and inetcsum bench keeps readable memory after every
 * buffer it passes (bench/engine/bench_driver.c, BENCH_SLACK), so it
 * never faults; the bytes past the end are shifted out by the caller.
 */
#ifndef INETCSUM_LINUX_SHIM_WORD_AT_A_TIME_H
#define INETCSUM_LINUX_SHIM_WORD_AT_A_TIME_H

#include <string.h>

#include <linux/compiler.h>

static inline unsigned long
load_unaligned_zeropad(const void *addr)
{
	unsigned long w;

	memcpy(&w, addr, sizeof(w));
	return w;
}

#endif
