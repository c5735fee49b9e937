/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_tuning.c - the per-CPU tuning table (src/tuning.c), judged by
 * facts written down here, never by the table itself:
 *
 *  - CPUID leaf 1 EAX values of real CPUs decode to their documented
 *    display family and model;
 *  - known CPUs get their row, neighbours of a row and other vendors get
 *    the default; every row names registry kernels and says what it rests
 *    on;
 *  - the copy kernel of this CPU's built-in row, as x86-64's copy
 *    resolver asks for it, is the one that row is known to name;
 *  - every prefetch distance, 0 to SIZE_MAX, gives the reference's sums
 *    for lengths through the long path, with the distance really in use
 *    (inetcsum_tuning() reports it);
 *  - with INETCSUM_TEST_SUPPORT: a pretended CPU (INETCSUM_TEST_CPU) gets
 *    its row at the first call, and a copy kernel chosen apart from the
 *    partial kernel (INETCSUM_TEST_TUNING_COPY) runs the copy while the
 *    partial sum keeps its own kernel, both matching the reference.  Each
 *    of these runs in a fresh child: the choice is made once per process.
 *    The child also checks the packet layer's choices from the table (on
 *    Intel the GRO walk's far distance 8 and GSO's prefetch into L2).
 */
#define _GNU_SOURCE	/* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"
#include "ref_csum.h"
#include "test_util.h"
#include "shared.h"	/* the packet layer's choices */
#include "tuning.h"

static unsigned failures;

#include "check.h"

#if defined(__i386__) || defined(__x86_64__)
/* Leaf 1 EAX (stepping included) and the display family and model. */
static const struct {
	const char *cpu;
	u32 eax, family, model;
} cpuid_facts[] = {
	{ "AMD EPYC 9005 (Zen 5, Turin)", 0x00b00f21, 0x1a, 0x02 },
	{ "AMD Ryzen 9000 (Zen 5, Granite Ridge)", 0x00b40f40, 0x1a, 0x44 },
	{ "AMD EPYC 9004 (Zen 4, Genoa)", 0x00a10f11, 0x19, 0x11 },
	{ "Intel Xeon 5th gen (Emerald Rapids)", 0x000c06f2, 0x06, 0xcf },
	{ "Intel Xeon (Skylake-SP)", 0x00050654, 0x06, 0x55 },
	{ "Intel Pentium 4 (Northwood)", 0x00000f29, 0x0f, 0x02 },
	{ "Intel Pentium (P5)", 0x00000543, 0x05, 0x04 },
};

static void
test_decode(void)
{
	size_t i;

	for (i = 0; i < sizeof(cpuid_facts) / sizeof(cpuid_facts[0]); i++) {
		u32 f, m;

		inetcsum_cpu_ident_decode(cpuid_facts[i].eax, &f, &m);
		CHECK(f == cpuid_facts[i].family && m == cpuid_facts[i].model,
		      "%s: EAX %#x decoded to family %#x model %#x, want "
		      "%#x %#x", cpuid_facts[i].cpu, cpuid_facts[i].eax, f, m,
		      cpuid_facts[i].family, cpuid_facts[i].model);
	}
}
#endif

/*
 * Which row each CPU must get: its vendor's default where no row names
 * it, "default" for other vendors.
 */
static const struct {
	enum inetcsum_cpu_vendor vendor;
	u32 family, model;
	const char *row;
} row_facts[] = {
	{ INETCSUM_VENDOR_AMD, 0x1a, 0x02, "AMD Zen 5" },
	{ INETCSUM_VENDOR_AMD, 0x1a, 0x44, "AMD Zen 5" },
	{ INETCSUM_VENDOR_AMD, 0x19, 0x11, "AMD Zen 4 (Genoa)" },
	{ INETCSUM_VENDOR_AMD, 0x19, 0x10, "AMD Zen 4 (Genoa)" },
	{ INETCSUM_VENDOR_AMD, 0x19, 0x1f, "AMD Zen 4 (Genoa)" },
	{ INETCSUM_VENDOR_AMD, 0x19, 0x0f, "default (AMD)" },
	{ INETCSUM_VENDOR_AMD, 0x19, 0x20, "default (AMD)" },
	{ INETCSUM_VENDOR_AMD, 0x19, 0x61, "default (AMD)" },
	{ INETCSUM_VENDOR_AMD, 0x17, 0x31, "default (AMD)" },
	{ INETCSUM_VENDOR_INTEL, 0x19, 0x11, "default (Intel)" },
	{ INETCSUM_VENDOR_AMD, 0x06, 0xcf, "default (AMD)" },
	{ INETCSUM_VENDOR_INTEL, 0x06, 0xcf, "Intel Xeon (Emerald Rapids)" },
	{ INETCSUM_VENDOR_INTEL, 0x06, 0xce, "default (Intel)" },
	{ INETCSUM_VENDOR_INTEL, 0x06, 0xd0, "default (Intel)" },
	{ INETCSUM_VENDOR_INTEL, 0x06, 0xa7, "default (Intel)" },
	{ INETCSUM_VENDOR_INTEL, 0x1a, 0x02, "default (Intel)" },
	{ INETCSUM_VENDOR_OTHER, 0x1a, 0x02, "default" },
	{ INETCSUM_VENDOR_OTHER, 0, 0, "default" },
};

/* Every kernel name any build has, so a row cannot name a typo. */
static const char *const all_kernels[] = {
	"x86_avx512_vnni", "x86_avx512", "x86_avx512_vnni_vl256",
	"x86_avxvnni", "x86_avx2", "x86_adx", "arm_sve2", "arm_neon",
	"generic",
};

static int
known_kernel(const char *name)
{
	size_t i;

	if (name == NULL)
		return 1;	/* the registry's best */
	for (i = 0; i < sizeof(all_kernels) / sizeof(all_kernels[0]); i++)
		if (strcmp(all_kernels[i], name) == 0)
			return 1;
	return 0;
}

static void
test_rows(void)
{
	size_t i;

	for (i = 0; i < sizeof(row_facts) / sizeof(row_facts[0]); i++) {
		struct inetcsum_cpu_ident id = {
			row_facts[i].vendor, row_facts[i].family,
			row_facts[i].model,
		};
		const struct inetcsum_tuning_row *r = inetcsum_tuning_row(&id);

		CHECK(strcmp(r->cpu, row_facts[i].row) == 0,
		      "vendor %d family %#x model %#x: row \"%s\", want \"%s\"",
		      (int)id.vendor, id.family, id.model, r->cpu,
		      row_facts[i].row);
		CHECK(known_kernel(r->partial) && known_kernel(r->copy),
		      "row \"%s\" names an unknown kernel", r->cpu);
		CHECK(r->evidence != NULL && strlen(r->evidence) > 20 &&
		      strstr(r->evidence, "not measured") == NULL,
		      "row \"%s\" does not say what it rests on", r->cpu);
		CHECK(r->prefetch >= -1, "row \"%s\": prefetch %ld", r->cpu,
		      r->prefetch);
	}
}

/*
 * inetcsum_tuning_builtin_copy_is(), which x86-64's copy resolver asks,
 * on this CPU as CPUID names it, against the copy kernel each row is
 * known to name (written down here: Zen 4's rows copy with x86_avx512,
 * Zen 5's and Emerald Rapids' with x86_avx512_vnni, the defaults leave
 * the copy to the best kernel, so every name is 'yes').  Names that are
 * a prefix or an extension of the row's must not match.
 */
static void
test_builtin_copy(void)
{
	static const char *const names[] = {
		"x86_avx512_vnni", "x86_avx512", "x86_avx512_vnn",
		"x86_avx512_vnnix", "", "generic",
	};
	struct inetcsum_cpu_ident id;
	const char *copy = NULL;	/* the defaults: the best kernel */
	size_t i;

	inetcsum_cpu_ident(&id);
	if (id.vendor == INETCSUM_VENDOR_AMD && id.family == 0x19 &&
	    id.model >= 0x10 && id.model <= 0x1f)
		copy = "x86_avx512";
	else if ((id.vendor == INETCSUM_VENDOR_AMD && id.family == 0x1a) ||
		 (id.vendor == INETCSUM_VENDOR_INTEL && id.family == 6 &&
		  id.model == 0xcf))
		copy = "x86_avx512_vnni";
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int want = copy == NULL || strcmp(names[i], copy) == 0;

		CHECK(inetcsum_tuning_builtin_copy_is(names[i]) == want,
		      "vendor %d family %#x model %#x: builtin copy is \"%s\" "
		      "answered %d, want %d", (int)id.vendor, id.family,
		      id.model, names[i], !want, want);
	}
}

/* Long-path lengths (more than 16 vectors) and around the chunk size. */
static const size_t lengths[] = {
	1025, 1500, 2047, 4096, 4097, 9000, 65535, 65536, 262143,
	262144, 262145, 300001,
};

static void
check_sums(const char *what, struct inetcsum_test_buf *b)
{
	size_t i, off;

	for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
		for (off = 0; off < 4; off++) {
			size_t len = lengths[i];
			unsigned char *p = inetcsum_test_buf_tail(b, off, len);
			uint32_t seed = inetcsum_test_rand32();
			uint16_t want, got, got_copy;
			static unsigned char dst[300001 + 64];

			inetcsum_test_fill(p, len);
			want = inetcsum_ref_csum(p, len, seed);
			got = inetcsum_fold(inetcsum_partial(p, len, seed));
			got_copy = inetcsum_fold(inetcsum_copy(dst + off, p,
							       len, seed));
			CHECK(got == want && got_copy == want &&
			      memcmp(dst + off, p, len) == 0,
			      "%s: len %zu off %zu: partial %#06x copy %#06x, "
			      "want %#06x", what, len, off, got, got_copy,
			      want);
		}
	}
}

static void
test_prefetch(struct inetcsum_test_buf *b)
{
	static const size_t dist[] = { 0, 64, 256, 4096, 8192, 1 << 20,
				       SIZE_MAX };
	size_t i;
	char what[64];

	for (i = 0; i < sizeof(dist) / sizeof(dist[0]); i++) {
		struct inetcsum_tuning t;

		if (inetcsum_prefetch_set(dist[i]) != 0) {
			/* Only where no kernel has a run-time distance. */
#if defined(__x86_64__) && !defined(INETCSUM_X86_PREFETCH_DISTANCE)
			CHECK(0, "inetcsum_prefetch_set(%zu) failed", dist[i]);
#endif
			return;
		}
		inetcsum_tuning(&t);
		CHECK(t.prefetch == dist[i], "prefetch %zu set, %zu in use",
		      dist[i], t.prefetch);
		snprintf(what, sizeof(what), "prefetch %zu", dist[i]);
		check_sums(what, b);
	}
}

#ifdef INETCSUM_TEST_SUPPORT
/*
 * The row's prefetch distance and threshold are the ones in use (x86-64
 * builds with a run-time distance; the sums on either side of the
 * threshold, 262143-262145 bytes among check_sums()'s lengths, are the
 * reference's).
 */
#if defined(__x86_64__) && !defined(INETCSUM_X86_PREFETCH_DISTANCE)
#include <stdatomic.h>
extern _Atomic(size_t) inetcsum_x86_prefetch_min;	/* src/x86/tuning.c */
#endif

static void
check_prefetch_applied(const char *cpu, const struct inetcsum_tuning *t)
{
#if defined(__x86_64__) && !defined(INETCSUM_X86_PREFETCH_DISTANCE)
	const struct inetcsum_tuning_row *r = inetcsum_tuning_table_row();
	size_t min = atomic_load(&inetcsum_x86_prefetch_min);

	CHECK(r->prefetch < 0 || t->prefetch == (size_t)r->prefetch,
	      "%s: prefetch %zu in use, row says %ld", cpu, t->prefetch,
	      r->prefetch);
	CHECK(r->prefetch < 0 || min == r->prefetch_min,
	      "%s: prefetch from %zu bytes in use, row says %zu", cpu, min,
	      r->prefetch_min);
#else
	(void)cpu;
	(void)t;
#endif
}

#ifdef __x86_64__
#include <stdatomic.h>
extern _Atomic(size_t) inetcsum_x86_copy_madd_min;	/* src/x86/tuning.c */
#endif

/*
 * The row's form of the VNNI copy's main loop is the one in use (the
 * default rows' too: the AMD default takes the vpmaddwd loop from 2048
 * bytes, the others never); test_csum tests both loops' sums.
 */
static void
check_copy_loop_applied(const char *cpu)
{
#ifdef __x86_64__
	const struct inetcsum_tuning_row *r = inetcsum_tuning_table_row();
	size_t want = r->copy_madd_min != 0 ? r->copy_madd_min : SIZE_MAX;
	size_t got = atomic_load(&inetcsum_x86_copy_madd_min);

	CHECK(got == want, "%s: the copy's vpmaddwd loop from %zu bytes, "
	      "row \"%s\" says %zu", cpu, got, r->cpu, want);
#else
	(void)cpu;
#endif
}

/*
 * The packet layer's two choices from the table (src/shared.h), as
 * measured on Intel family 6 model 167: on Intel's rows the GRO walk's
 * distance for far segments is 8 and software GSO prefetches into L2;
 * elsewhere the distance is the packet layer's own, 32, and GSO
 * prefetches into L1 (docs/packet.md, "Far segments on Intel", "GSO's
 * prefetch on Intel").
 */
static void
check_packet_choices(const char *cpu)
{
	int intel = strncmp(cpu, "intel:", 6) == 0, l2;
	size_t want = intel ? 8 : 32, got;

	inetcsum_tuning_packet(&got, &l2);
	CHECK(got == want, "%s: GRO far distance %zu, want %zu", cpu, got,
	      want);
	CHECK(l2 == intel, "%s: GSO prefetches into L%d, want L%d", cpu,
	      l2 ? 2 : 1, intel ? 2 : 1);
}

/*
 * inetcsum_copy() must run kernel 'kc' and inetcsum_partial() kernel
 * 'kp', bit for bit.  The unfolded sums of two kernels differ only where
 * their word decompositions do (x86's short path counts the last byte of
 * 3 and 7 bytes apart from the portable code), so every length is tried
 * and the ones where kc and kp differ decide; at least one must.
 */
static void
check_runs(const char *cpu, const struct inetcsum_kernel *kc,
	   const struct inetcsum_kernel *kp, struct inetcsum_test_buf *b)
{
	static unsigned char d1[2048], d2[2048];
	size_t len, telling = 0;

	if (kp == NULL || kc == kp)
		return;
	for (len = 1; len <= 1500; len++) {
		unsigned char *p = inetcsum_test_buf_tail(b, 0, len);
		uint32_t seed = inetcsum_test_rand32();
		uint32_t c_own;

		inetcsum_test_fill(p, len);
		c_own = kc->copy(d2, p, len, seed);
		CHECK(inetcsum_copy(d1, p, len, seed) == c_own,
		      "%s: len %zu: inetcsum_copy() is not %s's copy", cpu, len,
		      kc->name);
		CHECK(inetcsum_partial(p, len, seed) ==
		      kp->partial(p, len, seed),
		      "%s: len %zu: inetcsum_partial() is not %s's", cpu, len,
		      kp->name);
		if (c_own != kp->copy(d2, p, len, seed))
			telling++;
	}
	CHECK(telling > 0, "%s: %s and %s never differ: the check is blind",
	      cpu, kc->name, kp->name);
}

#if defined(__x86_64__) && !defined(INETCSUM_NO_AVX512) && \
	!defined(INETCSUM_NO_AVX512VNNI)
#  include "x86/csum_x86_scalar.h"
#  define HAVE_LARGE_SWITCH 1

static size_t spy_calls;

static uint32_t
spy(const void *data, size_t len, uint32_t sum)
{
	spy_calls++;
	return inetcsum_kernel_by_name("generic")->partial(data, len, sum);
}

/*
 * The size class of the Zen 4 row (src/tuning.c): after the table's own
 * choice, sums of at least 512 KiB go to x86_avx512_vnni_vl256, and
 * nothing else does; selected by name, the 512-bit VNNI kernel sums every
 * length itself.  Which kernel ran cannot be told from the sums (both are
 * exact), so the switch's function is replaced by a spy that counts its
 * calls and sums with the portable kernel, and the sums are judged by
 * the reference.
 */
static void
check_large(const char *cpu, int tuned)
{
	static const size_t lens[] = { 1025, 300001, 512 * 1024 - 1,
				       512 * 1024, 512 * 1024 + 1, 600003 };
	const struct inetcsum_kernel *kv =
		inetcsum_kernel_by_name("x86_avx512_vnni");
	const struct inetcsum_kernel *kl =
		inetcsum_kernel_by_name("x86_avx512_vnni_vl256");
	struct inetcsum_test_buf big;
	size_t i;

	if (kv == NULL || kl == NULL ||
	    !inetcsum_kernel_supported(kv, inetcsum_cpu_features()) ||
	    !inetcsum_kernel_supported(kl, inetcsum_cpu_features()))
		return;		/* the row's kernels do not run here */
	/* The first call (beyond the inline short path, which runs even
	 * before a kernel is chosen). */
	(void)inetcsum_partial(lens, sizeof(lens), 0);
	CHECK(atomic_load(&inetcsum_x86_large_min) ==
		      (tuned ? (size_t)512 * 1024 : SIZE_MAX),
	      "%s: large sums from %zu bytes", cpu,
	      atomic_load(&inetcsum_x86_large_min));
	if (!tuned)
		return;
	CHECK(atomic_load(&inetcsum_x86_large_partial) == kl->partial,
	      "%s: large sums not by %s", cpu, kl->name);
	atomic_store(&inetcsum_x86_large_partial, spy);
	inetcsum_test_buf_alloc(&big, 600003 + 64);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		unsigned char *p = inetcsum_test_buf_tail(&big, 2, lens[i]);
		uint32_t seed = inetcsum_test_rand32();
		size_t before = spy_calls;

		inetcsum_test_fill(p, lens[i]);
		CHECK(inetcsum_fold(inetcsum_partial(p, lens[i], seed)) ==
			      inetcsum_ref_csum(p, lens[i], seed),
		      "%s: len %zu: wrong sum", cpu, lens[i]);
		CHECK((spy_calls != before) == (lens[i] >= 512 * 1024),
		      "%s: len %zu: the large kernel %s", cpu, lens[i],
		      spy_calls != before ? "ran" : "did not run");
	}
	atomic_store(&inetcsum_x86_large_partial, kl->partial);
	inetcsum_test_buf_free(&big);
}
#endif

/* What a child of child_case() is to be and to find. */
struct child_args {
	const char *cpu, *copy, *want_row;
	struct inetcsum_test_buf *b;
};

/*
 * In a child with 'cpu' and 'copy' in its environment: the first call's
 * choice must be the row's, the copy's kernel 'copy' if the CPU runs it.
 */
static int
child_body(void *arg)
{
	const struct child_args *a = arg;
	const char *cpu = a->cpu, *copy = a->copy, *want_row = a->want_row;
	struct inetcsum_test_buf *b = a->b;
	struct inetcsum_tuning t;
	const char *best;
	size_t i;
	int sup = 0;

	failures = 0;	/* the parent reports its own */
	setenv("INETCSUM_TEST_CPU", cpu, 1);
	if (copy != NULL)
		setenv("INETCSUM_TEST_TUNING_COPY", copy, 1);
	unsetenv("INETCSUM_IMPL");
#ifdef HAVE_LARGE_SWITCH
	if (strcmp(want_row, "AMD Zen 4 (Genoa)") == 0) {
		check_large(cpu, 1);
		CHECK(inetcsum_impl_select("x86_avx512_vnni") == 0 ||
		      !inetcsum_kernel_supported(
			      inetcsum_kernel_by_name(
				      "x86_avx512_vnni"),
			      inetcsum_cpu_features()),
		      "%s: select failed", cpu);
		check_large(cpu, 0);
		CHECK(inetcsum_impl_select("auto") == 0,
		      "%s: select auto failed", cpu);
		check_large(cpu, 1);
	}
#endif
	check_sums(cpu, b);
	inetcsum_tuning(&t);
	CHECK(strcmp(t.row, want_row) == 0, "%s: row \"%s\", want "
	      "\"%s\"", cpu, t.row, want_row);
	check_prefetch_applied(cpu, &t);
	check_copy_loop_applied(cpu);
	check_packet_choices(cpu);
	/* The first kernel of the registry this CPU runs. */
	for (i = 0; (best = inetcsum_impl_get(i, &sup)) != NULL; i++)
		if (sup)
			break;
	if (copy != NULL) {
		const struct inetcsum_kernel *k =
			inetcsum_kernel_by_name(copy);
		int runs = k != NULL && inetcsum_kernel_supported(
			k, inetcsum_cpu_features());

		CHECK(strcmp(t.copy, runs ? copy : t.partial) == 0,
		      "%s: copy kernel %s, want %s", cpu, t.copy,
		      runs ? copy : t.partial);
		CHECK(strcmp(t.partial, copy) != 0 || !runs ||
		      (best != NULL && strcmp(t.partial, best) == 0),
		      "%s: partial kernel %s", cpu, t.partial);
		if (runs)
			check_runs(cpu, k, inetcsum_kernel_by_name(
				t.partial), b);
	}
	return failures != 0;
}

static void
child_case(const char *cpu, const char *copy, const char *want_row,
	   struct inetcsum_test_buf *b)
{
	struct child_args a = { cpu, copy, want_row, b };

	if (inetcsum_test_in_child(child_body, &a) != 0) {
		fprintf(stderr, "FAIL: child for %s, copy %s\n", cpu,
			copy != NULL ? copy : "(row's)");
		failures++;
	}
}
#endif

int
main(void)
{
	struct inetcsum_test_buf b;

	inetcsum_test_init("test_tuning");
	/* The table is under test: a tuning record on this machine must not
	 * replace its rows (test_tuning_record tests records). */
	setenv("INETCSUM_TUNING", "none", 1);
	inetcsum_test_buf_alloc(&b, 300001 + 64);
#if defined(__i386__) || defined(__x86_64__)
	test_decode();
#endif
	test_rows();
	test_builtin_copy();
#ifdef INETCSUM_TEST_SUPPORT
	child_case("amd:0x1a:2", NULL, "AMD Zen 5", &b);
	child_case("amd:0x19:0x11", NULL, "AMD Zen 4 (Genoa)", &b);
	child_case("intel:6:0xcf", NULL, "Intel Xeon (Emerald Rapids)", &b);
	child_case("other:0:0", NULL, "default", &b);
	child_case("intel:6:0xa7", NULL, "default (Intel)", &b);
	child_case("amd:0x17:0x31", NULL, "default (AMD)", &b);
	child_case("amd:0x1a:2", "generic", "AMD Zen 5", &b);
	child_case("other:0:0", "x86_adx", "default", &b);
#endif
	test_prefetch(&b);
	inetcsum_test_buf_free(&b);
	printf("test_tuning: %u failures\n", failures);
	return failures != 0;
}
