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

#define INETCSUM_NPROTO		(INETCSUM_PROTO_GRE + 1)
#define INETCSUM_NSTATUS	(INETCSUM_ILLEGAL + 1)

/*
 * Frames not parsed to their innermost packet, per reason (the parser's
 * note, a static string); reasons past the first INETCSUM_MAX_NOTES
 * distinct ones are counted under "other".
 */
#define INETCSUM_MAX_NOTES	48

struct inetcsum_note_count {
	const char *note;
	uint64_t n;
};

struct inetcsum_tally {
	uint64_t files, unreadable;
	uint64_t frames;
	/* frames with a layer bad, illegal, partial or unverified */
	uint64_t problem_frames;
	uint64_t bad_frames;		/* a layer bad or illegal */
	uint64_t unparsed;		/* frames with a parser note */
	uint64_t fixed_fields;		/* fix: fields rewritten */
	uint64_t n[INETCSUM_NPROTO][INETCSUM_NSTATUS];
	struct inetcsum_note_count notes[INETCSUM_MAX_NOTES];
	size_t nnotes;
	uint64_t other_notes;
};

void
inetcsum_tally_frame(struct inetcsum_tally *t,
		     const struct inetcsum_frame_result *r);

void
inetcsum_tally_merge(struct inetcsum_tally *dst,
		     const struct inetcsum_tally *src);

/* 1 if a layer is bad, illegal, partial or unverified. */
int
inetcsum_frame_is_problem(const struct inetcsum_frame_result *r);

void
inetcsum_print_frame_text(FILE *f, const char *file, uint64_t frame,
			  const struct inetcsum_frame_result *r);

void
inetcsum_print_frame_json(FILE *f, const char *file, uint64_t frame,
			  size_t frame_offset,
			  const struct inetcsum_frame_result *r);

void
inetcsum_print_tally_text(FILE *f, const struct inetcsum_tally *t);

void
inetcsum_print_tally_json(FILE *f, const struct inetcsum_tally *t);

/* Writes 's' as a JSON string, quotes included; NULL becomes null. */
void
inetcsum_json_string(FILE *f, const char *s);

/*
 * A progress line on standard error, refreshed at most a few times a
 * second, for files of at least INETCSUM_PROGRESS_MIN bytes, and only when
 * standard error is a terminal.
 */
#define INETCSUM_PROGRESS_MIN	(64u << 20)

struct inetcsum_progress {
	const char *name;
	size_t total;
	int on;
	double next;	/* time of the next refresh */
};

void
inetcsum_progress_start(struct inetcsum_progress *p, const char *name,
			size_t total, int allowed);

void
inetcsum_progress_update(struct inetcsum_progress *p, size_t done);

void
inetcsum_progress_end(struct inetcsum_progress *p);

#endif /* INETCSUM_TOOL_CAPTURE_REPORT_H */
