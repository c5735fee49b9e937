/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_batch.c - the "batch" op of "inetcsum bench": the
 * batch functions of include/inetcsum.h against what an application
 * would write without them, per workload and batch size, hot and cold.
 *
 * Candidates, all with the batch functions' signature and all called
 * through a function pointer, once per batch (so each pays one indirect
 * call per batch, and the per-packet work is what differs):
 *   - the library's batch function: inetcsum_ipv4_header_batch() for the
 *     header workloads, inetcsum_partial_batch() for the buffer ones;
 *   - a loop of the per-call function (inetcsum_ipv4_header(h, h[0] & 15)
 *     or sums[i] = inetcsum_partial(base, len, sums[i])), written here as
 *     a user would write it;
 *   - a peer's per-packet loop (DPDK: rte_ipv4_cksum(), or
 *     sums[i] += rte_raw_cksum()), compiled in the peer's file with the
 *     peer's flags, so that its inline function is inlined into the loop
 *     as in a DPDK application (bench/peers/peer_dpdk.c).
 *
 * Packets.  Each packet sits PKT_OFF (14) bytes into a SLOT (2 KiB) of
 * its own, as a NIC's DMA puts an IPv4 header behind an Ethernet header
 * into a receive buffer: headers start 2 bytes past a 4-byte boundary, and
 * no two packets share a cache line.  A workload is a list of lengths, one
 * per packet, shuffled with a fixed seed so that a batch holds the mix in
 * an irregular order (exact proportions over the 256 packets of the hot
 * set); header lengths are written into each header's IHL.  The
 * descriptor arrays (pointers or iovecs, and the outputs) are always hot,
 * as a receive burst's mbuf array is.
 *
 * Hot: a sample repeats the batch call on the same n packets.  Cold, with
 * --cold-method flush (the default where the CPU can flush): every line of
 * every packet of the batch is flushed before each timed call.  With pool:
 * the batch takes the next n slots of the run's pool (several times the
 * last-level cache) in a random permutation, so no prefetcher can guess
 * the next packet from the last, and after the call each used slot is
 * read once more, so that the whole pool has been read before a slot comes
 * round again (as the other ops' pool does).  Either way each packet costs
 * a miss to memory; the pool also misses the TLB (4 KiB pages), which
 * flushing does not.  Cold calls are timed one at a time, minus the cost
 * of an empty interval.
 *
 * Correctness.  Before a cell is timed, every candidate runs on the cell's
 * first n packets twice, on random bytes and on 0xff bytes (a header's
 * byte 0 stays its version and IHL), and each result is compared with the
 * bench's naive reference (bench_ref.c) with an initial sum added by hand;
 * the library's partial_batch must also give inetcsum_partial()'s unfolded
 * value bit for bit, as include/inetcsum.h promises.  A peer may give
 * 0xffff for 0x0000 (both are zero in ones' complement).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "inetcsum.h"
#include "bench_batch.h"
#include "bench_peers.h"
#include "bench_flush.h"
#include "bench_limits.h"
#include "bench_stats.h"
#include "bench_timer.h"
#include "bench_ref.h"

#define SLOT 2048u
#define PKT_OFF 14u
/* Packets in the hot set (more when a batch is larger). */
#define HOT_MIN 256u

const size_t inetcsum_bench_batch_default[] = { 1, 8, 32, 256 };
const size_t inetcsum_bench_batch_ndefault =
	sizeof(inetcsum_bench_batch_default) /
	sizeof(inetcsum_bench_batch_default[0]);

enum fam { FAM_BUF, FAM_HDR };

/*
 * A workload: lengths with weights; 'range' instead means every length
 * from len[0] to len[1] equally often.
 */
struct workload {
	const char *name;
	enum fam fam;
	int range;
	unsigned len[3], weight[3];
	const char *what;
};

static const struct workload workloads[] = {
	{ "ipv4-20", FAM_HDR, 0, { 20 }, { 1 },
	  "20-byte IPv4 headers (IHL 5)" },
	{ "ipv4-20/24/60", FAM_HDR, 0, { 20, 24, 60 }, { 2, 1, 1 },
	  "IPv4 headers 20, 24 and 60 bytes in 2:1:1 (IHL 5, 6, 15)" },
	{ "40", FAM_BUF, 0, { 40 }, { 1 }, "40-byte buffers" },
	{ "64", FAM_BUF, 0, { 64 }, { 1 }, "64-byte buffers" },
	{ "40-64", FAM_BUF, 1, { 40, 64 }, { 0 },
	  "buffers of every length 40..64, odd ones included" },
	{ "imix", FAM_BUF, 0, { 64, 576, 1500 }, { 7, 4, 1 },
	  "IMIX-like: 64, 576 and 1500 bytes in 7:4:1" },
};
#define NWORK (sizeof(workloads) / sizeof(workloads[0]))

typedef void (*hdr_fn)(const void *const hdrs[], size_t n, uint16_t out[]);
typedef void (*buf_fn)(const struct inetcsum_iovec bufs[], size_t n,
		       uint32_t sums[]);

enum bkind { B_BATCH, B_LOOP, B_PEER, B_LIMIT };

struct bcand {
	const char *name[2];	/* by family: FAM_BUF, FAM_HDR */
	enum bkind kind;
	hdr_fn hdr;
	buf_fn buf;
	/* Per cell: */
	int skip;		/* --only left it out, or no function */
	size_t reps;		/* batch calls per sample */
	int correct;
	double *samples;	/* ns per packet, one per round */
	double *ratio;		/* time / the batch's time, per round */
};

#define MAX_BCAND (4 + BENCH_MAX_PEERS)

/* The loops an application writes without the batch functions. */
static void
hdr_loop(const void *const hdrs[], size_t n, uint16_t out[])
{
	size_t i;

	for (i = 0; i < n; i++) {
		const unsigned char *h = hdrs[i];

		out[i] = inetcsum_ipv4_header(h, h[0] & 15u);
	}
}

/*
 * What a forwarding loop writes when it wants no call per header: the
 * header sum inlined from inetcsum.h (issue 20: the batch judged against
 * the fastest loop, not only the out-of-line one).
 */
static void
hdr_inline_loop(const void *const hdrs[], size_t n, uint16_t out[])
{
	size_t i;

	for (i = 0; i < n; i++) {
		const unsigned char *h = hdrs[i];

		out[i] = inetcsum_ipv4_header_inline(h, h[0] & 15u);
	}
}

static void
buf_loop(const struct inetcsum_iovec bufs[], size_t n, uint32_t sums[])
{
	size_t i;

	for (i = 0; i < n; i++)
		sums[i] = inetcsum_partial(bufs[i].base, bufs[i].len, sums[i]);
}

/* Results point at the names, so they outlive the run of the op. */
static char peer_names[BENCH_MAX_PEERS][48];
static volatile uint64_t sink;

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

/*
 * The library's candidates (the batch, the loop, for headers also the
 * inline loop), then each runnable peer with loops.
 */
static size_t
candidates(const struct bench_config *cfg, struct bcand *v)
{
	struct bench_peer_info pi[BENCH_MAX_PEERS];
	const char *loads_name;
	size_t n = 0, np = 0, i;

	memset(v, 0, MAX_BCAND * sizeof(*v));
	v[n].name[FAM_BUF] = "partial_batch";
	v[n].name[FAM_HDR] = "ipv4_header_batch";
	v[n].kind = B_BATCH;
	v[n].hdr = inetcsum_ipv4_header_batch;
	v[n++].buf = inetcsum_partial_batch;
	v[n].name[FAM_BUF] = "partial_loop";
	v[n].name[FAM_HDR] = "ipv4_header_loop";
	v[n].kind = B_LOOP;
	v[n].hdr = hdr_loop;
	v[n++].buf = buf_loop;
	v[n].name[FAM_BUF] = "";	/* headers only: no buffer function */
	v[n].name[FAM_HDR] = "ipv4_header_inline_loop";
	v[n].kind = B_LOOP;
	v[n++].hdr = hdr_inline_loop;
	/* The load limit (bench_limits.h), under the names of its family. */
	v[n].name[FAM_BUF] = "partial_loads";
	v[n].name[FAM_HDR] = "ipv4_header_loads";
	v[n].kind = B_LIMIT;
	v[n].hdr = inetcsum_bench_hdr_loads_fn(&loads_name);
	v[n++].buf = inetcsum_bench_buf_loads_fn(&loads_name);
	if (cfg->peers)
		np = inetcsum_bench_peers(pi, BENCH_MAX_PEERS);
	for (i = 0; i < np; i++) {
		const struct inetcsum_bench_peer *p = pi[i].peer;

		if (!pi[i].runs ||
		    (p->ipv4_loop == NULL && p->csum_loop == NULL))
			continue;
		snprintf(peer_names[i], sizeof(peer_names[i]), "%s_loop",
			 p->name);
		v[n].name[FAM_BUF] = v[n].name[FAM_HDR] = peer_names[i];
		v[n].kind = B_PEER;
		v[n].hdr = p->ipv4_loop;
		v[n++].buf = p->csum_loop;
	}
	return n;
}

/* Left out of this family's cells: no function, or not in --only. */
static int
left_out(const struct bench_config *cfg, const struct bcand *c, enum fam f)
{
	if (f == FAM_HDR ? c->hdr == NULL : c->buf == NULL)
		return 1;
	return cfg->only != NULL && !listed(cfg->only, c->name[f]);
}

size_t
inetcsum_bench_batch_ncells(const struct bench_config *cfg)
{
	return NWORK * cfg->nbatches * (size_t)(cfg->hot + cfg->cold);
}

void
inetcsum_bench_batch_list(FILE *f, const struct bench_config *cfg)
{
	struct bcand v[MAX_BCAND];
	size_t n = candidates(cfg, v), i;
	int fam;

	fprintf(f, "batch:");
	for (fam = FAM_BUF; fam <= FAM_HDR; fam++)
		for (i = 0; i < n; i++)
			if (!left_out(cfg, &v[i], (enum fam)fam) &&
			    (fam == FAM_BUF || v[i].name[FAM_HDR] !=
					       v[i].name[FAM_BUF]))
				fprintf(f, " %s", v[i].name[fam]);
	fprintf(f, "\n");
}

void
inetcsum_bench_batch_describe(FILE *f, const struct bench_config *cfg,
			      const char *kernel)
{
	struct bcand v[MAX_BCAND];
	size_t n = candidates(cfg, v), i;

	fprintf(f, "batch: kernel in use %s; inetcsum_ipv4_header_batch() "
		"and inetcsum_partial_batch() against\n  a loop of "
		"inetcsum_ipv4_header()/inetcsum_partial() per packet, a "
		"loop of\n  inetcsum_ipv4_header_inline() for headers, the "
		"load limit (*_loads: each packet's\n  bytes loaded, one "
		"result stored, no checksum)",
		kernel);
	for (i = 0; i < n; i++)
		if (v[i].kind == B_PEER)
			fprintf(f, " and %s", v[i].name[FAM_BUF]);
	fprintf(f, " (per-packet loops in the\n  peer's file, its flags); "
		"batch sizes");
	for (i = 0; i < cfg->nbatches; i++)
		fprintf(f, "%s%zu", i ? "," : " ", cfg->batches[i]);
	fprintf(f, "; each packet %u bytes into a %u-byte slot of its own; "
		"ns per packet\n  workloads:", PKT_OFF, SLOT);
	for (i = 0; i < NWORK; i++)
		fprintf(f, "%s %s = %s", i ? ";" : "", workloads[i].name,
			workloads[i].what);
	fprintf(f, "\n  cold: %s\n", cfg->cold_method == COLD_POOL ?
		"each batch takes the next slots of the pool in a random "
		"permutation" : "every line of every packet flushed before "
		"each call");
}

/* ---- packets ------------------------------------------------------------- */

struct bset {
	unsigned char *hot;		/* nhot slots */
	size_t nhot;
	uint16_t *lens;			/* by position in the workload */
	const void **hdrs;		/* descriptors of one batch */
	struct inetcsum_iovec *iov;
	uint16_t *out;
	uint32_t *sums, *init;
	/* COLD_POOL: */
	unsigned char *pool;
	uint32_t *perm;			/* rotation order of the slots */
	size_t nslots, pos;
	bench_read_fn read;
	double tick_ns, overhead;
};

static uint64_t
xorshift(uint64_t *x)
{
	/* xorshift64 (Marsaglia 2003), as in bench_driver.c. */
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The workload's lengths for every position, in a fixed shuffled order. */
static void
make_lens(struct bset *s, const struct workload *w)
{
	uint64_t x = 0x2545f4914f6cdd1du;
	unsigned pattern[64], np = 0, k, j;
	size_t i;

	if (w->range) {
		for (k = w->len[0]; k <= w->len[1]; k++)
			pattern[np++] = k;
	} else {
		for (k = 0; k < 3 && w->weight[k] > 0; k++)
			for (j = 0; j < w->weight[k]; j++)
				pattern[np++] = w->len[k];
	}
	for (i = 0; i < s->nhot; i++)
		s->lens[i] = (uint16_t)pattern[i % np];
	for (i = s->nhot - 1; i > 0; i--) {
		size_t r = (size_t)(xorshift(&x) % (i + 1));
		uint16_t t = s->lens[i];

		s->lens[i] = s->lens[r];
		s->lens[r] = t;
	}
}

/*
 * Fill the first 'count' slots of the hot set with random bytes, or 0xff;
 * headers get their IHL byte.
 */
static void
fill_hot(struct bset *s, const struct workload *w, int ones, size_t count)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	size_t i, j;

	for (i = 0; i < count; i++) {
		unsigned char *p = s->hot + i * SLOT;

		for (j = 0; j < SLOT; j++)
			p[j] = ones ? 0xff :
				      (unsigned char)(xorshift(&x) >> 32);
		if (w->fam == FAM_HDR)
			p[PKT_OFF] = (unsigned char)(0x40 | s->lens[i] / 4);
	}
}

/* Descriptors of the first n packets of the hot set. */
static void
point_hot(struct bset *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		s->hdrs[i] = s->hot + i * SLOT + PKT_OFF;
		s->iov[i].base = s->hdrs[i];
		s->iov[i].len = s->lens[i];
		s->sums[i] = 0;
	}
}

/*
 * The pool's slots visited in a random order; position p of the rotation
 * is slot perm[p] and holds the workload's packet p mod nhot, so headers
 * get that packet's IHL byte here (the other bytes are the pool's own).
 */
static void
pool_prepare(struct bset *s, const struct workload *w)
{
	size_t p;

	s->pos = 0;
	if (s->pool == NULL || w->fam != FAM_HDR)
		return;
	for (p = 0; p < s->nslots; p++)
		s->pool[(size_t)s->perm[p] * SLOT + PKT_OFF] =
			(unsigned char)(0x40 | s->lens[p % s->nhot] / 4);
}

/* Descriptors of the next n packets of the pool's rotation. */
static void
point_pool(struct bset *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		size_t p = (s->pos + i) % s->nslots;

		s->hdrs[i] = s->pool + (size_t)s->perm[p] * SLOT + PKT_OFF;
		s->iov[i].base = s->hdrs[i];
		s->iov[i].len = s->lens[p % s->nhot];
	}
}

/* After a pool call: read the used slots through, then move on. */
static void
pool_done(struct bset *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		size_t p = (s->pos + i) % s->nslots;

		sink += s->read(s->pool + (size_t)s->perm[p] * SLOT, SLOT);
	}
	s->pos = (s->pos + n) % s->nslots;
}

/* Bytes of packet i as its function reads them. */
static size_t
entry_len(const struct bset *s, enum fam f, size_t i)
{
	return f == FAM_HDR ? 4u * (((const unsigned char *)s->hdrs[i])[0] &
				    15u) : s->iov[i].len;
}

/* ---- timing -------------------------------------------------------------- */

static uint64_t
timed(const struct bcand *c, enum fam f, struct bset *s, size_t n,
      size_t reps)
{
	uint64_t t0, t1;
	size_t k;

	if (f == FAM_HDR) {
		t0 = inetcsum_bench_ticks_start();
		for (k = 0; k < reps; k++)
			c->hdr(s->hdrs, n, s->out);
		t1 = inetcsum_bench_ticks_stop();
	} else {
		t0 = inetcsum_bench_ticks_start();
		for (k = 0; k < reps; k++)
			c->buf(s->iov, n, s->sums);
		t1 = inetcsum_bench_ticks_stop();
	}
	sink += s->out[0] + s->sums[0];
	return t1 - t0;
}

static double
sample_hot(const struct bcand *c, enum fam f, struct bset *s, size_t n,
	   size_t reps)
{
	return (double)timed(c, f, s, n, reps) * s->tick_ns /
	       (double)(reps * n);
}

/* 'k' batch calls, each on evicted packets and timed alone: ns/packet. */
static double
sample_cold(const struct bcand *c, enum fam f, struct bset *s,
	    enum bench_cold_method m, size_t n, size_t k)
{
	double total = 0;
	size_t j, i;

	for (j = 0; j < k; j++) {
		double t;

		if (m == COLD_POOL) {
			point_pool(s, n);
		} else {
			for (i = 0; i < n; i++)
				inetcsum_bench_flush(s->hdrs[i],
						     entry_len(s, f, i));
		}
		t = (double)timed(c, f, s, n, 1) - s->overhead;
		total += t > 0 ? t : 0;
		if (m == COLD_POOL)
			pool_done(s, n);
	}
	return total * s->tick_ns / (double)(k * n);
}

/* Calls per sample for about 'target_ns', as bench_run.c calibrates. */
static size_t
calibrate(const struct bcand *c, enum fam f, struct bset *s, int cold,
	  enum bench_cold_method m, size_t n, double target_ns)
{
	size_t reps = 1;
	double t;
	int i;

	if (cold) {
		double t0 = inetcsum_bench_now_ns();

		sample_cold(c, f, s, m, n, 1);
		t = inetcsum_bench_now_ns() - t0;
		reps = t > 0 ? (size_t)(target_ns / t) : 1000;
		return reps < 1 ? 1 : reps > 1000 ? 1000 : reps;
	}
	for (;;) {
		t = sample_hot(c, f, s, n, reps) * (double)(reps * n);
		if (t >= target_ns / 4 || reps >= ((size_t)1 << 30))
			break;
		reps *= t < target_ns / 64 ? 8 : 2;
	}
	for (i = 0; i < 2; i++) {
		double u = sample_hot(c, f, s, n, reps) * (double)(reps * n);

		t = u < t ? u : t;
	}
	t = (double)reps * target_ns / (t > 1 ? t : 1);
	return t < 1 ? 1 : (size_t)t;
}

/* ---- correctness --------------------------------------------------------- */

/* The checksum of a 32-bit partial sum: folded by hand, complemented. */
static uint16_t
csum_of(uint32_t sum)
{
	uint64_t t = sum;

	while (t >> 16)
		t = (t & 0xffff) + (t >> 16);
	return (uint16_t)~t;
}

/* The reference checksum of 'len' bytes at 'p' with 'init' added. */
static uint16_t
ref_with(const void *p, size_t len, uint32_t init)
{
	uint16_t data = (uint16_t)~inetcsum_bench_ref_csum(p, len);

	return csum_of(init + (uint32_t)data);
}

static int
same(const struct bcand *c, uint16_t got, uint16_t want)
{
	if (got == want)
		return 1;
	return c->kind == B_PEER && (got == 0 || got == 0xffff) &&
	       (want == 0 || want == 0xffff);
}

/*
 * 1 if 'c' is right for the first n packets of the hot set as it is now
 * filled.  Initial sums below 2^20 leave a 32-bit peer room to add into.
 */
static int
check_fill(const struct bcand *c, enum fam f, struct bset *s, size_t n)
{
	uint64_t x = 0x6a09e667f3bcc909u;
	size_t i;

	point_hot(s, n);
	for (i = 0; i < n; i++) {
		s->init[i] = (uint32_t)(xorshift(&x) & 0xfffff);
		s->sums[i] = s->init[i];
		s->out[i] = 0x5a5a;
	}
	if (f == FAM_HDR)
		c->hdr(s->hdrs, n, s->out);
	else
		c->buf(s->iov, n, s->sums);
	for (i = 0; i < n; i++) {
		size_t len = entry_len(s, f, i);

		if (f == FAM_HDR) {
			if (!same(c, s->out[i],
				  inetcsum_bench_ref_csum(s->hdrs[i], len)))
				return 0;
			continue;
		}
		if (!same(c, csum_of(s->sums[i]),
			  ref_with(s->hdrs[i], len, s->init[i])))
			return 0;
		/* The batch's promise: the per-call unfolded value. */
		if (c->kind == B_BATCH &&
		    s->sums[i] != inetcsum_partial(s->hdrs[i], len, s->init[i]))
			return 0;
	}
	return 1;
}

/* Both inputs, then the random bytes back for the timing. */
static int
check(const struct bcand *c, enum fam f, struct bset *s,
      const struct workload *w, size_t n)
{
	int ok;

	fill_hot(s, w, 1, n);
	ok = check_fill(c, f, s, n);
	fill_hot(s, w, 0, n);
	return ok && check_fill(c, f, s, n);
}

/* ---- cells --------------------------------------------------------------- */


static double
pct(const double *v, size_t n, double p)
{
	return v[(size_t)(p * (double)(n - 1) + 0.5)];
}

static int
cell(struct run *r, struct bcand *v, size_t nc, struct bset *s,
     const struct workload *w, size_t n, int cold)
{
	const struct bench_config *cfg = r->cfg;
	enum bench_cold_method m = cfg->cold_method;
	double target = cfg->target_us * 1e3;
	size_t i, bytes = 0, m_rounds = cfg->rounds;
	unsigned round;
	struct bcand *batch = NULL;

	r->cell++;
	if (r->tty)
		fprintf(stderr, "\rbench: batch %-13s n=%-4zu %-4s [%zu/%zu]  ",
			w->name, n, cold ? "cold" : "hot", r->cell, r->ncells);
	for (i = 0; i < nc; i++) {
		struct bcand *c = &v[i];

		c->skip = left_out(cfg, c, w->fam);
		if (c->skip)
			continue;
		if (c->kind == B_BATCH)
			batch = c;
		c->correct = c->kind == B_LIMIT ? -1 :
			     check(c, w->fam, s, w, n);
		point_hot(s, n);
		c->reps = calibrate(c, w->fam, s, cold, m, n, target);
	}
	for (round = 0; round < cfg->rounds; round++) {
		for (i = 0; i < nc; i++) {
			struct bcand *c = &v[(i + round) % nc];

			if (c->skip)
				continue;
			c->samples[round] = cold ?
				sample_cold(c, w->fam, s, m, n, c->reps) :
				sample_hot(c, w->fam, s, n, c->reps);
		}
		for (i = 0; i < nc; i++)
			if (!v[i].skip && batch != NULL)
				v[i].ratio[round] = batch->samples[round] > 0 ?
					v[i].samples[round] /
					batch->samples[round] : 0;
	}
	for (i = 0; i < n; i++)
		bytes += s->lens[i];
	for (i = 0; i < nc; i++) {
		struct bcand *c = &v[i];
		struct bench_result x;

		if (c->skip)
			continue;
		inetcsum_bench_sort(c->samples, m_rounds);
		inetcsum_bench_sort(c->ratio, m_rounds);
		memset(&x, 0, sizeof(x));
		x.op = OP_BATCH;
		x.impl = c->name[w->fam];
		x.workload = w->name;
		x.batch = n;
		x.size = (bytes + n / 2) / n;
		x.offset = PKT_OFF;
		x.cold = cold;
		x.prefetch = -1;
		x.ns = pct(c->samples, m_rounds, 0.5);
		x.ns_p10 = pct(c->samples, m_rounds, 0.1);
		x.spread = x.ns > 0 ? (pct(c->samples, m_rounds, 0.9) -
				       x.ns_p10) / x.ns : 0;
		x.ratio = batch != NULL ? pct(c->ratio, m_rounds, 0.5) : 0;
		x.correct = c->correct;
		/* The library's own code: a wrong result is a bug (exit 1). */
		x.is_kernel = c->kind == B_BATCH || c->kind == B_LOOP;
		if (inetcsum_bench_push(r, &x) != 0)
			return -1;
	}
	return 0;
}

int
inetcsum_bench_batch_run(struct run *r, const struct bench_machine *m)
{
	const struct bench_config *cfg = r->cfg;
	struct bcand v[MAX_BCAND];
	struct bset s;
	const char *read_name;
	size_t nc, i, b, w;
	int cold, rc = -1;

	memset(&s, 0, sizeof(s));
	nc = candidates(cfg, v);
	s.nhot = HOT_MIN;
	for (b = 0; b < cfg->nbatches; b++)
		s.nhot = cfg->batches[b] > s.nhot ? cfg->batches[b] : s.nhot;
	s.tick_ns = 1e9 / m->tick_hz;
	s.overhead = m->timer_overhead;
	s.read = inetcsum_bench_read_fn(&read_name);
	if (posix_memalign((void **)&s.hot, 4096, s.nhot * SLOT) != 0) {
		s.hot = NULL;
		goto out;
	}
	s.lens = calloc(s.nhot, sizeof(*s.lens));
	s.hdrs = calloc(s.nhot, sizeof(*s.hdrs));
	s.iov = calloc(s.nhot, sizeof(*s.iov));
	s.out = calloc(s.nhot, sizeof(*s.out));
	s.sums = calloc(s.nhot, sizeof(*s.sums));
	s.init = calloc(s.nhot, sizeof(*s.init));
	if (!s.lens || !s.hdrs || !s.iov || !s.out || !s.sums || !s.init)
		goto out;
	for (i = 0; i < nc; i++) {
		v[i].samples = calloc(cfg->rounds, sizeof(double));
		v[i].ratio = calloc(cfg->rounds, sizeof(double));
		if (v[i].samples == NULL || v[i].ratio == NULL)
			goto out;
	}
	if (cfg->cold && cfg->cold_method == COLD_POOL && r->b.pool != NULL) {
		uint64_t x = 0xbb67ae8584caa73bu;

		s.pool = r->b.pool;
		s.nslots = r->b.pool_bytes / SLOT;
		s.perm = malloc(s.nslots * sizeof(*s.perm));
		if (s.perm == NULL)
			goto out;
		for (i = 0; i < s.nslots; i++)
			s.perm[i] = (uint32_t)i;
		for (i = s.nslots - 1; i > 0; i--) {
			size_t j = (size_t)(xorshift(&x) % (i + 1));
			uint32_t t = s.perm[i];

			s.perm[i] = s.perm[j];
			s.perm[j] = t;
		}
	}
	inetcsum_impl_select(m->impl);
	for (w = 0; w < NWORK; w++) {
		make_lens(&s, &workloads[w]);
		fill_hot(&s, &workloads[w], 0, s.nhot);
		pool_prepare(&s, &workloads[w]);
		for (b = 0; b < cfg->nbatches; b++) {
			for (cold = 0; cold < 2; cold++) {
				if (!(cold ? cfg->cold : cfg->hot))
					continue;
				if (cell(r, v, nc, &s, &workloads[w],
					 cfg->batches[b], cold) != 0)
					goto out;
			}
		}
	}
	rc = 0;
out:
	for (i = 0; i < nc; i++) {
		free(v[i].samples);
		free(v[i].ratio);
	}
	free(s.hot);
	free(s.lens);
	free(s.hdrs);
	free(s.iov);
	free(s.out);
	free(s.sums);
	free(s.init);
	free(s.perm);
	return rc;
}
