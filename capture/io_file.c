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

#ifdef INETCSUM_HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef INETCSUM_HAVE_ZSTD
#include <zstd.h>
#endif
#ifdef INETCSUM_HAVE_LZ4
#include <lz4frame.h>
#endif

#include "io_file.h"
#include "stream.h"	/* enum inetcsum_codec */

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

/*
 * An OUT that exists keeps what makes it that file, since the rename puts
 * a new file under its name.  A symbolic link stays a link: the file it
 * leads to is the one replaced (as cp and shell redirection write through
 * links; a dangling link is refused, as GNU cp refuses it).  A file with
 * other hard links is refused: the rename would give this name the new
 * contents and silently leave the other names with the old ones.  A file
 * that is not regular is refused: the rename would replace a device or a
 * FIFO (the commands check this too, but a link could lead to one).  The
 * owner and group are noted for inetcsum_out_open() to give the new file.
 */
static int
out_target(struct inetcsum_out *o)
{
	struct stat st;

	if (lstat(o->path, &st) < 0) {
		/* Nothing there yet: a new file, nothing to keep. */
		if (errno == ENOENT)
			return 0;
		return sys_err(o->err, o->errlen, o->path, "stat");
	}
	if (S_ISLNK(st.st_mode)) {
		o->target = realpath(o->path, NULL);
		if (o->target == NULL)
			return sys_err(o->err, o->errlen, o->path,
				       "follow symbolic link");
		if (stat(o->target, &st) < 0) {
			sys_err(o->err, o->errlen, o->target, "stat");
			goto fail;
		}
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(o->err, o->errlen, "%s%s%s: exists and is not a "
			 "regular file", o->path, o->target ? " -> " : "",
			 o->target ? o->target : "");
		goto fail;
	}
	if (st.st_nlink > 1) {
		snprintf(o->err, o->errlen, "%s%s%s: has %ju names (hard "
			 "links); replacing it would leave the other %s with "
			 "the old contents", o->path, o->target ? " -> " : "",
			 o->target ? o->target : "", (uintmax_t)st.st_nlink,
			 st.st_nlink > 2 ? "names" : "name");
		goto fail;
	}
	o->keep_owner = 1;
	o->uid = st.st_uid;
	o->gid = st.st_gid;
	return 0;
fail:
	free(o->target);
	o->target = NULL;
	return -1;
}

/* Frees the names and the buffer (after a commit, or with cleanup). */
static void
out_free(struct inetcsum_out *o)
{
	free(o->tmp);
	free(o->buf);
	free(o->target);
	o->tmp = NULL;
	o->buf = NULL;
	o->target = NULL;
}

/* Closes and removes the temporary file, frees everything. */
static void
out_cleanup(struct inetcsum_out *o)
{
	if (o->fd >= 0 && !o->stream)
		close(o->fd);
	o->fd = -1;
	if (!o->stream && o->tmp != NULL)
		unlink(o->tmp);
	out_free(o);
}

/*
 * Gives the temporary file the owner and group of the file it replaces,
 * now rather than at commit, so that a refusal comes before any work.
 * It must come before commit's fchmod() anyway: fchown() clears the
 * set-user-ID and set-group-ID bits.
 */
static int
out_keep_owner(struct inetcsum_out *o)
{
	struct stat st;

	if (!o->keep_owner)
		return 0;
	if (fstat(o->fd, &st) < 0) {
		sys_err(o->err, o->errlen, o->tmp, "stat");
		return -1;
	}
	if ((st.st_uid == o->uid && st.st_gid == o->gid) ||
	    fchown(o->fd, o->uid, o->gid) == 0)
		return 0;
	/*
	 * EPERM: a user may write a file someone else owns, but not give
	 * a file away.  Replacing it would change its owner, silently.
	 */
	snprintf(o->err, o->errlen, "%s: cannot give the new file its owner "
		 "and group (uid %ju, gid %ju): %s; replacing it would change "
		 "them", o->path, (uintmax_t)o->uid, (uintmax_t)o->gid,
		 strerror(errno));
	return -1;
}

int
inetcsum_out_open(struct inetcsum_out *o, const char *path, char *err,
		  size_t errlen)
{
	const char *target, *slash;
	size_t dirlen, n;

	memset(o, 0, sizeof(*o));
	o->path = path;
	o->err = err;
	o->errlen = errlen;
	o->fd = -1;
	if (out_target(o) < 0)
		return -1;
	target = o->target != NULL ? o->target : path;
	slash = strrchr(target, '/');
	dirlen = slash ? (size_t)(slash - target) + 1 : 0;
	n = strlen(target) + 32;
	o->tmp = malloc(n);
	o->buf = malloc(OUT_BUF);
	if (o->tmp == NULL || o->buf == NULL) {
		free(o->tmp);	/* no name in it yet: nothing to unlink */
		o->tmp = NULL;
		out_cleanup(o);
		errno = ENOMEM;
		return sys_err(err, errlen, path, "output buffer");
	}
	o->cap = OUT_BUF;
	/*
	 * Same directory as the file replaced (a link's target, not the
	 * link), hence same file system: rename() is atomic.
	 */
	memcpy(o->tmp, target, dirlen);
	snprintf(o->tmp + dirlen, n - dirlen, ".%s.tmpXXXXXX",
		 target + dirlen);
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0) {
		sys_err(err, errlen, o->tmp, "create temporary file");
		free(o->tmp);
		o->tmp = NULL;
		out_cleanup(o);
		return -1;
	}
	if (out_keep_owner(o) < 0) {
		out_cleanup(o);
		return -1;
	}
	return 0;
}

int
inetcsum_out_open_stdout(struct inetcsum_out *o, char *err, size_t errlen)
{
	memset(o, 0, sizeof(*o));
	o->err = err;
	o->errlen = errlen;
	o->fd = STDOUT_FILENO;
	o->stream = 1;
	o->tmp = strdup("standard output");
	o->buf = malloc(OUT_BUF);
	o->path = o->tmp;
	if (o->tmp == NULL || o->buf == NULL) {
		free(o->tmp);
		free(o->buf);
		errno = ENOMEM;
		return sys_err(err, errlen, "standard output",
			       "output buffer");
	}
	o->cap = OUT_BUF;
	return 0;
}

static void enc_free(struct inetcsum_out *o);

/* Removes the temporary file after an error, keeping errno. */
static int
out_fail(struct inetcsum_out *o, const char *what)
{
	int saved = errno;

	sys_err(o->err, o->errlen, o->tmp, what);
	out_cleanup(o);
	enc_free(o);
	errno = saved;
	return -1;
}

static int
out_plain(struct inetcsum_out *o, const void *p, size_t len)
{
	if (write_all(o->fd, p, len) < 0)
		return out_fail(o, "write");
	o->written += len;
#ifdef SYNC_FILE_RANGE_WRITE
	if (!o->stream && o->written - o->synced >= SYNC_STEP) {
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
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && strcmp(s + n - k, suffix) == 0;
}

/* Frees the encoder (after the end or an error). */
static void
enc_free(struct inetcsum_out *o)
{
	switch (o->codec) {
#ifdef INETCSUM_HAVE_ZLIB
	case INETCSUM_CODEC_GZIP:
		deflateEnd(o->enc);
		free(o->enc);
		break;
#endif
#ifdef INETCSUM_HAVE_ZSTD
	case INETCSUM_CODEC_ZSTD:
		ZSTD_freeCStream(o->enc);
		break;
#endif
#ifdef INETCSUM_HAVE_LZ4
	case INETCSUM_CODEC_LZ4:
		LZ4F_freeCompressionContext(o->enc);
		break;
#endif
	default:
		break;
	}
	o->enc = NULL;
	free(o->zbuf);
	o->zbuf = NULL;
	o->codec = 0;
}

int
inetcsum_out_compress_by_name(struct inetcsum_out *o)
{
	const char *lib = NULL;
	int k = 0;

	if (o->stream)
		return 0;
	if (ends_with(o->path, ".gz"))
		k = INETCSUM_CODEC_GZIP, lib = "zlib";
	else if (ends_with(o->path, ".zst"))
		k = INETCSUM_CODEC_ZSTD, lib = "libzstd";
	else if (ends_with(o->path, ".lz4"))
		k = INETCSUM_CODEC_LZ4, lib = "liblz4";
	if (k == 0)
		return 0;
	o->zcap = OUT_BUF + (OUT_BUF >> 3) + 4096;
	switch (k) {
#ifdef INETCSUM_HAVE_ZLIB
	case INETCSUM_CODEC_GZIP: {
		z_stream *z = calloc(1, sizeof(*z));

		if (z != NULL && deflateInit2(z, Z_DEFAULT_COMPRESSION,
					      Z_DEFLATED, 15 + 16, 8,
					      Z_DEFAULT_STRATEGY) != Z_OK) {
			free(z);
			z = NULL;
		}
		o->enc = z;
		break;
	}
#endif
#ifdef INETCSUM_HAVE_ZSTD
	case INETCSUM_CODEC_ZSTD:
		o->enc = ZSTD_createCStream();
		if (o->enc != NULL &&
		    ZSTD_isError(ZSTD_initCStream(o->enc, 3))) {
			ZSTD_freeCStream(o->enc);
			o->enc = NULL;
		}
		break;
#endif
#ifdef INETCSUM_HAVE_LZ4
	case INETCSUM_CODEC_LZ4: {
		LZ4F_cctx *c;

		if (!LZ4F_isError(LZ4F_createCompressionContext(&c,
								LZ4F_VERSION)))
			o->enc = c;
		o->zcap = LZ4F_compressBound(OUT_BUF, NULL) + 64;
		break;
	}
#endif
	default:
		snprintf(o->err, o->errlen, "%s: cannot write %s: built "
			 "without %s", o->path, o->path + strlen(o->path) -
			 (k == INETCSUM_CODEC_GZIP ? 3 : 4), lib);
		return -1;
	}
	o->zbuf = malloc(o->zcap);
	o->codec = k;
	if (o->enc == NULL || o->zbuf == NULL) {
		enc_free(o);
		snprintf(o->err, o->errlen, "%s: cannot start the %s encoder",
			 o->path, lib);
		return -1;
	}
#ifdef INETCSUM_HAVE_LZ4
	if (k == INETCSUM_CODEC_LZ4) {
		size_t n = LZ4F_compressBegin(o->enc, o->zbuf, o->zcap, NULL);

		if (LZ4F_isError(n) || out_plain(o, o->zbuf, n) < 0) {
			enc_free(o);
			return -1;
		}
	}
#endif
	return 0;
}

/*
 * Compresses 'len' bytes at 'p' (all of them: the encoders are given
 * room) and writes what comes out; with 'end', finishes the stream.
 */
static int
out_enc(struct inetcsum_out *o, const void *p, size_t len, int end)
{
	switch (o->codec) {
#ifdef INETCSUM_HAVE_ZLIB
	case INETCSUM_CODEC_GZIP: {
		z_stream *z = o->enc;
		int r;

		z->next_in = (Bytef *)(uintptr_t)p;
		z->avail_in = (uInt)len;
		do {
			z->next_out = o->zbuf;
			z->avail_out = (uInt)o->zcap;
			r = deflate(z, end ? Z_FINISH : Z_NO_FLUSH);
			if (r == Z_STREAM_ERROR)
				return out_fail(o, "gzip");
			if (out_plain(o, o->zbuf,
				      o->zcap - z->avail_out) < 0)
				return -1;
		} while (z->avail_out == 0 || (end && r != Z_STREAM_END));
		return 0;
	}
#endif
#ifdef INETCSUM_HAVE_ZSTD
	case INETCSUM_CODEC_ZSTD: {
		ZSTD_inBuffer in = { p, len, 0 };
		size_t r;

		do {
			ZSTD_outBuffer out = { o->zbuf, o->zcap, 0 };

			r = ZSTD_compressStream2(o->enc, &out, &in, end ?
						 ZSTD_e_end : ZSTD_e_continue);
			if (ZSTD_isError(r))
				return out_fail(o, "zstd");
			if (out_plain(o, o->zbuf, out.pos) < 0)
				return -1;
		} while (in.pos < in.size || (end && r != 0));
		return 0;
	}
#endif
#ifdef INETCSUM_HAVE_LZ4
	case INETCSUM_CODEC_LZ4: {
		const uint8_t *q = p;

		while (len > 0) {
			size_t k = len > OUT_BUF ? OUT_BUF : len;
			size_t n = LZ4F_compressUpdate(o->enc, o->zbuf,
						       o->zcap, q, k, NULL);

			if (LZ4F_isError(n))
				return out_fail(o, "lz4");
			if (out_plain(o, o->zbuf, n) < 0)
				return -1;
			q += k;
			len -= k;
		}
		if (end) {
			size_t n = LZ4F_compressEnd(o->enc, o->zbuf, o->zcap,
						    NULL);

			if (LZ4F_isError(n))
				return out_fail(o, "lz4");
			if (out_plain(o, o->zbuf, n) < 0)
				return -1;
		}
		return 0;
	}
#endif
	default:
		break;
	}
	(void)end;
	return out_plain(o, p, len);
}

static int
out_raw(struct inetcsum_out *o, const void *p, size_t len)
{
	return o->codec ? out_enc(o, p, len, 0) : out_plain(o, p, len);
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
	/* Nothing to write may come as a null pointer (memcpy's UB). */
	if (len == 0)
		return 0;
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
	if (o->codec) {
		if (out_enc(o, NULL, 0, 1) < 0)
			return -1;
		enc_free(o);
	}
	if (o->stream) {
		free(o->tmp);
		free(o->buf);
		o->tmp = NULL;
		o->buf = NULL;
		return 0;
	}
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
	if (rename(o->tmp, o->target != NULL ? o->target : o->path) < 0)
		return out_fail(o, "rename");
	out_free(o);
	return 0;
}

void
inetcsum_out_abort(struct inetcsum_out *o)
{
	if (o->tmp == NULL)
		return;
	out_cleanup(o);
	enc_free(o);
}
