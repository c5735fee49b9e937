/* SPDX-License-Identifier: MIT */
/*
 * capture/pcap.h - a reader of pcap and pcapng captures held in
 * memory.  It walks a (pointer, length) buffer, so the same code serves a
 * mapped file, a fuzzer's input and the fixer's private copy, and it hands
 * out each packet as an offset into that buffer ("fix" turns the offset
 * into a writable pointer into its own copy) with its record's timestamp
 * decoded, so that no program reads a record header again.
 *
 * Every length field is checked against the bytes that remain before it is
 * used (block length, captured length against the block and against the
 * maximum for the link type), so a damaged or hostile file ends the walk
 * with an error that names the record and its byte offset, while every
 * packet before it has already been delivered.
 *
 * What libpcap reads, this reads (docs/capture-tools.md, "What the reader
 * accepts"): a record longer than the file's or interface's snapshot
 * length is delivered whole and counted (noversize), as tshark
 * shows it; a snapshot length of 0 or above INT_MAX means no limit; pcap
 * 2.0-2.3 and 543.0 files with the two length fields in the old order
 * are read.  The limit is INETCSUM_CAP_MAX_CAPLEN per record, larger for
 * the few link types whose packets are larger (inetcsum_cap_max_caplen()).
 */
#ifndef INETCSUM_CAPTURE_PCAP_H
#define INETCSUM_CAPTURE_PCAP_H

#include <stddef.h>
#include <stdint.h>

/*
 * The longest packet a record may hold, as libpcap's MAXIMUM_SNAPLEN and
 * Wireshark's WTAP_MAX_PACKET_SIZE_STANDARD: 256 KiB, room for a 64 KiB
 * IP datagram with any link header, a BIG TCP or jumbo frame of up to
 * 256 KiB, and far below what would let a damaged length field make the
 * reader allocate without bound.  inetcsum_cap_max_caplen() raises it for
 * the link types whose packets are larger.
 */
#define INETCSUM_CAP_MAX_CAPLEN	262144u

/*
 * Streaming: a record or block longer than this is refused.  The largest
 * packet (D-Bus, 128 MiB) plus a pcapng block's header, trailer and 128
 * KiB of options, as libpcap bounds its block buffer
 * (MAX_BLOCKSIZE_FOR_SNAPLEN); the window grows to this only for a record
 * that needs it.
 */
#define INETCSUM_CAP_MAX_RECORD	((128u << 20) + (128u << 10) + 64u)

/*
 * pcapng: the most Interface Description Blocks one section may hold; the
 * next one is refused as a damaged file, naming its block and offset.  The
 * reader keeps an entry per interface of the current section (link type,
 * snapshot length, time resolution and offset: 24 bytes on a 64-bit
 * host), so without a bound a stream of IDBs alone would grow it with the
 * stream's length.
 * Real captures have a handful (one per interface dumpcap listens on);
 * 65536 is every id the obsolete Packet Block's 16-bit interface field can
 * name, far beyond any capture, and keeps the table within 1.5 MiB.
 * libpcap's sf-pcapng.c (add_interface()) takes ids as 32-bit and doubles
 * its table without any limit of its own, failing only when the 32-bit
 * count or the size_t product would overflow ("more than 2147483648
 * interfaces in the file") or malloc fails; Wireshark's wiretap, too,
 * takes interface ids as 32-bit.
 */
#define INETCSUM_CAP_MAX_IFS	65536u

/*
 * inetcsum_cap_max_caplen() is the longest packet a record of 'linktype'
 * may hold: INETCSUM_CAP_MAX_CAPLEN, except for D-Bus (231, 128 MiB: a
 * D-Bus message's limit), EBHSCR (279, 8 MiB) and USBPcap (249, 1 MiB),
 * the exceptions libpcap's max_snaplen_for_dlt() and Wireshark make.
 */
uint32_t
inetcsum_cap_max_caplen(int linktype);

enum inetcsum_cap_format {
	INETCSUM_CAP_PCAP,	/* libpcap: either byte order, us or ns */
	INETCSUM_CAP_PCAPNG,	/* pcapng, any number of sections */
};

/* One interface of the current pcapng section (or the pcap file). */
struct inetcsum_cap_if {
	int linktype;
	uint32_t snaplen;	/* 0: no limit */
	/* pcapng if_tsresol (10^-n seconds, or 2^-n with bit 7 set;
	 * default 6, microseconds) and if_tsoffset (seconds added to
	 * every timestamp, default 0); unused for pcap. */
	uint8_t tsresol;
	int64_t tsoffset;
};

/* Reader state.  Fill it with inetcsum_cap_open(); fields are read-only. */
struct inetcsum_cap {
	const uint8_t *buf;
	size_t len;
	size_t pos;		/* offset of the next record or block */
	enum inetcsum_cap_format format;
	int swapped;		/* current header/section is foreign-endian */
	int nsec;		/* pcap: nanosecond timestamps */
	/* pcap: bytes of a record header, 16, or 24 in the modified pcap of
	 * Alexey Kuznetzov (magic 0xa1b2cd34: interface index, protocol and
	 * packet type after the lengths, as libpcap reads it). */
	unsigned rec_hdr_len;
	uint32_t version_major, version_minor;
	/* pcap: one entry; pcapng: per IDB of the current section, at most
	 * INETCSUM_CAP_MAX_IFS */
	struct inetcsum_cap_if *ifs;
	size_t nifs, ifs_alloc;
	uint64_t nsections;	/* pcapng section header blocks seen */
	uint64_t nrecords;	/* records (pcap) or blocks (pcapng) read */
	uint64_t nframes;	/* packets delivered */
	/*
	 * pcapng blocks without a packet that tshark lists as frames of
	 * their own (custom blocks, systemd journal entries): counted in
	 * each frame's 'number', so that it is tshark's frame number.
	 */
	uint64_t nnonpacket;
	/* packets longer than their snapshot length, delivered whole */
	uint64_t noversize;
	/* pcap: caplen and len in the old order: 0 no, 1 yes, 2 when
	 * caplen > len (version 2.3, written both ways) */
	int lengths_swapped;
	/* Streaming (stream.h): 'buf' is a window of a longer stream. */
	uint64_t base;		/* stream offset of buf[0] (messages) */
	int more;		/* bytes may follow buf + len */
	size_t need;		/* after a return of 2: bytes wanted at pos */
	char err[256];		/* set when a call returns -1 */
};

/* One packet: caplen bytes at buf + offset. */
struct inetcsum_cap_frame {
	const uint8_t *data;
	size_t offset;		/* of data[0] in the buffer */
	size_t caplen;
	size_t origlen;		/* the length on the wire, as recorded */
	int linktype;
	uint32_t interface;	/* pcapng interface id; 0 for pcap */
	/* pcapng epb_flags (EPB option 2, also the obsolete Packet Block's
	 * pack_flags); 0 when absent, for pcap and the Simple Packet Block.
	 * INETCSUM_CAP_NOT_READY and INETCSUM_CAP_CSUM_VALID are bits 9
	 * and 10 of draft-ietf-opsawg-pcapng (tshark 4.0 calls them
	 * reserved). */
	uint32_t epb_flags;
	uint64_t number;	/* 1-based frame number in the file, as
				 * tshark numbers frames (nnonpacket) */
	size_t record_offset;	/* offset of the record or block header */
	/*
	 * When the packet was captured: nanoseconds since 1970-01-01 UTC
	 * as the file records it, modulo 2^64 (a file's clock may be
	 * anything), in the resolution of the file (pcap: microseconds or
	 * nanoseconds by magic) or of its interface (pcapng if_tsresol,
	 * plus if_tsoffset); INETCSUM_CAP_NO_TIME for a Simple Packet
	 * Block, which has none.  Finer resolutions are cut to
	 * nanoseconds.
	 */
	uint64_t ts;
};

#define INETCSUM_CAP_NO_TIME	UINT64_MAX

#define INETCSUM_CAP_NOT_READY	(1u << 9)	/* checksum not ready */
#define INETCSUM_CAP_CSUM_VALID	(1u << 10)	/* checksum valid */

/*
 * inetcsum_cap_open() recognises the format of the 'len' bytes at 'buf'
 * and reads the file header.  It returns 0, or -1 with 'err' set (not a
 * capture, truncated header, unsupported version).  The buffer must stay
 * valid until inetcsum_cap_close().
 */
int
inetcsum_cap_open(struct inetcsum_cap *c, const void *buf, size_t len);

/*
 * inetcsum_cap_open_more() is inetcsum_cap_open() on the start of a stream
 * whose further bytes are still to come: it returns 2 (with 'need') when
 * the file header is not complete yet; the caller then extends the window
 * (inetcsum_cap_window()) and calls it again.
 */
int
inetcsum_cap_open_more(struct inetcsum_cap *c, const void *buf, size_t len);

/*
 * inetcsum_cap_window() moves a streaming reader to a new window: 'buf'
 * holds 'len' bytes, which start 'dropped' bytes further into the stream
 * than the previous window did (dropped <= pos); 'more' is 0 once the
 * stream has ended.
 */
void
inetcsum_cap_window(struct inetcsum_cap *c, const void *buf, size_t len,
		    size_t dropped, int more);

/*
 * inetcsum_cap_next() delivers the next packet into 'f' and returns 1; it
 * returns 0 at the clean end of the buffer and -1, with 'err' naming the
 * record number and byte offset, when the rest cannot be read.  Blocks that
 * carry no packet are skipped untouched.  While 'more' is set, a record
 * that runs past the window returns 2 instead, with 'need' the bytes it
 * wants from 'pos' on, and nothing consumed.
 */
int
inetcsum_cap_next(struct inetcsum_cap *c, struct inetcsum_cap_frame *f);

/* inetcsum_cap_close() frees what the reader allocated. */
void
inetcsum_cap_close(struct inetcsum_cap *c);

/*
 * A record like frame f's but holding 'len' bytes of packet instead, in
 * the file's byte order: what a writer that replaces one packet by others
 * (inetcsum segment) writes for each of them.  In order: 'head_len' bytes
 * of 'head' (the record or block header, timestamp, interface and flags
 * kept, lengths set to 'len'), the packet, 'pad' zero bytes, 'tail_len'
 * bytes at 'tail' (a pcapng block's options, kept as they were), and
 * 'trailer_len' bytes of 'trailer' (a pcapng block's length, again).
 * Call it while the reader still holds f's record, before the next
 * inetcsum_cap_next() or window.
 */
struct inetcsum_cap_record {
	uint8_t head[32];
	size_t head_len;
	size_t pad;
	const uint8_t *tail;
	size_t tail_len;
	uint8_t trailer[4];
	size_t trailer_len;
};

void
inetcsum_cap_record_for(const struct inetcsum_cap *c,
			const struct inetcsum_cap_frame *f, size_t len,
			struct inetcsum_cap_record *r);

/* "pcap (little-endian, us)", "pcapng", ...: for messages. */
const char *
inetcsum_cap_describe(const struct inetcsum_cap *c);

#endif /* INETCSUM_CAPTURE_PCAP_H */
