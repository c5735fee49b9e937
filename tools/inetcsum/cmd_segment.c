/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_segment.c - "inetcsum segment [--mtu N] IN OUT": copy a
 * capture, splitting every TCP packet longer than the MTU into segments
 * with software GSO (inetcsum_gso_segment(), packet/gso.c) and fragmenting
 * other oversize IPv4 and IPv6 packets (inetcsum_frag_packet(),
 * packet/frag.c); every other byte of the file is the input's own, in
 * order.  Where the IP packet starts is the packet layer's answer (the
 * verdicts' 'l3', packet/link.c), as for "check" and its reassembly.
 *
 * The file is streamed as "fix" streams it (cmd_fix.c): the input, a
 * file, a pipe, standard input or a gzip/zstd/lz4 file (capture/stream.h:
 * memory bounded by the largest record), is copied to the output as it
 * is, and only a record that is replaced is written anew, as several
 * records that copy its header
 * (timestamp, interface, pcapng options) with the lengths changed, in the
 * file's (or the section's) byte order.  pcap keeps its magic and so its
 * time resolution; pcapng Enhanced, obsolete and Simple Packet Blocks
 * stay what they were.  The output is a temporary file renamed over OUT
 * (io_file.c): complete or untouched.
 *
 * What is split, and how:
 *   TCP over IPv4/IPv6 longer than the MTU: GSO with MSS = MTU - IP and TCP
 *     headers (options and extension headers are in every segment); this
 *     includes packets longer than 64 KiB as Linux BIG TCP captures them:
 *     IPv4 total length 0, IPv6 payload length 0 with or without the
 *     RFC 2675 jumbo hop-by-hop header (removed: the segments are ordinary
 *     packets);
 *   other IPv4 packets without DF: RFC 791 fragments (options without the
 *     copy bit only in the first; offsets in 8-byte units; MF on all but
 *     the last; the header checksum recomputed);
 *   other IPv6 packets: RFC 8200 section 4.5 fragments: the per-fragment
 *     part (IPv6 header, hop-by-hop, routing and the destination options
 *     before it) in each, then a Fragment header, one identification per
 *     packet;
 *   an IP length of 0 under 64 KiB (a TSO or BIG TCP packet as the
 *     sending host captures it) is the frame's, as tshark takes it, and
 *     the packet is then split or fragmented as any other;
 *   kept as they are, and counted by reason (enum keep): frames cut by
 *     the snapshot length, IPv4 with DF, packets that are already IPv6
 *     fragments, packets over 64 KiB other than TCP (a fragment offset
 *     cannot reach past 64 KiB), IP lengths past the frame, headers that
 *     leave no room under the MTU, malformed IPv4 header lengths or
 *     offsets, anything that is not IP, and a wrong checksum that the
 *     split would compute afresh (any of a TCP packet's, an IPv4 header's
 *     for fragments; the fragments carry the upper layers' own on as
 *     data), so that the copy never hides an error the capture shows.
 *     Every frame over the MTU is either split or counted.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "io_file.h"
#include "pcap.h"
#include "stream.h"

#define DEFAULT_MTU	1500
#define MIN_MTU		68	/* RFC 791: every host takes 68 bytes */
#define MAX_MTU		65535

/*
 * Why a frame over the MTU is kept as it is: every such frame is counted
 * under one of these, and the summary names each reason that occurred.
 */
enum keep {
	KEEP_CUT,		/* cut by the snapshot length */
	KEEP_DF,		/* IPv4, not split by GSO, DF set */
	KEEP_FRAG,		/* an IPv6 fragment already */
	KEEP_BIG,		/* over 64 KiB, not split by GSO */
	KEEP_LENGTH,		/* IP length field past the frame */
	KEEP_JUMBO_SMALL,	/* jumbo option in a packet under 64 KiB */
	KEEP_OPTIONS,		/* malformed IPv4 options */
	KEEP_HEADERS,		/* headers leave no room under the MTU */
	KEEP_NOT_IP,		/* a known link layer that carries no IP */
	KEEP_LINK,		/* a link type segment does not decode */
	KEEP_MALFORMED,		/* IP header or fragment offset malformed */
	KEEP_BAD_SUM,		/* a wrong checksum the split would redo */
	NKEEP
};

static const char *const keep_name[NKEEP] = {
	"cut by the snapshot length",
	"IPv4 with DF",
	"IPv6 fragments",
	"over 64 KiB and not TCP that GSO splits (fragment offsets end "
	"below 64 KiB)",
	"IP length field past the end of the frame",
	"IPv6 jumbo option in a packet under 64 KiB (RFC 2675: an error)",
	"malformed IPv4 options",
	"headers too long for the MTU",
	/* No commas: the summary lists the reasons with them. */
	"not IP directly over the link layer (PPPoE and other headers in "
	"between are not rewritten)",
	"longer than the MTU on a link type segment does not decode",
	"malformed IP header length or fragment offset",
	"a checksum already wrong that splitting would recompute (fix "
	"first to split them)",
};

struct tally {
	unsigned long long frames, tcp_split, tcp_segs, v4_frag, v4_pieces;
	unsigned long long v6_frag, v6_pieces;
	unsigned long long tso_len;	/* IP length 0 taken from the frame */
	unsigned long long kept[NKEEP];
	/* Records longer than the file's snapshot length: read whole, as
	 * check and fix read them, and said (capture/pcap.h). */
	unsigned long long oversize;
};

struct job {
	struct inetcsum_out *o;
	const struct inetcsum_cap *c;
	uint64_t done;		/* stream offset: the bytes before it are out */
	int failed;		/* a write failed: j->o->err says why */
	uint8_t *buf;		/* pieces, back to back */
	size_t cap;
	struct inetcsum_gso_seg *segs;	/* where each piece is in 'buf' */
	size_t scap;
	uint8_t *work;		/* a frame with its IP length written in */
	size_t wcap;
	uint32_t v6_id;
};

static void
usage(FILE *f)
{
	fprintf(f,
"usage: inetcsum segment [--mtu N] [-q] IN OUT\n"
"Copy the capture IN to OUT, splitting every TCP packet longer than the MTU\n"
"(IP bytes; default 1500) into MSS-sized segments as Linux GSO does, and\n"
"fragmenting other oversize IPv4 (without DF) and IPv6 packets; every other\n"
"record is copied byte for byte.  OUT is replaced atomically.\n"
"IN may be '-' (standard input), a pipe or a gzip/zstd/lz4 file (OUT is\n"
"then the decompressed capture); an OUT named *.gz, *.zst or *.lz4 is\n"
"written compressed.\n"
"Exit status: 0 OUT written, 2 error (OUT not written).\n");
}

static unsigned
be16(const uint8_t *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static void
put16(uint8_t *p, size_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/*
 * Whether the IPv6 packet at 'h' ('n' bytes) starts with a hop-by-hop
 * header that holds a Jumbo Payload option (RFC 2675), in any form.
 */
static int
has_jumbo(const uint8_t *h, size_t n)
{
	size_t hl, i = 2;

	if (h[6] != 0 || n < 48)
		return 0;
	hl = ((size_t)h[41] + 1) * 8;
	if (hl > n - 40)
		hl = n - 40;
	while (i + 2 <= hl) {
		if (h[40 + i] == 0xc2)
			return 1;
		i += h[40 + i] == 0 ? 1 : 2 + (size_t)h[40 + i + 1];
	}
	return 0;
}

static int
reserve(struct job *j, size_t bytes, size_t pieces)
{
	if (bytes > j->cap) {
		uint8_t *b = realloc(j->buf, bytes);

		if (b == NULL)
			return -1;
		j->buf = b;
		j->cap = bytes;
	}
	if (pieces > j->scap) {
		struct inetcsum_gso_seg *l = realloc(j->segs,
						     pieces * sizeof(*l));

		if (l == NULL)
			return -1;
		j->segs = l;
		j->scap = pieces;
	}
	return 0;
}

/*
 * The record that held 'fr' replaced by 'n' records holding the pieces in
 * j->buf, each a copy of it but for the packet (capture/pcap.h).
 */
static int
write_records(struct job *j, const struct inetcsum_cap *c,
	      const struct inetcsum_cap_frame *fr, size_t n)
{
	static const uint8_t zero[4];
	struct inetcsum_cap_record r;
	size_t i;

	for (i = 0; i < n; i++) {
		size_t len = j->segs[i].len;

		inetcsum_cap_record_for(c, fr, len, &r);
		if (inetcsum_out_write(j->o, r.head, r.head_len) < 0 ||
		    inetcsum_out_write(j->o, j->buf + j->segs[i].offset,
				       len) < 0 ||
		    inetcsum_out_write(j->o, zero, r.pad) < 0 ||
		    inetcsum_out_write(j->o, r.tail, r.tail_len) < 0 ||
		    inetcsum_out_write(j->o, r.trailer, r.trailer_len) < 0)
			return -1;
	}
	return 0;
}

/*
 * RFC 791 or RFC 8200 fragments of the IP packet at f + l3 ('len' bytes
 * of frame), by the packet layer, into j->buf / j->segs: their count, 0
 * if kept (counted under its reason), (size_t)-1 when out of memory.
 */
static size_t
fragment(struct job *j, const uint8_t *f, size_t len, size_t l3, int v6,
	 size_t mtu, struct tally *t)
{
	struct inetcsum_frag_plan fp;
	int r = inetcsum_frag_plan(f, len, l3, mtu, &fp);

	if (r == 0) {
		if (reserve(j, fp.out_len, fp.nfrags) < 0)
			return (size_t)-1;
		/* RFC 8200: one identification per packet fragmented. */
		r = inetcsum_frag_packet(f, len, l3, mtu, j->v6_id + 1,
					 j->buf, j->cap, j->segs, j->scap);
	}
	if (r > 0) {
		if (v6) {
			j->v6_id++;
			t->v6_frag++;
			t->v6_pieces += (size_t)r;
		} else {
			t->v4_frag++;
			t->v4_pieces += (size_t)r;
		}
		return (size_t)r;
	}
	switch (r) {
	case INETCSUM_ENOFRAG:
		t->kept[v6 ? KEEP_FRAG : KEEP_DF]++;
		break;
	case INETCSUM_EUNSUPP:
		/* IPv4 options, or an IPv6 jumbogram (not seen here: a
		 * payload length 0 is taken care of before). */
		t->kept[v6 ? KEEP_BIG : KEEP_OPTIONS]++;
		break;
	case INETCSUM_EBADLEN:
		t->kept[KEEP_MALFORMED]++;
		break;
	default:
		/* No room under the MTU; nothing else can happen after the
		 * checks of split(), but a frame is never dropped
		 * uncounted. */
		t->kept[KEEP_HEADERS]++;
		break;
	}
	return 0;
}

/*
 * Whether the verdicts 'res' hold a wrong checksum (bad, or an illegal
 * zero) that splitting would replace with a right one, so that the copy
 * would hide what the capture shows: any layer ('ip_only' 0), or the
 * IPv4 header at 'l3' alone.  Such a frame is kept, and counted.
 */
static int
wrong_sum(const struct inetcsum_frame_result *res, int ip_only, size_t l3)
{
	size_t i;

	for (i = 0; i < res->nlayers; i++) {
		const struct inetcsum_layer *l = &res->layers[i];

		if ((l->status == INETCSUM_BAD ||
		     l->status == INETCSUM_ILLEGAL) &&
		    (!ip_only || (l->proto == INETCSUM_PROTO_IPV4 &&
				  l->field_offset == l3 + 10)))
			return 1;
	}
	return 0;
}

/*
 * The pieces that replace frame 'fr' in j->buf / j->segs: their count, 0
 * to keep the frame, (size_t)-1 when out of memory.  A frame over the MTU
 * that is kept is counted in t->kept under its reason.
 */
static size_t
split(struct job *j, const struct inetcsum_cap_frame *fr, size_t mtu,
      struct tally *t)
{
	const uint8_t *f = fr->data;
	struct inetcsum_frame_result res;
	struct inetcsum_gso_plan pl;
	size_t iplen, field, avail, l3;
	/* The frame's length on the wire: its original length, or what was
	 * captured where a file claims less. */
	size_t wire = fr->origlen > fr->caplen ? fr->origlen : fr->caplen;
	int v6, r;

	/* Where the IP packet starts, as the packet layer's link-layer
	 * walk finds it (its verdicts are not needed here). */
	inetcsum_frame_check(fr->linktype, f, fr->caplen, fr->origlen, &res);
	if (res.l3 == INETCSUM_L3_NONE) {
		if (wire > mtu)
			t->kept[KEEP_LINK]++;
		return 0;
	}
	/* A frame that ends in its link header (or, below, at or in its IP
	 * header) and is long enough on the wire was cut. */
	l3 = res.l3_offset;
	if (res.l3 == INETCSUM_L3_CUT || fr->caplen == l3) {
		if (res.l3 == INETCSUM_L3_CUT ? wire > mtu : wire - l3 > mtu)
			t->kept[KEEP_CUT]++;
		return 0;
	}
	avail = fr->caplen - l3;
	if (res.l3 == INETCSUM_L3_OTHER) {
		if (wire - l3 > mtu)
			t->kept[KEEP_NOT_IP]++;
		return 0;
	}
	v6 = res.l3 == INETCSUM_L3_IPV6;
	if (avail < (v6 ? 40u : 20u)) {
		if (wire - l3 > mtu)
			t->kept[KEEP_CUT]++;
		return 0;
	}
	field = be16(f + l3 + (v6 ? 4 : 2));
	iplen = v6 ? 40 + field : field;
	if (field == 0) {
		/*
		 * IP length 0: a TSO or BIG TCP packet as the sending host
		 * captures it (Linux BIG TCP writes 0 when the length does
		 * not fit 16 bits; captures taken before a NIC fills the
		 * length in show 0 at any size, which is what tshark's
		 * ip.tso_support is for).  The length is the frame's, as
		 * tshark takes it, its reported length so that a cut frame
		 * is counted as cut.
		 */
		iplen = wire - l3;
	}
	if (iplen <= mtu)
		return 0;
	if (fr->caplen < fr->origlen) {
		t->kept[KEEP_CUT]++;
		return 0;
	}
	if (iplen > avail) {
		t->kept[KEEP_LENGTH]++;
		return 0;
	}
	if (field == 0 && iplen - (v6 ? 40 : 0) <= 0xffff) {
		/*
		 * A length 0 that 16 bits would hold: the packet layer takes
		 * 0 as "the buffer's length" only past 64 KiB (BIG TCP), so
		 * GSO and the fragmenters get a working copy with the real
		 * length written in.  Each output piece gets its own length
		 * anyway.  A jumbo option here would be an error (RFC 2675
		 * section 3), and fragments would carry it on.
		 */
		if (v6 && has_jumbo(f + l3, avail)) {
			t->kept[KEEP_JUMBO_SMALL]++;
			return 0;
		}
		if (fr->caplen > j->wcap) {
			uint8_t *w = realloc(j->work, fr->caplen);

			if (w == NULL)
				return (size_t)-1;
			j->work = w;
			j->wcap = fr->caplen;
		}
		memcpy(j->work, f, fr->caplen);
		put16(j->work + l3 + (v6 ? 4 : 2), iplen - (v6 ? 40 : 0));
		f = j->work;
		field = iplen;
		t->tso_len++;
	}
	if (inetcsum_gso_plan(f, fr->caplen, l3, 1, &pl) == 0 &&
	    pl.proto == 6) {
		size_t ipl = pl.hdr_len - l3, mss = mtu - ipl;

		if (ipl >= mtu) {
			t->kept[KEEP_HEADERS]++;
			return 0;
		}
		/* GSO computes every checksum of a segment afresh. */
		if (wrong_sum(&res, 0, 0)) {
			t->kept[KEEP_BAD_SUM]++;
			return 0;
		}
		r = inetcsum_gso_plan(f, fr->caplen, l3, mss, &pl);
		if (r < 0) {
			/* The MSS-1 plan passed, so only a segment over its
			 * 16-bit length field can fail here. */
			t->kept[KEEP_HEADERS]++;
			return 0;
		}
		if (reserve(j, pl.out_len, pl.nsegs) < 0)
			return (size_t)-1;
		r = inetcsum_gso_segment(f, fr->caplen, l3, mss, 0,
					 j->buf, pl.out_len, j->segs, pl.nsegs);
		if (r < 0) {
			/* Planned above with the same arguments: cannot
			 * happen, but a frame is never dropped uncounted. */
			t->kept[KEEP_HEADERS]++;
			return 0;
		}
		t->tcp_split++;
		t->tcp_segs += (size_t)r;
		return (size_t)r;
	}
	if (field == 0) {
		/* A jumbogram or an IPv4 BIG TCP packet that GSO did not
		 * take: fragment offsets end below 64 KiB. */
		t->kept[KEEP_BIG]++;
		return 0;
	}
	/* Fragments carry the upper layers as data, but IPv4's header
	 * checksum is each fragment's own. */
	if (!v6 && wrong_sum(&res, 1, l3)) {
		t->kept[KEEP_BAD_SUM]++;
		return 0;
	}
	return fragment(j, f, fr->caplen, l3, v6, mtu, t);
}

/*
 * Writes the input's bytes from j->done up to the stream offset 'to'
 * (all in the window) as they are.
 */
static int
copy_upto(struct job *j, uint64_t to)
{
	const struct inetcsum_cap *c = j->c;

	if (to <= j->done)
		return 0;
	if (inetcsum_out_write(j->o, c->buf + (j->done - c->base),
			       (size_t)(to - j->done)) < 0) {
		j->failed = 1;
		return -1;
	}
	j->done = to;
	return 0;
}

/* The stream drops the window's first 'n' bytes: every frame in them has
 * been handled, so what is not out yet goes out as it is. */
static int
segment_flush(void *arg, const uint8_t *p, size_t n)
{
	struct job *j = arg;

	(void)p;
	return copy_upto(j, j->c->base + n);
}

static int
stream(const char *path, struct inetcsum_capstream *s, struct job *j,
       size_t mtu, struct tally *t)
{
	struct inetcsum_cap cap;
	struct inetcsum_cap_frame fr;
	int r;

	if (inetcsum_capstream_cap_open(s, &cap) < 0) {
		fprintf(stderr, "inetcsum segment: %s: %s\n", path, cap.err);
		inetcsum_cap_close(&cap);
		return -1;
	}
	j->c = &cap;
	j->done = 0;
	while ((r = inetcsum_capstream_next(s, &cap, &fr, segment_flush,
					    j)) == 1) {
		size_t n;

		t->frames++;
		n = split(j, &fr, mtu, t);
		if (n == 0)
			continue;
		if (n == (size_t)-1) {
			fprintf(stderr, "inetcsum segment: out of memory\n");
			r = -2;
			break;
		}
		if (copy_upto(j, cap.base + fr.record_offset) < 0 ||
		    write_records(j, &cap, &fr, n) < 0) {
			fprintf(stderr, "inetcsum segment: %s\n", j->o->err);
			r = -2;
			break;
		}
		j->done = cap.base + cap.pos;
	}
	if (r == -1 && j->failed)	/* in segment_flush() */
		fprintf(stderr, "inetcsum segment: %s\n", j->o->err);
	else if (r == -1)
		fprintf(stderr, "inetcsum segment: %s: %s\n", path, cap.err);
	t->oversize += cap.noversize;
	if (r == 0 && copy_upto(j, cap.base + cap.len) < 0) {
		fprintf(stderr, "inetcsum segment: %s\n", j->o->err);
		r = -2;
	}
	inetcsum_cap_close(&cap);
	return r < 0 ? -1 : 0;
}

/*
 * The summary's second part: the frames whose IP length 0 was taken from
 * the frame, and every reason a frame over the MTU was kept, with its
 * count (a frame over the MTU is either split or counted here).
 */
static void
print_kept(const struct tally *t)
{
	unsigned long long n = 0;
	size_t k;
	int first = 1;

	if (t->tso_len)
		printf("  IP length 0 (TSO, BIG TCP) taken from the frame: "
		       "%llu\n", t->tso_len);
	if (t->oversize)
		printf("  %llu record%s longer than the snapshot length, read "
		       "whole\n", t->oversize, t->oversize == 1 ? "" : "s");
	for (k = 0; k < NKEEP; k++)
		n += t->kept[k];
	if (n == 0)
		return;
	printf("  over the MTU but kept as they are: %llu:", n);
	for (k = 0; k < NKEEP; k++) {
		if (t->kept[k] == 0)
			continue;
		printf("%s %llu %s", first ? "" : ",", t->kept[k],
		       keep_name[k]);
		first = 0;
	}
	putchar('\n');
}

int
cmd_segment(int argc, char **argv)
{
	struct tally t = { 0 };
	struct inetcsum_capstream s;
	struct inetcsum_out o;
	struct job j = { 0 };
	struct stat st, ist;
	size_t mtu = DEFAULT_MTU;
	int quiet = 0, i, rc = 0;
	const char *in, *out;
	char msg[512], *end;
	mode_t mask;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--mtu") == 0 && i + 1 < argc) {
			unsigned long v = strtoul(argv[++i], &end, 10);

			if (*end != '\0' || v < MIN_MTU || v > MAX_MTU) {
				fprintf(stderr, "inetcsum segment: --mtu "
					"takes %d..%d\n", MIN_MTU, MAX_MTU);
				return 2;
			}
			mtu = v;
		} else if (strcmp(argv[i], "-q") == 0 ||
			   strcmp(argv[i], "--quiet") == 0) {
			quiet = 1;
		} else if (strcmp(argv[i], "-h") == 0 ||
			   strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "inetcsum segment: unknown option "
				"'%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if (argc - i != 2) {
		usage(stderr);
		return 2;
	}
	in = argv[i];
	out = argv[i + 1];
	if (strcmp(out, "-") == 0) {
		fprintf(stderr, "inetcsum segment: OUT must be a file\n");
		return 2;
	}
	if (inetcsum_capstream_open(&s, in) < 0) {
		fprintf(stderr, "inetcsum segment: %s: %s\n", in, s.err);
		inetcsum_capstream_close(&s);
		return 2;
	}
	/* Never over the input, through another name either. */
	if (stat(out, &st) == 0 && ((strcmp(in, "-") != 0 &&
	    stat(in, &ist) == 0 && st.st_dev == ist.st_dev &&
	    st.st_ino == ist.st_ino) || !S_ISREG(st.st_mode))) {
		fprintf(stderr, "inetcsum segment: %s is the input or not a "
			"regular file\n", out);
		inetcsum_capstream_close(&s);
		return 2;
	}
	mask = umask(0);
	umask(mask);
	if (inetcsum_out_open(&o, out, msg, sizeof(msg)) < 0) {
		fprintf(stderr, "inetcsum segment: %s; %s not written\n", msg,
			out);
		inetcsum_capstream_close(&s);
		return 2;
	}
	/* OUT.gz, OUT.zst, OUT.lz4: written compressed, as by fix. */
	if (inetcsum_out_compress_by_name(&o) < 0) {
		fprintf(stderr, "inetcsum segment: %s; %s not written\n", msg,
			out);
		inetcsum_out_abort(&o);
		inetcsum_capstream_close(&s);
		return 2;
	}
	j.o = &o;
	if (stream(in, &s, &j, mtu, &t) < 0) {
		inetcsum_out_abort(&o);
		fprintf(stderr, "inetcsum segment: %s not written\n", out);
		rc = 2;
	} else if (inetcsum_out_commit(&o, 0666 & ~mask) < 0) {
		fprintf(stderr, "inetcsum segment: %s; %s not written\n", msg,
			out);
		rc = 2;
	}
	inetcsum_capstream_close(&s);
	free(j.buf);
	free(j.segs);
	free(j.work);
	if (rc == 0 && !quiet) {
		printf("%s -> %s: %llu frames, MTU %zu: %llu TCP packets split "
		       "into %llu segments, %llu IPv4 packets into %llu "
		       "fragments, %llu IPv6 packets into %llu fragments\n",
		       in, out, t.frames, mtu, t.tcp_split, t.tcp_segs,
		       t.v4_frag, t.v4_pieces, t.v6_frag, t.v6_pieces);
		print_kept(&t);
	}
	if (fflush(stdout) != 0) {
		fprintf(stderr, "inetcsum segment: standard output: %s\n",
			strerror(errno));
		return 2;
	}
	return rc;
}
