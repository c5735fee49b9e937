/* SPDX-License-Identifier: MIT */
/*
 * src/tuning.c - the per-CPU tuning table, and the public inetcsum_tuning()
 * and inetcsum_prefetch_set().
 *
 * The dispatcher (src/dispatch.c) asks this table which kernel to use for
 * inetcsum_partial() and which for inetcsum_copy() on this CPU, and the x86
 * vector kernels read their prefetch distance from here.  A row applies to
 * one vendor, one display family and a range of models; after them come
 * a default row per vendor (any family and model) and the last row, the
 * default for every other CPU: the first supported kernel of the registry
 * (best first, src/dispatch.c) for both operations and the vendor's
 * prefetch scheme.  Every row says which measurement it rests on; rows
 * are added from what `inetcsum bench --tune` prints on a CPU.
 *
 * The choice is per operation because the two loops have different limits
 * (the copy is bound by stores, the sum by loads and two vector ports), so
 * the best kernel for one need not be the best for the other.  A choice
 * per size class is in the table only where one measured (Zen 4's large
 * sums): every x86 kernel already runs the same scalar path up to 64
 * bytes and a short vector path up to 16 vectors
 * (src/x86/csum_x86_template.h).
 */
#include <stdatomic.h>
#include <stdint.h>

#include "shared.h"
#include "tuning.h"


/*
 * Zen 5: inetcsum bench --tune (201 rounds, 2026-12-02, EPYC family 0x1a
 * model 2; docs/x86-kernels.md "Tuning on Zen 5"): no kernel beat
 * x86_avx512_vnni by the 3% margin for either operation (x86_avx512's copy
 * came closest, 1.025x: faster at 256 B and 4 KiB, slower at 1500 B); of
 * the distances, 4096 B won cold (1.04-1.08x over none at 64 KiB and
 * 1 MiB, up to 1.2x at 16 KiB in pf sweeps) and lost hot at 16 KiB
 * (0.84-0.90x of none), none came to 1.019x overall, inside the margin:
 * the build's 4096 stayed.  On 2026-12-05 (another host) below 256 KiB
 * every distance lost hot (1.2-1.3x at 8-16 KiB) and gained nothing cold;
 * from 256 KiB 4096 B gained 1.3-1.4x cold in one run, but in six later
 * runs, the same library with this row at 4096 from 256 KiB and at 0 side
 * by side in both orders, none was 1.05-1.15x faster at 1-4 MiB, hot and
 * cold, and within 3% elsewhere (docs/tuning.md, "Zen 5: no prefetch").
 * So no software prefetch, as the AMD default; since 2026-12-05 the AMD
 * default has the row's copy loop too, so the row changes nothing on
 * Zen 5: it stays to name the CPU and the measurements behind it.
 */
#define ZEN5_PREFETCH	0
#define ZEN5_EVIDENCE \
	"inetcsum bench --tune, 2026-12-02: x86_avx512_vnni best for partial " \
	"and copy; 4096 B ahead 1.04-1.08x over none cold at 64 KiB-1 MiB, " \
	"0.84-0.90x hot at 16 KiB, within 3% of none overall; the copy's " \
	"vpmaddwd loop from 2048 B 1.15-1.4x hot at 4-16 KiB (inetcsum " \
	"bench --op copy, against x86_avx512 in the same run); no prefetch: " \
	"none 1.05-1.15x 4096 B at 1-4 MiB, inetcsum bench --prefetch, " \
	"2026-12-05"

#define DEFAULT_EVIDENCE \
	"the registry's best kernel for this CPU's features (docs/tuning.md, " \
	"defaults without a row)"

/*
 * Intel: the GRO walk (packet/gro.c) prefetches the first line of a
 * segment far from its predecessor in memory 8 segments ahead instead of
 * the packet layer's 32.  On Intel family 6 model 167, cold, with the
 * packets in random slots (bench/packet_jobs_bench -s -x, 2026-12-07), 8
 * ahead ran 0.94-0.96x the streaming read and 32 ahead 0.84-0.86x in two
 * runs (1.01-1.04x and 0.88-0.91x in five against a read that did not
 * yet try those prefetches); on Zen 5 it was the other way round, 0.71x
 * against 0.85x (docs/packet.md, "Far segments" and "Far segments on
 * Intel").  Model 207 is the same core generation; it was not measured
 * there.
 */
#define INTEL_GRO_FAR 8

/*
 * Intel: software GSO prefetches the payload 2 segments ahead into L2
 * (prefetcht1), not L1.  On Intel family 6 model 167 (bench/gso_bench -p,
 * 2026-12-07, trial builds side by side with the prefetch distance 0 in
 * the same process), into L2 a cold 64 KiB super-packet went 1.30-1.37x
 * faster than with no prefetch, into L1 only 1.01-1.05x; hot, both cost
 * 1-10%.  With both in one binary, L2 ran 1.29-1.32x L1 cold and 0-2%
 * slower hot.  On Zen 5 the L1 prefetch gave 1.21-1.30x cold and
 * 1.06-1.11x hot (packet/gso.c); L2 was not measured there.
 */
#define INTEL_GSO_PREFETCH_L2 1

static const struct inetcsum_tuning_row rows[] = {
	{
		/*
		 * Zen 5 (Turin, Granite Ridge, Strix: family 0x1a); measured
		 * on model 2 only.  The copy is the 512-bit VNNI kernel as
		 * well: no other copy kernel was faster hot or cold (1500 B
		 * to 64 KiB).
		 */
		.cpu = "AMD Zen 5",
		.vendor = INETCSUM_VENDOR_AMD,
		.family = 0x1a, .model_lo = 0x00, .model_hi = 0xff,
		.partial = "x86_avx512_vnni", .copy = "x86_avx512_vnni",
		.prefetch = ZEN5_PREFETCH,
		.copy_madd_min = 2048,
		.evidence = ZEN5_EVIDENCE,
	},
	{
		/*
		 * Zen 4 (Genoa: family 0x19, models 0x10-0x1f); measured on
		 * model 0x11 only.  Zen 3, the same family, has no AVX-512
		 * and other Zen 4 parts (Raphael, Phoenix, Bergamo) have
		 * other model numbers: they keep the default.  The copy: the
		 * 512-bit kernel without VNNI, whose vpmaddwd loop ran
		 * 1.10-1.17x the VNNI one hot at 1500 B-4 KiB (x86_avx2 was
		 * as good overall, slower at 256 B).  No software prefetch:
		 * 4096 B ahead cost 1.27x at 64 KiB and 1.48x at 1 MiB cold.
		 * From 512 KiB (data from L3 or DRAM) the 256-bit VNNI kernel
		 * sums faster than the 512-bit one (docs/tuning.md).
		 */
		.cpu = "AMD Zen 4 (Genoa)",
		.vendor = INETCSUM_VENDOR_AMD,
		.family = 0x19, .model_lo = 0x10, .model_hi = 0x1f,
		.partial = "x86_avx512_vnni", .copy = "x86_avx512",
		.prefetch = 0,
		.partial_large = "x86_avx512_vnni_vl256",
		.partial_large_min = 512 * 1024,
		.evidence = "inetcsum bench --tune, 2026-12-02 (family 25 "
			    "model 17): x86_avx512_vnni best for partial; "
			    "copy x86_avx512 1.03x geomean, 1.10-1.17x hot at "
			    "1500 B-4 KiB; prefetch 0 1.11x geomean, 1.27-1.48x "
			    "cold at 64 KiB-1 MiB; from 512 KiB the 256-bit "
			    "VNNI kernel, 1.2-1.4x cold at 512 KiB-4 MiB "
			    "(inetcsum bench --op partial, same run)",
	},
	{
		/* Emerald Rapids (family 6, model 0xcf = 207). */
		.cpu = "Intel Xeon (Emerald Rapids)",
		.vendor = INETCSUM_VENDOR_INTEL,
		.family = 6, .model_lo = 0xcf, .model_hi = 0xcf,
		.partial = "x86_avx512_vnni", .copy = "x86_avx512_vnni",
		.prefetch = 4096,
		.gro_far = INTEL_GRO_FAR,
		.gso_prefetch_l2 = INTEL_GSO_PREFETCH_L2,
		.evidence = "docs/x86-kernels.md, software prefetch sweep "
			    "(bench/prefetch_sweep.sh, 2026-11-30): 4096 B "
			    "ahead gains 8% cold at 64 KiB and 1 MiB and costs "
			    "at most 3% hot",
	},
	/*
	 * The defaults for CPUs without a row of their own, derived from
	 * what the CPU says of itself: its features (the registry's best
	 * kernel that it runs) and its vendor.  Model numbers are not
	 * trusted here: a KVM guest on a Sapphire-Rapids-class host
	 * reported model 167 (Rocket Lake's).  docs/tuning.md, "Defaults
	 * without a row", has the measurements; in short:
	 *
	 * - the kernels: the registry's best that the CPU runs, for both
	 *   operations (on Intel 167 the VNNI copy ran 1.13-1.19x
	 *   x86_avx512's at 1500 B-4 KiB hot, inetcsum bench --op copy).
	 * - Intel: prefetch 2048 bytes ahead, only in buffers of 256 KiB and
	 *   more.  On model 167 that was within 5% of the best of six
	 *   settings in all but three cells (5.5-6.3% off, cold), never
	 *   slower than none (1.3x over none cold from 256 KiB), and
	 *   below 256 KiB prefetching at any distance lost (1.26x cold at
	 *   64 KiB with 4096 B); on model 207, 2048 B was within 3% of its
	 *   best (4096 B) at 1 MiB hot and cold.
	 * - AMD and other vendors: no software prefetch.  Zen 4 measured
	 *   no prefetch 1.27-1.48x faster cold at 64 KiB-1 MiB than 4096 B;
	 *   on Zen 5 it came within 2% overall.
	 * - AMD: the VNNI copy's vpmaddwd loop from 2048 bytes.  On both AMD
	 *   CPUs with AVX-512 measured, it beat the vpdpwssd loop hot: Zen 4
	 *   1.10-1.17x at 1500 B-4 KiB (as x86_avx512's copy, the same
	 *   loop), Zen 5 1.13-1.31x at 4-16 KiB (bench/micro/ab_builds.c,
	 *   2026-12-05); Intel's vpdpwssd loop was the faster one.  On Zen 5
	 *   this default is now the same as the row.
	 * - Intel: the GRO walk prefetches a far segment's first line 8
	 *   segments ahead, not 32 (INTEL_GRO_FAR), and GSO its payload
	 *   into L2 (INTEL_GSO_PREFETCH_L2), both above.
	 */
	{
		.cpu = "default (Intel)",
		.vendor = INETCSUM_VENDOR_INTEL,
		.any_model = 1,
		.partial = NULL, .copy = NULL,
		.prefetch = 2048,
		.prefetch_min = 256 * 1024,
		.gro_far = INTEL_GRO_FAR,
		.gso_prefetch_l2 = INTEL_GSO_PREFETCH_L2,
		.evidence = DEFAULT_EVIDENCE "; 2048 B ahead from 256 KiB, none "
			    "below (Intel family 6 model 167, 2026-12-04); GRO "
			    "walk's far segments 8 ahead, GSO's payload "
			    "prefetch into L2 (2026-12-07)",
	},
	{
		.cpu = "default (AMD)",
		.vendor = INETCSUM_VENDOR_AMD,
		.any_model = 1,
		.partial = NULL, .copy = NULL,
		.prefetch = 0,
		.copy_madd_min = 2048,
		.evidence = DEFAULT_EVIDENCE "; no prefetch, the copy's vpmaddwd "
			    "loop from 2048 B (Zen 4, Zen 5)",
	},
	{
		.cpu = "default",
		.vendor = INETCSUM_VENDOR_OTHER,
		.partial = NULL, .copy = NULL,
		.prefetch = 0,
		.evidence = DEFAULT_EVIDENCE "; no prefetch",
	},
};

#define NROWS (sizeof(rows) / sizeof(rows[0]))

const struct inetcsum_tuning_row *
inetcsum_tuning_row(const struct inetcsum_cpu_ident *id)
{
	size_t i;

	for (i = 0; i + 1 < NROWS; i++) {
		if (rows[i].vendor == id->vendor &&
		    (rows[i].any_model ||
		     (rows[i].family == id->family &&
		      id->model >= rows[i].model_lo &&
		      id->model <= rows[i].model_hi)))
			return &rows[i];
	}
	return &rows[NROWS - 1];
}

/*
 * Called from a GNU indirect function's resolver, before the program has
 * started: in a static binary even before thread-local storage exists.
 * So it calls nothing outside the library (no strcmp(): its PLT slot may
 * not be bound yet), allocates nothing, and keeps the identity in static
 * storage rather than a local whose address is taken, which would give
 * the function a stack-protector canary, read from thread-local storage.
 * Only the resolver calls it.  Under lazy binding two threads' first
 * calls may both resolve; both then write the same identity, as both
 * write the same CPU model in __builtin_cpu_init().  The row's pointers
 * are relocated by then: the dynamic linker applies a library's relative
 * relocations before it resolves its indirect functions.
 */
int
inetcsum_tuning_builtin_copy_is(const char *name)
{
	static struct inetcsum_cpu_ident id;
	const struct inetcsum_tuning_row *row;
	const char *a, *b;

	inetcsum_cpu_ident(&id);
	row = inetcsum_tuning_row(&id);
	if (row->copy == NULL)
		return 1;
	for (a = row->copy, b = name; *a == *b; a++, b++)
		if (*a == '\0')
			return 1;
	return 0;
}

#ifdef INETCSUM_TEST_SUPPORT
#include <stdio.h>
#include <stdlib.h>

/* INETCSUM_TEST_CPU="vendor:family:model" replaces 'id'; a typo aborts. */
static void
test_cpu(struct inetcsum_cpu_ident *id)
{
	const char *e = getenv("INETCSUM_TEST_CPU");
	char vendor[16];
	int family, model;

	if (e == NULL || *e == '\0')
		return;
	if (sscanf(e, "%15[a-z]:%i:%i", vendor, &family, &model) != 3 ||
	    family < 0 || model < 0) {
		fprintf(stderr, "INETCSUM_TEST_CPU=%s: want vendor:family:"
			"model\n", e);
		abort();
	}
	if (strcmp(vendor, "intel") == 0)
		id->vendor = INETCSUM_VENDOR_INTEL;
	else if (strcmp(vendor, "amd") == 0)
		id->vendor = INETCSUM_VENDOR_AMD;
	else if (strcmp(vendor, "other") == 0)
		id->vendor = INETCSUM_VENDOR_OTHER;
	else {
		fprintf(stderr, "INETCSUM_TEST_CPU: vendor %s unknown\n",
			vendor);
		abort();
	}
	id->family = (u32)family;
	id->model = (u32)model;
}
#endif

/* Index of this CPU's row plus one; 0 until identified. */
static _Atomic(size_t) this_row = 0;

const struct inetcsum_tuning_row *
inetcsum_tuning_this_cpu(void)
{
	const struct inetcsum_tuning_row *rec = inetcsum_tuning_record();

	return rec != NULL ? rec : inetcsum_tuning_table_row();
}

const struct inetcsum_tuning_row *
inetcsum_tuning_table_row(void)
{
	size_t r = atomic_load_explicit(&this_row, memory_order_relaxed);

	if (r == 0) {
		struct inetcsum_cpu_ident id;

		inetcsum_tuning_ident(&id);
		r = (size_t)(inetcsum_tuning_row(&id) - rows) + 1;
		atomic_store_explicit(&this_row, r, memory_order_relaxed);
	}
	return &rows[r - 1];
}

#if !defined(__i386__) && !defined(__x86_64__)
/* x86 has its own, with CPUID (src/x86/cpu_features.c). */
void
inetcsum_cpu_ident(struct inetcsum_cpu_ident *id)
{
	id->vendor = INETCSUM_VENDOR_OTHER;
	id->family = 0;
	id->model = 0;
}
#endif

void
inetcsum_tuning_ident(struct inetcsum_cpu_ident *id)
{
	inetcsum_cpu_ident(id);
#ifdef INETCSUM_TEST_SUPPORT
	test_cpu(id);
#endif
}

/*
 * The packet layer's two choices (src/shared.h): inetcsum_packet_tuning_set()'s
 * (packet/prefetch_tuning.c), else the tuning record's, else the table's
 * (a record of format 2 carries the table's).  0 and -1: not set.
 */
static _Atomic size_t pkt_gro_far_set = 0;
static _Atomic int pkt_gso_l2_set = -1;

void
inetcsum_tuning_packet_set(size_t gro_far, int gso_l2)
{
	if (gro_far != 0)
		atomic_store_explicit(&pkt_gro_far_set, gro_far,
				      memory_order_relaxed);
	if (gso_l2 >= 0)
		atomic_store_explicit(&pkt_gso_l2_set, gso_l2 != 0,
				      memory_order_relaxed);
}

/* The two for 'row', each where its pointer is not NULL. */
static void
packet_choices(const struct inetcsum_tuning_row *row, size_t *gro_far,
	       int *gso_l2)
{
	size_t far = atomic_load_explicit(&pkt_gro_far_set,
					  memory_order_relaxed);
	int l2 = atomic_load_explicit(&pkt_gso_l2_set, memory_order_relaxed);

	if (gro_far != NULL)
		*gro_far = far != 0 ? far : row->gro_far != 0 ? row->gro_far :
			   INETCSUM_GRO_FAR_DEFAULT;
	if (gso_l2 != NULL)
		*gso_l2 = l2 >= 0 ? l2 : row->gso_prefetch_l2 != 0;
}

void
inetcsum_tuning_packet(size_t *gro_far, int *gso_l2)
{
	packet_choices(inetcsum_tuning_this_cpu(), gro_far, gso_l2);
}

void
inetcsum_tuning_packet_builtin(size_t *gro_far, int *gso_l2)
{
	packet_choices(inetcsum_tuning_table_row(), gro_far, gso_l2);
}
