/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_crc32c.c - inetcsum_crc32c() and every CRC32c kernel.
 * First the naive reference (tests/lib/ref_crc32c.c) is checked against
 * published answers: RFC 3720 appendix B.4 (iSCSI, the same CRC as SCTP's)
 * and the usual check value of "123456789".  Then each kernel the CPU
 * runs, selected through inetcsum_crc32c_impl_select() so that the public
 * entry point is what is tested, is compared with the reference at every
 * length from 0 to LEN_MAX, at every offset 0..63 from a guard page on
 * either side, from several initial values, split at every point, and at
 * random lengths up to 256 KiB.  LEN_MAX covers the x86 kernel's blocks of
 * 3 x 128 bytes two times over with room; the 3 x 1024-byte blocks are
 * crossed by the lengths around them (block_lengths[]).
 *
 * "test_crc32c --first-use" checks only the choice at the first call:
 * the kernel INETCSUM_CRC32C_IMPL names if this CPU runs it, else the
 * first of the registry that it runs (CTest sets the variable).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32c.h"
#include "impl.h"
#include "ref_crc32c.h"
#include "test_util.h"

#define LEN_MAX 1100
#define OFFSETS 64
#define SPLIT_LEN 700
#define RANDOM_MAX (256 * 1024)

static struct inetcsum_test_buf buf;
static unsigned char src[RANDOM_MAX];
static uint32_t prefix_ref[LEN_MAX + 1];	/* reference of src[0..len) */

static void
expect(const char *kernel, const char *op, const void *data, size_t len,
       size_t off, uint32_t init, uint32_t got, uint32_t want)
{
	inetcsum_test_count();
	if (got != want)
		inetcsum_test_fail(kernel, op, len, off, init, data,
				   "got 0x%08lx, want 0x%08lx",
				   (unsigned long)got, (unsigned long)want);
}

/* The reference against RFC 3720 B.4 and the check value. */
static void
test_reference(void)
{
	static const unsigned char pdu[48] = {
		0x01, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x14, 0, 0, 0, 0, 0, 0x04, 0, 0, 0, 0, 0x14, 0, 0, 0, 0x18,
		0x28, 0, 0, 0, 0, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0, 0,
	};
	unsigned char v[4][32];
	int i;

	for (i = 0; i < 32; i++) {
		v[0][i] = 0;
		v[1][i] = 0xff;
		v[2][i] = (unsigned char)i;
		v[3][i] = (unsigned char)(31 - i);
	}
	/* The RFC prints each CRC as its bytes on the wire: aa 36 91 8a. */
	expect("reference", "RFC 3720 B.4 zeros", v[0], 32, 0, 0,
	       inetcsum_ref_crc32c(0, v[0], 32), 0x8a9136aa);
	expect("reference", "RFC 3720 B.4 ones", v[1], 32, 0, 0,
	       inetcsum_ref_crc32c(0, v[1], 32), 0x62a8ab43);
	expect("reference", "RFC 3720 B.4 incrementing", v[2], 32, 0, 0,
	       inetcsum_ref_crc32c(0, v[2], 32), 0x46dd794e);
	expect("reference", "RFC 3720 B.4 decrementing", v[3], 32, 0, 0,
	       inetcsum_ref_crc32c(0, v[3], 32), 0x113fdb5c);
	expect("reference", "RFC 3720 B.4 read PDU", pdu, 48, 0, 0,
	       inetcsum_ref_crc32c(0, pdu, 48), 0xd9963a56);
	expect("reference", "check value", "123456789", 9, 0, 0,
	       inetcsum_ref_crc32c(0, "123456789", 9), 0xe3069283);
	for (i = 0; i < 4; i++)
		expect("library", "RFC 3720 B.4", v[i], 32, 0, 0,
		       inetcsum_crc32c(0, v[i], 32),
		       inetcsum_ref_crc32c(0, v[i], 32));
}

/* Every length at every offset, flush against each guard page. */
static void
test_lengths(const char *name)
{
	size_t len, off, offsets = inetcsum_test_quick() ? 16 : OFFSETS;
	int tail;

	for (tail = 0; tail < 2; tail++) {
		for (off = 0; off < offsets; off++) {
			for (len = 0; len <= LEN_MAX; len++) {
				unsigned char *p = tail ?
					inetcsum_test_buf_tail(&buf, off, len) :
					inetcsum_test_buf_head(&buf, off, len);

				memcpy(p, src, len);
				inetcsum_test_context(name, "length", len, off);
				expect(name, tail ? "length (tail)" : "length",
				       p, len, off, 0, inetcsum_crc32c(0, p, len),
				       prefix_ref[len]);
			}
		}
	}
	inetcsum_test_context(NULL, NULL, 0, 0);
}

/* Initial values, and a split anywhere equal to one call. */
static void
test_continuation(const char *name)
{
	static const uint32_t inits[] = { 1, 0x80000000, 0xffffffff };
	size_t i, cut;

	for (i = 0; i < sizeof(inits) / sizeof(inits[0]) + 4; i++) {
		uint32_t init = i < 3 ? inits[i] : inetcsum_test_rand32();
		size_t len = inetcsum_test_rand_below(LEN_MAX + 1);

		expect(name, "initial value", src, len, 0, init,
		       inetcsum_crc32c(init, src, len),
		       inetcsum_ref_crc32c(init, src, len));
	}
	for (cut = 0; cut <= SPLIT_LEN; cut++) {
		uint32_t a = inetcsum_crc32c(0, src, cut);

		expect(name, "split", src, SPLIT_LEN, cut, 0,
		       inetcsum_crc32c(a, src + cut, SPLIT_LEN - cut),
		       prefix_ref[SPLIT_LEN]);
	}
}

/* Around the x86 kernel's block sizes, and random lengths to 256 KiB. */
static void
test_long(const char *name)
{
	static const size_t block_lengths[] = {
		3 * 1024 - 1, 3 * 1024, 3 * 1024 + 1, 3 * 1024 + 383,
		3 * 1024 + 384, 3 * 1024 + 391, 6 * 1024, 6 * 1024 + 7,
		RANDOM_MAX,
	};
	size_t i, n = sizeof(block_lengths) / sizeof(block_lengths[0]);
	size_t random = inetcsum_test_quick() ? 2 : 12;

	for (i = 0; i < n + random; i++) {
		size_t len = i < n ? block_lengths[i] :
			     inetcsum_test_rand_below(RANDOM_MAX + 1);
		unsigned char *p = inetcsum_test_buf_tail(&buf, i & 7, len);

		memcpy(p, src, len);
		expect(name, "long", p, len, i & 7, 0,
		       inetcsum_crc32c(0, p, len),
		       inetcsum_ref_crc32c(0, src, len));
	}
}

/* The first call's choice (see the top of this file). */
static int
first_use(void)
{
	const char *env = getenv("INETCSUM_CRC32C_IMPL");
	const char *want = NULL, *name;
	u32 features = inetcsum_cpu_features();
	size_t i;
	int sup;

	/* A named kernel if usable, else the registry's first usable one. */
	for (i = 0; (name = inetcsum_crc32c_impl_get(i, &sup)) != NULL; i++)
		if (sup && env != NULL && strcmp(name, env) == 0)
			want = name;
	for (i = 0; want == NULL && i < inetcsum_num_crc32c_kernels; i++)
		if ((inetcsum_crc32c_kernels[i]->features & ~features) == 0)
			want = inetcsum_crc32c_kernels[i]->name;
	(void)inetcsum_crc32c(0, "x", 1);	/* the first call resolves */
	inetcsum_test_count();
	if (want == NULL || strcmp(inetcsum_crc32c_impl_name(), want) != 0)
		inetcsum_test_fail(inetcsum_crc32c_impl_name(), "first use", 0,
				   0, 0, NULL, "INETCSUM_CRC32C_IMPL=%s: want "
				   "%s", env ? env : "(unset)",
				   want ? want : "(none)");
	return inetcsum_test_finish();
}

int
main(int argc, char **argv)
{
	u32 features;
	size_t i, len, ran = 0;

	inetcsum_test_init("test_crc32c");
	if (argc > 1 && strcmp(argv[1], "--first-use") == 0)
		return first_use();
	inetcsum_test_buf_alloc(&buf, RANDOM_MAX + OFFSETS);
	inetcsum_test_fill(src, sizeof(src));
	prefix_ref[0] = 0;
	for (len = 1; len <= LEN_MAX; len++)
		prefix_ref[len] = inetcsum_ref_crc32c(prefix_ref[len - 1],
						      src + len - 1, 1);
	test_reference();
	/*
	 * The registry through the public API: inetcsum_crc32c_impl_get()
	 * must list it as it is, and each kernel the CPU runs is selected.
	 */
	features = inetcsum_cpu_features();
	for (i = 0; i < inetcsum_num_crc32c_kernels; i++) {
		const struct inetcsum_crc32c_kernel *k =
			inetcsum_crc32c_kernels[i];
		int supported = -1;
		const char *listed = inetcsum_crc32c_impl_get(i, &supported);

		inetcsum_test_count();
		if (listed == NULL || strcmp(listed, k->name) != 0 ||
		    supported != ((k->features & ~features) == 0))
			inetcsum_test_fail(k->name, "impl_get", 0, 0, 0, NULL,
					   "listed as %s", listed ? listed :
					   "(null)");
		if ((k->features & ~features) != 0) {
			char what[80];

			snprintf(what, sizeof(what), "crc32c kernel %s",
				 k->name);
			inetcsum_test_cpu_lacks(what, k->features & ~features);
			continue;
		}
		inetcsum_test_count();
		if (inetcsum_crc32c_impl_select(k->name) != 0 ||
		    strcmp(inetcsum_crc32c_impl_name(), k->name) != 0) {
			inetcsum_test_fail(k->name, "impl_select", 0, 0, 0,
					   NULL, "cannot select it");
			continue;
		}
		printf("crc32c kernel %s\n", k->name);
		fflush(stdout);
		test_lengths(k->name);
		test_continuation(k->name);
		test_long(k->name);
		ran++;
	}
	inetcsum_test_count();
	if (inetcsum_crc32c_impl_get(inetcsum_num_crc32c_kernels, NULL) !=
	    NULL || inetcsum_crc32c_impl_select("no-such-kernel") != -1 ||
	    inetcsum_crc32c_impl_select(NULL) != 0 || ran == 0)
		inetcsum_test_fail("registry", "impl", 0, 0, 0, NULL,
				   "end of list, unknown name or auto wrong "
				   "(%zu kernels ran)", ran);
	inetcsum_test_buf_free(&buf);
	return inetcsum_test_finish();
}
