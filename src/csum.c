/* SPDX-License-Identifier: MIT */
/*
 * src/csum.c - the public entry points of libinetcsum and the dispatcher.
 *
 * High-level description
 * ----------------------
 * The Internet checksum (RFC 1071) of a message is the 16-bit ones'
 * complement of the ones' complement sum of its 16-bit words.  Ones'
 * complement addition is addition modulo 0xffff in which the all-ones word
 * and zero are the same number: a carry out of the top bit is added back in
 * at the bottom ("end-around carry").  Three properties make it fast:
 *
 *  - It commutes and associates, so words may be added in any order and in
 *    any number of parallel accumulators, and wider words (32, 64, 512 bits)
 *    may be added and folded down at the end: 2^16 == 1 (mod 0xffff), so a
 *    wide accumulator's 16-bit lanes simply add up.
 *
 *  - It is independent of byte order (RFC 1071 section 2(B)): swapping the
 *    bytes of every word swaps the bytes of the sum.  So the library sums
 *    words exactly as the CPU loads them and the result, stored back with a
 *    native store, has the right bytes on the wire.  No swaps anywhere.
 *
 *  - A block that starts at an odd offset of the message contributes its
 *    bytes to the other half of each word.  Its sum computed as if it were
 *    at an even offset is therefore the byte-swapped contribution, and is
 *    put right by swapping the bytes of that partial sum (rotating a 32-bit
 *    partial sum by 8 bits does it for both halves at once, because
 *    256 * 256 == 1 (mod 0xffff)).  This is what inetcsum_block_add(), the
 *    scatter-gather and the streaming functions do at odd boundaries.
 *
 * Partial sums are kept unfolded in 32 bits so that they can be combined
 * cheaply, and folded and complemented only when a checksum field is
 * written or verified (inetcsum_fold()).
 *
 * Dispatch
 * --------
 * inetcsum_partial() and inetcsum_copy() call through one atomic pointer to
 * the kernel in use.  It starts at a resolver "kernel" whose entry points
 * pick the real one (INETCSUM_IMPL, else the first kernel in the registry
 * that the CPU supports), install it with a compare-exchange over the
 * unresolved state only, and forward the call; later calls cost two loads
 * and one indirect call.  inetcsum_impl_select() stores unconditionally, so
 * an explicit selection is never overwritten by a first call racing it in
 * another thread (tests/test_race.c), and because one pointer holds the
 * whole choice no thread can see half of one kernel and half of another.
 * Where only the portable kernel is built in, there is nothing to choose and
 * the entry points call it directly.  On glibc x86-64, inetcsum_partial()
 * is a GNU indirect function instead, bound to the 512-bit VNNI kernel's
 * direct entry where the CPU has it (partial_ifunc() below).
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "impl.h"
#include "tuning.h"

#if defined(__x86_64__) || defined(__i386__)
#  include "x86/kernels.h"
#  ifdef INETCSUM_X86_SHORT_MAX
#    include "x86/csum_x86_scalar.h"
#  endif
#elif defined(__aarch64__)
#  include "arm/kernels.h"
#elif defined(__s390x__)
#  include "s390/kernels.h"
#elif defined(__powerpc__) || defined(__powerpc64__)
#  include "ppc/kernels.h"
#endif

const struct inetcsum_kernel *const inetcsum_kernels[] = {
#ifdef ARCH_KERNELS
	ARCH_KERNELS
#endif
	&inetcsum_kernel_generic,
};

const size_t inetcsum_num_kernels =
	sizeof(inetcsum_kernels) / sizeof(inetcsum_kernels[0]);

/*
 * The probed CPU features, with CPU_FEATURES_KNOWN set once probed (no
 * feature bit uses it).  Probing is pure, so racing first callers store the
 * same value and a relaxed atomic is enough.
 */
#define CPU_FEATURES_KNOWN (1u << 31)
static _Atomic(u32) cpu_features_cache = 0;

u32
inetcsum_cpu_features(void)
{
	u32 f = atomic_load_explicit(&cpu_features_cache, memory_order_relaxed);

	if (!(f & CPU_FEATURES_KNOWN)) {
		f = inetcsum_probe_cpu_features() | CPU_FEATURES_KNOWN;
		atomic_store_explicit(&cpu_features_cache, f,
				      memory_order_relaxed);
	}
	return f & ~CPU_FEATURES_KNOWN;
}

const struct inetcsum_kernel *
inetcsum_kernel_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < inetcsum_num_kernels; i++) {
		if (strcmp(inetcsum_kernels[i]->name, name) == 0)
			return inetcsum_kernels[i];
	}
	return NULL;
}

/* The kernel named 'name' if it is built in and supported, else NULL. */
static const struct inetcsum_kernel *
usable_kernel(const char *name)
{
	const struct inetcsum_kernel *k = inetcsum_kernel_by_name(name);

	if (k != NULL && inetcsum_kernel_supported(k, inetcsum_cpu_features()))
		return k;
	return NULL;
}

#ifdef ARCH_KERNELS

/* The best kernel this CPU supports; the portable one supports every CPU. */
static const struct inetcsum_kernel *
best_kernel(void)
{
	u32 features = inetcsum_cpu_features();
	size_t i;

	for (i = 0; i < inetcsum_num_kernels; i++) {
		if (inetcsum_kernel_supported(inetcsum_kernels[i], features))
			return inetcsum_kernels[i];
	}
	return &inetcsum_kernel_generic;
}

/*
 * The kernel the tuning table wants for each operation (src/tuning.c), as
 * one kernel: the registry's own when both operations use the same one,
 * else 'composite', which takes the partial sum from one kernel and the
 * copy from the other.  The composite is filled once, by the first thread
 * to get here (others wait the few nanoseconds that takes), and never
 * changes after; it is published through 'active' with release and read
 * with acquire, so a thread that sees its address sees its contents.
 */
static struct inetcsum_kernel composite;
static atomic_int composite_state = 0;	/* 0 empty, 1 filling, 2 filled */

/*
 * The tuning row's settings other than its two kernels: the prefetch
 * distance, the copy's loop, and, only when the table chooses the kernels
 * ('tuned'), its kernel for large sums: a kernel selected by name sums
 * every length itself.
 */
static const struct inetcsum_tuning_row *
apply_row(int tuned)
{
	const struct inetcsum_tuning_row *row = inetcsum_tuning_this_cpu();
	const struct inetcsum_kernel *large = NULL;

	inetcsum_tuning_apply_prefetch(row);
	inetcsum_tuning_apply_copy(row);
	if (tuned && row->partial_large != NULL)
		large = usable_kernel(row->partial_large);
	inetcsum_tuning_apply_large(large != NULL ? large->partial : NULL,
				    row->partial_large_min);
	return row;
}

static const struct inetcsum_kernel *
tuned_kernel(void)
{
	const struct inetcsum_tuning_row *row = apply_row(1);
	const struct inetcsum_kernel *p = NULL, *c = NULL;
	int expected = 0;

	if (row->partial != NULL)
		p = usable_kernel(row->partial);
	if (p == NULL)
		p = best_kernel();
	if (row->copy != NULL)
		c = usable_kernel(row->copy);
#ifdef INETCSUM_TEST_SUPPORT
	if (getenv("INETCSUM_TEST_TUNING_COPY") != NULL)
		c = usable_kernel(getenv("INETCSUM_TEST_TUNING_COPY"));
#endif
	if (c == NULL || c == p)
		return p;
	if (atomic_compare_exchange_strong_explicit(&composite_state,
						    &expected, 1,
						    memory_order_acquire,
						    memory_order_acquire)) {
		composite = *p;
		composite.copy = c->copy;
		composite.copy_name = c->name;
		/* The short path is the partial kernel's: it stays. */
		atomic_store_explicit(&composite_state, 2,
				      memory_order_release);
	}
	while (atomic_load_explicit(&composite_state, memory_order_acquire) !=
	       2)
		;
	return &composite;
}

static u32 partial_resolve(const void *data, size_t len, u32 sum);
static u32 copy_resolve(void *dst, const void *src, size_t len, u32 sum);

/*
 * The state before the first call: a "kernel" whose entry points choose the
 * real one.  It is never in the registry, so nothing can select it.
 */
static const struct inetcsum_kernel unresolved = {
	.name = "(unresolved)",
	.partial = partial_resolve,
	.copy = copy_resolve,
};

/*
 * The kernel in use: one pointer, so a reader sees a whole kernel (its
 * partial, copy and short-path facts together), never a half-installed
 * mix.  The registry's kernels are constant objects that exist from
 * program start; the composite (above) is filled before its address is
 * stored, so stores are release and loads acquire (a plain load on
 * x86-64, ldar on arm64).
 */
#ifdef INETCSUM_X86_IFUNC
/*
 * Read by the direct entry too (inetcsum_x86_avx512_vnni_direct()): bit 0
 * of the stored pointer (kernels are aligned to 8 bytes) says that the
 * kernel in use sums with the 512-bit VNNI kernel's partial sum, which
 * that entry runs itself.  Pointer and bit are one atomic value, so they
 * always agree, whatever selects and first calls race.
 */
_Atomic(uintptr_t) inetcsum_active_kernel = (uintptr_t)&unresolved;
#else
static _Atomic(uintptr_t) inetcsum_active_kernel = (uintptr_t)&unresolved;
#endif

static INETCSUM_FORCEINLINE uintptr_t
tagged(const struct inetcsum_kernel *k)
{
#ifdef INETCSUM_X86_IFUNC
	if (k->partial == inetcsum_kernel_x86_avx512_vnni.partial)
		return (uintptr_t)k | INETCSUM_X86_ACTIVE_DIRECT;
#endif
	return (uintptr_t)k;
}

static INETCSUM_FORCEINLINE const struct inetcsum_kernel *
untagged(uintptr_t v)
{
	return (const struct inetcsum_kernel *)(v & ~(uintptr_t)1);
}

static INETCSUM_FORCEINLINE const struct inetcsum_kernel *
load_active(void)
{
	return untagged(atomic_load_explicit(&inetcsum_active_kernel,
					     memory_order_acquire));
}

/*
 * The first-use choice: INETCSUM_IMPL if it names a usable kernel, the
 * tuning table's choice otherwise (an unusable name is ignored rather than
 * fatal, so a stale setting cannot break a program).  It is installed only
 * over the unresolved state: if a select, or another thread's first call,
 * got there while this one was choosing, that one stands and is returned.
 * So an explicit inetcsum_impl_select() always wins over a racing first
 * call.
 */
static const struct inetcsum_kernel *
resolve(void)
{
	const char *env = getenv("INETCSUM_IMPL");
	const struct inetcsum_kernel *k = NULL;
	uintptr_t expected = (uintptr_t)&unresolved;

	if (env != NULL && *env != '\0' && strcmp(env, "auto") != 0)
		k = usable_kernel(env);
	if (k == NULL)
		k = tuned_kernel();
	else
		(void)apply_row(0);
	if (!atomic_compare_exchange_strong_explicit(&inetcsum_active_kernel,
						     &expected, tagged(k),
						     memory_order_acq_rel,
						     memory_order_acquire))
		k = untagged(expected);
	return k;
}

static u32
partial_resolve(const void *data, size_t len, u32 sum)
{
	return resolve()->partial(data, len, sum);
}

static u32
copy_resolve(void *dst, const void *src, size_t len, u32 sum)
{
	return resolve()->copy(dst, src, len, sum);
}

const struct inetcsum_kernel *
inetcsum_kernel_active(void)
{
	const struct inetcsum_kernel *k = load_active();

	return k != &unresolved ? k : resolve();
}

INETCSUM_API int
inetcsum_impl_select(const char *name)
{
	const struct inetcsum_kernel *k;

	if (name == NULL || strcmp(name, "auto") == 0) {
		k = tuned_kernel();
	} else {
		/* An unusable name changes nothing. */
		k = usable_kernel(name);
		if (k == NULL)
			return -1;
		(void)apply_row(0);
	}
	/* Unconditional: a select replaces whatever was chosen before. */
	atomic_store_explicit(&inetcsum_active_kernel, tagged(k),
			      memory_order_release);
	return 0;
}

#ifdef INETCSUM_X86_IFUNC

/*
 * inetcsum_partial() is a GNU indirect function: the dynamic linker calls
 * this resolver once, when it binds the symbol, and the caller's PLT or
 * GOT entry then points straight at what it returns.  On a CPU that can
 * run the 512-bit VNNI kernel that is the kernel's direct entry, which
 * tests a bit of the kernel-in-use pointer itself (the dispatcher may
 * have chosen, or been told to use, another kernel) and saves the
 * indirect jump of inetcsum_x86_partial_dispatch(): one cycle a call at
 * 72-128 bytes on Zen 4, 6-7% there, side by side (docs/x86-kernels.md,
 * "Dispatch: an indirect function").
 * The resolver runs before the library's constructors, so it asks only
 * the compiler's own CPU probe, which checks the OS's register state as
 * well, and chooses nothing the dispatcher has not: the direct entry
 * falls back to the kernel in use whenever it is not the VNNI kernel.
 */
/* 'used': clang does not count the ifunc attribute's reference as a use. */
static __attribute__((used)) inetcsum_partial_fn
partial_ifunc(void)
{
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512vl") &&
	    __builtin_cpu_supports("avx512vnni") &&
	    __builtin_cpu_supports("bmi2"))
		return inetcsum_x86_avx512_vnni_direct;
	return inetcsum_x86_partial_dispatch;
}

INETCSUM_API uint32_t inetcsum_partial(const void *data, size_t len,
				       uint32_t sum)
	__attribute__((ifunc("partial_ifunc")));

/* Also the direct entry's way out when its kernel is not the one in use. */
u32
inetcsum_x86_partial_dispatch(const void *data, size_t len, u32 sum)
#else
INETCSUM_API uint32_t
inetcsum_partial(const void *data, size_t len, uint32_t sum)
#endif
{
	const struct inetcsum_kernel *k = load_active();

#ifdef INETCSUM_X86_SHORT_MAX
	/*
	 * Every x86-64 kernel sums short inputs with the same scalar code
	 * (x86_sum_short()), so it runs here inline, skipping the indirect
	 * call and a second call and return (docs/short-path.md).  The
	 * kernel says whether it is one of them, so a selected "generic"
	 * still runs the portable code.
	 */
	if (len <= k->inline_short_max)
		return fold64_to_32(add64_eac(sum, x86_sum_short(data, len)));
#endif
	return k->partial(data, len, sum);
}

INETCSUM_API uint32_t
inetcsum_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return load_active()->copy(dst, src, len, sum);
}

#else /* !ARCH_KERNELS: only the portable kernel, called directly */

const struct inetcsum_kernel *
inetcsum_kernel_active(void)
{
	return &inetcsum_kernel_generic;
}

INETCSUM_API int
inetcsum_impl_select(const char *name)
{
	if (name == NULL || strcmp(name, "auto") == 0 ||
	    usable_kernel(name) != NULL)
		return 0;
	return -1;
}

INETCSUM_API uint32_t
inetcsum_partial(const void *data, size_t len, uint32_t sum)
{
	return inetcsum_kernel_generic.partial(data, len, sum);
}

INETCSUM_API uint32_t
inetcsum_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return inetcsum_kernel_generic.copy(dst, src, len, sum);
}

#endif /* ARCH_KERNELS */

/* For packet/gso.c (packet/packet_internal.h); not exported. */
inetcsum_copy_fn inetcsum_pkt_copy_kernel(void);

inetcsum_copy_fn
inetcsum_pkt_copy_kernel(void)
{
	return inetcsum_kernel_active()->copy;
}

INETCSUM_API const char *
inetcsum_impl_name(void)
{
	return inetcsum_kernel_active()->name;
}

INETCSUM_API const char *
inetcsum_impl_get(size_t index, int *supported)
{
	if (index >= inetcsum_num_kernels)
		return NULL;
	if (supported != NULL)
		*supported = inetcsum_kernel_supported(inetcsum_kernels[index],
						       inetcsum_cpu_features());
	return inetcsum_kernels[index]->name;
}

INETCSUM_API const char *
inetcsum_version(void)
{
	return INETCSUM_VERSION_STRING;
}

/* ------------------------------------------------------------------------ */

INETCSUM_API uint16_t
inetcsum_fold(uint32_t sum)
{
	return (u16)~fold32_to_16(sum);
}

INETCSUM_API uint32_t
inetcsum_add(uint32_t a, uint32_t b)
{
	return add32_eac(a, b);
}

INETCSUM_API uint32_t
inetcsum_sub(uint32_t a, uint32_t b)
{
	return add32_eac(a, ~b);
}

INETCSUM_API uint32_t
inetcsum_block_add(uint32_t sum, uint32_t part, size_t offset)
{
	if (offset & 1)
		part = rotate_partial(part);
	return add32_eac(sum, part);
}

INETCSUM_API uint32_t
inetcsum_partial_iov(const struct inetcsum_iovec *iov, size_t count,
		     uint32_t sum)
{
	size_t odd = 0;
	size_t i;

	for (i = 0; i < count; i++) {
		if (!odd) {
			sum = inetcsum_partial(iov[i].base, iov[i].len, sum);
		} else {
			u32 part = inetcsum_partial(iov[i].base, iov[i].len, 0);

			sum = add32_eac(sum, rotate_partial(part));
		}
		odd ^= iov[i].len & 1;
	}
	return sum;
}

INETCSUM_API void
inetcsum_stream_init(struct inetcsum_stream *s, uint32_t sum)
{
	s->sum = sum;
	s->odd = 0;
}

INETCSUM_API void
inetcsum_stream_update(struct inetcsum_stream *s, const void *data,
		       size_t len)
{
	if (!s->odd) {
		s->sum = inetcsum_partial(data, len, s->sum);
	} else {
		/* This piece starts at an odd offset of the message. */
		s->sum = add32_eac(s->sum,
				   rotate_partial(inetcsum_partial(data, len, 0)));
	}
	s->odd ^= (u32)(len & 1);
}

INETCSUM_API uint32_t
inetcsum_stream_partial(const struct inetcsum_stream *s)
{
	return s->sum;
}

INETCSUM_API uint16_t
inetcsum_stream_final(const struct inetcsum_stream *s)
{
	return inetcsum_fold(s->sum);
}
