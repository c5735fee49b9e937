/* SPDX-License-Identifier: MIT */
/*
 * src/x86/dispatch.c - inetcsum_partial() and inetcsum_copy() on x86-64:
 * the inline short paths and, on glibc, the GNU indirect functions that
 * bind the symbols to the 512-bit VNNI kernel's direct entries.  The
 * choice of kernel itself is src/dispatch.c's; this file only decides how
 * a call reaches it.
 */
#include "dispatch.h"

#if defined(INETCSUM_ARCH_X86_64) && defined(ARCH_KERNELS)
#include "csum_x86_scalar.h"
#include "../tuning.h"

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
static int
can_run_vnni_direct(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512bw") &&
	       __builtin_cpu_supports("avx512vl") &&
	       __builtin_cpu_supports("avx512vnni") &&
	       __builtin_cpu_supports("bmi2");
}

/* 'used': clang does not count the ifunc attribute's reference as a use. */
static __attribute__((used)) inetcsum_partial_fn
partial_ifunc(void)
{
	return can_run_vnni_direct() ? inetcsum_x86_avx512_vnni_direct :
				       inetcsum_x86_partial_dispatch;
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
	const struct inetcsum_kernel *k = inetcsum_active();

	/*
	 * Every x86-64 kernel sums short inputs with the same scalar code
	 * (x86_sum_short()), so it runs here inline, skipping the indirect
	 * call and a second call and return (docs/short-path.md).  The
	 * kernel says whether it is one of them, so a selected "generic"
	 * still runs the portable code.
	 */
	if (len <= k->inline_short_max)
		return fold64_to_32(add64_eac(sum, x86_sum_short(data, len)));
	return k->partial(data, len, sum);
}

#ifdef INETCSUM_X86_IFUNC
/*
 * inetcsum_copy() the same way: bound to the 512-bit VNNI kernel's direct
 * copy entry where the CPU has that kernel and the built-in tuning row
 * copies with it.  The entry tests its own flag
 * (INETCSUM_X86_COPY_TAG) and falls back to the pointer dispatch below.
 */
static __attribute__((used)) inetcsum_copy_fn
copy_ifunc(void)
{
	/*
	 * Only where the built-in row copies with that kernel: elsewhere
	 * (Zen 4's row copies with x86_avx512) every call would take the
	 * entry's failed test and a jump on to the pointer dispatch, which
	 * cost 0.78-0.86x at 65-256 bytes against the pointer dispatch alone
	 * (Zen 4's row forced on a Zen 5, docs/x86-kernels.md).  A tuning
	 * record read later may choose otherwise; the entry's flag test
	 * keeps every choice correct.
	 */
	if (can_run_vnni_direct() &&
	    inetcsum_tuning_builtin_copy_is("x86_avx512_vnni"))
		return inetcsum_x86_avx512_vnni_copy_direct;
	return inetcsum_x86_copy_dispatch;
}

INETCSUM_API uint32_t inetcsum_copy(void *dst, const void *src, size_t len,
				    uint32_t sum)
	__attribute__((ifunc("copy_ifunc")));
#endif

/*
 * The copy's short path inline as well, for the kernels that copy short
 * inputs with x86_copy_short(): no indirect call and no second call and
 * return.  1.05-1.4x at 20-64 bytes, 1.5-1.7x at 8 (Zen 5, hot, side by
 * side, in two runs; docs/short-path.md).
 */
#ifdef INETCSUM_X86_IFUNC
u32
inetcsum_x86_copy_dispatch(void *dst, const void *src, size_t len, u32 sum)
#else
INETCSUM_API uint32_t
inetcsum_copy(void *dst, const void *src, size_t len, uint32_t sum)
#endif
{
	const struct inetcsum_kernel *k = inetcsum_active();

	if (len <= k->copy_inline_short_max)
		return fold64_to_32(add64_eac(sum, x86_copy_short(dst, src,
								  len)));
	return k->copy(dst, src, len, sum);
}
#endif /* x86-64 with vector kernels */
