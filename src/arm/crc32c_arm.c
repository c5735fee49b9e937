/* SPDX-License-Identifier: MIT */
/*
 * src/arm/crc32c_arm.c - CRC32c with the Armv8 CRC32 instructions
 * (crc32cb/h/w/x, ACLE __crc32c*), which compute SCTP's CRC (Castagnoli,
 * reflected) over 1 to 8 bytes.  They are optional in Armv8.0 (the
 * Cortex-A53 of many boards has them, some SoCs leave them out) and
 * mandatory from Armv8.1, so the kernel runs only where Linux reports
 * HWCAP_CRC32 (src/arm/cpu_features.c).
 *
 * One stream of 8-byte instructions: each depends on the one before, so
 * the kernel runs at the instruction's latency (2 to 3 cycles on Neoverse
 * and Cortex-A7x cores).  Three interleaved streams joined with PMULL, as
 * the x86 kernel does (src/x86/crc32c_sse42.c), would approach one
 * instruction per cycle; not done yet.  Big-endian arm64 would need the
 * loads byte-swapped and is not built (the tree supports little-endian
 * arm64 only).  Unaligned 8-byte loads inside the buffer, then 4, 2, 1
 * bytes: no byte outside it is read.
 */
#include "../crc32c.h"

#ifdef INETCSUM_BUILD_CRC32C_ARM
#include <arm_acle.h>

#include "cpu_features.h"

/* Nothing to add when the command line enables CRC (clang needs it to). */
#ifdef __ARM_FEATURE_CRC32
#  define ATTR_CRC
#else
#  define ATTR_CRC INETCSUM_TARGET("+crc")
#endif

ATTR_CRC static u32
crc32c_arm_crc32(u32 crc, const u8 *p, size_t len)
{
	CRC32C_ONE_STREAM(crc, p, len, u32, __crc32cd, __crc32cw, __crc32ch,
			  __crc32cb);
	return crc;
}

const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_arm_crc32 = {
	.name = "arm_crc32",
	.features = INETCSUM_ARM_CRC32,
	.update = crc32c_arm_crc32,
};
#endif /* INETCSUM_BUILD_CRC32C_ARM */
