/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_bench.c - "inetcsum bench": checks and times every
 * kernel this CPU supports, the peers compiled in (bench/) and the
 * baselines, for the partial sum, the fused copy and the IPv4 header
 * checksum (and, when asked, the CRC32c kernels: --op crc32c), hot and
 * cold, and prints one comparison.  This file parses the
 * options; the engine that measures is bench/engine/ (the inetcsum_bench
 * library), entered through inetcsum_bench_run().
 *
 * Method.  The work is a list of cells (op x size x offset x regime); for
 * each cell every candidate is checked against a naive reference sum
 * (bench/engine/bench_ref.c, which shares no code with the library),
 * calibrated, and then timed in rounds: in round r every candidate gives
 * one sample, starting with candidate r (mod n), so slow drifts of the
 * shared machine's clock and load spread over all candidates alike instead
 * of favouring whichever ran first.  A hot sample is a batch of calls on
 * the same buffer, sized to about --target-us; a cold sample averages
 * single calls, each timed alone right after the buffer was evicted
 * (bench/engine/bench_flush.c, bench_timer.c), minus the timer's own cost.  A cell
 * reports the median over rounds, the fast end (10th percentile, the least
 * disturbed repetitions) and the spread (p90 - p10) / median.
 *
 * The batch op (bench/engine/bench_batch.c) times the batch functions
 * against loops of the per-call functions and a peer's per-packet loop,
 * per workload and batch size, with the same rounds and checks.
 *
 * Kernels are timed through the public API: inetcsum_impl_select() makes
 * one the kernel in use (outside the timed region) and the calls go through
 * inetcsum_partial()/inetcsum_copy(), dispatch included, as a user would
 * call them.  The prefetch sweep does the same in other builds of the
 * library, one per distance, loaded side by side (bench/engine/bench_lib.h;
 * bench/prefetch_sweep.sh makes the builds).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "bench_batch.h"	/* the engine: bench/engine/ */
#include "bench_cpu.h"
#include "bench_driver.h"
#include "bench_tune.h"

/* The default sizes: headers, small packets, MTUs, a page, jumbo, GSO. */
static const size_t default_sizes[] = { 20, 40, 64, 256, 576, 1448, 1500,
					4096, 9000, 65536, 1 << 20 };
/*
 * "--sizes fine": every 8 bytes from 8 to 128, where the short paths of
 * the kernels change, 20 (an IPv4 header), then packet sizes.  With it the
 * ipv4 op takes every header length, IHL 5 to 15.
 */
static const size_t fine_sizes[] = { 8, 16, 20, 24, 32, 40, 48, 56, 64, 72,
				     80, 88, 96, 104, 112, 120, 128, 256,
				     576, 1024, 1500 };
static const size_t fine_ipv4[] = { 20, 24, 28, 32, 36, 40, 44, 48, 52, 56,
				    60 };
/* The ipv4 op otherwise: no options, and the most. */
static const size_t default_ipv4[] = { 20, 60 };
/* Offset 2 is an IP header after a 14-byte Ethernet header. */
static const size_t default_offsets[] = { 0, 2 };
static const long default_prefetch[] = { 0, 64, 128, 256, 512, 1024, 2048,
					 4096 };

static void
usage(FILE *f)
{
	fprintf(f,
"usage: inetcsum bench [OPTIONS]\n"
"Checks and times every kernel, peer and baseline; see docs/bench.md.\n"
"  --op LIST          partial,copy,ipv4,batch (default: these four),\n"
"                     crc32c (the CRC32c kernels, only when named)\n"
"  --sizes LIST       bytes, K/M suffixes allowed (default: 20,40,64,256,\n"
"                     576,1448,1500,4096,9000,64K,1M); ipv4 uses 20 and 60;\n"
"                     the item 'fine' is 8,16,20,24,...,128 (every 8 B and\n"
"                     20),256,576,1024,1500, and ipv4 then every IHL 5..15\n"
"  --batch LIST       batch sizes of the batch op (default: 1,8,32,256)\n"
"  --offsets LIST     start offsets from a page boundary (default: 0,2)\n"
"  --cache LIST       hot,cold (default: both)\n"
"  --cold-method M    auto, flush or pool (default: auto)\n"
"  --pool-mib N       size of the cold pool (default: 4 x LLC, 64-512)\n"
"  --only LIST        time only these implementations (names as listed)\n"
"  --no-peers         leave out the other projects' code\n"
"  --baseline NAME    ratio column against NAME (default: generic)\n"
"  --rounds N         samples per cell (default: %u, --quick: %u)\n"
"  --target-us US     time per hot sample (default: %g, --quick: %g)\n"
"  --quick            a run of a few seconds\n"
"  --cpu N            pin to CPU N\n"
"  --prefetch [LIST]  compare builds of the library per prefetch distance\n"
"                     instead (default list: 0,64,128,256,512,1024,2048,\n"
"                     4096); run it with bench/prefetch_sweep.sh\n"
"  --prefetch-builds DIR  where those are: DIR/<distance>/libinetcsum.so\n"
"                     (default: build-prefetch)\n"
"  --ab A,B           alternate A and B and report the time ratio A/B\n"
"  --json FILE, --csv FILE, --plot FILE.svg   write the results\n"
"  --list             list the implementations and exit\n"
"  --tune             measure this CPU's kernels per operation and prefetch\n"
"                     distances and print the tuning-table row it would\n"
"                     want (src/tuning.c; --rounds, --quick, --cpu apply)\n",
		BENCH_ROUNDS, BENCH_QUICK_ROUNDS, BENCH_TARGET_US,
		BENCH_QUICK_TARGET_US);
}

/*
 * Parse "20,1500,64K,1M" into 'out' (at most 'max'); -1 on a bad item.
 * With 'fine' non-NULL, the item "fine" stands for fine_sizes[] and sets
 * *fine.
 */
static int
parse_sizes(const char *s, size_t *out, size_t max, size_t *n, int *fine)
{
	*n = 0;
	while (*s != '\0') {
		char *end;
		unsigned long long v;

		if (fine != NULL && strncmp(s, "fine", 4) == 0 &&
		    (s[4] == ',' || s[4] == '\0')) {
			size_t k, nf = sizeof(fine_sizes) /
				       sizeof(fine_sizes[0]);

			if (*n + nf > max)
				return -1;
			for (k = 0; k < nf; k++)
				out[(*n)++] = fine_sizes[k];
			*fine = 1;
			s += 4 + (s[4] == ',');
			continue;
		}
		errno = 0;
		v = strtoull(s, &end, 10);
		if (end == s || errno != 0 || *n == max)
			return -1;
		if (*end == 'K' || *end == 'k') {
			v <<= 10;
			end++;
		} else if (*end == 'M' || *end == 'm') {
			v <<= 20;
			end++;
		}
		if (strncmp(end, "iB", 2) == 0)
			end += 2;
		/* 1 GiB: far beyond any use, and safe from overflow. */
		if (v > ((size_t)1 << 30))
			return -1;
		out[(*n)++] = (size_t)v;
		if (*end == ',')
			end++;
		else if (*end != '\0')
			return -1;
		s = end;
	}
	return *n > 0 ? 0 : -1;
}

/* Is 'word' an item of the comma-separated 'list'? */
static int
in_list(const char *list, const char *word)
{
	size_t n = strlen(word);

	while (list != NULL && *list != '\0') {
		size_t m = strcspn(list, ",");

		if (m == n && strncmp(list, word, n) == 0)
			return 1;
		list += m;
		if (*list == ',')
			list++;
	}
	return 0;
}

static int
parse_ops(const char *s, int *ops)
{
	const char *p = s;
	int i, any = 0;

	for (i = 0; i < OP_COUNT; i++) {
		ops[i] = in_list(s, inetcsum_bench_op_names[i]);
		any |= ops[i];
	}
	/* Reject names that are not ops. */
	while (*p != '\0') {
		size_t m = strcspn(p, ",");
		int ok = 0;

		for (i = 0; i < OP_COUNT; i++)
			ok |= strlen(inetcsum_bench_op_names[i]) == m &&
			      strncmp(p, inetcsum_bench_op_names[i], m) == 0;
		if (!ok)
			return -1;
		p += m + (p[m] == ',');
	}
	return any ? 0 : -1;
}

int
cmd_bench(int argc, char **argv)
{
	struct bench_config cfg;
	size_t sizes[64], offsets[64], batches[64], tmp[64], n;
	long dist[64];
	int i, quick = 0, rounds = -1, ops_given = 0, fine = 0, tune = 0;
	double target = -1;
	const char *cache = "hot,cold", *cold_method = "auto";

	memset(&cfg, 0, sizeof(cfg));
	cfg.ops[OP_PARTIAL] = cfg.ops[OP_COPY] = cfg.ops[OP_IPV4] = 1;
	cfg.ops[OP_BATCH] = 1;
	memcpy(batches, inetcsum_bench_batch_default,
	       inetcsum_bench_batch_ndefault * sizeof(size_t));
	cfg.batches = batches;
	cfg.nbatches = inetcsum_bench_batch_ndefault;
	memcpy(sizes, default_sizes, sizeof(default_sizes));
	cfg.nsizes = sizeof(default_sizes) / sizeof(default_sizes[0]);
	memcpy(offsets, default_offsets, sizeof(default_offsets));
	cfg.noffsets = sizeof(default_offsets) / sizeof(default_offsets[0]);
	cfg.sizes = sizes;
	cfg.offsets = offsets;
	cfg.baseline = "generic";
	cfg.cpu = -1;
	cfg.peers = 1;
	cfg.dist = dist;
	cfg.prefetch_builds = "build-prefetch";

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		int takes = 1;

		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(a, "--quick") == 0) {
			quick = 1;
			takes = 0;
		} else if (strcmp(a, "--no-peers") == 0) {
			cfg.peers = 0;
			takes = 0;
		} else if (strcmp(a, "--list") == 0) {
			cfg.list = 1;
			takes = 0;
		} else if (strcmp(a, "--tune") == 0) {
			tune = 1;
			takes = 0;
		} else if (strcmp(a, "--prefetch") == 0) {
			cfg.prefetch_mode = 1;
			if (v == NULL || v[0] == '-') {
				memcpy(dist, default_prefetch,
				       sizeof(default_prefetch));
				cfg.ndist = sizeof(default_prefetch) /
					    sizeof(default_prefetch[0]);
				takes = 0;
			} else {
				size_t k;

				if (parse_sizes(v, tmp, 64, &n, NULL) != 0)
					goto bad;
				for (k = 0; k < n; k++)
					dist[k] = (long)tmp[k];
				cfg.ndist = n;
			}
		} else if (v == NULL) {
			fprintf(stderr, "inetcsum bench: unknown option or "
				"missing value: %s\n", a);
			usage(stderr);
			return 2;
		} else if (strcmp(a, "--op") == 0) {
			if (parse_ops(v, cfg.ops) != 0)
				goto bad;
			ops_given = 1;
		} else if (strcmp(a, "--sizes") == 0) {
			if (parse_sizes(v, sizes, 64, &cfg.nsizes, &fine) != 0)
				goto bad;
		} else if (strcmp(a, "--offsets") == 0) {
			if (parse_sizes(v, offsets, 64, &cfg.noffsets,
					NULL) != 0)
				goto bad;
			for (n = 0; n < cfg.noffsets; n++)
				if (offsets[n] >= 4096)
					goto bad;
		} else if (strcmp(a, "--batch") == 0) {
			if (parse_sizes(v, batches, 64, &cfg.nbatches,
					NULL) != 0)
				goto bad;
			for (n = 0; n < cfg.nbatches; n++)
				if (batches[n] < 1 ||
				    batches[n] > BENCH_BATCH_MAX)
					goto bad;
		} else if (strcmp(a, "--cache") == 0) {
			cache = v;
			if (!in_list(v, "hot") && !in_list(v, "cold"))
				goto bad;
		} else if (strcmp(a, "--cold-method") == 0) {
			cold_method = v;
		} else if (strcmp(a, "--pool-mib") == 0) {
			cfg.pool_mib = (size_t)atol(v);
			if (cfg.pool_mib < 1 || cfg.pool_mib > 65536)
				goto bad;
		} else if (strcmp(a, "--only") == 0) {
			cfg.only = v;
		} else if (strcmp(a, "--baseline") == 0) {
			cfg.baseline = v;
		} else if (strcmp(a, "--rounds") == 0) {
			rounds = atoi(v);
			if (rounds < 1 || rounds > 100000)
				goto bad;
		} else if (strcmp(a, "--target-us") == 0) {
			target = atof(v);
			if (!(target > 0 && target < 1e7))
				goto bad;
		} else if (strcmp(a, "--cpu") == 0) {
			cfg.cpu = atoi(v);
		} else if (strcmp(a, "--prefetch-builds") == 0) {
			cfg.prefetch_builds = v;
		} else if (strcmp(a, "--ab") == 0) {
			cfg.ab = v;
			if (strchr(v, ',') == NULL)
				goto bad;
		} else if (strcmp(a, "--json") == 0) {
			cfg.json = v;
		} else if (strcmp(a, "--csv") == 0) {
			cfg.csv = v;
		} else if (strcmp(a, "--plot") == 0) {
			cfg.plot = v;
		} else {
			fprintf(stderr, "inetcsum bench: unknown option %s\n",
				a);
			usage(stderr);
			return 2;
		}
		i += takes;
		continue;
bad:
		fprintf(stderr, "inetcsum bench: bad value for %s: %s\n", a,
			v != NULL ? v : "(none)");
		return 2;
	}
	if (tune) {
		/* Its own cells and rounds: 201 by default, 21 quick. */
		if (cfg.cpu >= 0 && inetcsum_bench_pin(cfg.cpu) != 0)
			fprintf(stderr, "inetcsum bench: could not pin to CPU "
				"%d\n", cfg.cpu);
		return inetcsum_bench_tune(rounds > 0 ? (unsigned)rounds :
					   quick ? 21u : 201u, stdout, NULL);
	}
	cfg.hot = in_list(cache, "hot");
	cfg.cold = in_list(cache, "cold");
	if (strcmp(cold_method, "auto") == 0) {
		cfg.cold_method = inetcsum_bench_cold_default();
	} else if (strcmp(cold_method, "pool") == 0) {
		cfg.cold_method = COLD_POOL;
	} else if (strcmp(cold_method, "flush") == 0) {
		if (inetcsum_bench_cold_default() != COLD_FLUSH) {
			fprintf(stderr, "inetcsum bench: this CPU has no "
				"supported cache flush; use pool\n");
			return 2;
		}
		cfg.cold_method = COLD_FLUSH;
	} else {
		fprintf(stderr, "inetcsum bench: bad --cold-method %s\n",
			cold_method);
		return 2;
	}
	cfg.quick = quick;
	cfg.rounds = rounds > 0 ? (unsigned)rounds :
		     quick ? BENCH_QUICK_ROUNDS : BENCH_ROUNDS;
	cfg.target_us = target > 0 ? target :
			quick ? BENCH_QUICK_TARGET_US : BENCH_TARGET_US;
	if (fine) {
		cfg.ipv4_sizes = fine_ipv4;
		cfg.nipv4_sizes = sizeof(fine_ipv4) / sizeof(fine_ipv4[0]);
	} else {
		cfg.ipv4_sizes = default_ipv4;
		cfg.nipv4_sizes = sizeof(default_ipv4) /
				  sizeof(default_ipv4[0]);
	}
	/* A/B and the sweep measure the partial sum unless told otherwise. */
	if ((cfg.ab != NULL || cfg.prefetch_mode) && !ops_given) {
		cfg.ops[OP_COPY] = cfg.ops[OP_IPV4] = cfg.ops[OP_BATCH] = 0;
	}
	if ((cfg.ab != NULL || cfg.prefetch_mode) && cfg.ops[OP_BATCH]) {
		fprintf(stderr, "inetcsum bench: --ab and --prefetch do not "
			"take the batch op\n");
		return 2;
	}
	return inetcsum_bench_run(&cfg);
}
