/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/capture_report.h - what "check" and "fix" print: a line
 * or a JSON object per frame, tallies per protocol and verdict, and a
 * progress line on a terminal.
 */
#ifndef INETCSUM_TOOL_CAPTURE_REPORT_H
#define INETCSUM_TOOL_CAPTURE_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "inetcsum_packet.h"
#include "reasm_driver.h"

#define CLI_NPROTO		(INETCSUM_PROTO_UDLD + 1)	/* the last one */
#define CLI_NSTATUS	(INETCSUM_ILLEGAL + 1)

/*
 * Frames not parsed to their innermost packet, per reason (the parser's
 * note, a static string); reasons past the first CLI_MAX_NOTES
 * distinct ones are counted under "other".
 */
#define CLI_MAX_NOTES	48

struct cli_note_count {
	const char *note;
	uint64_t n;
};

struct cli_tally {
	uint64_t files, unreadable;
	uint64_t frames;
	/* frames with a layer bad, illegal, partial or unverified */
	uint64_t problem_frames;
	uint64_t bad_frames;		/* a layer bad or illegal */
	uint64_t unparsed;		/* frames with a parser note */
	uint64_t fixed_fields;		/* fix: fields rewritten */
	/* records longer than their snapshot length, read whole (pcap.h) */
	uint64_t oversize;
	/* pcapng blocks tshark lists as frames, without a packet (pcap.h) */
	uint64_t nonpacket;
	uint64_t n[CLI_NPROTO][CLI_NSTATUS];
	struct cli_note_count notes[CLI_MAX_NOTES];
	size_t nnotes;
	uint64_t other_notes;
	struct inetcsum_reasm_tally reasm;	/* reasm_driver.h */
};

void
cli_tally_frame(struct cli_tally *t,
		     const struct inetcsum_frame_result *r);

void
cli_tally_merge(struct cli_tally *dst,
		     const struct cli_tally *src);

/* 1 if a layer is bad, illegal, partial or unverified. */
int
cli_frame_is_problem(const struct inetcsum_frame_result *r);

void
cli_print_frame_text(FILE *f, const char *file, uint64_t frame,
			  const struct inetcsum_frame_result *r);

void
cli_print_frame_json(FILE *f, const char *file, uint64_t frame,
			  size_t frame_offset,
			  const struct inetcsum_frame_result *r);

void
cli_print_tally_text(FILE *f, const struct cli_tally *t);

void
cli_print_tally_json(FILE *f, const struct cli_tally *t);

/*
 * capture_print_summary_json() writes one summary object of JSON Lines:
 * {"type":TYPE,"file":FILE,"output":OUTPUT,"error":ERROR,"summary":{...}}
 * where TYPE is "file" (one capture; FILE names it) or "total" (the merge
 * of all; no "file"), "output" appears only when OUTPUT is not NULL (fix),
 * "error" is null or what went wrong with the file, and the summary is
 * that of cli_print_tally_json(), with "fixed" (fields rewritten per
 * protocol) when 'fixed' is not NULL.  Every count adds up over files, the
 * two reassembly peaks excepted (the largest).
 */
void
capture_print_summary_json(FILE *f, const char *type, const char *file,
			   const char *output, const char *error,
			   const struct cli_tally *t,
			   const uint64_t *fixed);

/*
 * capture_error_text() returns the messages 'buf' (what a command wrote
 * to standard error for 'path', 'len' bytes) as one line for the "error"
 * of a summary object: each message without its "inetcsum CMD: PATH: "
 * prefix, which the object's "file" says already, joined by "; ".  NULL
 * when there is none (or when out of memory); free() it.
 */
char *
capture_error_text(const char *buf, size_t len, const char *cmd,
		   const char *path);

/* The line on records longer than the snapshot length (none: nothing). */
void
cli_print_oversize_text(FILE *f, const struct cli_tally *t);

/* The reassembly lines of the text summary (nothing without fragments). */
void
cli_print_reasm_text(FILE *f, const struct cli_tally *t);

/* Writes 's' as a JSON string, quotes included; NULL becomes null. */
void
cli_json_string(FILE *f, const char *s);

/*
 * A progress line on standard error, refreshed at most a few times a
 * second, for files of at least CLI_PROGRESS_MIN bytes, and only when
 * standard error is a terminal.
 */
#define CLI_PROGRESS_MIN	(64u << 20)

struct cli_progress {
	const char *name;
	size_t total;
	int on;
	double next;	/* time of the next refresh */
};

/* Whether a progress line would be shown for 'total' bytes. */
int
cli_progress_shown(size_t total, int allowed);

void
cli_progress_start(struct cli_progress *p, const char *name,
			size_t total, int allowed);

void
cli_progress_update(struct cli_progress *p, size_t done);

void
cli_progress_end(struct cli_progress *p);

#endif /* INETCSUM_TOOL_CAPTURE_REPORT_H */
