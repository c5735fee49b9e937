/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_tune.c - "inetcsum tune": measure this CPU (the bench
 * engine's --tune questions, bench/engine/bench_tune.c and
 * bench_tune_packet.c) and save the answer
 * as a tuning record (inetcsum_tuning_export()) where the library reads it
 * at the first call of every later process: $INETCSUM_TUNING, else the
 * per-user cache file, or with --system the system file.
 *
 * The record is written to a temporary file beside its destination and
 * renamed over it, so a reader sees the old record or the new one, never
 * half of one, and an interrupted run leaves the old record in place.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "inetcsum.h"
#include "bench_cpu.h"	/* the engine: bench/engine/ */
#include "bench_tune.h"
#include "commands.h"

#define SYSTEM_RECORD "/etc/inetcsum/tuning"

static void
usage(FILE *f)
{
	fprintf(f,
"usage: inetcsum tune [OPTIONS]\n"
"Measures which kernel this CPU should use for inetcsum_partial() and for\n"
"inetcsum_copy(), the prefetch distance, and the packet layer's prefetch\n"
"(GRO's far segments, GSO's cache level; a few seconds), and saves them as\n"
"a tuning record that the library reads at the first call of every later\n"
"process (docs/tuning.md).\n"
"  --output PATH   where to write (default: $INETCSUM_TUNING, else\n"
"                  $XDG_CACHE_HOME/inetcsum/tuning or ~/.cache/inetcsum/tuning)\n"
"  --system        write the system-wide record, " SYSTEM_RECORD "\n"
"  --dry-run       measure and print the record, write nothing\n"
"  --rounds N      samples per cell (default 201)\n"
"  --quick         21 rounds: a smoke run, too short to decide anything\n"
"  --cpu N         pin to CPU N while measuring\n");
}

/* mkdir -p of the folders above 'path'. */
static int
make_parents(const char *path)
{
	char d[1024];
	size_t i;

	if (strlen(path) >= sizeof(d))
		return -1;
	strcpy(d, path);
	for (i = 1; d[i] != '\0'; i++) {
		if (d[i] != '/')
			continue;
		d[i] = '\0';
		if (mkdir(d, 0755) != 0 && errno != EEXIST)
			return -1;
		d[i] = '/';
	}
	return 0;
}

static int
default_path(char *out, size_t cap)
{
	const char *e = getenv("INETCSUM_TUNING");
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	int n;

	if (e != NULL && e[0] != '\0' && strcmp(e, "none") != 0)
		n = snprintf(out, cap, "%s", e);
	else if (x != NULL && x[0] == '/')
		n = snprintf(out, cap, "%s/inetcsum/tuning", x);
	else if (h != NULL && h[0] == '/')
		n = snprintf(out, cap, "%s/.cache/inetcsum/tuning", h);
	else
		return -1;
	return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* Write 'n' bytes of 'rec' to 'path' through a temporary file and rename. */
static int
save(const char *path, const char *rec, size_t n)
{
	char tmp[1100];
	FILE *f;
	int ok;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >=
	    (int)sizeof(tmp) || make_parents(path) != 0) {
		fprintf(stderr, "inetcsum tune: %s: cannot create its folder: "
			"%s\n", path, strerror(errno));
		return -1;
	}
	f = fopen(tmp, "wb");
	if (f == NULL) {
		fprintf(stderr, "inetcsum tune: %s: %s\n", tmp,
			strerror(errno));
		return -1;
	}
	ok = fwrite(rec, 1, n, f) == n;
	ok = fflush(f) == 0 && ok;
	ok = fsync(fileno(f)) == 0 && ok;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		fprintf(stderr, "inetcsum tune: writing %s: %s\n", path,
			strerror(errno));
		remove(tmp);
		return -1;
	}
	return 0;
}

int
cmd_tune(int argc, char **argv)
{
	struct inetcsum_bench_tune_choice c;
	const char *out = NULL;
	char path[1024], rec[1024], note[200], date[32];
	unsigned rounds = 201;
	int i, dry = 0, cpu = -1, n;
	time_t now = time(NULL);

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--output") == 0 && i + 1 < argc) {
			out = argv[++i];
		} else if (strcmp(a, "--system") == 0) {
			out = SYSTEM_RECORD;
		} else if (strcmp(a, "--dry-run") == 0) {
			dry = 1;
		} else if (strcmp(a, "--quick") == 0) {
			rounds = 21;
		} else if (strcmp(a, "--rounds") == 0 && i + 1 < argc) {
			char *end;
			long v = strtol(argv[++i], &end, 10);

			if (*end != '\0' || v < 3 || v > 100001) {
				fprintf(stderr, "inetcsum tune: bad --rounds "
					"%s\n", argv[i]);
				return 2;
			}
			rounds = (unsigned)v;
		} else if (strcmp(a, "--cpu") == 0 && i + 1 < argc) {
			cpu = atoi(argv[++i]);
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "inetcsum tune: unknown option %s\n", a);
			usage(stderr);
			return 2;
		}
	}
	if (out == NULL && !dry) {
		if (default_path(path, sizeof(path)) != 0) {
			fprintf(stderr, "inetcsum tune: no HOME, "
				"XDG_CACHE_HOME or INETCSUM_TUNING to write "
				"to: give --output PATH\n");
			return 2;
		}
		out = path;
	}
	if (cpu >= 0 && inetcsum_bench_pin(cpu) != 0)
		fprintf(stderr, "inetcsum tune: could not pin to CPU %d\n",
			cpu);
	if (inetcsum_bench_tune(rounds, stdout, &c) != 0)
		return 1;
	strftime(date, sizeof(date), "%Y-%m-%d", gmtime(&now));
	snprintf(note, sizeof(note), "inetcsum tune, %s, %u rounds, "
		 "inetcsum %s", date, rounds, inetcsum_version());
	n = inetcsum_tuning_export(rec, sizeof(rec), c.partial, c.copy,
				   c.prefetch, note);
	if (n < 0) {
		fprintf(stderr, "inetcsum tune: the library refused the "
			"record (partial %s, copy %s)\n", c.partial, c.copy);
		return 1;
	}
	printf("\ntuning record:\n%s", rec);
	if (dry)
		return 0;
	if (save(out, rec, (size_t)n) != 0)
		return 1;
	printf("written to %s: the library uses it from the next process "
	       "on (inetcsum_tuning_source() says so)\n", out);
	return 0;
}
