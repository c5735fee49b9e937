/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_platform.c - the machine-dependent parts of the
 * benchmark: the tick counter, pinning, the CPU's name, evicting a buffer
 * from the caches, and the streaming-read baseline.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench_platform.h"

#ifdef __GLIBC__
#  include <gnu/libc-version.h>
#endif

#if defined(__x86_64__)
#  include <cpuid.h>
#  include <immintrin.h>
#  include <x86intrin.h>
#endif

/*
 * The baselines are compiled for ISAs above the build's baseline, one
 * function each, and chosen at run time by CPUID (isa_have() below): the
 * library's own feature bits are internal to it.
 */
#if defined(__GNUC__) || defined(__clang__)
#  define BENCH_TARGET(isa) __attribute__((target(isa)))
#  define BENCH_NOINLINE __attribute__((noinline))
#else
#  define BENCH_TARGET(isa)
#  define BENCH_NOINLINE
#endif

static int isa_have(const char *name, size_t n);
#define HAVE(name) isa_have(name, sizeof(name) - 1)

double
inetcsum_bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* ---- the tick counter ---------------------------------------------------- */

#if defined(__x86_64__)
const char *const inetcsum_bench_timer_name = "rdtsc";

/*
 * lfence before rdtsc keeps earlier instructions (the previous call) out
 * of the interval; rdtscp waits for the timed code to finish and the
 * lfence after it keeps later instructions from starting early (Intel,
 * "How to Benchmark Code Execution Times on Intel IA-32 and IA-64", 2010).
 * rdtscp is used only where CPUID.80000001H:EDX[27] announces it: some
 * virtual machines hide it (this project's Zen 5 VM does) and some CPU
 * models lack it (QEMU's Nehalem, which then raises SIGILL); there an
 * lfence before rdtsc waits for the timed code instead.
 */
static int
have_rdtscp(void)
{
	static int have = -1;
	unsigned a, b, c, d;

	if (have < 0)
		have = __get_cpuid(0x80000001u, &a, &b, &c, &d) &&
		       ((d >> 27) & 1);
	return have;
}

uint64_t
inetcsum_bench_ticks_start(void)
{
	_mm_lfence();
	return __rdtsc();
}

uint64_t
inetcsum_bench_ticks_stop(void)
{
	unsigned aux;
	uint64_t t;

	if (have_rdtscp()) {
		t = __rdtscp(&aux);
	} else {
		_mm_lfence();
		t = __rdtsc();
	}
	_mm_lfence();
	return t;
}
#elif defined(__aarch64__)
const char *const inetcsum_bench_timer_name = "cntvct_el0";

/* isb keeps the counter read from being hoisted over earlier instructions. */
uint64_t
inetcsum_bench_ticks_start(void)
{
	uint64_t t;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
	return t;
}

uint64_t
inetcsum_bench_ticks_stop(void)
{
	return inetcsum_bench_ticks_start();
}
#else
const char *const inetcsum_bench_timer_name = "clock_gettime";

uint64_t
inetcsum_bench_ticks_start(void)
{
	return (uint64_t)inetcsum_bench_now_ns();
}

uint64_t
inetcsum_bench_ticks_stop(void)
{
	return (uint64_t)inetcsum_bench_now_ns();
}
#endif

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Three intervals of 'ms' each, timed by both clocks; the median rate
 * discards one interval disturbed by preemption.
 */
double
inetcsum_bench_tick_hz(unsigned ms)
{
	double hz[3];
	int i;

	for (i = 0; i < 3; i++) {
		double n0 = inetcsum_bench_now_ns(), n1;
		uint64_t t0 = inetcsum_bench_ticks_start(), t1;

		do
			n1 = inetcsum_bench_now_ns();
		while (n1 - n0 < ms * 1e6);
		t1 = inetcsum_bench_ticks_stop();
		hz[i] = (double)(t1 - t0) * 1e9 / (n1 - n0);
	}
	qsort(hz, 3, sizeof(hz[0]), cmp_double);
	return hz[1];
}

double
inetcsum_bench_timer_overhead(void)
{
	enum { N = 101 };
	double d[N];
	int i;

	for (i = 0; i < N; i++) {
		uint64_t t0 = inetcsum_bench_ticks_start();
		uint64_t t1 = inetcsum_bench_ticks_stop();

		d[i] = (double)(t1 - t0);
	}
	qsort(d, N, sizeof(d[0]), cmp_double);
	return d[N / 2];
}

/* ---- machine ------------------------------------------------------------- */

/* The value of the first "key<spaces>: value" line of /proc/cpuinfo. */
static int
cpuinfo(const char *key, char *buf, size_t size)
{
	char line[256];
	size_t n = strlen(key);
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		char *colon = strchr(line, ':');

		/* Exact key: "model" must not match "model name". */
		if (colon == NULL || strncmp(line, key, n) != 0 ||
		    strspn(line + n, " \t") != (size_t)(colon - line) - n)
			continue;
		colon++;
		colon += strspn(colon, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, size, "%s", colon);
		fclose(f);
		return 0;
	}
	fclose(f);
	return -1;
}

void
inetcsum_bench_cpu_model(char *buf, size_t size)
{
	/* x86 names the model; arm64 kernels often give only "CPU part". */
	static const char *const keys[] = { "model name", "Hardware",
					    "cpu model", "CPU part", "cpu" };
	char fam[32], model[32];
	size_t k;

	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		if (cpuinfo(keys[k], buf, size) != 0)
			continue;
		/* Virtual machines often hide the name: add the numbers. */
		if (cpuinfo("cpu family", fam, sizeof(fam)) == 0 &&
		    cpuinfo("model", model, sizeof(model)) == 0) {
			size_t len = strlen(buf);

			snprintf(buf + len, size - len,
				 " (family %s, model %s)", fam, model);
		}
		return;
	}
	{
		struct utsname u;

		snprintf(buf, size, "%s", uname(&u) == 0 ? u.machine :
			 "unknown");
	}
}

int
inetcsum_bench_pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* ---- cold cache ---------------------------------------------------------- */

#if defined(__x86_64__)
/* CPUID leaf 7, EBX bit 23: CLFLUSHOPT (Intel SDM vol. 2A, CPUID). */
static int
have_clflushopt(void)
{
	unsigned a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return 0;
	return (b >> 23) & 1;
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

BENCH_TARGET("clflushopt") static void
flush_opt(const char *p, const char *end, size_t line)
{
	for (; p < end; p += line)
		_mm_clflushopt((void *)p);
	/* clflushopt is ordered only by fences: wait for every eviction. */
	_mm_mfence();
}

static void
flush_plain(const char *p, const char *end, size_t line)
{
	for (; p < end; p += line)
		_mm_clflush(p);
	_mm_mfence();
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
		return "rotating buffer pool larger than the caches";
	return have_clflushopt() ? "clflushopt + mfence on every line"
				 : "clflush + mfence on every line";
}

void
inetcsum_bench_flush(const void *p, size_t len)
{
	static size_t line;
	static int opt = -1;
	const char *b;

	if (opt < 0) {
		line = flush_line();
		opt = have_clflushopt();
	}
	/* Start at the line holding the first byte. */
	b = (const char *)((uintptr_t)p & ~(uintptr_t)(line - 1));
	if (opt)
		flush_opt(b, (const char *)p + len, line);
	else
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
		return "rotating buffer pool larger than the caches";
	return "dc civac + dsb ish on every line";
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
	return "rotating buffer pool larger than the caches";
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

/* ---- the streaming-read and copy baselines ------------------------------- */

/*
 * The read and copy loops are the limits the checksums are measured
 * against, so they must be the fastest we could write, or the comparison
 * flatters the checksums.  How they were chosen, with the figures
 * (docs/bench.md, "2026-12-01, AMD EPYC family 26 model 2"): side by side
 * in one process on Zen 5, 8 independent 512-bit XOR accumulators over 512
 * bytes per iteration read 4 KiB at 420 GB/s where the earlier 4 chains
 * did 372.  The gain came from the register barrier (KEEP4), the masked
 * last load and the reduction: with them 4 accumulators tied with 8, and
 * 16 accumulators, ternary-logic XORs of two loads and 1 KiB per
 * iteration were no faster.  glibc's memcpy copied 4 KiB at 130 GB/s
 * where a plain loop of 64-byte loads and stores did 231, yet beat it from
 * 64 KiB up, so both are shown.
 */

/* Bytes after the last whole vector: 8 at a time, then one at a time. */
static uint64_t
read_tail(const unsigned char *p, size_t len)
{
	uint64_t x = 0, w;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		x ^= w;
	}
	for (; len > 0; p++, len--)
		x ^= *p;
	return x;
}

/*
 * Fewer than 32 bytes, in pieces of 16, 8, 4, 2 and 1: a memcpy() of a
 * constant size compiles to plain loads and stores, no library call.
 */
static void
copy_small(unsigned char *d, const unsigned char *s, size_t len)
{
	if (len & 16) {
		memcpy(d, s, 16);
		d += 16;
		s += 16;
	}
	if (len & 8) {
		memcpy(d, s, 8);
		d += 8;
		s += 8;
	}
	if (len & 4) {
		memcpy(d, s, 4);
		d += 4;
		s += 4;
	}
	if (len & 2) {
		memcpy(d, s, 2);
		d += 2;
		s += 2;
	}
	if (len & 1)
		*d = *s;
}

#if defined(__x86_64__) || defined(__aarch64__)
/*
 * The body of a read loop over vectors of W bytes: 8 independent
 * accumulators while 8 vectors remain, then 4, 2 and 1 vectors into the
 * first four, which are left combined in a0.  XOR has a latency of one
 * cycle, so two chains would already keep two loads per cycle busy (4 tied
 * with 8 on Zen 5); 8 leave room for more load ports or a longer latency
 * elsewhere.  KEEP4 passes the accumulators through an empty asm
 * statement: gcc 12 otherwise copied every accumulator to another register
 * each iteration (8 extra vector moves per 8 loads), and the compiler can
 * no longer reason about the XORs at all.
 */
#define READ8_BODY(vec, W, LOAD, XOR, ZERO)				\
	vec a0 = ZERO, a1 = a0, a2 = a0, a3 = a0;			\
									\
	if (len >= 8 * (W)) {						\
		vec a4 = a0, a5 = a0, a6 = a0, a7 = a0;			\
									\
		do {							\
			a0 = XOR(a0, LOAD(b));				\
			a1 = XOR(a1, LOAD(b + (W)));			\
			a2 = XOR(a2, LOAD(b + 2 * (W)));		\
			a3 = XOR(a3, LOAD(b + 3 * (W)));		\
			a4 = XOR(a4, LOAD(b + 4 * (W)));		\
			a5 = XOR(a5, LOAD(b + 5 * (W)));		\
			a6 = XOR(a6, LOAD(b + 6 * (W)));		\
			a7 = XOR(a7, LOAD(b + 7 * (W)));		\
			KEEP4(a0, a1, a2, a3);				\
			KEEP4(a4, a5, a6, a7);				\
			b += 8 * (W);					\
			len -= 8 * (W);					\
		} while (len >= 8 * (W));				\
		a0 = XOR(a0, a4);					\
		a1 = XOR(a1, a5);					\
		a2 = XOR(a2, a6);					\
		a3 = XOR(a3, a7);					\
	}								\
	if (len >= 4 * (W)) {						\
		a0 = XOR(a0, LOAD(b));					\
		a1 = XOR(a1, LOAD(b + (W)));				\
		a2 = XOR(a2, LOAD(b + 2 * (W)));			\
		a3 = XOR(a3, LOAD(b + 3 * (W)));			\
		b += 4 * (W);						\
		len -= 4 * (W);						\
	}								\
	if (len >= 2 * (W)) {						\
		a0 = XOR(a0, LOAD(b));					\
		a1 = XOR(a1, LOAD(b + (W)));				\
		b += 2 * (W);						\
		len -= 2 * (W);						\
	}								\
	if (len >= (W)) {						\
		a2 = XOR(a2, LOAD(b));					\
		b += (W);						\
		len -= (W);						\
	}								\
	a0 = XOR(XOR(a0, a1), XOR(a2, a3))

/*
 * The body of a copy loop over vectors of W bytes, for len >= W: four
 * loads, then four stores, per iteration (as fast as eight from L1), then
 * single vectors, and the last W bytes as one vector that may overlap the
 * previous one.
 */
#define COPY_BODY(vec, W, LOAD, STORE)					\
	vec last = LOAD(s + len - (W));					\
	unsigned char *dlast = d + len - (W);				\
									\
	for (; len > 4 * (W); s += 4 * (W), d += 4 * (W),		\
	     len -= 4 * (W)) {						\
		vec v0 = LOAD(s), v1 = LOAD(s + (W));			\
		vec v2 = LOAD(s + 2 * (W)), v3 = LOAD(s + 3 * (W));	\
									\
		STORE(d, v0);						\
		STORE(d + (W), v1);					\
		STORE(d + 2 * (W), v2);					\
		STORE(d + 3 * (W), v3);					\
	}								\
	for (; len > (W); s += (W), d += (W), len -= (W))		\
		STORE(d, LOAD(s));					\
	STORE(dlast, last)
#endif

#if defined(__x86_64__)
#define KEEP4(a, b, c, d) __asm__("" : "+v"(a), "+v"(b), "+v"(c), "+v"(d))

#define LOAD512(q) _mm512_loadu_si512((const void *)(q))
#define STORE512(q, v) _mm512_storeu_si512((void *)(q), v)
#define LOAD256(q) _mm256_loadu_si256((const __m256i *)(const void *)(q))
#define STORE256(q, v) _mm256_storeu_si256((__m256i *)(void *)(q), v)
#define LOAD128(q) _mm_loadu_si128((const __m128i *)(const void *)(q))
#define STORE128(q, v) _mm_storeu_si128((__m128i *)(void *)(q), v)

/* The bytes of the last partial vector, 0 < len < 64. */
#define MASK64(len) (((__mmask64)1 << (len)) - 1)

/*
 * The library's long sums request a buffer's last line before reading it
 * (src/x86/csum_x86_template.h, sum_long_()): in a stream of cold buffers
 * that made them 1.25-1.6x and a plain read loop 1.15x faster (Zen 5).
 * The limit does the same, so that it stays the fastest read.
 */
#define READ_TAIL_FIRST(b, len)						\
	do {								\
		if ((len) > 1024)					\
			__builtin_prefetch((b) + (len) - 1);		\
	} while (0)

/*
 * Under 32 bytes a scalar loop beat one masked vector load (2.3 against
 * 2.6 ns at 20 bytes); from there on the last partial vector is one
 * masked load, which reads no byte outside the buffer.
 */
BENCH_TARGET("avx512f,avx512bw") static BENCH_NOINLINE uint64_t
read_avx512(const void *p, size_t len)
{
	const unsigned char *b = p;
	__m256i h;
	__m128i q;

	READ_TAIL_FIRST(b, len);

	if (len < 32)
		return read_tail(b, len);
	{
		READ8_BODY(__m512i, 64, LOAD512, _mm512_xor_si512,
			   _mm512_setzero_si512());
		if (len > 0)
			a0 = _mm512_xor_si512(a0, _mm512_maskz_loadu_epi8(
						      MASK64(len), b));
		h = _mm256_xor_si256(_mm512_castsi512_si256(a0),
				     _mm512_extracti64x4_epi64(a0, 1));
	}
	q = _mm_xor_si128(_mm256_castsi256_si128(h),
			  _mm256_extracti128_si256(h, 1));
	return (uint64_t)_mm_cvtsi128_si64(q) ^
	       (uint64_t)_mm_extract_epi64(q, 1);
}

BENCH_TARGET("avx2") static BENCH_NOINLINE uint64_t
read_avx2(const void *p, size_t len)
{
	const unsigned char *b = p;
	__m128i q;

	READ_TAIL_FIRST(b, len);

	{
		READ8_BODY(__m256i, 32, LOAD256, _mm256_xor_si256,
			   _mm256_setzero_si256());
		q = _mm_xor_si128(_mm256_castsi256_si128(a0),
				  _mm256_extracti128_si256(a0, 1));
	}
	return (uint64_t)_mm_cvtsi128_si64(q) ^
	       (uint64_t)_mm_extract_epi64(q, 1) ^ read_tail(b, len);
}

static BENCH_NOINLINE uint64_t
read_sse2(const void *p, size_t len)
{
	const unsigned char *b = p;
	__m128i q;

	READ_TAIL_FIRST(b, len);

	{
		READ8_BODY(__m128i, 16, LOAD128, _mm_xor_si128,
			   _mm_setzero_si128());
		q = a0;
	}
	return (uint64_t)_mm_cvtsi128_si64(q) ^
	       (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(q, q)) ^
	       read_tail(b, len);
}

/*
 * Under 64 bytes one masked load and store; from there on the last 64
 * bytes as one vector that may overlap the previous one, which beat a
 * masked tail under 512 bytes (133 against 117 GB/s at 256 bytes).
 */
BENCH_TARGET("avx512f,avx512bw") static BENCH_NOINLINE void *
copy_avx512(void *dst, const void *src, size_t len)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (len < 64) {
		if (len > 0)
			_mm512_mask_storeu_epi8(d, MASK64(len),
						_mm512_maskz_loadu_epi8(
							MASK64(len), s));
		return dst;
	}
	{
		COPY_BODY(__m512i, 64, LOAD512, STORE512);
	}
	return dst;
}

BENCH_TARGET("avx2") static BENCH_NOINLINE void *
copy_avx2(void *dst, const void *src, size_t len)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (len < 32) {
		copy_small(d, s, len);
		return dst;
	}
	{
		COPY_BODY(__m256i, 32, LOAD256, STORE256);
	}
	return dst;
}

static BENCH_NOINLINE void *
copy_sse2(void *dst, const void *src, size_t len)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (len < 16) {
		copy_small(d, s, len);
		return dst;
	}
	{
		COPY_BODY(__m128i, 16, LOAD128, STORE128);
	}
	return dst;
}

bench_read_fn
inetcsum_bench_read_fn(const char **name)
{
	/* isa_have() checks the OS's AVX and AVX-512 register state too. */
	if (HAVE("avx512f") && HAVE("avx512bw")) {
		*name = "read-avx512";
		return read_avx512;
	}
	if (HAVE("avx2")) {
		*name = "read-avx2";
		return read_avx2;
	}
	*name = "read-sse2";
	return read_sse2;
}

bench_copy_fn
inetcsum_bench_copy_fn(const char **name)
{
	if (HAVE("avx512f") && HAVE("avx512bw")) {
		*name = "copy-avx512";
		return copy_avx512;
	}
	if (HAVE("avx2")) {
		*name = "copy-avx2";
		return copy_avx2;
	}
	*name = "copy-sse2";
	return copy_sse2;
}
#elif defined(__aarch64__)
#include <arm_neon.h>

#define KEEP4(a, b, c, d) __asm__("" : "+w"(a), "+w"(b), "+w"(c), "+w"(d))
#define LOADQ(q) vld1q_u8(q)
#define STOREQ(q, v) vst1q_u8(q, v)

/* NEON is baseline on arm64: 8 accumulators of 16 bytes. */
static BENCH_NOINLINE uint64_t
read_neon(const void *p, size_t len)
{
	const unsigned char *b = p;
	uint64x2_t r;

	{
		READ8_BODY(uint8x16_t, 16, LOADQ, veorq_u8, vdupq_n_u8(0));
		r = vreinterpretq_u64_u8(a0);
	}
	return vgetq_lane_u64(r, 0) ^ vgetq_lane_u64(r, 1) ^ read_tail(b, len);
}

static BENCH_NOINLINE void *
copy_neon(void *dst, const void *src, size_t len)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (len < 16) {
		copy_small(d, s, len);
		return dst;
	}
	{
		COPY_BODY(uint8x16_t, 16, LOADQ, STOREQ);
	}
	return dst;
}

bench_read_fn
inetcsum_bench_read_fn(const char **name)
{
	*name = "read-neon";
	return read_neon;
}

bench_copy_fn
inetcsum_bench_copy_fn(const char **name)
{
	*name = "copy-neon";
	return copy_neon;
}
#else
/* Four chains of 64-bit XORs, so that two loads per cycle can issue. */
static BENCH_NOINLINE uint64_t
read_scalar(const void *p, size_t len)
{
	const unsigned char *b = p;
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, w[4];

	for (; len >= 32; b += 32, len -= 32) {
		memcpy(w, b, 32);
		a0 ^= w[0];
		a1 ^= w[1];
		a2 ^= w[2];
		a3 ^= w[3];
	}
	return a0 ^ a1 ^ a2 ^ a3 ^ read_tail(b, len);
}

bench_read_fn
inetcsum_bench_read_fn(const char **name)
{
	*name = "read-u64";
	return read_scalar;
}

/* No vector copy to compare with: only the C library's memcpy is shown. */
bench_copy_fn
inetcsum_bench_copy_fn(const char **name)
{
	(void)copy_small;
	*name = NULL;
	return NULL;
}
#endif

const char *
inetcsum_bench_libc(void)
{
#ifdef __GLIBC__
	static char buf[32];

	if (buf[0] == '\0')
		snprintf(buf, sizeof(buf), "glibc %s", gnu_get_libc_version());
	return buf;
#else
	return "the C library's";
#endif
}

/* ---- peers' instruction sets --------------------------------------------- */

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

static int
isa_have(const char *name, size_t n)
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

		if (isa_have(name, strlen(name)) &&
		    used + strlen(name) + 2 < size)
			used += (size_t)snprintf(buf + used, size - used,
						 "%s%s", used ? " " : "",
						 name);
	}
}
#else
static int
isa_have(const char *name, size_t n)
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
		if (n > 0 && !isa_have(isa, n)) {
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

void
inetcsum_bench_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}
