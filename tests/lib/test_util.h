/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/test_util.h - what every test program shares: guard-paged
 * buffers that turn any out-of-bounds read or write into a crash, a seeded
 * random generator whose seed is printed so that a failure can be
 * replayed, failure reports that name everything needed to reproduce
 * them, and the walk over the registered kernels.
 */
#ifndef INETCSUM_TESTS_TEST_UTIL_H
#define INETCSUM_TESTS_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

/*
 * A buffer of 'cap' bytes (rounded up to whole pages) between two
 * PROT_NONE guard pages.  'data' is the first usable byte, right after the
 * leading guard, and data + cap is the first byte of the trailing guard.
 */
struct inetcsum_test_buf {
	unsigned char *map;
	size_t map_len;
	unsigned char *data;
	size_t cap;
};

/*
 * 'len' bytes of 'src' copied flush against the trailing guard of 'b',
 * which is mapped with room for 'cap' bytes at the first call (b->map
 * NULL); a 'len' above its capacity aborts.  Returns the copy.
 */
unsigned char *inetcsum_test_buf_put(struct inetcsum_test_buf *b, size_t cap,
				     const void *src, size_t len);

/* Map a guarded buffer of at least 'cap' bytes; aborts on failure. */
void inetcsum_test_buf_alloc(struct inetcsum_test_buf *b, size_t cap);
void inetcsum_test_buf_free(struct inetcsum_test_buf *b);

/*
 * Where to put 'len' bytes: 'gap' bytes after the leading guard (gap == 0:
 * flush against it, so an under-read faults), or ending 'gap' bytes before
 * the trailing guard (gap == 0: flush against it, so an over-read faults).
 */
unsigned char *inetcsum_test_buf_head(const struct inetcsum_test_buf *b,
				      size_t gap, size_t len);
unsigned char *inetcsum_test_buf_tail(const struct inetcsum_test_buf *b,
				      size_t gap, size_t len);

/*
 * inetcsum_test_init() starts a test program: it seeds the generator from
 * INETCSUM_TEST_SEED (decimal or 0x-hex) or else from the clock, prints the
 * seed and reads INETCSUM_TEST_QUICK.
 */
void inetcsum_test_init(const char *program);
uint64_t inetcsum_test_seed(void);

/*
 * Record what is being run, for the message printed if it crashes (a
 * guard-page fault has no other way to say which case hit it).  The
 * strings must stay valid; 'kernel' NULL clears the record.
 */
void inetcsum_test_context(const char *kernel, const char *op, size_t len,
			   size_t offset);

/* Nonzero when INETCSUM_TEST_QUICK=1 asks for fewer random iterations. */
int inetcsum_test_quick(void);

/* The random generator (splitmix64; never used for anything but tests). */
uint64_t inetcsum_test_rand64(void);
uint32_t inetcsum_test_rand32(void);
size_t inetcsum_test_rand_below(size_t n);	/* 0..n-1; n > 0 */
void inetcsum_test_fill(void *p, size_t len);

/*
 * Record one failed check and print it with everything needed to replay
 * it: the kernel, the operation, the length, the offset, the initial sum,
 * up to 16 leading bytes of 'data' (if not NULL), a free-form message and
 * the seed.  After many failures the program stops early.
 */
void inetcsum_test_fail(const char *kernel, const char *op, size_t len,
			size_t offset, uint32_t init, const void *data,
			const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 7, 8)))
#endif
	;

/*
 * Judge the library partial sum 'got' against the reference ones'
 * complement sum 'want' (memory order, 0 only when the initial sum and all
 * data are zero; see ref_csum.h): it must fold to ~want bit for bit (so a
 * sum that is a multiple of 0xffff must give 0x0000, never 0xffff), which
 * also makes it congruent to 'want' modulo 0xffff and 0 exactly when
 * 'want' is.  Other arguments are for the failure report.  Returns 0 if it
 * passed.
 */
int inetcsum_test_check_sum(const char *kernel, const char *op,
			    const void *data, size_t len, size_t offset,
			    uint32_t init, uint32_t got, uint16_t want);

/*
 * What a run could not test.  inetcsum_test_cpu_lacks() reports 'what'
 * (e.g. "kernel x86_avx512") as needing the CPU features 'missing' (bits
 * of inetcsum_cpu_feature_table, printed by name).  Normally that is a
 * skip: "SKIP: WHAT: not supported by this CPU (needs F ...)", counted, so
 * that inetcsum_test_finish() returns 77 when nothing failed.  It is only
 * "not applicable", printed and not counted, when the run is not meant to
 * test it: INETCSUM_DISABLE_CPU_FEATURES is non-empty (features masked on
 * purpose by tests/suites/20-features.sh; the unmasked run tests them) or
 * INETCSUM_TEST_UNSUPPORTED_OK=1 (the cross suite has checked that the
 * emulated CPU supports exactly the kernels it should).
 *
 * inetcsum_test_skip() counts any other skip, with its reason.
 * inetcsum_test_not_applicable() prints a case that cannot exist here (a
 * 4 GiB buffer with a 32-bit size_t), which is no skip.
 */
void inetcsum_test_cpu_lacks(const char *what, uint32_t missing);
void inetcsum_test_skip(const char *what, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
void inetcsum_test_not_applicable(const char *what, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
unsigned long inetcsum_test_skips(void);

/* The names of the CPU feature bits 'bits', space-separated, into 'out'. */
void inetcsum_test_feature_names(uint32_t bits, char *out, size_t size);

/*
 * Run fn(arg) in a forked child, a fresh process whose dispatcher and
 * tuning row are not chosen yet, and wait for it.  Returns 0 if fn
 * returned 0 and the child exited normally, else the child's wait status
 * (nonzero; -1 if waiting failed).  stdout and stderr are flushed before
 * the fork, so that nothing buffered is written twice.  A failed fork
 * ends the program.
 */
int inetcsum_test_in_child(int (*fn)(void *), void *arg);

struct inetcsum_kernel;

/*
 * Select each registered kernel that this CPU runs in turn
 * (inetcsum_impl_select(), so that the public entry points use it), print
 * "kernel NAME" and call fn(kernel, arg).  A kernel the CPU lacks is
 * recorded with inetcsum_test_cpu_lacks(); one that cannot be selected,
 * or a registry of which none ran, is a failure.  Returns the number of
 * kernels that ran.
 */
size_t inetcsum_test_each_kernel(void (*fn)(const struct inetcsum_kernel *k,
					    void *arg),
				 void *arg);

/* Count one check made (for the summary line). */
void inetcsum_test_count(void);
unsigned long inetcsum_test_failures(void);

/*
 * Print the summary; returns the process exit status: 1 if a check failed,
 * else 77 (CTest's SKIP_RETURN_CODE) if something was skipped, else 0.
 */
int inetcsum_test_finish(void);

#endif /* INETCSUM_TESTS_TEST_UTIL_H */
