/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/linux_shim/asm/checksum.h - the declarations Linux's
 * csum-partial_64.c expects from <asm/checksum.h>: its own two functions
 * and csum_fold(), which ip_compute_csum() uses (fold a 32-bit partial
 * sum to 16 bits with end-around carries, then complement).
 */
#ifndef INETCSUM_LINUX_SHIM_CHECKSUM_H
#define INETCSUM_LINUX_SHIM_CHECKSUM_H

#include <linux/compiler.h>

__wsum csum_partial(const void *buff, int len, __wsum sum);
__sum16 ip_compute_csum(const void *buff, int len);

static inline __sum16
csum_fold(__wsum sum)
{
	u32 s = (sum & 0xffff) + (sum >> 16);

	s = (s & 0xffff) + (s >> 16);
	return (__sum16)~s;
}

#endif
