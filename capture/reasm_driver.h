/* SPDX-License-Identifier: MIT */
/*
 * capture/reasm_driver.h - IP fragment reassembly over the frames of a
 * capture, for "check" and "fix": feeds each frame's outer IP packet to
 * the reassembler (reasm.h), holds frames back while the first fragment of
 * a pending datagram waits for its verdict, verifies complete datagrams
 * with the packet layer, and releases the frames in capture order.
 *
 * Each frame gets its own verdicts here (inetcsum_frame_check_flags(), with
 * what the capture says of it), which also say where the outer IP packet
 * starts ('l3', found by the packet layer's link-layer walk); its time is
 * the record timestamp the reader decoded (pcap.h).  A first fragment
 * leaves with the upper-layer verdict of its reassembled datagram in place
 * of "unverified (fragment)".  An IPv4 fragment whose header checksum is
 * bad is left out, as Linux leaves it out: its datagram stays unverified,
 * with that reason (inetcsum_reasm_reject()).  Each frame is passed to
 * the 'release' callback exactly once, in frame order.
 */
#ifndef INETCSUM_CAPTURE_REASM_DRIVER_H
#define INETCSUM_CAPTURE_REASM_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "inetcsum_packet.h"
#include "pcap.h"
#include "reasm.h"

/*
 * What the driver counts, for the caller's summary: fragments taken,
 * datagrams reassembled and verified, their non-first fragments (which
 * the packet layer still counts "not fully parsed"), the datagrams that
 * were not, per reason (static strings; reasons past the
 * first INETCSUM_REASM_MAX_REASONS distinct ones go to 'other_failed'),
 * and the most memory the pending ones held at once.
 */
#define INETCSUM_REASM_MAX_REASONS	24

struct inetcsum_reasm_reason {
	const char *note;
	uint64_t n;
};

struct inetcsum_reasm_tally {
	int on;			/* reassembly was asked for */
	uint64_t fragments, datagrams, nonfirst;
	struct inetcsum_reasm_reason failed[INETCSUM_REASM_MAX_REASONS];
	size_t nfailed;
	uint64_t other_failed;
	uint64_t peak_bytes, peak_datagrams;
};

/* A frame on its way through, with what the caller needs to emit it. */
struct inetcsum_reasm_frame {
	uint64_t number;
	uint64_t offset;	/* stream offset of its first byte */
	size_t caplen, origlen;
	int linktype;
	int pending;		/* waits for its datagram */
	int rlayer;		/* layer set from the reassembly, or -1 */
	size_t ipoff;		/* of its outer IP header */
	size_t iplen;		/* bytes of that IP packet captured */
	/* The verdicts to report: 'res', or the caller's own while the
	 * frame is neither a fragment nor held (no copy). */
	const struct inetcsum_frame_result *r;
	struct inetcsum_frame_result res;
};

/* What the caller does with a frame that leaves, with its 'arg'. */
typedef void inetcsum_reasm_release_fn(void *arg,
				       struct inetcsum_reasm_frame *f);

struct inetcsum_reasm_driver {
	struct inetcsum_reasm *r;	/* NULL: reassembly off */
	struct inetcsum_reasm_frame *q;	/* held frames, a ring */
	size_t head, n, cap, max_held;
	/* the frame being added, not yet queued */
	struct inetcsum_reasm_frame *cur;
	inetcsum_reasm_release_fn *release;
	void *arg;
	struct inetcsum_reasm_tally *t;
	/*
	 * Set by "fix" after init: reassemble an IPv4 fragment whose header
	 * checksum is bad all the same.  fix rewrites that checksum, so the
	 * datagram is judged as the repaired capture presents it, and one
	 * fix leaves nothing for a second to find.
	 */
	int admit_bad_headers;
};

/*
 * inetcsum_reasm_driver_init() starts a driver with the limits 'lim', or
 * with reassembly off when 'lim' is NULL (every frame is then released at
 * once); it counts into 't' and hands each frame to 'release'.  Returns
 * 0, or -1 when out of memory.
 */
int
inetcsum_reasm_driver_init(struct inetcsum_reasm_driver *d,
	const struct inetcsum_reasm_limits *lim, struct inetcsum_reasm_tally *t,
	inetcsum_reasm_release_fn *release, void *arg);

/*
 * inetcsum_reasm_driver_frame() verifies frame 'fr' of 'cap' and takes it
 * ('cap->base' is the stream offset of cap->buf); the frame, and any
 * frames its arrival sets free, are released before it returns, unless it
 * has to be held.  Its verdicts are inetcsum_frame_check_flags()'s, with
 * INETCSUM_FRAME_NOT_READY when its pcapng epb_flags say "checksum not
 * ready", and, for a first fragment, the reassembled datagram's.
 */
void
inetcsum_reasm_driver_frame(struct inetcsum_reasm_driver *d,
			    const struct inetcsum_cap *cap,
			    const struct inetcsum_cap_frame *fr);

/* Number of frames held back now. */
static inline size_t
inetcsum_reasm_driver_held(const struct inetcsum_reasm_driver *d)
{
	return d->n;
}

/*
 * inetcsum_reasm_driver_evict_head() lets the oldest held frames go: the
 * datagram of the first held frame is ended as evicted with 'reason', and
 * every frame up to the next pending one is released.  For a caller whose
 * held-back bytes reach a limit.
 */
void
inetcsum_reasm_driver_evict_head(struct inetcsum_reasm_driver *d,
				 const char *reason);

/*
 * inetcsum_reasm_driver_end() ends every pending datagram (unfinished at
 * the end of the capture), releases every held frame and records the peak
 * memory in the tally.  Call it once, also after a read error.
 */
void
inetcsum_reasm_driver_end(struct inetcsum_reasm_driver *d);

/* inetcsum_reasm_driver_free() frees what the driver allocated. */
void
inetcsum_reasm_driver_free(struct inetcsum_reasm_driver *d);

#endif /* INETCSUM_CAPTURE_REASM_DRIVER_H */
