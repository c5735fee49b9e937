/* SPDX-License-Identifier: MIT */
/*
 * capture/stream.c - captures read as streams through a bounded window,
 * optionally decompressed (see stream.h).
 *
 * The window holds the bytes from the record being read to what has been
 * read so far.  inetcsum_capstream_fill() drops the consumed front (a memmove
 * of the unread tail, at most one record), grows the window only when one
 * record does not fit, and reads in chunks of READ_CHUNK.  So memory is
 * bounded by the largest record (INETCSUM_CAP_MAX_RECORD at most), never
 * by the length of the stream, and a frame is handed out as soon as its
 * last byte has been read: `tcpdump -w - | inetcsum check -` reports each
 * frame as it arrives.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

#include "stream.h"

/* One read(2): large enough to amortise the call, small for latency. */
#define READ_CHUNK	(256u << 10)
/* The window's first size; it doubles only for a record that needs it. */
#define WINDOW_MIN	(1u << 20)

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int
fail(struct inetcsum_capstream *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->err, sizeof(s->err), fmt, ap);
	va_end(ap);
	return -1;
}

/* A zstd/lz4 skippable frame: magic 0x184D2A50-0x184D2A5F, little-endian. */
static int
skippable(const uint8_t *p)
{
	return (p[0] & 0xf0) == 0x50 && p[1] == 0x2a && p[2] == 0x4d &&
	       p[3] == 0x18;
}

enum inetcsum_codec
inetcsum_codec_detect(const uint8_t *p, size_t n)
{
	size_t off = 0;

	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		return INETCSUM_CODEC_GZIP;
	/*
	 * zstd (RFC 8878 section 3.1.2) and lz4 share the skippable frame,
	 * 4 bytes of magic and a 32-bit little-endian size: step over those
	 * in front to the first real frame, whose magic names the codec.
	 */
	while (n - off >= 8 && skippable(p + off)) {
		uint32_t size = (uint32_t)p[off + 4] |
				(uint32_t)p[off + 5] << 8 |
				(uint32_t)p[off + 6] << 16 |
				(uint32_t)p[off + 7] << 24;

		if (size > n - off - 8)
			return INETCSUM_CODEC_NONE;
		off += 8 + (size_t)size;
	}
	p += off;
	n -= off;
	/* Nothing but skippable frames: a stream of no bytes, which either
	 * decoder reads as such. */
	if (off > 0 && n == 0)
#if defined(INETCSUM_HAVE_ZSTD) || !defined(INETCSUM_HAVE_LZ4)
		return INETCSUM_CODEC_ZSTD;
#else
		return INETCSUM_CODEC_LZ4;
#endif
	if (n >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f &&
	    p[3] == 0xfd)
		return INETCSUM_CODEC_ZSTD;
	if (n >= 4 && p[0] == 0x04 && p[1] == 0x22 && p[2] == 0x4d &&
	    p[3] == 0x18)
		return INETCSUM_CODEC_LZ4;
	return INETCSUM_CODEC_NONE;
}

const char *
inetcsum_codec_name(enum inetcsum_codec k)
{
	switch (k) {
	case INETCSUM_CODEC_GZIP:	return "gzip";
	case INETCSUM_CODEC_ZSTD:	return "zstd";
	case INETCSUM_CODEC_LZ4:	return "lz4";
	case INETCSUM_CODEC_NONE:	break;
	}
	return "uncompressed";
}

/* Reads into the compressed-input buffer; 0 at the end, -1 on error. */
static int
read_in(struct inetcsum_capstream *s)
{
	size_t room;
	ssize_t n;

	if (s->in_pos > 0) {
		memmove(s->in, s->in + s->in_pos, s->in_len - s->in_pos);
		s->in_len -= s->in_pos;
		s->in_base += s->in_pos;
		s->in_pos = 0;
	}
	if (s->in_len == s->in_cap)
		return 0;	/* full: the decoder has input to work on */
	room = s->in_cap - s->in_len;
	if (room > s->read_max)
		room = s->read_max;
	do
		n = read(s->fd, s->in + s->in_len, room);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return fail(s, "read: %s", strerror(errno));
	if (n == 0)
		s->in_eof = 1;
	s->in_len += (size_t)n;
	return 0;
}

/* The compressed offset the decoder has reached, for messages. */
static unsigned long long
in_offset(const struct inetcsum_capstream *s)
{
	return (unsigned long long)(s->in_base + s->in_pos);
}

static int
codec_init(struct inetcsum_capstream *s)
{
	switch (s->codec) {
	case INETCSUM_CODEC_NONE:
		return 0;
	case INETCSUM_CODEC_GZIP:
#ifdef INETCSUM_HAVE_ZLIB
	{
		z_stream *z = calloc(1, sizeof(*z));

		/* 15 + 16: gzip only (multi-member handled in decode). */
		if (z == NULL || inflateInit2(z, 15 + 16) != Z_OK) {
			free(z);
			return fail(s, "gzip: cannot start the decoder");
		}
		s->dec = z;
		return 0;
	}
#else
		break;
#endif
	case INETCSUM_CODEC_ZSTD:
#ifdef INETCSUM_HAVE_ZSTD
		s->dec = ZSTD_createDStream();
		if (s->dec == NULL)
			return fail(s, "zstd: cannot start the decoder");
		return 0;
#else
		break;
#endif
	case INETCSUM_CODEC_LZ4:
#ifdef INETCSUM_HAVE_LZ4
	{
		LZ4F_dctx *d;

		if (LZ4F_isError(LZ4F_createDecompressionContext(&d,
								 LZ4F_VERSION)))
			return fail(s, "lz4: cannot start the decoder");
		s->dec = d;
		return 0;
	}
#else
		break;
#endif
	}
	return fail(s, "%s-compressed capture, but this inetcsum was built "
		    "without %s", inetcsum_codec_name(s->codec),
		    s->codec == INETCSUM_CODEC_GZIP ? "zlib" :
		    s->codec == INETCSUM_CODEC_ZSTD ? "libzstd" : "liblz4");
}

/*
 * Decodes what the input buffer holds into buf[len..cap); sets *made to
 * the bytes produced and, when the call moved (took input or gave
 * output), 'at_end' to whether the decoder now stands between two gzip
 * members or zstd/lz4 frames.  It is called with no input left too: a
 * decoder whose last call filled the window may still hold output.  -1
 * on corrupt data, with *made the sound bytes decoded before it (zlib
 * says how many; libzstd and liblz4 leave them undefined, so none).
 */
static int
decode(struct inetcsum_capstream *s, size_t *made)
{
	size_t room = s->cap - s->len;
	size_t avail = s->in_len - s->in_pos;

	/* Unused in a build without any of the decompressors. */
	(void)room;
	(void)avail;
	*made = 0;
	switch (s->codec) {
	case INETCSUM_CODEC_NONE:
		break;
	case INETCSUM_CODEC_GZIP:
#ifdef INETCSUM_HAVE_ZLIB
	{
		z_stream *z = s->dec;
		size_t took;
		int r;

		z->next_in = s->in + s->in_pos;
		z->avail_in = (uInt)(avail > 1u << 30 ? 1u << 30 : avail);
		z->next_out = s->buf + s->len;
		z->avail_out = (uInt)(room > 1u << 30 ? 1u << 30 : room);
		r = inflate(z, Z_NO_FLUSH);
		took = (size_t)(z->next_in - (s->in + s->in_pos));
		*made = (size_t)(z->next_out - (s->buf + s->len));
		s->in_pos += took;
		/* What inflate wrote before it found the damage is sound
		 * (zlib.h: next_out is always updated); *made keeps it. */
		if (r != Z_OK && r != Z_BUF_ERROR && r != Z_STREAM_END)
			return fail(s, "gzip: corrupt data at compressed offset "
				    "%llu (%s)", in_offset(s),
				    z->msg ? z->msg : "inflate failed");
		if (r == Z_STREAM_END) {
			/*
			 * A gzip file may hold several members, each a
			 * complete stream (RFC 1952 section 2.2), empty ones
			 * too (`: | gzip` is 20 bytes of header and trailer
			 * around no data): start the next with a fresh
			 * state and go on while input is left.
			 */
			if (inflateReset(z) != Z_OK)
				return fail(s, "gzip: decoder reset failed");
			s->at_end = 1;
		} else if (took > 0 || *made > 0) {
			s->at_end = 0;
		}
		return 0;
	}
#else
		break;
#endif
	case INETCSUM_CODEC_ZSTD:
#ifdef INETCSUM_HAVE_ZSTD
	{
		ZSTD_inBuffer in = { s->in + s->in_pos, avail, 0 };
		ZSTD_outBuffer out = { s->buf + s->len, room, 0 };
		size_t r = ZSTD_decompressStream(s->dec, &out, &in);

		if (ZSTD_isError(r))
			return fail(s, "zstd: corrupt data at compressed offset "
				    "%llu (%s)", in_offset(s) + in.pos,
				    ZSTD_getErrorName(r));
		s->in_pos += in.pos;
		*made = out.pos;
		/*
		 * 0: a frame (or a skippable frame) is complete and all of
		 * it flushed; the next byte starts a new frame (RFC 8878
		 * section 3.1).  Anything else is a hint for more input.
		 */
		if (in.pos > 0 || out.pos > 0)
			s->at_end = r == 0;
		return 0;
	}
#else
		break;
#endif
	case INETCSUM_CODEC_LZ4:
#ifdef INETCSUM_HAVE_LZ4
	{
		size_t out = room, in = avail;
		size_t r = LZ4F_decompress(s->dec, s->buf + s->len, &out,
					   s->in + s->in_pos, &in, NULL);

		if (LZ4F_isError(r))
			return fail(s, "lz4: corrupt data at compressed offset "
				    "%llu (%s)", in_offset(s) + in,
				    LZ4F_getErrorName(r));
		s->in_pos += in;
		*made = out;
		/* As for zstd: 0 once a frame (skippable ones included) is
		 * complete and flushed; the context then takes a new one. */
		if (in > 0 || out > 0)
			s->at_end = r == 0;
		return 0;
	}
#else
		break;
#endif
	}
	return 0;
}

/* "member" for gzip, "frame" for zstd and lz4: the unit that must end. */
static const char *
unit_name(enum inetcsum_codec k)
{
	return k == INETCSUM_CODEC_GZIP ? "member" : "frame";
}

/* Buffers and the codec, once 'fd' is set. */
static int
start(struct inetcsum_capstream *s, size_t read_max)
{
	s->in_cap = READ_CHUNK;
	/* No limit by default: a raw stream reads straight into the
	 * window, as much as it has room for. */
	s->read_max = read_max > 0 ? read_max : SIZE_MAX;
	s->in = malloc(s->in_cap);
	s->cap = WINDOW_MIN;
	s->buf = malloc(s->cap);
	if (s->in == NULL || s->buf == NULL)
		return fail(s, "out of memory");
	/* Enough input to see a magic number (or the end). */
	while (s->in_len < 4 && !s->in_eof)
		if (read_in(s) < 0)
			return -1;
	/* Skippable frames in front: the first input buffer may show what
	 * follows them. */
	if (s->in_len >= 4 && skippable(s->in))
		while (!s->in_eof && s->in_len < s->in_cap &&
		       inetcsum_codec_detect(s->in, s->in_len) ==
		       INETCSUM_CODEC_NONE)
			if (read_in(s) < 0)
				return -1;
	s->codec = inetcsum_codec_detect(s->in, s->in_len);
	if (s->codec == INETCSUM_CODEC_NONE && s->in_len >= 4 &&
	    skippable(s->in))
		return fail(s, "a zstd/lz4 skippable frame at offset 0 is not "
			    "followed by a zstd or lz4 frame within the first "
			    "%zu bytes", s->in_len);
	return codec_init(s);
}

int
inetcsum_capstream_open(struct inetcsum_capstream *s, const char *path)
{
	memset(s, 0, sizeof(*s));
	s->fd = -1;
	if (strcmp(path, "-") == 0) {
		s->fd = STDIN_FILENO;
	} else {
		s->fd = open(path, O_RDONLY);
		if (s->fd < 0)
			return fail(s, "%s: open: %s", path, strerror(errno));
		s->own_fd = 1;
	}
	return start(s, 0);
}

int
inetcsum_capstream_open_fd(struct inetcsum_capstream *s, int fd,
			   size_t read_max)
{
	memset(s, 0, sizeof(*s));
	s->fd = fd;
	return start(s, read_max);
}

/*
 * One step of a compressed stream: a decoder call, or a read when the
 * decoder can do nothing without more input, or the end.  A call that
 * produced nothing is no reason to stop: a gzip member or zstd/lz4 frame
 * may be empty, or its end may fall between two calls, and input may
 * follow it.  The stream ends only when the input has ended, every byte
 * of it has been decoded and the decoder stands at the end of a member
 * or frame; input that ends elsewhere was cut short.
 */
static int
decode_more(struct inetcsum_capstream *s)
{
	size_t made = 0, pos = s->in_pos;

	if (s->failed)
		return -1;
	if (decode(s, &made) < 0) {
		/*
		 * The frames decoded before the damage are still handed
		 * out: the error is reported when the reader asks for the
		 * bytes past them.
		 */
		s->len += made;
		s->failed = 1;
		return made > 0 ? 0 : -1;
	}
	s->len += made;
	if (made > 0 || s->in_pos != pos)
		return 0;
	if (!s->in_eof) {
		/* A full input buffer that the decoder does not take from
		 * cannot become a read: say so rather than spin. */
		if (s->in_pos == 0 && s->in_len == s->in_cap)
			return fail(s, "%s: the decoder takes no input at "
				    "compressed offset %llu",
				    inetcsum_codec_name(s->codec),
				    in_offset(s));
		return read_in(s);
	}
	if (s->in_pos < s->in_len)
		return fail(s, "%s: the decoder stops at compressed offset "
			    "%llu with %zu bytes left", inetcsum_codec_name(s->codec),
			    in_offset(s), s->in_len - s->in_pos);
	if (!s->at_end)
		return fail(s, "%s stream truncated: the compressed input "
			    "ends at offset %llu inside a %s",
			    inetcsum_codec_name(s->codec), in_offset(s),
			    unit_name(s->codec));
	s->eof = 1;
	return 0;
}

int
inetcsum_capstream_fill(struct inetcsum_capstream *s, size_t consumed, size_t want)
{
	size_t goal;

	if (consumed > s->len)
		consumed = s->len;
	memmove(s->buf, s->buf + consumed, s->len - consumed);
	s->len -= consumed;
	s->base += consumed;
	goal = want > s->len ? want : s->len + 1;
	if (goal > s->cap) {
		size_t n = s->cap;
		uint8_t *p;

		/* Doubling, but never to twice what one record needs: a
		 * record at INETCSUM_CAP_MAX_RECORD costs that much, once. */
		while (n < goal)
			n = n > goal / 2 ? goal : 2 * n;
		p = realloc(s->buf, n);
		if (p == NULL)
			return fail(s, "out of memory for a record of %zu "
				    "bytes", want);
		s->buf = p;
		s->cap = n;
	}
	while (s->len < goal && !s->eof) {
		if (s->codec == INETCSUM_CODEC_NONE) {
			/* Raw: what open() peeked at first, then read(2)
			 * straight into the window. */
			size_t n = s->in_len - s->in_pos;
			ssize_t k;

			if (n > 0) {
				if (n > s->cap - s->len)
					n = s->cap - s->len;
				memcpy(s->buf + s->len, s->in + s->in_pos, n);
				s->in_pos += n;
				s->len += n;
				continue;
			}
			if (s->in_eof) {
				s->eof = 1;
				break;
			}
			n = s->cap - s->len;
			if (n > s->read_max)
				n = s->read_max;
			do
				k = read(s->fd, s->buf + s->len, n);
			while (k < 0 && errno == EINTR);
			if (k < 0)
				return fail(s, "read: %s", strerror(errno));
			if (k == 0)
				s->in_eof = 1;
			s->len += (size_t)k;
			continue;
		}
		if (decode_more(s) < 0)
			return -1;
	}
	return 0;
}

void
inetcsum_capstream_close(struct inetcsum_capstream *s)
{
	switch (s->codec) {
	case INETCSUM_CODEC_GZIP:
#ifdef INETCSUM_HAVE_ZLIB
		if (s->dec != NULL)
			inflateEnd(s->dec);
		free(s->dec);
#endif
		break;
	case INETCSUM_CODEC_ZSTD:
#ifdef INETCSUM_HAVE_ZSTD
		ZSTD_freeDStream(s->dec);
#endif
		break;
	case INETCSUM_CODEC_LZ4:
#ifdef INETCSUM_HAVE_LZ4
		LZ4F_freeDecompressionContext(s->dec);
#endif
		break;
	case INETCSUM_CODEC_NONE:
		break;
	}
	s->dec = NULL;
	if (s->own_fd && s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	free(s->in);
	free(s->buf);
	s->in = s->buf = NULL;
}

/* Drops the window's front (after 'flush'), reads 'want' bytes at pos. */
static int
refill(struct inetcsum_capstream *s, struct inetcsum_cap *c, size_t want,
       int (*flush)(void *arg, const uint8_t *p, size_t n), void *arg)
{
	size_t drop = c->pos;

	if (flush != NULL && drop > 0 && flush(arg, s->buf, drop) < 0) {
		snprintf(c->err, sizeof(c->err), "write failed");
		return -1;
	}
	if (inetcsum_capstream_fill(s, drop, want) < 0) {
		snprintf(c->err, sizeof(c->err), "%s", s->err);
		return -1;
	}
	inetcsum_cap_window(c, s->buf, s->len, drop, !s->eof);
	return 0;
}

int
inetcsum_capstream_cap_open(struct inetcsum_capstream *s, struct inetcsum_cap *c)
{
	int r;

	memset(c, 0, sizeof(*c));
	if (inetcsum_capstream_fill(s, 0, 0) < 0) {
		snprintf(c->err, sizeof(c->err), "%s", s->err);
		return -1;
	}
	while ((r = inetcsum_cap_open_more(c, s->buf, s->len)) == 2 &&
	       !s->eof)
		if (inetcsum_capstream_fill(s, 0, c->need) < 0) {
			snprintf(c->err, sizeof(c->err), "%s", s->err);
			return -1;
		}
	if (r == 2) {
		/* The stream ended inside the header: say so as a file. */
		r = inetcsum_cap_open(c, s->buf, s->len);
		if (r == 0)
			inetcsum_cap_window(c, s->buf, s->len, 0, 0);
	} else if (r == 0) {
		c->more = !s->eof;
	}
	return r;
}

int
inetcsum_capstream_next(struct inetcsum_capstream *s, struct inetcsum_cap *c,
		     struct inetcsum_cap_frame *f,
		     int (*flush)(void *arg, const uint8_t *p, size_t n),
		     void *arg)
{
	int r;

	for (;;) {
		r = inetcsum_cap_next(c, f);
		if (r != 2)
			return r;
		if (refill(s, c, c->need, flush, arg) < 0)
			return -1;
	}
}
