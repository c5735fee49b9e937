/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/io_file.c - whole-file input (mmap, or read for pipes) and
 * atomic output (temporary file, fsync, rename) for "check" and "fix".
 */
#define _POSIX_C_SOURCE 200809L

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
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	char *tmp = malloc(strlen(path) + 32);
	int fd, saved;

	if (tmp == NULL) {
		errno = ENOMEM;
		return sys_err(err, errlen, path, "temporary name");
	}
	/* Same directory, hence same file system: rename() is atomic. */
	memcpy(tmp, path, dirlen);
	snprintf(tmp + dirlen, strlen(path) + 32 - dirlen, ".%s.tmpXXXXXX",
		 path + dirlen);
	fd = mkstemp(tmp);
	if (fd < 0) {
		sys_err(err, errlen, tmp, "create temporary file");
		free(tmp);
		return -1;
	}
	if (write_all(fd, data, len) < 0) {
		sys_err(err, errlen, tmp, "write");
		goto fail;
	}
	if (fchmod(fd, mode) < 0) {
		sys_err(err, errlen, tmp, "chmod");
		goto fail;
	}
	/* fsync before rename: otherwise a crash could leave 'path' naming
	 * a file whose data never reached the disk. */
	if (fsync(fd) < 0) {
		sys_err(err, errlen, tmp, "fsync");
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		sys_err(err, errlen, tmp, "close");
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) < 0) {
		sys_err(err, errlen, path, "rename");
		goto fail;
	}
	free(tmp);
	return 0;
fail:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	errno = saved;
	return -1;
}
