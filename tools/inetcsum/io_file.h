/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/io_file.h - whole-file input and crash-safe output for the
 * capture commands.  Errors are written into a caller's buffer as
 * "PATH: what: strerror" so each command decides where they go.
 */
#ifndef INETCSUM_TOOL_IO_FILE_H
#define INETCSUM_TOOL_IO_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct inetcsum_file {
	uint8_t *data;		/* NULL for an empty file */
	size_t len;
	int mapped;		/* 1: munmap, 0: free */
	mode_t mode;		/* permission bits of the input */
	dev_t dev;
	ino_t ino;
};

/*
 * inetcsum_file_load() makes the contents of 'path' addressable.  A regular
 * file is mapped; with 'writable' the mapping is private, so writes land in
 * copy-on-write pages and never in the file.  Anything else (a pipe, "-"
 * for standard input) is read into memory.  Returns 0 or -1 with 'err'.
 */
int
inetcsum_file_load(const char *path, int writable, struct inetcsum_file *f,
		   char *err, size_t errlen);

void
inetcsum_file_unload(struct inetcsum_file *f);

/*
 * inetcsum_file_replace() writes 'len' bytes to a new temporary file in
 * the directory of 'path', fsyncs it, gives it 'mode' and renames it over
 * 'path'; on any failure (a short write, ENOSPC, fsync or close errors) the
 * temporary file is removed and 'path' is left as it was.
 */
int
inetcsum_file_replace(const char *path, const void *data, size_t len,
		      mode_t mode, char *err, size_t errlen);

#endif /* INETCSUM_TOOL_IO_FILE_H */
