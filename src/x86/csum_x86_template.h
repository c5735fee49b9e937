/* SPDX-License-Identifier: MIT */
/*
 * src/x86/csum_x86_template.h - the x86 vector kernel body, written once and
 * instantiated per ISA and vector width (csum_avx2.c, csum_avx512.c).
 *
 * Parameters (#define them before including this file):
 *
 *   PARTIAL_FN  the kernel's partial sum, e.g. csum_x86_avx2 (named in full
 *               by the including file, so that a search for the kernel
 *               finds where it is made).
 *   COPY_FN     the kernel's fused copy, e.g. csum_copy_x86_avx2.
 *   SUFFIX      name suffix of the static helpers (FN(sum_big_) and so on),
 *               which each instantiation needs its own copy of.
 *   ATTRIBUTES  the target attribute of every function, e.g.
 *               INETCSUM_TARGET("avx2").
 *   VL          vector length in bytes: 32 (needs AVX2) or 64 (needs
 *               AVX-512 F+BW).
 *   USE_VNNI    1 to accumulate with the signed word dot product vpdpwssd
 *               (AVX-512 VNNI at VL 64), 0 for vpmaddwd + vpaddd.
 *   VNNI_EVEX   with USE_VNNI at VL 32: 1 for the EVEX vpdpwssd of AVX-512
 *               VNNI + VL (32 vector registers), 0 (default) for the VEX
 *               form of AVX-VNNI (16 registers).
 *   USE_MASKED_TAIL  1 to load (and store) the last partial vector with a
 *               byte mask (AVX-512 BW, and VL for VL 32), 0 to finish the
 *               last VL - 1 bytes with the scalar path.
 *
 * How a vector is summed
 * ----------------------
 * Each 16-bit word u (0..65535) is XORed with 0x8000, which turns it into
 * the signed word u - 32768.  A signed multiply-add against a vector of
 * ones (vpmaddwd, or vpdpwssd which also does the accumulating add) adds
 * two neighbouring words into each signed 32-bit lane: each lane gains a
 * value in [-65536, 65534] per vector.  The 32768 taken from every word is
 * given back once per chunk: 2 * 32768 = 65536 per lane per vector.  With
 * VNNI that is two vector instructions per vector (xor, vpdpwssd); without,
 * three (xor, vpmaddwd, vpaddd).
 *
 * Why the sums are exact (for any length)
 * ---------------------------------------
 * vpaddd and vpdpwssd (the non-saturating form) compute modulo 2^32, so a
 * lane's final value is exact whenever the true value fits in 32 unsigned
 * bits, whatever intermediate sums wrap.  The input is cut into chunks of
 * CHUNK_LEN = 4096 vectors; every vector of a chunk (the masked last one
 * included) adds two words to each lane of one accumulator, and the sum of
 * the accumulators is taken modulo 2^32.  One accumulator starts at the
 * bias 65536 * nvec (nvec <= 4096 vectors in the chunk), which gives back
 * the 2 * 32768 that the sign flip took from each lane per vector.  The
 * true lane value, a sum of at most 2 * 4096 unsigned words, is at most
 * M = 2 * 4096 * 65535 = 536862720 < 2^29: the u32 lane holds it exactly.
 *
 * The horizontal sum (hsum_u32_) then adds the lanes as 64-bit words
 * lo + 2^32 * hi, two u32 lanes each, without widening them first: the
 * result is sum(lo) + 2^32 * sum(hi), and 2^32 = 1 (mod 2^32 - 1), so it
 * is congruent to the sum of the lanes modulo 2^32 - 1, and hence modulo
 * 0xffff (which divides 2^32 - 1), and 0 only if every lane is 0.  That
 * needs the 64-bit additions never to wrap: at 512 bits there are 8 words,
 * sum(lo) < 8 * 2^32 and sum(hi) <= 8 * M = 4294901760, so the total is
 * below 2^32 * (4294901760 + 8) < 2^64.  This bound is why a chunk holds
 * 4096 vectors and not the 32768 that the u32 lanes alone would allow; the
 * widening it saves (three vector operations on the two busy ports, per
 * call) was worth 2-6% of a 1.5-4 KiB call (docs/x86-kernels.md), and one
 * extra reduction per 256 KiB costs nothing measurable.  Each chunk's
 * result is added to a 64-bit ones' complement accumulator with an
 * end-around carry, which absorbs any number of chunks (len may exceed
 * 4 GiB).  As every step is exact, an end-around-carry addition or a
 * congruence modulo 2^32 - 1 that maps only 0 to 0, the result is 0 only
 * if the initial sum and all the data are zero.
 *
 * Order of the work
 * -----------------
 * Inputs of up to X86_SHORT_MAX bytes take the scalar adc chain
 * (csum_x86_scalar.h).  The main loop handles 8 vectors per iteration into
 * 8 independent accumulators: vpdpwssd has a latency of about 5 cycles and
 * two can start per cycle, so fewer accumulators would leave the ports idle
 * (in the project's first measurements, from L2, 8 accumulators ran at 123
 * GB/s and 4 at 106-110).  Up to 7 leftover whole vectors go to distinct
 * accumulators, then the last partial vector is a masked load
 * (or the scalar path).  Masked loads never fault on the masked-out bytes,
 * so nothing outside [data, data + len) is read.
 */

#ifndef VNNI_EVEX
#  define VNNI_EVEX 0
#endif

#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)
#define FN(name) CONCAT(name, SUFFIX)

#if VL == 32
#  define vec_t			__m256i
#  define VLOADU(p)		_mm256_loadu_si256((const void *)(p))
#  define VSTOREU(p, v)		_mm256_storeu_si256((void *)(p), (v))
#  define VZERO()		_mm256_setzero_si256()
#  define VSET1_16(x)		_mm256_set1_epi16((short)(x))
#  define VSET1_32(x)		_mm256_set1_epi32((int)(x))
#  define VXOR(a, b)		_mm256_xor_si256((a), (b))
#  define VADD32(a, b)		_mm256_add_epi32((a), (b))
#  define VMADD16(a, b)		_mm256_madd_epi16((a), (b))
#  define mask_t		__mmask32
#  define VMASKZ_LOADU(m, p)	\
	_mm256_maskz_loadu_epi8((m), (const void *)(p))
#  define VMASK_STOREU(p, m, v)	\
	_mm256_mask_storeu_epi8((void *)(p), (m), (v))
#elif VL == 64
#  define vec_t			__m512i
#  define VLOADU(p)		_mm512_loadu_si512((const void *)(p))
#  define VSTOREU(p, v)		_mm512_storeu_si512((void *)(p), (v))
#  define VZERO()		_mm512_setzero_si512()
#  define VSET1_16(x)		_mm512_set1_epi16((short)(x))
#  define VSET1_32(x)		_mm512_set1_epi32((int)(x))
#  define VXOR(a, b)		_mm512_xor_si512((a), (b))
#  define VADD32(a, b)		_mm512_add_epi32((a), (b))
#  define VMADD16(a, b)		_mm512_madd_epi16((a), (b))
#  define mask_t		__mmask64
#  define VMASKZ_LOADU(m, p)	\
	_mm512_maskz_loadu_epi8((m), (const void *)(p))
#  define VMASK_STOREU(p, m, v)	\
	_mm512_mask_storeu_epi8((void *)(p), (m), (v))
#else
#  error "VL must be 32 or 64"
#endif

/* Bytes per main-loop iteration, and the exactness bound derived above. */
#define BLOCK		(8 * VL)
/* Shortest partial sum whose loads are aligned first (see partial_). */
#define X86_ALIGN_MIN	256
#define CHUNK_LEN	((size_t)4096 * VL)

/* acc += the signed pair sums of the sign-flipped words of v. */
#if USE_VNNI && defined(__GNUC__) && !defined(__clang__)
/*
 * gcc 12 compiles _mm512_dpwssd_epi32() in a loop with a register copy of
 * the accumulator around every vpdpwssd (16 extra moves per 8 vectors, seen
 * with objdump -d: the tied accumulator operand is not coalesced), and
 * _mm256_dpwssd_avx_epi32() likewise, plus spills.  An asm statement with a
 * "+v" (EVEX: any of 32 registers) or "+x" ({vex} form, registers 0-15)
 * operand keeps each accumulator in one register.  clang needs no
 * workaround.  The {vex} and {evex} prefixes need binutils >= 2.36
 * (probed).
 */
static ATTRIBUTES INETCSUM_FORCEINLINE vec_t
FN(dpwssd_)(vec_t acc, vec_t a, vec_t b)
{
#if VL == 64
	__asm__("vpdpwssd %2, %1, %0" : "+v"(acc) : "v"(a), "v"(b));
#elif VNNI_EVEX
	/* Never the VEX form: AVX-512 VNNI CPUs may lack AVX-VNNI. */
	__asm__("%{evex%} vpdpwssd %2, %1, %0" : "+v"(acc) : "v"(a), "v"(b));
#else
	__asm__("%{vex%} vpdpwssd %2, %1, %0" : "+x"(acc) : "x"(a), "x"(b));
#endif
	return acc;
}
#  define ACCUM(acc, v)	\
	((acc) = FN(dpwssd_)((acc), VXOR((v), flip), ones))
#elif USE_VNNI && VL == 64
#  define ACCUM(acc, v)	\
	((acc) = _mm512_dpwssd_epi32((acc), VXOR((v), flip), ones))
#elif USE_VNNI && VNNI_EVEX
#  define ACCUM(acc, v)	\
	((acc) = _mm256_dpwssd_epi32((acc), VXOR((v), flip), ones))
#elif USE_VNNI
#  define ACCUM(acc, v)	\
	((acc) = _mm256_dpwssd_avx_epi32((acc), VXOR((v), flip), ones))
#else
#  define ACCUM(acc, v)	\
	((acc) = VADD32((acc), VMADD16(VXOR((v), flip), ones)))
#endif

/*
 * Load the vector at byte offset 'off', store it to the copy if there is
 * one, and add it to 'acc'.  The copy stores the loaded register: re-reading
 * a just-written destination would stall on store forwarding.
 */
#define LOAD_ACC(acc, off)						\
	do {								\
		vec_t v_ = VLOADU(p + (off));				\
									\
		if (copy)						\
			VSTOREU(q + (off), v_);				\
		ACCUM(acc, v_);						\
	} while (0)

/*
 * Two vectors into one accumulator, without VNNI: the two products are
 * added first, so the accumulator chain takes one vpaddd per two vectors.
 */
#define LOAD_ACC2(acc, off1, off2)					\
	do {								\
		vec_t v1_ = VLOADU(p + (off1));				\
		vec_t v2_ = VLOADU(p + (off2));				\
									\
		if (copy) {						\
			VSTOREU(q + (off1), v1_);			\
			VSTOREU(q + (off2), v2_);			\
		}							\
		(acc) = VADD32((acc),					\
			       VADD32(VMADD16(VXOR(v1_, flip), ones),	\
				      VMADD16(VXOR(v2_, flip), ones)));	\
	} while (0)

/*
 * The vector 'v' folded to 128 bits, its halves added as 64-bit words
 * ('wide', a constant) or as 32-bit lanes.
 */
static ATTRIBUTES INETCSUM_FORCEINLINE __m128i
FN(fold128_)(vec_t v, const int wide)
{
#if VL == 64
	__m256i lo = _mm512_castsi512_si256(v);
	__m256i hi = _mm512_extracti64x4_epi64(v, 1);
	__m256i t = wide ? _mm256_add_epi64(lo, hi) : _mm256_add_epi32(lo, hi);
#else
	__m256i t = v;
#endif
	__m128i l = _mm256_castsi256_si128(t), h = _mm256_extracti128_si256(t, 1);

	return wide ? _mm_add_epi64(l, h) : _mm_add_epi32(l, h);
}

/*
 * A value congruent modulo 2^32 - 1 to the sum of the u32 lanes of 'v', 0
 * only if all are 0: the lanes are added in pairs as 64-bit words, which
 * cannot wrap while every lane is at most 2 * 4096 * 65535 (see "Why the
 * sums are exact" above; at 256 bits there are only 4 words).
 */
static ATTRIBUTES INETCSUM_FORCEINLINE u64
FN(hsum_u32_)(vec_t v)
{
	__m128i u = FN(fold128_)(v, 1);

	return (u64)_mm_cvtsi128_si64(u) + (u64)_mm_extract_epi64(u, 1);
}

/*
 * The two loop constants, broadcast from memory.  gcc 12 builds
 * _mm512_set1_epi16() (and _mm256_set1_epi16()) of a constant as a mov
 * (or movabs) of the immediate and a vpbroadcastd/q from that register,
 * which runs on port 5, one of the ports the loop saturates; the memory
 * form is a load only.  The asm keeps gcc from turning it back into the
 * register form.  Measured side by side (bench/x86_proto/fixed_cost.c and
 * docs/x86-kernels.md): at 512 bits 15-19% faster per call at 1448-1500
 * bytes (partial and copy), 1-3% at 4 KiB; at 256 bits 3-18% at 1448-1500
 * bytes, 0-2% at 4 KiB.  A bias broadcast from a stack slot the same way
 * gained nothing and was left out.
 */
static const u32 FN(k_flip_) = 0x80008000u, FN(k_ones_) = 0x00010001u;

static ATTRIBUTES INETCSUM_FORCEINLINE vec_t
FN(bcast32_)(const u32 *k)
{
	vec_t v;

#if VL == 64
	__asm__("vpbroadcastd %1, %0" : "=v"(v) : "m"(*k));
#else
	/* VEX-encodable registers: the AVX2 instances have no others. */
	__asm__("vpbroadcastd %1, %0" : "=x"(v) : "m"(*k));
#endif
	return v;
}

/*
 * The last bytes of every path (a chunk, the small and the mid-size
 * paths), written once.  TAKE_MASKED_TAIL sums (and, for the copy,
 * stores) the 'n' bytes at p (1 <= n <= VL) with one masked load into
 * 'acc': the masked-out bytes load as zero, and the sign flip makes each
 * zero word 0x8000, which the caller's vector count (nvec) gives back.
 * SCALAR_TAIL is the same for kernels without byte masks: the scalar
 * path's 64-bit sum, which the caller adds after the reduction.
 */
#define TAKE_MASKED_TAIL(acc, n)					\
	do {								\
		mask_t m_ = (mask_t)_bzhi_u64(~(u64)0, (unsigned)(n));	\
		vec_t v_ = VMASKZ_LOADU(m_, p);				\
									\
		if (copy)						\
			VMASK_STOREU(q, m_, v_);			\
		ACCUM(acc, v_);						\
	} while (0)
/*
 * The first 'n' bytes at p (0 < n < VL, an even count, so that the rest
 * keeps its word positions) as one masked vector into 'acc', stored to q
 * for the copy, and both pointers past them: the alignment head of a chunk
 * and of the mid-size path.  The caller counts it as one more vector.
 */
#define TAKE_MASKED_HEAD(acc, n)					\
	do {								\
		/* n < VL, so the shift is defined. */			\
		mask_t m_ = (mask_t)(((u64)1 << (n)) - 1);		\
		vec_t v_ = VMASKZ_LOADU(m_, p);				\
									\
		if (copy) {						\
			VMASK_STOREU(q, m_, v_);			\
			q += (n);					\
		}							\
		ACCUM(acc, v_);						\
		p += (n);						\
		len -= (n);						\
	} while (0)
#define SCALAR_TAIL(n)	\
	(copy ? x86_copy_short(q, p, (n)) : x86_sum_short(p, (n)))

/*
 * The end of a chunk and of the mid-size path, after their loops have
 * left len < 4 * VL (bits above 4 * VL are ignored): two whole vectors
 * into 'x' and 'y', one into 'z', then the 1 to VL - 1 bytes left into
 * 'w' (masked) or into the caller's 'tail' (scalar).
 */
#if USE_MASKED_TAIL
#define TAKE_TAIL(w, n)	TAKE_MASKED_TAIL(w, n)
#else
#define TAKE_TAIL(w, n)	(tail = SCALAR_TAIL(n))
#endif
#define TAKE_LAST_VECTORS(x, y, z, w)					\
	do {								\
		if (len & (2 * VL)) {					\
			LOAD_ACC(x, 0 * VL);				\
			LOAD_ACC(y, 1 * VL);				\
			p += 2 * VL;					\
			if (copy)					\
				q += 2 * VL;				\
		}							\
		if (len & VL) {						\
			LOAD_ACC(z, 0);					\
			p += VL;					\
			if (copy)					\
				q += VL;				\
		}							\
		len &= VL - 1;						\
		if (len != 0)						\
			TAKE_TAIL(w, len);	/* 1 <= len < VL */	\
	} while (0)

/*
 * Sum one chunk of 'len' bytes (X86_SHORT_MAX < len <= CHUNK_LEN) at 'p',
 * copying it to 'q' if 'copy' (a constant) is set.  Returns a value
 * congruent modulo 2^32 - 1 to the sum of the chunk's words (the scalar
 * tail included, without masked tails), 0 only if all of them are 0.
 * 'end' is the end of the whole buffer: prefetches are only issued for
 * addresses before it.
 */
static ATTRIBUTES INETCSUM_FORCEINLINE u64
FN(sum_chunk_)(const u8 *p, u8 *q, size_t len, const u8 *end,
	       size_t prefetch, const int copy, size_t head, const int madd)
{
	const vec_t flip = FN(bcast32_)(&FN(k_flip_));
	const vec_t ones = FN(bcast32_)(&FN(k_ones_));
#if USE_MASKED_TAIL
	/*
	 * Every vector, the partial last one and the alignment head
	 * included, is summed whole.
	 */
	const u32 nvec = (u32)((len - head + VL - 1) / VL) + (head != 0);
#else
	const u32 nvec = (u32)(len / VL);
#endif
	/* The bias: 32768 per word given back, 65536 per lane per vector. */
	vec_t a0 = VSET1_32(nvec << 16), a1 = VZERO(), a2 = VZERO();
	vec_t a3 = VZERO(), a4 = VZERO(), a5 = VZERO(), a6 = VZERO();
	vec_t a7 = VZERO();
	u64 tail = 0;

#if USE_MASKED_TAIL
	if (head != 0)
		TAKE_MASKED_HEAD(a7, head);
#else
	(void)head;
#endif
	while (len >= BLOCK) {
		/* Written so that a huge 'prefetch' cannot wrap around. */
		if (prefetch != 0 && (size_t)(end - p) - BLOCK >= prefetch) {
			size_t i;

			for (i = 0; i < BLOCK; i += 64)
				INETCSUM_PREFETCH(p + prefetch + i);
		}
#if USE_VNNI
		if (copy && madd) {
			/* See "The fused copy's main loop" (x86-kernels.md). */
			LOAD_ACC2(a0, 0 * VL, 4 * VL);
			LOAD_ACC2(a1, 1 * VL, 5 * VL);
			LOAD_ACC2(a2, 2 * VL, 6 * VL);
			LOAD_ACC2(a3, 3 * VL, 7 * VL);
		} else {
			LOAD_ACC(a0, 0 * VL);
			LOAD_ACC(a1, 1 * VL);
			LOAD_ACC(a2, 2 * VL);
			LOAD_ACC(a3, 3 * VL);
			LOAD_ACC(a4, 4 * VL);
			LOAD_ACC(a5, 5 * VL);
			LOAD_ACC(a6, 6 * VL);
			LOAD_ACC(a7, 7 * VL);
		}
#else
		/*
		 * vpaddd has a latency of one cycle, so 4 accumulator chains
		 * suffice; 8 need more than the 16 YMM registers of AVX2
		 * (gcc 12 spilled two).
		 */
		LOAD_ACC2(a0, 0 * VL, 4 * VL);
		LOAD_ACC2(a1, 1 * VL, 5 * VL);
		LOAD_ACC2(a2, 2 * VL, 6 * VL);
		LOAD_ACC2(a3, 3 * VL, 7 * VL);
#endif
		p += BLOCK;
		if (copy)
			q += BLOCK;
		len -= BLOCK;
	}
	/* Leftover whole vectors, each to its own accumulator. */
	if (len & (4 * VL)) {
		LOAD_ACC(a0, 0 * VL);
		LOAD_ACC(a1, 1 * VL);
		LOAD_ACC(a2, 2 * VL);
		LOAD_ACC(a3, 3 * VL);
		p += 4 * VL;
		if (copy)
			q += 4 * VL;
	}
	TAKE_LAST_VECTORS(a4, a5, a6, a7);
	a0 = VADD32(VADD32(a0, a1), VADD32(a2, a3));
	a4 = VADD32(VADD32(a4, a5), VADD32(a6, a7));
	a0 = VADD32(a0, a4);
	return add64_eac(FN(hsum_u32_)(a0), tail);
}

/*
 * The sum of the u32 lanes of 'v', exact while it is below 2^32: the small
 * path's lanes hold at most 8 words each (2 per vector, at most 4
 * vectors), and 16 of them sum below 2^23.
 */
static ATTRIBUTES INETCSUM_FORCEINLINE u32
FN(hsum_small_)(vec_t v)
{
	__m128i u = FN(fold128_)(v, 0);

	u = _mm_add_epi32(u, _mm_shuffle_epi32(u, 0x4e));
	u = _mm_add_epi32(u, _mm_shuffle_epi32(u, 0xb1));
	return (u32)_mm_cvtsi128_si32(u);
}

/*
 * Inputs of X86_SHORT_MAX < len <= SMALL_MAX bytes (2 to 4 vectors): two
 * accumulators, straight-line code, a 32-bit reduction and the bias added
 * after it.  At 65-256 bytes a call is mostly fixed cost, and the mid-size
 * path's four accumulators, its loop and its branches on each size bit
 * cost more than its parallel chains save: on Zen 4, side by side through
 * the kernel's entry, 128 bytes took 18 TSC ticks that way and 12.6 this
 * way (docs/x86-kernels.md, "The small path").  Masked, the last vector
 * holds 1 to VL bytes, so a whole vector needs no branch of its own.
 *
 * Exactness: each lane gains (w0 ^ 0x8000) + (w1 ^ 0x8000) as signed
 * words, w0 + w1 - 65536, per vector, and the accumulators wrap modulo
 * 2^32.  The 16 (or 8) lanes' sum is therefore the true sum of the words
 * minus 65536 per lane per vector, modulo 2^32; adding the bias back
 * (nvec << 20 at 16 lanes, << 19 at 8) gives the true sum, below 2^23,
 * exactly.
 */

#define SMALL_MAX	(4 * VL)
static ATTRIBUTES INETCSUM_FORCEINLINE u32
FN(partial_small_)(const u8 *p, u8 *q, size_t len, u32 sum, const int copy)
{
	const vec_t flip = FN(bcast32_)(&FN(k_flip_));
	const vec_t ones = FN(bcast32_)(&FN(k_ones_));
#if USE_MASKED_TAIL
	const u32 nvec = (u32)((len + VL - 1) / VL);
#else
	const u32 nvec = (u32)(len / VL);
#endif
	vec_t a0 = VZERO(), a1 = VZERO();
	u64 tail = 0;
	u32 s;

/* One whole vector into 'acc', and past it (in both buffers). */
#define TAKE_VEC(acc)							\
	do {								\
		LOAD_ACC(acc, 0);					\
		p += VL;						\
		if (copy)						\
			q += VL;					\
		len -= VL;						\
	} while (0)
#if USE_MASKED_TAIL
	/* One whole vector, up to two more, then 1 to VL bytes masked. */
	TAKE_VEC(a0);
	if (len > VL) {
		TAKE_VEC(a1);
		if (len > VL)
			TAKE_VEC(a0);
	}
	TAKE_MASKED_TAIL(a1, len);	/* 1 <= len <= VL */
#else
	/* Two whole vectors, up to two more, then the scalar path. */
	TAKE_VEC(a0);
	TAKE_VEC(a1);
	/* 1 <= len <= 2 * VL */
	if (len > VL)
		TAKE_VEC(a1);
	if (len == VL)
		TAKE_VEC(a0);
	if (len != 0)
		tail = SCALAR_TAIL(len);
#endif
#undef TAKE_VEC
	/* The bias: 65536 per lane per vector, VL / 4 lanes. */
	s = FN(hsum_small_)(VADD32(a0, a1)) + (nvec << 16) * (VL / 4);
#if USE_MASKED_TAIL
	(void)tail;
	return add32_eac(sum, s);
#else
	return fold64_to_32(add64_eac(add64_eac(sum, tail), s));
#endif
}

/*
 * Inputs of SMALL_MAX < len <= MID_MAX bytes (16 vectors), and the 512-bit
 * copy's up to MID2_MAX (24 vectors, 1536 bytes: an Ethernet-sized
 * segment): a loop of 4 vectors into 4 accumulators, no chunk loop, no
 * prefetch, and a reduction of 4 vectors instead of 8.  The main path
 * pays for its generality here: at 96-576 bytes it ran at 0.78-0.95x of
 * DPDK's auto-vectorised loop (Zen 5, hot; docs/x86-kernels.md, "The
 * mid-size path").  The 512-bit copy of 1100-1536 bytes ran 1.03-1.39x
 * faster here than on the main path, whatever the alignments; from 1600
 * bytes it did not gain, and at 2048 bytes with only the destination
 * unaligned it lost 17%.  The partial sum of those sizes was 3-7%
 * slower here, and at 256 bits neither operation gained beyond the
 * noise, so they stay on the main path (docs/x86-kernels.md, "The copy
 * up to 24 vectors").  The exactness argument is the main path's with
 * nvec <= 25.
 */
#define MID_MAX		(16 * VL)
#if VL == 64
#define MID2_MAX	(24 * VL)
#else
#define MID2_MAX	MID_MAX
#endif
static ATTRIBUTES INETCSUM_FORCEINLINE u32
FN(partial_mid_)(const u8 *p, u8 *q, size_t len, u32 sum, const int copy)
{
	const vec_t flip = FN(bcast32_)(&FN(k_flip_));
	const vec_t ones = FN(bcast32_)(&FN(k_ones_));
	vec_t a0 = VZERO(), a1 = VZERO(), a2 = VZERO(), a3 = VZERO();
	u64 tail = 0;
#if USE_MASKED_TAIL
	u32 nvec = (u32)((len + VL - 1) / VL);
	/*
	 * As in the long path, an even, unaligned start gets a masked head
	 * up to the next VL boundary, so that no load spans two lines, but
	 * only above 8 vectors: below, the head's mask and extra vector cost
	 * more than the split loads (Zen 5, offset 2: 0.80x at 128 bytes,
	 * 1.2x at 768-1024 bytes).  The copy aligns its destination above
	 * 16 vectors, and only where that aligns its source too (both as
	 * far past a VL boundary): a head that aligns the stores and
	 * misaligns every load ran 0.64-0.83x of no head at 576-1024 bytes,
	 * and a head at 576-1024 bytes with both equally misaligned 0.88-
	 * 0.95x of none (Zen 5).
	 */
	size_t head = (size_t)(-(uintptr_t)p) & (VL - 1);

	if (!copy && len > 8 * VL && head != 0 && (head & 1) == 0) {
		TAKE_MASKED_HEAD(a3, head);
		nvec = (u32)((len + VL - 1) / VL) + 1;
	}
	/*
	 * The copy's, written apart so that the sum's code stays as it was
	 * (rewritten as one test for both, the partial sum of 300 bytes
	 * compiled to other blocks and ran 8-13% slower).
	 */
	if (copy && len > MID_MAX && head != 0 && (head & 1) == 0 &&
	    (((uintptr_t)p ^ (uintptr_t)q) & (VL - 1)) == 0) {
		TAKE_MASKED_HEAD(a3, head);
		nvec = (u32)((len + VL - 1) / VL) + 1;
	}
#else
	const u32 nvec = (u32)(len / VL);
#endif

	while (len >= 4 * VL) {
		LOAD_ACC(a0, 0 * VL);
		LOAD_ACC(a1, 1 * VL);
		LOAD_ACC(a2, 2 * VL);
		LOAD_ACC(a3, 3 * VL);
		p += 4 * VL;
		if (copy)
			q += 4 * VL;
		len -= 4 * VL;
	}
	TAKE_LAST_VECTORS(a0, a1, a2, a3);
	/*
	 * The bias joins at the end, off the accumulators' chains: the lanes
	 * are summed modulo 2^32, so the order of the additions is free.
	 */
	a0 = VADD32(VADD32(a0, a1), VADD32(a2, a3));
	a0 = VADD32(a0, VSET1_32(nvec << 16));
	return fold64_to_32(add64_eac(add64_eac(sum, tail),
				      FN(hsum_u32_)(a0)));
}

#if VL == 64 && USE_MASKED_TAIL
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_long_vhead_)(void *dst, const void *src, size_t len, u32 sum);
#if USE_VNNI
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_long_madd_vhead_)(void *dst, const void *src, size_t len, u32 sum);
#endif
#endif

/* The long inputs (sum_long_(), copy_long_()): the 8-accumulator loop. */
static ATTRIBUTES INETCSUM_FORCEINLINE u32
FN(partial_long_)(const void *data, void *dst, size_t len, u32 sum,
		  size_t prefetch, const int copy, const int madd,
		  const int vhead)
{
	const u8 *p = data;
	u8 *q = dst;
	const u8 *end;
	size_t head = 0, first = CHUNK_LEN;
	u64 s = sum;

	end = p + len;
#if USE_MASKED_TAIL
	/*
	 * Align the loads of the partial sum to VL bytes when the buffer
	 * starts at an even address that is not aligned (an IP header after
	 * a 14-byte Ethernet header): the first VL - (p % VL) bytes are one
	 * masked load, and no later load spans two cache lines.  Split loads
	 * take two load slots each and halved the speed from L2.  An odd
	 * start is left alone: the aligned part would begin mid-word.  The
	 * copy aligns its destination instead (below).
	 */
	if (!copy && len >= X86_ALIGN_MIN && ((uintptr_t)p & 1) == 0)
		head = (size_t)(-(uintptr_t)p) & (VL - 1);
#endif
#if VL == 64 && USE_MASKED_TAIL
	/*
	 * The copy aligns its stores, which matter more than its loads: for
	 * a destination at an even, unaligned address, the bytes up to its
	 * next VL boundary (an even count, so the rest keeps its word
	 * positions) are one masked load and store, summed as one more
	 * vector, and no later store spans two cache lines.  That is the
	 * same loop with a run-time head, which made the aligned copy 3-5%
	 * slower, so it is a function of its own (copy_long_vhead_()), tail-
	 * called from here, and the aligned copy's loop has no head.
	 * Measured side by side (bench/x86_proto/fixed_cost.c, hot, both
	 * buffers 2 bytes past a line), aligning at all gained 1.2x at 1448
	 * bytes, 1.6x at 4 KiB, 1.1x at 64 KiB; the masked head instead of
	 * the scalar short path it replaced, 1.04-1.14x more at 1100-2048
	 * bytes (Zen 5, both kernels in one process).
	 */
	if (copy && vhead) {
		head = (size_t)(-(uintptr_t)q) & (VL - 1);
	} else if (copy && len >= X86_ALIGN_MIN && ((uintptr_t)q & 1) == 0 &&
		   ((uintptr_t)q & (VL - 1)) != 0) {
#if USE_VNNI
		if (madd)
			return FN(copy_long_madd_vhead_)(dst, data, len, sum);
#endif
		return FN(copy_long_vhead_)(dst, data, len, sum);
	}
#endif
#if USE_MASKED_TAIL
	/* The head is one more vector: keep the chunk at 4096 vectors. */
	first = head != 0 ? CHUNK_LEN - VL + head : CHUNK_LEN;
#endif
	while (len > first) {
		s = add64_eac(s, FN(sum_chunk_)(p, q, first, end, prefetch,
						      copy, head, madd));
		p += first;
		if (copy)
			q += first;
		len -= first;
		head = 0;
		first = CHUNK_LEN;
	}
	s = add64_eac(s, FN(sum_chunk_)(p, q, len, end, prefetch, copy, head,
					madd));
	return fold64_to_32(s);
}

/*
 * The mid-size and long paths are functions of their own, tail-called, so
 * that the entry points below need no callee-saved registers (inlined, gcc
 * 12 saved four of them and set up a frame before the length tests, on
 * every call, which cost about 10% at 128-256 bytes), and so that the
 * small path is the straight line after the length tests rather than a
 * block placed after the mid-size path's, reached by taken branches.
 */
/* The long sum with software prefetch, 'pf' bytes ahead (sum_long_()). */
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(sum_long_pf_)(const void *data, size_t len, u32 sum, size_t pf)
{
	return FN(partial_long_)(data, NULL, len, sum, pf, 0, 0, 0);
}

static ATTRIBUTES INETCSUM_NOINLINE u32
FN(sum_long_)(const void *data, size_t len, u32 sum)
{
	/*
	 * The buffer's last line requested first: the loads reach it last,
	 * and in a stream of cold buffers (a burst of received packets, one
	 * inetcsum_partial() each) the far end of each was a fresh miss at
	 * the end of its call.  Measured in a 256 MiB pool of 1500-byte
	 * packets, one call per packet (Zen 5): 1448 bytes at offset 52
	 * 1.5-1.6x faster, 1500 bytes at offset 0 1.25x; hot, 1448 bytes to
	 * 16 KiB, within 1% (old and new kernel in one process).  A flushed
	 * single buffer (inetcsum bench's cold) gains nothing.  The address
	 * is inside the buffer.
	 */
	INETCSUM_PREFETCH((const u8 *)data + len - 1);
	/*
	 * Below the row's prefetch_min the loop without prefetch, with the
	 * distance a constant 0, so that not even its test per block is
	 * left: on Intel model 167 that test and the prefetches cost 3-12%
	 * hot at 4-64 KiB and prefetching cost up to 1.26x cold at 64 KiB,
	 * while 2048 bytes ahead gained 1.3x cold from 256 KiB (docs/
	 * tuning.md, "A prefetch threshold").  The same loop where the
	 * distance leaves no block to prefetch for (len - BLOCK < distance:
	 * sum_chunk_() would issue none), whatever the row: under Zen 5's
	 * 4096 bytes, 2-4 KiB ran 6-8% faster hot this way, with the same
	 * (zero) prefetches (docs/tuning.md, "Zen 5 under its row").
	 * The loop without prefetch is the one inlined here, and the other
	 * a tail call away: with both inlined (the prefetching one first),
	 * or the plain one a jump away, 1100-4096 bytes ran 1.15-1.23x
	 * slower hot on Zen 5 than a build without prefetch, as the same
	 * loop ("The entry of the long sum" there).  A distance of 0 (the
	 * AMD and other defaults, Zen 4) takes the plain loop too, rather
	 * than the prefetching one testing a zero distance every block.
	 * len > MID_MAX >= BLOCK here.
	 */
	size_t pf = X86_PREFETCH_NOW();

	if (unlikely(pf != 0 && len >= X86_PREFETCH_MIN_NOW() &&
		     len - BLOCK >= pf))
		return FN(sum_long_pf_)(data, len, sum, pf);
	return FN(partial_long_)(data, NULL, len, sum, 0, 0, 0, 0);
}

static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_long_)(void *dst, const void *src, size_t len, u32 sum)
{
	return FN(partial_long_)(src, dst, len, sum, 0, 1, 0, 0);
}

#if USE_VNNI
/*
 * The copy from the tuning table's copy_madd_min bytes on (src/tuning.c):
 * vpmaddwd pairs in the main loop, as the non-VNNI kernels sum.  On Zen 5
 * that loop was 1.15-1.4x faster than one vpdpwssd per vector at 4-16
 * KiB (and slower at 1448-1500 bytes); on the Intel Xeon the project
 * measured, vpdpwssd was the faster loop, so elsewhere it stays.
 */
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_long_madd_)(void *dst, const void *src, size_t len, u32 sum)
{
	return FN(partial_long_)(src, dst, len, sum, 0, 1, 1, 0);
}
#endif

#if VL == 64 && USE_MASKED_TAIL
/* The copy to an even, unaligned destination (partial_long_()). */
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_long_vhead_)(void *dst, const void *src, size_t len, u32 sum)
{
	return FN(partial_long_)(src, dst, len, sum, 0, 1, 0, 1);
}

#if USE_VNNI
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_long_madd_vhead_)(void *dst, const void *src, size_t len, u32 sum)
{
	return FN(partial_long_)(src, dst, len, sum, 0, 1, 1, 1);
}
#endif
#endif

/*
 * The copy of MID_MAX < len <= MID2_MAX bytes: the mid-size path compiled
 * for this range in a function of its own, so that the code for up to
 * MID_MAX bytes stays as it was (one copy compiled for up to 32 vectors
 * ran 8-15% slower at 300-1024 bytes).
 */
#if MID2_MAX > MID_MAX
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_mid2_)(void *dst, const void *src, size_t len, u32 sum)
{
	return FN(partial_mid_)(src, dst, len, sum, 1);
}
#endif

/* Inputs of more than SMALL_MAX bytes. */
static ATTRIBUTES INETCSUM_NOINLINE u32
FN(sum_big_)(const void *data, size_t len, u32 sum)
{
	if (len <= MID_MAX)
		return FN(partial_mid_)(data, NULL, len, sum, 0);
#ifdef LARGE_SWITCH
	/* The tuning table's size class (src/tuning.c), if it has one. */
	if (unlikely(len >= atomic_load_explicit(&inetcsum_x86_large_min,
						 memory_order_relaxed))) {
		inetcsum_partial_fn f = atomic_load_explicit(
			&inetcsum_x86_large_partial, memory_order_relaxed);

		if (f != NULL)
			return f(data, len, sum);
	}
#endif
	return FN(sum_long_)(data, len, sum);
}

static ATTRIBUTES INETCSUM_NOINLINE u32
FN(copy_big_)(void *dst, const void *src, size_t len, u32 sum)
{
	if (len <= MID_MAX)
		return FN(partial_mid_)(src, dst, len, sum, 1);
#if MID2_MAX > MID_MAX
	if (len <= MID2_MAX)
		return FN(copy_mid2_)(dst, src, len, sum);
#endif
#if USE_VNNI
	if (len >= atomic_load_explicit(&inetcsum_x86_copy_madd_min,
					memory_order_relaxed))
		return FN(copy_long_madd_)(dst, src, len, sum);
#endif
	return FN(copy_long_)(dst, src, len, sum);
}

/*
 * The entry points.  inetcsum_partial() sums inputs of up to
 * X86_SHORT_MAX bytes itself, so those are rare here; the small path is
 * the fall-through, and everything else is one tail call away.
 */
static ATTRIBUTES u32
PARTIAL_FN(const void *data, size_t len, u32 sum)
{
	if (unlikely(len <= X86_SHORT_MAX))
		return inetcsum_x86_partial_short(data, len, sum);
	if (unlikely(len > SMALL_MAX))
		return FN(sum_big_)(data, len, sum);
	return FN(partial_small_)(data, NULL, len, sum, 0);
}

#if defined(DIRECT_ENTRY) || defined(DIRECT_COPY_ENTRY)
/*
 * The direct entries' one test of a flag bit of the kernel-in-use pointer
 * in memory (an asm goto: a relaxed atomic load compiled to a load, a
 * not, an and and a branch), jumping to the entry's 'dispatch' label when
 * the bit is clear.  Relaxed is enough: the result is the same whichever
 * kernel runs.
 */
#define TEST_FLAG_TO_(bit, label)					\
	__asm__ goto("testb %[b], %[active]\n\tjz %l[" #label "]"	\
		     : /* no outputs */					\
		     : [active] "m"(inetcsum_active_kernel), [b] "i"(bit) \
		     : "cc"						\
		     : label)
#define TEST_FLAG_(bit) TEST_FLAG_TO_(bit, dispatch)
#endif

#ifdef DIRECT_ENTRY
/*
 * The entry inetcsum_partial() binds to on a CPU that can run this kernel
 * (src/x86/dispatch.c, partial_ifunc()): the dispatcher's work done here,
 * without its indirect jump.  If the kernel in use is another one (or none
 * yet), its own entry runs instead.
 */
ATTRIBUTES __attribute__((aligned(64))) u32
DIRECT_ENTRY(const void *data, size_t len, u32 sum)
{
	/*
	 * One flag test on each path (TEST_FLAG_()).  Short inputs test
	 * the flag that any x86 kernel is in use, all of which sum them
	 * with the code below: a kernel selected by name then sums them as
	 * fast as this one (before, through the pointer dispatch, 1.2-1.3x
	 * slower at 20-64 bytes on Zen 5).
	 */
	/* inetcsum_partial()'s inline short path (src/x86/dispatch.c). */
	if (len <= X86_SHORT_MAX) {
		TEST_FLAG_(INETCSUM_X86_SHORT_TAG);
		/*
		 * 64 bytes first: x86_sum_short() tests 40 and 20 before
		 * it, and here that was the cycle by which DPDK's one-vector
		 * loop led at 64 bytes (Zen 4).
		 */
		if (len == 64)
			return fold64_to_32(add64_eac(sum, x86_sum_64(data)));
		return fold64_to_32(add64_eac(sum, x86_sum_short(data, len)));
	}
	TEST_FLAG_(INETCSUM_ACTIVE_TAG);
	if (unlikely(len > SMALL_MAX))
		return FN(sum_big_)(data, len, sum);
	return FN(partial_small_)(data, NULL, len, sum, 0);
dispatch:
	return inetcsum_x86_partial_dispatch(data, len, sum);
}
#endif

static ATTRIBUTES u32
COPY_FN(void *dst, const void *src, size_t len, u32 sum)
{
	if (unlikely(len <= X86_SHORT_MAX))
		return inetcsum_x86_copy_short(dst, src, len, sum);
	if (unlikely(len > SMALL_MAX))
		return FN(copy_big_)(dst, src, len, sum);
	return FN(partial_small_)(src, dst, len, sum, 1);
}

#ifdef DIRECT_COPY_ENTRY
/*
 * The entry inetcsum_copy() binds to on a CPU that can run this kernel
 * (src/x86/dispatch.c, copy_ifunc()), as DIRECT_ENTRY is the partial
 * sum's: one test of the flag that this kernel's copy is the one in use,
 * then the copy itself (COPY_FN, which gcc inlines here; inputs of up
 * to X86_SHORT_MAX bytes go by a direct jump to the shared short copy,
 * except 64 bytes at 512 bits, copied here as one vector),
 * without the pointer dispatch's load of the kernel's fields and its
 * indirect call.  Any other state (another kernel selected, a composite,
 * none chosen yet) takes the pointer dispatch.  The short copy inline
 * here ran 0.74-0.84x at 8-20 bytes: gcc put every short length behind a
 * taken branch.
 */
ATTRIBUTES __attribute__((aligned(64))) u32
DIRECT_COPY_ENTRY(void *dst, const void *src, size_t len, u32 sum)
{
	/*
	 * Short inputs test the flag that any x86 kernel is in use, all of
	 * which copy them with the shared short copy, as DIRECT_ENTRY does
	 * for the sum: a kernel selected by name then copies them without
	 * the pointer dispatch (1.10-1.14x the automatic choice's time at 20
	 * bytes through it, Zen 5, bench/micro/named_kernels.c).
	 */
	if (unlikely(len <= X86_SHORT_MAX)) {
		TEST_FLAG_(INETCSUM_X86_SHORT_TAG);
#if VL == 64
		/*
		 * 64 bytes as one vector, summed by the add-with-carry chain
		 * of the shared short copy, from the source, when this
		 * kernel's copy is the one in use: through the shared copy's
		 * 16-byte pairs and length tests the 64-byte copy took
		 * 1.12-1.46x as long (Zen 5, bench/micro/ab_builds.c, five
		 * runs against two builds of the tree before; every other
		 * length 0.99-1.2x of before, the same build within 2% of
		 * itself).  The other short lengths keep their one jump to
		 * the shared copy (docs/short-path.md).
		 */
		if (likely(len != 64))
			return inetcsum_x86_copy_short(dst, src, len, sum);
		TEST_FLAG_TO_(INETCSUM_X86_COPY_TAG, shared);
		VSTOREU((u8 *)dst, VLOADU((const u8 *)src));
		return fold64_to_32(add64_eac(sum, x86_sum_64(src)));
shared:
#endif
		return inetcsum_x86_copy_short(dst, src, len, sum);
	}
	TEST_FLAG_(INETCSUM_X86_COPY_TAG);
	return COPY_FN(dst, src, len, sum);
dispatch:
	return inetcsum_x86_copy_dispatch(dst, src, len, sum);
}
#endif

#undef TAKE_MASKED_TAIL
#undef TAKE_MASKED_HEAD
#undef SCALAR_TAIL
#undef TAKE_TAIL
#undef TAKE_LAST_VECTORS
#undef CONCAT_
#undef CONCAT
#undef FN
#undef vec_t
#undef VLOADU
#undef VSTOREU
#undef VZERO
#undef VSET1_16
#undef VSET1_32
#undef VXOR
#undef VADD32
#undef VMADD16
#undef mask_t
#undef VMASKZ_LOADU
#undef VMASK_STOREU
#undef BLOCK
#undef X86_ALIGN_MIN
#undef SMALL_MAX
#undef MID_MAX
#undef MID2_MAX
#undef CHUNK_LEN
#undef ACCUM
#undef LOAD_ACC
#undef LOAD_ACC2
#undef SUFFIX
#undef PARTIAL_FN
#undef COPY_FN
#undef ATTRIBUTES
#undef VL
#undef USE_VNNI
#undef USE_MASKED_TAIL
#undef VNNI_EVEX
#undef TEST_FLAG_
#undef DIRECT_ENTRY
#undef DIRECT_COPY_ENTRY
#undef LARGE_SWITCH
