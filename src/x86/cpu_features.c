/* SPDX-License-Identifier: MIT */
/*
 * src/x86/cpu_features.c - CPUID/XGETBV probe of the x86 features that the
 * kernels use.
 */
#include "cpu_features.h"
#include "../cpu_features_common.h"

#if defined(__i386__) || defined(__x86_64__)
#include <cpuid.h>

const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ INETCSUM_X86_ADX, "adx" },
	{ INETCSUM_X86_BMI2, "bmi2" },
	{ INETCSUM_X86_AVX2, "avx2" },
	{ INETCSUM_X86_AVX512BW, "avx512bw" },
	{ INETCSUM_X86_AVX512VNNI, "avx512vnni" },
	{ INETCSUM_X86_AVXVNNI, "avxvnni" },
	{ 0, NULL },
};

/* XCR0 bits: SSE and AVX (YMM) state; opmask, ZMM0-15 upper halves, ZMM16-31. */
#define XCR0_YMM	0x06u
#define XCR0_ZMM	0xe6u

static u64
read_xcr0(void)
{
	u32 lo, hi;

	/* xgetbv with ecx = 0, spelled as bytes for assemblers without the mnemonic. */
	__asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((u64)hi << 32) | lo;
}

u32
inetcsum_cpu_features(void)
{
	u32 a, b, c, d;
	u32 b7 = 0, c7 = 0, d7 = 0, a71 = 0;
	u32 max_leaf, features = 0;
	u64 xcr0 = 0;

	if (!__get_cpuid(0, &max_leaf, &b, &c, &d) || max_leaf < 1)
		return mask_disabled_cpu_features(0);
	__cpuid(1, a, b, c, d);
	/*
	 * Believe AVX state only if the OS uses XSAVE (OSXSAVE, ECX bit 27)
	 * and has enabled the registers in XCR0: a CPU with AVX under an OS
	 * that does not save YMM registers must not run AVX code.
	 */
	if (c & (1u << 27))
		xcr0 = read_xcr0();
	if (max_leaf >= 7) {
		__cpuid_count(7, 0, a, b7, c7, d7);
		__cpuid_count(7, 1, a71, b, c, d);
	}
	(void)d7;
	if (b7 & (1u << 19))
		features |= INETCSUM_X86_ADX;
	if (b7 & (1u << 8))
		features |= INETCSUM_X86_BMI2;
	if ((xcr0 & XCR0_YMM) == XCR0_YMM) {
		if (b7 & (1u << 5))
			features |= INETCSUM_X86_AVX2;
		if ((b7 & (1u << 5)) && (a71 & (1u << 4)))
			features |= INETCSUM_X86_AVXVNNI;
	}
	if ((xcr0 & XCR0_ZMM) == XCR0_ZMM) {
		/* F (bit 16), BW (bit 30) and VL (bit 31) together. */
		const u32 f_bw_vl = (1u << 16) | (1u << 30) | (1u << 31);

		if ((b7 & f_bw_vl) == f_bw_vl) {
			features |= INETCSUM_X86_AVX512BW;
			if (c7 & (1u << 11))
				features |= INETCSUM_X86_AVX512VNNI;
		}
	}
	return mask_disabled_cpu_features(features);
}
#endif /* __i386__ || __x86_64__ */
