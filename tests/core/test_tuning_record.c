/* SPDX-License-Identifier: MIT */
/*
 * tests/core/test_tuning_record.c - the tuning record (src/tuning_record.c):
 *
 *  - written: inetcsum_tuning_export() makes the documented twelve lines
 *    for this CPU, with the table row's prefetch threshold and the packet
 *    layer's prefetch in use, and its check line is the checksum of the
 *    lines before it as the naive reference (tests/lib/ref_csum.c)
 *    computes it;
 *  - read back: the parser gives back every field, and a process whose
 *    INETCSUM_TUNING names the file runs with the record's kernels and
 *    packet prefetch and says so (inetcsum_tuning_source(),
 *    inetcsum_tuning(), inetcsum_packet_tuning()), with sums that match
 *    the reference;
 *  - mismatched: a record of another vendor, family, model or feature set,
 *    or of another format version (1, which had no threshold, and 4), or
 *    with a packet prefetch out of range, is refused, and such a process
 *    runs with the table's row; a record of version 2 (no packet lines)
 *    is read, with the table's packet prefetch;
 *  - corrupted: every byte of a record changed (to each of a few values),
 *    every truncation, and random garbage: either refused or, where the
 *    change kept it a record (a hex digit's case), read with the same
 *    fields; never a crash (fuzz/fuzz_tuning.c goes further);
 *  - absent: no file, or INETCSUM_TUNING=none, gives the table's row.
 *
 * Each process reads the record once, so every end-to-end case runs in a
 * fresh child.
 */
#define _GNU_SOURCE	/* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "crc32c.h"
#include "impl.h"
#include "inetcsum_packet.h"
#include "ref_csum.h"
#include "shared.h"	/* inetcsum_tuning_packet_builtin() */
#include "test_util.h"
#include "tuning.h"

static unsigned failures;

#include "check.h"

static struct inetcsum_cpu_ident id;
static u32 features;

static int
parse(const char *text, size_t len, struct inetcsum_tuning_row *row,
      char *why, size_t whylen)
{
	char copy[2048];

	if (len > sizeof(copy))
		len = sizeof(copy);
	memcpy(copy, text, len);
	memset(row, 0, sizeof(*row));
	return inetcsum_tuning_record_parse(copy, len, &id, features, row, why,
					    whylen);
}

/* The fields a record carries, as strings, for comparing two parses. */
static void
fields(const struct inetcsum_tuning_row *r, char *out, size_t cap)
{
	snprintf(out, cap, "%s|%s|%ld|%zu|%zu|%s|%zu|%zu|%d|%s", r->partial,
		 r->copy, r->prefetch, r->prefetch_min, r->copy_madd_min,
		 r->partial_large ? r->partial_large : "-",
		 r->partial_large_min, r->gro_far, r->gso_prefetch_l2,
		 r->evidence);
}

/*
 * The check of the first 'n' bytes, as the naive reference has it: the
 * complement of their network-order sum, the field's value on the wire.
 */
static unsigned
ref_check(const char *p, size_t n)
{
	return (uint16_t)~inetcsum_ref_sum_net(p, n);
}

static void
test_written(const char *rec, int n)
{
	const char *want[] = { "inetcsum-tuning 3\n", "cpu ", "partial ",
			       "copy ", "prefetch ", "prefetch_min ",
			       "copy_madd_min ", "partial_large ", "gro_far ",
			       "gso_prefetch_l2 ", "note ", "check " };
	const char *p = rec, *last = rec;
	unsigned check;
	size_t i;
	char vendor[16];
	unsigned fam, mod;
	unsigned long feat;

	CHECK(n > 0 && (size_t)n == strlen(rec), "export returned %d", n);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		CHECK(strncmp(p, want[i], strlen(want[i])) == 0,
		      "line %zu does not start with \"%s\"", i + 1, want[i]);
		last = p;
		p = strchr(p, '\n');
		if (p == NULL) {
			CHECK(0, "line %zu has no newline", i + 1);
			return;
		}
		p++;
	}
	CHECK(*p == '\0', "bytes after the check line");
	CHECK(sscanf(strchr(rec, '\n') + 1, "cpu %15s %u %u %lx", vendor,
		     &fam, &mod, &feat) == 4, "cpu line");
	CHECK(fam == id.family && mod == id.model && feat == features,
	      "cpu line is not this CPU's");
	CHECK(sscanf(last, "check %x", &check) == 1 &&
	      check == ref_check(rec, (size_t)(last - rec)),
	      "check %04x, the reference says %04x", check,
	      ref_check(rec, (size_t)(last - rec)));
}

static void
test_read_back(const char *rec, int n)
{
	struct inetcsum_tuning_row row;
	char why[256];
	size_t far;
	int l2;

	/* The table's (nothing set here): not inetcsum_packet_tuning(),
	 * which would read a record in this process before its children. */
	inetcsum_tuning_packet_builtin(&far, &l2);
	CHECK(parse(rec, (size_t)n, &row, why, sizeof(why)) == 0,
	      "own record refused: %s", why);
	CHECK(strcmp(row.partial, "generic") == 0 &&
	      strcmp(row.copy, "generic") == 0 && row.prefetch == 256 &&
	      row.prefetch_min == inetcsum_tuning_table_row()->prefetch_min &&
	      strcmp(row.evidence, "test record") == 0,
	      "fields read back wrong (prefetch_min %zu, the row's %zu)",
	      row.prefetch_min, inetcsum_tuning_table_row()->prefetch_min);
	CHECK(row.gro_far == far && row.gso_prefetch_l2 == l2,
	      "packet prefetch read back as %zu/%d, the table's %zu/%d",
	      row.gro_far, row.gso_prefetch_l2, far, l2);
}

/*
 * 'rec' with its line that starts "KEY " replaced by 'line', the check made
 * right again.
 */
static int
with_line(const char *rec, const char *key, const char *line, char *out,
	  size_t cap)
{
	char k[32];
	const char *at, *next, *chk;
	int n;

	snprintf(k, sizeof(k), "\n%s ", key);
	at = strstr(rec, k) + 1;
	next = strchr(at, '\n') + 1;
	chk = strstr(rec, "check ");
	n = snprintf(out, cap, "%.*s%s\n%.*s", (int)(at - rec), rec, line,
		     (int)(chk - next), next);
	return n + snprintf(out + n, cap - (size_t)n, "check %04x\n",
			    ref_check(out, (size_t)n));
}

static void
test_mismatched(const char *rec)
{
	struct inetcsum_tuning_row row;
	char cpu[128], out[2048], why[256];
	const char *vend = id.vendor == INETCSUM_VENDOR_AMD ? "intel" : "amd";
	const char *self = id.vendor == INETCSUM_VENDOR_AMD ? "amd" :
			   id.vendor == INETCSUM_VENDOR_INTEL ? "intel" :
			   "other";
	int n;

	snprintf(cpu, sizeof(cpu), "cpu %s %u %u 0x%x", self,
		 (unsigned)id.family, (unsigned)id.model, (unsigned)features);
	n = with_line(rec, "cpu", cpu, out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) == 0,
	      "rebuilt own record refused: %s", why);
	snprintf(cpu, sizeof(cpu), "cpu %s %u %u 0x%x", vend,
		 (unsigned)id.family, (unsigned)id.model, (unsigned)features);
	n = with_line(rec, "cpu", cpu, out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0 &&
	      strstr(why, "another CPU") != NULL, "other vendor: %s", why);
	snprintf(cpu, sizeof(cpu), "cpu %s %u %u 0x%x", self,
		 (unsigned)id.family + 1, (unsigned)id.model,
		 (unsigned)features);
	n = with_line(rec, "cpu", cpu, out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0 &&
	      strstr(why, "another CPU") != NULL, "other family: %s", why);
	snprintf(cpu, sizeof(cpu), "cpu %s %u %u 0x%x", self,
		 (unsigned)id.family, (unsigned)id.model + 1,
		 (unsigned)features);
	n = with_line(rec, "cpu", cpu, out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0,
	      "other model accepted");
	snprintf(cpu, sizeof(cpu), "cpu %s %u %u 0x%x", self,
		 (unsigned)id.family, (unsigned)id.model,
		 (unsigned)(features ^ 1));
	n = with_line(rec, "cpu", cpu, out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0,
	      "other features accepted");
	/* The packet prefetch out of range. */
	n = with_line(rec, "gro_far", "gro_far 0", out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0 &&
	      strstr(why, "gro_far") != NULL, "gro_far 0: %s", why);
	n = with_line(rec, "gro_far", "gro_far 1025", out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0,
	      "gro_far 1025 accepted");
	n = with_line(rec, "gro_far", "gro_far 1024", out, sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) == 0 &&
	      row.gro_far == 1024, "gro_far 1024: %s", why);
	n = with_line(rec, "gso_prefetch_l2", "gso_prefetch_l2 2", out,
		      sizeof(out));
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0 &&
	      strstr(why, "gso_prefetch_l2") != NULL, "gso 2: %s", why);
	/* Other format versions: 4, and 1 in its own nine-line form (no
	 * prefetch_min line), each with its check right, are refused. */
	n = snprintf(out, sizeof(out), "inetcsum-tuning 4\n%s",
		     strchr(rec, '\n') + 1);
	CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0 &&
	      strstr(why, "version") != NULL, "version 4: %s", why);
	/* Version 2, without the packet lines, is read: those come from
	 * the table's row for this CPU. */
	{
		const char *gf = strstr(rec, "\ngro_far ") + 1, *nt;

		nt = strstr(rec, "\nnote ") + 1;
		n = snprintf(out, sizeof(out), "inetcsum-tuning 2\n%.*s%.*s",
			     (int)(gf - (strchr(rec, '\n') + 1)),
			     strchr(rec, '\n') + 1,
			     (int)(strstr(rec, "check ") - nt), nt);
		n += snprintf(out + n, sizeof(out) - (size_t)n, "check %04x\n",
			      ref_check(out, (size_t)n));
		CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) == 0,
		      "version 2 refused: %s", why);
		CHECK(row.gro_far == inetcsum_tuning_row(&id)->gro_far &&
		      row.gso_prefetch_l2 ==
		      inetcsum_tuning_row(&id)->gso_prefetch_l2,
		      "version 2: packet prefetch %zu/%d, the table's %zu/%d",
		      row.gro_far, row.gso_prefetch_l2,
		      inetcsum_tuning_row(&id)->gro_far,
		      inetcsum_tuning_row(&id)->gso_prefetch_l2);
	}
	{
		const char *pm = strstr(rec, "prefetch_min "), *chk;

		chk = strstr(rec, "check ");
		n = snprintf(out, sizeof(out), "inetcsum-tuning 1\n%.*s%.*s",
			     (int)(pm - (strchr(rec, '\n') + 1)),
			     strchr(rec, '\n') + 1,
			     (int)(chk - (strchr(pm, '\n') + 1)),
			     strchr(pm, '\n') + 1);
		n += snprintf(out + n, sizeof(out) - (size_t)n, "check %04x\n",
			      ref_check(out, (size_t)n));
		CHECK(parse(out, (size_t)n, &row, why, sizeof(why)) < 0 &&
		      strstr(why, "version") != NULL, "version 1: %s", why);
	}
}

static void
test_corrupted(const char *rec, int n)
{
	static const unsigned char vals[] = { 0x00, 0x0a, 0x20, '0', 'f',
					      'F', '-', 0xff };
	struct inetcsum_tuning_row row, good;
	char buf[2048], why[256], a[600], b[600];
	size_t i, v, refused = 0, same = 0, len;

	CHECK(parse(rec, (size_t)n, &good, why, sizeof(why)) == 0,
	      "own record refused: %s", why);
	fields(&good, a, sizeof(a));
	for (i = 0; i < (size_t)n; i++) {
		for (v = 0; v < sizeof(vals); v++) {
			if ((unsigned char)rec[i] == vals[v])
				continue;
			memcpy(buf, rec, (size_t)n);
			buf[i] = (char)vals[v];
			if (parse(buf, (size_t)n, &row, why, sizeof(why)) < 0) {
				refused++;
				continue;
			}
			fields(&row, b, sizeof(b));
			CHECK(strcmp(a, b) == 0, "byte %zu set to %02x: read "
			      "as %s", i, vals[v], b);
			same++;
		}
	}
	CHECK(refused > 0, "no corruption refused");
	for (len = 0; len < (size_t)n; len++)
		CHECK(parse(rec, len, &row, why, sizeof(why)) < 0,
		      "cut to %zu bytes accepted", len);
	for (i = 0; i < 20000; i++) {
		len = inetcsum_test_rand_below(sizeof(buf));
		inetcsum_test_fill(buf, len);
		if (len > 17 && (i & 1))
			memcpy(buf, "inetcsum-tuning 2\n", 18);
		CHECK(parse(buf, len, &row, why, sizeof(why)) < 0,
		      "random bytes accepted");
	}
	printf("corrupted: %zu changes refused, %zu kept the same fields; "
	       "every cut refused\n", refused, same);
}

/* What a child of child() is to be given and to find. */
struct child_args {
	const char *path, *want_partial, *want_source;
	struct inetcsum_test_buf *b;
	size_t want_min;	/* with a distance of 2048: the threshold */
	size_t want_far;	/* the packet prefetch (0: not checked) */
	int want_l2;
};

static int
child_body(void *arg)
{
	const struct child_args *a = arg;
	const char *path = a->path, *want_partial = a->want_partial;
	const char *want_source = a->want_source;
	struct inetcsum_test_buf *b = a->b;
	struct inetcsum_tuning t;
	unsigned char *p;
	size_t len;

	failures = 0;
	unsetenv("INETCSUM_IMPL");
	if (path != NULL)
		setenv("INETCSUM_TUNING", path, 1);
	else
		unsetenv("INETCSUM_TUNING");
	setenv("HOME", "/nonexistent-inetcsum-test", 1);
	unsetenv("XDG_CACHE_HOME");
	for (len = 0; len < 3000; len += 1 + len / 8) {
		p = inetcsum_test_buf_tail(b, len & 3, len);
		inetcsum_test_fill(p, len);
		CHECK(inetcsum_fold(inetcsum_partial(p, len, 0)) ==
		      inetcsum_ref_csum(p, len, 0), "sum at %zu", len);
	}
	/* Either side of the record's threshold, where one is tested. */
	for (len = a->want_min - 2; a->want_min != 0 && len <= a->want_min + 2;
	     len++) {
		p = inetcsum_test_buf_tail(b, len & 3, len);
		inetcsum_test_fill(p, len);
		CHECK(inetcsum_fold(inetcsum_partial(p, len, 0)) ==
		      inetcsum_ref_csum(p, len, 0), "sum at %zu", len);
	}
	inetcsum_tuning(&t);
	/*
	 * The record's distance and threshold in use where the kernels have
	 * a run-time distance (x86-64 without a fixed one): there the
	 * distance reads back as the record's 2048; elsewhere nothing has a
	 * threshold.
	 */
	if (a->want_min != 0)
		CHECK(t.prefetch == 2048 ?
		      inetcsum_prefetch_min() == a->want_min :
		      inetcsum_prefetch_min() == 0,
		      "prefetch %zu from %zu, want 2048 from %zu (or 0)",
		      t.prefetch, inetcsum_prefetch_min(), a->want_min);
	CHECK(strstr(inetcsum_tuning_source(), want_source) != NULL,
	      "source \"%s\", want \"%s\"", inetcsum_tuning_source(),
	      want_source);
	if (a->want_far != 0) {
		struct inetcsum_packet_tuning pt;

		inetcsum_packet_tuning(&pt);
		CHECK(pt.gro_far == a->want_far && pt.gso_l2 == a->want_l2,
		      "packet prefetch %zu/%d, want the record's %zu/%d",
		      pt.gro_far, pt.gso_l2, a->want_far, a->want_l2);
	}
	if (want_partial != NULL) {
		CHECK(strcmp(t.row, "tuning record") == 0 &&
		      strcmp(t.partial, want_partial) == 0,
		      "row %s partial %s, want the record's %s", t.row,
		      t.partial, want_partial);
	} else {
		CHECK(strcmp(t.row, "tuning record") != 0,
		      "a record was used: %s", t.evidence);
	}
	return failures != 0;
}

/*
 * A child with INETCSUM_TUNING=path ('path' NULL: none set, "none" as
 * given): its first call must choose 'want_partial' (NULL: the table's)
 * and inetcsum_tuning_source() must contain 'want_source'.
 */
static void
child_min(const char *path, const char *want_partial,
	  const char *want_source, struct inetcsum_test_buf *b,
	  size_t want_min)
{
	struct child_args a = { path, want_partial, want_source, b, want_min,
				0, 0 };

	if (inetcsum_test_in_child(child_body, &a) != 0) {
		fprintf(stderr, "FAIL: child for INETCSUM_TUNING=%s\n",
			path != NULL ? path : "(unset)");
		failures++;
	}
}

static void
child(const char *path, const char *want_partial, const char *want_source,
      struct inetcsum_test_buf *b)
{
	child_min(path, want_partial, want_source, b, 0);
}

static void
write_file(const char *path, const char *text, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(text, 1, n, f) != n || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

int
main(void)
{
	struct inetcsum_test_buf b;
	char rec[1024], other[2048], path[64], cpu[128];
	const char *best;
	size_t i;
	int n, fd, sup = 0;

	inetcsum_test_init("test_tuning_record");
	/* Nothing read yet: a developer's own record must not count. */
	setenv("INETCSUM_TUNING", "none", 1);
	inetcsum_tuning_ident(&id);
	/* A record is keyed by the checksum kernels' bits (src/crc32c.h). */
	features = inetcsum_cpu_features() & ~(u32)INETCSUM_CRC32C_FEATURES;
	inetcsum_test_buf_alloc(&b, 16384);

	n = inetcsum_tuning_export(rec, sizeof(rec), "generic", "generic",
				   256, "test record");
	test_written(rec, n);
	test_read_back(rec, n);
	test_mismatched(rec);
	test_corrupted(rec, n);
	CHECK(inetcsum_tuning_export(rec, 100, "generic", "generic", 0,
				     NULL) < 0, "100-byte buffer accepted");
	CHECK(inetcsum_tuning_export(rec, sizeof(rec), "Generic", "generic",
				     0, NULL) < 0, "bad kernel name accepted");
	CHECK(inetcsum_tuning_export(rec, sizeof(rec), "generic", "generic",
				     0, "two\nlines") < 0,
	      "note with a newline accepted");

	snprintf(path, sizeof(path), "/tmp/inetcsum-record-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	close(fd);
	n = inetcsum_tuning_export(rec, sizeof(rec), "generic", "generic",
				   256, "test record");
	write_file(path, rec, (size_t)n);
	child(path, "generic", "tuning record ", &b);
	/*
	 * The record's own distance and threshold are the ones in use, with
	 * the registry's best kernel (the one with the distance, on x86-64).
	 */
	for (i = 0; (best = inetcsum_impl_get(i, &sup)) != NULL; i++)
		if (sup)
			break;
	n = inetcsum_tuning_export(rec, sizeof(rec), best, best, 2048,
				   "test record");
	n = with_line(rec, "prefetch_min", "prefetch_min 12345", other,
		      sizeof(other));
	write_file(path, other, (size_t)n);
	child_min(path, best, "tuning record ", &b, 12345);
	/* The record's packet prefetch is the one in use. */
	{
		struct child_args a = { path, best, "tuning record ", &b, 0,
					5, 0 };
		char l2[32];
		size_t far;
		int tl2;

		inetcsum_tuning_packet_builtin(&far, &tl2);
		a.want_l2 = !tl2;
		snprintf(l2, sizeof(l2), "gso_prefetch_l2 %d", a.want_l2);
		n = with_line(rec, "gro_far", "gro_far 5", other,
			      sizeof(other));
		n = with_line(other, "gso_prefetch_l2", l2, rec,
			      sizeof(rec));
		write_file(path, rec, (size_t)n);
		if (inetcsum_test_in_child(child_body, &a) != 0) {
			fprintf(stderr, "FAIL: child with gro_far 5\n");
			failures++;
		}
	}
	/*
	 * A kernel this build lacks: the record stands, and that operation
	 * gets the registry's best, as for a table row naming it.
	 */
	n = inetcsum_tuning_export(rec, sizeof(rec), "no_such_kernel",
				   "generic", 256, "test record");
	write_file(path, rec, (size_t)n);
	child(path, best, "tuning record ", &b);
	write_file(path, rec, (size_t)n / 2);
	child(path, NULL, "ignored", &b);
	snprintf(cpu, sizeof(cpu), "cpu other 9999 9999 0x%x",
		 (unsigned)features);
	n = with_line(rec, "cpu", cpu, other, sizeof(other));
	write_file(path, other, (size_t)n);
	child(path, NULL, "another CPU", &b);
	remove(path);
	child(path, NULL, "no tuning record", &b);
	child("none", NULL, "INETCSUM_TUNING=none", &b);
	child(NULL, NULL, "no tuning record", &b);

	inetcsum_test_buf_free(&b);
	printf("test_tuning_record: %u failures\n", failures);
	return failures != 0;
}
