/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/check.h - CHECK(cond, fmt, ...), the failure macro of the test
 * programs that count their own failures (tests/ and tests/packet/): a
 * false 'cond' prints "FAIL file:line: " and the message, and counts one
 * failure in the including file's counter.  Before including it a file may
 * name its counter (CHECK_FAILURES, default 'failures', any integer
 * lvalue) and cap the messages printed (CHECK_PRINT_MAX, default all;
 * every failure is counted either way).
 */
#ifndef INETCSUM_TESTS_CHECK_H
#define INETCSUM_TESTS_CHECK_H

#include <stdio.h>

#ifndef CHECK_FAILURES
#  define CHECK_FAILURES failures
#endif
#ifndef CHECK_PRINT_MAX
#  define CHECK_PRINT_MAX (~0UL)
#endif

#define CHECK(cond, ...)						\
	do {								\
		if (!(cond) &&						\
		    (unsigned long)(CHECK_FAILURES)++ < CHECK_PRINT_MAX) { \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__,	\
				__LINE__);				\
			fprintf(stderr, __VA_ARGS__);			\
			fputc('\n', stderr);				\
		}							\
	} while (0)

#endif /* INETCSUM_TESTS_CHECK_H */
