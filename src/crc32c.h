/* SPDX-License-Identifier: MIT */
/*
 * src/crc32c.h - the CRC32c kernels (src/crc32c.c, src/x86/crc32c_sse42.c,
 * src/arm/crc32c_arm.c) and their registry, for the entry points in
 * src/crc32c.c and for the tests, which call every kernel directly.
 *
 * A kernel updates the raw CRC register: no inversion before or after
 * (inetcsum_crc32c() does both), bit-reflected, polynomial 0x1EDC6F41
 * (0x82F63B78 reflected).  So kernel(kernel(s, A), B) == kernel(s, A||B)
 * for any split, and a kernel from state 0 is linear in the data, which the
 * x86 three-stream kernel relies on.  A kernel reads exactly 'len' bytes
 * from 'data', with any alignment.
 */
#ifndef INETCSUM_CRC32C_H
#define INETCSUM_CRC32C_H

#include "common.h"

typedef u32 (*inetcsum_crc32c_fn)(u32 crc, const u8 *data, size_t len);

struct inetcsum_crc32c_kernel {
	const char *name;
	u32 features;		/* CPU feature bits it needs, as in impl.h */
	inetcsum_crc32c_fn update;
};

/* The portable slicing-by-8 kernel (src/crc32c.c). */
extern const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_generic;

#if (defined(__x86_64__) || defined(_M_X64)) && !defined(INETCSUM_NO_SSE42)
#  define INETCSUM_BUILD_CRC32C_SSE42 1
extern const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_x86_pclmul;
extern const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_x86_sse42;
#endif

/*
 * arm64: gcc declares the ACLE CRC32 intrinsics whatever the command line
 * and lets target("+crc") enable them per function; clang 14's
 * <arm_acle.h> declares them only when the command line enables CRC
 * (-march=armv8-a+crc, or any armv8.1-a and later), so clang builds have
 * the kernel only then (cmake/Intrinsics.cmake's probe agrees).
 */
#if defined(__aarch64__) && defined(__AARCH64EL__) && \
	!defined(INETCSUM_NO_ARM_CRC32) && \
	(defined(__ARM_FEATURE_CRC32) || \
	 (defined(__GNUC__) && !defined(__clang__)))
#  define INETCSUM_BUILD_CRC32C_ARM 1
extern const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_arm_crc32;
#endif

/*
 * Every CRC32c kernel built in, best first; the last is the portable one.
 * The dispatcher picks the first that the CPU supports.
 */
extern const struct inetcsum_crc32c_kernel *const inetcsum_crc32c_kernels[];
extern const size_t inetcsum_num_crc32c_kernels;

/*
 * The one-stream loop of the hardware kernels (src/x86/crc32c_sse42.c,
 * src/arm/crc32c_arm.c), given the ISA's CRC32c steps over 8, 4, 2 and 1
 * bytes as STEP64(crc, u64 bytes) ... STEP8(crc, u8): unaligned 8-byte
 * loads inside the buffer, then the 4-, 2- and 1-byte tail, so nothing at
 * or past p + len is read.  WIDE is the type STEP64 takes and returns the
 * register in (x86: u64), so the 8-byte loop carries no conversion on its
 * dependency chain (a u32 round trip cost a 'mov %eax,%eax' per step with
 * gcc 12).  A macro, not a function, so that it expands inside each
 * kernel's target attribute.  'crc' (a u32), 'p' and 'len' are updated in
 * place.
 */
#define CRC32C_ONE_STREAM(crc, p, len, WIDE, STEP64, STEP32, STEP16, STEP8) \
	do {								\
		WIDE w_ = (crc);					\
		u64 v8_;						\
		u32 v4_;						\
		u16 v2_;						\
									\
		for (; (len) >= 8; (p) += 8, (len) -= 8) {		\
			memcpy(&v8_, (p), 8);				\
			w_ = STEP64(w_, v8_);				\
		}							\
		(crc) = (u32)w_;					\
		if ((len) & 4) {					\
			memcpy(&v4_, (p), 4);				\
			(crc) = STEP32((crc), v4_);			\
			(p) += 4;					\
		}							\
		if ((len) & 2) {					\
			memcpy(&v2_, (p), 2);				\
			(crc) = STEP16((crc), v2_);			\
			(p) += 2;					\
		}							\
		if ((len) & 1)						\
			(crc) = STEP8((crc), *(p));			\
	} while (0)

/*
 * The CPU feature bits that only the CRC32c kernels use.  The tuning record
 * keys on the checksum kernels' bits alone (src/tuning_record.c), so that
 * records written before CRC32c existed still match their CPU.
 */
#if defined(__x86_64__) || defined(__i386__)
#  include "x86/cpu_features.h"
#  define INETCSUM_CRC32C_FEATURES (INETCSUM_X86_SSE42 | INETCSUM_X86_PCLMUL)
#elif defined(__aarch64__)
#  include "arm/cpu_features.h"
#  define INETCSUM_CRC32C_FEATURES INETCSUM_ARM_CRC32
#else
#  define INETCSUM_CRC32C_FEATURES 0u
#endif

#endif /* INETCSUM_CRC32C_H */
