/* SPDX-License-Identifier: MIT */
/*
 * capture/reasm.h - IPv4 and IPv6 fragment reassembly across the frames of
 * a capture, with bounded memory, for "inetcsum check" and "inetcsum fix".
 *
 * The caller hands in each IP fragment (an IP packet from its first byte)
 * with a tag of its choosing (the frame number, counting up from 1) and
 * the capture timestamp.  Fragments are grouped by key (RFC 791: source,
 * destination, protocol and identification for IPv4; RFC 8200: source,
 * destination and identification for IPv6; plus the capture interface)
 * and their data laid out in one buffer per datagram.  When a datagram is
 * complete, inetcsum_reasm_next() hands it out rebuilt as an unfragmented
 * IP packet (the first fragment's header, no fragment flags, the full
 * length), so that the packet layer can verify its upper-layer checksum as
 * for any packet.  Every datagram ends in exactly one event: complete,
 * inconsistent (overlap, ...), expired, evicted or unfinished.
 *
 * Nothing here computes a checksum: that is the caller's business, with
 * the packet layer, on the rebuilt packet; a fragment whose IPv4 header
 * checksum the caller found bad is handed to inetcsum_reasm_reject().
 */
#ifndef INETCSUM_CAPTURE_REASM_H
#define INETCSUM_CAPTURE_REASM_H

#include <stddef.h>
#include <stdint.h>

/* Defaults of struct inetcsum_reasm_limits. */
#define INETCSUM_REASM_MAX_BYTES	(64u << 20)	/* pending bytes */
#define INETCSUM_REASM_MAX_DATAGRAMS	4096u
#define INETCSUM_REASM_TIMEOUT_NS	(30ull * 1000000000u) /* ipfrag_time */
#define INETCSUM_REASM_MAX_FRAMES	10000u

/* A timestamp for a frame that has none (pcapng SPB): never expires it. */
#define INETCSUM_REASM_NO_TIME		UINT64_MAX

struct inetcsum_reasm_limits {
	size_t max_bytes;	/* fragment data and headers held, in all */
	size_t max_datagrams;	/* datagrams pending at once */
	uint64_t timeout_ns;	/* since the datagram's first fragment */
	uint64_t max_frames;	/* tags (frames) since its first fragment */
};

/* How a datagram ended. */
enum inetcsum_reasm_state {
	INETCSUM_REASM_COMPLETE,	/* 'pkt' holds the datagram */
	INETCSUM_REASM_INCONSISTENT,	/* overlap, lengths disagree, ... */
	INETCSUM_REASM_EXPIRED,		/* by time or by frame count */
	INETCSUM_REASM_EVICTED,		/* to stay within a limit */
	INETCSUM_REASM_UNFINISHED,	/* still incomplete at the end */
};

/*
 * One finished datagram, valid until the next call on the reassembler.
 * 'first_tag' is the tag of its offset-0 fragment, the one that holds the
 * upper-layer header and checksum (0 if that fragment never came).
 * 'again' is set for an INCONSISTENT event that only repeats an earlier
 * one: another offset-0 fragment of a datagram already found
 * inconsistent, so the caller can mark that frame too without counting
 * the datagram twice.
 *
 * For COMPLETE, 'pkt' holds 'len' bytes: the datagram as an unfragmented
 * IP packet.  Its bytes before 'split' are at the same offsets as in the
 * first fragment (from its IP header); the bytes from 'split' on are
 * 'shift' bytes further on in the first fragment (IPv6: its 8-byte
 * fragment header was removed; IPv4: 0).
 */
struct inetcsum_reasm_event {
	enum inetcsum_reasm_state state;
	const char *reason;	/* static string */
	uint64_t first_tag;
	uint64_t nfrags;	/* fragments that went into it */
	int again;
	int v6;
	const uint8_t *pkt;
	size_t len, split, shift;
};

struct inetcsum_reasm_stats {
	size_t bytes, datagrams;		/* now */
	size_t peak_bytes, peak_datagrams;	/* the most at once */
};

struct inetcsum_reasm;

/*
 * inetcsum_reasm_new() makes a reassembler with the limits 'lim' (NULL:
 * the defaults; a 0 field: that default).  NULL when out of memory.
 */
struct inetcsum_reasm *
inetcsum_reasm_new(const struct inetcsum_reasm_limits *lim);

void
inetcsum_reasm_free(struct inetcsum_reasm *r);

/* What inetcsum_reasm_add() returns. */
#define INETCSUM_REASM_NOT_FRAGMENT	0	/* whole packet, or not IP */
#define INETCSUM_REASM_TAKEN		1	/* a fragment, now held */
#define INETCSUM_REASM_HELD		2	/* an offset-0 fragment whose
						 * datagram is still pending:
						 * an event will name 'tag' */
#define INETCSUM_REASM_DROPPED		3	/* a fragment rejected */

/*
 * inetcsum_reasm_add() takes the IP packet at 'ip', of which 'len' bytes
 * were captured, from interface 'ifindex', with timestamp 'ts_ns'
 * (nanoseconds, or INETCSUM_REASM_NO_TIME) and tag 'tag' (above 0, never
 * smaller than an earlier one).  An IPv4 packet with MF set or a non-zero
 * offset, or an IPv6 packet with a fragment header (not an atomic one,
 * RFC 6946) after the hop-by-hop, destination options and routing headers,
 * is a fragment; its data are copied.  Datagrams past their time or frame
 * limit are expired first.  Events for datagrams that ended (this one, or
 * older ones expired or evicted) queue up for inetcsum_reasm_next().
 * Nothing at or past 'ip + len' is read.  Returns one of the values above,
 * or -1 when out of memory (the datagram is then dropped, with an event).
 */
int
inetcsum_reasm_add(struct inetcsum_reasm *r, const uint8_t *ip, size_t len,
		   uint32_t ifindex, uint64_t ts_ns, uint64_t tag);

/*
 * inetcsum_reasm_reject() takes a fragment, as inetcsum_reasm_add() does,
 * that must not be reassembled: the IPv4 packet whose header checksum is
 * bad, which Linux drops before reassembly (ip_rcv_core()).  Its data are
 * not used; its datagram (found by its key, or started) notes 'reason', a
 * static string, and should it end incomplete (unfinished or expired),
 * its event gives that reason.  A datagram already inconsistent keeps its
 * own.  Returns INETCSUM_REASM_DROPPED, INETCSUM_REASM_NOT_FRAGMENT (not
 * a fragment: nothing done) or -1 when out of memory.
 */
int
inetcsum_reasm_reject(struct inetcsum_reasm *r, const uint8_t *ip, size_t len,
		      uint32_t ifindex, uint64_t ts_ns, uint64_t tag,
		      const char *reason);

/*
 * inetcsum_reasm_expire() ends the datagrams past their time or frame limit
 * at a frame with timestamp 'ts_ns' and tag 'tag' that is not a fragment
 * (inetcsum_reasm_add() does it itself for fragments), so that a datagram
 * expires even when no fragment follows.
 */
void
inetcsum_reasm_expire(struct inetcsum_reasm *r, uint64_t ts_ns, uint64_t tag);

/*
 * inetcsum_reasm_evict_tag() ends the pending datagram whose offset-0
 * fragment has tag 'tag' as EVICTED with 'reason' (a static string): for a
 * caller that holds frames back and must let them go.  Returns 1, or 0 if
 * no pending datagram has that first fragment.
 */
int
inetcsum_reasm_evict_tag(struct inetcsum_reasm *r, uint64_t tag,
			 const char *reason);

/* inetcsum_reasm_finish() ends every pending datagram as UNFINISHED. */
void
inetcsum_reasm_finish(struct inetcsum_reasm *r);

/*
 * inetcsum_reasm_next() hands out the oldest queued event: 1 with '*ev'
 * filled, 0 when there is none.
 */
int
inetcsum_reasm_next(struct inetcsum_reasm *r, struct inetcsum_reasm_event *ev);

void
inetcsum_reasm_stats(const struct inetcsum_reasm *r,
		     struct inetcsum_reasm_stats *st);

#endif /* INETCSUM_CAPTURE_REASM_H */
