/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_limits.h - the streaming-read and copy limits of
 * "inetcsum bench" (bench_limits.c): the loops that consume the same
 * bytes as a checksum as fast as this CPU can, and the C library's name
 * for the memcpy beside them.
 */
#ifndef INETCSUM_BENCH_LIMITS_H
#define INETCSUM_BENCH_LIMITS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Read every byte of [p, p + len) with the widest vector loads this CPU
 * has and fold them by XOR into a value the compiler must produce: the
 * fastest loop we could write to consume the same bytes, so the limit of
 * any checksum.  'name' says which variant runs ("read-avx512", ...).
 */
typedef uint64_t (*bench_read_fn)(const void *p, size_t len);
bench_read_fn inetcsum_bench_read_fn(const char **name);

/*
 * A plain copy loop with the widest vector loads and stores this CPU has,
 * beside the C library's memcpy (which on some CPUs is slower from L1 and
 * faster beyond it): the copy limit is the faster of the two.  NULL where
 * there is none (then only memcpy is shown).
 */
typedef void *(*bench_copy_fn)(void *dst, const void *src, size_t len);
bench_copy_fn inetcsum_bench_copy_fn(const char **name);

/*
 * The load limit of the batch functions: each packet's bytes loaded
 * through its pointer (a header's length from its IHL) and folded into
 * one running value, of which one 16- or 32-bit result per packet is
 * stored; no checksum.  A batch function does at least that much: fetch
 * the pointer, load the bytes, store a result.  With AVX-512 every 64
 * bytes (or fewer) of a packet are one masked load.  'name' says which
 * variant runs ("loads-avx512", "loads-u64").
 */
struct inetcsum_iovec;
typedef void (*bench_hdr_loads_fn)(const void *const hdrs[], size_t n,
				   uint16_t out[]);
typedef void (*bench_buf_loads_fn)(const struct inetcsum_iovec *bufs,
				   size_t n, uint32_t out[]);
bench_hdr_loads_fn inetcsum_bench_hdr_loads_fn(const char **name);
bench_buf_loads_fn inetcsum_bench_buf_loads_fn(const char **name);

/* The C library and its version, for the memcpy baseline ("glibc 2.36"). */
const char *inetcsum_bench_libc(void);

#endif /* INETCSUM_BENCH_LIMITS_H */
