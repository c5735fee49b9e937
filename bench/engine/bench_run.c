/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_run.c - the measurement behind "inetcsum bench":
 * the candidates (kernels, peers, baselines), their correctness check, the
 * calibrated and interleaved timing rounds, the prefetch sweep and the A/B
 * mode.  The method is described at the top of cmd_bench.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inetcsum.h"
#include "bench_lib.h"
#include "bench_flush.h"
#include "bench_isa.h"
#include "bench_limits.h"
#include "bench_stats.h"
#include "bench_timer.h"
#include "bench_report.h"
#include "bench_peers.h"
#include "bench_ref.h"
#include "bench_run.h"
#include "bench_ipfast.h"

static const struct inetcsum_bench_peer *const all_peers[] = {
#ifdef INETCSUM_HAVE_PEER_LINUX
	&inetcsum_peer_linux,
#endif
#ifdef INETCSUM_HAVE_PEER_DPDK
	&inetcsum_peer_dpdk,
#endif
#ifdef INETCSUM_HAVE_PEER_LWIP
	&inetcsum_peer_lwip,
#endif
#ifdef INETCSUM_HAVE_PEER_LIBNET
	&inetcsum_peer_libnet,
#endif
	NULL
};

static bench_read_fn read_fn;
static const char *read_name;
static bench_copy_fn copy_fn;
static const char *copy_name;
static double tick_ns;		/* nanoseconds per tick */
static double overhead;		/* ticks of an empty timed interval */

void
inetcsum_bench_timing_init(double hz, double overhead_ticks)
{
	read_fn = inetcsum_bench_read_fn(&read_name);
	copy_fn = inetcsum_bench_copy_fn(&copy_name);
	tick_ns = 1e9 / hz;
	overhead = overhead_ticks;
}

size_t
inetcsum_bench_peers(struct bench_peer_info *v, size_t max)
{
	size_t i, n = 0;

	for (i = 0; all_peers[i] != NULL && n < max; i++, n++) {
		v[n].peer = all_peers[i];
		v[n].runs = inetcsum_bench_isa_missing(all_peers[i]->isa,
						       v[n].missing,
						       sizeof(v[n].missing))
			    == 0;
	}
	return n;
}
/* Called through a volatile pointer, so the copy cannot be elided. */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;
static volatile uint64_t sink;

/* ---- timing -------------------------------------------------------------- */

/* Make 'c' the kernel in use (outside any timed interval). */
static void
prepare(const struct cand *c)
{
	if (c->kind == K_KERNEL)
		inetcsum_impl_select(c->name);
	else if (c->kind == K_PREFETCH)
		c->lib->impl_select(c->name);
	else if (c->kind == K_MEMCPY_SUM)
		inetcsum_impl_select("auto");
	else if (c->kind == K_CRC32C)
		inetcsum_crc32c_impl_select(c->name);
}

#define LOOP(expr)							\
	do {								\
		t0 = inetcsum_bench_ticks_start();			\
		for (i = 0; i < n; i++)					\
			acc += (expr);					\
		t1 = inetcsum_bench_ticks_stop();			\
	} while (0)

/*
 * Ticks for 'n' calls of 'c' on 'len' bytes.  The calls are independent
 * (throughput, as when a stack sums packet after packet); their results
 * are accumulated into a volatile sink so none can be dropped.
 */
static uint64_t
timed(const struct cand *c, enum bench_op op, void *dst, const void *src,
      size_t len, size_t n)
{
	uint64_t t0 = 0, t1 = 0, acc = 0;
	unsigned ihl = (unsigned)(len / 4);
	size_t i;

	switch (c->kind) {
	case K_KERNEL:
		if (op == OP_COPY)
			LOOP(inetcsum_copy(dst, src, len, 0));
		else if (op == OP_IPV4)
			LOOP(inetcsum_fold(inetcsum_partial(src, len, 0)));
		else
			LOOP(inetcsum_partial(src, len, 0));
		break;
	case K_PREFETCH:
		LOOP(c->lib->partial(src, len, 0));
		break;
	case K_PEER:
		if (op == OP_COPY)
			LOOP(c->peer->copy(dst, src, len));
		else if (op == OP_IPV4)
			LOOP(c->peer->ipv4(src));
		else
			LOOP(c->peer->csum(src, len));
		break;
	case K_READ:
		LOOP(read_fn(src, len));
		break;
	case K_MEMCPY:
		LOOP((uintptr_t)memcpy_fn(dst, src, len));
		break;
	case K_COPYLOOP:
		LOOP((uintptr_t)copy_fn(dst, src, len));
		break;
	case K_MEMCPY_SUM:
		LOOP(((void)memcpy_fn(dst, src, len),
		      inetcsum_partial(src, len, 0)));
		break;
	case K_IPV4:
		LOOP(inetcsum_ipv4_header(src, ihl));
		break;
	case K_IPV4_INLINE:
		LOOP(inetcsum_ipv4_header_inline(src, ihl));
		break;
	case K_IPFAST:
		LOOP(bench_ip_fast_csum(src, ihl));
		break;
	case K_CRC32C:
		LOOP(inetcsum_crc32c(0, src, len));
		break;
	}
	sink += acc;
	return t1 - t0;
}

/*
 * Next source and destination for a cold call under COLD_POOL: slots of
 * 'stride' bytes (whole pages, so no two buffers share a line or an
 * adjacent-line prefetch), used in rotation; the destination is half a
 * pool away.  After each call the source slot is read through once more,
 * so between two uses of a slot the whole pool, several times the
 * last-level cache (bench_flush.c), has been read: enough to evict it
 * even when the calls themselves touch only a line or two.
 */
static size_t
pool_next(struct bench_bufs *b, size_t offset, unsigned char **src,
	  unsigned char **dst)
{
	size_t s = b->next, d = (s + b->nslots / 2) % b->nslots;

	b->next = (s + 1) % b->nslots;
	*src = b->pool + s * b->stride + offset;
	*dst = b->pool + d * b->stride + offset;
	return s;
}

/* One cold sample of 'k' calls: ns per call, evicted before each call. */
static double
sample_cold(const struct cand *c, enum bench_op op, struct bench_bufs *b,
	    enum bench_cold_method m, size_t offset, size_t len, size_t k)
{
	double total = 0;
	size_t j, slot = 0;

	for (j = 0; j < k; j++) {
		unsigned char *src = b->src + offset, *dst = b->dst + offset;
		double t;

		if (m == COLD_POOL) {
			slot = pool_next(b, offset, &src, &dst);
		} else {
			inetcsum_bench_flush(src, len);
			if (op == OP_COPY)
				inetcsum_bench_flush(dst, len);
		}
		t = (double)timed(c, op, dst, src, len, 1) - overhead;
		total += t > 0 ? t : 0;
		if (m == COLD_POOL)
			sink += read_fn(b->pool + slot * b->stride, b->stride);
	}
	return total / (double)k * tick_ns;
}

static double
sample_hot(const struct cand *c, enum bench_op op, struct bench_bufs *b,
	   size_t offset, size_t len, size_t n)
{
	uint64_t t = timed(c, op, b->dst + offset, b->src + offset, len, n);

	return (double)t * tick_ns / (double)n;
}

/*
 * Calls per sample so that a sample takes about 'target_ns': hot, a batch
 * grown until it is long enough to extrapolate (this also warms up caches
 * and branch predictors); cold, as many evict-and-call steps as fit.
 */
static size_t
calibrate(const struct cand *c, enum bench_op op, struct bench_bufs *b,
	  int cold, enum bench_cold_method m, size_t offset, size_t len,
	  double target_ns)
{
	size_t n = 1;
	double t;
	int i;

	if (cold) {
		double t0 = inetcsum_bench_now_ns();

		sample_cold(c, op, b, m, offset, len, 1);
		t = inetcsum_bench_now_ns() - t0;
		n = t > 0 ? (size_t)(target_ns / t) : 1000;
		/* At most 1000 evictions: a sample stays near its target. */
		return n < 1 ? 1 : n > 1000 ? 1000 : n;
	}
	for (;;) {
		t = sample_hot(c, op, b, offset, len, n) * (double)n;
		if (t >= target_ns / 4 || n >= ((size_t)1 << 30))
			break;
		n *= t < target_ns / 64 ? 8 : 2;
	}
	/*
	 * The fastest of three batches: a batch that lost the CPU to another
	 * task would otherwise shrink every sample of this cell.
	 */
	for (i = 0; i < 2; i++) {
		double u = sample_hot(c, op, b, offset, len, n) * (double)n;

		t = u < t ? u : t;
	}
	t = (double)n * target_ns / (t > 1 ? t : 1);
	return t < 1 ? 1 : (size_t)t;
}

/* ---- correctness --------------------------------------------------------- */

/*
 * Every result is judged against bench_ref.c, never against a kernel: a
 * bug shared by every kernel (a common helper, inetcsum_fold()) or in the
 * portable kernel itself would otherwise pass as the truth.  Each candidate
 * is checked on two inputs of the cell's size and offset: the cell's random
 * bytes, and 0xff bytes, where every word addition carries, the sum is a
 * nonzero multiple of 0xffff (so the checksum must be 0x0000, never
 * 0xffff), and a 32-bit accumulator overflows at 128 KiB instead of about
 * 256 KiB.
 */
struct refs {
	uint16_t rnd, ones;	/* checksums of the two inputs */
	uint32_t crc_rnd, crc_ones;	/* their CRC32c (OP_CRC32C only) */
};

/* Bytes around a copy's destination that must stay untouched. */
#define GUARD 64
#define GUARD_BYTE 0xa5

static void
refs_of(struct refs *x, const struct bench_bufs *b, enum bench_op op,
	size_t off, size_t len)
{
	x->rnd = inetcsum_bench_ref_csum(b->src + off, len);
	x->ones = inetcsum_bench_ref_csum(b->ones + off, len);
	/* The bitwise CRC is slow: only for the cells that need it. */
	x->crc_rnd = x->crc_ones = 0;
	if (op == OP_CRC32C) {
		x->crc_rnd = inetcsum_bench_ref_crc32c(b->src + off, len);
		x->crc_ones = inetcsum_bench_ref_crc32c(b->ones + off, len);
	}
}

/*
 * The library promises the reference's value bit for bit (include/
 * inetcsum.h: a sum is 0 only for all-zero data).  A peer promises no more
 * than ones' complement arithmetic, in which 0x0000 and 0xffff are both
 * zero, so for a peer either is accepted.
 */
static int
same_csum(const struct cand *c, uint16_t got, uint16_t want)
{
	if (got == want)
		return 1;
	return c->kind == K_PEER && (got == 0 || got == 0xffff) &&
	       (want == 0 || want == 0xffff);
}

/*
 * 1 if [dst, dst + len) holds the bytes of 'src' and the GUARD bytes on
 * each side still hold GUARD_BYTE.  A plain byte loop: the check of a
 * copy must not itself rest on memcmp() or the code it checks.
 */
static int
copied_ok(const unsigned char *dst, const unsigned char *src, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (dst[i] != src[i])
			return 0;
	for (i = 1; i <= GUARD; i++)
		if (dst[-(ptrdiff_t)i] != GUARD_BYTE ||
		    dst[len + i - 1] != GUARD_BYTE)
			return 0;
	return 1;
}

/* 1 if 'c' gives 'want' (and a correct copy) for the 'len' bytes at 'src'. */
static int
check_one(const struct cand *c, enum bench_op op, unsigned char *dst,
	  const unsigned char *src, size_t len, uint16_t want)
{
	int copies = op == OP_COPY;
	uint16_t got = 0;

	if (copies)
		memset(dst - GUARD, GUARD_BYTE, len + 2 * GUARD);
	prepare(c);
	switch (c->kind) {
	case K_KERNEL:
		got = inetcsum_fold(op == OP_COPY ?
				    inetcsum_copy(dst, src, len, 0) :
				    inetcsum_partial(src, len, 0));
		break;
	case K_PREFETCH:
		got = inetcsum_fold(c->lib->partial(src, len, 0));
		break;
	case K_PEER:
		got = op == OP_COPY ? c->peer->copy(dst, src, len) :
		      op == OP_IPV4 ? c->peer->ipv4(src) :
				      c->peer->csum(src, len);
		break;
	case K_READ:
		return -1;	/* not a checksum */
	case K_MEMCPY:
		memcpy_fn(dst, src, len);
		return copied_ok(dst, src, len);
	case K_COPYLOOP:
		copy_fn(dst, src, len);
		return copied_ok(dst, src, len);
	case K_MEMCPY_SUM:
		memcpy_fn(dst, src, len);
		got = inetcsum_fold(inetcsum_partial(src, len, 0));
		break;
	case K_IPV4:
		got = inetcsum_ipv4_header(src, (unsigned)(len / 4));
		break;
	case K_IPV4_INLINE:
		got = inetcsum_ipv4_header_inline(src, (unsigned)(len / 4));
		break;
	case K_IPFAST:
		got = bench_ip_fast_csum(src, (unsigned)(len / 4));
		break;
	case K_CRC32C:
		return -1;	/* a CRC: check() judges it */
	}
	if (copies && !copied_ok(dst, src, len))
		return 0;
	return same_csum(c, got, want);
}

/* 1 if 'c' is right on both inputs of the cell, 0 if not, -1 unchecked. */
static int
check(const struct cand *c, enum bench_op op, struct bench_bufs *b,
      size_t off, size_t len, const struct refs *ref)
{
	int ok;

	if (c->kind == K_CRC32C) {
		prepare(c);
		return inetcsum_crc32c(0, b->src + off, len) == ref->crc_rnd &&
		       inetcsum_crc32c(0, b->ones + off, len) == ref->crc_ones;
	}
	ok = check_one(c, op, b->dst + off, b->src + off, len, ref->rnd);
	if (ok == 1)
		ok = check_one(c, op, b->dst + off, b->ones + off, len,
			       ref->ones);
	return ok;
}

/* ---- candidates ---------------------------------------------------------- */

/* Is 'word' an item of the comma-separated 'list'? */
static int
listed(const char *list, const char *word)
{
	size_t n = strlen(word);

	while (list != NULL && *list != '\0') {
		size_t m = strcspn(list, ",");

		if (m == n && strncmp(list, word, n) == 0)
			return 1;
		list += m + (list[m] == ',');
	}
	return 0;
}

static struct cand *
add(struct cand *v, size_t *n, const char *name, enum kind kind)
{
	struct cand *c = &v[(*n)++];

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->kind = kind;
	return c;
}

/*
 * One entry per kernel (per kernel and distance in the sweep), plus the
 * IPv4 function, the peers and three baselines at most (copy: memcpy, the
 * copy loop, memcpy+partial).
 */
size_t
inetcsum_bench_max_candidates(const struct bench_config *cfg)
{
	size_t kernels = 0, crc = 0, peers = 0;

	while (inetcsum_impl_get(kernels, NULL) != NULL)
		kernels++;
	while (inetcsum_crc32c_impl_get(crc, NULL) != NULL)
		crc++;
	if (crc > kernels)
		kernels = crc;
	while (all_peers[peers] != NULL)
		peers++;
	return kernels * (cfg->prefetch_mode ? cfg->ndist : 1) + peers + 6;
}

/* Does build 'l' have kernel 'name', and can this CPU run it there? */
static int
lib_has(const struct bench_lib *l, const char *name)
{
	const char *s;
	size_t i;
	int sup;

	for (i = 0; (s = l->impl_get(i, &sup)) != NULL; i++)
		if (strcmp(s, name) == 0)
			return sup;
	return 0;
}

/* See bench_run.h.  Kernels the CPU cannot run are left out. */
size_t
inetcsum_bench_candidates(const struct bench_config *cfg, enum bench_op op,
			  struct cand *v)
{
	const char *name;
	size_t i, n = 0;
	int sup;

	/*
	 * "auto": what a program that selects nothing gets, the tuning
	 * table's choice with all of its row (a kernel selected by name
	 * leaves out the row's kernel for large sums, docs/tuning.md).
	 */
	if (op == OP_CRC32C) {
		/* The CRC32c kernels the CPU runs, best first; no peers. */
		for (i = 0; (name = inetcsum_crc32c_impl_get(i, &sup)) != NULL;
		     i++)
			if (sup && !cfg->prefetch_mode)
				add(v, &n, name, K_CRC32C);
		goto filter;
	}
	if (!cfg->prefetch_mode && (op == OP_PARTIAL || op == OP_COPY))
		add(v, &n, "auto", K_KERNEL);
	for (i = 0; (name = inetcsum_impl_get(i, &sup)) != NULL; i++) {
		const struct bench_lib *l;
		size_t d;

		if (!sup)
			continue;
		if (!cfg->prefetch_mode) {
			add(v, &n, name, K_KERNEL);
			continue;
		}
		/* The sweep: this kernel in each build, one per distance. */
		if (op != OP_PARTIAL)
			continue;
		for (d = 0; (l = inetcsum_bench_lib(d)) != NULL; d++) {
			struct cand *c;

			if (!lib_has(l, name))
				continue;
			c = add(v, &n, name, K_PREFETCH);
			c->lib = l;
			c->prefetch = (size_t)l->prefetch;
		}
	}
	if (cfg->prefetch_mode)
		goto filter;
	if (op == OP_IPV4) {
		add(v, &n, "ipv4_header", K_IPV4);
		add(v, &n, "ipv4_header_inline", K_IPV4_INLINE);
		add(v, &n, "ip_fast_csum", K_IPFAST);
	}
	for (i = 0; cfg->peers && all_peers[i] != NULL; i++) {
		const struct inetcsum_bench_peer *p = all_peers[i];
		char missing[256];

		/* Built for instructions this CPU lacks: the header says so. */
		if (inetcsum_bench_isa_missing(p->isa, missing,
					       sizeof(missing)) != 0)
			continue;
		if ((op == OP_PARTIAL && p->csum) ||
		    (op == OP_COPY && p->copy) || (op == OP_IPV4 && p->ipv4))
			add(v, &n, p->name, K_PEER)->peer = p;
	}
	if (op == OP_PARTIAL)
		add(v, &n, read_name, K_READ);
	if (op == OP_COPY) {
		add(v, &n, "memcpy", K_MEMCPY);
		if (copy_fn != NULL)
			add(v, &n, copy_name, K_COPYLOOP);
		add(v, &n, "memcpy+partial", K_MEMCPY_SUM);
	}
filter:
	if (cfg->only != NULL) {
		size_t j = 0;

		for (i = 0; i < n; i++)
			if (listed(cfg->only, v[i].name))
				v[j++] = v[i];
		n = j;
	}
	return n;
}

/* ---- cells --------------------------------------------------------------- */

/*
 * A result's median, fast end (10th percentile) and spread from the 'm'
 * sorted samples at 'v'.
 */
static void
summarise(struct bench_result *x, const double *v, size_t m)
{
	x->ns = inetcsum_bench_pct(v, m, 0.5);
	x->ns_p10 = inetcsum_bench_pct(v, m, 0.1);
	x->spread = x->ns > 0 ? (inetcsum_bench_pct(v, m, 0.9) - x->ns_p10) /
				x->ns : 0;
}

static void
progress(struct run *r, enum bench_op op, size_t size, size_t off, int cold)
{
	r->cell++;
	if (r->tty)
		fprintf(stderr, "\rbench: %-7s %8zu B +%zu %-4s [%zu/%zu]  ",
			inetcsum_bench_op_names[op], size, off,
			cold ? "cold" : "hot", r->cell, r->ncells);
}

/* Slots of whole pages for this cell's size (see pool_next()). */
static void
pool_setup(struct run *r, size_t size, size_t off, int cold)
{
	if (cold && r->cfg->cold_method == COLD_POOL) {
		r->b.stride = (size + off + 4095) & ~(size_t)4095;
		r->b.nslots = r->b.pool_bytes / r->b.stride;
		r->b.next = 0;
	}
}

int
inetcsum_bench_push(struct run *r, const struct bench_result *x)
{
	if (r->nres == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 1024;
		struct bench_result *p = realloc(r->res, cap * sizeof(*p));

		if (p == NULL)
			return -1;
		r->res = p;
		r->cap = cap;
	}
	r->res[r->nres++] = *x;
	return 0;
}

int
inetcsum_bench_cell(struct run *r, struct cand *v, size_t nc, enum bench_op op,
	 size_t size, size_t off, int cold)
{
	const struct bench_config *cfg = r->cfg;
	double target = cfg->target_us * 1e3;
	struct refs ref;
	unsigned round;
	size_t i;

	progress(r, op, size, off, cold);
	pool_setup(r, size, off, cold);
	refs_of(&ref, &r->b, op, off, size);
	for (i = 0; i < nc; i++) {
		struct cand *c = &v[i];

		c->skip = c->kind == K_PEER && size > c->peer->max_len;
		if (c->skip)
			continue;
		c->correct = check(c, op, &r->b, off, size, &ref);
		prepare(c);
		c->n = calibrate(c, op, &r->b, cold, cfg->cold_method, off,
				 size, target);
	}
	for (round = 0; round < cfg->rounds; round++) {
		for (i = 0; i < nc; i++) {
			struct cand *c = &v[(i + round) % nc];

			if (c->skip)
				continue;
			prepare(c);
			c->samples[round] = cold ?
				sample_cold(c, op, &r->b, cfg->cold_method,
					    off, size, c->n) :
				sample_hot(c, op, &r->b, off, size, c->n);
		}
	}
	for (i = 0; i < nc; i++) {
		struct cand *c = &v[i];
		struct bench_result x;
		size_t m = cfg->rounds;

		if (c->skip)
			continue;
		inetcsum_bench_sort(c->samples, m);
		memset(&x, 0, sizeof(x));
		x.op = op;
		x.impl = c->name;
		x.size = size;
		x.offset = off;
		x.cold = cold;
		x.prefetch = c->kind == K_PREFETCH ? (long)c->prefetch : -1;
		summarise(&x, c->samples, m);
		x.correct = c->correct;
		x.is_kernel = c->kind == K_KERNEL || c->kind == K_PREFETCH ||
			      c->kind == K_IPV4 || c->kind == K_IPV4_INLINE ||
			      c->kind == K_CRC32C;
		if (inetcsum_bench_push(r, &x) != 0)
			return -1;
	}
	return 0;
}

/*
 * A/B: the two candidates take turns, sample by sample, eight pairs per
 * round with the order flipped each pair, so both see the same machine
 * state; each round yields the ratio of their times.  A hot sample is a
 * batch of about a sixteenth of the sample target, a cold sample one
 * evicted call.  The ratios' median and percentiles are printed; the
 * per-candidate medians also go to the results.
 */
int
inetcsum_bench_ab_cell(struct run *r, struct cand *a, struct cand *b,
		       enum bench_op op, size_t size, size_t off, int cold)
{
	const struct bench_config *cfg = r->cfg;
	enum { PAIRS = 8 };
	double target = cfg->target_us * 1e3 / (2 * PAIRS);
	double *ratio = malloc(cfg->rounds * sizeof(double));
	struct cand *c[2] = { a, b };
	struct refs ref;
	unsigned round, j, k;
	size_t m = cfg->rounds;
	double med, p10, p90;

	if (ratio == NULL)
		return -1;
	progress(r, op, size, off, cold);
	pool_setup(r, size, off, cold);
	refs_of(&ref, &r->b, op, off, size);
	for (k = 0; k < 2; k++) {
		c[k]->correct = check(c[k], op, &r->b, off, size, &ref);
		prepare(c[k]);
		c[k]->n = cold ? 1 : calibrate(c[k], op, &r->b, 0,
					       cfg->cold_method, off, size,
					       target);
	}
	for (round = 0; round < cfg->rounds; round++) {
		double t[2] = { 0, 0 };

		for (j = 0; j < 2 * PAIRS; j++) {
			k = (j ^ (j >> 1)) & 1;	/* A B, B A, A B, ... */
			prepare(c[k]);
			t[k] += cold ? sample_cold(c[k], op, &r->b,
						   cfg->cold_method, off,
						   size, 1) :
				       sample_hot(c[k], op, &r->b, off, size,
						  c[k]->n);
		}
		a->samples[round] = t[0] / PAIRS;
		b->samples[round] = t[1] / PAIRS;
		ratio[round] = t[1] > 0 ? t[0] / t[1] : 0;
	}
	inetcsum_bench_sort(ratio, m);
	for (k = 0; k < 2; k++)
		inetcsum_bench_sort(c[k]->samples, m);
	if (r->tty)
		fprintf(stderr, "\r\033[K");
	med = inetcsum_bench_pct(ratio, m, 0.5);
	p10 = inetcsum_bench_pct(ratio, m, 0.1);
	p90 = inetcsum_bench_pct(ratio, m, 0.9);
	printf("%-8s %8zu %3zu %-4s %10.2f %10.2f %7.3f %7.3f %7.3f "
	       "%5.1f%%%s\n",
	       inetcsum_bench_op_names[op], size, off, cold ? "cold" : "hot",
	       inetcsum_bench_pct(a->samples, m, 0.5),
	       inetcsum_bench_pct(b->samples, m, 0.5), med, p10, p90,
	       med > 0 ? 100 * (p90 - p10) / med : 0,
	       a->correct == 0 || b->correct == 0 ? "  WRONG RESULT" : "");
	for (k = 0; k < 2; k++) {
		struct bench_result x;

		memset(&x, 0, sizeof(x));
		x.op = op;
		x.impl = c[k]->name;
		x.size = size;
		x.offset = off;
		x.cold = cold;
		x.prefetch = -1;
		summarise(&x, c[k]->samples, m);
		x.correct = c[k]->correct;
		x.is_kernel = c[k]->kind == K_KERNEL;
		if (inetcsum_bench_push(r, &x) != 0) {
			free(ratio);
			return -1;
		}
	}
	free(ratio);
	return 0;
}
