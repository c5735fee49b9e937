/* SPDX-License-Identifier: MIT */
/*
 * fuzz/fuzz_csum.c - libFuzzer target: every kernel the CPU supports
 * against the naive reference (tests/lib/ref_csum.c) on fuzzer-chosen data,
 * start offset, split point and initial sum, plus the split property (two
 * parts combined with inetcsum_block_add(), the stream and scatter-gather
 * functions must equal one pass); and every CRC32c kernel against the
 * bitwise reference (tests/lib/ref_crc32c.c), from the same initial value
 * (as a CRC to continue) and split at the same point.  Built as a
 * libFuzzer binary with
 * INETCSUM_BUILD_FUZZERS=ON (clang), and always as a standalone program
 * (standalone_runner.c) that replays fuzz/corpus/csum/ under CTest.
 *
 * Input layout: byte 0 the start offset (low 6 bits) and placement (bit
 * 7: against the leading instead of the trailing guard page), bytes 1-2 the
 * split point (little-endian, taken modulo length + 1), bytes 3-6 the
 * initial sum (little-endian), byte 7 unused (it was a prefetch distance,
 * before kernels had only their build-time one; kept so that the corpus
 * still means the same); the data follows.  Shorter inputs are padded with
 * zeros.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32c.h"
#include "impl.h"
#include "ref_crc32c.h"
#include "ref_csum.h"
#include "test_util.h"

#define HEADER_LEN 8
/* Longer data is cut: 64 KiB covers every kernel's loops many times. */
#define FUZZ_MAX_LEN 65536
#define NUM_OFFSETS 64

int LLVMFuzzerTestOneInput(const uint8_t *in, size_t size);

static struct inetcsum_test_buf srcbuf, dstbuf;

static void
check(const char *kernel, const char *op, const unsigned char *data,
      size_t len, size_t off, uint32_t init, uint32_t got, uint16_t want)
{
	if (inetcsum_test_check_sum(kernel, op, data, len, off, init, got,
				    want) != 0)
		abort();	/* libFuzzer saves the input as a crash */
}

int
LLVMFuzzerTestOneInput(const uint8_t *in, size_t size)
{
	static int ready;
	unsigned char hdr[HEADER_LEN] = { 0 };
	const uint8_t *payload = in + (size < HEADER_LEN ? size : HEADER_LEN);
	size_t len = size > HEADER_LEN ? size - HEADER_LEN : 0;
	size_t off, split, i;
	unsigned char *src, *dst;
	uint32_t init;
	uint16_t want;
	u32 features;

	if (!ready) {
		inetcsum_test_init("fuzz_csum");
		inetcsum_test_buf_alloc(&srcbuf, FUZZ_MAX_LEN + NUM_OFFSETS);
		inetcsum_test_buf_alloc(&dstbuf, FUZZ_MAX_LEN + NUM_OFFSETS);
		ready = 1;
	}
	memcpy(hdr, in, size < HEADER_LEN ? size : HEADER_LEN);
	if (len > FUZZ_MAX_LEN)
		len = FUZZ_MAX_LEN;
	off = hdr[0] % NUM_OFFSETS;
	split = ((size_t)hdr[1] | (size_t)hdr[2] << 8) % (len + 1);
	init = (uint32_t)hdr[3] | (uint32_t)hdr[4] << 8 |
	       (uint32_t)hdr[5] << 16 | (uint32_t)hdr[6] << 24;

	/* Copy into guard-paged memory, so an over-read faults. */
	if (hdr[0] & 0x80) {
		src = inetcsum_test_buf_head(&srcbuf, off, len);
		dst = inetcsum_test_buf_head(&dstbuf, off, len);
	} else {
		src = inetcsum_test_buf_tail(&srcbuf, off, len);
		dst = inetcsum_test_buf_tail(&dstbuf, off, len);
	}
	if (len != 0)
		memcpy(src, payload, len);
	want = inetcsum_ref_sum(src, len, init);

	features = inetcsum_cpu_features();
	for (i = 0; i < inetcsum_num_kernels; i++) {
		const struct inetcsum_kernel *k = inetcsum_kernels[i];
		uint32_t head, tail;

		if (!inetcsum_kernel_supported(k, features))
			continue;
		check(k->name, "partial", src, len, off, init,
		      k->partial(src, len, init), want);
		check(k->name, "copy", src, len, off, init,
		      k->copy(dst, src, len, init), want);
		if (len != 0 && memcmp(dst, src, len) != 0) {
			fprintf(stderr, "kernel %s: copy differs\n", k->name);
			abort();
		}
		head = k->partial(src, split, init);
		tail = k->partial(src + split, len - split, 0);
		check(k->name, "split+block_add", src, len, split, init,
		      inetcsum_block_add(head, tail, split), want);
	}

	/*
	 * CRC32c: each kernel through the public entry point (which adds
	 * the inversions), whole and split.
	 */
	{
		uint32_t crc = inetcsum_ref_crc32c(init, src, len);

		for (i = 0; i < inetcsum_num_crc32c_kernels; i++) {
			const struct inetcsum_crc32c_kernel *k =
				inetcsum_crc32c_kernels[i];

			if ((k->features & ~features) != 0)
				continue;
			if (inetcsum_crc32c_impl_select(k->name) != 0 ||
			    inetcsum_crc32c(init, src, len) != crc ||
			    inetcsum_crc32c(inetcsum_crc32c(init, src, split),
					    src + split, len - split) != crc) {
				fprintf(stderr, "crc32c kernel %s: wrong CRC, "
					"length %zu, offset %zu, split %zu\n",
					k->name, len, off, split);
				abort();
			}
		}
	}

	/* The public functions, with whichever kernel is active. */
	{
		struct inetcsum_iovec iov[2] = { { src, split },
						 { src + split, len - split } };
		struct inetcsum_stream s;

		check(inetcsum_impl_name(), "inetcsum_partial", src, len, off,
		      init, inetcsum_partial(src, len, init), want);
		check(inetcsum_impl_name(), "partial_iov", src, len, split,
		      init, inetcsum_partial_iov(iov, 2, init), want);
		inetcsum_stream_init(&s, init);
		inetcsum_stream_update(&s, src, split);
		inetcsum_stream_update(&s, src + split, len - split);
		check(inetcsum_impl_name(), "stream", src, len, split, init,
		      inetcsum_stream_partial(&s), want);
		if (inetcsum_stream_final(&s) != inetcsum_ref_fold(
			inetcsum_partial(src, len, init))) {
			fprintf(stderr, "stream_final differs from one pass\n");
			abort();
		}
	}
	return 0;
}
