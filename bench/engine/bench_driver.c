/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_driver.c - the run of "inetcsum bench": machine
 * description, buffers, the loop over cells, and the reports.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"	/* inetcsum_packet_tuning() */
#include "bench_batch.h"
#include "bench_lib.h"
#include "bench_cpu.h"
#include "bench_flush.h"
#include "bench_isa.h"
#include "bench_limits.h"
#include "bench_timer.h"
#include "bench_report.h"
#include "bench_driver.h"
#include "bench_run.h"

static void
describe_machine(struct bench_machine *m, const struct bench_config *cfg)
{
	memset(m, 0, sizeof(*m));
	inetcsum_bench_cpu_model(m->cpu, sizeof(m->cpu));
	/* The bench's own CPUID table: the library's bits are internal. */
	inetcsum_bench_isa_present(m->features, sizeof(m->features));
	/* The library's first choice (INETCSUM_IMPL honoured), then auto. */
	m->impl = inetcsum_impl_name();
	inetcsum_impl_select("auto");
	m->auto_impl = inetcsum_impl_name();
	m->version = inetcsum_version();
	/*
	 * 50 ms per interval keeps the rate's error below 1e-4 even if a
	 * clock_gettime() read is 5 us late (5 us / 50 ms); --quick accepts
	 * 5e-4 with 10 ms.
	 */
	m->tick_hz = inetcsum_bench_tick_hz(cfg->quick ? 10 : 50);
	m->timer_overhead = inetcsum_bench_timer_overhead();
	m->cold = inetcsum_bench_cold_describe(cfg->cold_method);
	m->rounds = cfg->rounds;
	m->target_us = cfg->target_us;
	inetcsum_bench_read_fn(&m->read_name);
	inetcsum_bench_copy_fn(&m->copy_name);
	if (cfg->peers)
		m->npeers = inetcsum_bench_peers(m->peers, BENCH_MAX_PEERS);
}

static void
print_header(const struct bench_machine *m, const struct bench_config *cfg,
	     struct cand *const *v, const size_t *nv)
{
	const char *name;
	size_t i, k;
	int sup;

	printf("inetcsum bench %s; kernel in use: %s (auto: %s)\n",
	       m->version, m->impl, m->auto_impl);
	printf("cpu: %s; features: %s\n", m->cpu,
	       m->features[0] ? m->features : "(none)");
	{
		struct inetcsum_tuning t;
		struct inetcsum_packet_tuning pt;

		inetcsum_tuning(&t);
		inetcsum_packet_tuning(&pt);
		printf("tuning: row \"%s\" from the %s: partial %s, copy %s, "
		       "prefetch %zu; GRO far segments %zu ahead, GSO payload "
		       "into %s\n", t.row, inetcsum_tuning_source(),
		       t.partial, t.copy, t.prefetch, pt.gro_far,
		       pt.gso_l2 ? "L2" : "L1");
	}
	printf("timer: %s, %.1f MHz%s; an empty interval costs %.0f ticks, "
	       "subtracted from cold calls\n", inetcsum_bench_timer_name,
	       m->tick_hz / 1e6,
	       strcmp(inetcsum_bench_timer_name, "rdtsc") == 0 ?
	       " (B/tick is bytes per TSC cycle, not per core cycle)" : "",
	       m->timer_overhead);
	printf("cold cache: %s", m->cold);
	if (cfg->cold_method == COLD_POOL)
		printf(" (%zu MiB)", cfg->pool_mib ? cfg->pool_mib :
		       inetcsum_bench_pool_bytes() >> 20);
	printf("\nkernels:");
	for (i = 0; (name = inetcsum_impl_get(i, &sup)) != NULL; i++)
		printf(" %s%s", name, sup ? "" : " (not supported here)");
	printf("\n  each made the kernel in use with inetcsum_impl_select() "
	       "and timed through\n  inetcsum_partial()/inetcsum_copy(), "
	       "dispatch included, as users call them\n");
	if (cfg->ops[OP_CRC32C]) {
		printf("crc32c kernels:");
		for (i = 0; (name = inetcsum_crc32c_impl_get(i, &sup)) != NULL;
		     i++)
			printf(" %s%s", name, sup ? "" : " (not supported here)");
		printf("\n  each selected with inetcsum_crc32c_impl_select() "
		       "and timed through\n  inetcsum_crc32c()\n");
	}
	for (i = 0; inetcsum_bench_lib(i) != NULL; i++) {
		const struct bench_lib *l = inetcsum_bench_lib(i);

		printf("prefetch build %ld: %s (libinetcsum %s)\n",
		       l->prefetch, l->path, l->version());
	}
	/*
	 * Every peer built in, with how it was compiled: its speed is what
	 * the compiler made of it under those flags.
	 */
	for (i = 0; i < m->npeers; i++) {
		const struct inetcsum_bench_peer *p = m->peers[i].peer;

		printf("peer %s: %s", p->name, p->what);
		if (p->max_len < SIZE_MAX)
			printf("; sizes above %zu bytes skipped (its API's "
			       "limit)", p->max_len);
		printf("\n  built with %s\n", p->flags);
		if (!m->peers[i].runs)
			printf("  NOT RUN: built for instructions this CPU "
			       "lacks: %s\n", m->peers[i].missing);
	}
	/* Baselines, each once, with the ops they take part in. */
	for (k = 0; k < OP_COUNT; k++) {
		for (i = 0; v[k] != NULL && i < nv[k]; i++) {
			const struct cand *c = &v[k][i];
			size_t kk, j, seen = 0;

			for (kk = 0; kk < k; kk++)
				for (j = 0; v[kk] != NULL && j < nv[kk]; j++)
					seen |= strcmp(v[kk][j].name,
						       c->name) == 0;
			if (seen || c->kind == K_KERNEL || c->kind == K_PEER)
				continue;
			if (c->kind == K_READ) {
				printf("baseline %s: streaming read of the "
				       "same bytes, no checksum (8 vector "
				       "accumulators: the read limit)",
				       c->name);
			} else if (c->kind == K_MEMCPY) {
				printf("baseline memcpy: %s memcpy",
				       inetcsum_bench_libc());
			} else if (c->kind == K_COPYLOOP) {
				printf("baseline %s: a plain vector copy loop "
				       "(the copy limit is the faster of it "
				       "and memcpy)", c->name);
			} else if (c->kind == K_MEMCPY_SUM) {
				printf("baseline memcpy+partial: memcpy, then "
				       "inetcsum_partial(%s) of the source",
				       m->auto_impl);
			} else if (c->kind == K_IPV4) {
				printf("ipv4_header: inetcsum_ipv4_header(); "
				       "kernel rows of ipv4 are "
				       "inetcsum_fold(inetcsum_partial())");
			} else if (c->kind == K_IPV4_INLINE) {
				printf("ipv4_header_inline: "
				       "inetcsum_ipv4_header_inline(), the "
				       "same sum inline from inetcsum.h");
			} else if (c->kind == K_IPFAST) {
				printf("baseline ip_fast_csum: an inline "
				       "add-with-carry header sum as OS "
				       "kernels write it (bench_ipfast.h)");
			} else {
				continue;
			}
			printf("\n");
		}
	}
	if (cfg->ops[OP_BATCH])
		inetcsum_bench_batch_describe(stdout, cfg, m->impl);
	printf("correct: every result is compared with a naive reference "
	       "sum (bench/engine/bench_ref.c), on random and on 0xff bytes\n");
	printf("rounds: %u per cell, hot samples of about %g us; ",
	       cfg->rounds, cfg->target_us);
	if (cfg->cpu >= 0)
		printf("pinned to CPU %d\n\n", cfg->cpu);
	else
		printf("not pinned (--cpu N pins)\n\n");
}

static int
find(struct cand *v, size_t n, const char *name, struct cand **out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (strcmp(v[i].name, name) == 0) {
			*out = &v[i];
			return 0;
		}
	}
	return -1;
}

/*
 * Buffers are page-aligned and the data starts 'offset' bytes in: offset
 * 0 is then also cache-line and vector aligned, 2 is an IP header behind
 * an Ethernet header, and the layout is the same in every run instead of
 * depending on where malloc() put the block.  The source is random bytes,
 * which make 32-bit accumulators overflow on long inputs as real data
 * does; 'ones' (0xff bytes) is the correctness check's worst case for
 * carries.  The destination has a spare page on each side, so that the
 * check can look at the bytes just outside it (bench_run.c).
 */
/*
 * Readable bytes after every input buffer: Linux's csum_partial() (the
 * "linux" peer) reads its last 1-7 bytes as one whole 8-byte word, as the
 * kernel may (load_unaligned_zeropad(), bench/peers/linux_shim/), and
 * must not fault when the input ends at the end of an allocation.
 */
#define BENCH_SLACK 64

static int
alloc_bufs(struct bench_bufs *b, const struct bench_config *cfg)
{
	size_t max = 60, maxoff = 0, i, bytes;
	long page = sysconf(_SC_PAGESIZE);
	uint64_t x = 0x9e3779b97f4a7c15u;

	if (page <= 0)
		page = 4096;
	for (i = 0; i < cfg->nsizes; i++)
		max = cfg->sizes[i] > max ? cfg->sizes[i] : max;
	for (i = 0; i < cfg->noffsets; i++)
		maxoff = cfg->offsets[i] > maxoff ? cfg->offsets[i] : maxoff;
	bytes = (max + maxoff + (size_t)page - 1) & ~((size_t)page - 1);
	if (posix_memalign((void **)&b->src, (size_t)page,
			   bytes + BENCH_SLACK) != 0 ||
	    posix_memalign((void **)&b->ones, (size_t)page,
			   bytes + BENCH_SLACK) != 0 ||
	    posix_memalign((void **)&b->dst_base, (size_t)page,
			   bytes + 2 * (size_t)page) != 0)
		return -1;
	b->dst = b->dst_base + page;
	memset(b->ones, 0xff, bytes + BENCH_SLACK);
	memset(b->src + bytes, 0, BENCH_SLACK);
	for (i = 0; i < bytes; i++) {
		/* xorshift64 (Marsaglia 2003): cheap, reproducible noise. */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		b->src[i] = (unsigned char)(x >> 32);
	}
	memset(b->dst, 0, bytes);
	if (cfg->cold && cfg->cold_method == COLD_POOL) {
		b->pool_bytes = cfg->pool_mib ? cfg->pool_mib << 20 :
				inetcsum_bench_pool_bytes();
		if (bytes * 8 > b->pool_bytes) {
			fprintf(stderr, "inetcsum bench: sizes up to %zu bytes "
				"need a pool of over %zu MiB for cold runs\n",
				max, b->pool_bytes >> 20);
			return -1;
		}
		b->pool = malloc(b->pool_bytes + BENCH_SLACK);
		if (b->pool == NULL)
			return -1;
		/* Written, so every page is really backed by memory. */
		memset(b->pool, 0x5a, b->pool_bytes + BENCH_SLACK);
	}
	return 0;
}

/* A header of 'size' bytes at 'p': IPv4, IHL from the size, checksum 0. */
static void
make_ipv4(unsigned char *p, size_t size)
{
	p[0] = (unsigned char)(0x40 | (size / 4));
	p[10] = p[11] = 0;
}

static void
write_outputs(const struct bench_config *cfg, const struct run *r,
	      const struct bench_machine *m, int *status)
{
	int rc;

	if (cfg->json != NULL &&
	    inetcsum_bench_write_json(cfg->json, r->res, r->nres, m) != 0) {
		fprintf(stderr, "inetcsum bench: %s: %s\n", cfg->json,
			strerror(errno));
		*status = 1;
	}
	if (cfg->csv != NULL &&
	    inetcsum_bench_write_csv(cfg->csv, r->res, r->nres, m) != 0) {
		fprintf(stderr, "inetcsum bench: %s: %s\n", cfg->csv,
			strerror(errno));
		*status = 1;
	}
	if (cfg->plot != NULL) {
		rc = inetcsum_bench_write_plot(cfg->plot, r->res, r->nres);
		if (rc == 1)
			printf("--plot: gnuplot is not installed, no plot "
			       "written (apt-get install gnuplot-nox)\n");
		else if (rc != 0) {
			fprintf(stderr, "inetcsum bench: plot %s failed\n",
				cfg->plot);
			*status = 1;
		} else {
			printf("plot written to %s\n", cfg->plot);
		}
	}
}

int
inetcsum_bench_run(const struct bench_config *cfg)
{
	struct bench_machine m;
	struct run r;
	struct cand *v[OP_COUNT] = { NULL }, *ab[OP_COUNT][2];
	size_t nv[OP_COUNT] = { 0 }, op, i, s, o;
	double t0 = inetcsum_bench_now_ns();
	int status = 0, cold;

	if (cfg->cpu >= 0 && inetcsum_bench_pin(cfg->cpu) != 0) {
		fprintf(stderr, "inetcsum bench: cannot pin to CPU %d: %s\n",
			cfg->cpu, strerror(errno));
		return 1;
	}
	if (cfg->prefetch_mode &&
	    inetcsum_bench_libs_open(cfg->prefetch_builds, cfg->dist,
				     cfg->ndist) != 0)
		return 1;
	describe_machine(&m, cfg);
	inetcsum_bench_timing_init(m.tick_hz, m.timer_overhead);
	memset(&r, 0, sizeof(r));
	r.cfg = cfg;
	r.tty = isatty(2);
	for (op = 0; op < OP_COUNT; op++) {
		if (!cfg->ops[op])
			continue;
		/* The batch op has candidates of its own (bench_batch.c). */
		if (op == OP_BATCH) {
			if (cfg->list)
				inetcsum_bench_batch_list(stdout, cfg);
			continue;
		}
		v[op] = calloc(inetcsum_bench_max_candidates(cfg),
			       sizeof(struct cand));
		if (v[op] == NULL)
			goto oom;
		nv[op] = inetcsum_bench_candidates(cfg, (enum bench_op)op,
						   v[op]);
		for (i = 0; i < nv[op]; i++) {
			v[op][i].samples = calloc(cfg->rounds, sizeof(double));
			if (v[op][i].samples == NULL)
				goto oom;
		}
		if (cfg->list) {
			printf("%s:", inetcsum_bench_op_names[op]);
			for (i = 0; i < nv[op]; i++)
				printf(" %s", v[op][i].name);
			printf("\n");
		}
		if (cfg->ab != NULL) {
			char a[64];
			size_t la = strcspn(cfg->ab, ",");

			snprintf(a, sizeof(a), "%.*s", (int)la, cfg->ab);
			if (find(v[op], nv[op], a, &ab[op][0]) != 0 ||
			    find(v[op], nv[op], cfg->ab + la + 1,
				 &ab[op][1]) != 0 || ab[op][0] == ab[op][1]) {
				fprintf(stderr, "inetcsum bench: --ab %s: not "
					"two different %s implementations "
					"(see --list)\n", cfg->ab,
					inetcsum_bench_op_names[op]);
				status = 2;
				goto out;
			}
		}
	}
	if (cfg->list) {
		const char *name;
		int sup;

		printf("kernels:");
		for (i = 0; (name = inetcsum_impl_get(i, &sup)) != NULL; i++)
			if (sup)
				printf(" %s", name);
		printf("\ncrc32c kernels:");
		for (i = 0; (name = inetcsum_crc32c_impl_get(i, &sup)) != NULL;
		     i++)
			if (sup)
				printf(" %s", name);
		printf("\n");
		goto out;
	}
	if (alloc_bufs(&r.b, cfg) != 0)
		goto oom;
	print_header(&m, cfg, v, nv);
	for (op = 0; op < OP_COUNT; op++) {
		size_t ns = op == OP_IPV4 ? cfg->nipv4_sizes : cfg->nsizes;

		if (v[op] != NULL && nv[op] > 0)
			r.ncells += ns * cfg->noffsets * (size_t)(cfg->hot +
								  cfg->cold);
	}
	if (cfg->ops[OP_BATCH])
		r.ncells += inetcsum_bench_batch_ncells(cfg);
	if (cfg->ab != NULL)
		printf("A/B: A = %.*s, B = %s; time ratio A/B per round "
		       "(below 1: A is faster); spread = (p90 - p10) / median"
		       "\n%-8s %8s %3s %-4s %10s %10s %7s %7s %7s %6s\n",
		       (int)strcspn(cfg->ab, ","), cfg->ab,
		       strchr(cfg->ab, ',') + 1, "op", "size", "off",
		       "mode", "A ns", "B ns", "median", "p10", "p90",
		       "spread");
	for (op = 0; op < OP_COUNT; op++) {
		const size_t *sizes = op == OP_IPV4 ? cfg->ipv4_sizes :
					  cfg->sizes;
		size_t ns = op == OP_IPV4 ? cfg->nipv4_sizes : cfg->nsizes;

		if (v[op] == NULL || nv[op] == 0)
			continue;
		for (s = 0; s < ns; s++) {
			for (o = 0; o < cfg->noffsets; o++) {
				if (op == OP_IPV4) {
					make_ipv4(r.b.src + cfg->offsets[o],
						  sizes[s]);
					make_ipv4(r.b.ones + cfg->offsets[o],
						  sizes[s]);
				}
				for (cold = 0; cold < 2; cold++) {
					int rc;

					if (!(cold ? cfg->cold : cfg->hot))
						continue;
					rc = cfg->ab != NULL ?
					     inetcsum_bench_ab_cell(&r,
						ab[op][0], ab[op][1],
						(enum bench_op)op, sizes[s],
						cfg->offsets[o], cold) :
					     inetcsum_bench_cell(&r, v[op],
						nv[op], (enum bench_op)op,
						sizes[s], cfg->offsets[o],
						cold);
					if (rc != 0)
						goto oom;
				}
			}
		}
	}
	if (cfg->ops[OP_BATCH] && inetcsum_bench_batch_run(&r, &m) != 0)
		goto oom;
	if (r.tty)
		fprintf(stderr, "\r\033[K");
	if (cfg->prefetch_mode)
		inetcsum_bench_print_prefetch(stdout, r.res, r.nres, cfg->dist,
					      cfg->ndist);
	else if (cfg->ab == NULL) {
		size_t other = 0;

		for (i = 0; i < r.nres; i++)
			other += r.res[i].op != OP_BATCH;
		for (i = 0; i < r.nres; i++)
			if (strcmp(r.res[i].impl, cfg->baseline) == 0)
				break;
		if (i == r.nres && other > 0)
			printf("note: baseline '%s' was not measured, so the "
			       "ratio column is empty (--baseline)\n\n",
			       cfg->baseline);
		inetcsum_bench_print_table(stdout, r.res, r.nres,
					   cfg->baseline, &m);
		inetcsum_bench_print_summary(stdout, r.res, r.nres);
		inetcsum_bench_print_batch(stdout, r.res, r.nres);
	}
	/*
	 * A wrong kernel or library function is a library bug; a wrong peer
	 * is only reported.
	 */
	for (i = 0; i < r.nres; i++)
		if (r.res[i].correct == 0)
			status = r.res[i].is_kernel || status == 1 ? 1 : 3;
	write_outputs(cfg, &r, &m, &status);
	printf("bench: %zu results in %.1f s%s\n", r.nres,
	       (inetcsum_bench_now_ns() - t0) / 1e9,
	       status == 1 ? "; a KERNEL or library function gave a wrong "
	       "result" :
	       status == 3 ? "; some peers gave WRONG results (marked)" : "");
	if (status == 3)
		status = 0;
	goto out;
oom:
	fprintf(stderr, "inetcsum bench: out of memory\n");
	status = 1;
out:
	for (op = 0; op < OP_COUNT; op++) {
		for (i = 0; v[op] != NULL && i < nv[op]; i++)
			free(v[op][i].samples);
		free(v[op]);
	}
	free(r.res);
	free(r.b.src);
	free(r.b.ones);
	free(r.b.dst_base);
	free(r.b.pool);
	return status;
}
