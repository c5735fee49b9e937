/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_dispatch.c - the kernel choice, judged by a table written
 * down per architecture (the registry's order, and for each set of CPU
 * features the kernel that must be chosen and those that must be
 * supported), never by the dispatcher's own rule: the first call picks the
 * kernel named by INETCSUM_IMPL (else the table's choice), racing first
 * callers agree, inetcsum_impl_select() reaches every supported kernel and
 * leaves the choice alone on failure, and inetcsum_impl_get() lists the
 * registry with the right flags.
 *
 *   test_dispatch               everything below; each table row this CPU
 *                               can be masked down to (and each first-use
 *                               case) runs in a forked child
 *   test_dispatch --first-use   only check the first-use choice against the
 *                               inherited INETCSUM_IMPL (CTest sets it)
 *   test_dispatch --print-kernel  print the kernel the first call picks and
 *                               the supported kernels (for the suites)
 *   test_dispatch --list-features print the CPU feature names, one a line
 *
 * A kernel added to the registry without a place in the table fails.
 */
#define _GNU_SOURCE	/* setenv, pthread barriers */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "crc32c.h"
#include "impl.h"
#include "ref_csum.h"
#include "test_util.h"

/* Threads racing through the first call, and how many fresh processes try. */
#define RACE_THREADS 8
#define RACE_ROUNDS 4
/* Per-thread buffer: long enough to take every kernel's main loop. */
#define RACE_LEN 3001

/*
 * What the dispatcher must do, written down per architecture instead of
 * worked out again from the registry: the registry's order, best first,
 * and for each set of CPU features the kernel that must be chosen and the
 * kernels that must be supported.  A kernel is absent from the registry
 * only when the build leaves it out: tests/CMakeLists.txt passes this
 * program the INETCSUM_NO_<ISA> definitions of the library.
 */
struct expected_kernel {
	const char *name;
	int built;
};

/*
 * One set of CPU features ('features', names from
 * inetcsum_cpu_feature_table; every other feature is masked with
 * INETCSUM_DISABLE_CPU_FEATURES), the kernel a first call or "auto" must
 * choose, and every kernel the CPU then supports.  'cpu' says what has
 * these features.
 */
struct dispatch_row {
	const char *cpu, *features, *choice, *supported;
};

#if defined(__x86_64__)
#  if !defined(INETCSUM_NO_AVX512) && !defined(INETCSUM_NO_AVX512VNNI)
#    define BUILT_AVX512VNNI 1
#  else
#    define BUILT_AVX512VNNI 0
#  endif
#  ifndef INETCSUM_NO_AVX512
#    define BUILT_AVX512 1
#  else
#    define BUILT_AVX512 0
#  endif
#  ifndef INETCSUM_NO_AVXVNNI
#    define BUILT_AVXVNNI 1
#  else
#    define BUILT_AVXVNNI 0
#  endif
#  ifndef INETCSUM_NO_AVX2
#    define BUILT_AVX2 1
#  else
#    define BUILT_AVX2 0
#  endif
#  ifndef INETCSUM_NO_ADX
#    define BUILT_ADX 1
#  else
#    define BUILT_ADX 0
#  endif

static const struct expected_kernel expected_order[] = {
	{ "x86_avx512_vnni", BUILT_AVX512VNNI },
	{ "x86_avx512", BUILT_AVX512 },
	{ "x86_avx512_vnni_vl256", BUILT_AVX512VNNI },
	{ "x86_avxvnni", BUILT_AVXVNNI },
	{ "x86_avx2", BUILT_AVX2 },
	{ "x86_adx", BUILT_ADX },
	{ "generic", 1 },
};

#define ALL_X86 "x86_avx512_vnni x86_avx512 x86_avx512_vnni_vl256 " \
		"x86_avxvnni x86_avx2 x86_adx generic"

static const struct dispatch_row dispatch_rows[] = {
	{ "Sapphire Rapids, Zen 5: everything",
	  "adx avx2 avx512bw avx512vnni avxvnni zmm",
	  "x86_avx512_vnni", ALL_X86 },
	{ "Ice Lake server, Zen 4: AVX-512 VNNI, no AVX-VNNI",
	  "adx avx2 avx512bw avx512vnni zmm", "x86_avx512_vnni",
	  "x86_avx512_vnni x86_avx512 x86_avx512_vnni_vl256 x86_avx2 "
	  "x86_adx generic" },
	{ "Cannon Lake: AVX-512 BW without VNNI",
	  "adx avx2 avx512bw zmm", "x86_avx512",
	  "x86_avx512 x86_avx2 x86_adx generic" },
	{ "512-bit vectors withheld (zmm masked), AVX-VNNI present",
	  "adx avx2 avx512bw avx512vnni avxvnni",
	  "x86_avx512_vnni_vl256",
	  "x86_avx512_vnni_vl256 x86_avxvnni x86_avx2 x86_adx generic" },
	{ "Cascade Lake: 512-bit vectors withheld by the policy",
	  "adx avx2 avx512bw avx512vnni", "x86_avx512_vnni_vl256",
	  "x86_avx512_vnni_vl256 x86_avx2 x86_adx generic" },
	{ "Skylake-SP: AVX-512 BW, 512-bit vectors withheld",
	  "adx avx2 avx512bw", "x86_avx2", "x86_avx2 x86_adx generic" },
	{ "Alder Lake, Sierra Forest: AVX-VNNI",
	  "adx avx2 avxvnni", "x86_avxvnni",
	  "x86_avxvnni x86_avx2 x86_adx generic" },
	{ "Broadwell, Zen 1-3", "adx avx2", "x86_avx2",
	  "x86_avx2 x86_adx generic" },
	{ "Haswell: AVX2 without ADX", "avx2", "x86_avx2",
	  "x86_avx2 generic" },
	{ "ADX only", "adx", "x86_adx", "x86_adx generic" },
	{ "VNNI and zmm bits without their base ISAs",
	  "avx512vnni avxvnni zmm", "generic", "generic" },
	{ "Nehalem, or everything masked", "", "generic", "generic" },
};
#elif defined(__aarch64__)
#  include "arm/kernels.h"
#  ifndef INETCSUM_NO_NEON
#    define BUILT_NEON 1
#    define NEON_NAME "arm_neon"
#    define NEON_LIST "arm_neon generic"
#  else
#    define BUILT_NEON 0
#    define NEON_NAME "generic"
#    define NEON_LIST "generic"
#  endif
/* Built where the compiler can (src/arm/cpu_features.h, Intrinsics.cmake). */
#  ifdef INETCSUM_BUILD_SVE2
#    define BUILT_SVE2 1
#    define SVE2_NAME "arm_sve2"
#    define SVE2_LIST "arm_sve2 "
#  else
#    define BUILT_SVE2 0
#    define SVE2_NAME NEON_NAME
#    define SVE2_LIST ""
#  endif

static const struct expected_kernel expected_order[] = {
	{ "arm_sve2", BUILT_SVE2 },
	{ "arm_neon", BUILT_NEON },
	{ "generic", 1 },
};

static const struct dispatch_row dispatch_rows[] = {
	{ "Armv9-A (Cortex-A710, Neoverse N2/V2): SVE2", "neon sve2",
	  SVE2_NAME, SVE2_LIST NEON_LIST },
	{ "every other arm64 CPU", "neon", NEON_NAME, NEON_LIST },
	{ "NEON masked, SVE2 present", "sve2", BUILT_SVE2 ? "arm_sve2" :
	  "generic", SVE2_LIST "generic" },
	{ "everything masked", "", "generic", "generic" },
};
#elif defined(__i386__)
/* The x86 kernels are x86-64 only: the features change nothing. */
static const struct expected_kernel expected_order[] = {
	{ "generic", 1 },
};

static const struct dispatch_row dispatch_rows[] = {
	{ "32-bit x86 with AVX2 and ADX", "adx avx2", "generic",
	  "generic" },
	{ "32-bit x86, everything masked", "", "generic", "generic" },
};

/*
 * Any other CPU: the choice cannot depend on the features, so a CPU that
 * runs the 32-bit build natively with features no row lists (Zen 4:
 * AVX-512 without AVX-VNNI) still has a row, and no row that needs
 * features for the masking test turns into a skip elsewhere.
 */
#define ANY_ROW { "32-bit x86, any features", "", "generic", "generic" }
#elif defined(__s390x__)
#  include "s390/cpu_features.h"
#  ifdef INETCSUM_BUILD_S390_VX
#    define BUILT_S390_VX 1
#  else
#    define BUILT_S390_VX 0
#  endif

static const struct expected_kernel expected_order[] = {
	{ "s390_vx", BUILT_S390_VX },
	{ "generic", 1 },
};

static const struct dispatch_row dispatch_rows[] = {
	{ "z13 and later: vector facility", "vx", "s390_vx",
	  "s390_vx generic" },
	{ "zEC12 and earlier, or vx masked", "", "generic", "generic" },
};
#elif defined(__powerpc__) || defined(__powerpc64__)
#  include "ppc/kernels.h"

#  ifdef INETCSUM_BUILD_PPC_VSX
#    define BUILT_PPC_VSX 1
#    define PPC_VSX_NAME "ppc_vsx"
#    define PPC_VSX_LIST "ppc_vsx generic"
#  else
#    define BUILT_PPC_VSX 0
#    define PPC_VSX_NAME "generic"
#    define PPC_VSX_LIST "generic"
#  endif

#  if defined(INETCSUM_HAVE_PPC_ALTIVEC) && !defined(__powerpc64__) && \
	!defined(INETCSUM_NO_PPC_ALTIVEC)
#    define BUILT_PPC_ALTIVEC 1
#    define PPC_ALTIVEC_NAME "ppc_altivec"
#    define PPC_ALTIVEC_LIST "ppc_altivec generic"
#  else
#    define BUILT_PPC_ALTIVEC 0
#    define PPC_ALTIVEC_NAME "generic"
#    define PPC_ALTIVEC_LIST "generic"
#  endif

static const struct expected_kernel expected_order[] = {
	{ "ppc_vsx", BUILT_PPC_VSX },
	{ "ppc_altivec", BUILT_PPC_ALTIVEC },
	{ "generic", 1 },
};

/* ppc_vsx is 64-bit only and ppc_altivec 32-bit only: no row has both. */
static const struct dispatch_row dispatch_rows[] = {
	{ "POWER8 and later", "altivec vsx isa207",
	  BUILT_PPC_VSX ? PPC_VSX_NAME : PPC_ALTIVEC_NAME,
	  BUILT_PPC_VSX ? PPC_VSX_LIST : PPC_ALTIVEC_LIST },
	{ "POWER7", "altivec vsx", PPC_ALTIVEC_NAME, PPC_ALTIVEC_LIST },
	{ "G4, G5, e6500: AltiVec", "altivec", PPC_ALTIVEC_NAME,
	  PPC_ALTIVEC_LIST },
	{ "e500, 44x, 603: no vector unit", "", "generic", "generic" },
};
#elif defined(__riscv)
#  include "riscv/kernels.h"
#  ifdef INETCSUM_BUILD_RISCV_RVV
#    define BUILT_RISCV_RVV 1
#  else
#    define BUILT_RISCV_RVV 0
#  endif
#  ifdef INETCSUM_BUILD_RISCV_ZBB
#    define BUILT_RISCV_ZBB 1
#  else
#    define BUILT_RISCV_ZBB 0
#  endif

static const struct expected_kernel expected_order[] = {
	{ "riscv_rvv", BUILT_RISCV_RVV },
	{ "riscv_zbb", BUILT_RISCV_ZBB },
	{ "generic", 1 },
};

/*
 * A kernel left out of the build (INETCSUM_NO_RISCV_*) cannot be chosen,
 * so each row's choice is spelled out per build.
 */
#  if BUILT_RISCV_RVV
#    define RV_CHOICE_V "riscv_rvv"
#  elif BUILT_RISCV_ZBB
#    define RV_CHOICE_V "riscv_zbb"
#  else
#    define RV_CHOICE_V "generic"
#  endif
#  if BUILT_RISCV_RVV
#    define RV_CHOICE_V_NOZBB "riscv_rvv"
#  else
#    define RV_CHOICE_V_NOZBB "generic"
#  endif
#  if BUILT_RISCV_ZBB
#    define RV_CHOICE_ZBB "riscv_zbb"
#  else
#    define RV_CHOICE_ZBB "generic"
#  endif

static const struct dispatch_row dispatch_rows[] = {
	{ "V and Zbb (SpacemiT X60, SiFive P670)", "v zbb",
	  RV_CHOICE_V, "riscv_rvv riscv_zbb generic" },
	{ "V without Zbb (or Zbb unknown to the kernel)", "v",
	  RV_CHOICE_V_NOZBB, "riscv_rvv generic" },
	{ "RVA22 without V (SiFive P550)", "zbb", RV_CHOICE_ZBB,
	  "riscv_zbb generic" },
	{ "rv64gc (SiFive U74; Allwinner D1, whose vector unit is RVV 0.7.1)", "", "generic",
	  "generic" },
};
#else
static const struct expected_kernel expected_order[] = {
	{ "generic", 1 },
};

static const struct dispatch_row dispatch_rows[] = {
	{ "a CPU with only the portable kernel", "", "generic", "generic" },
};
#endif

#define NUM_ORDER (sizeof(expected_order) / sizeof(expected_order[0]))
#define NUM_ROWS (sizeof(dispatch_rows) / sizeof(dispatch_rows[0]))

/* Nonzero if the space-separated 'list' holds 'name'. */
static int
listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	while (*list != '\0') {
		size_t m = strcspn(list, " ");

		if (m == n && strncmp(list, name, n) == 0)
			return 1;
		list += m;
		list += strspn(list, " ");
	}
	return 0;
}

/* Nonzero if the build has kernel 'name' (by the table, not the registry). */
static int
built(const char *name)
{
	size_t i;

	for (i = 0; i < NUM_ORDER; i++) {
		if (strcmp(expected_order[i].name, name) == 0)
			return expected_order[i].built;
	}
	return 0;
}

/* Nonzero if row 'r' says that kernel 'name' is supported (and built). */
static int
row_supports(const struct dispatch_row *r, const char *name)
{
	return built(name) && listed(r->supported, name);
}

/* The feature bits that row 'r' names; an unknown name fails the test. */
static u32
row_bits(const struct dispatch_row *r)
{
	const struct inetcsum_cpu_feature *f;
	const char *p = r->features;
	u32 bits = 0;

	while (*p != '\0') {
		size_t m = strcspn(p, " ");

		for (f = inetcsum_cpu_feature_table; f->name != NULL; f++) {
			if (strlen(f->name) == m && strncmp(f->name, p, m) == 0)
				break;
		}
		inetcsum_test_count();
		if (f->name == NULL)
			inetcsum_test_fail("-", "dispatch table", 0, 0, 0, NULL,
					   "row \"%s\" names the feature "
					   "\"%.*s\", which the library's "
					   "table does not have", r->cpu,
					   (int)m, p);
		else
			bits |= f->bit;
		p += m;
		p += strspn(p, " ");
	}
	return bits;
}

/*
 * The feature bits the rows are about: those of the checksum kernels.  The
 * CRC32c kernels' bits (src/crc32c.h) choose nothing here; they are left
 * as the CPU has them, and tests/core/test_crc32c.c tests those kernels.
 */
static u32
csum_bits(u32 features)
{
	return features & ~(u32)INETCSUM_CRC32C_FEATURES;
}

/* The row for exactly the feature bits 'features', or NULL. */
static const struct dispatch_row *
row_for(u32 features)
{
	size_t i;

	features = csum_bits(features);

	for (i = 0; i < NUM_ROWS; i++) {
		if (row_bits(&dispatch_rows[i]) == features)
			return &dispatch_rows[i];
	}
	return NULL;
}

/*
 * The kernel a first call must pick with INETCSUM_IMPL set to 'impl' (NULL:
 * unset) on a CPU with the features of row 'r': the named kernel if the row
 * supports it, else the row's choice (include/inetcsum.h: an unusable name
 * means "auto").
 */
static const char *
row_first_use(const struct dispatch_row *r, const char *impl)
{
	if (impl != NULL && row_supports(r, impl))
		return impl;
	return r->choice;
}

/*
 * The registry, entry by entry, must be the expected order without the
 * kernels this build leaves out.
 */
static void
test_registry(void)
{
	size_t i, j = 0;

	for (i = 0; i < NUM_ORDER; i++) {
		const char *name = expected_order[i].name;
		const char *got = j < inetcsum_num_kernels ?
				  inetcsum_kernels[j]->name : "(end)";

		if (!expected_order[i].built) {
			printf("registry: %s is not built (INETCSUM_NO_* "
			       "definitions)\n", name);
			continue;
		}
		inetcsum_test_count();
		if (strcmp(got, name) != 0) {
			inetcsum_test_fail("-", "registry order", j, 0, 0, NULL,
					   "entry %zu is %s, expected %s", j,
					   got, name);
			return;
		}
		j++;
	}
	inetcsum_test_count();
	if (j != inetcsum_num_kernels)
		inetcsum_test_fail("-", "registry order", j, 0, 0, NULL,
				   "%zu entries, expected %zu: %s is not in "
				   "this architecture's expected order",
				   inetcsum_num_kernels, j,
				   inetcsum_kernels[j]->name);
	else
		printf("registry: %zu kernels in the expected order\n", j);
}

/* The row whose CPU a row child (test_rows()) pretends to be, or NULL. */
static const struct dispatch_row *child_row;

/*
 * The row of the dispatch table for this process's CPU features (after
 * any INETCSUM_DISABLE_CPU_FEATURES), or NULL, then reported once if
 * 'report' is set: as a skip when there is no row (nothing says which
 * kernel is right), as not applicable when the build leaves out the
 * row's choice.  (Forked children do not report: their parent does.)  Probing
 * does not resolve the dispatcher, so it may come before a first call.
 */
static const struct dispatch_row *
current_row(int report)
{
	static int reported;
	u32 features = inetcsum_cpu_features();
	const struct dispatch_row *r = row_for(features);
	char names[256];
#ifdef ANY_ROW
	static const struct dispatch_row any = ANY_ROW;

	if (r == NULL)
		r = &any;
#endif

	if (r != NULL && !built(r->choice)) {
		/* The row is written for a build that has its choice. */
		if (report && !reported)
			inetcsum_test_not_applicable("dispatch choice", "this "
						     "build leaves out %s, the "
						     "choice for \"%s\"",
						     r->choice, r->cpu);
		reported = 1;
		return NULL;
	}
	if (r == NULL && report && !reported) {
		inetcsum_test_feature_names(features, names, sizeof(names));
		inetcsum_test_skip("dispatch choice", "this CPU's features "
				   "(%s) have no row in the table of "
				   "tests/core/test_dispatch.c: add one",
				   names[0] != '\0' ? names : "none");
		reported = 1;
	}
	return r;
}

/*
 * Must be the process's first use of the library: make a first call, then
 * check the kernel it picked, by the table, and the answer it gave, by the
 * reference.
 */
static void
check_first_use(int report)
{
	static unsigned char data[RACE_LEN];
	const struct dispatch_row *r = current_row(report);
	const char *env = getenv("INETCSUM_IMPL");
	const char *want = r != NULL ? row_first_use(r, env) : NULL;
	uint32_t got;

	inetcsum_test_fill(data, sizeof(data));
	got = inetcsum_partial(data, sizeof(data), 7);
	inetcsum_test_check_sum(inetcsum_impl_name(), "first inetcsum_partial",
				data, sizeof(data), 0, 7, got,
				inetcsum_ref_sum(data, sizeof(data), 7));
	if (want == NULL)
		return;
	inetcsum_test_count();
	if (strcmp(inetcsum_impl_name(), want) != 0)
		inetcsum_test_fail(inetcsum_impl_name(), "first use", 0, 0, 0,
				   NULL, "INETCSUM_IMPL=%s picked %s, "
				   "expected %s (%s)", env ? env : "(unset)",
				   inetcsum_impl_name(), want, r->cpu);
	else if (child_row == NULL)	/* the row children are many */
		printf("INETCSUM_IMPL=%s: first use picked %s\n",
		       env ? env : "(unset)", inetcsum_impl_name());
}

struct child_call {
	void (*fn)(const char *);
	const char *arg;
};

static int
child_body(void *p)
{
	const struct child_call *c = p;
	/* Failures the parent counted before the fork are not ours. */
	unsigned long before = inetcsum_test_failures();

	c->fn(c->arg);
	return inetcsum_test_failures() != before;
}

/* Run 'fn' in a forked child (a fresh, unresolved dispatcher) and judge. */
static void
in_child(const char *what, void (*fn)(const char *), const char *arg)
{
	struct child_call c = { fn, arg };
	int status = inetcsum_test_in_child(child_body, &c);

	inetcsum_test_count();
	if (status != 0)
		inetcsum_test_fail("-", what, 0, 0, 0, NULL, "child (%s) "
				   "failed, status 0x%x", arg ? arg : "-",
				   (unsigned)status);
}

static void
child_env(const char *value)
{
	if (value == NULL)
		unsetenv("INETCSUM_IMPL");
	else
		setenv("INETCSUM_IMPL", value, 1);
	check_first_use(0);
}

struct racer {
	pthread_barrier_t *barrier;
	unsigned char data[RACE_LEN];
	unsigned char copy[RACE_LEN];
	uint32_t init, partial, copied;
	const char *name;
};

static void *
race(void *arg)
{
	struct racer *r = arg;

	pthread_barrier_wait(r->barrier);
	/* Half the threads enter through each resolver stub. */
	if (r->init & 1) {
		r->partial = inetcsum_partial(r->data, RACE_LEN, r->init);
		r->copied = inetcsum_copy(r->copy, r->data, RACE_LEN, r->init);
	} else {
		r->copied = inetcsum_copy(r->copy, r->data, RACE_LEN, r->init);
		r->partial = inetcsum_partial(r->data, RACE_LEN, r->init);
	}
	r->name = inetcsum_impl_name();
	return NULL;
}

/* RACE_THREADS threads all make their first call at once. */
static void
child_race(const char *unused)
{
	static struct racer r[RACE_THREADS];
	pthread_t t[RACE_THREADS];
	pthread_barrier_t barrier;
	const struct dispatch_row *row = current_row(0);
	const char *want = row != NULL ?
			   row_first_use(row, getenv("INETCSUM_IMPL")) : NULL;
	int i;

	pthread_barrier_init(&barrier, NULL, RACE_THREADS);
	for (i = 0; i < RACE_THREADS; i++) {
		r[i].barrier = &barrier;
		r[i].init = inetcsum_test_rand32();
		inetcsum_test_fill(r[i].data, RACE_LEN);
		if (pthread_create(&t[i], NULL, race, &r[i]) != 0) {
			perror("pthread_create");
			_exit(1);
		}
	}
	for (i = 0; i < RACE_THREADS; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&barrier);
	for (i = 0; i < RACE_THREADS; i++) {
		uint16_t ref = inetcsum_ref_sum(r[i].data, RACE_LEN, r[i].init);

		inetcsum_test_check_sum(r[i].name, "racing inetcsum_partial",
					r[i].data, RACE_LEN, 0, r[i].init,
					r[i].partial, ref);
		inetcsum_test_check_sum(r[i].name, "racing inetcsum_copy",
					r[i].data, RACE_LEN, 0, r[i].init,
					r[i].copied, ref);
		inetcsum_test_count();
		if (memcmp(r[i].copy, r[i].data, RACE_LEN) != 0 ||
		    (want != NULL && strcmp(r[i].name, want) != 0))
			inetcsum_test_fail(r[i].name, "race", RACE_LEN, 0,
					   r[i].init, NULL, "bad copy, or "
					   "not the expected kernel %s",
					   want ? want : "(no row)");
	}
}

/*
 * One thread switches kernels with inetcsum_impl_select() while others
 * keep summing: every call must still give a right answer.
 */
struct switcher {
	unsigned char data[RACE_LEN];
	unsigned long bad;
};

static void *
summer(void *arg)
{
	struct switcher *s = arg;
	uint16_t ref = inetcsum_ref_sum(s->data, RACE_LEN, 0);
	unsigned long bad = 0;
	int i;

	for (i = 0; i < 2000; i++) {
		uint32_t p = inetcsum_partial(s->data, RACE_LEN, 0);

		if (inetcsum_ref_fold16(p) != ref)
			bad++;
	}
	return (void *)(size_t)bad;
}

static void
test_select_while_running(void)
{
	struct switcher s;
	pthread_t t[2];
	size_t i, n = 0;
	void *ret;
	int j;

	memset(&s, 0, sizeof(s));
	inetcsum_test_fill(s.data, RACE_LEN);
	for (j = 0; j < 2; j++)
		pthread_create(&t[j], NULL, summer, &s);
	for (j = 0; j < 200; j++) {
		for (i = 0; i < inetcsum_num_kernels; i++)
			n += inetcsum_impl_select(inetcsum_kernels[i]->name)
			     == 0;
	}
	for (j = 0; j < 2; j++) {
		pthread_join(t[j], &ret);
		s.bad += (unsigned long)(size_t)ret;
	}
	inetcsum_test_count();
	if (s.bad != 0 || n == 0)
		inetcsum_test_fail("-", "select while running", RACE_LEN, 0, 0,
				   NULL, "%lu wrong sums, %zu selections",
				   s.bad, n);
}

/*
 * inetcsum_impl_get() and inetcsum_impl_select() judged by row 'r' of the
 * table for this CPU's features (NULL: none, and then only what needs no
 * table is judged): the supported flags, selecting each kernel (the public
 * calls must then run it and give the reference's answer), refusing the
 * unsupported ones and unknown names, and "auto"/NULL picking the row's
 * choice.  'verbose' prints what happened to each kernel.
 */
static void
test_forced(const struct dispatch_row *r, int verbose)
{
	static unsigned char data[RACE_LEN], dst[RACE_LEN];
	const char *const best = r != NULL ? r->choice : NULL;
	uint16_t ref;
	size_t i;

	inetcsum_test_fill(data, sizeof(data));
	ref = inetcsum_ref_sum(data, RACE_LEN, 99);
	for (i = 0; i < inetcsum_num_kernels; i++) {
		const struct inetcsum_kernel *k = inetcsum_kernels[i];
		const char *before = inetcsum_impl_name();
		int supported = -1, ok;

		inetcsum_test_count();
		if (inetcsum_impl_get(i, &supported) != k->name ||
		    inetcsum_impl_get(i, NULL) != k->name)
			inetcsum_test_fail(k->name, "impl_get", i, 0, 0, NULL,
					   "wrong entry");
		ok = r != NULL ? row_supports(r, k->name) : supported;
		inetcsum_test_count();
		if (supported != ok)
			inetcsum_test_fail(k->name, "impl_get", i, 0, 0, NULL,
					   "supported flag %d, the table says "
					   "%d (%s)", supported, ok, r->cpu);
		if (!ok) {
			if (verbose)
				printf("kernel %s: unsupported here; "
				       "selecting it must fail\n", k->name);
			inetcsum_test_count();
			if (inetcsum_impl_select(k->name) != -1 ||
			    strcmp(inetcsum_impl_name(), before) != 0)
				inetcsum_test_fail(k->name, "impl_select", 0,
						   0, 0, NULL, "selected an "
						   "unsupported kernel");
			continue;
		}
		inetcsum_test_count();
		if (inetcsum_impl_select(k->name) != 0 ||
		    strcmp(inetcsum_impl_name(), k->name) != 0 ||
		    inetcsum_kernel_active() != k) {
			inetcsum_test_fail(k->name, "impl_select", 0, 0, 0,
					   NULL, "active kernel is %s",
					   inetcsum_impl_name());
			continue;
		}
		/*
		 * The public entry points now run exactly this kernel (its
		 * unfolded partial sums), and right.
		 */
		inetcsum_test_count();
		if (inetcsum_partial(data, RACE_LEN, 99) !=
		    k->partial(data, RACE_LEN, 99) ||
		    inetcsum_copy(dst, data, RACE_LEN, 99) !=
		    k->copy(dst, data, RACE_LEN, 99))
			inetcsum_test_fail(k->name, "forced", RACE_LEN, 0, 99,
					   data, "public API result differs "
					   "from the kernel's own");
		inetcsum_test_check_sum(k->name, "forced inetcsum_partial",
					data, RACE_LEN, 0, 99,
					inetcsum_partial(data, RACE_LEN, 99),
					ref);
		if (verbose)
			printf("kernel %s: selected and reached\n", k->name);
	}
	inetcsum_test_count();
	if (inetcsum_impl_get(inetcsum_num_kernels, NULL) != NULL)
		inetcsum_test_fail("-", "impl_get", inetcsum_num_kernels, 0, 0,
				   NULL, "no end of list");

	/* Unknown names fail and change nothing; NULL and "auto" pick best. */
	inetcsum_impl_select("generic");
	{
		static const char *const bad[] = { "no-such-kernel", "",
						   "AUTO", "generic " };
		const char *before = inetcsum_impl_name();

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			inetcsum_test_count();
			if (inetcsum_impl_select(bad[i]) != -1 ||
			    strcmp(inetcsum_impl_name(), before) != 0)
				inetcsum_test_fail(before, "impl_select", 0, 0,
						   0, NULL, "name \"%s\" was "
						   "accepted or changed the "
						   "kernel to %s", bad[i],
						   inetcsum_impl_name());
		}
	}
	if (best != NULL) {
		inetcsum_test_count();
		if (inetcsum_impl_select(NULL) != 0 ||
		    strcmp(inetcsum_impl_name(), best) != 0)
			inetcsum_test_fail(inetcsum_impl_name(),
					   "impl_select(NULL)", 0, 0, 0, NULL,
					   "expected %s (%s)", best, r->cpu);
		inetcsum_impl_select("generic");
		inetcsum_test_count();
		if (inetcsum_impl_select("auto") != 0 ||
		    strcmp(inetcsum_impl_name(), best) != 0)
			inetcsum_test_fail(inetcsum_impl_name(),
					   "impl_select(auto)", 0, 0, 0, NULL,
					   "expected %s (%s)", best, r->cpu);
	}
	inetcsum_test_count();
	if (strcmp(inetcsum_version(), INETCSUM_VERSION_STRING) != 0)
		inetcsum_test_fail("-", "version", 0, 0, 0, NULL, "%s != %s",
				   inetcsum_version(), INETCSUM_VERSION_STRING);
}

/*
 * This CPU's features with nothing masked.  A child probes them, since
 * the library caches its probe and the parent must not fill that cache
 * before it forks the rows' children, and sends them through a pipe.
 */
static u32
unmasked_features(void)
{
	u32 f = 0;
	int fd[2], status;
	pid_t pid;

	if (pipe(fd) != 0) {
		perror("pipe");
		exit(1);
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		unsetenv("INETCSUM_DISABLE_CPU_FEATURES");
		f = inetcsum_cpu_features();
		if (write(fd[1], &f, sizeof(f)) != (ssize_t)sizeof(f))
			_exit(1);
		_exit(0);
	}
	close(fd[1]);
	inetcsum_test_count();
	if (pid < 0 || read(fd[0], &f, sizeof(f)) != (ssize_t)sizeof(f) ||
	    waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		inetcsum_test_fail("-", "feature probe", 0, 0, 0, NULL,
				   "the probing child failed");
	close(fd[0]);
	return f;
}

/*
 * In a fresh child: mask every feature that 'child_row' lacks, set
 * INETCSUM_IMPL to 'impl' (NULL: unset), and judge the first call by the
 * table; without 'impl', also the supported flags and the selections.
 */
static void
child_in_row(const char *impl)
{
	const struct dispatch_row *r = child_row;
	const struct inetcsum_cpu_feature *f;
	const u32 want = row_bits(r);
	char mask[256] = "";
	size_t n = 0;
	u32 got;

	for (f = inetcsum_cpu_feature_table; f->name != NULL; f++) {
		if ((want & f->bit) == 0 && csum_bits(f->bit) != 0 &&
		    n < sizeof(mask))
			n += (size_t)snprintf(mask + n, sizeof(mask) - n,
					      "%s%s", n != 0 ? "," : "",
					      f->name);
	}
	setenv("INETCSUM_DISABLE_CPU_FEATURES", mask, 1);
	if (impl == NULL)
		unsetenv("INETCSUM_IMPL");
	else
		setenv("INETCSUM_IMPL", impl, 1);
	got = csum_bits(inetcsum_cpu_features());
	inetcsum_test_count();
	if (got != want) {
		inetcsum_test_fail("-", "feature mask", 0, 0, 0, NULL,
				   "features 0x%lx with \"%s\" masked; the "
				   "row \"%s\" has 0x%lx (were they probed "
				   "before the fork?)", (unsigned long)got,
				   mask, r->cpu, (unsigned long)want);
		return;
	}
	check_first_use(0);
	if (impl == NULL)
		test_forced(r, 0);
}

/*
 * Each row of the table that this CPU can pretend to be (masking only
 * removes features), in fresh children: the first call with INETCSUM_IMPL
 * unset, set to each registered kernel and to "auto", "" and an unknown
 * name; then the flags and selections.  A row that needs features this
 * CPU lacks is a skip; one whose choice the build leaves out does not
 * apply.
 */
static void
test_rows(void)
{
	static const char *const special[] = { "auto", "", "no-such-kernel" };
	const u32 real = unmasked_features();
	size_t i, j;

	for (i = 0; i < NUM_ROWS; i++) {
		const struct dispatch_row *r = &dispatch_rows[i];
		const u32 bits = row_bits(r);
		char what[160];

		snprintf(what, sizeof(what), "dispatch row \"%s\"", r->cpu);
		for (j = 0; j < i; j++) {
			inetcsum_test_count();
			if (row_bits(&dispatch_rows[j]) == bits)
				inetcsum_test_fail("-", "dispatch table", 0, 0,
						   0, NULL, "rows \"%s\" and "
						   "\"%s\" have the same "
						   "features", r->cpu,
						   dispatch_rows[j].cpu);
		}
#ifndef INETCSUM_TEST_SUPPORT
		/*
		 * The rows mask CPU features, which only a library built with
		 * INETCSUM_TEST_SUPPORT honours: elsewhere they are untested,
		 * and say so, rather than fail on a mask that cannot work.
		 */
		inetcsum_test_skip(what, "feature masking needs a build with "
				   "-DINETCSUM_TEST_SUPPORT=ON");
		continue;
#endif
		if (!built(r->choice)) {
			inetcsum_test_not_applicable(what, "this build leaves "
						     "out %s", r->choice);
			continue;
		}
		if ((bits & ~real) != 0) {
			inetcsum_test_cpu_lacks(what, bits & ~real);
			continue;
		}
		child_row = r;
		in_child(r->cpu, child_in_row, NULL);
		for (j = 0; j < inetcsum_num_kernels; j++)
			in_child(r->cpu, child_in_row,
				 inetcsum_kernels[j]->name);
		for (j = 0; j < sizeof(special) / sizeof(special[0]); j++)
			in_child(r->cpu, child_in_row, special[j]);
		printf("%s: judged (choice %s)\n", what, r->choice);
	}
	child_row = NULL;
}

int
main(int argc, char **argv)
{
	static const char *const special[] = { "auto", "", "no-such-kernel" };
	size_t i;

	if (argc > 1 && strcmp(argv[1], "--list-features") == 0) {
		const struct inetcsum_cpu_feature *f;

		for (f = inetcsum_cpu_feature_table; f->name != NULL; f++)
			printf("%s\n", f->name);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--print-kernel") == 0) {
		u32 features = inetcsum_cpu_features();

		printf("%s (supported:", inetcsum_impl_name());
		for (i = 0; i < inetcsum_num_kernels; i++) {
			if (inetcsum_kernel_supported(inetcsum_kernels[i],
						      features))
				printf(" %s", inetcsum_kernels[i]->name);
		}
		printf(")\n");
		return 0;
	}
	inetcsum_test_init("test_dispatch");
	if (argc > 1 && strcmp(argv[1], "--first-use") == 0) {
		check_first_use(1);
		return inetcsum_test_finish();
	}
	if (argc > 1) {
		fprintf(stderr, "usage: test_dispatch [--first-use | "
			"--print-kernel | --list-features]\n");
		return 2;
	}
	/*
	 * The table first: its children mask features, which works only
	 * while no probe of this process is cached for them to inherit.
	 */
	test_registry();
	test_rows();
	/* First use, in fresh children: the inherited setting, then each. */
	in_child("first use", child_env, getenv("INETCSUM_IMPL"));
	for (i = 0; i < inetcsum_num_kernels; i++)
		in_child("first use", child_env, inetcsum_kernels[i]->name);
	for (i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		in_child("first use", child_env, special[i]);
	for (i = 0; i < RACE_ROUNDS; i++)
		in_child("first-call race", child_race, NULL);
	test_forced(current_row(1), 1);
	test_select_while_running();
	return inetcsum_test_finish();
}
