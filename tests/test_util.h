/* SPDX-License-Identifier: MIT */
/*
 * tests/test_util.h - what every test program shares: guard-paged buffers
 * that turn any out-of-bounds read or write into a crash, a seeded random
 * generator whose seed is printed so that a failure can be replayed, and
 * failure reports that name everything needed to reproduce them.
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

/* Count one check made (for the summary line). */
void inetcsum_test_count(void);
unsigned long inetcsum_test_failures(void);

/* Print the summary; returns the process exit status (0 = all passed). */
int inetcsum_test_finish(void);

#endif /* INETCSUM_TESTS_TEST_UTIL_H */
