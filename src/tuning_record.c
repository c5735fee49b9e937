/* SPDX-License-Identifier: MIT */
/*
 * src/tuning_record.c - the tuning record: what `inetcsum tune` measured on
 * this CPU, kept in a small text file that the library reads once, at its
 * first call, in place of the built-in table's row (src/tuning.c).  FFTW's
 * wisdom is the model: a measurement made once, stored, and used by every
 * later process, with the built-in choice whenever the stored one does not
 * apply.
 *
 * Where it is looked for, in this order; the first file that exists is the
 * only one read:
 *
 *   $INETCSUM_TUNING            a path; "none" (or empty) reads no record
 *   $XDG_CACHE_HOME/inetcsum/tuning, else $HOME/.cache/inetcsum/tuning
 *   /etc/inetcsum/tuning
 *
 * In a set-user-ID or set-group-ID program the environment is not trusted
 * (secure_getenv() where the C library has it), so only the system file is
 * read there.
 *
 * The format (version 3), exactly these lines in this order, each ending in
 * a newline, at most RECORD_MAX bytes in all:
 *
 *   inetcsum-tuning 3
 *   cpu VENDOR FAMILY MODEL FEATURES      e.g. "cpu amd 25 17 0x1fff"
 *   partial KERNEL
 *   copy KERNEL
 *   prefetch N                            bytes, or -1: the build's default
 *   prefetch_min N                        bytes, 0: prefetch in every buffer
 *   copy_madd_min N                       bytes, 0: never
 *   partial_large KERNEL|- N
 *   gro_far N                             segments, 1 to 1024
 *   gso_prefetch_l2 N                     1: into L2, 0: into L1
 *   note TEXT                             what was measured, and when
 *   check XXXX
 *
 * FAMILY and MODEL are CPUID's display family and model in decimal,
 * FEATURES the checksum kernels' feature bits (inetcsum_cpu_features()
 * without those only the CRC32c kernels use, src/crc32c.h) in hex:
 * a record applies only to a CPU with the same four, so a VM that hides a
 * feature, or another CPU sharing a home directory, falls back to the
 * table.  'check' is the Internet checksum of every byte before its line,
 * as four hex digits of its network-order value: a truncated or edited
 * record fails it.  A kernel name that this build does not have, or that
 * this CPU cannot run, is replaced by the table's choice for that
 * operation, as for a table row (src/dispatch.c); every kernel sums
 * exactly, so no record can make a sum wrong, only slower.
 *
 * Version 1 had no prefetch_min line: its distance applied to every
 * buffer, and `inetcsum tune` measured it so, which lost against a row
 * that prefetches only in long buffers (docs/tuning.md).  Such a record
 * is of another version now, and ignored like one.  Version 2 had no
 * gro_far and gso_prefetch_l2 lines, the packet layer's prefetch
 * (include/inetcsum_packet.h, inetcsum_packet_tuning()): it is still
 * read, and those two come from the table's row.
 *
 * A record that is absent, unreadable, malformed, of another version or of
 * another CPU is ignored: the library never fails because of one, and
 * inetcsum_tuning() reports which source was used and why a record was not.
 */
#define _GNU_SOURCE	/* secure_getenv() */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "crc32c.h"
#include "impl.h"
#include "shared.h"	/* inetcsum_tuning_packet_builtin() */
#include "tuning.h"

#define RECORD_MAX	1024
#define NAME_MAX_	31
#define NOTE_MAX	200

/* The record in use, its strings, and what inetcsum_tuning() reports. */
static struct inetcsum_tuning_row record_row;
static char rec_partial[NAME_MAX_ + 1], rec_copy[NAME_MAX_ + 1],
	    rec_large[NAME_MAX_ + 1];
static char rec_evidence[NOTE_MAX + 512];
static char rec_source[768];
/* 0 not read yet, 1 being read, 2 read (record_row valid or not). */
static atomic_int rec_state = 0;
static int rec_valid;

static const char *
env(const char *name)
{
#if defined(__GLIBC__)
	return secure_getenv(name);
#else
	return getenv(name);
#endif
}

/* One line of 'text' at '*pos': its start, NUL-terminated in place. */
static char *
next_line(char *text, size_t len, size_t *pos)
{
	char *start = text + *pos, *nl;

	if (*pos >= len)
		return NULL;
	nl = memchr(start, '\n', len - *pos);
	if (nl == NULL)
		return NULL;	/* every line ends in a newline */
	*nl = '\0';
	*pos = (size_t)(nl - text) + 1;
	return start;
}

/* 'word' then a space at the start of 'line': the rest, else NULL. */
static const char *
after(const char *line, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(line, word, n) != 0 || line[n] != ' ')
		return NULL;
	return line + n + 1;
}

/* A kernel name: [a-z0-9_], 1 to NAME_MAX_ characters, copied to 'out'. */
static int
name(const char *s, size_t n, char *out)
{
	size_t i;

	if (n == 0 || n > NAME_MAX_)
		return -1;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '_'))
			return -1;
	}
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

/* A decimal number (a leading '-' only if 'neg' is allowed), all of 's'. */
static int
number(const char *s, int neg, long long *v)
{
	long long x = 0;
	int minus = 0;

	if (neg && *s == '-') {
		minus = 1;
		s++;
	}
	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || x > (1LL << 40))
			return -1;
		x = x * 10 + (*s - '0');
	}
	*v = minus ? -x : x;
	return 0;
}

/*
 * The feature bits a record is keyed by: the CRC32c kernels' bits came
 * later and choose nothing in a record, so they stay out of the key and
 * the records written before them still apply.
 */
static u32
csum_features(void)
{
	return inetcsum_cpu_features() & ~(u32)INETCSUM_CRC32C_FEATURES;
}

static const char *
vendor_name(enum inetcsum_cpu_vendor v)
{
	return v == INETCSUM_VENDOR_INTEL ? "intel" :
	       v == INETCSUM_VENDOR_AMD ? "amd" : "other";
}

/*
 * The network-order value of the checksum of 'n' bytes, as in a field.
 * The portable kernel, called directly: the record is read while the
 * dispatcher chooses a kernel, so inetcsum_partial() would wait for itself.
 */
static unsigned
check_of(const void *p, size_t n)
{
	uint16_t c = inetcsum_fold(inetcsum_kernel_generic.partial(p, n, 0));
	unsigned char b[2];

	memcpy(b, &c, 2);
	return (unsigned)b[0] << 8 | b[1];
}

int
inetcsum_tuning_record_parse(char *text, size_t len,
			     const struct inetcsum_cpu_ident *id, u32 features,
			     struct inetcsum_tuning_row *row, char *why,
			     size_t whylen)
{
	char vendor[8], *line;
	const char *v;
	size_t pos = 0, check_at;
	unsigned family, model, check, want;
	unsigned long feat;
	long long n, m;
	int used, version, ln;

#define BAD(...) do { snprintf(why, whylen, __VA_ARGS__); return -1; } while (0)
	if (len > RECORD_MAX)
		BAD("longer than %d bytes", RECORD_MAX);
	if (memchr(text, '\0', len) != NULL)
		BAD("holds a NUL byte");
	/*
	 * The check covers every byte before the last line; take it before
	 * the lines are cut apart in place below.
	 */
	if (len < 2 || text[len - 1] != '\n')
		BAD("does not end in a newline: cut short?");
	for (check_at = len - 1; check_at > 0 && text[check_at - 1] != '\n';
	     check_at--)
		;
	want = check_of(text, check_at);
	line = next_line(text, len, &pos);
	if (line == NULL || strncmp(line, "inetcsum-tuning ", 16) != 0)
		BAD("not a tuning record");
	if (strcmp(line + 16, "2") == 0)
		version = 2;
	else if (strcmp(line + 16, "3") == 0)
		version = 3;
	else
		BAD("format version %.8s, not 3 (or 2)", line + 16);
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "cpu")) == NULL ||
	    sscanf(v, "%7[a-z] %u %u %lx%n", vendor, &family, &model, &feat,
		   &used) != 4 || v[used] != '\0')
		BAD("line 2 is not \"cpu VENDOR FAMILY MODEL FEATURES\"");
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "partial")) == NULL ||
	    name(v, strlen(v), rec_partial) < 0)
		BAD("line 3 is not \"partial KERNEL\"");
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "copy")) == NULL ||
	    name(v, strlen(v), rec_copy) < 0)
		BAD("line 4 is not \"copy KERNEL\"");
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "prefetch")) == NULL ||
	    number(v, 1, &n) < 0 || n < -1 || n > (1 << 20))
		BAD("line 5 is not \"prefetch N\" (-1 to 1048576)");
	row->prefetch = (long)n;
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "prefetch_min")) == NULL ||
	    number(v, 0, &n) < 0)
		BAD("line 6 is not \"prefetch_min N\"");
	row->prefetch_min = (size_t)n;
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "copy_madd_min")) == NULL ||
	    number(v, 0, &n) < 0)
		BAD("line 7 is not \"copy_madd_min N\"");
	row->copy_madd_min = (size_t)n;
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "partial_large")) == NULL)
		BAD("line 8 is not \"partial_large KERNEL|- N\"");
	{
		const char *sp = strchr(v, ' ');

		if (sp == NULL || number(sp + 1, 0, &m) < 0)
			BAD("line 8 is not \"partial_large KERNEL|- N\"");
		if (sp - v == 1 && v[0] == '-')
			rec_large[0] = '\0';
		else if (name(v, (size_t)(sp - v), rec_large) < 0)
			BAD("line 8 names no kernel");
	}
	row->partial_large = rec_large[0] != '\0' ? rec_large : NULL;
	row->partial_large_min = row->partial_large != NULL ? (size_t)m : 0;
	ln = 9;
	if (version == 3) {
		line = next_line(text, len, &pos);
		if (line == NULL || (v = after(line, "gro_far")) == NULL ||
		    number(v, 0, &n) < 0 || n < 1 ||
		    n > INETCSUM_GRO_FAR_MAX)
			BAD("line 9 is not \"gro_far N\" (1 to %d)",
			    INETCSUM_GRO_FAR_MAX);
		row->gro_far = (size_t)n;
		line = next_line(text, len, &pos);
		if (line == NULL ||
		    (v = after(line, "gso_prefetch_l2")) == NULL ||
		    number(v, 0, &n) < 0 || n > 1)
			BAD("line 10 is not \"gso_prefetch_l2 N\" (0 or 1)");
		row->gso_prefetch_l2 = (int)n;
		ln = 11;
	} else {
		const struct inetcsum_tuning_row *t = inetcsum_tuning_row(id);

		row->gro_far = t->gro_far;
		row->gso_prefetch_l2 = t->gso_prefetch_l2;
	}
	line = next_line(text, len, &pos);
	if (line == NULL || (v = after(line, "note")) == NULL ||
	    strlen(v) > NOTE_MAX)
		BAD("line %d is not \"note TEXT\" (at most %d bytes)", ln,
		    NOTE_MAX);
	snprintf(rec_evidence, sizeof(rec_evidence), "%s", v);
	line = next_line(text, len, &pos);
	if (line == NULL || pos != len || (v = after(line, "check")) == NULL ||
	    strlen(v) != 4 || sscanf(v, "%4x%n", &check, &used) != 1 ||
	    used != 4)
		BAD("line %d is not \"check XXXX\", the last line", ln + 1);
	if (check != want)
		BAD("check %04x does not match its contents (%04x)", check,
		    want);
	if (strcmp(vendor, vendor_name(id->vendor)) != 0 ||
	    family != id->family || model != id->model || feat != features)
		BAD("of another CPU (%s %u %u 0x%lx; this is %s %u %u 0x%x)",
		    vendor, family, model, feat, vendor_name(id->vendor),
		    (unsigned)id->family, (unsigned)id->model,
		    (unsigned)features);
#undef BAD
	row->cpu = "tuning record";
	row->vendor = id->vendor;
	row->family = row->model_lo = row->model_hi = 0;
	row->partial = rec_partial;
	row->copy = rec_copy;
	row->evidence = rec_evidence;
	return 0;
}

/* The whole file at 'path' into 'buf' (at most RECORD_MAX + 1 bytes). */
static long
slurp(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, cap, f);
	if (ferror(f))
		n = (size_t)-1;
	fclose(f);
	return (long)n;
}

/* The per-user file: $XDG_CACHE_HOME/inetcsum/tuning or ~/.cache/... */
static int
user_path(char *out, size_t cap)
{
	const char *x = env("XDG_CACHE_HOME"), *h = env("HOME");
	int n;

	if (x != NULL && x[0] == '/')
		n = snprintf(out, cap, "%s/inetcsum/tuning", x);
	else if (h != NULL && h[0] == '/')
		n = snprintf(out, cap, "%s/.cache/inetcsum/tuning", h);
	else
		return -1;
	return n > 0 && (size_t)n < cap ? 0 : -1;
}

static void
load(void)
{
	static char text[RECORD_MAX + 2];
	char path[400], why[200];
	const char *e = env("INETCSUM_TUNING");
	struct inetcsum_cpu_ident id;
	long n = -1;

	if (e != NULL && (e[0] == '\0' || strcmp(e, "none") == 0)) {
		snprintf(rec_source, sizeof(rec_source),
			 "built-in table (INETCSUM_TUNING=none)");
		return;
	}
	if (e != NULL && strlen(e) >= sizeof(path)) {
		/* Cut, it would name another file: read none. */
		snprintf(rec_source, sizeof(rec_source), "built-in table "
			 "(INETCSUM_TUNING longer than %zu bytes: not read)",
			 sizeof(path) - 1);
		return;
	}
	if (e != NULL) {
		snprintf(path, sizeof(path), "%s", e);
		n = slurp(path, text, RECORD_MAX + 1);
	}
	if (e == NULL && user_path(path, sizeof(path)) == 0)
		n = slurp(path, text, RECORD_MAX + 1);
	if (e == NULL && n < 0) {
		snprintf(path, sizeof(path), "%s", INETCSUM_TUNING_SYSTEM);
		n = slurp(path, text, RECORD_MAX + 1);
	}
	if (n < 0) {
		snprintf(rec_source, sizeof(rec_source), e != NULL ?
			 "built-in table (no tuning record at %s)" :
			 "built-in table (no tuning record)", path);
		return;
	}
	inetcsum_tuning_ident(&id);
	if (inetcsum_tuning_record_parse(text, (size_t)n, &id,
					 csum_features(), &record_row,
					 why, sizeof(why)) < 0) {
		snprintf(rec_source, sizeof(rec_source),
			 "built-in table (tuning record %s ignored: %s)",
			 path, why);
		return;
	}
	snprintf(rec_source, sizeof(rec_source), "tuning record %s", path);
	rec_valid = 1;
}

const struct inetcsum_tuning_row *
inetcsum_tuning_record(void)
{
	int expected = 0;

	if (atomic_load_explicit(&rec_state, memory_order_acquire) != 2) {
		if (atomic_compare_exchange_strong_explicit(
			    &rec_state, &expected, 1, memory_order_acquire,
			    memory_order_acquire)) {
			load();
			atomic_store_explicit(&rec_state, 2,
					      memory_order_release);
		}
		/* Another thread reads the file: the few microseconds it takes. */
		while (atomic_load_explicit(&rec_state, memory_order_acquire) !=
		       2)
			;
	}
	return rec_valid ? &record_row : NULL;
}

INETCSUM_API const char *
inetcsum_tuning_source(void)
{
	(void)inetcsum_tuning_record();
	return rec_source;
}

INETCSUM_API int
inetcsum_tuning_export(char *buf, size_t cap, const char *partial,
		       const char *copy, long prefetch, const char *note)
{
	const struct inetcsum_tuning_row *row = inetcsum_tuning_table_row();
	struct inetcsum_cpu_ident id;
	char k[3][NAME_MAX_ + 1];
	size_t i, gro_far;
	int n, c, gso_l2;

	if (buf == NULL || partial == NULL || copy == NULL ||
	    name(partial, strlen(partial), k[0]) < 0 ||
	    name(copy, strlen(copy), k[1]) < 0 || prefetch < -1 ||
	    prefetch > (1 << 20))
		return -1;
	if (note == NULL)
		note = "";
	if (strlen(note) > NOTE_MAX || strchr(note, '\n') != NULL)
		return -1;
	if (row->partial_large != NULL)
		snprintf(k[2], sizeof(k[2]), "%s", row->partial_large);
	else
		snprintf(k[2], sizeof(k[2]), "-");
	inetcsum_tuning_ident(&id);
	/*
	 * The packet layer's choices: inetcsum_packet_tuning_set()'s, as
	 * `inetcsum tune` measured them, else the table row's.  Not the
	 * record's: like the rest, the record is read at a first call, and
	 * an export must not be one.
	 */
	inetcsum_tuning_packet_builtin(&gro_far, &gso_l2);
	if (gro_far < 1 || gro_far > INETCSUM_GRO_FAR_MAX)
		return -1;
	n = snprintf(buf, cap,
		     "inetcsum-tuning 3\n"
		     "cpu %s %u %u 0x%x\n"
		     "partial %s\ncopy %s\nprefetch %ld\nprefetch_min %zu\n"
		     "copy_madd_min %zu\npartial_large %s %zu\n"
		     "gro_far %zu\ngso_prefetch_l2 %d\nnote %s\n",
		     vendor_name(id.vendor), (unsigned)id.family,
		     (unsigned)id.model, (unsigned)csum_features(),
		     k[0], k[1], prefetch, row->prefetch_min,
		     row->copy_madd_min, k[2],
		     row->partial_large != NULL ? row->partial_large_min : 0,
		     gro_far, gso_l2, note);
	if (n < 0 || (size_t)n + 12 > cap || (size_t)n + 11 > RECORD_MAX)
		return -1;
	for (i = 0; i < (size_t)n; i++)
		if (buf[i] == '\0')
			return -1;
	c = snprintf(buf + n, cap - (size_t)n, "check %04x\n",
		     check_of(buf, (size_t)n));
	return n + c;
}
