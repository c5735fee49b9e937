/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_check.c - "inetcsum check FILE...": verify every
 * checksum of every frame of pcap/pcapng captures.
 *
 * The files are the operands, then the paths --files-from names (one a
 * line, capture_opts.h).  A file that cannot be read is reported by name
 * and counted; the others still run.  Each file gets its own tally, which
 * --json prints as that file's summary object ("type":"file", with the
 * file's error if any) after its frames; the merge of all is the last
 * object ("type":"total", not printed for one file: it would repeat that
 * file's) or the text summary.
 *
 * Each file is read once through a bounded window (stream.c), each frame
 * checked as soon as it has arrived; a plain file is mapped and walked
 * (pcap.c) only when a progress line is shown, on a terminal.  Each frame
 * goes to the reassembly driver (capture/reasm_driver.c), which verifies
 * it with the packet layer and hands it back in capture order, with the
 * verdicts of its reassembled datagram if it is a first fragment; they
 * are printed for frames with findings (every frame with -v) and
 * tallied.  With -j N, N threads take files in turn; each file's output
 * is buffered and written in the order the files were named, so the
 * output does not depend on N.
 *
 * Exit status: 0 every checksum good (or by design not checkable), 1 a
 * bad or illegal checksum was found (or, with --strict, a frame was not
 * parsed to its innermost packet), 2 a file could not be read (entirely
 * or past some record); 2 wins over 1.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
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
#include "reasm_driver.h"
#include "stream.h"

/* How many frames between progress refreshes: rare enough to be free. */
#define PROGRESS_FRAMES	4096u

struct check_opts {
	int verbose, quiet, json, progress;
	const struct capture_opts *co;	/* reassembly */
};

/* Where one file's frames go once the reassembly lets them out. */
struct check_ctx {
	const struct check_opts *o;
	const char *path;
	FILE *out;
	struct cli_tally *t;
	struct inetcsum_reasm_driver rd;
};

/* One file's job and, with -j, its buffered output. */
struct check_job {
	const char *path;
	struct cli_tally tally;
	char *out, *err;
	size_t outlen, errlen;
	int done;
};

/* A file's errors as they are buffered, then shown and kept. */
struct errbuf {
	char *text;
	size_t len;
	FILE *f;	/* a memory stream, or stderr if none could open */
};

static void
usage(FILE *f)
{
	fprintf(f,
"usage: inetcsum check [-v | -q] [--json] [--strict] [--udp-port PORT=KIND]\n"
"                      [--no-reassembly | --reassembly-LIMIT N] [-j N]\n"
"                      [--files-from LIST] [FILE...]\n"
"Verify the IPv4, TCP, UDP, UDP-Lite, ICMP, ICMPv6, IGMP, GRE, PIM, VRRP\n"
"(and CARP), OSPF, RSVP, EIGRP, PGM, HIP, DCCP, NHRP, IPv6 Mobility\n"
"Header, Shim6, CDP, UDLD, EDP and FDP checksums (and SCTP's CRC32c) of\n"
"every frame of pcap and pcapng captures ('-' reads standard input).\n"
"  -v, --verbose  a line for every frame, not only frames with findings\n"
"  -q, --quiet    no per-frame lines, only the summary\n"
"  --json         JSON Lines: an object per frame, a summary object per\n"
"                 file (\"type\":\"file\"), then, for more than one file,\n"
"                 the merged one (\"type\":\"total\")\n"
"  --files-from LIST  also check the files LIST names ('-': standard\n"
"                 input), one path a line, verbatim; empty lines ignored\n"
"  --strict       exit 1 also when a frame was not parsed to its innermost\n"
"                 packet (the summary lists why)\n"
"  --udp-port P=K decode UDP port P as tunnel K (vxlan, vxlan-gpe, geneve,\n"
"                 gtpu, l2tp, teredo, mpls, gre, lisp, ayiya, tzsp,\n"
"                 capwap) or as plain UDP (none);\n"
"                 repeatable\n"
"  -j N, --jobs N check N files at once; output stays in file order\n"
"  --no-reassembly  leave IP fragments unverified (\"fragment\")\n"
"  --reassembly-bytes N[K|M|G]  pending fragment bytes at most (64M)\n"
"  --reassembly-datagrams N     pending datagrams at most (4096)\n"
"  --reassembly-timeout S       a datagram expires S seconds of capture\n"
"                 time after its first fragment (30)\n"
"  --reassembly-frames N        ... or N frames after it (10000)\n"
"Exit status: 0 all good, 1 bad checksums found (--strict: or frames not\n"
"fully parsed), 2 a file was unreadable (the others are still checked).\n");
}

/* One frame, released in order: its verdicts tallied and printed. */
static void
release_frame(void *arg, struct inetcsum_reasm_frame *f)
{
	struct check_ctx *x = arg;
	const struct check_opts *o = x->o;

	cli_tally_frame(x->t, f->r);
	if (o->json && !o->quiet)
		cli_print_frame_json(x->out, x->path, f->number,
					  (size_t)f->offset, f->r);
	else if (!o->quiet && (o->verbose ||
			       cli_frame_is_problem(f->r)))
		cli_print_frame_text(x->out, x->path, f->number,
					  f->r);
}


/* Starts the context of one file; -1 (reported) when out of memory. */
static int
ctx_start(struct check_ctx *x, const struct check_opts *o, const char *path,
	  FILE *out, FILE *err, struct cli_tally *t)
{
	struct inetcsum_reasm_limits lim;

	x->o = o;
	x->path = path;
	x->out = out;
	x->t = t;
	if (inetcsum_reasm_driver_init(&x->rd, capture_reasm_limits(o->co,
				       &lim), &t->reasm, release_frame, x) < 0) {
		fprintf(err, "inetcsum check: %s: out of memory\n", path);
		t->unreadable++;
		inetcsum_reasm_driver_free(&x->rd);
		return -1;
	}
	return 0;
}

/* Ends it: frames still held are released, pending datagrams counted. */
static void
ctx_end(struct check_ctx *x)
{
	inetcsum_reasm_driver_end(&x->rd);
	inetcsum_reasm_driver_free(&x->rd);
}

/* Before the stream blocks for more input: what is printed goes out. */
static int
flush_out(void *arg, const uint8_t *p, size_t n)
{
	(void)p;
	(void)n;
	fflush(arg);
	return 0;
}

/*
 * A pipe, standard input or a compressed file: read through the bounded
 * window of stream.c, each frame checked as soon as it has arrived.
 */
static void
check_stream(const struct check_opts *o, const char *path, FILE *out,
	     FILE *err, struct cli_tally *t)
{
	struct inetcsum_capstream s;
	struct inetcsum_cap cap;
	struct inetcsum_cap_frame fr;
	struct check_ctx x;
	int r;

	if (inetcsum_capstream_open(&s, path) < 0) {
		fprintf(err, "inetcsum check: %s: %s\n", path, s.err);
		t->unreadable++;
		inetcsum_capstream_close(&s);
		return;
	}
	if (inetcsum_capstream_cap_open(&s, &cap) < 0) {
		fprintf(err, "inetcsum check: %s: %s\n", path, cap.err);
		t->unreadable++;
		inetcsum_cap_close(&cap);
		inetcsum_capstream_close(&s);
		return;
	}
	if (ctx_start(&x, o, path, out, err, t) < 0) {
		inetcsum_cap_close(&cap);
		inetcsum_capstream_close(&s);
		return;
	}
	while ((r = inetcsum_capstream_next(&s, &cap, &fr, flush_out, out)) == 1)
		inetcsum_reasm_driver_frame(&x.rd, &cap, &fr);
	ctx_end(&x);
	t->oversize += cap.noversize;
	t->nonpacket += cap.nnonpacket;
	if (r < 0) {
		fprintf(err, "inetcsum check: %s: %s (%llu frames checked "
			"before it)\n", path, cap.err,
			(unsigned long long)cap.nframes);
		t->unreadable++;
	}
	inetcsum_cap_close(&cap);
	inetcsum_capstream_close(&s);
}

/* A compressed regular file is streamed through its decoder. */
static int
is_compressed(const struct inetcsum_file *file)
{
	return inetcsum_codec_detect(file->data, file->len) !=
	       INETCSUM_CODEC_NONE;
}

/* Checks one file; its lines go to 'out', its errors to 'err'. */
static void
check_file(const struct check_opts *o, const char *path, FILE *out,
	   FILE *err, struct cli_tally *t)
{
	struct inetcsum_file file;
	struct inetcsum_cap cap;
	struct inetcsum_cap_frame fr;
	struct cli_progress prog;
	struct check_ctx x;
	struct stat st;
	char msg[512];
	int r;

	t->files++;
	/* Regular files are mapped (the fast path); the rest is streamed. */
	if (strcmp(path, "-") == 0 || (stat(path, &st) == 0 &&
				       !S_ISREG(st.st_mode))) {
		check_stream(o, path, out, err, t);
		return;
	}
	if (inetcsum_file_load(path, 0, &file, msg, sizeof(msg)) < 0) {
		fprintf(err, "inetcsum check: %s\n", msg);
		t->unreadable++;
		return;
	}
	/*
	 * A compressed file is streamed through its decoder.  So is a plain
	 * one unless a progress line will be shown (a terminal, one thread,
	 * a big file): read() into the stream's window was 1.6-1.9x faster
	 * than walking the mapping (Zen 5 VM, 111 MB in the page cache,
	 * bench/pcap_speed.sh, docs/capture-speed.md): the kernel's copy
	 * pulls the pages in faster than the walk's loads do.
	 */
	if (is_compressed(&file) ||
	    !cli_progress_shown(file.len, o->progress)) {
		inetcsum_file_unload(&file);
		check_stream(o, path, out, err, t);
		return;
	}
	if (inetcsum_cap_open(&cap, file.data, file.len) < 0) {
		fprintf(err, "inetcsum check: %s: %s\n", path, cap.err);
		t->unreadable++;
		inetcsum_file_unload(&file);
		return;
	}
	if (ctx_start(&x, o, path, out, err, t) < 0) {
		inetcsum_cap_close(&cap);
		inetcsum_file_unload(&file);
		return;
	}
	cli_progress_start(&prog, path, file.len, o->progress);
	while ((r = inetcsum_cap_next(&cap, &fr)) == 1) {
		inetcsum_reasm_driver_frame(&x.rd, &cap, &fr);
		if (fr.number % PROGRESS_FRAMES == 0)
			cli_progress_update(&prog, cap.pos);
	}
	cli_progress_end(&prog);
	ctx_end(&x);
	t->oversize += cap.noversize;
	t->nonpacket += cap.nnonpacket;
	if (r < 0) {
		/* Everything before the damage has been checked above. */
		fprintf(err, "inetcsum check: %s: %s (%llu frames checked "
			"before it)\n", path, cap.err,
			(unsigned long long)cap.nframes);
		t->unreadable++;
	}
	inetcsum_cap_close(&cap);
	inetcsum_file_unload(&file);
}

/* Opens a file's error buffer; without memory, errors go to stderr. */
static void
errbuf_open(struct errbuf *e)
{
	e->text = NULL;
	e->len = 0;
	e->f = open_memstream(&e->text, &e->len);
	if (e->f == NULL)
		e->f = stderr;
}

/* Closes it; its text stays in e->text (NULL if it went to stderr). */
static void
errbuf_close(struct errbuf *e)
{
	if (e->f != stderr)
		fclose(e->f);
	e->f = NULL;
}

/*
 * The summary object of one file (--json), after its frames: its tally
 * and what went wrong, from the messages of 'e'.
 */
static void
file_summary(FILE *out, const char *path, const struct cli_tally *t,
	     const struct errbuf *e)
{
	char *msg = e->text != NULL ?
		    capture_error_text(e->text, e->len, "check", path) : NULL;

	capture_print_summary_json(out, "file", path, NULL,
				   msg != NULL ? msg :
				   t->unreadable ? "unreadable" : NULL,
				   t, NULL);
	free(msg);
}

struct pool {
	const struct check_opts *o;
	struct check_job *jobs;
	size_t njobs, next;
	pthread_mutex_t lock;
	pthread_cond_t cond;
};

static void *
worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		struct check_job *j;
		FILE *out, *err;

		pthread_mutex_lock(&p->lock);
		if (p->next == p->njobs) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		j = &p->jobs[p->next++];
		pthread_mutex_unlock(&p->lock);
		out = open_memstream(&j->out, &j->outlen);
		err = open_memstream(&j->err, &j->errlen);
		if (out == NULL || err == NULL) {
			/* Without a buffer, report the file as unreadable
			 * rather than lose its output. */
			j->tally.files = j->tally.unreadable = 1;
			if (out)
				fclose(out);
			if (err)
				fclose(err);
			j->out = j->err = NULL;
		} else {
			struct errbuf e;

			check_file(p->o, j->path, out, err, &j->tally);
			fclose(err);
			if (p->o->json) {
				e.text = j->err;
				e.len = j->errlen;
				file_summary(out, j->path, &j->tally, &e);
			}
			fclose(out);
		}
		pthread_mutex_lock(&p->lock);
		j->done = 1;
		pthread_cond_broadcast(&p->cond);
		pthread_mutex_unlock(&p->lock);
	}
}

/* Runs the files on 'nthreads' threads, printing each in order. */
static int
check_parallel(const struct check_opts *o, char **files, size_t nfiles,
	       size_t nthreads, struct cli_tally *total)
{
	struct pool p = { .o = o, .njobs = nfiles };
	pthread_t *tid;
	size_t i, started = 0;

	p.jobs = calloc(nfiles, sizeof(*p.jobs));
	tid = calloc(nthreads, sizeof(*tid));
	if (p.jobs == NULL || tid == NULL) {
		free(p.jobs);
		free(tid);
		return -1;
	}
	for (i = 0; i < nfiles; i++)
		p.jobs[i].path = files[i];
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.cond, NULL);
	for (i = 0; i < nthreads; i++)
		if (pthread_create(&tid[started], NULL, worker, &p) == 0)
			started++;
	if (started == 0)
		worker(&p);	/* no thread could start: do it here */
	for (i = 0; i < nfiles; i++) {
		struct check_job *j = &p.jobs[i];

		pthread_mutex_lock(&p.lock);
		while (!j->done)
			pthread_cond_wait(&p.cond, &p.lock);
		pthread_mutex_unlock(&p.lock);
		if (j->out)
			fwrite(j->out, 1, j->outlen, stdout);
		if (j->err) {
			fflush(stdout);
			fwrite(j->err, 1, j->errlen, stderr);
		}
		if (j->out == NULL && j->err == NULL) {
			struct errbuf e = { "out of memory", 13, NULL };

			fprintf(stderr, "inetcsum check: %s: out of memory\n",
				j->path);
			if (o->json)
				file_summary(stdout, j->path, &j->tally, &e);
		}
		free(j->out);
		free(j->err);
		cli_tally_merge(total, &j->tally);
	}
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&p.lock);
	pthread_cond_destroy(&p.cond);
	free(p.jobs);
	free(tid);
	return 0;
}

int
cmd_check(int argc, char **argv)
{
	struct check_opts o = { 0 };
	struct capture_opts co;
	struct cli_tally total = { 0 };
	size_t nthreads = 1, nfiles, k;
	char **files;
	int i, rc;

	i = capture_parse_opts("check", CAPTURE_OPT_VERBOSE |
			       CAPTURE_OPT_QUIET | CAPTURE_OPT_JSON |
			       CAPTURE_OPT_JOBS | CAPTURE_OPT_STRICT |
			       CAPTURE_OPT_UDP_PORT | CAPTURE_OPT_REASM |
			       CAPTURE_OPT_FILES_FROM, argc, argv, &co, usage);
	if (i < 0)
		return i == -1 ? 0 : 2;
	o.verbose = co.verbose;
	o.quiet = co.quiet;
	o.json = co.json;
	o.co = &co;
	nthreads = co.jobs;
	if (i == argc && co.files_from == NULL) {
		usage(stderr);
		return 2;
	}
	if (capture_file_list("check", &co, argc, argv, i, &files,
			      &nfiles) < 0)
		return 2;
	/* An empty list is no error (find | inetcsum check --files-from -
	 * may find nothing), but it is said. */
	if (nfiles == 0)
		fprintf(stderr, "inetcsum check: --files-from %s names no "
			"file\n", co.files_from);
	if (nthreads > nfiles)
		nthreads = nfiles ? nfiles : 1;
	/* One progress line at a time makes sense only without threads. */
	o.progress = nthreads == 1;
	if (nthreads == 1) {
		for (k = 0; k < nfiles; k++) {
			struct cli_tally t = { 0 };
			struct errbuf e;

			errbuf_open(&e);
			check_file(&o, files[k], stdout, e.f, &t);
			errbuf_close(&e);
			if (e.text != NULL) {
				/* After the file's output, as with -j. */
				fflush(stdout);
				fwrite(e.text, 1, e.len, stderr);
			}
			if (o.json)
				file_summary(stdout, files[k], &t, &e);
			free(e.text);
			cli_tally_merge(&total, &t);
		}
	} else if (check_parallel(&o, files, nfiles, nthreads, &total) < 0) {
		fprintf(stderr, "inetcsum check: out of memory\n");
		capture_free_list(files, nfiles);
		return 2;
	}
	capture_free_list(files, nfiles);
	/* The merge, unless it would repeat the one file's summary. */
	if (o.json && nfiles != 1)
		capture_print_summary_json(stdout, "total", NULL, NULL, NULL,
					   &total, NULL);
	else if (!o.json)
		cli_print_tally_text(stdout, &total);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("inetcsum check: standard output");
		return 2;
	}
	if (total.unreadable)
		rc = 2;
	else if (co.strict && total.unparsed)
		rc = 1;
	else
		rc = total.bad_frames ? 1 : 0;
	return rc;
}
