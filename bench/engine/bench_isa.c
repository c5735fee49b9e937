/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_isa.c - which instruction sets this CPU and its OS
 * support, by name: for the report's "features", for the check of what a
 * peer was built for (bench_isa.h), and for choosing the limit loops
 * (bench_limits.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench_isa.h"

#if defined(__x86_64__)
#  include <cpuid.h>
#endif

#if defined(__x86_64__)
/*
 * Where CPUID reports each name of bench_isa.h (Intel SDM vol. 2A, CPUID;
 * AMD APM vol. 3, appendix E): leaf, subleaf, register, bit; and the XCR0
 * state bits the OS must have enabled for the registers it uses.
 */
static const struct {
	const char *name;
	unsigned leaf, sub;
	char reg;
	unsigned bit, xcr0;
} isa_table[] = {
	{ "sse3", 1, 0, 'c', 0, 0 },
	{ "ssse3", 1, 0, 'c', 9, 0 },
	{ "fma", 1, 0, 'c', 12, 0x06 },
	{ "sse4.1", 1, 0, 'c', 19, 0 },
	{ "sse4.2", 1, 0, 'c', 20, 0 },
	{ "movbe", 1, 0, 'c', 22, 0 },
	{ "popcnt", 1, 0, 'c', 23, 0 },
	{ "avx", 1, 0, 'c', 28, 0x06 },
	{ "f16c", 1, 0, 'c', 29, 0x06 },
	{ "bmi", 7, 0, 'b', 3, 0 },
	{ "avx2", 7, 0, 'b', 5, 0x06 },
	{ "bmi2", 7, 0, 'b', 8, 0 },
	{ "avx512f", 7, 0, 'b', 16, 0xe6 },
	{ "avx512dq", 7, 0, 'b', 17, 0xe6 },
	{ "adx", 7, 0, 'b', 19, 0 },
	{ "avx512ifma", 7, 0, 'b', 21, 0xe6 },
	{ "avx512cd", 7, 0, 'b', 28, 0xe6 },
	{ "sha", 7, 0, 'b', 29, 0 },
	{ "avx512bw", 7, 0, 'b', 30, 0xe6 },
	{ "avx512vl", 7, 0, 'b', 31, 0xe6 },
	{ "avx512vbmi", 7, 0, 'c', 1, 0xe6 },
	{ "avx512vbmi2", 7, 0, 'c', 6, 0xe6 },
	{ "gfni", 7, 0, 'c', 8, 0 },
	{ "vaes", 7, 0, 'c', 9, 0x06 },
	{ "vpclmulqdq", 7, 0, 'c', 10, 0x06 },
	{ "avx512vnni", 7, 0, 'c', 11, 0xe6 },
	{ "avx512bitalg", 7, 0, 'c', 12, 0xe6 },
	{ "avx512vpopcntdq", 7, 0, 'c', 14, 0xe6 },
	{ "avx512vp2intersect", 7, 0, 'd', 8, 0xe6 },
	{ "avx512fp16", 7, 0, 'd', 23, 0xe6 },
	{ "avxvnni", 7, 1, 'a', 4, 0x06 },
	{ "avx512bf16", 7, 1, 'a', 5, 0xe6 },
	{ "lzcnt", 0x80000001u, 0, 'c', 5, 0 },
};

/* XCR0, or 0 when the OS does not use XSAVE (CPUID.1:ECX.OSXSAVE). */
static uint64_t
xcr0(void)
{
	unsigned a, b, c, d, lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !((c >> 27) & 1))
		return 0;
	/* xgetbv with ecx = 0, as bytes for assemblers without it. */
	__asm__ volatile(".byte 0x0f, 0x01, 0xd0"
			 : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

int
inetcsum_bench_isa_have(const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(isa_table) / sizeof(isa_table[0]); i++) {
		unsigned r[4] = { 0, 0, 0, 0 }, v;

		if (strlen(isa_table[i].name) != n ||
		    strncmp(isa_table[i].name, name, n) != 0)
			continue;
		/* __get_cpuid_count() checks the leaf against the maximum. */
		if (!__get_cpuid_count(isa_table[i].leaf, isa_table[i].sub,
				       &r[0], &r[1], &r[2], &r[3]))
			return 0;
		v = r[isa_table[i].reg == 'a' ? 0 : isa_table[i].reg == 'b' ?
		      1 : isa_table[i].reg == 'c' ? 2 : 3];
		return ((v >> isa_table[i].bit) & 1) &&
		       (xcr0() & isa_table[i].xcr0) == isa_table[i].xcr0;
	}
	return 0;	/* unknown: assume the worst */
}

void
inetcsum_bench_isa_present(char *buf, size_t size)
{
	size_t i, used = 0;

	if (size > 0)
		buf[0] = '\0';
	for (i = 0; i < sizeof(isa_table) / sizeof(isa_table[0]); i++) {
		const char *name = isa_table[i].name;

		if (inetcsum_bench_isa_have(name, strlen(name)) &&
		    used + strlen(name) + 2 < size)
			used += (size_t)snprintf(buf + used, size - used,
						 "%s%s", used ? " " : "",
						 name);
	}
}
#else
int
inetcsum_bench_isa_have(const char *name, size_t n)
{
	(void)name;
	(void)n;
	return 1;	/* bench_isa.h lists nothing here */
}

void
inetcsum_bench_isa_present(char *buf, size_t size)
{
	if (size > 0)
		buf[0] = '\0';
}
#endif

size_t
inetcsum_bench_isa_missing(const char *isa, char *buf, size_t size)
{
	size_t missing = 0, used = 0;

	if (size > 0)
		buf[0] = '\0';
	while (isa != NULL && *isa != '\0') {
		size_t n;

		isa += strspn(isa, " ");
		n = strcspn(isa, " ");
		if (n > 0 && !inetcsum_bench_isa_have(isa, n)) {
			missing++;
			if (used + n + 2 < size)
				used += (size_t)snprintf(buf + used,
							 size - used,
							 "%s%.*s",
							 used ? " " : "",
							 (int)n, isa);
		}
		isa += n;
	}
	return missing;
}
