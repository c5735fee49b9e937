/* SPDX-License-Identifier: MIT */
/*
 * packet/tests/catalog.h - the hand-built frames every packet test runs:
 * one per rule of docs/packet.md, each with the verdicts it must get.
 */
#ifndef PACKET_TESTS_CATALOG_H
#define PACKET_TESTS_CATALOG_H

#include "frames.h"

#define NO_MUT ((size_t)-1)

struct tcase {
	const char *name;
	int linktype;
	uint8_t f[FB_MAX];
	size_t len;		/* bytes captured */
	size_t origlen;		/* bytes on the wire */
	struct want w[INETCSUM_MAX_LAYERS];
	size_t n;
	const char *note;	/* NULL: any; "": none; else a substring */
	int ret;		/* inetcsum_frame_check()'s return value */
	size_t mut;		/* a covered payload byte to corrupt, or NO_MUT */
};

/* Builds the catalog (static storage) and returns the number of cases. */
size_t catalog_build(struct tcase **cases);

#endif /* PACKET_TESTS_CATALOG_H */
