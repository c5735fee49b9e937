/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_flush.c - evicting a buffer from the caches
 * (clflushopt or clflush + mfence on x86, dc civac + dsb on arm64, nothing
 * elsewhere) and the size of the rotating pool that replaces it.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <unistd.h>

#include "bench_flush.h"
#include "bench_isa.h"	/* BENCH_TARGET */

#if defined(__x86_64__) || defined(__i386__)
#  include <cpuid.h>
#  include <immintrin.h>
#endif

static const char pool_text[] = "rotating buffer pool larger than the caches";

#if defined(__x86_64__) || defined(__i386__)
/*
 * clflush and mfence are SSE2 instructions: baseline on x86-64, not in the
 * i686 baseline that Debian's 32-bit x86 compiler targets, where their
 * intrinsics exist only inside a function built for SSE2; CPUID then says
 * whether the CPU has them (leaf 1, EDX bits 19 CLFSH and 26 SSE2).
 */
#  if defined(__i386__) && !defined(__SSE2__)
#    define FLUSH_SSE2 BENCH_TARGET("sse2")
#  else
#    define FLUSH_SSE2
#  endif

static int
have_clflush(void)
{
#  if defined(__x86_64__)
	return 1;
#  else
	unsigned a, b, c, d;

	return __get_cpuid(1, &a, &b, &c, &d) && ((d >> 19) & 1) &&
	       ((d >> 26) & 1);
#  endif
}

/*
 * CPUID leaf 7, EBX bit 23: CLFLUSHOPT (Intel SDM vol. 2A, CPUID).  Only
 * x86-64 uses it; 32-bit x86 keeps clflush, as gso_bench always did there.
 */
static int
have_clflushopt(void)
{
#  if defined(__x86_64__)
	unsigned a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return 0;
	return (b >> 23) & 1;
#  else
	return 0;
#  endif
}

/* CPUID leaf 1, EBX bits 15:8: the CLFLUSH line size in 8-byte units. */
static size_t
flush_line(void)
{
	unsigned a, b, c, d;
	size_t line = 0;

	if (__get_cpuid(1, &a, &b, &c, &d))
		line = ((b >> 8) & 0xff) * 8;
	return line ? line : 64;
}

#  if defined(__x86_64__)
BENCH_TARGET("clflushopt") static void
flush_opt(const char *p, const char *end, size_t line)
{
	for (; p < end; p += line)
		_mm_clflushopt((void *)p);
	/* clflushopt is ordered only by fences: wait for every eviction. */
	_mm_mfence();
}
#  endif

FLUSH_SSE2 static void
flush_plain(const char *p, const char *end, size_t line)
{
	for (; p < end; p += line)
		_mm_clflush(p);
	_mm_mfence();
}

/* The tool's default on 32-bit x86 stayed the pool it always used. */
enum bench_cold_method
inetcsum_bench_cold_default(void)
{
#  if defined(__x86_64__)
	return COLD_FLUSH;
#  else
	return COLD_POOL;
#  endif
}

const char *
inetcsum_bench_cold_describe(enum bench_cold_method m)
{
	if (m == COLD_POOL)
		return pool_text;
	return have_clflushopt() ? "clflushopt + mfence on every line"
				 : "clflush + mfence on every line";
}

int
inetcsum_bench_flush_works(void)
{
	return have_clflush();
}

void
inetcsum_bench_flush(const void *p, size_t len)
{
	static size_t line;
	static int opt = -1;
	const char *b;

	if (opt < 0) {
		line = flush_line();
		opt = have_clflushopt() ? 1 : have_clflush() ? 0 : 2;
	}
	/* Start at the line holding the first byte. */
	b = (const char *)((uintptr_t)p & ~(uintptr_t)(line - 1));
#  if defined(__x86_64__)
	if (opt == 1) {
		flush_opt(b, (const char *)p + len, line);
		return;
	}
#  endif
	if (opt == 0)
		flush_plain(b, (const char *)p + len, line);
}
#elif defined(__aarch64__)
/* CTR_EL0.DminLine (bits 19:16): log2 of the smallest D-cache line in words. */
static size_t
flush_line(void)
{
	uint64_t ctr;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	return (size_t)4 << ((ctr >> 16) & 0xf);
}

enum bench_cold_method
inetcsum_bench_cold_default(void)
{
	return COLD_FLUSH;
}

const char *
inetcsum_bench_cold_describe(enum bench_cold_method m)
{
	if (m == COLD_POOL)
		return pool_text;
	return "dc civac + dsb ish on every line";
}

int
inetcsum_bench_flush_works(void)
{
	return 1;
}

void
inetcsum_bench_flush(const void *p, size_t len)
{
	static size_t line;
	const char *b, *end = (const char *)p + len;

	if (line == 0)
		line = flush_line();
	b = (const char *)((uintptr_t)p & ~(uintptr_t)(line - 1));
	/* Clean and invalidate to the point of coherency (Arm ARM, DC). */
	for (; b < end; b += line)
		__asm__ volatile("dc civac, %0" : : "r"(b) : "memory");
	__asm__ volatile("dsb ish" : : : "memory");
}
#else
enum bench_cold_method
inetcsum_bench_cold_default(void)
{
	return COLD_POOL;
}

const char *
inetcsum_bench_cold_describe(enum bench_cold_method m)
{
	(void)m;
	return pool_text;
}

int
inetcsum_bench_flush_works(void)
{
	return 0;
}

void
inetcsum_bench_flush(const void *p, size_t len)
{
	(void)p;
	(void)len;
}
#endif

/*
 * The pool must be much larger than the last-level cache so that a buffer
 * is evicted before the rotation comes back to it: four times the LLC the
 * C library reports, at least 64 MiB (when it reports nothing) and at most
 * 512 MiB, so that the benchmark stays runnable on a shared machine.  On
 * CPUs whose LLC is larger than 128 MiB the cap makes the pool smaller than
 * 4x; the header prints the size used.
 */
size_t
inetcsum_bench_pool_bytes(void)
{
	long llc = -1;
	size_t bytes;

#ifdef _SC_LEVEL3_CACHE_SIZE
	llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
	if (llc <= 0)
		llc = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
	bytes = llc > 0 ? 4 * (size_t)llc : 0;
	if (bytes < ((size_t)64 << 20))
		bytes = (size_t)64 << 20;
	if (bytes > ((size_t)512 << 20))
		bytes = (size_t)512 << 20;
	return bytes;
}
