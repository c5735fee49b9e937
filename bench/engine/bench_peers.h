/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_peers.h - other projects' Internet checksum code
 * behind one interface, so that "inetcsum bench" can check and time it
 * beside libinetcsum.  The engine defines the interface and calls it
 * (bench_run.c, bench_batch.c); each peer lives in its own file,
 * bench/peers/peer_<name>.c, which implements it and includes only engine
 * headers (this one and bench_isa.h), so that the engine includes nothing
 * from bench/.  A peer is compiled only when bench/CMakeLists.txt finds
 * the project's Debian package; its object then goes into the engine's
 * library, which INETCSUM_HAVE_PEER_<NAME> tells of it.
 */
#ifndef INETCSUM_BENCH_PEERS_H
#define INETCSUM_BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

#include "bench_isa.h"

struct inetcsum_iovec;		/* include/inetcsum.h */

/*
 * How the peer file was compiled, as bench/CMakeLists.txt passes it: the
 * compiler and the flags that matter for speed, for the report.
 */
#ifndef INETCSUM_PEER_FLAGS
#  define INETCSUM_PEER_FLAGS "(not recorded)"
#endif

/*
 * Every function returns the checksum as inetcsum_fold() would: the
 * complemented 16-bit sum in memory order.  A NULL member means the peer
 * has no such function.  'max_len' is the longest input its API accepts
 * (lwIP takes a 16-bit length); longer sizes are skipped, and said so.
 */
struct inetcsum_bench_peer {
	const char *name;	/* short name for tables: "dpdk" */
	const char *what;	/* the functions wrapped, for the header */
	uint16_t (*csum)(const void *data, size_t len);
	uint16_t (*copy)(void *dst, const void *src, size_t len);
	/* The header's IHL gives its length, as in inetcsum_ipv4_header(). */
	uint16_t (*ipv4)(const void *hdr);
	/*
	 * Per-packet loops for the batch op, as an application of the peer
	 * writes them, compiled with the peer's flags so that its inline
	 * functions are inlined into the loop: out[i] = the 'ipv4' checksum
	 * of hdrs[i]; sums[i] += the peer's folded, uncomplemented sum of
	 * bufs[i] (sums[i] stays a 32-bit ones' complement partial sum).
	 */
	void (*ipv4_loop)(const void *const hdrs[], size_t n, uint16_t out[]);
	void (*csum_loop)(const struct inetcsum_iovec *bufs, size_t n,
			  uint32_t sums[]);
	size_t max_len;
	const char *flags;	/* INETCSUM_PEER_FLAGS of its file */
	const char *isa;	/* INETCSUM_BENCH_ISA of its file */
};

#ifdef INETCSUM_HAVE_PEER_DPDK
extern const struct inetcsum_bench_peer inetcsum_peer_dpdk;
#endif
#ifdef INETCSUM_HAVE_PEER_LWIP
extern const struct inetcsum_bench_peer inetcsum_peer_lwip;
#endif
#ifdef INETCSUM_HAVE_PEER_LIBNET
extern const struct inetcsum_bench_peer inetcsum_peer_libnet;
#endif
#ifdef INETCSUM_HAVE_PEER_LINUX
extern const struct inetcsum_bench_peer inetcsum_peer_linux;
#endif

#endif /* INETCSUM_BENCH_PEERS_H */
