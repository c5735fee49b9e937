/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/reassembly.h - IP fragment reassembly for "check" and
 * "fix": feeds each frame's outer IP packet to the reassembler
 * (capture/reasm.h), holds frames back while the first fragment of a
 * pending datagram waits for its verdict, verifies complete datagrams
 * with the packet layer, and releases the frames in capture order.
 *
 * Frames come in with their own verdicts (inetcsum_frame_check()); a
 * first fragment leaves with the upper-layer verdict of its reassembled
 * datagram in place of "unverified (fragment)".  An IPv4 fragment whose
 * header checksum is bad is left out, as Linux leaves it out: its
 * datagram stays unverified, with that reason (inetcsum_reasm_reject()).
 * Each frame is passed to the 'release' callback exactly once, in frame
 * order.
 */
#ifndef INETCSUM_TOOL_REASSEMBLY_H
#define INETCSUM_TOOL_REASSEMBLY_H

#include <stdint.h>

#include "capture_opts.h"
#include "capture_report.h"
#include "inetcsum_packet.h"
#include "pcap.h"
#include "reasm.h"

/* A frame on its way through, with what the caller needs to emit it. */
struct reasm_frame {
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

struct reasm_driver {
	struct inetcsum_reasm *r;	/* NULL: reassembly off */
	struct reasm_frame *q;		/* held frames, a ring */
	size_t head, n, cap, max_held;
	/* the frame being added, not yet queued */
	struct reasm_frame *cur;
	void (*release)(void *arg, struct reasm_frame *f);
	void *arg;
	struct cli_tally *t;
	int oom;			/* out of memory: reported once */
};

/*
 * reasm_driver_init() starts a driver with the options 'o' (reassembly
 * off with --no-reassembly: every frame is released at once).  Returns 0,
 * or -1 when out of memory.
 */
int
reasm_driver_init(struct reasm_driver *d, const struct capture_opts *o,
		  struct cli_tally *t,
		  void (*release)(void *arg, struct reasm_frame *f), void *arg);

/*
 * reasm_driver_frame() takes frame 'fr' of 'cap' with its verdicts 'res'
 * ('base' is the stream offset of cap->buf); the frame, and any frames
 * its arrival sets free, are released before it returns, unless it has to
 * be held.
 */
void
reasm_driver_frame(struct reasm_driver *d, const struct inetcsum_cap *cap,
		   const struct inetcsum_cap_frame *fr,
		   const struct inetcsum_frame_result *res);

/* Number of frames held back now. */
static inline size_t
reasm_driver_held(const struct reasm_driver *d)
{
	return d->n;
}

/*
 * reasm_driver_evict_head() lets the oldest held frames go: the datagram
 * of the first held frame is ended as evicted with 'reason', and every
 * frame up to the next pending one is released.  For a caller whose
 * held-back bytes reach a limit.
 */
void
reasm_driver_evict_head(struct reasm_driver *d, const char *reason);

/*
 * reasm_driver_end() ends every pending datagram (unfinished at the end
 * of the capture), releases every held frame and records the peak memory
 * in the tally.  Call it once, also after a read error.
 */
void
reasm_driver_end(struct reasm_driver *d);

void
reasm_driver_free(struct reasm_driver *d);

#endif /* INETCSUM_TOOL_REASSEMBLY_H */
