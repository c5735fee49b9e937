/* SPDX-License-Identifier: MIT */
/*
 * src/x86/cpu_features.c - CPUID/XGETBV probe of the x86 features that the
 * kernels use.
 */
#include "cpu_features.h"
#include "../cpu_features_common.h"
#include "../tuning.h"

#if defined(__i386__) || defined(__x86_64__)
#include <cpuid.h>

const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ INETCSUM_X86_ADX, "adx" },
	{ INETCSUM_X86_AVX2, "avx2" },
	{ INETCSUM_X86_AVX512BW, "avx512bw" },
	{ INETCSUM_X86_AVX512VNNI, "avx512vnni" },
	{ INETCSUM_X86_AVXVNNI, "avxvnni" },
	{ INETCSUM_X86_ZMM, "zmm" },
	{ INETCSUM_X86_SSE42, "sse42" },
	{ INETCSUM_X86_PCLMUL, "pclmul" },
	{ 0, NULL },
};

/*
 * XCR0 bits: SSE and AVX (YMM) state; and with them opmask, the upper
 * halves of ZMM0-15 and ZMM16-31 for AVX-512.
 */
#define XCR0_YMM	0x06u
#define XCR0_ZMM	0xe6u

static u64
read_xcr0(void)
{
	u32 lo, hi;

	/* xgetbv with ecx = 0, as bytes for assemblers without the mnemonic. */
	__asm__ volatile(".byte 0x0f, 0x01, 0xd0"
			 : "=a"(lo), "=d"(hi) : "c"(0));
	return ((u64)hi << 32) | lo;
}

/*
 * Policy: may the 512-bit kernels run?  On the first Intel AVX-512 server
 * cores, Skylake-SP and its refreshes Cascade Lake and Cooper Lake (family
 * 6, model 0x55), any 512-bit instruction moves the core to a lower
 * frequency license for about a millisecond (Intel 64 and IA-32
 * Architectures Optimization Reference Manual, section "Mixing AVX-512 and
 * other instructions"; the frequency tables of the Xeon Scalable
 * specification update).  A checksum of one packet takes well under a
 * microsecond, so the slowdown of all the surrounding scalar code would
 * cost far more than the wider vectors gain: there the 256-bit kernels
 * are used (x86_avx512_vnni_vl256 with VNNI, else x86_avx2).  Later cores (Ice Lake and newer, AMD Zen 4/5) lose little or
 * nothing at 512 bits for integer work, so they keep INETCSUM_X86_ZMM.
 */
static int
zmm_is_fast(u32 vendor_ebx, u32 vendor_ecx, u32 vendor_edx, u32 leaf1_eax)
{
	/* "GenuineIntel" as CPUID leaf 0 returns it in EBX, EDX, ECX. */
	const u32 genu = 0x756e6547, inel = 0x6c65746e, inei = 0x49656e69;
	u32 family = (leaf1_eax >> 8) & 0xf;
	u32 model = (leaf1_eax >> 4) & 0xf;

	if (vendor_ebx != genu || vendor_ecx != inel || vendor_edx != inei)
		return 1;
	if (family == 6 || family == 15)
		model |= ((leaf1_eax >> 16) & 0xf) << 4; /* extended */
	return !(family == 6 && model == 0x55);
}

u32
inetcsum_probe_cpu_features(void)
{
	u32 a, b, c, d;
	u32 b7 = 0, c7 = 0, d7 = 0, a71 = 0;
	u32 max_leaf, leaf1_eax, features = 0;
	u32 vb, vc, vd;
	u64 xcr0 = 0;

	if (!__get_cpuid(0, &max_leaf, &vb, &vc, &vd) || max_leaf < 1)
		return mask_disabled_cpu_features(0);
	__cpuid(1, a, b, c, d);
	leaf1_eax = a;
	if (c & (1u << 20))
		features |= INETCSUM_X86_SSE42;
	if (c & (1u << 1))
		features |= INETCSUM_X86_PCLMUL;
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
	if ((xcr0 & XCR0_YMM) == XCR0_YMM) {
		if (b7 & (1u << 5))
			features |= INETCSUM_X86_AVX2;
		if ((b7 & (1u << 5)) && (a71 & (1u << 4)))
			features |= INETCSUM_X86_AVXVNNI;
	}
	if ((xcr0 & XCR0_ZMM) == XCR0_ZMM) {
		/*
		 * F (bit 16), BW (bit 30) and VL (bit 31) together, and BMI2
		 * (bit 8): the AVX-512 kernels build their tail masks with
		 * bzhi.  Every CPU with AVX-512 BW has BMI2; a hypervisor
		 * that hid it would get the 256-bit AVX2 kernels.
		 */
		const u32 f_bw_vl = (1u << 16) | (1u << 30) | (1u << 31) |
				    (1u << 8);

		if ((b7 & f_bw_vl) == f_bw_vl) {
			features |= INETCSUM_X86_AVX512BW;
			if (c7 & (1u << 11))
				features |= INETCSUM_X86_AVX512VNNI;
			if (zmm_is_fast(vb, vc, vd, leaf1_eax))
				features |= INETCSUM_X86_ZMM;
		}
	}
	return mask_disabled_cpu_features(features);
}
/*
 * Display family and model from CPUID leaf 1 EAX (Intel SDM, "CPUID";
 * AMD's is the same): the extended family is added when the base family
 * is 0xf, and the extended model is the high nibble for families 6 and
 * 0xf and up.
 */
void
inetcsum_cpu_ident_decode(u32 eax, u32 *family, u32 *model)
{
	u32 f = (eax >> 8) & 0xf, m = (eax >> 4) & 0xf;

	if (f == 0xf)
		f += (eax >> 20) & 0xff;
	if (f == 6 || f >= 0xf)
		m |= ((eax >> 16) & 0xf) << 4;
	*family = f;
	*model = m;
}

void
inetcsum_cpu_ident(struct inetcsum_cpu_ident *id)
{
	/* Leaf 0 returns the vendor string in EBX, EDX, ECX. */
	const u32 genu = 0x756e6547, amd_auth = 0x68747541;
	u32 max_leaf, vb, vc, vd, a, b, c, d, family, model;

	id->vendor = INETCSUM_VENDOR_OTHER;
	id->family = 0;
	id->model = 0;
	if (!__get_cpuid(0, &max_leaf, &vb, &vc, &vd) || max_leaf < 1)
		return;
	__cpuid(1, a, b, c, d);
	(void)b;
	(void)c;
	(void)d;
	if (vb == genu && vd == 0x49656e69 && vc == 0x6c65746e)
		id->vendor = INETCSUM_VENDOR_INTEL;
	else if (vb == amd_auth && vd == 0x69746e65 && vc == 0x444d4163)
		id->vendor = INETCSUM_VENDOR_AMD;
	inetcsum_cpu_ident_decode(a, &family, &model);
	id->family = family;
	id->model = model;
}
#endif /* __i386__ || __x86_64__ */
