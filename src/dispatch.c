/* SPDX-License-Identifier: MIT */
/*
 * src/dispatch.c - which kernel runs: the registry, the first-use choice,
 * inetcsum_impl_select() and the functions that report the choice.
 *
 * inetcsum_partial() and inetcsum_copy() (src/csum.c, and on x86-64
 * src/x86/dispatch.c) call through one atomic pointer to the kernel in use,
 * inetcsum_active_kernel (src/dispatch.h).  It starts at a resolver
 * "kernel" whose entry points pick the real one (INETCSUM_IMPL, else the
 * tuning table's row for this CPU, src/tuning.c, else the first kernel in
 * the registry that the CPU supports), install it with a compare-exchange
 * over the unresolved state only, and forward the call; later calls cost
 * two loads and one indirect call.  inetcsum_impl_select() stores
 * unconditionally, so an explicit selection is never overwritten by a
 * first call racing it in another thread (tests/core/test_race.c), and because
 * one pointer holds the whole choice no thread can see half of one kernel
 * and half of another.  Where only the portable kernel is built in, there
 * is nothing to choose and the entry points call it directly.
 *
 * An architecture may keep flags in bits 0 and 1 of the pointer
 * (ARCH_TAG(), src/arch.h): x86-64 marks there, for the entry that
 * inetcsum_partial() binds to as a GNU indirect function
 * (src/x86/dispatch.c), whether the kernel in use sums with the 512-bit
 * VNNI kernel and whether it sums short inputs with the scalar path that
 * entry runs inline.
 *
 * This file calls the tuning table (src/tuning.c), which calls nothing
 * here: the table knows CPUs and settings, the dispatcher knows kernels.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "arch.h"
#include "dispatch.h"
#include "shared.h"
#include "tuning.h"

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
		composite.copy_inline_short_max = c->copy_inline_short_max;
		/* The partial sum's short path is the partial kernel's. */
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
 * The kernel in use (src/dispatch.h): the registry's kernels are constant
 * objects that exist from program start; the composite (above) is filled
 * before its address is stored, so stores are release and loads acquire
 * (a plain load on x86-64, ldar on arm64).
 */
_Atomic(uintptr_t) inetcsum_active_kernel = (uintptr_t)&unresolved;

static INETCSUM_FORCEINLINE uintptr_t
tagged(const struct inetcsum_kernel *k)
{
	return (uintptr_t)k | ARCH_TAG(k);
}

static INETCSUM_FORCEINLINE const struct inetcsum_kernel *
untagged(uintptr_t v)
{
	return (const struct inetcsum_kernel *)(v & ~INETCSUM_ACTIVE_TAGS);
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
	const struct inetcsum_kernel *k = inetcsum_active();

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

#endif /* ARCH_KERNELS */

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

/*
 * The tuning report is the dispatcher's: the row comes from the table,
 * the kernels from what is in use (an INETCSUM_IMPL or a select may have
 * overridden the row), the distance from the kernels' setting.
 */
INETCSUM_API void
inetcsum_tuning(struct inetcsum_tuning *t)
{
	const struct inetcsum_tuning_row *row = inetcsum_tuning_this_cpu();
	const struct inetcsum_kernel *k;
	struct inetcsum_cpu_ident id;

	inetcsum_tuning_ident(&id);
	t->vendor = id.vendor == INETCSUM_VENDOR_INTEL ? "intel" :
		    id.vendor == INETCSUM_VENDOR_AMD ? "amd" : "other";
	t->family = (unsigned)id.family;
	t->model = (unsigned)id.model;
	t->row = row->cpu;
	t->evidence = row->evidence;
	k = inetcsum_kernel_active();
	t->partial = k->name;
	t->copy = k->copy_name != NULL ? k->copy_name : k->name;
	t->prefetch = inetcsum_tuning_prefetch_now();
}

INETCSUM_API size_t
inetcsum_prefetch_min(void)
{
	(void)inetcsum_kernel_active();	/* the row or record applied */
	return inetcsum_tuning_prefetch_min_now();
}
