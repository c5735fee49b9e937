/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_ref.h - the yardstick of "inetcsum bench": a
 * deliberately naive Internet checksum that every measured result (kernels,
 * library functions, peers) is judged against.  It shares no code with the
 * library, so a bug in the library (in a kernel, in a helper every kernel
 * uses, or in inetcsum_fold()) cannot hide by agreeing with itself.
 */
#ifndef INETCSUM_BENCH_REF_H
#define INETCSUM_BENCH_REF_H

#include <stddef.h>
#include <stdint.h>

/*
 * The checksum field value of the 'len' bytes at 'data' taken as one
 * message at an even offset (an odd last byte padded with zero), in memory
 * order like inetcsum_fold(): RFC 1071 read literally, 16-bit big-endian
 * words added one at a time into 64 bits and folded with end-around
 * carries.  A nonzero sum that is a multiple of 0xffff folds to 0xffff, so
 * the result is 0xffff only when every byte is zero.
 */
uint16_t inetcsum_bench_ref_csum(const void *data, size_t len);

/*
 * The CRC32c of the 'len' bytes at 'data' (register preset to all ones,
 * result inverted, as inetcsum_crc32c() from 0), one bit at a time.
 */
uint32_t inetcsum_bench_ref_crc32c(const void *data, size_t len);

#endif /* INETCSUM_BENCH_REF_H */
