/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/capture_opts.c - the option parser shared by the capture
 * commands (see capture_opts.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "capture_opts.h"
#include "inetcsum_packet.h"

static const struct {
	const char *name;
	int kind;
} tunnels[] = {
	{ "vxlan", INETCSUM_TUNNEL_VXLAN },
	{ "vxlan-gpe", INETCSUM_TUNNEL_VXLAN_GPE },
	{ "geneve", INETCSUM_TUNNEL_GENEVE },
	{ "gtpu", INETCSUM_TUNNEL_GTPU },
	{ "l2tp", INETCSUM_TUNNEL_L2TP },
	{ "teredo", INETCSUM_TUNNEL_TEREDO },
	{ "mpls", INETCSUM_TUNNEL_MPLS },
	{ "gre", INETCSUM_TUNNEL_GRE },
	{ "lisp", INETCSUM_TUNNEL_LISP },
	{ "ayiya", INETCSUM_TUNNEL_AYIYA },
	{ "tzsp", INETCSUM_TUNNEL_TZSP },
	{ "capwap", INETCSUM_TUNNEL_CAPWAP },
	{ "none", INETCSUM_TUNNEL_NONE },
};

/* "4790=vxlan-gpe": declares the port; -1 if malformed. */
static int
udp_port(const char *a)
{
	char *end;
	unsigned long port = strtoul(a, &end, 10);
	size_t k;

	if (end == a || *end != '=' || port == 0 || port > 65535)
		return -1;
	for (k = 0; k < sizeof(tunnels) / sizeof(tunnels[0]); k++)
		if (strcmp(end + 1, tunnels[k].name) == 0)
			return inetcsum_frame_udp_port((unsigned)port,
						       tunnels[k].kind);
	return -1;
}

static int
bad(const char *cmd, void (*usage)(FILE *), const char *what, const char *a);

/* One option: its spellings, the bit that allows it, the flag it sets. */
struct flag_opt {
	const char *short_name, *long_name;
	unsigned bit;
	size_t field;	/* offset of the int in struct capture_opts */
};

static const struct flag_opt flags[] = {
	{ "-v", "--verbose", CAPTURE_OPT_VERBOSE,
	  offsetof(struct capture_opts, verbose) },
	{ "-q", "--quiet", CAPTURE_OPT_QUIET,
	  offsetof(struct capture_opts, quiet) },
	{ NULL, "--json", CAPTURE_OPT_JSON,
	  offsetof(struct capture_opts, json) },
	{ NULL, "--fix-partial", CAPTURE_OPT_FIX_PARTIAL,
	  offsetof(struct capture_opts, fix_partial) },
	{ NULL, "--in-place", CAPTURE_OPT_IN_PLACE,
	  offsetof(struct capture_opts, in_place) },
	{ NULL, "--strict", CAPTURE_OPT_STRICT,
	  offsetof(struct capture_opts, strict) },
	{ NULL, "--no-reassembly", CAPTURE_OPT_REASM,
	  offsetof(struct capture_opts, no_reassembly) },
};

/*
 * A positive number up to 'max', with an optional K, M or G (binary) when
 * 'suffix'; -1 if malformed or out of range.
 */
static int
number(const char *a, int suffix, unsigned long long max,
       unsigned long long *out)
{
	char *end;
	unsigned long long n, mul = 1;

	if (*a < '0' || *a > '9')
		return -1;
	n = strtoull(a, &end, 10);
	if (suffix && *end != '\0' && end[1] == '\0') {
		if (*end == 'K' || *end == 'k')
			mul = 1ull << 10;
		else if (*end == 'M' || *end == 'm')
			mul = 1ull << 20;
		else if (*end == 'G' || *end == 'g')
			mul = 1ull << 30;
		else
			return -1;
		end++;
	}
	if (*end != '\0' || n == 0 || n > max / mul)
		return -1;
	*out = n * mul;
	return 0;
}

/*
 * The value of option 'a' (argv[*i], or its name when it came as
 * "--name=value" or "-jN": 'given' is then that value): 'given', else the
 * next argument, taken; NULL when there is none.
 */
static const char *
value_of(int argc, char **argv, int *i, const char *given)
{
	if (given != NULL)
		return given;
	if (*i + 1 == argc)
		return NULL;
	return argv[++*i];
}

/* The reassembly limits: 1 taken (with its value), 0 not one, -2 bad. */
static int
reasm_opt(const char *cmd, void (*usage)(FILE *), int argc, char **argv,
	  int *i, const char *a, const char *given, struct capture_opts *o)
{
	unsigned long long n;
	int which;

	if (strcmp(a, "--reassembly-bytes") == 0)
		which = 0;
	else if (strcmp(a, "--reassembly-datagrams") == 0)
		which = 1;
	else if (strcmp(a, "--reassembly-timeout") == 0)
		which = 2;
	else if (strcmp(a, "--reassembly-frames") == 0)
		which = 3;
	else
		return 0;
	a = value_of(argc, argv, i, given);
	if (a == NULL)
		return bad(cmd, usage, "missing number after", argv[*i]);
	switch (which) {
	case 0:
		if (number(a, 1, (unsigned long long)SIZE_MAX / 2, &n) < 0)
			return bad(cmd, usage, "--reassembly-bytes wants a "
				   "positive number of bytes (K, M, G "
				   "allowed), not", a);
		o->reasm_bytes = (size_t)n;
		break;
	case 1:
		if (number(a, 0, 1u << 24, &n) < 0)
			return bad(cmd, usage, "--reassembly-datagrams wants "
				   "a number from 1 to 16777216, not", a);
		o->reasm_datagrams = (size_t)n;
		break;
	case 2:
		/* Whole seconds: a capture's clock is what counts. */
		if (number(a, 0, 1000000, &n) < 0)
			return bad(cmd, usage, "--reassembly-timeout wants "
				   "seconds from 1 to 1000000, not", a);
		o->reasm_timeout_ns = n * 1000000000ull;
		break;
	default:
		if (number(a, 0, 1u << 24, &n) < 0)
			return bad(cmd, usage, "--reassembly-frames wants a "
				   "number from 1 to 16777216, not", a);
		o->reasm_frames = n;
		break;
	}
	return 1;
}

static int
is(const char *a, const char *name)
{
	return name != NULL && strcmp(a, name) == 0;
}

static int
bad(const char *cmd, void (*usage)(FILE *), const char *what, const char *a)
{
	fprintf(stderr, "inetcsum %s: %s '%s'\n", cmd, what, a);
	usage(stderr);
	return -2;
}

int
capture_parse_opts(const char *cmd, unsigned allowed, int argc, char **argv,
		   struct capture_opts *o, void (*usage)(FILE *))
{
	int i;
	size_t k;

	memset(o, 0, sizeof(*o));
	o->jobs = 1;
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		const char *a = argv[i], *given = NULL, *v;
		char name[32];

		if (strcmp(a, "--") == 0)
			return i + 1;
		/* "--name=value" and "-jN", as getopt_long and make take
		 * them: 'a' becomes the name, 'given' the value. */
		if (a[1] == '-' && strchr(a, '=') != NULL &&
		    (size_t)(strchr(a, '=') - a) < sizeof(name)) {
			size_t len = (size_t)(strchr(a, '=') - a);

			memcpy(name, a, len);
			name[len] = '\0';
			given = a + len + 1;
			a = name;
		} else if (a[1] == 'j' && a[2] != '\0') {
			given = a + 2;
			a = "-j";
		}
		if (is(a, "-h") || is(a, "--help")) {
			if (given != NULL)
				return bad(cmd, usage, "takes no value:",
					   argv[i]);
			usage(stdout);
			return -1;
		}
		for (k = 0; k < sizeof(flags) / sizeof(flags[0]); k++) {
			if (is(a, flags[k].short_name) ||
			    is(a, flags[k].long_name))
				break;
		}
		if (k < sizeof(flags) / sizeof(flags[0]) &&
		    (allowed & flags[k].bit)) {
			if (given != NULL)
				return bad(cmd, usage, "takes no value:",
					   argv[i]);
			*(int *)((char *)o + flags[k].field) = 1;
		} else if (is(a, "--udp-port") &&
			   (allowed & CAPTURE_OPT_UDP_PORT)) {
			v = value_of(argc, argv, &i, given);
			if (v == NULL)
				return bad(cmd, usage,
					   "missing PORT=KIND after", a);
			if (udp_port(v) < 0)
				return bad(cmd, usage, "--udp-port wants PORT="
					   "vxlan|vxlan-gpe|geneve|gtpu|l2tp|"
					   "teredo|mpls|gre|lisp|ayiya|tzsp|"
					   "capwap|none, not", v);
		} else if ((allowed & CAPTURE_OPT_REASM) &&
			   strncmp(a, "--reassembly-", 13) == 0) {
			int rk = reasm_opt(cmd, usage, argc, argv, &i, a,
					   given, o);

			if (rk < 0)
				return rk;
			if (rk == 0)
				return bad(cmd, usage, "unknown option",
					   argv[i]);
		} else if ((is(a, "--files-from") &&
			    (allowed & CAPTURE_OPT_FILES_FROM)) ||
			   (is(a, "--output-dir") &&
			    (allowed & CAPTURE_OPT_OUTPUT_DIR))) {
			int files_from = is(a, "--files-from");

			v = value_of(argc, argv, &i, given);
			if (v == NULL || v[0] == '\0')
				return bad(cmd, usage, "missing file name "
					   "after", files_from ?
					   "--files-from" : "--output-dir");
			if (files_from)
				o->files_from = v;
			else
				o->output_dir = v;
		} else if ((is(a, "-j") || is(a, "--jobs")) &&
			   (allowed & CAPTURE_OPT_JOBS)) {
			char *end;
			long n;

			v = value_of(argc, argv, &i, given);
			if (v == NULL)
				return bad(cmd, usage, "missing number after",
					   a);
			n = strtol(v, &end, 10);
			if (v[0] < '0' || v[0] > '9' || *end != '\0' ||
			    n < 1 || n > 1024)
				return bad(cmd, usage, "-j wants a number "
					   "from 1 to 1024, not", v);
			o->jobs = (unsigned long)n;
		} else {
			return bad(cmd, usage, "unknown option", argv[i]);
		}
	}
	if (o->verbose && o->quiet)
		return bad(cmd, usage, "cannot be both verbose and quiet:",
			   "-v -q");
	return i;
}

/* Appends a copy of 'path' to the list; -1 when out of memory. */
static int
push(char ***list, size_t *n, size_t *cap, const char *path, size_t len)
{
	char *copy;

	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		char **l = realloc(*list, ncap * sizeof(*l));

		if (l == NULL)
			return -1;
		*list = l;
		*cap = ncap;
	}
	copy = malloc(len + 1);
	if (copy == NULL)
		return -1;
	memcpy(copy, path, len);
	copy[len] = '\0';
	(*list)[(*n)++] = copy;
	return 0;
}

void
capture_free_list(char **list, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		free(list[k]);
	free(list);
}

int
capture_file_list(const char *cmd, const struct capture_opts *o, int argc,
		  char **argv, int first, char ***list, size_t *n)
{
	const char *name = o->files_from;
	size_t cap = 0, linecap = 0;
	unsigned long lineno = 0;
	char *line = NULL;
	ssize_t len;
	FILE *f;
	int i;

	*list = NULL;
	*n = 0;
	for (i = first; i < argc; i++)
		if (push(list, n, &cap, argv[i], strlen(argv[i])) < 0)
			goto oom;
	if (name == NULL)
		return 0;
	for (i = first; i < argc; i++)
		if (strcmp(name, "-") == 0 && strcmp(argv[i], "-") == 0) {
			fprintf(stderr, "inetcsum %s: '-' names standard input, "
				"but --files-from - reads the list from it\n",
				cmd);
			goto fail;
		}
	f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
	if (f == NULL) {
		fprintf(stderr, "inetcsum %s: --files-from %s: %s\n", cmd,
			name, strerror(errno));
		goto fail;
	}
	errno = 0;
	while ((len = getline(&line, &linecap, f)) >= 0) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			len--;
		if (len == 0)
			continue;
		if (memchr(line, '\0', (size_t)len) != NULL) {
			fprintf(stderr, "inetcsum %s: --files-from %s: line "
				"%lu holds a NUL byte\n", cmd, name, lineno);
			goto fail_file;
		}
		if (f == stdin && len == 1 && line[0] == '-') {
			fprintf(stderr, "inetcsum %s: --files-from -: line "
				"%lu is '-', but standard input is the list "
				"itself\n", cmd, lineno);
			goto fail_file;
		}
		if (push(list, n, &cap, line, (size_t)len) < 0) {
			if (f != stdin)
				fclose(f);
			goto oom;
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "inetcsum %s: --files-from %s: %s (after line "
			"%lu)\n", cmd, name, strerror(errno ? errno : EIO),
			lineno);
		goto fail_file;
	}
	if (f != stdin)
		fclose(f);
	free(line);
	return 0;

oom:
	fprintf(stderr, "inetcsum %s: out of memory reading the file list\n",
		cmd);
	goto fail;
fail_file:
	if (f != stdin)
		fclose(f);
fail:
	free(line);
	capture_free_list(*list, *n);
	*list = NULL;
	*n = 0;
	return -1;
}

const struct inetcsum_reasm_limits *
capture_reasm_limits(const struct capture_opts *o,
		     struct inetcsum_reasm_limits *lim)
{
	if (o->no_reassembly)
		return NULL;
	lim->max_bytes = o->reasm_bytes;
	lim->max_datagrams = o->reasm_datagrams;
	lim->timeout_ns = o->reasm_timeout_ns;
	lim->max_frames = o->reasm_frames;
	return lim;
}
