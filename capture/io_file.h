/* SPDX-License-Identifier: MIT */
/*
 * capture/io_file.h - whole-file input and crash-safe output for the
 * capture commands.  Errors are written into a caller's buffer as
 * "PATH: what: strerror" so each command decides where they go.
 */
#ifndef INETCSUM_CAPTURE_IO_FILE_H
#define INETCSUM_CAPTURE_IO_FILE_H

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
 * 'path' (an existing 'path' is treated as by inetcsum_out_open() below);
 * on any failure (a short write, ENOSPC, fsync or close errors) the
 * temporary file is removed and 'path' is left as it was.
 */
int
inetcsum_file_replace(const char *path, const void *data, size_t len,
		      mode_t mode, char *err, size_t errlen);

/*
 * An output file written in pieces, then committed atomically like
 * inetcsum_file_replace(): inetcsum_out_open() creates the temporary file
 * beside 'path', inetcsum_out_write() appends (small pieces are gathered
 * in a buffer, large ones written straight from the caller's memory),
 * inetcsum_out_commit() flushes, fsyncs, sets 'mode' and renames, and
 * inetcsum_out_abort() removes the temporary file.  After a failed write
 * or commit, the temporary file is already removed; 'err' says why.
 * Every function returns 0 or -1.
 *
 * A 'path' that exists is replaced as that file, not just that name
 * (this is what "fix --in-place" needs): a symbolic link is followed
 * (realpath()) and its target replaced, the temporary file beside the
 * target, the link left as it is; a dangling link, a file with other hard
 * links (they would keep the old contents) or one that is not regular is
 * refused by inetcsum_out_open(), before anything is written; the new
 * file gets the old one's owner and group, and inetcsum_out_open() fails
 * if it cannot give them (EPERM: a user may write a file of another
 * owner, not create one).
 */
struct inetcsum_out {
	const char *path;
	char *target;	/* where a symbolic link 'path' leads, or NULL */
	char *tmp;
	int fd;
	uint8_t *buf;
	size_t used, cap;
	/* bytes written so far, and of those handed to writeback */
	uint64_t written, synced;
	char *err;
	size_t errlen;
	int stream;	/* standard output: no temporary file, no rename */
	int codec;	/* 0, or the enum inetcsum_codec written (stream.h) */
	void *enc;	/* its encoder state */
	uint8_t *zbuf;	/* compressed bytes on their way out */
	size_t zcap;
	int keep_owner;	/* 'path' exists: the new file gets uid, gid */
	uid_t uid;
	gid_t gid;
};

int
inetcsum_out_open(struct inetcsum_out *o, const char *path, char *err,
		  size_t errlen);

/*
 * inetcsum_out_open_stdout() writes to standard output instead, in the
 * same buffered pieces.  It cannot be atomic: what was written before an
 * error has gone out, and commit only flushes (no fsync, no rename).
 */
int
inetcsum_out_open_stdout(struct inetcsum_out *o, char *err, size_t errlen);

/*
 * inetcsum_out_compress_by_name() makes 'o' compress what it writes when
 * its path ends in .gz (gzip, zlib), .zst (zstd) or .lz4 (lz4 frame):
 * 0 (also for any other name), or -1 with 'err' when that library was not
 * built in.  Call it right after inetcsum_out_open().
 */
int
inetcsum_out_compress_by_name(struct inetcsum_out *o);

int
inetcsum_out_write(struct inetcsum_out *o, const void *data, size_t len);

int
inetcsum_out_commit(struct inetcsum_out *o, mode_t mode);

void
inetcsum_out_abort(struct inetcsum_out *o);

#endif /* INETCSUM_CAPTURE_IO_FILE_H */
