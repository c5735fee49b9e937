/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_fix.c - "inetcsum fix IN OUT": write a copy of a
 * capture in which only the wrong checksum fields differ.
 *
 * The input is mapped read-only and copied to the output as it is, except
 * that a frame with a field to rewrite is first copied to a scratch
 * buffer, repaired there by inetcsum_frame_fix() and written from there.
 * Every byte that is not a rewritten checksum (file and block headers,
 * timestamps, options, blocks this tool does not understand, padding) is
 * therefore the input's own; nothing is re-encoded.  Copying instead of
 * patching a private writable mapping avoids a copy-on-write fault per
 * touched page, and the output goes out in large writes.
 *
 * The output is a temporary file beside OUT, fsynced and renamed over OUT
 * (io_file.c), so OUT is either the complete result or untouched: a
 * damaged input, a full disk or any failed call leaves no partial file.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "capture_opts.h"
#include "capture_report.h"
#include "commands.h"
#include "inetcsum_packet.h"
#include "io_file.h"
#include "pcap.h"

#define PROGRESS_FRAMES	4096u

static void
usage(FILE *f)
{
	fprintf(f,
"usage: inetcsum fix [-v | -q] [--fix-partial] IN OUT\n"
"       inetcsum fix [-v | -q] [--fix-partial] --in-place FILE\n"
"Copy the capture IN to OUT, rewriting only the checksum fields that are\n"
"wrong; every other byte stays as it is.  OUT is replaced atomically.\n"
"  -v, --verbose   a line per rewritten field\n"
"  -q, --quiet     no summary\n"
"  --fix-partial   also complete offload 'partial' checksums\n"
"  --in-place      rewrite FILE itself (still via a temporary file)\n"
"Exit status: 0 OUT written, 2 error (OUT not written).\n");
}

/*
 * Counts, and with -v prints, the fields inetcsum_frame_fix() rewrote in
 * 'frame': those whose bytes now differ from the value 'r' recorded before
 * the fix.  Besides the wrong fields themselves this finds a correct outer
 * checksum (GRE, an ICMP error) that had to follow a repaired inner layer
 * it covers.
 */
static void
note_changes(const char *path, uint64_t frame, size_t frame_offset,
	     const uint8_t *data, size_t caplen,
	     const struct inetcsum_frame_result *r, int verbose,
	     uint64_t changed[INETCSUM_NPROTO])
{
	size_t i;

	for (i = 0; i < r->nlayers && i < INETCSUM_MAX_LAYERS; i++) {
		const struct inetcsum_layer *l = &r->layers[i];
		unsigned now;

		if (l->field_offset > caplen || caplen - l->field_offset < 2)
			continue;
		now = (unsigned)data[l->field_offset] << 8 |
		      data[l->field_offset + 1];
		if (now == l->stored)
			continue;
		if ((unsigned)l->proto < INETCSUM_NPROTO)
			changed[l->proto]++;
		if (verbose)
			printf("%s: frame %llu: %s %s 0x%04x -> 0x%04x at file "
			       "offset %zu\n", path, (unsigned long long)frame,
			       inetcsum_proto_name(l->proto),
			       inetcsum_status_name(l->status), l->stored,
			       now, frame_offset + l->field_offset);
	}
}

static void
print_summary(const char *in, const char *out,
	      const struct inetcsum_tally *t, unsigned flags,
	      const uint64_t changed[INETCSUM_NPROTO])
{
	size_t p;
	uint64_t left_partial = 0, left_illegal = 0;

	printf("%s -> %s: %llu frames, %llu checksum field%s rewritten",
	       in, out, (unsigned long long)t->frames,
	       (unsigned long long)t->fixed_fields,
	       t->fixed_fields == 1 ? "" : "s");
	for (p = 0; p < INETCSUM_NPROTO; p++) {
		uint64_t n = changed[p];

		if (!(flags & INETCSUM_FIX_PARTIAL))
			left_partial += t->n[p][INETCSUM_PARTIAL];
		left_illegal += t->n[p][INETCSUM_ILLEGAL];
		if (n)
			printf(" %s:%llu",
			       inetcsum_proto_name((enum inetcsum_proto)p),
			       (unsigned long long)n);
	}
	putchar('\n');
	if (left_partial)
		printf("  %llu partial (offload) field%s left as they are; "
		       "--fix-partial completes them\n",
		       (unsigned long long)left_partial,
		       left_partial == 1 ? "" : "s");
	if (left_illegal)
		printf("  %llu illegal field%s (zero UDP checksum over "
		       "IPv6) left as they are\n",
		       (unsigned long long)left_illegal,
		       left_illegal == 1 ? "" : "s");
}

/* Whether inetcsum_frame_fix() would rewrite a field of this frame. */
static int
needs_fix(const struct inetcsum_frame_result *r, unsigned flags)
{
	size_t i;

	for (i = 0; i < r->nlayers && i < INETCSUM_MAX_LAYERS; i++) {
		if (r->layers[i].status == INETCSUM_BAD)
			return 1;
		if (r->layers[i].status == INETCSUM_PARTIAL &&
		    (flags & INETCSUM_FIX_PARTIAL))
			return 1;
	}
	return 0;
}

/*
 * Streams 'file' to 'o': the input bytes as they are, except that each
 * frame with a field to rewrite is copied to 'scratch', repaired there and
 * written from there.  Returns 0, or -1 with the message printed (the
 * caller then aborts 'o').
 */
static int
stream_fixed(const char *path, const struct inetcsum_file *file,
	     struct inetcsum_out *o, unsigned flags, int verbose,
	     struct inetcsum_tally *t, uint64_t changed[INETCSUM_NPROTO])
{
	struct inetcsum_cap cap;
	struct inetcsum_cap_frame fr;
	struct inetcsum_frame_result res;
	struct inetcsum_progress prog;
	uint8_t *scratch = NULL;
	size_t done = 0, scratch_len = 0, p;
	int r;

	if (inetcsum_cap_open(&cap, file->data, file->len) < 0) {
		fprintf(stderr, "inetcsum fix: %s: %s\n", path, cap.err);
		return -1;
	}
	inetcsum_progress_start(&prog, path, file->len, 1);
	while ((r = inetcsum_cap_next(&cap, &fr)) == 1) {
		res.nlayers = 0;
		res.note = NULL;
		inetcsum_frame_check(fr.linktype, fr.data, fr.caplen,
				     fr.origlen, &res);
		inetcsum_tally_frame(t, &res);
		if (fr.number % PROGRESS_FRAMES == 0)
			inetcsum_progress_update(&prog, cap.pos);
		if (!needs_fix(&res, flags))
			continue;
		if (fr.caplen > scratch_len) {
			uint8_t *n = realloc(scratch, fr.caplen);

			if (n == NULL) {
				fprintf(stderr, "inetcsum fix: out of "
					"memory\n");
				r = -2;
				break;
			}
			scratch = n;
			scratch_len = fr.caplen;
		}
		memcpy(scratch, fr.data, fr.caplen);
		if (inetcsum_frame_fix(fr.linktype, scratch, fr.caplen,
				       fr.origlen, flags, &res) > 0)
			note_changes(path, fr.number, fr.offset, scratch,
				     fr.caplen, &res, verbose, changed);
		/* Everything up to this frame unchanged, then the frame. */
		if (inetcsum_out_write(o, file->data + done,
				       fr.offset - done) < 0 ||
		    inetcsum_out_write(o, scratch, fr.caplen) < 0) {
			fprintf(stderr, "inetcsum fix: %s\n", o->err);
			r = -2;
			break;
		}
		done = fr.offset + fr.caplen;
	}
	inetcsum_progress_end(&prog);
	free(scratch);
	if (r == -1)
		fprintf(stderr, "inetcsum fix: %s: %s\n", path, cap.err);
	inetcsum_cap_close(&cap);
	if (r < 0)
		return -1;
	/* The rest: trailing records and blocks without a repaired frame. */
	if (inetcsum_out_write(o, file->data + done, file->len - done) < 0) {
		fprintf(stderr, "inetcsum fix: %s\n", o->err);
		return -1;
	}
	for (p = 0; p < INETCSUM_NPROTO; p++)
		t->fixed_fields += changed[p];
	return 0;
}

int
cmd_fix(int argc, char **argv)
{
	struct inetcsum_tally t = { 0 };
	struct capture_opts co;
	uint64_t changed[INETCSUM_NPROTO] = { 0 };
	struct inetcsum_file file;
	struct inetcsum_out o;
	struct stat st;
	unsigned flags = 0;
	int verbose = 0, quiet = 0, in_place = 0, i;
	const char *in, *out;
	char msg[512];
	mode_t mode, mask;

	i = capture_parse_opts("fix", CAPTURE_OPT_VERBOSE | CAPTURE_OPT_QUIET |
			       CAPTURE_OPT_FIX_PARTIAL | CAPTURE_OPT_IN_PLACE,
			       argc, argv, &co, usage);
	if (i < 0)
		return i == -1 ? 0 : 2;
	verbose = co.verbose;
	quiet = co.quiet;
	in_place = co.in_place;
	if (co.fix_partial)
		flags |= INETCSUM_FIX_PARTIAL;
	if (argc - i != (in_place ? 1 : 2)) {
		usage(stderr);
		return 2;
	}
	in = argv[i];
	out = in_place ? in : argv[i + 1];
	if (in_place && strcmp(in, "-") == 0) {
		fprintf(stderr, "inetcsum fix: --in-place needs a file\n");
		return 2;
	}
	if (strcmp(out, "-") == 0) {
		fprintf(stderr, "inetcsum fix: OUT must be a file: it is "
			"written to a temporary file and renamed\n");
		return 2;
	}
	if (inetcsum_file_load(in, 0, &file, msg, sizeof(msg)) < 0) {
		fprintf(stderr, "inetcsum fix: %s\n", msg);
		return 2;
	}
	/* Refuse to replace the input through another name, too. */
	if (!in_place && stat(out, &st) == 0 && st.st_dev == file.dev &&
	    st.st_ino == file.ino && strcmp(in, "-") != 0) {
		fprintf(stderr, "inetcsum fix: %s is the input file; use "
			"--in-place to rewrite it\n", out);
		inetcsum_file_unload(&file);
		return 2;
	}
	/* rename() would replace a device, FIFO or directory entry. */
	if (stat(out, &st) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(stderr, "inetcsum fix: %s exists and is not a regular "
			"file\n", out);
		inetcsum_file_unload(&file);
		return 2;
	}
	if (in_place) {
		mode = file.mode & 07777;
	} else {
		/* What open(O_CREAT, 0666) would give a new file. */
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (inetcsum_out_open(&o, out, msg, sizeof(msg)) < 0) {
		fprintf(stderr, "inetcsum fix: %s; %s not written\n", msg, out);
		inetcsum_file_unload(&file);
		return 2;
	}
	if (stream_fixed(in, &file, &o, flags, verbose, &t, changed) < 0) {
		inetcsum_out_abort(&o);
		fprintf(stderr, "inetcsum fix: %s not written\n", out);
		inetcsum_file_unload(&file);
		return 2;
	}
	if (inetcsum_out_commit(&o, mode) < 0) {
		fprintf(stderr, "inetcsum fix: %s; %s not written\n", msg, out);
		inetcsum_file_unload(&file);
		return 2;
	}
	inetcsum_file_unload(&file);
	if (!quiet)
		print_summary(in, out, &t, flags, changed);
	if (fflush(stdout) != 0) {
		fprintf(stderr, "inetcsum fix: standard output: %s\n",
			strerror(errno));
		return 2;
	}
	return 0;
}
