/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_sum.c - "inetcsum sum FILE...": the Internet checksum
 * (RFC 1071) of each file, in the manner of cksum(1) and sha256sum(1).
 *
 * Output, one line per file:
 *
 *	CCCC  LENGTH  NAME
 *
 * CCCC is the checksum as 4 hex digits in network byte order (the two
 * bytes as they would be stored in a checksum field, first byte first):
 * the value inetcsum_fold() returns for the file's bytes taken as one
 * message starting at an even offset, an odd last byte padded with zero.
 * It is the value a zeroed checksum field covering exactly these bytes
 * would be set to, so an empty file gives ffff.  LENGTH is in bytes.  NAME
 * is "-" for standard input, which is read when no file is given.
 *
 * Regular files are mapped and summed in place, which runs at the speed of
 * the kernel in use; anything else (pipes, terminals, devices), and files
 * the system refuses to map, is read in large blocks into a streaming sum.
 * Errors name the file and the system's reason; the exit status is 1 if
 * any file failed, 2 for a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inetcsum.h"
#include "commands.h"

/*
 * Read size for pipes and unmappable files: large enough that the system
 * call costs little beside summing 1 MiB (~10 us at the portable kernel's
 * speed), small enough to stay in the L2 cache of most CPUs.
 */
#define READ_BLOCK ((size_t)1 << 20)

/*
 * A mapping is summed in pieces of this many bytes so the streaming
 * state's size_t arithmetic never sees a single huge length; any even
 * size works.
 */
#define MAP_PIECE ((size_t)1 << 30)

static void
usage(FILE *f)
{
	fprintf(f,
"usage: inetcsum sum [FILE...]\n"
"Prints 'CCCC  LENGTH  NAME' per file: the Internet checksum (RFC 1071) of\n"
"its bytes as 4 hex digits in network byte order, its length in bytes and\n"
"its name.  '-' or no FILE reads standard input.\n");
}

/* Sum an open descriptor by reading it; 0, or -1 with errno. */
static int
sum_read(int fd, unsigned char *buf, struct inetcsum_stream *s,
	 unsigned long long *len)
{
	for (;;) {
		ssize_t n = read(fd, buf, READ_BLOCK);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			return 0;
		inetcsum_stream_update(s, buf, (size_t)n);
		*len += (unsigned long long)n;
	}
}

/* Sum a regular file by mapping it; 0, 1 if it cannot be mapped. */
static int
sum_map(int fd, size_t size, struct inetcsum_stream *s)
{
	int flags = MAP_PRIVATE;
	unsigned char *p;
	size_t done;

#ifdef MAP_POPULATE
	/* Fault the pages in up front: one call instead of one per page. */
	flags |= MAP_POPULATE;
#endif
	p = mmap(NULL, size, PROT_READ, flags, fd, 0);
	if (p == MAP_FAILED)
		return 1;
#ifdef MADV_SEQUENTIAL
	madvise(p, size, MADV_SEQUENTIAL);
#endif
	for (done = 0; done < size; done += MAP_PIECE) {
		size_t n = size - done < MAP_PIECE ? size - done : MAP_PIECE;

		inetcsum_stream_update(s, p + done, n);
	}
	munmap(p, size);
	return 0;
}

/* Print the line for one file; 0, or -1 after printing the error. */
static int
sum_one(const char *name, unsigned char *buf)
{
	struct inetcsum_stream s;
	unsigned long long len = 0;
	unsigned char out[2];
	uint16_t c;
	struct stat st;
	int fd, is_stdin = strcmp(name, "-") == 0, rc = 0;

	fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		goto fail;
	inetcsum_stream_init(&s, 0);
	if (fstat(fd, &st) != 0)
		goto fail_close;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto fail_close;
	}
#ifdef F_SETPIPE_SZ
	/*
	 * A 64 KiB pipe (Linux's default) makes the writer and this reader
	 * switch 16 times per READ_BLOCK; ask for a pipe as large as a read.
	 * Refusal (beyond /proc/sys/fs/pipe-max-size) only costs speed.
	 */
	if (S_ISFIFO(st.st_mode))
		(void)fcntl(fd, F_SETPIPE_SZ, (int)READ_BLOCK);
#endif
	if (S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size <= (size_t)-1 &&
	    sum_map(fd, (size_t)st.st_size, &s) == 0)
		len = (unsigned long long)st.st_size;
	else if (sum_read(fd, buf, &s, &len) != 0)
		goto fail_close;
	if (!is_stdin && close(fd) != 0)
		goto fail;
	/* The field's two bytes in memory order are its network order. */
	c = inetcsum_stream_final(&s);
	memcpy(out, &c, 2);
	if (printf("%02x%02x  %llu  %s\n", out[0], out[1], len, name) < 0)
		rc = -1;
	return rc;
fail_close:
	{
		int e = errno;

		if (!is_stdin)
			close(fd);
		errno = e;
	}
fail:
	fprintf(stderr, "inetcsum sum: %s: %s\n", name, strerror(errno));
	return -1;
}

int
cmd_sum(int argc, char **argv)
{
	static char stdin_name[] = "-";
	char *none[] = { stdin_name };
	unsigned char *buf;
	int i, first = 1, status = 0;

	if (argc > 1 && strcmp(argv[1], "--") == 0) {
		first = 2;
	} else if (argc > 1 && (strcmp(argv[1], "-h") == 0 ||
				strcmp(argv[1], "--help") == 0)) {
		usage(stdout);
		return 0;
	} else if (argc > 1 && argv[1][0] == '-' && argv[1][1] != '\0') {
		fprintf(stderr, "inetcsum sum: unknown option %s\n", argv[1]);
		usage(stderr);
		return 2;
	}
	buf = malloc(READ_BLOCK);
	if (buf == NULL) {
		fprintf(stderr, "inetcsum sum: %s\n", strerror(errno));
		return 1;
	}
	if (first >= argc) {
		argv = none;
		argc = 1;
		first = 0;
	}
	for (i = first; i < argc; i++)
		if (sum_one(argv[i], buf) != 0)
			status = 1;
	free(buf);
	if (fflush(stdout) != 0) {
		fprintf(stderr, "inetcsum sum: standard output: %s\n",
			strerror(errno));
		status = 1;
	}
	return status;
}
