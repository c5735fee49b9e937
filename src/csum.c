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
 * inetcsum_partial() and inetcsum_copy() call through one pointer each.
 * Each starts as a resolver stub that picks a kernel (INETCSUM_IMPL, else
 * the first kernel in the registry that the CPU supports), stores the
 * choice and forwards the call; later calls cost one load and one indirect
 * call.  The pointers are relaxed atomics: the choice is a pure function of
 * the CPU and the environment, so threads that race through the stub store
 * the same values, and any pointer a thread may see is a valid kernel.
 * Where only the portable kernel is built in, there is nothing to choose and
 * the entry points call it directly.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "impl.h"

#if defined(__x86_64__) || defined(__i386__)
#  include "x86/kernels.h"
#  ifdef INETCSUM_X86_SHORT_MAX
#    include "x86/csum_x86_scalar.h"
#  endif
#elif defined(__aarch64__)
#  include "arm/kernels.h"
#endif

const struct inetcsum_kernel *const inetcsum_kernels[] = {
#ifdef ARCH_KERNELS
	ARCH_KERNELS
#endif
	&inetcsum_kernel_generic,
};

const size_t inetcsum_num_kernels =
	sizeof(inetcsum_kernels) / sizeof(inetcsum_kernels[0]);

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

static u32 partial_resolve(const void *data, size_t len, u32 sum);
static u32 copy_resolve(void *dst, const void *src, size_t len, u32 sum);

static _Atomic(inetcsum_partial_fn) partial_ptr = partial_resolve;
static _Atomic(inetcsum_copy_fn) copy_ptr = copy_resolve;
static _Atomic(const struct inetcsum_kernel *) active_kernel = NULL;

#ifdef INETCSUM_X86_SHORT_MAX
/*
 * Every x86-64 kernel sums inputs of at most INETCSUM_X86_SHORT_MAX bytes
 * with the same scalar code (x86_sum_short()), so inetcsum_partial() runs
 * it inline and skips the indirect call and a second call and return
 * (docs/x86-kernels.md, "Short inputs").  The flag is set only while an
 * x86 kernel is installed, so a forced "generic" still runs the portable
 * code.
 */
static atomic_int x86_short_path = 0;
#endif

static void
install(const struct inetcsum_kernel *k)
{
	atomic_store_explicit(&active_kernel, k, memory_order_relaxed);
	atomic_store_explicit(&partial_ptr, k->partial, memory_order_relaxed);
	atomic_store_explicit(&copy_ptr, k->copy, memory_order_relaxed);
#ifdef INETCSUM_X86_SHORT_MAX
	atomic_store_explicit(&x86_short_path, k != &inetcsum_kernel_generic,
			      memory_order_relaxed);
#endif
}

/*
 * The first-use choice: INETCSUM_IMPL if it names a usable kernel, the
 * best kernel otherwise (an unusable name is ignored rather than fatal, so
 * a stale setting cannot break a program).
 */
static const struct inetcsum_kernel *
resolve(void)
{
	const char *env = getenv("INETCSUM_IMPL");
	const struct inetcsum_kernel *k = NULL;

	if (env != NULL && *env != '\0' && strcmp(env, "auto") != 0)
		k = usable_kernel(env);
	if (k == NULL)
		k = best_kernel();
	install(k);
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
	const struct inetcsum_kernel *k =
		atomic_load_explicit(&active_kernel, memory_order_relaxed);

	return k != NULL ? k : resolve();
}

INETCSUM_API int
inetcsum_impl_select(const char *name)
{
	const struct inetcsum_kernel *k;

	if (name == NULL || strcmp(name, "auto") == 0)
		k = best_kernel();
	else
		k = usable_kernel(name);
	if (k == NULL)
		return -1;
	install(k);
	return 0;
}

INETCSUM_API uint32_t
inetcsum_partial(const void *data, size_t len, uint32_t sum)
{
#ifdef INETCSUM_X86_SHORT_MAX
	if (len <= INETCSUM_X86_SHORT_MAX &&
	    atomic_load_explicit(&x86_short_path, memory_order_relaxed))
		return fold64_to_32(add64_eac(sum, x86_sum_short(data, len)));
#endif
	return atomic_load_explicit(&partial_ptr, memory_order_relaxed)(
		data, len, sum);
}

INETCSUM_API uint32_t
inetcsum_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return atomic_load_explicit(&copy_ptr, memory_order_relaxed)(
		dst, src, len, sum);
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
