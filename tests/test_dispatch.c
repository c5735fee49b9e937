/* SPDX-License-Identifier: MIT */
/*
 * tests/test_dispatch.c - the kernel choice: the first call picks the
 * kernel named by INETCSUM_IMPL (else the best one), racing first callers
 * agree, inetcsum_impl_select() reaches every supported kernel and leaves
 * the choice alone on failure, and inetcsum_impl_get() lists the registry.
 *
 *   test_dispatch               everything below; first-use cases run in
 *                               forked children, one per registered kernel
 *   test_dispatch --first-use   only check the first-use choice against the
 *                               inherited INETCSUM_IMPL (CTest sets it)
 *   test_dispatch --print-kernel  print the kernel the first call picks and
 *                               the supported kernels (for the suites)
 *   test_dispatch --list-features print the CPU feature names, one a line
 *
 * Kernel names are never written here: they come from the registry.
 */
#define _GNU_SOURCE	/* setenv, pthread barriers */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "impl.h"
#include "ref_csum.h"
#include "test_util.h"

/* Threads racing through the first call, and how many fresh processes try. */
#define RACE_THREADS 8
#define RACE_ROUNDS 4
/* Per-thread buffer: long enough to take every kernel's main loop. */
#define RACE_LEN 3001

/* The kernel a first call must pick under the current INETCSUM_IMPL. */
static const struct inetcsum_kernel *
expected_first_use(void)
{
	const char *env = getenv("INETCSUM_IMPL");
	u32 features = inetcsum_cpu_features();
	size_t i;

	if (env != NULL && *env != '\0' && strcmp(env, "auto") != 0) {
		const struct inetcsum_kernel *k = inetcsum_kernel_by_name(env);

		if (k != NULL && inetcsum_kernel_supported(k, features))
			return k;
	}
	/* Registry order is best first; "auto" takes the first supported. */
	for (i = 0; i < inetcsum_num_kernels; i++) {
		if (inetcsum_kernel_supported(inetcsum_kernels[i], features))
			return inetcsum_kernels[i];
	}
	return NULL;
}

/*
 * Must be the process's first use of the library: make a first call, then
 * check the kernel it picked and the answer it gave.
 */
static void
check_first_use(void)
{
	static unsigned char data[RACE_LEN];
	const struct inetcsum_kernel *want = expected_first_use();
	const char *env = getenv("INETCSUM_IMPL");
	uint32_t got;

	inetcsum_test_fill(data, sizeof(data));
	got = inetcsum_partial(data, sizeof(data), 7);
	inetcsum_test_check_sum(inetcsum_impl_name(), "first inetcsum_partial",
				data, sizeof(data), 0, 7, got,
				inetcsum_ref_sum(data, sizeof(data), 7));
	inetcsum_test_count();
	if (want == NULL || strcmp(inetcsum_impl_name(), want->name) != 0)
		inetcsum_test_fail(inetcsum_impl_name(), "first use", 0, 0, 0,
				   NULL, "INETCSUM_IMPL=%s picked %s, "
				   "expected %s", env ? env : "(unset)",
				   inetcsum_impl_name(),
				   want ? want->name : "(none supported)");
	else
		printf("INETCSUM_IMPL=%s: first use picked %s\n",
		       env ? env : "(unset)", inetcsum_impl_name());
}

/* Run 'fn' in a forked child (a fresh, unresolved dispatcher) and judge. */
static void
in_child(const char *what, void (*fn)(const char *), const char *arg)
{
	pid_t pid;
	int status;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid == 0) {
		fn(arg);
		fflush(stdout);
		_exit(inetcsum_test_failures() == 0 ? 0 : 1);
	}
	inetcsum_test_count();
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		inetcsum_test_fail("-", what, 0, 0, 0, NULL, "child (%s) "
				   "failed, status 0x%x", arg ? arg : "-",
				   status);
}

static void
child_env(const char *value)
{
	if (value == NULL)
		unsetenv("INETCSUM_IMPL");
	else
		setenv("INETCSUM_IMPL", value, 1);
	check_first_use();
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
	const struct inetcsum_kernel *want = expected_first_use();
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
		    want == NULL || strcmp(r[i].name, want->name) != 0)
			inetcsum_test_fail(r[i].name, "race", RACE_LEN, 0,
					   r[i].init, NULL, "bad copy, or "
					   "not the expected kernel %s",
					   want ? want->name : "-");
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

static void
test_forced(void)
{
	static unsigned char data[RACE_LEN], dst[RACE_LEN];
	u32 features = inetcsum_cpu_features();
	const struct inetcsum_kernel *best = NULL;
	size_t i;

	inetcsum_test_fill(data, sizeof(data));
	for (i = 0; i < inetcsum_num_kernels; i++) {
		const struct inetcsum_kernel *k = inetcsum_kernels[i];
		const char *before = inetcsum_impl_name();
		int ok = inetcsum_kernel_supported(k, features);
		int supported = -1;

		if (ok && best == NULL)
			best = k;
		inetcsum_test_count();
		if (inetcsum_impl_get(i, &supported) != k->name ||
		    supported != ok || inetcsum_impl_get(i, NULL) != k->name)
			inetcsum_test_fail(k->name, "impl_get", i, 0, 0, NULL,
					   "wrong entry or flag %d", supported);
		if (!ok) {
			printf("kernel %s: unsupported here; selecting it "
			       "must fail\n", k->name);
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
		/* The public entry points now run exactly this kernel. */
		inetcsum_test_count();
		if (inetcsum_partial(data, RACE_LEN, 99) !=
		    k->partial(data, RACE_LEN, 99) ||
		    inetcsum_copy(dst, data, RACE_LEN, 99) !=
		    k->copy(dst, data, RACE_LEN, 99))
			inetcsum_test_fail(k->name, "forced", RACE_LEN, 0, 99,
					   data, "public API result differs "
					   "from the kernel's own");
		printf("kernel %s: selected and reached\n", k->name);
	}
	inetcsum_test_count();
	if (inetcsum_impl_get(inetcsum_num_kernels, NULL) != NULL ||
	    best == NULL)
		inetcsum_test_fail("-", "impl_get", inetcsum_num_kernels, 0, 0,
				   NULL, "no end of list, or no kernel");
	if (best == NULL)
		return;

	/* Unknown names fail and change nothing; NULL and "auto" pick best. */
	inetcsum_impl_select(inetcsum_kernels[inetcsum_num_kernels - 1]->name);
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
	inetcsum_test_count();
	if (inetcsum_impl_select(NULL) != 0 ||
	    strcmp(inetcsum_impl_name(), best->name) != 0)
		inetcsum_test_fail(inetcsum_impl_name(), "impl_select(NULL)",
				   0, 0, 0, NULL, "expected %s", best->name);
	inetcsum_impl_select(inetcsum_kernels[inetcsum_num_kernels - 1]->name);
	inetcsum_test_count();
	if (inetcsum_impl_select("auto") != 0 ||
	    strcmp(inetcsum_impl_name(), best->name) != 0)
		inetcsum_test_fail(inetcsum_impl_name(), "impl_select(auto)",
				   0, 0, 0, NULL, "expected %s", best->name);
	inetcsum_test_count();
	if (strcmp(inetcsum_version(), INETCSUM_VERSION_STRING) != 0)
		inetcsum_test_fail("-", "version", 0, 0, 0, NULL, "%s != %s",
				   inetcsum_version(), INETCSUM_VERSION_STRING);
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
		check_first_use();
		return inetcsum_test_finish();
	}
	if (argc > 1) {
		fprintf(stderr, "usage: test_dispatch [--first-use | "
			"--print-kernel | --list-features]\n");
		return 2;
	}
	/* First use, in fresh children: the inherited setting, then each. */
	in_child("first use", child_env, getenv("INETCSUM_IMPL"));
	for (i = 0; i < inetcsum_num_kernels; i++)
		in_child("first use", child_env, inetcsum_kernels[i]->name);
	for (i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		in_child("first use", child_env, special[i]);
	for (i = 0; i < RACE_ROUNDS; i++)
		in_child("first-call race", child_race, NULL);
	test_forced();
	test_select_while_running();
	return inetcsum_test_finish();
}
