/* SPDX-License-Identifier: MIT */
/*
 * tests/capture/test_cap_time.c - the record timestamp the reader decodes
 * into each frame (struct inetcsum_cap_frame 'ts'): pcap in microseconds
 * and nanoseconds, written in either byte order, and pcapng with the
 * default resolution, a decimal and a binary if_tsresol, an if_tsoffset
 * and a big-endian section, plus the Simple Packet Block, which has no
 * time.  The files are built here byte by byte, in the order each one
 * declares, so that a reader that ignored the byte order, the resolution
 * or the offset would read another time.
 */
#include <stdio.h>
#include <string.h>

#include "pcap.h"

static unsigned char file[1024];
static size_t flen;
static int big;			/* the file being built is big-endian */
static int failures;

static void
put16(unsigned v)
{
	file[flen++] = (unsigned char)(big ? v >> 8 : v);
	file[flen++] = (unsigned char)(big ? v : v >> 8);
}

static void
put32(unsigned long v)
{
	if (big) {
		put16((unsigned)(v >> 16) & 0xffffu);
		put16((unsigned)v & 0xffffu);
	} else {
		put16((unsigned)v & 0xffffu);
		put16((unsigned)(v >> 16) & 0xffffu);
	}
}

static void
put64(unsigned long long v)
{
	if (big) {
		put32((unsigned long)(v >> 32));
		put32((unsigned long)(v & 0xffffffffu));
	} else {
		put32((unsigned long)(v & 0xffffffffu));
		put32((unsigned long)(v >> 32));
	}
}

/* The pcap file header, then one 1-byte record at 'sec'.'frac'. */
static void
pcap(unsigned long magic, unsigned long sec, unsigned long frac)
{
	flen = 0;
	put32(magic);
	put16(2);
	put16(4);
	put32(0);
	put32(0);
	put32(65535);
	put32(1);
	put32(sec);
	put32(frac);
	put32(1);
	put32(1);
	file[flen++] = 0;
}

static void
ng_shb(void)
{
	put32(0x0a0d0d0au);
	put32(28);
	put32(0x1a2b3c4du);
	put16(1);
	put16(0);
	put64(~0ull);
	put32(28);
}

/*
 * An IDB; 'tsresol' 0 for none, 'tsoffset' 0 for none.  Options are code,
 * length and a value padded to 4 bytes, then opt_endofopt.
 */
static void
ng_idb(unsigned tsresol, unsigned long long tsoffset)
{
	size_t len = 20 + (tsresol ? 8 : 0) + (tsoffset ? 12 : 0) +
		     (tsresol || tsoffset ? 4 : 0);

	put32(1);
	put32((unsigned long)len);
	put16(1);
	put16(0);
	put32(0);
	if (tsresol) {
		put16(9);
		put16(1);
		memset(file + flen, 0, 4);
		file[flen] = (unsigned char)tsresol;
		flen += 4;
	}
	if (tsoffset) {
		put16(14);
		put16(8);
		put64(tsoffset);
	}
	if (tsresol || tsoffset)
		put32(0);
	put32((unsigned long)len);
}

/* An EPB of one byte on interface 'ifid' at 't' units. */
static void
ng_epb(unsigned long ifid, unsigned long long t)
{
	put32(6);
	put32(36);
	put32(ifid);
	put32((unsigned long)(t >> 32));
	put32((unsigned long)(t & 0xffffffffu));
	put32(1);
	put32(1);
	put32(0);
	put32(36);
}

static void
ng_spb(void)
{
	put32(3);
	put32(20);
	put32(1);
	put32(0);
	put32(20);
}

/* The frames of the file built, in order, must carry the times 'want'. */
static void
expect(const char *name, const unsigned long long *want, size_t n)
{
	struct inetcsum_cap c;
	struct inetcsum_cap_frame f;
	size_t i = 0;
	int r;

	memset(&c, 0, sizeof(c));
	if (inetcsum_cap_open(&c, file, flen) < 0) {
		printf("FAIL %s: %s\n", name, c.err);
		failures++;
		return;
	}
	while ((r = inetcsum_cap_next(&c, &f)) == 1) {
		if (i >= n || f.ts != want[i]) {
			printf("FAIL %s: frame %zu at %llu, want %llu\n", name,
			       i + 1, (unsigned long long)f.ts,
			       i < n ? want[i] : 0ull);
			failures++;
		}
		i++;
	}
	if (r < 0 || i != n) {
		printf("FAIL %s: %zu frames (%s)\n", name, i,
		       r < 0 ? c.err : "end");
		failures++;
	}
	inetcsum_cap_close(&c);
}

int
main(void)
{
	static const unsigned long long us[] = {
		1700000000ull * 1000000000u + 123456000u };
	static const unsigned long long ns[] = { 5000000007ull };
	static const unsigned long long ng[] = {
		1700000000123456000ull,	/* default: microseconds */
		5000000007ull,		/* if_tsresol 9: nanoseconds */
		103500000000ull,	/* 2^-20 s units, offset 100 s */
		INETCSUM_CAP_NO_TIME,	/* an SPB */
	};
	static const unsigned long long be[] = {
		1001500000000ull,	/* milliseconds, offset 1000 s */
		4000000000ull,		/* 10^-12 s units, cut to ns */
	};

	big = 0;
	pcap(0xa1b2c3d4u, 1700000000u, 123456u);
	expect("pcap little-endian us", us, 1);
	big = 1;
	pcap(0xa1b2c3d4u, 1700000000u, 123456u);
	expect("pcap big-endian us", us, 1);
	pcap(0xa1b23c4du, 5, 7);
	expect("pcap big-endian ns", ns, 1);
	big = 0;
	pcap(0xa1b23c4du, 5, 7);
	expect("pcap little-endian ns", ns, 1);

	flen = 0;
	ng_shb();
	ng_idb(0, 0);
	ng_idb(9, 0);
	ng_idb(0x80 | 20, 100);
	ng_epb(0, 1700000000123456ull);
	ng_epb(1, 5000000007ull);
	ng_epb(2, 3ull << 20 | 1ull << 19);
	ng_spb();
	expect("pcapng little-endian", ng, 4);
	big = 1;
	flen = 0;
	ng_shb();
	ng_idb(3, 1000);
	ng_idb(12, 0);
	ng_epb(0, 1500);
	ng_epb(1, 4000000000000ull);
	expect("pcapng big-endian", be, 2);

	printf("test_cap_time: %d failures\n", failures);
	return failures ? 1 : 0;
}
