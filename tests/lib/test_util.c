/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/test_util.c - guard-paged buffers, the seeded random generator and
 * failure reporting shared by the test programs (see test_util.h).
 */
#define _GNU_SOURCE	/* MAP_ANONYMOUS on every libc */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "impl.h"
#include "ref_csum.h"
#include "test_util.h"

/* Stop after this many failures: the first few say all there is to say. */
#define MAX_FAILURES 25

static uint64_t seed, state;
static int quick;
static unsigned long checks, failures, skips;
static const char *prog = "test";

static size_t
page_size(void)
{
	long ps = sysconf(_SC_PAGESIZE);

	return ps > 0 ? (size_t)ps : 4096;
}

void
inetcsum_test_buf_alloc(struct inetcsum_test_buf *b, size_t cap)
{
	size_t ps = page_size();
	size_t body = (cap + ps - 1) / ps * ps;

	if (body == 0)
		body = ps;
	b->map_len = body + 2 * ps;
	b->map = mmap(NULL, b->map_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->map == MAP_FAILED) {
		perror("mmap");
		abort();
	}
	if (mprotect(b->map, ps, PROT_NONE) != 0 ||
	    mprotect(b->map + ps + body, ps, PROT_NONE) != 0) {
		perror("mprotect");
		abort();
	}
	b->data = b->map + ps;
	b->cap = body;
}

void
inetcsum_test_buf_free(struct inetcsum_test_buf *b)
{
	munmap(b->map, b->map_len);
	memset(b, 0, sizeof(*b));
}

/* A test asked for more room than it allocated: a bug in the test. */
static void
too_long(const struct inetcsum_test_buf *b, size_t gap, size_t len)
{
	fprintf(stderr, "%s: %zu + %zu bytes do not fit a guarded buffer of "
		"%zu\n", prog, gap, len, b->cap);
	abort();
}

unsigned char *
inetcsum_test_buf_head(const struct inetcsum_test_buf *b, size_t gap,
		       size_t len)
{
	if (gap + len > b->cap)
		too_long(b, gap, len);
	return b->data + gap;
}

unsigned char *
inetcsum_test_buf_tail(const struct inetcsum_test_buf *b, size_t gap,
		       size_t len)
{
	if (gap + len > b->cap)
		too_long(b, gap, len);
	return b->data + b->cap - gap - len;
}

static struct {
	const char *kernel, *op;
	size_t len, offset;
} ctx;
static struct sigaction old_segv, old_bus;

void
inetcsum_test_context(const char *kernel, const char *op, size_t len,
		      size_t offset)
{
	ctx.kernel = kernel;
	ctx.op = op;
	ctx.len = len;
	ctx.offset = offset;
}

/*
 * On SIGSEGV/SIGBUS, say which case was running, then put the previous
 * handler back and return: the faulting access runs again and that
 * handler (the default one, or a sanitizer's report) takes over.
 */
static void
on_fault(int sig)
{
	char msg[256];
	int n;

	if (ctx.kernel != NULL) {
		n = snprintf(msg, sizeof(msg), "CRASH %s: signal %d in kernel "
			     "%s, op %s, len %zu, offset %zu, seed %llu\n",
			     prog, sig, ctx.kernel, ctx.op, ctx.len,
			     ctx.offset, (unsigned long long)seed);
		if (n > 0 && write(2, msg, (size_t)n) < 0)
			n = 0;
	}
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
}

void
inetcsum_test_init(const char *program)
{
	const char *s = getenv("INETCSUM_TEST_SEED");
	const char *q = getenv("INETCSUM_TEST_QUICK");

	prog = program;
	if (s != NULL && *s != '\0')
		seed = strtoull(s, NULL, 0);
	else
		seed = (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
	state = seed;
	quick = q != NULL && strcmp(q, "1") == 0;
	{
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_fault;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGSEGV, &sa, &old_segv);
		sigaction(SIGBUS, &sa, &old_bus);
	}
	printf("%s: seed %llu (replay with INETCSUM_TEST_SEED=%llu)%s\n",
	       prog, (unsigned long long)seed, (unsigned long long)seed,
	       quick ? ", quick mode" : "");
	fflush(stdout);
}

uint64_t
inetcsum_test_seed(void)
{
	return seed;
}

int
inetcsum_test_quick(void)
{
	return quick;
}

uint64_t
inetcsum_test_rand64(void)
{
	/* splitmix64 (Steele, Lea and Flood, OOPSLA 2014): tiny and good. */
	uint64_t z = (state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint32_t
inetcsum_test_rand32(void)
{
	return (uint32_t)(inetcsum_test_rand64() >> 32);
}

size_t
inetcsum_test_rand_below(size_t n)
{
	return (size_t)(inetcsum_test_rand64() % n);
}

void
inetcsum_test_fill(void *p, size_t len)
{
	unsigned char *q = p;

	while (len >= 8) {
		uint64_t v = inetcsum_test_rand64();

		memcpy(q, &v, 8);
		q += 8;
		len -= 8;
	}
	if (len != 0) {
		uint64_t v = inetcsum_test_rand64();

		memcpy(q, &v, len);
	}
}

void
inetcsum_test_fail(const char *kernel, const char *op, size_t len,
		   size_t offset, uint32_t init, const void *data,
		   const char *fmt, ...)
{
	const unsigned char *d = data;
	va_list ap;
	size_t i;

	failures++;
	checks++;
	fflush(stdout);
	fprintf(stderr, "FAIL %s: kernel %s, op %s, len %zu, offset %zu, "
		"initial sum 0x%08lx, seed %llu: ", prog, kernel, op, len,
		offset, (unsigned long)init, (unsigned long long)seed);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (d != NULL) {
		fprintf(stderr, "\n  leading bytes:");
		for (i = 0; i < len && i < 16; i++)
			fprintf(stderr, " %02x", d[i]);
	}
	fputc('\n', stderr);
	if (failures >= MAX_FAILURES) {
		fprintf(stderr, "%s: %lu failures, giving up\n", prog,
			failures);
		exit(1);
	}
}

int
inetcsum_test_check_sum(const char *kernel, const char *op, const void *data,
			size_t len, size_t offset, uint32_t init, uint32_t got,
			uint16_t want)
{
	const uint16_t want_csum = (uint16_t)~want;
	const uint16_t got_csum = inetcsum_ref_fold(got);

	checks++;
	/*
	 * This one comparison enforces all three promises.  The reference
	 * fold maps a partial sum to the 16-bit value congruent to it modulo
	 * 0xffff that is 0 only for a zero sum, and 'want' is such a value
	 * too: equal folds therefore mean congruence modulo 0xffff and "0
	 * exactly when 'want' is 0".  Separate tests of those two, as there
	 * used to be, could never fail once the folds agree.  The message
	 * names the broken promise instead.
	 */
	if (got_csum == want_csum)
		return 0;
	inetcsum_test_fail(kernel, op, len, offset, init, data,
			   "partial 0x%08lx folds to 0x%04x, reference "
			   "checksum 0x%04x%s", (unsigned long)got, got_csum,
			   want_csum,
			   want == 0 ? " (the data and initial sum are all "
				       "zero: the partial must be 0)" :
			   got == 0 ? " (a zero partial, but the data and "
				      "initial sum are not all zero)" : "");
	return -1;
}

void
inetcsum_test_feature_names(uint32_t bits, char *out, size_t size)
{
	const struct inetcsum_cpu_feature *f;
	size_t n = 0;

	out[0] = '\0';
	for (f = inetcsum_cpu_feature_table; f->name != NULL; f++) {
		if ((bits & f->bit) != 0 && n < size) {
			n += (size_t)snprintf(out + n, size - n, "%s%s",
					      n != 0 ? " " : "", f->name);
			bits &= ~f->bit;
		}
	}
	/* Bits without a name would be a bug of the table: show them. */
	if (bits != 0 && n < size)
		snprintf(out + n, size - n, "%sbits 0x%lx", n != 0 ? " " : "",
			 (unsigned long)bits);
}

void
inetcsum_test_cpu_lacks(const char *what, uint32_t missing)
{
	const char *mask = getenv("INETCSUM_DISABLE_CPU_FEATURES");
	const char *ok = getenv("INETCSUM_TEST_UNSUPPORTED_OK");
	char names[256];

	inetcsum_test_feature_names(missing, names, sizeof(names));
	if (mask != NULL && *mask != '\0')
		inetcsum_test_not_applicable(what, "not supported by this CPU "
					     "(needs %s) with "
					     "INETCSUM_DISABLE_CPU_FEATURES=%s "
					     "(the unmasked run tests it)",
					     names, mask);
	else if (ok != NULL && strcmp(ok, "1") == 0)
		inetcsum_test_not_applicable(what, "not supported by this CPU "
					     "(needs %s); "
					     "INETCSUM_TEST_UNSUPPORTED_OK=1",
					     names);
	else
		inetcsum_test_skip(what, "not supported by this CPU (needs %s)",
				   names);
}

unsigned char *
inetcsum_test_buf_put(struct inetcsum_test_buf *b, size_t cap,
		      const void *src, size_t len)
{
	unsigned char *p;

	if (b->map == NULL)
		inetcsum_test_buf_alloc(b, cap);
	if (len > b->cap)
		abort();
	p = inetcsum_test_buf_tail(b, 0, len);
	if (len != 0)
		memcpy(p, src, len);
	return p;
}

size_t
inetcsum_test_each_kernel(void (*fn)(const struct inetcsum_kernel *k,
				     void *arg),
			  void *arg)
{
	uint32_t features = inetcsum_cpu_features();
	size_t i, ran = 0;

	for (i = 0; i < inetcsum_num_kernels; i++) {
		const struct inetcsum_kernel *k = inetcsum_kernels[i];

		if (!inetcsum_kernel_supported(k, features)) {
			char what[80];

			snprintf(what, sizeof(what), "kernel %s", k->name);
			inetcsum_test_cpu_lacks(what, k->features & ~features);
			continue;
		}
		inetcsum_test_count();
		if (inetcsum_impl_select(k->name) != 0 ||
		    strcmp(inetcsum_impl_name(), k->name) != 0) {
			inetcsum_test_fail(k->name, "inetcsum_impl_select", 0,
					   0, 0, NULL, "cannot select it "
					   "(active: %s)", inetcsum_impl_name());
			continue;
		}
		printf("kernel %s\n", k->name);
		fflush(stdout);
		fn(k, arg);
		ran++;
	}
	inetcsum_test_count();
	if (ran == 0)
		inetcsum_test_fail("-", "registry", 0, 0, 0, NULL,
				   "no kernel is supported");
	return ran;
}

void
inetcsum_test_skip(const char *what, const char *fmt, ...)
{
	va_list ap;

	skips++;
	fflush(stderr);
	printf("SKIP: %s: ", what);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void
inetcsum_test_not_applicable(const char *what, const char *fmt, ...)
{
	va_list ap;

	printf("%s: not applicable: ", what);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

unsigned long
inetcsum_test_skips(void)
{
	return skips;
}

int
inetcsum_test_in_child(int (*fn)(void *), void *arg)
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
		int rc = fn(arg);

		fflush(stdout);
		fflush(stderr);
		_exit(rc != 0);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 :
	       (status != 0 ? status : -1);
}

void
inetcsum_test_count(void)
{
	checks++;
}

unsigned long
inetcsum_test_failures(void)
{
	return failures;
}

int
inetcsum_test_finish(void)
{
	printf("%s: %lu checks, %lu failed, %lu skipped (seed %llu)\n", prog,
	       checks, failures, skips, (unsigned long long)seed);
	if (failures != 0)
		return 1;
	return skips != 0 ? 77 : 0;
}
