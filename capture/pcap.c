/* SPDX-License-Identifier: MIT */
/*
 * capture/pcap.c - the pcap/pcapng reader over an in-memory buffer
 * (see pcap.h).
 *
 * Formats, as documented by their maintainers:
 *  - pcap: draft-ietf-opsawg-pcap.  A 24-byte file header whose magic
 *    0xA1B2C3D4 (microseconds) or 0xA1B23C4D (nanoseconds) also gives the
 *    writer's byte order, then records of a 16-byte header (seconds,
 *    fraction, captured length, original length) and the captured bytes.
 *  - pcapng: draft-ietf-opsawg-pcapng.  A sequence of blocks, each
 *    "type, total length, body, total length again", padded to 4 bytes.
 *    A Section Header Block (type 0x0A0D0D0A, a palindrome so it reads
 *    the same in either order) starts each section; its byte-order magic
 *    0x1A2B3C4D sets the order of every later block of that section, and
 *    each section numbers its Interface Description Blocks afresh.
 *
 * Every read below is preceded by a check that the bytes exist: lengths
 * are compared with what remains (never added to a pointer first), so no
 * overflow and no access outside [buf, buf + len) can happen whatever the
 * input holds.
 *
 * Leniencies, as libpcap's sf-pcap.c and sf-pcapng.c and Wireshark's
 * wiretap read files (a file that they read, this reads):
 *  - a captured length above the snapshot length is no error: writers
 *    get the snapshot length wrong (Solaris bufmod, a header written
 *    before the interface's MTU grew, a 65,549-byte frame of a 65,535-byte
 *    datagram under snaplen 65535).  libpcap reads such a pcap record
 *    and hands out its first snaplen bytes, wiretap hands out all of it;
 *    a checksum needs all of it, so it is delivered whole and counted in
 *    'noversize'.  (libpcap refuses it in pcapng; wiretap reads it.)
 *  - the bound is the maximum for the link type instead
 *    (inetcsum_cap_max_caplen()), as both libpcap and wiretap bound it;
 *  - a snapshot length of 0 (or above INT_MAX) means none: libpcap
 *    takes the link type's maximum, which is the bound above anyway;
 *  - pcap versions 2.0-2.2 and 543.0 (DG/UX) store the original length
 *    before the captured one, 2.3 either way (libpcap swaps the two
 *    there when caplen > len); libpcap reads 2.0-2.4 and 543.0, this
 *    also a later 2.x, whose layout no change has been announced for;
 *  - the link-type field's upper bits (FCS length, bits 26-31) are not
 *    part of the type.  A trailing FCS lies past the IP datagram, whose
 *    own length the checksums follow, so it needs no other handling.
 *  - the "modified" pcap of Alexey Kuznetzov (magic 0xa1b2cd34, either
 *    byte order): 24-byte record headers, the lengths where pcap has them,
 *    then an interface index, a protocol and a packet type (and a pad
 *    byte), as libpcap reads it (sf-pcap.c); microsecond timestamps.
 *    "fix" rewrites frames in place and "segment" copies the record
 *    header of each piece, so both keep the layout.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcap.h"

/* pcap magics as read in the writer's order, and their byte swaps. */
#define PCAP_MAGIC_US		0xa1b2c3d4u
#define PCAP_MAGIC_NS		0xa1b23c4du
#define PCAP_MAGIC_KUZNETZOV	0xa1b2cd34u
/* magic, major, minor, thiszone, sigfigs, snaplen, link type */
#define PCAP_FILE_HDR_LEN	24
/* seconds, fraction, captured length, original length */
#define PCAP_REC_HDR_LEN	16
#define PCAP_KUZNETZOV_REC_HDR_LEN 24
/*
 * The pcap link-type field keeps the link type in its low 16 bits; bits
 * 16-25 are reserved, bit 26 says whether bits 28-31 give the length of
 * a trailing FCS in 16-bit words (draft-ietf-opsawg-pcap section 4);
 * neither is part of the type.  (libpcap keeps the low 26 bits, so a
 * file with reserved bits set is an unknown link type to it.)
 */
#define PCAP_LINKTYPE_MASK	0xffffu

#define NG_SHB			0x0a0d0d0au
#define NG_IDB			0x00000001u
#define NG_PB			0x00000002u	/* obsolete Packet Block */
#define NG_SPB			0x00000003u
#define NG_EPB			0x00000006u
#define NG_JOURNAL		0x00000009u	/* systemd Journal Export */
#define NG_CUSTOM		0x00000badu	/* custom block, to copy */
#define NG_CUSTOM_NOCOPY	0x40000badu	/* ... not to copy */
#define NG_BOM			0x1a2b3c4du
/* Smallest block: type, total length, total length again. */
#define NG_MIN_BLOCK		12
/* type + length, byte-order magic, major/minor, 64-bit section length. */
#define NG_SHB_MIN		(NG_MIN_BLOCK + 4 + 4 + 8)
/* link type (16), reserved (16), snaplen (32). */
#define NG_IDB_MIN		(NG_MIN_BLOCK + 8)
/* interface id, timestamp high and low, captured and original length. */
#define NG_EPB_FIXED		20
/* if_tsresol when an IDB has none: 10^-6 s (draft-ietf-opsawg-pcapng). */
#define NG_TSRESOL_DEFAULT	6
#define NS_PER_S		1000000000u
/* the obsolete block: 16-bit interface id and drop count, then as EPB. */
#define NG_PB_FIXED		20
/* original length only. */
#define NG_SPB_FIXED		4

/* The stream offset of the current record, for messages. */
#define AT(c)	((unsigned long long)((c)->base + (c)->pos))

static uint32_t
bswap32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) |
	       (v << 24);
}

static uint32_t
rd32(const struct inetcsum_cap *c, size_t off)
{
	uint32_t v;

	memcpy(&v, c->buf + off, 4);
	return c->swapped ? bswap32(v) : v;
}

/* A 64-bit value of the section's byte order (pcapng if_tsoffset). */
static uint64_t
rd64(const struct inetcsum_cap *c, size_t off)
{
	uint64_t v;

	memcpy(&v, c->buf + off, 8);
	if (c->swapped)
		v = (uint64_t)bswap32((uint32_t)v) << 32 |
		    bswap32((uint32_t)(v >> 32));
	return v;
}

/* A 32-bit value written in the section's byte order. */
static void
wr32(const struct inetcsum_cap *c, uint8_t *p, uint32_t v)
{
	if (c->swapped)
		v = bswap32(v);
	memcpy(p, &v, 4);
}

static uint16_t
rd16(const struct inetcsum_cap *c, size_t off)
{
	uint16_t v;

	memcpy(&v, c->buf + off, 2);
	return c->swapped ? (uint16_t)((v >> 8) | (v << 8)) : v;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int
fail(struct inetcsum_cap *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->err, sizeof(c->err), fmt, ap);
	va_end(ap);
	return -1;
}

static int
add_interface(struct inetcsum_cap *c, int linktype, uint32_t snaplen)
{
	if (c->nifs == c->ifs_alloc) {
		size_t n = c->ifs_alloc ? 2 * c->ifs_alloc : 8;
		struct inetcsum_cap_if *p = realloc(c->ifs, n * sizeof(*p));

		if (p == NULL)
			return -1;
		c->ifs = p;
		c->ifs_alloc = n;
	}
	c->ifs[c->nifs].linktype = linktype;
	c->ifs[c->nifs].snaplen = snaplen;
	c->ifs[c->nifs].tsresol = NG_TSRESOL_DEFAULT;
	c->ifs[c->nifs].tsoffset = 0;
	c->nifs++;
	return 0;
}

uint32_t
inetcsum_cap_max_caplen(int linktype)
{
	switch (linktype) {
	case 231:	/* D-Bus: a message is at most 128 MiB */
		return 128u << 20;
	case 279:	/* EBHSCR (Elektrobit): 8 MiB */
		return 8u << 20;
	case 249:	/* USBPcap: 1 MiB (Wireshark bug 15985) */
		return 1u << 20;
	default:
		return INETCSUM_CAP_MAX_CAPLEN;
	}
}

static int
open_pcap(struct inetcsum_cap *c, uint32_t magic)
{
	uint32_t snaplen, link;

	c->format = INETCSUM_CAP_PCAP;
	c->swapped = magic == bswap32(PCAP_MAGIC_US) ||
		     magic == bswap32(PCAP_MAGIC_NS) ||
		     magic == bswap32(PCAP_MAGIC_KUZNETZOV);
	c->rec_hdr_len = magic == PCAP_MAGIC_KUZNETZOV ||
			 magic == bswap32(PCAP_MAGIC_KUZNETZOV) ?
			 PCAP_KUZNETZOV_REC_HDR_LEN : PCAP_REC_HDR_LEN;
	c->nsec = magic == PCAP_MAGIC_NS || magic == bswap32(PCAP_MAGIC_NS);
	if (c->len < PCAP_FILE_HDR_LEN && c->more) {
		c->need = PCAP_FILE_HDR_LEN;
		return 2;
	}
	if (c->len < PCAP_FILE_HDR_LEN)
		return fail(c, "pcap file header truncated: %zu of %d bytes",
			    c->len, PCAP_FILE_HDR_LEN);
	c->version_major = rd16(c, 4);
	c->version_minor = rd16(c, 6);
	/*
	 * Version 2.4 is the one written since 1998.  The captured and
	 * original lengths swapped places at 2.3, and some 2.3 files were
	 * written in the old order; DG/UX tcpdump wrote 543.0 in the old
	 * order too.  libpcap reads all of these so.
	 */
	if (c->version_major == 543 && c->version_minor == 0)
		c->lengths_swapped = 1;
	else if (c->version_major != 2)
		return fail(c, "unsupported pcap version %u.%u at offset 4",
			    c->version_major, c->version_minor);
	else if (c->version_minor < 3)
		c->lengths_swapped = 1;
	else if (c->version_minor == 3)
		c->lengths_swapped = 2;
	snaplen = rd32(c, 16);
	/* 0 is no limit; above INT_MAX libpcap takes it as unset too. */
	if (snaplen > 0x7fffffffu)
		snaplen = 0;
	link = rd32(c, 20) & PCAP_LINKTYPE_MASK;
	if (add_interface(c, (int)link, snaplen) < 0)
		return fail(c, "out of memory");
	c->pos = PCAP_FILE_HDR_LEN;
	return 0;
}

static int
cap_open(struct inetcsum_cap *c, const void *buf, size_t len, int more)
{
	uint32_t magic;

	memset(c, 0, sizeof(*c));
	c->buf = buf;
	c->len = len;
	c->more = more;
	if (len < 4 && more) {
		c->need = 4;
		return 2;
	}
	if (len < 4)
		return fail(c, "not a capture: %zu bytes, too short for a "
			    "magic number", len);
	memcpy(&magic, c->buf, 4);
	if (magic == PCAP_MAGIC_US || magic == PCAP_MAGIC_NS ||
	    magic == bswap32(PCAP_MAGIC_US) || magic == bswap32(PCAP_MAGIC_NS) ||
	    magic == PCAP_MAGIC_KUZNETZOV ||
	    magic == bswap32(PCAP_MAGIC_KUZNETZOV))
		return open_pcap(c, magic);
	if (magic == NG_SHB) {
		/* The section header is read by the block walk, like any
		 * later section. */
		c->format = INETCSUM_CAP_PCAPNG;
		return 0;
	}
	return fail(c, "not a pcap or pcapng file (magic 0x%08x at offset 0)",
		    (unsigned)magic);
}

int
inetcsum_cap_open(struct inetcsum_cap *c, const void *buf, size_t len)
{
	return cap_open(c, buf, len, 0);
}

/* Nothing is allocated before the header is complete: no leak on 2. */
int
inetcsum_cap_open_more(struct inetcsum_cap *c, const void *buf, size_t len)
{
	return cap_open(c, buf, len, 1);
}

void
inetcsum_cap_window(struct inetcsum_cap *c, const void *buf, size_t len,
		    size_t dropped, int more)
{
	c->buf = buf;
	c->len = len;
	c->pos -= dropped;
	c->base += dropped;
	c->more = more;
}

/* A record of 'n' bytes at pos runs past the window: ask for more. */
static int
want(struct inetcsum_cap *c, uint64_t n, const char *what)
{
	if (n > INETCSUM_CAP_MAX_RECORD)
		return fail(c, "%s %llu at offset %llu: %llu bytes, too large "
			    "to stream (the limit is %u)", what,
			    (unsigned long long)c->nrecords + 1, AT(c),
			    (unsigned long long)n, INETCSUM_CAP_MAX_RECORD);
	c->need = (size_t)n;
	return 2;
}

void
inetcsum_cap_close(struct inetcsum_cap *c)
{
	free(c->ifs);
	c->ifs = NULL;
	c->nifs = c->ifs_alloc = 0;
}

const char *
inetcsum_cap_describe(const struct inetcsum_cap *c)
{
	if (c->format == INETCSUM_CAP_PCAPNG)
		return "pcapng";
	if (c->nsec)
		return c->swapped ? "pcap (swapped, ns)" : "pcap (native, ns)";
	return c->swapped ? "pcap (swapped, us)" : "pcap (native, us)";
}

static int
next_pcap(struct inetcsum_cap *c, struct inetcsum_cap_frame *f)
{
	size_t left = c->len - c->pos;
	uint64_t rec = c->nrecords + 1;
	uint32_t caplen, origlen, maxcap, snaplen = c->ifs[0].snaplen;
	const size_t hl = c->rec_hdr_len;

	if (c->more && left < hl)
		return want(c, hl, "record");
	if (left == 0)
		return 0;
	if (left < hl)
		return fail(c, "record %llu at offset %llu: record header "
			    "truncated (%zu of %zu bytes)",
			    (unsigned long long)rec, AT(c), left, hl);
	caplen = rd32(c, c->pos + 8);
	origlen = rd32(c, c->pos + 12);
	if (c->lengths_swapped == 1 ||
	    (c->lengths_swapped == 2 && caplen > origlen)) {
		uint32_t t = caplen;

		caplen = origlen;
		origlen = t;
	}
	maxcap = inetcsum_cap_max_caplen(c->ifs[0].linktype);
	if (caplen > maxcap)
		return fail(c, "record %llu at offset %llu: captured length "
			    "%u exceeds the maximum of %u for link type %d "
			    "(snapshot length %u)", (unsigned long long)rec,
			    AT(c), (unsigned)caplen, (unsigned)maxcap,
			    c->ifs[0].linktype, (unsigned)snaplen);
	if (c->more && caplen > left - hl)
		return want(c, (uint64_t)caplen + hl, "record");
	if (caplen > left - hl)
		return fail(c, "record %llu at offset %llu: captured length "
			    "%u runs past the end of the file (%zu bytes "
			    "left)", (unsigned long long)rec, AT(c),
			    (unsigned)caplen, left - hl);
	c->nrecords = rec;
	if (snaplen != 0 && caplen > snaplen)
		c->noversize++;
	f->record_offset = c->pos;
	f->offset = c->pos + hl;
	f->data = c->buf + f->offset;
	f->caplen = caplen;
	f->origlen = origlen;
	f->linktype = c->ifs[0].linktype;
	f->interface = 0;
	f->epb_flags = 0;
	f->number = ++c->nframes + c->nnonpacket;
	/* Seconds, then micro- or nanoseconds by the file's magic. */
	f->ts = (uint64_t)rd32(c, c->pos) * NS_PER_S +
		(uint64_t)rd32(c, c->pos + 4) * (c->nsec ? 1 : 1000);
	c->pos = f->offset + caplen;
	return 1;
}

/* Section header at c->pos, whose first 12 bytes are known to exist. */
static int
read_shb(struct inetcsum_cap *c, uint64_t blk, size_t left)
{
	uint32_t bom;

	memcpy(&bom, c->buf + c->pos + 8, 4);
	if (bom == NG_BOM)
		c->swapped = 0;
	else if (bom == bswap32(NG_BOM))
		c->swapped = 1;
	else
		return fail(c, "block %llu at offset %llu: section header with "
			    "bad byte-order magic 0x%08x",
			    (unsigned long long)blk, AT(c), (unsigned)bom);
	if (left < NG_SHB_MIN)
		return fail(c, "block %llu at offset %llu: section header "
			    "truncated (%zu bytes left)",
			    (unsigned long long)blk, AT(c), left);
	c->version_major = rd16(c, c->pos + 12);
	c->version_minor = rd16(c, c->pos + 14);
	/*
	 * Major version 1 is the only one: another may lay out everything
	 * after it differently.  Of its minor versions, 0 is the current and
	 * 2 is what some writers put for the same layout; libpcap and
	 * wiretap refuse any other (libpcap's tests list 1.1 as invalid), and
	 * so does this reader.
	 */
	if (c->version_major != 1 ||
	    (c->version_minor != 0 && c->version_minor != 2))
		return fail(c, "block %llu at offset %llu: unsupported pcapng "
			    "version %u.%u", (unsigned long long)blk, AT(c),
			    c->version_major, c->version_minor);
	c->nifs = 0;
	c->nsections++;
	return 0;
}

/*
 * A packet of a pcapng block: 'cap' bytes at 'off' inside a block whose
 * body has 'room' bytes for packet data.
 */
static int
ng_packet(struct inetcsum_cap *c, struct inetcsum_cap_frame *f, uint64_t blk,
	  uint32_t ifid, uint32_t cap, uint32_t orig, size_t off, size_t room)
{
	const struct inetcsum_cap_if *in;

	if (ifid >= c->nifs)
		return fail(c, "block %llu at offset %llu: packet on interface "
			    "%u, but the section defines %zu",
			    (unsigned long long)blk, AT(c), (unsigned)ifid,
			    c->nifs);
	in = &c->ifs[ifid];
	if (cap > room)
		return fail(c, "block %llu at offset %llu: captured length %u "
			    "exceeds the %zu bytes of the block",
			    (unsigned long long)blk, AT(c), (unsigned)cap,
			    room);
	if (cap > inetcsum_cap_max_caplen(in->linktype))
		return fail(c, "block %llu at offset %llu: captured length %u "
			    "exceeds the maximum of %u for link type %d "
			    "(interface %u, snapshot length %u)",
			    (unsigned long long)blk, AT(c), (unsigned)cap,
			    (unsigned)inetcsum_cap_max_caplen(in->linktype),
			    in->linktype, (unsigned)ifid,
			    (unsigned)in->snaplen);
	if (in->snaplen != 0 && cap > in->snaplen)
		c->noversize++;
	f->record_offset = c->pos;
	f->offset = off;
	f->data = c->buf + off;
	f->caplen = cap;
	f->origlen = orig;
	f->linktype = in->linktype;
	f->interface = ifid;
	f->epb_flags = 0;
	f->number = ++c->nframes + c->nnonpacket;
	f->ts = INETCSUM_CAP_NO_TIME;
	return 1;
}

/*
 * Nanoseconds for the 64-bit pcapng timestamp 't' of interface 'in': 't'
 * counts units of 10^-n seconds, or 2^-n with bit 7 of if_tsresol set, and
 * if_tsoffset seconds are added.  Whole seconds and the fraction are
 * converted apart, so that no product overflows before the final sum
 * (which wraps, as the file's clock may say anything).
 */
static uint64_t
ng_time(const struct inetcsum_cap_if *in, uint64_t t)
{
	static const uint64_t pow10[20] = {
		1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
		100000000u, 1000000000u, 10000000000u, 100000000000u,
		1000000000000u, 10000000000000u, 100000000000000u,
		1000000000000000u, 10000000000000000u, 100000000000000000u,
		1000000000000000000u, 10000000000000000000u,
	};
	unsigned n = in->tsresol & 0x7fu;
	uint64_t sec, ns;

	if (in->tsresol & 0x80u) {
		/* 2^-n: the fraction keeps at most 34 bits, so that times
		 * 10^9 (below 2^30) it stays below 2^64. */
		sec = n < 64 ? t >> n : 0;
		ns = n == 0 ? 0 : n < 64 ? t & ((UINT64_C(1) << n) - 1) : t;
		if (n > 34) {
			ns = n - 34 < 64 ? ns >> (n - 34) : 0;
			n = 34;
		}
		ns = ns * NS_PER_S >> n;
	} else if (n <= 9) {
		sec = t / pow10[n];
		ns = t % pow10[n] * pow10[9 - n];
	} else {
		/* Finer than a nanosecond: cut to nanoseconds; past 10^-28
		 * every count is below one. */
		ns = n - 9 < 20 ? t / pow10[n - 9] : 0;
		sec = ns / NS_PER_S;
		ns %= NS_PER_S;
	}
	return (sec + (uint64_t)in->tsoffset) * NS_PER_S + ns;
}

/*
 * The offset of the value of option 'code', 'len' bytes long, among the
 * options from 'off' to 'end', or 0 when there is none
 * (draft-ietf-opsawg-pcapng, "Options").  Each option is code, length and
 * a value padded to 32 bits, until opt_endofopt or the end.  A malformed
 * list reads as one without the option: libpcap does not read the options
 * asked for here (epb_flags, pack_flags in the obsolete Packet Block) or
 * reads them leniently (if_tsresol, if_tsoffset), and a file it reads must
 * not be refused for them.
 */
#define NG_OPT_ENDOFOPT		0
#define NG_OPT_EPB_FLAGS	2
#define NG_OPT_IF_TSRESOL	9
#define NG_OPT_IF_TSOFFSET	14

static size_t
ng_option(const struct inetcsum_cap *c, size_t off, size_t end,
	  unsigned want, unsigned wantlen)
{
	while (off <= end && end - off >= 4) {
		unsigned code = rd16(c, off), len = rd16(c, off + 2);
		size_t padded = ((size_t)len + 3) & ~(size_t)3;

		if (code == NG_OPT_ENDOFOPT || padded > end - off - 4)
			return 0;
		if (code == want && len == wantlen)
			return off + 4;
		off += 4 + padded;
	}
	return 0;
}

/*
 * Streaming: 2 if the block at pos is not all in the window yet, before
 * anything of it is read (read_shb() changes the state, so it must run
 * only once the whole block is there), else 0.
 */
static int
ng_want(struct inetcsum_cap *c, size_t left)
{
	uint32_t type, blen, bom;
	int swapped = c->swapped;

	if (left < NG_MIN_BLOCK)
		return want(c, NG_MIN_BLOCK, "block");
	memcpy(&type, c->buf + c->pos, 4);
	memcpy(&blen, c->buf + c->pos + 4, 4);
	if (type == NG_SHB) {
		/* read_shb() reads this much before the length is judged. */
		if (left < NG_SHB_MIN)
			return want(c, NG_SHB_MIN, "block");
		memcpy(&bom, c->buf + c->pos + 8, 4);
		swapped = bom == bswap32(NG_BOM);
	}
	if (swapped)
		blen = bswap32(blen);
	/* An invalid length is the block walk's to report. */
	if (blen >= NG_MIN_BLOCK && blen % 4 == 0 && blen > left)
		return want(c, blen, "block");
	return 0;
}

static int
next_pcapng(struct inetcsum_cap *c, struct inetcsum_cap_frame *f)
{
	for (;;) {
		size_t left = c->len - c->pos, body, o;
		uint64_t blk = c->nrecords + 1;
		uint32_t type, blen, orig, cap;
		int r = 0;

		if (c->more && (r = ng_want(c, left)) != 0)
			return r;
		if (left == 0)
			return 0;
		if (left < NG_MIN_BLOCK)
			return fail(c, "block %llu at offset %llu: block header "
				    "truncated (%zu bytes left)",
				    (unsigned long long)blk, AT(c), left);
		memcpy(&type, c->buf + c->pos, 4);
		if (type == NG_SHB) {
			if (read_shb(c, blk, left) < 0)
				return -1;
		} else if (c->nsections == 0) {
			return fail(c, "block 1 at offset 0: not a section "
				    "header");
		} else {
			type = rd32(c, c->pos);
		}
		blen = rd32(c, c->pos + 4);
		if (blen < NG_MIN_BLOCK || blen % 4 != 0)
			return fail(c, "block %llu at offset %llu: invalid "
				    "block length %u (type 0x%08x)",
				    (unsigned long long)blk, AT(c),
				    (unsigned)blen, (unsigned)type);
		if (blen > left)
			return fail(c, "block %llu at offset %llu: block length "
				    "%u runs past the end of the file (%zu "
				    "bytes left)", (unsigned long long)blk,
				    AT(c), (unsigned)blen, left);
		if (rd32(c, c->pos + blen - 4) != blen)
			return fail(c, "block %llu at offset %llu: trailing "
				    "block length %u differs from the leading "
				    "%u", (unsigned long long)blk, AT(c),
				    (unsigned)rd32(c, c->pos + blen - 4),
				    (unsigned)blen);
		if (type == NG_SHB && blen < NG_SHB_MIN)
			return fail(c, "block %llu at offset %llu: section "
				    "header block length %u too short",
				    (unsigned long long)blk, AT(c),
				    (unsigned)blen);
		body = blen - NG_MIN_BLOCK;
		c->nrecords = blk;
		switch (type) {
		case NG_IDB:
			if (blen < NG_IDB_MIN)
				return fail(c, "block %llu at offset %llu: "
					    "interface description too short "
					    "(%u bytes)",
					    (unsigned long long)blk, AT(c),
					    (unsigned)blen);
			/* The table of the section's interfaces is bounded
			 * (INETCSUM_CAP_MAX_IFS): refused before it grows. */
			if (c->nifs >= INETCSUM_CAP_MAX_IFS)
				return fail(c, "block %llu at offset %llu: "
					    "interface description past the "
					    "limit of %u in one section",
					    (unsigned long long)blk, AT(c),
					    INETCSUM_CAP_MAX_IFS);
			/* A snapshot length above INT_MAX is unset, as
			 * in a pcap header. */
			if (add_interface(c, rd16(c, c->pos + 8),
					  rd32(c, c->pos + 12) > 0x7fffffffu ? 0 :
					  rd32(c, c->pos + 12)) < 0)
				return fail(c, "out of memory");
			/* Its options run from after the snapshot length
			 * to the trailing block length. */
			if ((o = ng_option(c, c->pos + 16, c->pos + blen - 4,
					   NG_OPT_IF_TSRESOL, 1)) != 0)
				c->ifs[c->nifs - 1].tsresol = c->buf[o];
			if ((o = ng_option(c, c->pos + 16, c->pos + blen - 4,
					   NG_OPT_IF_TSOFFSET, 8)) != 0)
				c->ifs[c->nifs - 1].tsoffset =
					(int64_t)rd64(c, o);
			break;
		case NG_EPB:
		case NG_PB:
			if (body < NG_EPB_FIXED)
				return fail(c, "block %llu at offset %llu: "
					    "packet block too short (%u bytes)",
					    (unsigned long long)blk, AT(c),
					    (unsigned)blen);
			cap = rd32(c, c->pos + 20);
			orig = rd32(c, c->pos + 24);
			r = ng_packet(c, f, blk, type == NG_EPB ?
				      rd32(c, c->pos + 8) :
				      rd16(c, c->pos + 8), cap, orig,
				      c->pos + 8 + NG_EPB_FIXED,
				      body - NG_EPB_FIXED);
			if (r != 1)
				break;
			/* The options follow the data, padded to 32 bits
			 * (ng_packet() checked that the data fits). */
			o = ng_option(c, c->pos + 8 + NG_EPB_FIXED +
				      (((size_t)cap + 3) & ~(size_t)3),
				      c->pos + 8 + body, NG_OPT_EPB_FLAGS, 4);
			f->epb_flags = o != 0 ? rd32(c, o) : 0;
			/* Timestamp high and low, in the units of the
			 * interface ng_packet() checked. */
			f->ts = ng_time(&c->ifs[f->interface],
					(uint64_t)rd32(c, c->pos + 12) << 32 |
					rd32(c, c->pos + 16));
			break;
		case NG_SPB:
			if (body < NG_SPB_FIXED)
				return fail(c, "block %llu at offset %llu: "
					    "simple packet block too short",
					    (unsigned long long)blk, AT(c));
			/*
			 * An SPB has no captured length: it is the original
			 * length cut to the snapshot length of interface 0
			 * (draft-ietf-opsawg-pcapng, Simple Packet Block).
			 */
			if (c->nifs == 0)
				return fail(c, "block %llu at offset "
					    "%llu: simple packet block before "
					    "any interface",
					    (unsigned long long)blk, AT(c));
			orig = rd32(c, c->pos + 8);
			cap = orig;
			if (c->ifs[0].snaplen != 0 && cap > c->ifs[0].snaplen)
				cap = c->ifs[0].snaplen;
			/* Without a snapshot length libpcap cuts it to the
			 * link type's maximum. */
			if (cap > inetcsum_cap_max_caplen(c->ifs[0].linktype))
				cap = inetcsum_cap_max_caplen(
					c->ifs[0].linktype);
			if (cap > body - NG_SPB_FIXED)
				return fail(c, "block %llu at offset %llu: "
					    "simple packet of %u bytes exceeds "
					    "the %zu bytes of the block",
					    (unsigned long long)blk, AT(c),
					    (unsigned)cap,
					    body - NG_SPB_FIXED);
			r = ng_packet(c, f, blk, 0, cap, orig,
				      c->pos + 8 + NG_SPB_FIXED,
				      body - NG_SPB_FIXED);
			break;
		case NG_JOURNAL:
		case NG_CUSTOM:
		case NG_CUSTOM_NOCOPY:
			/* No packet, but tshark lists each as a frame: the
			 * frame numbers count them (pcap.h). */
			c->nnonpacket++;
			break;
		default:
			/* Statistics, name resolution, decryption secrets
			 * and unknown blocks carry no packet: step over
			 * them. */
			break;
		}
		if (r < 0)
			return -1;
		c->pos += blen;
		if (r == 1)
			return 1;
	}
}

int
inetcsum_cap_next(struct inetcsum_cap *c, struct inetcsum_cap_frame *f)
{
	if (c->format == INETCSUM_CAP_PCAP)
		return next_pcap(c, f);
	return next_pcapng(c, f);
}

void
inetcsum_cap_record_for(const struct inetcsum_cap *c,
			const struct inetcsum_cap_frame *f, size_t len,
			struct inetcsum_cap_record *r)
{
	const uint8_t *rec = c->buf + f->record_offset;
	uint32_t type, blen;
	size_t opt, end;

	memset(r, 0, sizeof(*r));
	if (c->format == INETCSUM_CAP_PCAP) {
		/* Captured and original length, after the timestamp. */
		r->head_len = c->rec_hdr_len;
		memcpy(r->head, rec, r->head_len);
		wr32(c, r->head + 8, (uint32_t)len);
		wr32(c, r->head + 12, (uint32_t)len);
		return;
	}
	/* pcapng: the packet is padded to 32 bits; an Enhanced or obsolete
	 * Packet Block has both lengths at 20 and options after the
	 * packet, a Simple Packet Block its one length at 8 and none. */
	type = rd32(c, f->record_offset);
	r->head_len = type == NG_SPB ? 12 : 28;
	memcpy(r->head, rec, r->head_len);
	r->pad = (4 - len % 4) % 4;
	if (type != NG_SPB) {
		opt = f->offset + ((f->caplen + 3) & ~(size_t)3);
		end = f->record_offset + rd32(c, f->record_offset + 4);
		if (opt < end - 4) {
			r->tail = c->buf + opt;
			r->tail_len = end - 4 - opt;
		}
	}
	blen = (uint32_t)(r->head_len + len + r->pad + r->tail_len + 4);
	wr32(c, r->head + 4, blen);
	if (type == NG_SPB) {
		wr32(c, r->head + 8, (uint32_t)len);
	} else {
		wr32(c, r->head + 20, (uint32_t)len);
		wr32(c, r->head + 24, (uint32_t)len);
	}
	wr32(c, r->trailer, blen);
	r->trailer_len = 4;
}
