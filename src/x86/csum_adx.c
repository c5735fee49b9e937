/* SPDX-License-Identifier: MIT */
/*
 * src/x86/csum_adx.c - the scalar x86-64 kernel csum_x86_adx: two
 * independent add-with-carry chains, one through the carry flag (adcx) and
 * one through the overflow flag (adox).
 *
 * Why it exists: a ones' complement sum is a chain of 64-bit additions in
 * which each carry is added back in.  With adc the carry of one addition
 * feeds the next, so the additions of one chain are serial (one per cycle).
 * ADX (Intel Broadwell and later, AMD Zen and later) added adcx and adox,
 * which read and write only CF or only OF, so two chains can interleave in
 * one instruction stream and run in parallel: up to two 8-byte additions
 * per cycle on the two ports that execute them, about 16 bytes per cycle,
 * with one instruction (and one fused load) per 8 bytes.  The portable
 * kernel (src/generic/csum_generic.c) needs two instructions per 8 bytes
 * (add, then adc of the carry) to get its parallelism from four chains.
 * This kernel is meant for x86-64 CPUs whose vector units are missing,
 * disabled or slow (e.g. AVX2 masked off, or low-power cores).
 *
 * The flags cannot live across C statements, so each asm block starts with
 * an xor (which clears CF and OF) and ends by adding the pending carries
 * back with two rounds of adcx/adox of zero: after the first round a chain
 * can only carry out if it wrapped to exactly 0, and then the second round
 * makes it 1, the end-around carry.  Blocks are 256 bytes (64-byte blocks
 * for the rest), so those 5 extra instructions cost little.  Inputs of at
 * most X86_SHORT_MAX bytes, and the last 0-63 bytes, use the add/adc chain
 * of csum_x86_scalar.h.
 *
 * The instructions are written in inline assembly because gcc and clang
 * compile _addcarryx_u64() to adc, never to an adcx/adox pair.  Needs an
 * assembler that knows ADX (binutils >= 2.23).
 */
#include "../impl.h"
#include "cpu_features.h"
#include "kernels.h"

#if defined(INETCSUM_ARCH_X86_64) && !defined(INETCSUM_NO_ADX)
#include "csum_x86_scalar.h"

/* Add the 16 bytes at p + x (to chain a) and p + y (to chain b). */
#define ADX2(x, y)							\
	"adcxq " #x "(%[p]), %[a]\n\t"					\
	"adoxq " #y "(%[p]), %[b]\n\t"

#define ADX_64(o0, o1, o2, o3, o4, o5, o6, o7)				\
	ADX2(o0, o1) ADX2(o2, o3) ADX2(o4, o5) ADX2(o6, o7)

/* Add the pending carries back, twice (see the top of the file). */
#define ADX_FOLD							\
	"adcxq %[z], %[a]\n\t"						\
	"adoxq %[z], %[b]\n\t"						\
	"adcxq %[z], %[a]\n\t"						\
	"adoxq %[z], %[b]\n\t"

static INETCSUM_FORCEINLINE void
adx_256(const u8 *p, u64 *a, u64 *b)
{
	u64 z;

	__asm__("xorl %k[z], %k[z]\n\t"
		ADX_64(0, 8, 16, 24, 32, 40, 48, 56)
		ADX_64(64, 72, 80, 88, 96, 104, 112, 120)
		ADX_64(128, 136, 144, 152, 160, 168, 176, 184)
		ADX_64(192, 200, 208, 216, 224, 232, 240, 248)
		ADX_FOLD
		: [a] "+r"(*a), [b] "+r"(*b), [z] "=&r"(z)
		: [p] "r"(p), "m"(*(const u8 (*)[256])p)
		: "cc");
}

static INETCSUM_FORCEINLINE void
adx_64(const u8 *p, u64 *a, u64 *b)
{
	u64 z;

	__asm__("xorl %k[z], %k[z]\n\t"
		ADX_64(0, 8, 16, 24, 32, 40, 48, 56)
		ADX_FOLD
		: [a] "+r"(*a), [b] "+r"(*b), [z] "=&r"(z)
		: [p] "r"(p), "m"(*(const u8 (*)[64])p)
		: "cc");
}

/*
 * Copy 16 bytes from p + x to q + x and add them to the chains.  The loaded
 * register is stored and added, so every byte is read once; mov does not
 * touch the flags.
 */
#define ADXC2(x, y)							\
	"movq " #x "(%[p]), %[t0]\n\t"					\
	"movq " #y "(%[p]), %[t1]\n\t"					\
	"movq %[t0], " #x "(%[q])\n\t"					\
	"movq %[t1], " #y "(%[q])\n\t"					\
	"adcxq %[t0], %[a]\n\t"						\
	"adoxq %[t1], %[b]\n\t"

#define ADXC_64(o0, o1, o2, o3, o4, o5, o6, o7)				\
	ADXC2(o0, o1) ADXC2(o2, o3) ADXC2(o4, o5) ADXC2(o6, o7)

static INETCSUM_FORCEINLINE void
adx_copy_128(u8 *q, const u8 *p, u64 *a, u64 *b)
{
	u64 z, t0, t1;

	__asm__("xorl %k[z], %k[z]\n\t"
		ADXC_64(0, 8, 16, 24, 32, 40, 48, 56)
		ADXC_64(64, 72, 80, 88, 96, 104, 112, 120)
		ADX_FOLD
		: [a] "+r"(*a), [b] "+r"(*b), [z] "=&r"(z),
		  [t0] "=&r"(t0), [t1] "=&r"(t1),
		  "=m"(*(u8 (*)[128])q)
		: [p] "r"(p), [q] "r"(q), "m"(*(const u8 (*)[128])p)
		: "cc");
}

static INETCSUM_FORCEINLINE void
adx_copy_64(u8 *q, const u8 *p, u64 *a, u64 *b)
{
	u64 z, t0, t1;

	__asm__("xorl %k[z], %k[z]\n\t"
		ADXC_64(0, 8, 16, 24, 32, 40, 48, 56)
		ADX_FOLD
		: [a] "+r"(*a), [b] "+r"(*b), [z] "=&r"(z),
		  [t0] "=&r"(t0), [t1] "=&r"(t1),
		  "=m"(*(u8 (*)[64])q)
		: [p] "r"(p), [q] "r"(q), "m"(*(const u8 (*)[64])p)
		: "cc");
}

static INETCSUM_FORCEINLINE u32
partial_adx(const u8 *p, size_t len, u32 sum, size_t prefetch)
{
	u64 a = sum, b = 0;

	if (len <= X86_SHORT_MAX)
		return inetcsum_x86_partial_short(p, len, sum);
	{
		if (prefetch != 0) {
			/*
			 * p + prefetch + 255 stays inside the buffer (written
			 * so that a huge 'prefetch' cannot wrap around).
			 */
			while (len >= 256 && len - 256 >= prefetch) {
				INETCSUM_PREFETCH(p + prefetch);
				INETCSUM_PREFETCH(p + prefetch + 64);
				INETCSUM_PREFETCH(p + prefetch + 128);
				INETCSUM_PREFETCH(p + prefetch + 192);
				adx_256(p, &a, &b);
				p += 256;
				len -= 256;
			}
		}
		while (len >= 256) {
			adx_256(p, &a, &b);
			p += 256;
			len -= 256;
		}
		while (len >= 64) {
			adx_64(p, &a, &b);
			p += 64;
			len -= 64;
		}
	}
	b = add64_eac(b, x86_sum_short(p, len));
	return fold64_to_32(add64_eac(a, b));
}

static u32
csum_x86_adx(const void *data, size_t len, u32 sum)
{
	return partial_adx(data, len, sum, INETCSUM_X86_ADX_PREFETCH_DISTANCE);
}

static u32
csum_copy_x86_adx(void *dst, const void *src, size_t len, u32 sum)
{
	const u8 *p = src;
	u8 *q = dst;
	u64 a = sum, b = 0;

	if (len <= X86_SHORT_MAX)
		return inetcsum_x86_copy_short(q, p, len, sum);
	{
		while (len >= 128) {
			adx_copy_128(q, p, &a, &b);
			p += 128;
			q += 128;
			len -= 128;
		}
		if (len >= 64) {
			adx_copy_64(q, p, &a, &b);
			p += 64;
			q += 64;
			len -= 64;
		}
	}
	b = add64_eac(b, x86_copy_short(q, p, len));
	return fold64_to_32(add64_eac(a, b));
}

const struct inetcsum_kernel inetcsum_kernel_x86_adx = {
	.name = "x86_adx",
	.features = INETCSUM_X86_ADX,
	.partial = csum_x86_adx,
	.copy = csum_copy_x86_adx,
	.inline_short_max = INETCSUM_X86_SHORT_MAX,
	.copy_inline_short_max = INETCSUM_X86_SHORT_MAX,
};
#endif /* x86-64 && !INETCSUM_NO_ADX */
