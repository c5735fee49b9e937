/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/capture_opts.h - the one option parser of the capture
 * commands (check, fix, and any later one), so that an option means the
 * same thing, is spelled the same way and is refused the same way in each.
 */
#ifndef INETCSUM_TOOL_CAPTURE_OPTS_H
#define INETCSUM_TOOL_CAPTURE_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "reasm.h"

/* The options a command accepts: a mask of these. */
#define CAPTURE_OPT_VERBOSE	(1u << 0)	/* -v, --verbose */
#define CAPTURE_OPT_QUIET	(1u << 1)	/* -q, --quiet */
#define CAPTURE_OPT_JSON	(1u << 2)	/* --json */
#define CAPTURE_OPT_JOBS	(1u << 3)	/* -j N, -jN, --jobs N: 1..1024 */
#define CAPTURE_OPT_FIX_PARTIAL	(1u << 4)	/* --fix-partial */
#define CAPTURE_OPT_IN_PLACE	(1u << 5)	/* --in-place */
#define CAPTURE_OPT_STRICT	(1u << 6)	/* --strict */
#define CAPTURE_OPT_UDP_PORT	(1u << 7)	/* --udp-port PORT=KIND */
/* --no-reassembly, --reassembly-bytes N[K|M|G], --reassembly-datagrams N,
 * --reassembly-timeout SECONDS, --reassembly-frames N */
#define CAPTURE_OPT_REASM	(1u << 8)
#define CAPTURE_OPT_FILES_FROM	(1u << 9)	/* --files-from LIST */
#define CAPTURE_OPT_OUTPUT_DIR	(1u << 10)	/* --output-dir DIR */

struct capture_opts {
	int verbose, quiet, json, fix_partial, in_place, strict;
	unsigned long jobs;	/* 1 unless -j */
	/* IP reassembly: off, or its limits (0: the default) */
	int no_reassembly;
	size_t reasm_bytes, reasm_datagrams;
	uint64_t reasm_timeout_ns, reasm_frames;
	/* --files-from LIST ("-": standard input), --output-dir DIR */
	const char *files_from, *output_dir;
};

/*
 * capture_parse_opts() reads the options of command 'cmd' ("check") from
 * argv[1..], accepting those in 'allowed', up to the first operand or "--".
 * It returns the index of the first operand; or -1 after printing the help
 * ('usage' on standard output: the caller exits 0); or -2 after a message
 * naming the bad option on standard error, followed by 'usage' there (the
 * caller exits 2).  -v and -q together are refused: they contradict.
 * A long option's value may follow it or be joined by '=' ("--jobs=4"),
 * and -j's may be joined to it ("-j4"), as getopt_long() and make allow;
 * a flag given a value ("--json=1") is refused.
 * --udp-port PORT=KIND (KIND vxlan, vxlan-gpe, geneve, gtpu, l2tp,
 * teredo, mpls, gre, lisp, ayiya, tzsp, capwap, or none for plain UDP) is
 * applied at once, process-wide, with inetcsum_frame_udp_port(): call
 * this before any thread starts.
 */
int
capture_parse_opts(const char *cmd, unsigned allowed, int argc, char **argv,
		   struct capture_opts *o, void (*usage)(FILE *));

/*
 * capture_file_list() returns, in '*list' (malloc'd, each path too; free
 * it with capture_free_list()), the operands argv[first..argc) followed
 * by the paths that --files-from names, and their number in '*n'.  The
 * list holds one path a line, verbatim: nothing is trimmed or unquoted,
 * so spaces, quotes and '#' are part of the name; empty lines are
 * ignored; the last line may lack its newline; a line with a NUL byte is
 * refused, and so is '-' when the list itself is standard input.  This is
 * what `xargs -d '\n'` and `rsync --files-from` users expect.  Returns 0,
 * or -1 after a message naming the list, line and what is wrong.
 */
int
capture_file_list(const char *cmd, const struct capture_opts *o, int argc,
		  char **argv, int first, char ***list, size_t *n);

void
capture_free_list(char **list, size_t n);

/*
 * capture_reasm_limits() fills 'lim' with the reassembly limits of 'o'
 * and returns it, or returns NULL with --no-reassembly: what
 * inetcsum_reasm_driver_init() takes.
 */
const struct inetcsum_reasm_limits *
capture_reasm_limits(const struct capture_opts *o,
		     struct inetcsum_reasm_limits *lim);

#endif
