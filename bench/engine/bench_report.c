/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_report.c - the outputs of "inetcsum bench": the
 * readable table, the prefetch table, JSON, CSV and a gnuplot SVG.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_limits.h"
#include "bench_timer.h"
#include "bench_report.h"

const char *const inetcsum_bench_op_names[OP_COUNT] = {
	"partial", "copy", "ipv4", "crc32c", "batch"
};

/* GB/s with 1 GB = 1e9 bytes; bytes per ns is exactly that. */
double
inetcsum_bench_gbps(const struct bench_result *r)
{
	return r->ns > 0 ? (double)r->size / r->ns : 0;
}

double
inetcsum_bench_bytes_per_tick(const struct bench_result *r,
			      const struct bench_machine *m)
{
	double ticks = r->ns * m->tick_hz / 1e9;

	return ticks > 0 ? (double)r->size / ticks : 0;
}

/* Width of the implementation column: the longest name, at least 14. */
static int
impl_width(const struct bench_result *res, size_t n)
{
	size_t i, w = 14;

	for (i = 0; i < n; i++)
		w = strlen(res[i].impl) > w ? strlen(res[i].impl) : w;
	return (int)w;
}

static const char *
ok_text(int correct)
{
	return correct > 0 ? "yes" : correct == 0 ? "WRONG" : "-";
}

/* The baseline's result in the same cell as 'r', or NULL. */
static const struct bench_result *
baseline_of(const struct bench_result *res, size_t n,
	    const struct bench_result *r, const char *baseline)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct bench_result *b = &res[i];

		if (b->op == r->op && b->size == r->size &&
		    b->offset == r->offset && b->cold == r->cold &&
		    b->prefetch == r->prefetch &&
		    strcmp(b->impl, baseline) == 0)
			return b;
	}
	return NULL;
}

/*
 * One block per op and regime; within it the rows stay in measurement
 * order (size, offset, then candidates in registry order), so the same
 * implementation sits at the same place in every size group.
 */
void
inetcsum_bench_print_table(FILE *f, const struct bench_result *res,
			   size_t n, const char *baseline,
			   const struct bench_machine *m)
{
	int op, cold, w = impl_width(res, n);
	size_t i;

	/* The batch op has its own table (inetcsum_bench_print_batch()). */
	for (op = 0; op < OP_BATCH; op++) {
		for (cold = 0; cold < 2; cold++) {
			size_t last_size = (size_t)-1, last_off = 0;
			int any = 0;

			for (i = 0; i < n; i++) {
				const struct bench_result *r = &res[i];
				const struct bench_result *b;
				char ratio[16];

				if ((int)r->op != op || r->cold != cold)
					continue;
				if (!any) {
					fprintf(f, "== %s, %s == ratio: time "
						"of %s / time (above 1: "
						"faster than %s)\n",
						inetcsum_bench_op_names[op],
						cold ? "cold" : "hot",
						baseline, baseline);
					fprintf(f, "%8s %3s %-*s %9s %7s %6s "
						"%7s %6s %6s %5s\n", "size",
						"off", w, "impl", "ns/call",
						"GB/s", "B/tick", "p10GB/s",
						"spread", "ratio", "ok");
					any = 1;
				}
				if (r->size != last_size ||
				    r->offset != last_off)
					fprintf(f, "\n");
				last_size = r->size;
				last_off = r->offset;
				b = baseline_of(res, n, r, baseline);
				if (b != NULL && r->ns > 0)
					snprintf(ratio, sizeof(ratio), "%.2f",
						 b->ns / r->ns);
				else
					snprintf(ratio, sizeof(ratio), "-");
				fprintf(f, "%8zu %3zu %-*s %9.1f %7.2f %6.2f "
					"%7.2f %5.0f%% %6s %5s\n", r->size,
					r->offset, w, r->impl, r->ns,
					inetcsum_bench_gbps(r),
					inetcsum_bench_bytes_per_tick(r, m),
					r->ns_p10 > 0 ? (double)r->size /
					r->ns_p10 : 0, r->spread * 100,
					ratio, ok_text(r->correct));
			}
			if (any)
				fprintf(f, "\n");
		}
	}
}

/* Index of 'x' in the first 'n' entries of 'v', or n. */
static size_t
index_of(const size_t *v, size_t n, size_t x)
{
	size_t i;

	for (i = 0; i < n && v[i] != x; i++)
		;
	return i;
}

/*
 * The summary: per op and regime, one row per implementation and one
 * column per size, GB/s (median) at the first offset measured; "!" marks a
 * wrong result, "-" a size the implementation was not run at.
 */
void
inetcsum_bench_print_summary(FILE *f, const struct bench_result *res,
			     size_t n)
{
	size_t sizes[64], ns, i, j, k, off;
	const char *impls[64];
	size_t ni;
	int op, cold, w = impl_width(res, n);

	if (n == 0)
		return;
	off = res[0].offset;
	for (op = 0; op < OP_BATCH; op++) {
		for (cold = 0; cold < 2; cold++) {
			ns = ni = 0;
			for (i = 0; i < n; i++) {
				const struct bench_result *r = &res[i];

				if ((int)r->op != op || r->cold != cold ||
				    r->offset != off || r->prefetch >= 0)
					continue;
				if (index_of(sizes, ns, r->size) == ns &&
				    ns < 64)
					sizes[ns++] = r->size;
				for (j = 0; j < ni; j++)
					if (strcmp(impls[j], r->impl) == 0)
						break;
				if (j == ni && ni < 64)
					impls[ni++] = r->impl;
			}
			if (ni == 0)
				continue;
			fprintf(f, "summary: %s, %s, offset %zu, GB/s "
				"(! = wrong result)\n%-*s",
				inetcsum_bench_op_names[op],
				cold ? "cold" : "hot", off, w,
				"impl \\ size");
			for (k = 0; k < ns; k++)
				fprintf(f, " %7zu", sizes[k]);
			fprintf(f, "\n");
			for (j = 0; j < ni; j++) {
				char cells[64][16];

				for (k = 0; k < ns; k++)
					snprintf(cells[k], sizeof(cells[k]),
						 "-");
				for (i = 0; i < n; i++) {
					const struct bench_result *r = &res[i];

					if ((int)r->op != op ||
					    r->cold != cold ||
					    r->offset != off ||
					    r->prefetch >= 0 ||
					    strcmp(r->impl, impls[j]) != 0)
						continue;
					k = index_of(sizes, ns, r->size);
					snprintf(cells[k], sizeof(cells[k]),
						 "%.2f%s",
						 inetcsum_bench_gbps(r),
						 r->correct == 0 ? "!" : "");
				}
				fprintf(f, "%-*s", w, impls[j]);
				for (k = 0; k < ns; k++)
					fprintf(f, " %7s", cells[k]);
				fprintf(f, "\n");
			}
			fprintf(f, "\n");
		}
	}
}

/* Column width for an implementation's name: at least 'min'. */
static int
col(const char *name, size_t min)
{
	return (int)(strlen(name) > min ? strlen(name) : min);
}

static int
is_hdr(const struct bench_result *r)
{
	return strncmp(r->workload, "ipv4", 4) == 0;
}

static int
same_batch_cell(const struct bench_result *a, const struct bench_result *b)
{
	return a->op == OP_BATCH && b->op == OP_BATCH && a->cold == b->cold &&
	       a->batch == b->batch && strcmp(a->workload, b->workload) == 0;
}

/* One summary block: the cells of one regime and family, one line each. */
static void
batch_summary(FILE *f, const struct bench_result *res, size_t n, int cold,
	      int hdr)
{
	const char *impls[8];
	size_t ni = 0, i, j, k;

	for (i = 0; i < n; i++) {
		if (res[i].op != OP_BATCH || res[i].cold != cold ||
		    is_hdr(&res[i]) != hdr)
			continue;
		for (j = 0; j < ni && strcmp(impls[j], res[i].impl) != 0; j++)
			;
		if (j == ni && ni < 8)
			impls[ni++] = res[i].impl;
	}
	if (ni == 0)
		return;
	fprintf(f, "summary: batch, %s, ns per packet (! = wrong result); "
		"X/b = time of X / time of %s\n(above 1: the batch is "
		"faster)\n%-14s %4s", cold ? "cold" : "hot", impls[0],
		"workload", "n");
	for (k = 0; k < ni; k++)
		fprintf(f, " %*s", col(impls[k], 8), impls[k]);
	for (k = 1; k < ni; k++)
		fprintf(f, " %*s/b", col(impls[k], 6), impls[k]);
	fprintf(f, "\n");
	for (i = 0; i < n; i++) {
		const struct bench_result *r = &res[i];
		char ns[8][16], rat[8][16];

		if (r->op != OP_BATCH || r->cold != cold || is_hdr(r) != hdr ||
		    (i > 0 && same_batch_cell(&res[i - 1], r)))
			continue;
		for (k = 0; k < ni; k++) {
			snprintf(ns[k], sizeof(ns[k]), "-");
			snprintf(rat[k], sizeof(rat[k]), "-");
		}
		for (j = i; j < n && same_batch_cell(&res[j], r); j++) {
			for (k = 0; k < ni; k++)
				if (strcmp(impls[k], res[j].impl) == 0)
					break;
			if (k == ni)
				continue;
			snprintf(ns[k], sizeof(ns[k]), "%.2f%s", res[j].ns,
				 res[j].correct == 0 ? "!" : "");
			if (res[j].ratio > 0)
				snprintf(rat[k], sizeof(rat[k]), "%.2f",
					 res[j].ratio);
		}
		fprintf(f, "%-14s %4zu", r->workload, r->batch);
		for (k = 0; k < ni; k++)
			fprintf(f, " %*s", col(impls[k], 8), ns[k]);
		for (k = 1; k < ni; k++)
			fprintf(f, " %*s", col(impls[k], 6) + 2, rat[k]);
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
}

/*
 * The batch op: per regime every row, grouped by cell (workload, batch
 * size) in measurement order, the batch function first; then the
 * summaries, one line per cell.
 */
void
inetcsum_bench_print_batch(FILE *f, const struct bench_result *res, size_t n)
{
	int cold, hdr, w = impl_width(res, n);
	size_t i;

	for (cold = 0; cold < 2; cold++) {
		int any = 0;

		for (i = 0; i < n; i++) {
			const struct bench_result *r = &res[i];

			if (r->op != OP_BATCH || r->cold != cold)
				continue;
			if (!any)
				fprintf(f, "== batch, %s == ns per packet; "
					"ratio: time / time of the batch "
					"function (above 1: the batch is "
					"faster)\n%-14s %4s %5s %-*s %8s "
					"%8s %6s %6s %5s\n",
					cold ? "cold" : "hot", "workload", "n",
					"bytes", w, "impl", "ns/pkt",
					"p10 ns", "spread", "ratio", "ok");
			if (!any || !same_batch_cell(&res[i - 1], r))
				fprintf(f, "\n");
			any = 1;
			fprintf(f, "%-14s %4zu %5zu %-*s %8.2f %8.2f %5.0f%% "
				"%6.2f %5s\n", r->workload, r->batch, r->size,
				w, r->impl, r->ns, r->ns_p10, r->spread * 100,
				r->ratio, ok_text(r->correct));
		}
		if (any)
			fprintf(f, "\n");
	}
	for (cold = 0; cold < 2; cold++)
		for (hdr = 1; hdr >= 0; hdr--)
			batch_summary(f, res, n, cold, hdr);
}

/* GB/s of the sweep cell, or a negative value when it was not run. */
static double
sweep_gbps(const struct bench_result *res, size_t n, const char *impl,
	   size_t size, size_t off, int cold, long dist)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct bench_result *r = &res[i];

		if (r->prefetch == dist && r->size == size &&
		    r->offset == off && r->cold == cold &&
		    strcmp(r->impl, impl) == 0)
			return inetcsum_bench_gbps(r);
	}
	return -1;
}

void
inetcsum_bench_print_prefetch(FILE *f, const struct bench_result *res,
			      size_t n, const long *dist, size_t ndist)
{
	size_t i, d;
	int w = impl_width(res, n);

	fprintf(f, "prefetch sweep: GB/s of the partial sum by software "
		"prefetch distance (bytes)\n%-*s %8s %3s %-4s", w, "kernel",
		"size", "off", "mode");
	for (d = 0; d < ndist; d++)
		fprintf(f, " %6ld", dist[d]);
	fprintf(f, "\n");
	for (i = 0; i < n; i++) {
		const struct bench_result *r = &res[i];

		/* One row per cell: print it at its first distance. */
		if (r->prefetch != dist[0])
			continue;
		fprintf(f, "%-*s %8zu %3zu %-4s", w, r->impl, r->size,
			r->offset, r->cold ? "cold" : "hot");
		for (d = 0; d < ndist; d++) {
			double g = sweep_gbps(res, n, r->impl, r->size,
					      r->offset, r->cold, dist[d]);

			if (g < 0)
				fprintf(f, " %6s", "-");
			else
				fprintf(f, " %6.2f", g);
		}
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
}

/* A JSON string: the names here are plain, but escape what JSON needs. */
static void
json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static int
close_checked(FILE *f)
{
	int err = ferror(f);

	if (fclose(f) != 0 || err)
		return -1;
	return 0;
}

int
inetcsum_bench_write_json(const char *path, const struct bench_result *res,
			  size_t n, const struct bench_machine *m)
{
	FILE *f = fopen(path, "w");
	const char *p;
	size_t i;

	if (f == NULL)
		return -1;
	fprintf(f, "{\n  \"machine\": {\n    \"cpu\": ");
	json_str(f, m->cpu);
	fprintf(f, ",\n    \"features\": [");
	for (p = m->features, i = 0; *p != '\0'; i++) {
		size_t len = strcspn(p, " ");
		char name[64];

		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		fprintf(f, "%s", i ? ", " : "");
		json_str(f, name);
		p += len + (p[len] == ' ');
	}
	fprintf(f, "],\n    \"tsc_hz\": %.0f,\n    \"timer\": ", m->tick_hz);
	json_str(f, inetcsum_bench_timer_name);
	fprintf(f, ",\n    \"cold_method\": ");
	json_str(f, m->cold);
	fprintf(f, ",\n    \"impl\": ");
	json_str(f, m->impl);
	fprintf(f, ",\n    \"version\": ");
	json_str(f, m->version);
	fprintf(f, ",\n    \"rounds\": %u,\n    \"peers\": [", m->rounds);
	for (i = 0; i < m->npeers; i++) {
		const struct bench_peer_info *pi = &m->peers[i];

		fprintf(f, "%s\n      {\"name\": ", i ? "," : "");
		json_str(f, pi->peer->name);
		fprintf(f, ", \"what\": ");
		json_str(f, pi->peer->what);
		fprintf(f, ", \"flags\": ");
		json_str(f, pi->peer->flags);
		/* The instruction sets its flags allowed, no leading space. */
		fprintf(f, ", \"isa\": ");
		json_str(f, pi->peer->isa + strspn(pi->peer->isa, " "));
		fprintf(f, ", \"runs\": %s, \"missing\": ",
			pi->runs ? "true" : "false");
		json_str(f, pi->missing);
		fprintf(f, "}");
	}
	fprintf(f, "%s],\n    \"baselines\": {\"read\": ",
		m->npeers ? "\n    " : "");
	json_str(f, m->read_name);
	fprintf(f, ", \"copy\": ");
	if (m->copy_name != NULL)
		json_str(f, m->copy_name);
	else
		fprintf(f, "null");
	fprintf(f, ", \"memcpy\": ");
	json_str(f, inetcsum_bench_libc());
	fprintf(f, "}\n  },\n  \"results\": [");
	for (i = 0; i < n; i++) {
		const struct bench_result *r = &res[i];

		fprintf(f, "%s\n    {\"op\": \"%s\", \"impl\": ", i ? "," : "",
			inetcsum_bench_op_names[r->op]);
		json_str(f, r->impl);
		fprintf(f, ", \"size\": %zu, \"offset\": %zu, \"cache\": "
			"\"%s\", \"prefetch\": ", r->size, r->offset,
			r->cold ? "cold" : "hot");
		if (r->prefetch < 0)
			fprintf(f, "null");
		else
			fprintf(f, "%ld", r->prefetch);
		fprintf(f, ", \"ns_per_call\": %.3f, \"ns_p10\": %.3f, "
			"\"gbps\": %.4f, \"bytes_per_tsc_cycle\": %.4f, "
			"\"spread\": %.4f, \"correct\": %s", r->ns,
			r->ns_p10, inetcsum_bench_gbps(r),
			inetcsum_bench_bytes_per_tick(r, m), r->spread,
			r->correct > 0 ? "true" : r->correct == 0 ? "false" :
			"null");
		/* The batch op's cell and ratio (bench_report.h). */
		fprintf(f, ", \"workload\": ");
		if (r->workload != NULL)
			json_str(f, r->workload);
		else
			fprintf(f, "null");
		if (r->op == OP_BATCH)
			fprintf(f, ", \"batch\": %zu, \"time_over_batch\": "
				"%.4f}", r->batch, r->ratio);
		else
			fprintf(f, ", \"batch\": null, \"time_over_batch\": "
				"null}");
	}
	fprintf(f, "\n  ]\n}\n");
	return close_checked(f);
}

int
inetcsum_bench_write_csv(const char *path, const struct bench_result *res,
			 size_t n, const struct bench_machine *m)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (f == NULL)
		return -1;
	fprintf(f, "op,impl,size,offset,cache,prefetch,ns_per_call,ns_p10,"
		"gbps,bytes_per_tsc_cycle,spread,correct,workload,batch,"
		"time_over_batch\n");
	for (i = 0; i < n; i++) {
		const struct bench_result *r = &res[i];
		char pf[24] = "";

		if (r->prefetch >= 0)
			snprintf(pf, sizeof(pf), "%ld", r->prefetch);
		fprintf(f, "%s,%s,%zu,%zu,%s,%s,%.3f,%.3f,%.4f,%.4f,%.4f,%s,",
			inetcsum_bench_op_names[r->op], r->impl, r->size,
			r->offset, r->cold ? "cold" : "hot", pf, r->ns,
			r->ns_p10, inetcsum_bench_gbps(r),
			inetcsum_bench_bytes_per_tick(r, m), r->spread,
			r->correct > 0 ? "yes" : r->correct == 0 ? "no" : "");
		if (r->op == OP_BATCH)
			fprintf(f, "%s,%zu,%.4f\n", r->workload, r->batch,
				r->ratio);
		else
			fprintf(f, ",,\n");
	}
	return close_checked(f);
}

/* Is there an executable 'name' on $PATH? */
static int
on_path(const char *name)
{
	const char *path = getenv("PATH");
	char buf[4096];

	while (path != NULL && *path != '\0') {
		size_t m = strcspn(path, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)m, path, name);
		if (access(buf, X_OK) == 0)
			return 1;
		path += m + (path[m] == ':');
	}
	return 0;
}

/*
 * The plot shows the partial sum at the first offset measured (the whole
 * comparison's headline): GB/s against size on a log axis, one line per
 * implementation, hot and cold side by side.  The data goes inline
 * ("$name << EOD" datablocks, gnuplot 5) so no temporary files are left.
 */
int
inetcsum_bench_write_plot(const char *path, const struct bench_result *res,
			  size_t n)
{
	const char *impls[64];
	size_t nimpl = 0, i, j, off = (size_t)-1;
	int cold, status;
	FILE *g;

	if (!on_path("gnuplot"))
		return 1;
	for (i = 0; i < n; i++) {
		if (res[i].op != OP_PARTIAL || res[i].prefetch >= 0)
			continue;
		if (off == (size_t)-1)
			off = res[i].offset;
		for (j = 0; j < nimpl; j++)
			if (strcmp(impls[j], res[i].impl) == 0)
				break;
		if (j == nimpl && nimpl < 64)
			impls[nimpl++] = res[i].impl;
	}
	if (nimpl == 0)
		return -1;	/* the plot shows the partial sum only */
	g = popen("gnuplot", "w");
	if (g == NULL)
		return -1;
	/*
	 * noenhanced: kernel names hold underscores, which enhanced text
	 * would turn into subscripts.  Sizes print with binary prefixes.
	 */
	fprintf(g, "set terminal svg size 1200,500 dynamic noenhanced\n"
		"set output '%s'\nset logscale x 2\nset format x '%%.0b%%B'\n"
		"set xlabel 'bytes'\nset ylabel 'GB/s'\nset key left top\n"
		"set grid\nset multiplot layout 1,2\n", path);
	for (cold = 0; cold < 2; cold++) {
		fprintf(g, "set title 'partial sum, %s, offset %zu'\nplot",
			cold ? "cold" : "hot", off);
		for (j = 0; j < nimpl; j++)
			fprintf(g, "%s '-' using 1:2 with linespoints "
				"title '%s'", j ? "," : "", impls[j]);
		fprintf(g, "\n");
		for (j = 0; j < nimpl; j++) {
			for (i = 0; i < n; i++) {
				const struct bench_result *r = &res[i];

				if (r->op == OP_PARTIAL && r->cold == cold &&
				    r->offset == off && r->prefetch < 0 &&
				    strcmp(r->impl, impls[j]) == 0)
					fprintf(g, "%zu %.4f\n", r->size,
						inetcsum_bench_gbps(r));
			}
			fprintf(g, "e\n");
		}
	}
	fprintf(g, "unset multiplot\n");
	status = pclose(g);
	return status == 0 ? 0 : -1;
}
