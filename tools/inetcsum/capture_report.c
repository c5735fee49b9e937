/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/capture_report.c - text and JSON Lines output of the
 * capture commands, tallies and the progress line (see capture_report.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "capture_report.h"

/* Refresh the progress line every quarter second: smooth, yet cheap. */
#define PROGRESS_PERIOD	0.25

static const char *
proto_name(size_t p)
{
	return inetcsum_proto_name((enum inetcsum_proto)p);
}

static int
is_problem_status(enum inetcsum_status s)
{
	return s == INETCSUM_BAD || s == INETCSUM_ILLEGAL ||
	       s == INETCSUM_PARTIAL || s == INETCSUM_UNVERIFIED;
}

int
cli_frame_is_problem(const struct inetcsum_frame_result *r)
{
	size_t i;

	for (i = 0; i < r->nlayers; i++)
		if (is_problem_status(r->layers[i].status))
			return 1;
	return 0;
}

/* Counts 'n' frames with note 'note' (compared by content). */
static void
count_note(struct cli_tally *t, const char *note, uint64_t n)
{
	size_t i;

	for (i = 0; i < t->nnotes; i++)
		if (t->notes[i].note == note ||
		    strcmp(t->notes[i].note, note) == 0) {
			t->notes[i].n += n;
			return;
		}
	if (t->nnotes == CLI_MAX_NOTES) {
		t->other_notes += n;
		return;
	}
	t->notes[t->nnotes].note = note;
	t->notes[t->nnotes++].n = n;
}

void
cli_tally_frame(struct cli_tally *t,
		     const struct inetcsum_frame_result *r)
{
	size_t i;
	int problem = 0, bad = 0;

	t->frames++;
	for (i = 0; i < r->nlayers && i < INETCSUM_MAX_LAYERS; i++) {
		const struct inetcsum_layer *l = &r->layers[i];

		if ((unsigned)l->proto < CLI_NPROTO &&
		    (unsigned)l->status < CLI_NSTATUS)
			t->n[l->proto][l->status]++;
		problem |= is_problem_status(l->status);
		bad |= l->status == INETCSUM_BAD ||
		       l->status == INETCSUM_ILLEGAL;
	}
	t->problem_frames += problem;
	t->bad_frames += bad;
	if (r->note != NULL) {
		t->unparsed++;
		count_note(t, r->note, 1);
	}
}

/* Adds the reassembly counts of 'src' to 'dst'; peaks are the larger. */
static void
reasm_merge(struct inetcsum_reasm_tally *dst,
	    const struct inetcsum_reasm_tally *src)
{
	size_t i, k;

	dst->on |= src->on;
	dst->fragments += src->fragments;
	dst->datagrams += src->datagrams;
	dst->nonfirst += src->nonfirst;
	dst->other_failed += src->other_failed;
	for (i = 0; i < src->nfailed; i++) {
		for (k = 0; k < dst->nfailed; k++)
			if (strcmp(dst->failed[k].note,
				   src->failed[i].note) == 0)
				break;
		if (k < dst->nfailed) {
			dst->failed[k].n += src->failed[i].n;
		} else if (dst->nfailed < INETCSUM_REASM_MAX_REASONS) {
			dst->failed[dst->nfailed++] = src->failed[i];
		} else {
			dst->other_failed += src->failed[i].n;
		}
	}
	if (src->peak_bytes > dst->peak_bytes)
		dst->peak_bytes = src->peak_bytes;
	if (src->peak_datagrams > dst->peak_datagrams)
		dst->peak_datagrams = src->peak_datagrams;
}

void
cli_tally_merge(struct cli_tally *dst,
		     const struct cli_tally *src)
{
	size_t p, s;

	dst->files += src->files;
	dst->unreadable += src->unreadable;
	dst->frames += src->frames;
	dst->problem_frames += src->problem_frames;
	dst->bad_frames += src->bad_frames;
	dst->unparsed += src->unparsed;
	dst->fixed_fields += src->fixed_fields;
	dst->oversize += src->oversize;
	dst->nonpacket += src->nonpacket;
	for (p = 0; p < CLI_NPROTO; p++)
		for (s = 0; s < CLI_NSTATUS; s++)
			dst->n[p][s] += src->n[p][s];
	for (p = 0; p < src->nnotes; p++)
		count_note(dst, src->notes[p].note, src->notes[p].n);
	dst->other_notes += src->other_notes;
	reasm_merge(&dst->reasm, &src->reasm);
}

static int
by_count(const void *a, const void *b)
{
	const struct cli_note_count *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->note, y->note);
}

/* The reasons, most frequent first (then by name: output is stable). */
static size_t
sorted_notes(const struct cli_tally *t,
	     struct cli_note_count out[CLI_MAX_NOTES])
{
	memcpy(out, t->notes, t->nnotes * sizeof(out[0]));
	qsort(out, t->nnotes, sizeof(out[0]), by_count);
	return t->nnotes;
}

static size_t
sorted_reasons(const struct inetcsum_reasm_tally *r,
	       struct cli_note_count out[INETCSUM_REASM_MAX_REASONS])
{
	size_t i;

	for (i = 0; i < r->nfailed; i++) {
		out[i].note = r->failed[i].note;
		out[i].n = r->failed[i].n;
	}
	qsort(out, r->nfailed, sizeof(out[0]), by_count);
	return r->nfailed;
}

void
cli_print_frame_text(FILE *f, const char *file, uint64_t frame,
			  const struct inetcsum_frame_result *r)
{
	size_t i;

	fprintf(f, "%s: frame %llu:", file, (unsigned long long)frame);
	for (i = 0; i < r->nlayers && i < INETCSUM_MAX_LAYERS; i++) {
		const struct inetcsum_layer *l = &r->layers[i];

		fprintf(f, "%s %s %s", i ? "," : "",
			inetcsum_proto_name(l->proto),
			inetcsum_status_name(l->status));
		if (l->status == INETCSUM_BAD ||
		    l->status == INETCSUM_PARTIAL ||
		    l->status == INETCSUM_ILLEGAL)
			fprintf(f, " [0x%04x, should be 0x%04x]", l->stored,
				l->expected);
		if (l->reason != NULL)
			fprintf(f, " (%s)", l->reason);
	}
	if (r->nlayers == 0)
		fprintf(f, " no checksum");
	if (r->note != NULL)
		fprintf(f, "; %s", r->note);
	fputc('\n', f);
}

/*
 * The length of the well-formed UTF-8 sequence at 's' (RFC 3629 section
 * 4: no overlong forms, no surrogates, nothing past U+10FFFF), or 0.
 */
static size_t
utf8_len(const unsigned char *s)
{
	unsigned char c = s[0];
	size_t n, i;
	unsigned lo = 0x80, hi = 0xbf;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	for (i = 1; i < n; i++) {
		if (s[i] < lo || s[i] > hi)
			return 0;	/* also the terminating NUL */
		lo = 0x80;
		hi = 0xbf;
	}
	return n;
}

void
cli_json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (s == NULL) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	while (*p) {
		size_t n = utf8_len(p);

		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else if (n == 0)
			/*
			 * A byte that is not UTF-8 (a file name in another
			 * encoding): JSON text must be UTF-8, so it is
			 * escaped as Python's surrogateescape writes it
			 * (PEP 383), U+DC80-U+DCFF, which gives the same
			 * bytes back (os.fsencode()).
			 */
			fprintf(f, "\\udc%02x", *p);
		else
			fwrite(p, 1, n, f);
		p += n ? n : 1;
	}
	fputc('"', f);
}

void
cli_print_frame_json(FILE *f, const char *file, uint64_t frame,
			  size_t frame_offset,
			  const struct inetcsum_frame_result *r)
{
	size_t i;

	fputs("{\"file\":", f);
	cli_json_string(f, file);
	fprintf(f, ",\"frame\":%llu,\"layers\":[", (unsigned long long)frame);
	for (i = 0; i < r->nlayers && i < INETCSUM_MAX_LAYERS; i++) {
		const struct inetcsum_layer *l = &r->layers[i];

		fprintf(f, "%s{\"proto\":\"%s\",\"status\":\"%s\","
			"\"stored\":\"0x%04x\",\"expected\":\"0x%04x\","
			"\"offset\":%zu,\"file_offset\":%zu,\"reason\":",
			i ? "," : "", inetcsum_proto_name(l->proto),
			inetcsum_status_name(l->status), l->stored,
			l->expected, l->field_offset,
			frame_offset + l->field_offset);
		cli_json_string(f, l->reason);
		fputc('}', f);
	}
	fputs("],\"note\":", f);
	cli_json_string(f, r->note);
	fputs("}\n", f);
}

void
cli_print_tally_text(FILE *f, const struct cli_tally *t)
{
	size_t p, s;

	fprintf(f, "summary: %llu file%s (%llu unreadable), %llu frames, "
		"%llu with bad checksums, %llu with other findings, "
		"%llu not fully parsed\n",
		(unsigned long long)t->files, t->files == 1 ? "" : "s",
		(unsigned long long)t->unreadable,
		(unsigned long long)t->frames,
		(unsigned long long)t->bad_frames,
		(unsigned long long)(t->problem_frames - t->bad_frames),
		(unsigned long long)t->unparsed);
	cli_print_oversize_text(f, t);
	/* Never silent: why frames stopped short of their inner packet. */
	{
		struct cli_note_count nc[CLI_MAX_NOTES];
		size_t k, n = sorted_notes(t, nc);

		for (k = 0; k < n; k++)
			fprintf(f, "  not parsed %llu: %s\n",
				(unsigned long long)nc[k].n, nc[k].note);
		if (t->other_notes)
			fprintf(f, "  not parsed %llu: other reasons\n",
				(unsigned long long)t->other_notes);
	}
	cli_print_reasm_text(f, t);
	for (p = 0; p < CLI_NPROTO; p++) {
		int any = 0;

		for (s = 0; s < CLI_NSTATUS; s++) {
			if (t->n[p][s] == 0)
				continue;
			if (!any)
				fprintf(f, "  %-8s",
					proto_name(p));
			fprintf(f, " %s %llu",
				inetcsum_status_name((enum inetcsum_status)s),
				(unsigned long long)t->n[p][s]);
			any = 1;
		}
		if (any)
			fputc('\n', f);
	}
}

/* The summary object's value: {"files":...}, without a newline. */
static void
print_tally_body(FILE *f, const struct cli_tally *t,
		 const uint64_t *fixed)
{
	size_t p, s;
	int firstp = 1;

	fprintf(f, "{\"files\":%llu,\"unreadable\":%llu,"
		"\"frames\":%llu,\"bad_frames\":%llu,\"problem_frames\":%llu,"
		"\"unparsed\":%llu,\"fixed_fields\":%llu,"
		"\"oversize_records\":%llu,\"non_packet_records\":%llu,"
		"\"layers\":{",
		(unsigned long long)t->files,
		(unsigned long long)t->unreadable,
		(unsigned long long)t->frames,
		(unsigned long long)t->bad_frames,
		(unsigned long long)t->problem_frames,
		(unsigned long long)t->unparsed,
		(unsigned long long)t->fixed_fields,
		(unsigned long long)t->oversize,
		(unsigned long long)t->nonpacket);
	for (p = 0; p < CLI_NPROTO; p++) {
		int firsts = 1;

		for (s = 0; s < CLI_NSTATUS; s++) {
			if (t->n[p][s] == 0)
				continue;
			if (firsts)
				fprintf(f, "%s\"%s\":{", firstp ? "" : ",",
					proto_name(p));
			fprintf(f, "%s\"%s\":%llu", firsts ? "" : ",",
				inetcsum_status_name((enum inetcsum_status)s),
				(unsigned long long)t->n[p][s]);
			firsts = 0;
			firstp = 0;
		}
		if (!firsts)
			fputc('}', f);
	}
	fputs("},\"unparsed_reasons\":{", f);
	{
		struct cli_note_count nc[CLI_MAX_NOTES];
		size_t k, n = sorted_notes(t, nc);

		for (k = 0; k < n; k++) {
			if (k)
				fputc(',', f);
			cli_json_string(f, nc[k].note);
			fprintf(f, ":%llu", (unsigned long long)nc[k].n);
		}
		if (t->other_notes)
			fprintf(f, "%s\"other\":%llu", n ? "," : "",
				(unsigned long long)t->other_notes);
	}
	fputc('}', f);
	if (t->reasm.on) {
		struct cli_note_count nc[INETCSUM_REASM_MAX_REASONS];
		size_t k, n = sorted_reasons(&t->reasm, nc);

		fprintf(f, ",\"reassembly\":{\"fragments\":%llu,"
			"\"datagrams\":%llu,\"nonfirst_fragments\":%llu,"
			"\"peak_pending_bytes\":%llu,"
			"\"peak_pending_datagrams\":%llu,"
			"\"not_reassembled\":{",
			(unsigned long long)t->reasm.fragments,
			(unsigned long long)t->reasm.datagrams,
			(unsigned long long)t->reasm.nonfirst,
			(unsigned long long)t->reasm.peak_bytes,
			(unsigned long long)t->reasm.peak_datagrams);
		for (k = 0; k < n; k++) {
			if (k)
				fputc(',', f);
			cli_json_string(f, nc[k].note);
			fprintf(f, ":%llu", (unsigned long long)nc[k].n);
		}
		if (t->reasm.other_failed)
			fprintf(f, "%s\"other\":%llu", n ? "," : "",
				(unsigned long long)t->reasm.other_failed);
		fputs("}}", f);
	}
	if (fixed != NULL) {
		int first = 1;

		fputs(",\"fixed\":{", f);
		for (p = 0; p < CLI_NPROTO; p++) {
			if (fixed[p] == 0)
				continue;
			fprintf(f, "%s\"%s\":%llu", first ? "" : ",",
				proto_name(p), (unsigned long long)fixed[p]);
			first = 0;
		}
		fputc('}', f);
	}
	fputc('}', f);
}

void
cli_print_tally_json(FILE *f, const struct cli_tally *t)
{
	fputs("{\"summary\":", f);
	print_tally_body(f, t, NULL);
	fputs("}\n", f);
}

void
capture_print_summary_json(FILE *f, const char *type, const char *file,
			   const char *output, const char *error,
			   const struct cli_tally *t,
			   const uint64_t *fixed)
{
	fputs("{\"type\":", f);
	cli_json_string(f, type);
	if (file != NULL) {
		fputs(",\"file\":", f);
		cli_json_string(f, file);
	}
	if (output != NULL) {
		fputs(",\"output\":", f);
		cli_json_string(f, output);
	}
	fputs(",\"error\":", f);
	cli_json_string(f, error);
	fputs(",\"summary\":", f);
	print_tally_body(f, t, fixed);
	fputs("}\n", f);
}

char *
capture_error_text(const char *buf, size_t len, const char *cmd,
		   const char *path)
{
	size_t cl = strlen(cmd), pl = strlen(path), k = 0, n = 0;
	/* Each "; " replaces a newline: at most one byte more per line. */
	char *out = len > 0 ? malloc(2 * len + 1) : NULL;

	if (out == NULL) {
		free(out);
		return NULL;
	}
	while (k < len) {
		const char *l = buf + k, *e = memchr(l, '\n', len - k);
		size_t ll = e != NULL ? (size_t)(e - l) : len - k;

		k += ll + (e != NULL);
		/* "inetcsum check: " then, if it follows, "PATH: " */
		if (ll >= 10 + cl && memcmp(l, "inetcsum ", 9) == 0 &&
		    memcmp(l + 9, cmd, cl) == 0 && l[9 + cl] == ':' &&
		    l[10 + cl] == ' ') {
			l += 11 + cl;
			ll -= 11 + cl;
			if (ll > pl + 2 && memcmp(l, path, pl) == 0 &&
			    l[pl] == ':' && l[pl + 1] == ' ') {
				l += pl + 2;
				ll -= pl + 2;
			}
		}
		if (ll == 0)
			continue;
		if (n > 0) {
			out[n++] = ';';
			out[n++] = ' ';
		}
		memcpy(out + n, l, ll);
		n += ll;
	}
	if (n == 0) {
		free(out);
		return NULL;
	}
	out[n] = '\0';
	return out;
}


void
cli_print_oversize_text(FILE *f, const struct cli_tally *t)
{
	/* Read and checked like any other, but the file's header claims
	 * otherwise: worth a line, never an error. */
	if (t->oversize)
		fprintf(f, "  %llu record%s longer than the snapshot length, "
			"read whole\n", (unsigned long long)t->oversize,
			t->oversize == 1 ? "" : "s");
	/* Kept as they are; counted in the frame numbers, as tshark
	 * numbers them, so the numbers here are tshark's. */
	if (t->nonpacket)
		fprintf(f, "  %llu pcapng block%s without a packet (custom, "
			"systemd journal) counted in the frame numbers, as "
			"tshark lists them\n",
			(unsigned long long)t->nonpacket,
			t->nonpacket == 1 ? "" : "s");
}

void
cli_print_reasm_text(FILE *f, const struct cli_tally *t)
{
	struct cli_note_count nc[INETCSUM_REASM_MAX_REASONS];
	const struct inetcsum_reasm_tally *r = &t->reasm;
	size_t k, n;

	if (!r->on || r->fragments == 0)
		return;
	fprintf(f, "  reassembled %llu datagram%s from %llu fragments (%llu "
		"of the frames not fully parsed are their non-first "
		"fragments); peak %llu bytes pending in %llu datagram%s\n",
		(unsigned long long)r->datagrams, r->datagrams == 1 ? "" : "s",
		(unsigned long long)r->fragments,
		(unsigned long long)r->nonfirst,
		(unsigned long long)r->peak_bytes,
		(unsigned long long)r->peak_datagrams,
		r->peak_datagrams == 1 ? "" : "s");
	n = sorted_reasons(r, nc);
	for (k = 0; k < n; k++)
		fprintf(f, "  not reassembled %llu: %s\n",
			(unsigned long long)nc[k].n, nc[k].note);
	if (r->other_failed)
		fprintf(f, "  not reassembled %llu: other reasons\n",
			(unsigned long long)r->other_failed);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int
cli_progress_shown(size_t total, int allowed)
{
	return allowed && total >= CLI_PROGRESS_MIN &&
	       isatty(STDERR_FILENO);
}

void
cli_progress_start(struct cli_progress *p, const char *name,
			size_t total, int allowed)
{
	p->name = name;
	p->total = total;
	p->on = cli_progress_shown(total, allowed);
	p->next = p->on ? now() + PROGRESS_PERIOD : 0;
}

void
cli_progress_update(struct cli_progress *p, size_t done)
{
	double t;

	if (!p->on)
		return;
	t = now();
	if (t < p->next)
		return;
	p->next = t + PROGRESS_PERIOD;
	fprintf(stderr, "\r%s: %3.0f%%", p->name,
		100.0 * (double)done / (double)p->total);
	fflush(stderr);
}

void
cli_progress_end(struct cli_progress *p)
{
	if (p->on)
		fprintf(stderr, "\r%s: done\033[K\n", p->name);
}
