/* SPDX-License-Identifier: MIT */
/*
 * fuzz/fuzz_fix.c - "inetcsum fix" in memory over arbitrary bytes: the
 * capture reader (capture/pcap.c) walks a private copy and
 * inetcsum_frame_fix() (packet/) repairs each frame in it.
 *
 * Properties checked beyond memory safety:
 *  - a byte may change only inside a checksum field that the fix reported
 *    for that frame (a field of one of its layers), never in file headers,
 *    record headers, other blocks or payload;
 *  - the repaired frame checks again with no BAD layer, and fixing it a
 *    second time changes nothing.
 * Link with inetcsum_packet and inetcsum_static.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pcap.h"
#include "inetcsum_packet.h"
#include "frames.h"	/* field_width() */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fix_frame(uint8_t *copy, size_t size, uint8_t *allowed,
	  const struct inetcsum_cap_frame *f)
{
	struct inetcsum_frame_result r, again;
	uint8_t *p = copy + f->offset;
	size_t i;

	if (f->offset > size || f->caplen > size - f->offset)
		abort();
	if (inetcsum_frame_fix(f->linktype, p, f->caplen, f->origlen, 0,
			       &r) <= 0)
		return;
	for (i = 0; i < r.nlayers && i < INETCSUM_MAX_LAYERS; i++) {
		size_t off = r.layers[i].field_offset, k;
		size_t w = field_width(&r.layers[i]);

		if (off <= f->caplen && f->caplen - off >= w)
			for (k = 0; k < w; k++)
				allowed[f->offset + off + k] = 1;
	}
	inetcsum_frame_check(f->linktype, p, f->caplen, f->origlen, &again);
	for (i = 0; i < again.nlayers && i < INETCSUM_MAX_LAYERS; i++)
		if (again.layers[i].status == INETCSUM_BAD)
			abort();
	if (inetcsum_frame_fix(f->linktype, p, f->caplen, f->origlen, 0,
			       &again) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct inetcsum_cap c;
	struct inetcsum_cap_frame f;
	/* Exact-size heap copies: ASan's redzones catch any overrun. */
	uint8_t *copy = malloc(size ? size : 1);
	uint8_t *allowed = calloc(size ? size : 1, 1);
	size_t i;

	if (copy == NULL || allowed == NULL)
		abort();
	memcpy(copy, data, size);
	if (inetcsum_cap_open(&c, copy, size) == 0) {
		while (inetcsum_cap_next(&c, &f) == 1)
			fix_frame(copy, size, allowed, &f);
	}
	inetcsum_cap_close(&c);
	for (i = 0; i < size; i++)
		if (copy[i] != data[i] && !allowed[i])
			abort();
	free(copy);
	free(allowed);
	return 0;
}
