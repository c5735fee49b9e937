/* SPDX-License-Identifier: MIT */
/*
 * src/tuning.h - the per-CPU tuning table: which kernel each operation uses
 * and how far ahead the x86 vector kernels prefetch, keyed by CPU vendor,
 * family and model (src/tuning.c).
 */
#ifndef INETCSUM_TUNING_H
#define INETCSUM_TUNING_H

#include "common.h"

enum inetcsum_cpu_vendor {
	INETCSUM_VENDOR_OTHER = 0,
	INETCSUM_VENDOR_INTEL,
	INETCSUM_VENDOR_AMD,
};

/* The CPU as CPUID names it: display family and model (with extensions). */
struct inetcsum_cpu_ident {
	enum inetcsum_cpu_vendor vendor;
	u32 family, model;
};

/* Fills 'id' for this CPU (vendor OTHER, 0, 0 where there is no CPUID). */
void inetcsum_cpu_ident(struct inetcsum_cpu_ident *id);

/* x86: display family and model from CPUID leaf 1 EAX. */
void inetcsum_cpu_ident_decode(u32 eax, u32 *family, u32 *model);

/*
 * One row.  'partial' and 'copy' name kernels (NULL: the first supported
 * kernel of the registry); a named kernel this CPU or build cannot run is
 * replaced by that default.  'prefetch' is the x86 vector kernels'
 * distance in bytes ahead, 0 for none, or -1 for the build's default.
 * 'copy_madd_min' picks the form of the VNNI copy's main loop.
 * 'evidence' is the bench command and result behind the row.
 */
struct inetcsum_tuning_row {
	const char *cpu;
	enum inetcsum_cpu_vendor vendor;
	u32 family, model_lo, model_hi;
	/* Set: the vendor's default row, for any family and model. */
	int any_model;
	const char *partial, *copy;
	long prefetch;
	/*
	 * The x86 partial sum prefetches only in buffers of at least this
	 * many bytes (0: in every buffer).  Applied with 'prefetch', so
	 * only where that is not -1.
	 */
	size_t prefetch_min;
	/*
	 * From this many bytes the VNNI kernels' fused copy adds vector
	 * pairs with vpmaddwd in its main loop instead of one vpdpwssd per
	 * vector (0: never).
	 */
	size_t copy_madd_min;
	/*
	 * From partial_large_min bytes (0: never), inetcsum_partial() with
	 * the table's own choice of the 512-bit VNNI kernel hands the sum to
	 * kernel 'partial_large' instead (x86-64; an explicit select or
	 * INETCSUM_IMPL keeps its kernel for every length).
	 */
	const char *partial_large;
	size_t partial_large_min;
	/*
	 * How many segments ahead inetcsum_gro_verify() prefetches the first
	 * line of a segment that lies far from its predecessor in memory
	 * (packet/gro.c; 0: the packet layer's default, GRO_FAR).  A tuning
	 * record of format 3 carries it.
	 */
	size_t gro_far;
	/*
	 * 1: inetcsum_gso_segment() prefetches the payload of the segments
	 * ahead into L2 (prefetcht1) instead of L1 (packet/gso.c).  A tuning
	 * record of format 3 carries it, as gro_far.
	 */
	int gso_prefetch_l2;
	const char *evidence;
};

/* The row for CPU 'id': the first match, else the default row. */
const struct inetcsum_tuning_row *
inetcsum_tuning_row(const struct inetcsum_cpu_ident *id);

/*
 * The row for this CPU (identified once, then cached).  In builds with
 * INETCSUM_TEST_SUPPORT, INETCSUM_TEST_CPU="vendor:family:model" (vendor
 * intel, amd or other; numbers in C syntax) pretends to be that CPU, and
 * INETCSUM_TEST_TUNING_COPY names a kernel for the copy, so that the tests
 * reach every row and the composite of two kernels.
 */
/*
 * The row in use for this CPU: the tuning record's (src/tuning_record.c),
 * read once, if one applies, else the table's.
 */
const struct inetcsum_tuning_row *inetcsum_tuning_this_cpu(void);

/* The built-in table's row for this CPU, whatever a record says. */
const struct inetcsum_tuning_row *inetcsum_tuning_table_row(void);

/* The tuning record's row, or NULL where none applies (read once). */
const struct inetcsum_tuning_row *inetcsum_tuning_record(void);

/*
 * Parse the record 'text' ('len' bytes, cut apart in place) for the CPU
 * 'id' with feature bits 'features' into 'row': 0, or -1 with the reason
 * in 'why'.  For the loader and the tests.
 */
int inetcsum_tuning_record_parse(char *text, size_t len,
				 const struct inetcsum_cpu_ident *id,
				 u32 features, struct inetcsum_tuning_row *row,
				 char *why, size_t whylen);

/* The system-wide record, read when no per-user one exists. */
#ifndef INETCSUM_TUNING_SYSTEM
#  define INETCSUM_TUNING_SYSTEM "/etc/inetcsum/tuning"
#endif

/* This CPU's identity as the table sees it (INETCSUM_TEST_CPU in tests). */
void inetcsum_tuning_ident(struct inetcsum_cpu_ident *id);

/*
 * 1 if the built-in table's row for this CPU (by CPUID alone: no tuning
 * record, no INETCSUM_TEST_CPU) copies with the kernel 'name' or leaves
 * the copy to the best kernel.  For x86-64's copy resolver, which runs
 * while the dynamic linker relocates the library (src/x86/dispatch.c).
 */
int inetcsum_tuning_builtin_copy_is(const char *name);

/* The prefetch distance the kernels use now (0 where they have none). */
size_t inetcsum_tuning_prefetch_now(void);
/* The threshold in use (inetcsum_prefetch_min()). */
size_t inetcsum_tuning_prefetch_min_now(void);

/*
 * Installs the row's prefetch distance for the x86 vector kernels, unless
 * the build fixed one (INETCSUM_X86_PREFETCH_DISTANCE) or the program set
 * one with inetcsum_prefetch_set().
 */
void inetcsum_tuning_apply_prefetch(const struct inetcsum_tuning_row *row);

/* Installs the row's copy_madd_min for the x86 VNNI kernels. */
void inetcsum_tuning_apply_copy(const struct inetcsum_tuning_row *row);

/*
 * Makes the 512-bit VNNI kernel hand sums of at least 'min' bytes to
 * 'partial' (NULL or SIZE_MAX: never).  x86-64 only; elsewhere a no-op.
 */
void inetcsum_tuning_apply_large(u32 (*partial)(const void *, size_t, u32),
				 size_t min);

#endif /* INETCSUM_TUNING_H */
