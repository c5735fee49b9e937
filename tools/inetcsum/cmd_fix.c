/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_fix.c - "inetcsum fix IN OUT": write a copy of a
 * capture in which only the wrong checksum fields differ.
 *
 * The input (read through the stream's window, or mapped read-only for
 * --in-place and when a progress line is shown) is copied to the output
 * as it is, except
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
 *
 * Many inputs: --output-dir DIR writes each IN (the operands, then the
 * paths --files-from names) to DIR/basename(IN), each as above; two
 * inputs of the same base name are refused before anything is written.
 * --in-place takes many files too.  A file that fails is reported by
 * name and counted, and the others still run; --json prints a summary
 * object per file and, for more than one, a merged one ("type":"total").
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture_opts.h"
#include "capture_report.h"
#include "commands.h"
#include "inetcsum_packet.h"
#include "io_file.h"
#include "pcap.h"
#include "reasm_driver.h"
#include "stream.h"

#define PROGRESS_FRAMES	4096u

/* Where -v lines and the summary go: standard error when OUT is "-". */
static FILE *report;
/* Where the current file's errors go: a buffer, shown after the file. */
static FILE *errs;
/* --json: -v lines are objects too */
static int json;

static void
usage(FILE *f)
{
	fprintf(f,
"usage: inetcsum fix [-v | -q] [--json] [--fix-partial] [--udp-port P=K]\n"
"                    [--no-reassembly | --reassembly-LIMIT N] IN OUT\n"
"       inetcsum fix [OPTIONS] --output-dir DIR [--files-from LIST] [IN...]\n"
"       inetcsum fix [OPTIONS] --in-place [--files-from LIST] [FILE...]\n"
"Copy the capture IN to OUT, rewriting only the checksum fields that are\n"
"wrong; every other byte stays as it is.  OUT is replaced atomically.\n"
"IN may be '-' (standard input), a pipe or a gzip/zstd/lz4 file (OUT is\n"
"then the decompressed capture), read as a stream.  OUT '-' streams to\n"
"standard output, which cannot be atomic: after an error it holds the\n"
"capture up to that point (exit 2); messages then go to standard error.\n"
"An OUT named *.gz, *.zst or *.lz4 is written compressed.\n"
"  -v, --verbose   a line per rewritten field\n"
"  -q, --quiet     no summary (with --json, the objects stay)\n"
"  --fix-partial   also complete offload 'partial' checksums\n"
"  --in-place      rewrite FILE itself (still via a temporary file)\n"
"  --output-dir DIR  write each IN to DIR/its base name, atomically\n"
"  --files-from LIST  also the inputs LIST names ('-': standard input),\n"
"                  one path a line, verbatim; empty lines ignored\n"
"  --json          JSON Lines: a summary object per file (\"type\":\"file\")\n"
"                  and, for more than one, the merged one (\"type\":\n"
"                  \"total\"); -v adds an\n"
"                  object per rewritten field\n"
"  --udp-port P=K  decode UDP port P as tunnel K (see inetcsum check -h)\n"
"  --no-reassembly, --reassembly-bytes N, --reassembly-datagrams N,\n"
"  --reassembly-timeout S, --reassembly-frames N\n"
"                  IP reassembly, as for inetcsum check -h; a wrong\n"
"                  checksum of a reassembled datagram is rewritten in\n"
"                  its first fragment\n"
"Exit status: 0 OUT written, 2 error (OUT not written; with many inputs,\n"
"one failed: it is not written, the others are).\n");
}

/*
 * Counts, and with -v prints, the fields inetcsum_frame_fix() rewrote in
 * 'frame': those whose bytes now differ from the value 'r' recorded before
 * the fix.  Besides the wrong fields themselves this finds a correct outer
 * checksum (GRE, an ICMP error) that had to follow a repaired inner layer
 * it covers.  'rlayer' is the layer that the reassembly judged, or -1.
 */
static void
note_changes(const char *path, uint64_t frame, size_t frame_offset,
	     const uint8_t *data, size_t caplen,
	     const struct inetcsum_frame_result *r, int rlayer, int verbose,
	     uint64_t changed[CLI_NPROTO])
{
	size_t i;

	for (i = 0; i < r->nlayers && i < INETCSUM_MAX_LAYERS; i++) {
		const struct inetcsum_layer *l = &r->layers[i];
		unsigned now;

		if (l->field_offset > caplen || caplen - l->field_offset < 2)
			continue;
		now = (unsigned)data[l->field_offset] << 8 |
		      data[l->field_offset + 1];
		/*
		 * SCTP's 'stored' is half its field (inetcsum_packet.h); the
		 * fixer rewrites a BAD SCTP field whole, so BAD says it.
		 */
		if (now == l->stored && !(l->proto == INETCSUM_PROTO_SCTP &&
					  l->status == INETCSUM_BAD &&
					  (int)i != rlayer))
			continue;
		if ((unsigned)l->proto < CLI_NPROTO)
			changed[l->proto]++;
		if (verbose && json) {
			fputs("{\"type\":\"field\",\"file\":", report);
			cli_json_string(report, path);
			fprintf(report, ",\"frame\":%llu,\"proto\":\"%s\","
				"\"status\":\"%s\",\"stored\":\"0x%04x\","
				"\"written\":\"0x%04x\",\"file_offset\":%zu}\n",
				(unsigned long long)frame,
				inetcsum_proto_name(l->proto),
				inetcsum_status_name(l->status), l->stored,
				now, frame_offset + l->field_offset);
		} else if (verbose) {
			fprintf(report, "%s: frame %llu: %s %s 0x%04x -> 0x%04x at file "
			       "offset %zu\n", path, (unsigned long long)frame,
			       inetcsum_proto_name(l->proto),
			       inetcsum_status_name(l->status), l->stored,
			       now, frame_offset + l->field_offset);
		}
	}
}

static void
print_summary(const char *in, const char *out,
	      const struct cli_tally *t, unsigned flags,
	      const uint64_t changed[CLI_NPROTO])
{
	size_t p;
	uint64_t left_partial = 0, left_illegal = 0;

	fprintf(report, "%s -> %s: %llu frames, %llu checksum field%s rewritten",
	       in, out, (unsigned long long)t->frames,
	       (unsigned long long)t->fixed_fields,
	       t->fixed_fields == 1 ? "" : "s");
	for (p = 0; p < CLI_NPROTO; p++) {
		uint64_t n = changed[p];

		if (!(flags & INETCSUM_FIX_PARTIAL))
			left_partial += t->n[p][INETCSUM_PARTIAL];
		left_illegal += t->n[p][INETCSUM_ILLEGAL];
		if (n)
			fprintf(report, " %s:%llu",
			       inetcsum_proto_name((enum inetcsum_proto)p),
			       (unsigned long long)n);
	}
	fputc('\n', report);
	/* Written as they were, every byte past the snapshot length too. */
	cli_print_oversize_text(report, t);
	if (left_partial)
		fprintf(report, "  %llu partial (offload) field%s left as they are; "
		       "--fix-partial completes them\n",
		       (unsigned long long)left_partial,
		       left_partial == 1 ? "" : "s");
	if (left_illegal)
		fprintf(report, "  %llu illegal field%s (zero UDP checksum over "
		       "IPv6) left as they are\n",
		       (unsigned long long)left_illegal,
		       left_illegal == 1 ? "" : "s");
	cli_print_reasm_text(report, t);
	/* Never silent: checksums past where parsing stopped are unchecked. */
	for (p = 0; p < t->nnotes; p++)
		fprintf(report, "  %llu frame%s not parsed to the end, left as they "
		       "are past that point: %s\n",
		       (unsigned long long)t->notes[p].n,
		       t->notes[p].n == 1 ? "" : "s", t->notes[p].note);
	if (t->other_notes)
		fprintf(report, "  %llu frame%s not parsed to the end for other "
		       "reasons\n", (unsigned long long)t->other_notes,
		       t->other_notes == 1 ? "" : "s");
}

/*
 * The output side of a fix.  Everything before the stream offset 'pos' has
 * been written.  Frames leave the reassembly (capture/reasm_driver.c) in
 * order, but possibly later than they were read: a first fragment waits
 * for its datagram's verdict, and the frames after it wait behind it.
 * With a mapped input their bytes are still in the mapping when they leave.  A
 * streamed input's window moves on meanwhile: the bytes it drops that are
 * not written yet are kept in 'hold' (stream offsets [hold_base,
 * hold_base + hold_len), which then ends where the window starts), at
 * most 'max_hold' bytes; beyond that the oldest pending datagram is given
 * up (evicted, its first fragment left as it is) and its frames written.
 */
struct fixer {
	const char *path;
	struct inetcsum_out *o;
	struct inetcsum_cap *cap;
	unsigned flags;
	int verbose, failed;
	struct cli_tally *t;
	uint64_t *changed;
	uint64_t pos;
	uint8_t *hold;
	size_t hold_len, hold_cap, max_hold;
	uint64_t hold_base;
	uint8_t *scratch;
	size_t scratch_len;
	struct inetcsum_reasm_driver rd;
};

static int
put(struct fixer *x, const void *p, size_t n)
{
	if (x->failed)
		return -1;
	if (n > 0 && inetcsum_out_write(x->o, p, n) < 0) {
		x->failed = 1;
		return -1;
	}
	return 0;
}

/* Writes the input bytes from 'pos' up to the stream offset 'end'. */
static int
write_upto(struct fixer *x, uint64_t end)
{
	uint64_t hold_end = x->hold_base + x->hold_len;

	while (x->pos < end) {
		size_t n;

		if (x->pos < hold_end && x->pos >= x->hold_base) {
			n = (size_t)((end < hold_end ? end : hold_end) - x->pos);
			if (put(x, x->hold + (x->pos - x->hold_base), n) < 0)
				return -1;
		} else {
			n = (size_t)(end - x->pos);
			if (put(x, x->cap->buf + (x->pos - x->cap->base), n) < 0)
				return -1;
		}
		x->pos += n;
	}
	/* Held bytes before 'pos' are no longer needed. */
	if (x->hold_len > 0 && x->pos >= hold_end) {
		x->hold_len = 0;
	} else if (x->hold_len > 0 && x->pos - x->hold_base > x->hold_len / 2) {
		size_t gone = (size_t)(x->pos - x->hold_base);

		memmove(x->hold, x->hold + gone, x->hold_len - gone);
		x->hold_len -= gone;
		x->hold_base = x->pos;
	}
	if (x->hold_len == 0)
		x->hold_base = x->pos;
	return 0;
}

/* Copies the 'n' input bytes at stream offset 'off' to 'dst'. */
static void
gather(const struct fixer *x, uint64_t off, size_t n, uint8_t *dst)
{
	uint64_t hold_end = x->hold_base + x->hold_len;

	while (n > 0) {
		size_t k;

		if (off < hold_end && off >= x->hold_base) {
			k = (size_t)(hold_end - off);
			k = k < n ? k : n;
			memcpy(dst, x->hold + (off - x->hold_base), k);
		} else {
			k = n;
			memcpy(dst, x->cap->buf + (off - x->cap->base), k);
		}
		dst += k;
		off += k;
		n -= k;
	}
}

/* Whether a field of this frame is to be rewritten. */
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
 * Whether check found a field "not ready" (pcapng epb_flags): the reason
 * is set exactly when the flag turned a wrong field partial, and only then
 * does the flag change what the fixer does, so the fixer is given it then.
 */
static int
was_not_ready(const struct inetcsum_frame_result *r)
{
	size_t i;

	for (i = 0; i < r->nlayers && i < INETCSUM_MAX_LAYERS; i++)
		if (r->layers[i].reason != NULL &&
		    strcmp(r->layers[i].reason, "not ready") == 0)
			return 1;
	return 0;
}

/*
 * A frame leaves the reassembly: tallied, and written, repaired in a
 * scratch copy if a field is wrong.  The upper-layer field of a
 * reassembled datagram (layer 'rlayer' of the first fragment) is written
 * here, with the value computed over the whole datagram; the packet
 * layer's fix sees only the fragment and leaves that field alone.
 */
static void
release_frame(void *arg, struct inetcsum_reasm_frame *f)
{
	struct fixer *x = arg;
	struct inetcsum_frame_result tmp;
	const struct inetcsum_layer *l;

	cli_tally_frame(x->t, f->r);
	if (x->failed)
		return;
	if (!needs_fix(f->r, x->flags)) {
		write_upto(x, f->offset + f->caplen);
		return;
	}
	if (f->caplen > x->scratch_len) {
		uint8_t *n = realloc(x->scratch, f->caplen);

		if (n == NULL) {
			snprintf(x->o->err, x->o->errlen, "out of memory");
			inetcsum_out_abort(x->o);
			x->failed = 1;
			return;
		}
		x->scratch = n;
		x->scratch_len = f->caplen;
	}
	gather(x, f->offset, f->caplen, x->scratch);
	/* The frame's pcapng "checksum not ready" flag, as check applied it
	 * (its wrong TCP/UDP fields became partial, reason "not ready"). */
	inetcsum_frame_fix(f->linktype, x->scratch, f->caplen, f->origlen,
			   x->flags | (was_not_ready(f->r) ?
				       INETCSUM_FRAME_NOT_READY : 0), &tmp);
	if (f->rlayer >= 0) {
		l = &f->r->layers[f->rlayer];
		/*
		 * 'expected' is the whole field for every protocol but SCTP,
		 * whose 4-byte CRC it holds only half of (inetcsum_packet.h):
		 * a reassembled SCTP datagram is checked, not fixed.
		 */
		if ((l->status == INETCSUM_BAD ||
		     (l->status == INETCSUM_PARTIAL &&
		      (x->flags & INETCSUM_FIX_PARTIAL))) &&
		    l->proto != INETCSUM_PROTO_SCTP &&
		    l->field_offset < f->caplen &&
		    f->caplen - l->field_offset >= 2) {
			x->scratch[l->field_offset] =
				(uint8_t)(l->expected >> 8);
			x->scratch[l->field_offset + 1] = (uint8_t)l->expected;
		}
	}
	note_changes(x->path, f->number, (size_t)f->offset, x->scratch,
		     f->caplen, f->r, f->rlayer, x->verbose, x->changed);
	if (write_upto(x, f->offset) < 0 || put(x, x->scratch, f->caplen) < 0)
		return;
	x->pos = f->offset + f->caplen;
	write_upto(x, x->pos);	/* drops held bytes now written */
}

/*
 * The stream is about to drop the window's first 'n' bytes: written if no
 * frame is held back, else kept, within 'max_hold'.
 */
static int
fix_flush(void *arg, const uint8_t *p, size_t n)
{
	struct fixer *x = arg;
	uint64_t base = x->cap->base, end = base + n;
	uint64_t from;

	(void)p;
	while (inetcsum_reasm_driver_held(&x->rd) > 0 &&
	       x->hold_len + n > x->max_hold && !x->failed)
		inetcsum_reasm_driver_evict_head(&x->rd, "evicted: output "
						 "held back over the byte "
						 "limit");
	if (x->failed)
		return -1;
	if (inetcsum_reasm_driver_held(&x->rd) == 0)
		return write_upto(x, end);
	/* Keep [max(pos, base), end) after what is held already. */
	if (x->hold_len == 0)
		x->hold_base = x->pos;
	from = x->pos > base ? x->pos : base;
	if (end > from) {
		size_t k = (size_t)(end - from);

		if (x->hold_len + k > x->hold_cap) {
			size_t ncap = x->hold_cap ? x->hold_cap : 1u << 20;
			uint8_t *h;

			while (ncap < x->hold_len + k)
				ncap *= 2;
			h = realloc(x->hold, ncap);
			if (h == NULL) {
				snprintf(x->o->err, x->o->errlen,
					 "out of memory");
				inetcsum_out_abort(x->o);
				x->failed = 1;
				return -1;
			}
			x->hold = h;
			x->hold_cap = ncap;
		}
		memcpy(x->hold + x->hold_len, x->cap->buf + (from - base), k);
		x->hold_len += k;
	}
	return 0;
}

/*
 * Copies the capture to 'o': the input bytes as they are, except that each
 * frame with a field to rewrite is copied to a scratch buffer, repaired
 * there and written from there.  The input is the mapped 'file', or, when
 * 's' is not NULL, a stream (pipe, standard input, compressed file) read
 * through its bounded window.  Returns 0, or -1 with the message printed
 * (the caller then aborts 'o').
 */
static int
stream_fixed(const char *path, const struct inetcsum_file *file,
	     struct inetcsum_capstream *s, struct inetcsum_out *o,
	     const struct capture_opts *co, unsigned flags, int verbose,
	     struct cli_tally *t, uint64_t changed[CLI_NPROTO])
{
	struct inetcsum_cap cap;
	struct inetcsum_cap_frame fr;
	struct cli_progress prog;
	struct inetcsum_reasm_limits lim;
	struct fixer x;
	size_t p;
	int r;

	if ((s != NULL ? inetcsum_capstream_cap_open(s, &cap) :
	     inetcsum_cap_open(&cap, file->data, file->len)) < 0) {
		fprintf(errs, "inetcsum fix: %s: %s\n", path, cap.err);
		inetcsum_cap_close(&cap);
		return -1;
	}
	memset(&x, 0, sizeof(x));
	x.path = path;
	x.o = o;
	x.cap = &cap;
	x.flags = flags;
	x.verbose = verbose;
	x.t = t;
	x.changed = changed;
	x.max_hold = co->reasm_bytes ? co->reasm_bytes :
		     INETCSUM_REASM_MAX_BYTES;
	if (inetcsum_reasm_driver_init(&x.rd, capture_reasm_limits(co, &lim),
				       &t->reasm, release_frame, &x) < 0) {
		fprintf(errs, "inetcsum fix: out of memory\n");
		inetcsum_cap_close(&cap);
		return -1;
	}
	/* This run repairs every bad IPv4 header checksum, fragments' too:
	 * their datagrams are judged as OUT will present them. */
	x.rd.admit_bad_headers = 1;
	/* Nothing written yet: the file header goes out with the first
	 * bytes. */
	x.pos = 0;
	x.hold_base = 0;
	cli_progress_start(&prog, path, s != NULL ? 0 : file->len, 1);
	while ((r = s != NULL ? inetcsum_capstream_next(s, &cap, &fr, fix_flush,
						     &x) :
		    inetcsum_cap_next(&cap, &fr)) == 1) {
		inetcsum_reasm_driver_frame(&x.rd, &cap, &fr);
		if (fr.number % PROGRESS_FRAMES == 0)
			cli_progress_update(&prog, cap.pos);
		if (x.failed) {
			fprintf(errs, "inetcsum fix: %s\n", o->err);
			r = -2;
			break;
		}
	}
	cli_progress_end(&prog);
	if (r == -1 && x.failed)
		fprintf(errs, "inetcsum fix: %s\n", o->err);
	else if (r == -1)
		fprintf(errs, "inetcsum fix: %s: %s\n", path, cap.err);
	if (r == 0) {
		/* Frames still held, then the trailing records and blocks. */
		inetcsum_reasm_driver_end(&x.rd);
		if (!x.failed)
			write_upto(&x, cap.base + cap.len);
		if (x.failed) {
			fprintf(errs, "inetcsum fix: %s\n", o->err);
			r = -2;
		}
	}
	inetcsum_reasm_driver_free(&x.rd);
	free(x.scratch);
	free(x.hold);
	t->oversize += cap.noversize;
	t->nonpacket += cap.nnonpacket;
	inetcsum_cap_close(&cap);
	if (r < 0)
		return -1;
	for (p = 0; p < CLI_NPROTO; p++)
		t->fixed_fields += changed[p];
	return 0;
}

/* What applies to every file of a run. */
struct fix_run {
	const struct capture_opts *co;
	unsigned flags;
	int verbose, in_place;
};

/*
 * Fixes one file: 'in' to 'out' ('in' itself with --in-place).  Returns 0
 * when 'out' was written, 2 after messages on 'errs' (nothing written).
 */
static int
fix_one(const struct fix_run *run, const char *in, const char *out,
	struct cli_tally *t, uint64_t changed[CLI_NPROTO])
{
	const struct capture_opts *co = run->co;
	struct inetcsum_file file;
	struct inetcsum_out o;
	struct inetcsum_capstream s;
	struct stat st;
	int in_place = run->in_place, to_stdout, streamed;
	mode_t in_mode;
	char msg[512];
	mode_t mode, mask;

	to_stdout = strcmp(out, "-") == 0;
	if (in_place && strcmp(in, "-") == 0) {
		fprintf(errs, "inetcsum fix: --in-place needs a file\n");
		return 2;
	}
	if (to_stdout && isatty(STDOUT_FILENO)) {
		fprintf(errs, "inetcsum fix: not writing a capture to a "
			"terminal\n");
		return 2;
	}
	memset(&file, 0, sizeof(file));
	/* Regular files are mapped; pipes and standard input streamed. */
	streamed = strcmp(in, "-") == 0 ||
		   (stat(in, &st) == 0 && !S_ISREG(st.st_mode));
	if (!streamed) {
		if (inetcsum_file_load(in, 0, &file, msg, sizeof(msg)) < 0) {
			fprintf(errs, "inetcsum fix: %s\n", msg);
			return 2;
		}
		/*
		 * A compressed file is decoded as a stream; OUT is the
		 * decompressed capture.  A plain file is read as a stream
		 * too, except for --in-place and when a progress line will
		 * be shown: read() into the window was 1.5x faster than
		 * walking the mapping (docs/capture-speed.md).
		 */
		int compressed = inetcsum_codec_detect(file.data, file.len) !=
				 INETCSUM_CODEC_NONE;

		if (compressed ||
		    (!in_place && !cli_progress_shown(file.len, 1))) {
			if (compressed && in_place) {
				fprintf(errs, "inetcsum fix: %s is "
					"compressed; --in-place would replace "
					"it with the uncompressed capture\n",
					in);
				inetcsum_file_unload(&file);
				return 2;
			}
			streamed = 1;
			in_mode = file.mode;
			inetcsum_file_unload(&file);
			memset(&file, 0, sizeof(file));
			file.mode = in_mode;
			if (stat(in, &st) == 0) {
				file.dev = st.st_dev;
				file.ino = st.st_ino;
			}
		}
	}
	if (streamed && inetcsum_capstream_open(&s, in) < 0) {
		fprintf(errs, "inetcsum fix: %s: %s\n", in, s.err);
		inetcsum_capstream_close(&s);
		return 2;
	}
	/* Refuse to replace the input through another name, too. */
	if (!in_place && !to_stdout && strcmp(in, "-") != 0 &&
	    stat(out, &st) == 0 && st.st_dev == file.dev &&
	    st.st_ino == file.ino) {
		fprintf(errs, "inetcsum fix: %s is the input file; use "
			"--in-place to rewrite it\n", out);
		goto fail_input;
	}
	/* rename() would replace a device, FIFO or directory entry. */
	if (!to_stdout && stat(out, &st) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(errs, "inetcsum fix: %s exists and is not a regular "
			"file\n", out);
		goto fail_input;
	}
	if (in_place) {
		mode = file.mode & 07777;
	} else {
		/* What open(O_CREAT, 0666) would give a new file. */
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if ((to_stdout ? inetcsum_out_open_stdout(&o, msg, sizeof(msg)) :
	     inetcsum_out_open(&o, out, msg, sizeof(msg))) < 0) {
		fprintf(errs, "inetcsum fix: %s; %s not written\n", msg, out);
		goto fail_input;
	}
	/* OUT.gz, OUT.zst, OUT.lz4: written compressed. */
	if (inetcsum_out_compress_by_name(&o) < 0) {
		fprintf(errs, "inetcsum fix: %s; %s not written\n", msg, out);
		inetcsum_out_abort(&o);
		goto fail_input;
	}
	if (stream_fixed(in, &file, streamed ? &s : NULL, &o, co, run->flags,
			 run->verbose, t, changed) < 0) {
		inetcsum_out_abort(&o);
		if (to_stdout)
			fprintf(errs, "inetcsum fix: standard output is "
				"incomplete: the capture written there stops "
				"at or before the error\n");
		else
			fprintf(errs, "inetcsum fix: %s not written\n", out);
		goto fail_input;
	}
	if (streamed)
		inetcsum_capstream_close(&s);
	streamed = 0;
	if (inetcsum_out_commit(&o, mode) < 0) {
		fprintf(errs, "inetcsum fix: %s; %s not %s\n", msg, out,
			to_stdout ? "complete" : "written");
		goto fail_input;
	}
	inetcsum_file_unload(&file);
	return 0;

fail_input:
	if (streamed)
		inetcsum_capstream_close(&s);
	inetcsum_file_unload(&file);
	return 2;
}

/* The output of 'in' in DIR: DIR/base name; NULL after a message. */
static char *
output_in(const char *dir, const char *in)
{
	const char *base = strrchr(in, '/');
	size_t n;
	char *p;

	base = base != NULL ? base + 1 : in;
	if (strcmp(in, "-") == 0 || *base == '\0' || strcmp(base, ".") == 0 ||
	    strcmp(base, "..") == 0) {
		fprintf(stderr, "inetcsum fix: --output-dir needs input files "
			"with a name, not '%s'\n", in);
		return NULL;
	}
	n = strlen(dir) + 1 + strlen(base) + 1;
	p = malloc(n);
	if (p == NULL) {
		fprintf(stderr, "inetcsum fix: out of memory\n");
		return NULL;
	}
	snprintf(p, n, "%s/%s", dir, base);
	return p;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file that exists, by what it is (a link followed): for same_files(). */
struct file_id {
	dev_t dev;
	ino_t ino;
	size_t idx;		/* the input it belongs to */
	int is_out;
};

static int
by_id(const void *a, const void *b)
{
	const struct file_id *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return 0;
}

/*
 * The outputs and inputs of --output-dir that are one file under two
 * names: an output that exists as a symbolic link (io_file.c writes
 * through it) or a hard link to another output, or to another input,
 * which an earlier output would overwrite before it is read.  The names
 * alone do not tell.  Returns 0, or -1 after a message.
 */
static int
same_files(char **in, char **out, size_t n)
{
	struct file_id *id = malloc((2 * n + 1) * sizeof(*id));
	struct stat st;
	size_t k, m = 0;
	int rc = 0;

	if (id == NULL) {
		fprintf(stderr, "inetcsum fix: out of memory\n");
		return -1;
	}
	for (k = 0; k < 2 * n; k++) {
		const char *path = k < n ? out[k] : in[k - n];

		/* '-' (standard input) is no file; a missing one no twin. */
		if ((k >= n && strcmp(path, "-") == 0) || stat(path, &st) != 0)
			continue;
		id[m].dev = st.st_dev;
		id[m].ino = st.st_ino;
		id[m].idx = k % n;
		id[m++].is_out = k < n;
	}
	qsort(id, m, sizeof(*id), by_id);
	for (k = 1; k < m && rc == 0; k++) {
		const struct file_id *a = &id[k - 1], *b = &id[k];

		if (by_id(a, b) != 0 || a->idx == b->idx ||
		    (!a->is_out && !b->is_out))
			continue;
		if (a->is_out && b->is_out)
			fprintf(stderr, "inetcsum fix: %s and %s are one file: "
				"two inputs would both be written to it; "
				"nothing written\n", out[a->idx], out[b->idx]);
		else
			fprintf(stderr, "inetcsum fix: the output %s of %s is "
				"the input %s; nothing written\n",
				out[a->is_out ? a->idx : b->idx],
				in[a->is_out ? a->idx : b->idx],
				in[a->is_out ? b->idx : a->idx]);
		rc = -1;
	}
	free(id);
	return rc;
}

/*
 * The outputs of --output-dir, one per input; before anything is
 * written, two inputs that would land on the same output (by name, or
 * as one file under two names) are refused.  NULL after a message.
 */
static char **
outputs_in(const char *dir, char **in, size_t n)
{
	char **out = calloc(n ? n : 1, sizeof(*out)), **sorted;
	struct stat st;
	size_t k;

	if (out == NULL) {
		fprintf(stderr, "inetcsum fix: out of memory\n");
		return NULL;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "inetcsum fix: --output-dir %s: %s\n", dir,
			stat(dir, &st) != 0 ? strerror(errno) :
			"not a directory");
		free(out);
		return NULL;
	}
	for (k = 0; k < n; k++)
		if ((out[k] = output_in(dir, in[k])) == NULL)
			goto fail;
	sorted = malloc((n ? n : 1) * sizeof(*sorted));
	if (sorted == NULL) {
		fprintf(stderr, "inetcsum fix: out of memory\n");
		goto fail;
	}
	memcpy(sorted, out, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), by_name);
	for (k = 1; k < n; k++)
		if (strcmp(sorted[k - 1], sorted[k]) == 0) {
			fprintf(stderr, "inetcsum fix: two inputs would both "
				"be written to %s; nothing written\n",
				sorted[k]);
			free(sorted);
			goto fail;
		}
	free(sorted);
	if (same_files(in, out, n) < 0)
		goto fail;
	return out;

fail:
	for (k = 0; k < n; k++)
		free(out[k]);
	free(out);
	return NULL;
}

static void
print_total(const struct cli_tally *t, uint64_t failed,
	    const uint64_t changed[CLI_NPROTO])
{
	size_t p;

	fprintf(report, "total: %llu file%s (%llu failed, not written), %llu "
		"frames, %llu checksum field%s rewritten",
		(unsigned long long)t->files, t->files == 1 ? "" : "s",
		(unsigned long long)failed, (unsigned long long)t->frames,
		(unsigned long long)t->fixed_fields,
		t->fixed_fields == 1 ? "" : "s");
	for (p = 0; p < CLI_NPROTO; p++)
		if (changed[p])
			fprintf(report, " %s:%llu",
				inetcsum_proto_name((enum inetcsum_proto)p),
				(unsigned long long)changed[p]);
	fputc('\n', report);
}

int
cmd_fix(int argc, char **argv)
{
	struct cli_tally total = { 0 };
	uint64_t changed_total[CLI_NPROTO] = { 0 };
	struct capture_opts co;
	struct fix_run run = { 0 };
	char **files = NULL, **outs = NULL;
	size_t nfiles = 0, k, p;
	uint64_t failed = 0;
	int i, quiet, many, rc = 0;

	i = capture_parse_opts("fix", CAPTURE_OPT_VERBOSE | CAPTURE_OPT_QUIET |
			       CAPTURE_OPT_FIX_PARTIAL | CAPTURE_OPT_IN_PLACE |
			       CAPTURE_OPT_UDP_PORT | CAPTURE_OPT_REASM |
			       CAPTURE_OPT_JSON | CAPTURE_OPT_FILES_FROM |
			       CAPTURE_OPT_OUTPUT_DIR, argc, argv, &co, usage);
	if (i < 0)
		return i == -1 ? 0 : 2;
	run.co = &co;
	run.verbose = co.verbose;
	run.in_place = co.in_place;
	if (co.fix_partial)
		run.flags |= INETCSUM_FIX_PARTIAL;
	quiet = co.quiet;
	json = co.json;
	if (co.in_place && co.output_dir != NULL) {
		fprintf(stderr, "inetcsum fix: --in-place and --output-dir "
			"contradict\n");
		usage(stderr);
		return 2;
	}
	/* Many inputs: into a folder, or each in place. */
	many = co.output_dir != NULL || co.files_from != NULL ||
	       (co.in_place && argc - i != 1);
	if (many && !co.in_place && co.output_dir == NULL) {
		fprintf(stderr, "inetcsum fix: --files-from needs "
			"--output-dir DIR or --in-place\n");
		usage(stderr);
		return 2;
	}
	if (!many && argc - i != (co.in_place ? 1 : 2)) {
		usage(stderr);
		return 2;
	}
	if (!many) {
		files = argv + i;
		nfiles = 1;
		report = strcmp(argv[co.in_place ? i : i + 1], "-") == 0 ?
			 stderr : stdout;
	} else {
		if ((argc == i && co.files_from == NULL) ||
		    capture_file_list("fix", &co, argc, argv, i, &files,
				      &nfiles) < 0)
			return 2;
		if (nfiles == 0)
			fprintf(stderr, "inetcsum fix: --files-from %s names "
				"no file\n", co.files_from);
		if (co.output_dir != NULL &&
		    (outs = outputs_in(co.output_dir, files, nfiles)) == NULL) {
			capture_free_list(files, nfiles);
			return 2;
		}
		report = stdout;
	}
	for (k = 0; k < nfiles; k++) {
		struct cli_tally t = { 0 };
		uint64_t changed[CLI_NPROTO] = { 0 };
		const char *in = files[k];
		const char *out = co.in_place ? in :
				  outs != NULL ? outs[k] : argv[i + 1];
		char *text = NULL, *msg;
		size_t len = 0;
		int r;

		errs = open_memstream(&text, &len);
		if (errs == NULL)
			errs = stderr;
		r = fix_one(&run, in, out, &t, changed);
		if (errs != stderr)
			fclose(errs);
		errs = stderr;
		if (text != NULL && len > 0) {
			fflush(report);
			fwrite(text, 1, len, stderr);
		}
		if (r != 0) {
			/* Nothing written: nothing counted but the file. */
			memset(&t, 0, sizeof(t));
			memset(changed, 0, sizeof(changed));
			t.unreadable = 1;
			failed++;
			rc = 2;
		}
		t.files = 1;
		if (json) {
			msg = text != NULL ? capture_error_text(text, len,
								"fix", in) :
			      NULL;
			capture_print_summary_json(report, "file", in,
						   strcmp(out, "-") == 0 ?
						   "standard output" : out,
						   msg != NULL ? msg :
						   r != 0 ? "not written" : NULL,
						   &t, changed);
			free(msg);
		} else if (!quiet && r == 0) {
			print_summary(in, strcmp(out, "-") == 0 ?
				      "standard output" : out, &t, run.flags,
				      changed);
		}
		free(text);
		cli_tally_merge(&total, &t);
		for (p = 0; p < CLI_NPROTO; p++)
			changed_total[p] += changed[p];
	}
	if (json && nfiles != 1)
		capture_print_summary_json(report, "total", NULL, NULL, NULL,
					   &total, changed_total);
	else if (!quiet && many)
		print_total(&total, failed, changed_total);
	if (many) {
		if (outs != NULL)
			for (k = 0; k < nfiles; k++)
				free(outs[k]);
		free(outs);
		capture_free_list(files, nfiles);
	}
	if (fflush(report) != 0) {
		fprintf(stderr, "inetcsum fix: standard output: %s\n",
			strerror(errno));
		return 2;
	}
	return rc;
}
