/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_limits.c - the streaming-read and copy limits that
 * every checksum is measured against: the fastest read and copy loops we
 * could write for this CPU, one per vector width, chosen by CPUID, and
 * the name of the C library whose memcpy stands beside them.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "inetcsum.h"	/* struct inetcsum_iovec */
#include "bench_isa.h"
#include "bench_limits.h"

#ifdef __GLIBC__
#  include <gnu/libc-version.h>
#endif

#if defined(__x86_64__)
#  include <immintrin.h>
#endif

/* inetcsum_bench_isa_have() checks the OS's register state too. */
#define HAVE(name) inetcsum_bench_isa_have(name, sizeof(name) - 1)

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

/*
 * The batch load limits.  The portable loops: 8 bytes at a time, then the
 * last 4 and the last 1-3 as a load each, all of fixed size (a memcpy()
 * of a variable length is a call).
 */
static uint64_t
loads_u64(const unsigned char *p, size_t len, uint64_t a)
{
	uint64_t v;
	uint32_t w;
	size_t k;

	for (k = 0; k + 8 <= len; k += 8) {
		memcpy(&v, p + k, 8);
		a ^= v;
	}
	if (len - k >= 4) {
		memcpy(&w, p + k, 4);
		a ^= w;
		k += 4;
	}
	while (k < len)
		a ^= (uint64_t)p[k++] << 40;
	return a;
}

static BENCH_NOINLINE void
hdr_loads_u64(const void *const hdrs[], size_t n, uint16_t out[])
{
	uint64_t a = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		const unsigned char *h = hdrs[i];

		a = loads_u64(h, (size_t)(h[0] & 15u) * 4, a);
		out[i] = (uint16_t)(a ^ a >> 32);
	}
}

static BENCH_NOINLINE void
buf_loads_u64(const struct inetcsum_iovec bufs[], size_t n, uint32_t out[])
{
	uint64_t a = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		a = loads_u64(bufs[i].base, bufs[i].len, a);
		out[i] = (uint32_t)(a ^ a >> 32);
	}
}

#if defined(__x86_64__)
/* Every 64 bytes or fewer of a packet one load, the last one masked. */
BENCH_TARGET("avx512f,avx512bw") static inline __m512i
loads_512(const unsigned char *b, size_t len, __m512i a)
{
	for (; len > 64; b += 64, len -= 64)
		a = _mm512_xor_si512(a, _mm512_loadu_si512((const void *)b));
	/* 0 < len <= 64 here (len 64: every byte; a shift by 64 is not). */
	return _mm512_xor_si512(a, _mm512_maskz_loadu_epi8(
		(__mmask64)(len >= 64 ? ~(uint64_t)0 :
			    ((uint64_t)1 << len) - 1), b));
}

BENCH_TARGET("avx512f,avx512bw") static BENCH_NOINLINE void
hdr_loads_avx512(const void *const hdrs[], size_t n, uint16_t out[])
{
	__m512i a = _mm512_setzero_si512();
	size_t i;

	for (i = 0; i < n; i++) {
		const unsigned char *h = hdrs[i];

		a = loads_512(h, (size_t)(h[0] & 15u) * 4, a);
		out[i] = (uint16_t)_mm_cvtsi128_si32(
			_mm512_castsi512_si128(a));
	}
}

BENCH_TARGET("avx512f,avx512bw") static BENCH_NOINLINE void
buf_loads_avx512(const struct inetcsum_iovec bufs[], size_t n,
		 uint32_t out[])
{
	__m512i a = _mm512_setzero_si512();
	size_t i;

	for (i = 0; i < n; i++) {
		a = loads_512(bufs[i].base, bufs[i].len, a);
		out[i] = (uint32_t)_mm_cvtsi128_si32(
			_mm512_castsi512_si128(a));
	}
}
#endif

bench_hdr_loads_fn
inetcsum_bench_hdr_loads_fn(const char **name)
{
#if defined(__x86_64__)
	if (HAVE("avx512f") && HAVE("avx512bw")) {
		*name = "loads-avx512";
		return hdr_loads_avx512;
	}
#endif
	*name = "loads-u64";
	return hdr_loads_u64;
}

bench_buf_loads_fn
inetcsum_bench_buf_loads_fn(const char **name)
{
#if defined(__x86_64__)
	if (HAVE("avx512f") && HAVE("avx512bw")) {
		*name = "loads-avx512";
		return buf_loads_avx512;
	}
#endif
	*name = "loads-u64";
	return buf_loads_u64;
}

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
