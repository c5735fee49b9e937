/* SPDX-License-Identifier: MIT */
/*
 * src/crc32c.c - CRC32c (Castagnoli, RFC 3385; SCTP's checksum since RFC
 * 3309, RFC 9260 appendix A): the public entry points, the choice of
 * kernel and the portable kernel.
 *
 * The CRC is the remainder of the message, taken as a polynomial over
 * GF(2), times x^32, modulo P = 0x1EDC6F41, with the register preset to
 * all ones and the remainder inverted (RFC 3720 section 12.1).  Bits are
 * reflected: the first bit on the wire, bit 0 of the first byte, is the
 * message's highest-order coefficient, and bit 0 of the register holds
 * x^31, so the register shifts right and the polynomial reads 0x82F63B78.
 *
 * The portable kernel is slicing-by-8: eight tables (src/crc32c_tables.h)
 * give the register's contribution of one byte followed by 0..7 zero bytes,
 * so eight bytes cost eight independent loads and XORs instead of eight
 * dependent table steps.  The tables are generated constants, so nothing
 * is initialised at run time and no thread can see a half-built table.
 *
 * The kernel in use is one atomic pointer, resolved at the first call as
 * src/dispatch.c resolves the checksum kernels: INETCSUM_CRC32C_IMPL if it
 * names a usable kernel, else the first kernel of the registry that the CPU
 * supports.  The resolver is pure, so racing first callers agree; a select
 * stores unconditionally and so wins over a racing first call.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "crc32c.h"
#include "crc32c_tables.h"
#include "impl.h"

/* Four bytes as a little-endian word: the reflected register's order. */
static INETCSUM_FORCEINLINE u32
le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 |
	       (u32)p[3] << 24;
}

static u32
crc32c_generic(u32 crc, const u8 *p, size_t len)
{
	/*
	 * Eight bytes per step; the first byte of the eight is followed by
	 * seven more, so it takes table 7, the last takes table 0.  le32()
	 * is a plain load on little-endian hosts and a byte-reversed one on
	 * big-endian hosts, so the register lines up with the bytes either
	 * way.
	 */
	while (len >= 8) {
		u32 lo = crc ^ le32(p), hi = le32(p + 4);

		crc = crc32c_table[7][lo & 0xff] ^
		      crc32c_table[6][(lo >> 8) & 0xff] ^
		      crc32c_table[5][(lo >> 16) & 0xff] ^
		      crc32c_table[4][lo >> 24] ^
		      crc32c_table[3][hi & 0xff] ^
		      crc32c_table[2][(hi >> 8) & 0xff] ^
		      crc32c_table[1][(hi >> 16) & 0xff] ^
		      crc32c_table[0][hi >> 24];
		p += 8;
		len -= 8;
	}
	while (len--)
		crc = (crc >> 8) ^ crc32c_table[0][(crc ^ *p++) & 0xff];
	return crc;
}

const struct inetcsum_crc32c_kernel inetcsum_crc32c_kernel_generic = {
	.name = "generic",
	.features = 0,
	.update = crc32c_generic,
};

const struct inetcsum_crc32c_kernel *const inetcsum_crc32c_kernels[] = {
#ifdef INETCSUM_BUILD_CRC32C_SSE42
	&inetcsum_crc32c_kernel_x86_pclmul,
	&inetcsum_crc32c_kernel_x86_sse42,
#endif
#ifdef INETCSUM_BUILD_CRC32C_ARM
	&inetcsum_crc32c_kernel_arm_crc32,
#endif
	&inetcsum_crc32c_kernel_generic,
};

const size_t inetcsum_num_crc32c_kernels =
	sizeof(inetcsum_crc32c_kernels) / sizeof(inetcsum_crc32c_kernels[0]);

/* The kernel named 'name' if it is built in and this CPU runs it. */
static const struct inetcsum_crc32c_kernel *
usable(const char *name)
{
	u32 features = inetcsum_cpu_features();
	size_t i;

	for (i = 0; i < inetcsum_num_crc32c_kernels; i++) {
		const struct inetcsum_crc32c_kernel *k =
			inetcsum_crc32c_kernels[i];

		if (strcmp(k->name, name) == 0)
			return (k->features & ~features) == 0 ? k : NULL;
	}
	return NULL;
}

static const struct inetcsum_crc32c_kernel *
best(void)
{
	u32 features = inetcsum_cpu_features();
	size_t i;

	for (i = 0; i < inetcsum_num_crc32c_kernels; i++) {
		if ((inetcsum_crc32c_kernels[i]->features & ~features) == 0)
			return inetcsum_crc32c_kernels[i];
	}
	return &inetcsum_crc32c_kernel_generic;
}

static u32 resolve_update(u32 crc, const u8 *data, size_t len);

/* The state before the first call; never in the registry. */
static const struct inetcsum_crc32c_kernel unresolved = {
	.name = "(unresolved)",
	.update = resolve_update,
};

static _Atomic(const struct inetcsum_crc32c_kernel *) active = &unresolved;

static const struct inetcsum_crc32c_kernel *
resolve(void)
{
	const char *env = getenv("INETCSUM_CRC32C_IMPL");
	const struct inetcsum_crc32c_kernel *k = NULL, *expected = &unresolved;

	if (env != NULL && *env != '\0' && strcmp(env, "auto") != 0)
		k = usable(env);
	if (k == NULL)
		k = best();
	/* Installed only over the unresolved state: a select stands. */
	if (!atomic_compare_exchange_strong_explicit(&active, &expected, k,
						     memory_order_relaxed,
						     memory_order_relaxed))
		k = expected;
	return k;
}

static u32
resolve_update(u32 crc, const u8 *data, size_t len)
{
	return resolve()->update(crc, data, len);
}

INETCSUM_API uint32_t
inetcsum_crc32c(uint32_t crc, const void *data, size_t len)
{
	const struct inetcsum_crc32c_kernel *k =
		atomic_load_explicit(&active, memory_order_relaxed);

	if (len == 0)
		return crc;
	return ~k->update(~crc, (const u8 *)data, len);
}

INETCSUM_API const char *
inetcsum_crc32c_impl_name(void)
{
	const struct inetcsum_crc32c_kernel *k =
		atomic_load_explicit(&active, memory_order_relaxed);

	return (k != &unresolved ? k : resolve())->name;
}

INETCSUM_API int
inetcsum_crc32c_impl_select(const char *name)
{
	const struct inetcsum_crc32c_kernel *k;

	if (name == NULL || strcmp(name, "auto") == 0)
		k = best();
	else if ((k = usable(name)) == NULL)
		return -1;
	atomic_store_explicit(&active, k, memory_order_relaxed);
	return 0;
}

INETCSUM_API const char *
inetcsum_crc32c_impl_get(size_t index, int *supported)
{
	const struct inetcsum_crc32c_kernel *k;

	if (index >= inetcsum_num_crc32c_kernels)
		return NULL;
	k = inetcsum_crc32c_kernels[index];
	if (supported != NULL)
		*supported = (k->features & ~inetcsum_cpu_features()) == 0;
	return k->name;
}
