/* SPDX-License-Identifier: MIT */
/*
 * capture/io_file.c - whole-file input (mmap, or read for pipes) and
 * atomic output (temporary file, fsync, rename) for "check" and "fix".
 */
#define _GNU_SOURCE	/* sync_file_range() on Linux; POSIX otherwise */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io_file.h"

/* Growth step when reading a non-regular file: big reads, few reallocs. */
#define READ_CHUNK	(1u << 20)
/*
 * Output buffer: pieces shorter than a quarter of it are gathered, so a
 * capture where every few frames are patched still goes out in 1 MiB
 * writes rather than one small write per piece.
 */
#define OUT_BUF		(1u << 20)
/*
 * Start writeback every 16 MiB written, so the disk works while the rest
 * is produced and the final fsync waits only for the tail.  A write of
 * 111 MB with one final fsync took 0.58 s on this machine's disk (dd
 * conv=fsync), which is the floor of "fix" on such a file.
 */
#define SYNC_STEP	(16u << 20)

static int
sys_err(char *err, size_t errlen, const char *path, const char *what)
{
	snprintf(err, errlen, "%s: %s: %s", path, what, strerror(errno));
	return -1;
}

static int
read_all(int fd, const char *path, struct inetcsum_file *f, char *err,
	 size_t errlen)
{
	size_t cap = 0;
	uint8_t *buf = NULL;

	f->len = 0;
	for (;;) {
		ssize_t n;

		if (cap - f->len < READ_CHUNK) {
			uint8_t *p;

			cap = cap ? 2 * cap : 4 * READ_CHUNK;
			p = realloc(buf, cap);
			if (p == NULL) {
				free(buf);
				errno = ENOMEM;
				return sys_err(err, errlen, path, "read");
			}
			buf = p;
		}
		n = read(fd, buf + f->len, cap - f->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			return sys_err(err, errlen, path, "read");
		}
		if (n == 0)
			break;
		f->len += (size_t)n;
	}
	f->data = buf;
	f->mapped = 0;
	return 0;
}

int
inetcsum_file_load(const char *path, int writable, struct inetcsum_file *f,
		   char *err, size_t errlen)
{
	struct stat st;
	int fd, r = 0;

	memset(f, 0, sizeof(*f));
	if (strcmp(path, "-") == 0)
		fd = dup(STDIN_FILENO);
	else
		fd = open(path, O_RDONLY);
	if (fd < 0)
		return sys_err(err, errlen, path, "open");
	if (fstat(fd, &st) < 0) {
		r = sys_err(err, errlen, path, "stat");
		goto out;
	}
	f->mode = st.st_mode & 07777;
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	if (!S_ISREG(st.st_mode)) {
		r = read_all(fd, path, f, err, errlen);
		goto out;
	}
	if ((uintmax_t)st.st_size > SIZE_MAX) {
		errno = EFBIG;
		r = sys_err(err, errlen, path, "map");
		goto out;
	}
	f->len = (size_t)st.st_size;
	if (f->len == 0)
		goto out;
	f->data = mmap(NULL, f->len, PROT_READ | (writable ? PROT_WRITE : 0),
		       MAP_PRIVATE, fd, 0);
	if (f->data == MAP_FAILED) {
		f->data = NULL;
		/* Some file systems cannot map; reading still works. */
		r = read_all(fd, path, f, err, errlen);
		goto out;
	}
	f->mapped = 1;
	/* The walk is one pass front to back. */
	posix_madvise(f->data, f->len, POSIX_MADV_SEQUENTIAL);
out:
	close(fd);
	return r;
}

void
inetcsum_file_unload(struct inetcsum_file *f)
{
	if (f->mapped)
		munmap(f->data, f->len);
	else
		free(f->data);
	f->data = NULL;
	f->len = 0;
}

/* Write everything, retrying short writes and EINTR. */
static int
write_all(int fd, const uint8_t *p, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int
inetcsum_file_replace(const char *path, const void *data, size_t len,
		      mode_t mode, char *err, size_t errlen)
{
	struct inetcsum_out o;

	if (inetcsum_out_open(&o, path, err, errlen) < 0 ||
	    inetcsum_out_write(&o, data, len) < 0)
		return -1;
	return inetcsum_out_commit(&o, mode);
}

int
inetcsum_out_open(struct inetcsum_out *o, const char *path, char *err,
		  size_t errlen)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	size_t n = strlen(path) + 32;

	memset(o, 0, sizeof(*o));
	o->path = path;
	o->err = err;
	o->errlen = errlen;
	o->fd = -1;
	o->tmp = malloc(n);
	o->buf = malloc(OUT_BUF);
	if (o->tmp == NULL || o->buf == NULL) {
		free(o->tmp);
		free(o->buf);
		errno = ENOMEM;
		return sys_err(err, errlen, path, "output buffer");
	}
	o->cap = OUT_BUF;
	/* Same directory, hence same file system: rename() is atomic. */
	memcpy(o->tmp, path, dirlen);
	snprintf(o->tmp + dirlen, n - dirlen, ".%s.tmpXXXXXX", path + dirlen);
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0) {
		sys_err(err, errlen, o->tmp, "create temporary file");
		free(o->tmp);
		free(o->buf);
		return -1;
	}
	return 0;
}

/* Removes the temporary file after an error, keeping errno. */
static int
out_fail(struct inetcsum_out *o, const char *what)
{
	int saved = errno;

	sys_err(o->err, o->errlen, o->tmp, what);
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	unlink(o->tmp);
	free(o->tmp);
	free(o->buf);
	o->tmp = NULL;
	o->buf = NULL;
	errno = saved;
	return -1;
}

static int
out_raw(struct inetcsum_out *o, const void *p, size_t len)
{
	if (write_all(o->fd, p, len) < 0)
		return out_fail(o, "write");
	o->written += len;
#ifdef SYNC_FILE_RANGE_WRITE
	if (o->written - o->synced >= SYNC_STEP) {
		/* Only a hint to start writeback: fsync still decides. */
		sync_file_range(o->fd, (off_t)o->synced,
				(off_t)(o->written - o->synced),
				SYNC_FILE_RANGE_WRITE);
		o->synced = o->written;
	}
#endif
	return 0;
}

static int
out_flush(struct inetcsum_out *o)
{
	size_t n = o->used;

	o->used = 0;
	return n ? out_raw(o, o->buf, n) : 0;
}

int
inetcsum_out_write(struct inetcsum_out *o, const void *data, size_t len)
{
	if (len >= o->cap / 4) {
		if (out_flush(o) < 0)
			return -1;
		return out_raw(o, data, len);
	}
	if (o->cap - o->used < len && out_flush(o) < 0)
		return -1;
	memcpy(o->buf + o->used, data, len);
	o->used += len;
	return 0;
}

int
inetcsum_out_commit(struct inetcsum_out *o, mode_t mode)
{
	int fd;

	if (out_flush(o) < 0)
		return -1;
	if (fchmod(o->fd, mode) < 0)
		return out_fail(o, "chmod");
	/* fsync before rename: otherwise a crash could leave 'path' naming
	 * a file whose data never reached the disk. */
	if (fsync(o->fd) < 0)
		return out_fail(o, "fsync");
	fd = o->fd;
	o->fd = -1;
	if (close(fd) < 0)
		return out_fail(o, "close");
	if (rename(o->tmp, o->path) < 0)
		return out_fail(o, "rename");
	free(o->tmp);
	free(o->buf);
	o->tmp = NULL;
	o->buf = NULL;
	return 0;
}

void
inetcsum_out_abort(struct inetcsum_out *o)
{
	if (o->tmp == NULL)
		return;
	if (o->fd >= 0)
		close(o->fd);
	unlink(o->tmp);
	free(o->tmp);
	free(o->buf);
	o->tmp = NULL;
	o->buf = NULL;
}
