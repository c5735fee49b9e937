/* SPDX-License-Identifier: MIT */
/*
 * inetcsum.h - the public API of libinetcsum, the Internet checksum
 * (RFC 1071, RFC 1141, RFC 1624, RFC 1936).
 *
 * Conventions used throughout this header
 * ---------------------------------------
 * The Internet checksum is the 16-bit ones' complement of the ones'
 * complement sum of the data taken as 16-bit words.  Ones' complement
 * addition commutes with byte swapping (RFC 1071 section 2(B)), so this
 * library sums 16-bit words exactly as the CPU loads them and never swaps
 * bytes.  Every 16-bit checksum value in this API is therefore in "memory
 * order": the value that, stored with a plain native 16-bit store (or
 * memcpy) into a packet, puts the right bytes on the wire.  This is the
 * convention of the Linux kernel's __wsum / __sum16.  Load a checksum field
 * with memcpy() into a uint16_t, never with ntohs().
 *
 * A "partial sum" is an unfolded 32-bit ones' complement accumulator in the
 * same memory order.  Start a new sum with 0.  Different kernels may return
 * different partial sums for the same data, but every partial sum folds
 * (inetcsum_fold()) to the same 16-bit value, and a partial sum is 0 only
 * when the initial sum was 0 and every data byte was zero.
 *
 * No function requires any alignment, and a length of 0 is never an error
 * (data may then be NULL).  No function reads a byte outside the range it
 * is given.  Every function is thread-safe: none keeps state between calls
 * except the choice of kernel (see "Kernels" below), which is made once,
 * atomically, without locks.
 */
#ifndef INETCSUM_H
#define INETCSUM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>	/* memcpy, in inetcsum_ipv4_header_inline() */

#ifdef __cplusplus
extern "C" {
#endif

#define INETCSUM_VERSION_MAJOR 0
#define INETCSUM_VERSION_MINOR 1
#define INETCSUM_VERSION_PATCH 0
#define INETCSUM_VERSION_STRING "0.1.0"

/*
 * INETCSUM_API marks the exported functions.  Shared-library builds define
 * INETCSUM_BUILDING_DLL (Windows) and compile with hidden visibility, so
 * only what is marked here is exported.  Users of a Windows DLL define
 * INETCSUM_DLL to get dllimport.
 */
#ifndef INETCSUM_API
#  if defined(_WIN32) && defined(INETCSUM_BUILDING_DLL)
#    define INETCSUM_API __declspec(dllexport)
#  elif defined(_WIN32) && defined(INETCSUM_DLL)
#    define INETCSUM_API __declspec(dllimport)
#  elif defined(__GNUC__)
#    define INETCSUM_API __attribute__((visibility("default")))
#  else
#    define INETCSUM_API
#  endif
#endif

/* ========================================================================
 *                              Partial sums
 * ======================================================================== */

/*
 * inetcsum_partial() adds the ones' complement sum of the 'len' bytes at
 * 'data' to the partial sum 'sum' and returns the new partial sum (memory
 * order).  Pass 0 as 'sum' to start.  'data' is taken to start at an even
 * offset of the message; to sum a block that starts at an odd offset, sum it
 * from 0 and combine it with inetcsum_block_add().  An odd 'len' is padded
 * with one zero byte, as RFC 1071 specifies for the end of a message.
 *
 * 'len' may exceed 4 GiB.  The work is done by the fastest kernel this CPU
 * supports (see "Kernels").
 */
INETCSUM_API uint32_t
inetcsum_partial(const void *data, size_t len, uint32_t sum);

/*
 * inetcsum_fold() folds the partial sum 'sum' to 16 bits with end-around
 * carries and complements it.  The result, in memory order, is the value to
 * store in a checksum field that was zero while it was summed.  To verify a
 * received header or packet, sum it with its checksum field in place: it is
 * valid when inetcsum_fold() returns 0.
 *
 * inetcsum_fold(0) is 0xffff; any nonzero partial sum folds into the range
 * 0x0000..0xfffe, with 0x0000 for a sum that is a multiple of 0xffff.
 */
INETCSUM_API uint16_t
inetcsum_fold(uint32_t sum);

/*
 * inetcsum_add() returns the ones' complement sum of the partial sums 'a'
 * and 'b'; inetcsum_sub() returns 'a' minus 'b' (that is, 'a' plus the
 * ones' complement of 'b').  Both work on memory-order partial sums of data
 * that start at the same parity of offset.
 */
INETCSUM_API uint32_t
inetcsum_add(uint32_t a, uint32_t b);

INETCSUM_API uint32_t
inetcsum_sub(uint32_t a, uint32_t b);

/*
 * inetcsum_block_add() combines 'part', the partial sum of a block computed
 * as if the block started at an even offset, into 'sum', the partial sum of
 * the message, where the block really starts 'offset' bytes into the
 * message.  When 'offset' is odd the block's bytes occupy the other halves
 * of the 16-bit words, so 'part' is byte-rotated before it is added.
 */
INETCSUM_API uint32_t
inetcsum_block_add(uint32_t sum, uint32_t part, size_t offset);

/*
 * inetcsum_copy() copies 'len' bytes from 'src' to 'dst' and returns
 * inetcsum_partial(src, len, sum), reading the data once: the fused
 * copy-and-checksum of the Linux kernel's csum_partial_copy_nocheck().
 * The buffers must not overlap.  Either pointer may be NULL if 'len' is 0.
 */
INETCSUM_API uint32_t
inetcsum_copy(void *dst, const void *src, size_t len, uint32_t sum);

/* ========================================================================
 *                            Scatter-gather
 * ======================================================================== */

/* One segment of a message: 'len' bytes at 'base'.  Any length. */
struct inetcsum_iovec {
	const void *base;
	size_t len;
};

/*
 * inetcsum_partial_iov() adds to 'sum' the partial sum of the message made
 * of the 'count' segments of 'iov', in order.  Segments may have any length,
 * odd ones included; the result equals inetcsum_partial() over the
 * segments concatenated.  The first segment starts at an even offset.
 */
INETCSUM_API uint32_t
inetcsum_partial_iov(const struct inetcsum_iovec *iov, size_t count,
		     uint32_t sum);

/* ========================================================================
 *                               Streaming
 * ======================================================================== */

/*
 * struct inetcsum_stream sums a message that arrives in pieces of any
 * length.  Its fields are private; it holds no pointers and may be copied.
 * Give it to inetcsum_stream_init() first, then to inetcsum_stream_update()
 * once per piece, and finally to inetcsum_stream_final(), whose result is
 * exactly inetcsum_fold(inetcsum_partial(whole message, initial sum)).
 */
struct inetcsum_stream {
	uint32_t sum;		/* partial sum of the pieces so far */
	uint32_t odd;		/* 1 if an odd number of bytes has been seen */
};

/* inetcsum_stream_init() starts a stream with the partial sum 'sum'. */
INETCSUM_API void
inetcsum_stream_init(struct inetcsum_stream *s, uint32_t sum);

/* inetcsum_stream_update() adds the next 'len' bytes at 'data'. */
INETCSUM_API void
inetcsum_stream_update(struct inetcsum_stream *s, const void *data,
		       size_t len);

/*
 * inetcsum_stream_partial() returns the partial sum so far; the stream may
 * go on.
 */
INETCSUM_API uint32_t
inetcsum_stream_partial(const struct inetcsum_stream *s);

/*
 * inetcsum_stream_final() returns the folded, complemented checksum of all
 * pieces (memory order).  The stream may go on afterwards.
 */
INETCSUM_API uint16_t
inetcsum_stream_final(const struct inetcsum_stream *s);

/* ========================================================================
 *                          Protocol helpers
 * ======================================================================== */

/*
 * inetcsum_ipv4_header() returns the checksum of the IPv4 header at 'hdr',
 * which is 4 * 'ihl' bytes long (the header's own IHL field): 0 when the
 * header, checksum field included, is valid; otherwise, when the checksum
 * field was zero, the value to store there (memory order).  ihl == 5 runs
 * straight-line code; 6..15 (options) a loop.
 *
 * An 'ihl' below 5 or above 15 cannot describe an IPv4 header: the function
 * then reads nothing and returns 0xffff, which no header starting with the
 * version nibble 4 can produce (its sum is nonzero, so it folds into
 * 0x0000..0xfffe), so a verifier testing for 0 rejects it.
 */
INETCSUM_API uint16_t
inetcsum_ipv4_header(const void *hdr, unsigned ihl);

/*
 * inetcsum_ipv4_header_inline() is inetcsum_ipv4_header() as an inline
 * function, the same result for every input: for the forwarding path that
 * sums one 20-byte header per packet, where the call costs as much as the
 * sum (the Linux kernel's ip_fast_csum() is inline for that reason).  The
 * loads are memcpy()s of 4 bytes, which compilers turn into plain loads.
 */
static inline uint32_t
inetcsum_load32_(const unsigned char *p)
{
	uint32_t w;

	memcpy(&w, p, 4);
	return w;
}

static inline uint16_t
inetcsum_ipv4_header_inline(const void *hdr, unsigned ihl)
{
	const unsigned char *p = (const unsigned char *)hdr;
	uint32_t lo;
	unsigned i;

#if defined(__x86_64__) && defined(__GNUC__)
	/* IHL 5 first: one compare on the common path, as ip_fast_csum(). */
	if (ihl == 5) {
		/*
		 * The 20 bytes of a header without options as one chain of
		 * 32-bit add-with-carry with the loads folded in, as kernels
		 * write ip_fast_csum(); the "m" operand names exactly the
		 * bytes read.  The last adc cannot carry out.  (With options
		 * the C below was faster.)
		 */
		__asm__("movl (%[p]), %[s]\n\t"
			"addl 4(%[p]), %[s]\n\t"
			"adcl 8(%[p]), %[s]\n\t"
			"adcl 12(%[p]), %[s]\n\t"
			"adcl 16(%[p]), %[s]\n\t"
			"adcl $0, %[s]"
			: [s] "=&r"(lo)
			: [p] "r"(p), "m"(*(const unsigned char (*)[20])p)
			: "cc");
	} else
#endif
	{
		if (ihl < 5 || ihl > 15)
			return 0xffff;
		/* At most 15 words of 32 bits: the sum stays below 2^36. */
		uint64_t s = (uint64_t)inetcsum_load32_(p) +
			     inetcsum_load32_(p + 4) +
			     inetcsum_load32_(p + 8) +
			     inetcsum_load32_(p + 12) +
			     inetcsum_load32_(p + 16);
		uint32_t hi;

		for (i = 5; i < ihl; i++)
			s += inetcsum_load32_(p + 4 * i);
		/* 64 to 32 bits with the end-around carry. */
		lo = (uint32_t)s;
		hi = (uint32_t)(s >> 32);
		lo += hi;
		lo += lo < hi;
	}
	/*
	 * 32 to 16: the high half of lo + (lo rotated by 16) is the two
	 * halves' sum with its end-around carry.
	 */
	lo += (lo << 16) | (lo >> 16);
	return (uint16_t)~(lo >> 16);
}

/*
 * inetcsum_pseudo_ipv4() returns the partial sum of the IPv4 pseudo-header
 * (RFC 768, RFC 9293): source and destination addresses 'saddr' and
 * 'daddr' (4 bytes each, network order, any alignment), the protocol
 * number 'proto' and the upper-layer length 'len' (host numbers; 'len' is
 * taken modulo 2^16 as the 16-bit pseudo-header field holds it).  Continue
 * it with inetcsum_partial() over the upper-layer header and payload.
 */
INETCSUM_API uint32_t
inetcsum_pseudo_ipv4(const void *saddr, const void *daddr, uint8_t proto,
		     uint32_t len);

/*
 * inetcsum_pseudo_ipv6() returns the partial sum of the IPv6 pseudo-header
 * (RFC 8200 section 8.1): 'saddr' and 'daddr' (16 bytes each, network
 * order; 'daddr' is the final destination when a routing header is present),
 * the upper-layer length 'len' and the final 'next_header' value (host
 * numbers).
 */
INETCSUM_API uint32_t
inetcsum_pseudo_ipv6(const void *saddr, const void *daddr,
		     uint8_t next_header, uint32_t len);

/* ========================================================================
 *                  Incremental update (RFC 1624 equation 3)
 * ======================================================================== */

/*
 * inetcsum_update16() returns the new checksum field after a 16-bit word of
 * the covered data changes from 'old_val' to 'new_val': HC' = ~(~HC + ~m +
 * m') of RFC 1624, equation 3.  'check', 'old_val', 'new_val' and the
 * result are in memory order (load them with memcpy).  The word must start
 * at an even offset of the checksummed data.  The result equals a full
 * recomputation bit for bit, except when every covered byte is zero after
 * the change: a recomputation then gives 0xffff, equation 3 gives 0x0000
 * (RFC 1624 section 3; impossible for an IPv4 header).
 */
INETCSUM_API uint16_t
inetcsum_update16(uint16_t check, uint16_t old_val, uint16_t new_val);

/*
 * inetcsum_update32() does the same for a 32-bit value at an even offset,
 * such as an IPv4 address, with 'old_val' and 'new_val' in memory order.
 */
INETCSUM_API uint16_t
inetcsum_update32(uint16_t check, uint32_t old_val, uint32_t new_val);

/*
 * inetcsum_update() does the same for 'len' changed bytes, such as a
 * rewritten IPv6 address: 'old_bytes' and 'new_bytes' hold the range before
 * and after the change.  The range must start at an even offset of the
 * checksummed data; any length works (an odd range is padded alike on both
 * sides, which leaves the difference exact).
 */
INETCSUM_API uint16_t
inetcsum_update(uint16_t check, const void *old_bytes, const void *new_bytes,
		size_t len);

/* ========================================================================
 *                                Batches
 * ======================================================================== */

/*
 * The batch functions do the work of many calls at once, for the bursts of
 * 32-256 packets that the receive and forward paths of a router or a
 * DPDK/VPP application see.  Where the CPU has vectors, several headers or
 * short buffers are summed in the lanes of one vector; the results are
 * those of the per-call functions, as each function says.
 *
 * Both take 'n' entries; 'n' may be 0 (then no pointer is read, and any
 * may be NULL).  The output array must not overlap the input arrays or any
 * data they point to.  They are thread-safe as the per-call functions are:
 * the kernel in use is read once per batch, so a concurrent
 * inetcsum_impl_select() applies to the whole batch or not at all.
 */

/*
 * inetcsum_ipv4_header_batch() sets out[i] to
 * inetcsum_ipv4_header(hdrs[i], hdrs[i][0] & 0x0f) for each i < n, the
 * IHL of each header taken from its own first byte: the folded checksum in
 * memory order, 0 for a valid header, and 0xffff for an IHL below 5.  It
 * reads byte 0 of every header, and the 4 * IHL bytes of the header only
 * when the IHL is at least 5.  The values are identical to the per-call
 * function's, bit for bit, with every kernel.
 */
INETCSUM_API void
inetcsum_ipv4_header_batch(const void *const hdrs[], size_t n,
			   uint16_t out[]);

/*
 * inetcsum_partial_batch() replaces each sums[i] (i < n), an initial
 * partial sum on entry, with
 * inetcsum_partial(bufs[i].base, bufs[i].len, sums[i]): the unfolded
 * 32-bit value, bit for bit, that the per-call function returns with the
 * kernel in use (kernels differ in unfolded sums, never in folded ones).
 * Each buffer may have any length and alignment, 0 included (then 'base'
 * may be NULL), and each starts at an even offset of its message as for
 * inetcsum_partial().  Short buffers (up to 64 bytes with the x86-64 and
 * arm64 kernels) go through the lanes of vectors; longer ones through the
 * kernel's own function.
 */
INETCSUM_API void
inetcsum_partial_batch(const struct inetcsum_iovec bufs[], size_t n,
		       uint32_t sums[]);

/* ========================================================================
 *                                 CRC32c
 * ======================================================================== */

/*
 * inetcsum_crc32c() returns the CRC32c (Castagnoli polynomial 0x1EDC6F41,
 * bit-reflected, RFC 3385) of 'len' bytes at 'data', continuing from
 * 'crc'.  This is SCTP's checksum (RFC 9260 appendix A, RFC 3309) and
 * iSCSI's (RFC 3720 section 12.1).  Start with 'crc' = 0; to continue
 * across buffers, pass the value the previous call returned: the CRC of A
 * then B is inetcsum_crc32c(inetcsum_crc32c(0, A, a), B, b).  The register
 * is preset to all ones and the result inverted inside each call (the
 * function inverts 'crc' on entry and the result on exit), so callers
 * never invert.  The CRC of "123456789" is 0xE3069283.
 *
 * The result is a number, not bytes: SCTP stores it in its checksum field
 * least significant byte first (for "123456789": 83 92 06 E3), whatever
 * the host's byte order.  A length of 0 returns 'crc' unchanged (data may
 * then be NULL).  No alignment is required; thread-safe.
 */
INETCSUM_API uint32_t
inetcsum_crc32c(uint32_t crc, const void *data, size_t len);

/*
 * The CRC32c kernels: portable C (slicing-by-8), the SSE4.2 crc32
 * instruction on x86-64 (one stream, and three streams joined with
 * PCLMULQDQ) and the Armv8 CRC32 instructions on arm64.  They are chosen
 * apart from the checksum kernels, at the first call, as those are: the
 * first the CPU supports, unless the environment variable
 * INETCSUM_CRC32C_IMPL names a usable one.  inetcsum_crc32c_impl_name(),
 * inetcsum_crc32c_impl_select() and inetcsum_crc32c_impl_get() behave as
 * inetcsum_impl_name(), inetcsum_impl_select() and inetcsum_impl_get()
 * (below) do for the checksum kernels.
 */
INETCSUM_API const char *
inetcsum_crc32c_impl_name(void);

INETCSUM_API int
inetcsum_crc32c_impl_select(const char *name);

INETCSUM_API const char *
inetcsum_crc32c_impl_get(size_t index, int *supported);

/* ========================================================================
 *                                 Kernels
 * ======================================================================== */

/*
 * libinetcsum holds several kernels for inetcsum_partial() and
 * inetcsum_copy(): portable C, and on x86-64 and arm64 vector kernels.  At
 * the first call it picks the fastest that the CPU and operating system
 * support, unless the environment variable INETCSUM_IMPL names a kernel (or
 * "auto"): then that kernel is used if it is built in and supported, and
 * "auto" otherwise.  All kernels give the same folded results.
 */

/* inetcsum_impl_name() returns the name of the kernel in use, e.g. "generic". */
INETCSUM_API const char *
inetcsum_impl_name(void);

/*
 * inetcsum_impl_select() makes the kernel called 'name' the one in use.
 * NULL or "auto" selects the best kernel for this CPU.  It returns 0 on
 * success, and -1, changing nothing, if 'name' is not built in or this CPU
 * cannot run it.  It is safe to call at any time from any thread; calls
 * already running finish with the kernel they started with.
 */
INETCSUM_API int
inetcsum_impl_select(const char *name);

/*
 * inetcsum_impl_get() lists the kernels built in: it returns the name of
 * kernel number 'index' (0, 1, ...) and NULL past the last one.  When
 * 'supported' is not NULL it is set to 1 if this CPU can run that kernel
 * and to 0 if not.  The names are static strings.
 */
INETCSUM_API const char *
inetcsum_impl_get(size_t index, int *supported);

/*
 * Tuning.  The kernel of each operation and the software prefetch distance
 * come from a table keyed by CPU vendor, family and model, with a default
 * row for every other CPU (src/tuning.c lists the rows and the measurement
 * behind each; `inetcsum bench --tune` measures a CPU and prints the row
 * it would want, `inetcsum tune` measures it and saves a tuning record,
 * below).  A row may also name a kernel for large sums (AMD Zen 4:
 * from 512 KiB), which the table's own choice hands them to.
 * INETCSUM_IMPL and inetcsum_impl_select() override the kernels (one
 * kernel for both operations, for every length); inetcsum_prefetch_set()
 * overrides the distance.
 *
 * inetcsum_tuning() fills 't' with what is in use; the strings are static.
 * 'partial' is inetcsum_impl_name(); 'copy' is the kernel of
 * inetcsum_copy(), which the table may choose apart; a kernel for large
 * sums is not reported here ('evidence' names it).  'prefetch' is how
 * many bytes ahead of the data the x86-64 vector kernels prefetch inside a
 * buffer (0: not at all); it is 0 where no kernel has a run-time distance
 * (the others, where they prefetch, use their build's distance).
 */
struct inetcsum_tuning {
	const char *vendor;	/* "intel", "amd" or "other" */
	unsigned family, model;	/* CPUID display family and model, or 0 */
	const char *row;	/* the table row used, e.g. "AMD Zen 5" */
	const char *evidence;	/* what that row rests on */
	const char *partial, *copy;
	size_t prefetch;
};

INETCSUM_API void
inetcsum_tuning(struct inetcsum_tuning *t);

/*
 * Tuning records.  `inetcsum tune` measures this CPU and stores what it
 * found in a tuning record, a small versioned text file keyed by the CPU
 * (vendor, family, model and the library's feature bits).  At its first
 * call the library reads one record, the first file that exists of:
 * $INETCSUM_TUNING ("none" or empty: read none), then
 * $XDG_CACHE_HOME/inetcsum/tuning (else $HOME/.cache/inetcsum/tuning), then
 * /etc/inetcsum/tuning.  A record for this CPU replaces the table's row
 * (inetcsum_tuning() then reports the row "tuning record"); one that is
 * of another CPU or version, truncated or corrupt (it carries its own
 * checksum) is ignored, and the table's row is used.  In set-user-ID
 * programs only the system file is read.  docs/tuning.md has the format.
 *
 * inetcsum_tuning_source() says where the choice in use came from: "tuning
 * record PATH", or "built-in table" with the reason no record was used
 * (none found, or "tuning record PATH ignored: WHY").  The string is
 * static.
 */
INETCSUM_API const char *
inetcsum_tuning_source(void);

/*
 * inetcsum_tuning_export() writes into 'buf' ('cap' bytes) the tuning
 * record for this CPU with kernel 'partial' for inetcsum_partial(), 'copy'
 * for inetcsum_copy() and a prefetch distance of 'prefetch' bytes (-1: the
 * build's default), the packet layer's prefetch as
 * inetcsum_packet_tuning_set() (inetcsum_packet.h) set it, the other
 * settings taken from the table's row (the length from which the distance
 * applies among them, and the packet prefetch where it was not set), and
 * 'note' (one line of at most 200 bytes, or NULL) saying what was measured.
 * It returns the record's length (NUL-terminated), or -1 when a name is
 * not spelt as a kernel name (1 to 31 lower-case letters, digits and
 * '_'), 'note' is too long or holds a newline, or 'cap' is too small (1024
 * bytes always suffice).  A well-spelt name this build lacks is written:
 * a record may be made for another build, and a reader that lacks the
 * kernel uses its best one for that operation instead.  It writes no
 * file: the caller stores 'buf' where the library will look (above).
 */
INETCSUM_API int
inetcsum_tuning_export(char *buf, size_t cap, const char *partial,
		       const char *copy, long prefetch, const char *note);

/*
 * inetcsum_prefetch_set() makes the x86-64 vector kernels prefetch
 * 'distance' bytes ahead (0: no software prefetch), for the rest of the
 * process, in place of the table's distance, and in buffers of every
 * length (a row may prefetch only in long buffers: the Intel default
 * from 256 KiB); calls already running finish with the distance they
 * read.  For benchmarks and for tuning a
 * deployment.  It returns 0, or -1 where no kernel has a run-time
 * distance (not x86-64, or a build with a fixed
 * INETCSUM_X86_PREFETCH_DISTANCE, which keeps it).
 */
INETCSUM_API int
inetcsum_prefetch_set(size_t distance);

/*
 * inetcsum_prefetch_min() returns the length from which the x86-64 vector
 * kernels' partial sum prefetches at all, as the tuning row or record in
 * use sets it (shorter buffers run the loop without prefetch); 0 when
 * every buffer long enough for the distance prefetches: after
 * inetcsum_prefetch_set(), where the row has no threshold, and where no
 * kernel has a run-time distance.  `inetcsum tune` measures distances only
 * in buffers of at least this length, where they apply.
 */
INETCSUM_API size_t
inetcsum_prefetch_min(void);

/* inetcsum_version() returns INETCSUM_VERSION_STRING of the library. */
INETCSUM_API const char *
inetcsum_version(void);

#ifdef __cplusplus
}
#endif

#endif /* INETCSUM_H */
