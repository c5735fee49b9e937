/* SPDX-License-Identifier: MIT */
/*
 * fuzz/fuzz_pcap.c - the capture reader (capture/pcap.c) and the
 * frame parser (packet/) over arbitrary bytes.
 *
 * The input is copied flush against an inaccessible page, so a read one
 * byte past the end faults even without a sanitizer (the standalone runner
 * replays the corpus under any compiler).  Beyond "no crash, no sanitizer
 * report" it checks what the reader and parser promise: every frame lies
 * inside the buffer, and every verdict that claims to have read a checksum
 * field names two captured bytes that hold the value it reports.
 *
 * The reader is compiled in from the tool's source so this file needs no
 * extra library: link it with inetcsum_packet and inetcsum_static.
 */
#define _DEFAULT_SOURCE	/* MAP_ANONYMOUS (glibc) */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pcap.h"
#include "inetcsum_packet.h"

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#  define MAP_ANONYMOUS MAP_ANON
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Bytes of 'len' at the very end of fresh pages, followed by a PROT_NONE
 * page.  'base'/'total' are for munmap. */
static uint8_t *
guarded_copy(const uint8_t *data, size_t len, void **base, size_t *total)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t n = (len + pg - 1) / pg * pg;
	uint8_t *p;

	*total = n + pg;
	p = mmap(NULL, *total, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		abort();
	if (mprotect(p + n, pg, PROT_NONE) != 0)
		abort();
	*base = p;
	p += n - len;
	if (len)
		memcpy(p, data, len);
	return p;
}

static void
check_frame(const struct inetcsum_cap_frame *f, size_t buflen)
{
	struct inetcsum_frame_result r;
	size_t i;

	if (f->offset > buflen || f->caplen > buflen - f->offset)
		abort();
	inetcsum_frame_check(f->linktype, f->data, f->caplen, f->origlen, &r);
	if (r.nlayers > INETCSUM_MAX_LAYERS)
		abort();
	for (i = 0; i < r.nlayers; i++) {
		const struct inetcsum_layer *l = &r.layers[i];
		unsigned v;

		if (l->status == INETCSUM_UNVERIFIED)
			continue;
		if (l->field_offset > f->caplen ||
		    f->caplen - l->field_offset < 2)
			abort();
		v = (unsigned)f->data[l->field_offset] << 8 |
		    f->data[l->field_offset + 1];
		if (v != l->stored)
			abort();
		if (l->status == INETCSUM_GOOD && l->stored != l->expected &&
		    !(l->stored == 0xffff && l->expected == 0) &&
		    !(l->stored == 0 && l->expected == 0xffff))
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct inetcsum_cap c;
	struct inetcsum_cap_frame f;
	void *base;
	size_t total;
	uint8_t *buf = guarded_copy(data, size, &base, &total);

	if (inetcsum_cap_open(&c, buf, size) == 0) {
		while (inetcsum_cap_next(&c, &f) == 1)
			check_frame(&f, size);
		inetcsum_cap_describe(&c);
	}
	inetcsum_cap_close(&c);
	munmap(base, total);
	return 0;
}
