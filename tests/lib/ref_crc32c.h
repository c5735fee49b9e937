/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/ref_crc32c.h - a deliberately naive reference CRC32c, the
 * yardstick of the CRC32c tests and of the SCTP checks in the packet
 * tests.  It shares no code with the library: one bit at a time, the
 * reflected polynomial 0x82F63B78 written out, no tables.
 */
#ifndef INETCSUM_TESTS_REF_CRC32C_H
#define INETCSUM_TESTS_REF_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/*
 * The CRC32c of 'len' bytes at 'data' continuing from 'crc', with the
 * public convention of inetcsum_crc32c(): start at 0, the register is
 * ~crc on entry and the result is inverted on exit.
 */
uint32_t inetcsum_ref_crc32c(uint32_t crc, const void *data, size_t len);

#endif /* INETCSUM_TESTS_REF_CRC32C_H */
