/* SPDX-License-Identifier: MIT */
/*
 * capture/stream.h - a capture read as a stream: from a pipe, standard
 * input or a compressed file, through a window of bounded size that the
 * pcap reader (pcap.h) walks as it fills, so each frame is handed out as
 * soon as its bytes have arrived and memory stays bounded by the largest
 * record, not by the capture.
 *
 * Compressed input is recognised by its magic number, as Wireshark does:
 * gzip (1f 8b, zlib), zstd (28 b5 2f fd, libzstd) and lz4 frames
 * (04 22 4d 18, liblz4).  Support for each is compiled in when CMake
 * finds the library (INETCSUM_HAVE_ZLIB, _ZSTD, _LZ4); without it, such a
 * file is refused with a message that names the missing library.
 */
#ifndef INETCSUM_CAPTURE_STREAM_H
#define INETCSUM_CAPTURE_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "pcap.h"

enum inetcsum_codec {
	INETCSUM_CODEC_NONE,
	INETCSUM_CODEC_GZIP,
	INETCSUM_CODEC_ZSTD,
	INETCSUM_CODEC_LZ4,
};

struct inetcsum_capstream {
	int fd;
	int own_fd;		/* close it at the end */
	enum inetcsum_codec codec;
	void *dec;		/* decoder state */
	uint8_t *in;		/* compressed bytes read, not yet decoded */
	size_t in_pos, in_len, in_cap;
	size_t read_max;	/* most bytes one read(2) asks for */
	uint64_t in_base;	/* compressed offset of in[0] */
	int in_eof;
	/*
	 * The decoder has finished a gzip member or a zstd/lz4 frame and
	 * holds nothing of a next one: only here may the input end.
	 */
	int at_end;
	int failed;		/* 'err' holds a decoding error still to report */
	uint8_t *buf;		/* the window: decoded bytes */
	size_t len, cap;
	uint64_t base;		/* stream offset of buf[0] */
	int eof;		/* no byte will follow buf + len */
	char err[256];
};

/* The codec named by the first bytes of a file (NONE if none matches). */
enum inetcsum_codec
inetcsum_codec_detect(const uint8_t *p, size_t n);

/* "gzip", "zstd", "lz4" or "uncompressed". */
const char *
inetcsum_codec_name(enum inetcsum_codec k);

/*
 * inetcsum_capstream_open() starts reading 'path' ("-": standard input) and
 * reads its first bytes to tell the codec.  Returns 0 or -1 with 'err'.
 */
int
inetcsum_capstream_open(struct inetcsum_capstream *s, const char *path);

/*
 * inetcsum_capstream_open_fd() does the same on an open descriptor (not
 * closed at the end), asking each read(2) for at most 'read_max' bytes
 * (0: the default): the fuzzer and the tests use small reads to put a
 * frame's end between two decoder calls.
 */
int
inetcsum_capstream_open_fd(struct inetcsum_capstream *s, int fd,
			   size_t read_max);

/*
 * inetcsum_capstream_fill() drops the window's first 'consumed' bytes, then
 * reads until at least 'want' bytes follow them (or the stream ends), and
 * returns 0, or -1 with 'err' (a read or decoding error).  'want' 0 asks
 * only for what one read brings.  A compressed stream ends only where the
 * decoder has taken every input byte and finished its last gzip member or
 * zstd/lz4 frame; input that ends inside one is an error naming the
 * compressed offset, never a quiet end.
 */
int
inetcsum_capstream_fill(struct inetcsum_capstream *s, size_t consumed, size_t want);

void
inetcsum_capstream_close(struct inetcsum_capstream *s);

/*
 * inetcsum_capstream_next() is inetcsum_cap_next() on a stream: it refills
 * the window as the reader asks, keeps 'c' pointed at it and returns what
 * inetcsum_cap_next() returns (frame offsets are from the window's start;
 * add s->base for the stream offset).  Before each refill it calls
 * 'flush' (if not NULL) with the number of window bytes about to be
 * dropped, all of them before c->pos: the fixer writes them out there.
 * inetcsum_capstream_cap_open() reads the capture's file header.  Both return
 * -1 with the message in c->err.
 */
int
inetcsum_capstream_cap_open(struct inetcsum_capstream *s, struct inetcsum_cap *c);

int
inetcsum_capstream_next(struct inetcsum_capstream *s, struct inetcsum_cap *c,
		     struct inetcsum_cap_frame *f,
		     int (*flush)(void *arg, const uint8_t *p, size_t n),
		     void *arg);

#endif /* INETCSUM_CAPTURE_STREAM_H */
