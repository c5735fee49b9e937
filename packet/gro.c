/* SPDX-License-Identifier: MIT */
/*
 * packet/gro.c - the receive side of segmentation offload: verify the
 * checksums of a burst of TCP/UDP segments in one call, and coalesce the
 * in-order segments of one TCP flow into one packet (Linux GRO, DPDK's
 * librte_gro) whose checksum is derived from the payload sums the
 * verification already took, so the payload is summed once.
 *
 * Checksum of the merged packet
 * -----------------------------
 * The TCP checksum covers pseudo-header, header and payload (RFC 9293
 * section 3.1).  Verification sums each segment's header and payload
 * apart; the payload sum P_i is kept.  The merged payload is the segments'
 * payloads back to back, so segment i starts at the byte offset O_i, the
 * sum of the lengths before it; when O_i is odd, its bytes occupy the
 * other halves of the 16-bit words and P_i enters byte-rotated
 * (inetcsum_block_add(), RFC 1071 section 2(B)).  The new checksum is
 * ~(pseudo(new length) + header(field 0) + sum of the placed P_i): the
 * header is summed again (20-60 bytes), the payload never.
 */
#include "pkt_fast.h"
#include "packet_hooks.h"

#define IPV4_ID_OFF	4
#define IPV4_FRAG_OFF	6
#define IPV4_DF_BYTE	0x40	/* DF in the first byte of frag_off */
#define IPV4_CSUM_OFF	10
#define TCP_SEQ_OFF	4
#define TCP_FLAGS_OFF	13
#define TCP_URP_OFF	18
#define TCP_FIN		0x01
#define TCP_SYN		0x02
#define TCP_RST		0x04
#define TCP_PSH		0x08
#define TCP_URG		0x20
#define TCP_CWR		0x80
/* Flags that end a run after their segment (tcp_gro_receive()). */
#define TCP_ENDS	(TCP_URG | TCP_PSH | TCP_RST | TCP_SYN | TCP_FIN)
#define IP_MAXLEN16	0xffffu
/*
 * How inetcsum_gro_verify() walks a burst (inetcsum_pkt_gro_verify() has
 * them as parameters, for bench/packet_jobs_bench.c -s):
 *   GRO_GROUP  (size_t)-1: the per-segment loop (verify_loop()); else the
 *              batch path (verify_burst()) with GRO_GROUP segments per
 *              inetcsum_partial_batch() call, 0 meaning GRO_CHUNK;
 *   GRO_AHEAD  the segment that many ahead of the one summed is
 *              prefetched (0: none), GRO_LINES 64-byte lines of it (0:
 *              all);
 *   GRO_FAR    the loop only: the first line of a segment that does not
 *              follow its predecessor in memory (seg_far()) is prefetched
 *              that many segments ahead instead (0, or not more than
 *              GRO_AHEAD: as the rest), unless the tuning table's row
 *              for this CPU gives another distance (src/tuning.c,
 *              'gro_far': Intel's rows take 8);
 *   GRO_NEAR_AHEAD  the loop only: a segment that follows its
 *              predecessor in memory (not seg_far()) is prefetched that
 *              many ahead instead of GRO_AHEAD (0: as the rest).
 * Measured cold on a Zen 5 (docs/packet.md, "GRO verification: the walk
 * and its prefetch" and "Far segments"), with the packets of a burst in
 * random slots of a 256 MiB pool, as a recycled mempool gives them: the
 * loop without prefetch ran 0.26-0.45x the streaming read, since each
 * payload's address waits on its own header's miss; with segment i + 4
 * prefetched (all lines, and segments 1-3 at the start) 0.70x; with,
 * besides, the first lines of the far segments prefetched 32 ahead (for
 * a burst of up to 33 segments: all of them before the first is summed)
 * 0.85-0.86x, the header's miss no longer on the walk's path.
 * With the packets in order the hardware prefetchers run ahead anyway:
 * every distance up to 4 was within the noise of none, 8 lost 5-15%,
 * and every segment's first line prefetched 16 ahead lost up to 9%, 32
 * ahead 10-19%, which is why only the far segments' are (in order, none
 * is far).  On Intel family 6 model 167 (docs/packet.md, "Near
 * segments"), in order, on 2 MiB pages, no prefetch ran 0.76x the
 * read, every segment 4 ahead 0.87-0.90x, and the near segments 2
 * ahead (far ones still 4) 0.94-0.97x, 1 ahead 0.91-0.95x, 3 ahead
 * 0.92-0.94x (two sweep runs, each distance twice); in random slots
 * every segment is far and the walk prefetches as before (within 3%).
 * The batch path stayed behind the loop in both layouts, since its first
 * pass over the burst's headers breaks the order that the prefetchers
 * follow.
 */
#ifndef GRO_GROUP
#define GRO_GROUP	((size_t)-1)
#endif
#ifndef GRO_LINES
#define GRO_LINES	0
#endif
/* GRO_AHEAD, GRO_FAR, GRO_NEAR_AHEAD and GRO_NEAR_GAP are in
 * packet_hooks.h, where the bench's floor and read limit take the same
 * values. */
/* Segments per pass of the batch path: its arrays live on the stack. */
#define GRO_CHUNK	32

static u32
get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/*
 * The common segments, TCP or UDP over IPv4 without options
 * (fast_find_l4()) or, with 'v6', over IPv6 without extension headers
 * (fast_find_l4_6()): one kernel call for the payload, whose sum is kept,
 * and the IPv4 header, pseudo-header and L4 header summed in registers.
 * The result and 'payload_sum' are those of the general path below.
 */
static INETCSUM_FORCEINLINE int
verify_fast(struct inetcsum_gro_seg *s, const struct inetcsum_l4loc *loc,
	    int v6)
{
	const u8 *p = s->pkt;
	size_t at = v6 ? 40 : 20, l4len = loc->end - at, hl = loc->l4_hlen;
	u64 ip = 0, l4;
	u32 ps;
	u16 field;

	/*
	 * The headers are read before the payload is summed, so that the
	 * bytes of a cold segment are touched in address order.  Read after
	 * the kernel call (which the compiler cannot move them across), the
	 * header's line was an access 1.5 KiB behind the stream: side by
	 * side, the cold burst ran 3-8% slower with the packets in order and
	 * 2-6% slower in random slots (Zen 5; docs/packet.md, "GRO
	 * verification: the walk and its prefetch").
	 */
	if (!v6)
		ip = fast_words20(p);
	l4 = (v6 ? fast_pseudo6(p, loc->proto, l4len) :
	      fast_pseudo4(p, loc->proto, l4len)) + fast_words(p + at, hl);
	memcpy(&field, p + at + loc->csum_offset, 2);
	ps = inetcsum_partial(p + at + hl, l4len - hl, 0);
	s->payload_sum = ps;
	if (!v6 && fast_fold64(ip) != 0xffff)
		return INETCSUM_EBADSUM;
	if (loc->proto == IPPROTO_UDP && field == 0)
		/* Over IPv4, no checksum; over IPv6, illegal. */
		return v6 ? INETCSUM_EBADSUM : 0;
	if (fast_fold64(l4 + ps) != 0xffff)
		return INETCSUM_EBADSUM;
	return 0;
}

/* Verify one segment; fills 'payload_sum' when it could be parsed. */
static INETCSUM_FORCEINLINE int
verify_one(struct inetcsum_gro_seg *s)
{
	struct inetcsum_l4loc loc;
	const u8 *p = s->pkt;
	size_t l4len;
	u32 sum, ps;
	u16 field;
	int r, ipbad;

	if (fast_find_l4(p, s->len, &loc))
		return verify_fast(s, &loc, 0);
	if (fast_find_l4_6(p, s->len, &loc))
		return verify_fast(s, &loc, 1);
	r = inetcsum_pkt_find_l4(p, s->len, 0, &loc);
	if (r < 0)
		return r;
	/* Headers first, payload last, as in verify_fast(). */
	l4len = loc.end - loc.l4;
	ipbad = !loc.v6 &&
		inetcsum_ipv4_header(p, (unsigned)(loc.ip_hlen / 4)) != 0;
	sum = inetcsum_partial(p + loc.l4, loc.l4_hlen,
			       inetcsum_pkt_l4_pseudo(&loc, l4len));
	memcpy(&field, p + loc.l4 + loc.csum_offset, 2);
	ps = inetcsum_partial(p + loc.l4 + loc.l4_hlen,
			      l4len - loc.l4_hlen, 0);
	s->payload_sum = ps;
	if (ipbad)
		return INETCSUM_EBADSUM;
	if (loc.proto == IPPROTO_UDP && field == 0)
		/* Over IPv4, no checksum; over IPv6, illegal. */
		return loc.v6 ? INETCSUM_EBADSUM : 0;
	/* The header's l4_hlen is even, so the payload sum adds directly. */
	if (inetcsum_fold(inetcsum_add(sum, ps)) != 0)
		return INETCSUM_EBADSUM;
	return 0;
}

/* Prefetch 'lines' 64-byte lines of segment 's' (0: all), from byte
 * 'from' on; forced inline for the reason fast_prefetch() gives. */
static INETCSUM_FORCEINLINE void
prefetch_seg(const struct inetcsum_gro_seg *s, size_t from, size_t lines)
{
	size_t end = lines == 0 || lines * 64 > s->len ? s->len : lines * 64;

	if (s->pkt != NULL && from < end)
		fast_prefetch((const u8 *)s->pkt + from, end - from);
}

/* Whether segment j (j >= 1) is far from segment j - 1 (GRO_NEAR_GAP):
 * address arithmetic only, no segment's bytes are read. */
static INETCSUM_FORCEINLINE int
seg_far(const struct inetcsum_gro_seg *segs, size_t j)
{
	uintptr_t end = (uintptr_t)segs[j - 1].pkt + segs[j - 1].len;

	return (uintptr_t)segs[j].pkt - end >= GRO_NEAR_GAP;
}

/*
 * Segment j's (j >= 1) prefetch 'ahead' of its turn: 'lines' of it, but
 * from its second line if it is far and its first line came 'far' ahead
 * ('far' not above 'ahead': never).  With a 'near' distance of its own
 * (not 0 nor 'ahead'), a near segment is left to prefetch_near().
 */
static INETCSUM_FORCEINLINE void
prefetch_ahead(const struct inetcsum_gro_seg *segs, size_t j, size_t ahead,
	       size_t lines, size_t far, size_t near)
{
	int is_far = seg_far(segs, j);

	if (near != 0 && near != ahead && !is_far)
		return;
	prefetch_seg(&segs[j], far > ahead && is_far ? 64 : 0, lines);
}

/* Segment j (j >= 1), 'near' ahead of its turn: 'lines' of it if it is
 * near (near 0 or 'ahead': prefetch_ahead() has it). */
static INETCSUM_FORCEINLINE void
prefetch_near(const struct inetcsum_gro_seg *segs, size_t j, size_t ahead,
	      size_t lines, size_t near)
{
	if (near != 0 && near != ahead && !seg_far(segs, j))
		prefetch_seg(&segs[j], 0, lines);
}

/*
 * The prefetches due before segment i is verified: the first line of
 * segment i + 'far' if that one is far, segment i + 'ahead'
 * (prefetch_ahead()), and segment i + 'near' if that one is near
 * (prefetch_near()).  'far' not above 'ahead' turns the first part off,
 * 'near' 0 or equal to 'ahead' the third.
 */
static INETCSUM_FORCEINLINE void
prefetch_step(const struct inetcsum_gro_seg *segs, size_t n, size_t i,
	      size_t ahead, size_t lines, size_t far, size_t near)
{
	size_t j;

	if (far > ahead && (j = i + far) < n && seg_far(segs, j))
		prefetch_seg(&segs[j], 0, 1);
	if (ahead != 0 && (j = i + ahead) < n)
		prefetch_ahead(segs, j, ahead, lines, far, near);
	if (near != 0 && (j = i + near) < n)
		prefetch_near(segs, j, ahead, lines, near);
}

/* The per-segment loop: one segment located, summed and judged at a
 * time, with prefetch_step() before each.  Inlined into its two callers:
 * inetcsum_pkt_gro_verify() with every choice a variable, and
 * verify_default() with the constants of inetcsum_gro_verify(). */
static INETCSUM_FORCEINLINE size_t
verify_loop(struct inetcsum_gro_seg *segs, size_t n, size_t ahead,
	    size_t lines, size_t far, size_t near)
{
	size_t i, good = 0;

	/*
	 * The burst's first segments have no segment 'ahead' (or 'far') of
	 * them to be prefetched from: they are prefetched here, in the order
	 * the walk needs them.  Segment 0 first, whole: its payload's lines
	 * are then on their way while the walk waits for its header, rather
	 * than asked for once the header is parsed (two misses in a row);
	 * then the first lines of the far segments up to far - 1; then the
	 * rest of segments 1 .. ahead - 1, as prefetch_step() would have
	 * (prefetch_ahead()), and the near ones of 1 .. near - 1
	 * (prefetch_near()).
	 * Measured cold in random slots on Zen 5 (docs/packet.md, "The
	 * burst's first segment"): 0.80-0.82x the read of the time without
	 * segment 0, 0.84-0.86x with it.
	 */
	if (n != 0 && (ahead != 0 || near != 0))
		prefetch_seg(&segs[0], 0, lines);
	for (i = 1; far > ahead && i < n && i < far; i++)
		if (seg_far(segs, i))
			prefetch_seg(&segs[i], 0, 1);
	for (i = 1; i < n && i < ahead; i++)
		prefetch_ahead(segs, i, ahead, lines, far, near);
	for (i = 1; i < n && i < near; i++)
		prefetch_near(segs, i, ahead, lines, near);
	for (i = 0; i < n; i++) {
		prefetch_step(segs, n, i, ahead, lines, far, near);
		segs[i].payload_sum = 0;
		segs[i].status = segs[i].pkt == NULL ? INETCSUM_EINVAL :
				 verify_one(&segs[i]);
		good += segs[i].status == 0;
	}
	return good;
}

/*
 * The burst path, GRO_CHUNK segments at a time, in three passes:
 *   1. locate: every segment's headers are parsed (the fast shape inline,
 *      anything else by the general walk) and its spans listed: the
 *      payload for the fast shape, whose headers are summed in registers;
 *      header (seeded with the pseudo-header) and payload otherwise.  The
 *      first line of each segment is read here; the loads of different
 *      segments do not depend on each other, so their misses overlap.
 *   2. sum: inetcsum_partial_batch() over the spans, 'group' segments per
 *      call; before each call the segments 'ahead' of it are prefetched,
 *      since the kernels prefetch within a buffer, not across buffers
 *      (each segment is a miss of its own when the burst is cold).
 *   3. judge: the verdicts of verify_fast() and verify_one() from the
 *      sums, which inetcsum_partial_batch() gives bit for bit as
 *      inetcsum_partial() does, so 'payload_sum' and 'status' are those
 *      of the per-segment loop.
 */
static size_t
verify_burst(struct inetcsum_gro_seg *segs, size_t n, size_t group,
	     size_t ahead, size_t lines)
{
	struct inetcsum_l4loc loc[GRO_CHUNK];
	struct inetcsum_iovec v[2 * GRO_CHUNK];
	u32 sum[2 * GRO_CHUNK];
	size_t first[GRO_CHUNK + 1];
	signed char kind[GRO_CHUNK];	/* 1 fast, 2 general, 0 refused */
	size_t base, k, m, good = 0;

	if (group == 0)
		group = GRO_CHUNK;
	for (base = 0; base < n; base += GRO_CHUNK) {
		struct inetcsum_gro_seg *s = segs + base;
		size_t cnt = n - base < GRO_CHUNK ? n - base : GRO_CHUNK;

		/* 1. Locate. */
		for (k = 0, m = 0; k < cnt; k++) {
			const u8 *p = s[k].pkt;
			struct inetcsum_l4loc *l = &loc[k];
			size_t l4len;
			int r;

			first[k] = m;
			s[k].payload_sum = 0;
			kind[k] = 0;
			if (p == NULL) {
				s[k].status = INETCSUM_EINVAL;
				continue;
			}
			if (fast_find_l4(p, s[k].len, l)) {
				kind[k] = 1;
			} else {
				r = inetcsum_pkt_find_l4(p, s[k].len, 0, l);
				if (r < 0) {
					s[k].status = r;
					continue;
				}
				kind[k] = 2;
				v[m].base = p + l->l4;
				v[m].len = l->l4_hlen;
				sum[m++] = inetcsum_pkt_l4_pseudo(l,
						l->end - l->l4);
			}
			l4len = l->end - l->l4;
			v[m].base = p + l->l4 + l->l4_hlen;
			v[m].len = l4len - l->l4_hlen;
			sum[m++] = 0;
		}
		first[cnt] = m;

		/* 2. Sum, 'group' segments per call. */
		for (k = 0; k < cnt; k += group) {
			size_t e = cnt - k < group ? cnt : k + group, i;

			for (i = base + k + ahead;
			     ahead != 0 && i < base + e + ahead && i < n; i++)
				prefetch_seg(&segs[i], 0, lines);
			inetcsum_partial_batch(v + first[k],
					       first[e] - first[k],
					       sum + first[k]);
		}

		/* 3. Judge. */
		for (k = 0; k < cnt; k++) {
			const u8 *p = s[k].pkt;
			const struct inetcsum_l4loc *l = &loc[k];
			size_t l4len = l->end - l->l4, j = first[k];
			u32 ps;
			u16 field;
			int st = 0;

			if (kind[k] == 0)
				continue;
			ps = sum[j + (kind[k] == 2)];
			s[k].payload_sum = ps;
			memcpy(&field, p + l->l4 + l->csum_offset, 2);
			if (kind[k] == 1) {
				/* verify_fast() */
				if (fast_fold64(fast_words20(p)) != 0xffff)
					st = INETCSUM_EBADSUM;
				else if (l->proto == IPPROTO_UDP &&
					 field == 0)
					st = 0;
				else if (fast_fold64(fast_pseudo4(p, l->proto,
						l4len) + fast_words(p + 20,
						l->l4_hlen) + ps) != 0xffff)
					st = INETCSUM_EBADSUM;
			} else {
				/* verify_one() */
				if (!l->v6 && inetcsum_ipv4_header(p,
						(unsigned)(l->ip_hlen / 4)))
					st = INETCSUM_EBADSUM;
				else if (l->proto == IPPROTO_UDP &&
					 field == 0)
					st = l->v6 ? INETCSUM_EBADSUM : 0;
				else if (inetcsum_fold(inetcsum_add(sum[j],
						ps)) != 0)
					st = INETCSUM_EBADSUM;
			}
			s[k].status = st;
			good += st == 0;
		}
	}
	return good;
}

size_t
inetcsum_pkt_gro_verify(struct inetcsum_gro_seg *segs, size_t n,
			size_t group, size_t ahead, size_t lines, size_t far,
			size_t near)
{
	if (segs == NULL && n != 0)
		return 0;
	if (group == (size_t)-1)
		return verify_loop(segs, n, ahead, lines, far, near);
	return verify_burst(segs, n, group, ahead, lines);
}

_Static_assert(GRO_FAR == INETCSUM_GRO_FAR_DEFAULT,
	       "the tuning table's default far distance is GRO_FAR");

size_t
inetcsum_pkt_gro_far_in_use(void)
{
	size_t far;

	inetcsum_tuning_packet(&far, NULL);
	return far;
}

/* The default walk, its distances constants but the far one (the
 * tuning table's). */
static INETCSUM_NOINLINE size_t
verify_default(struct inetcsum_gro_seg *segs, size_t n, size_t far)
{
	return verify_loop(segs, n, GRO_AHEAD, GRO_LINES, far,
			   GRO_NEAR_AHEAD);
}

INETCSUM_API size_t
inetcsum_gro_verify(struct inetcsum_gro_seg *segs, size_t n)
{
	if (segs == NULL && n != 0)
		return 0;
	if (GRO_GROUP == (size_t)-1)
		return verify_default(segs, n, inetcsum_pkt_gro_far_in_use());
	return inetcsum_pkt_gro_verify(segs, n, GRO_GROUP, GRO_AHEAD,
				       GRO_LINES, inetcsum_pkt_gro_far_in_use(),
				       GRO_NEAR_AHEAD);
}

/*
 * Which segments make one packet: Linux's GRO rules
 * --------------------------------------------------
 * Linux holds a flow's first segment and merges the next ones into it
 * until one of them "flushes" it (tcp_gro_receive() in
 * net/ipv4/tcp_offload.c, inet_gro_receive() and the ID check of
 * include/net/gro.h, ipv6_gro_receive() in net/ipv6/ip6_offload.c).  A
 * coalescer that merged more would hand the receiver what Linux never
 * does: a SYN or RST inside data, PSH in the middle, segments of two
 * sizes, or IDs that GSO cannot give back.  plan() walks the segments
 * with those rules and finds the longest run Linux would merge:
 *   - the first segment is held only if it has a payload and no URG,
 *     PSH, RST, SYN or FIN, and its IP header is clean (no reserved or
 *     fragment bit, no bytes past the IP length); else it goes alone;
 *   - a later one joins if it is the same flow with the same headers:
 *     every IP header byte equal but the length, IPv4 ID and checksum,
 *     every TCP header byte equal but the sequence number, checksum,
 *     urgent pointer and the flags PSH, FIN and CWR; no CWR of its own;
 *     a payload of 1 to mss bytes, mss being the first one's; the next
 *     sequence number; an IPv4 ID of first + i (segment i) or, when the
 *     second segment has DF and repeats the first's ID, the first's for
 *     all ("fixed", Linux's ip_fixedid, reported as
 *     INETCSUM_GSO_FIXEDID); and room below 64 KiB (Linux's default
 *     gro_max_size: the packet at most 65535 bytes);
 *   - a joined segment with PSH or FIN, or shorter than mss, ends the run.
 * Linux compares IPv6 extension headers byte for byte, as a part of the
 * flow, and does not merge IPv4 with options at all: neither does this.
 */

/* The run plan() found. */
struct flow {
	struct inetcsum_l4loc l0;	/* the first segment's layout */
	size_t hdr;		/* header bytes, up to the first payload */
	size_t total;		/* bytes of the merged packet */
	size_t k;		/* segments in the run */
	size_t mss;		/* the first one's payload bytes */
	u32 seq;		/* the sequence number the next must have */
	int fixedid;		/* IPv4 IDs all the first's */
	int stop;		/* k < n: why (for inetcsum_gro_coalesce()) */
};

static u32
get16(const u8 *p)
{
	return (u32)p[0] << 8 | p[1];
}

/*
 * A segment Linux would hold or merge at all: nothing past its IP length
 * (inet_gro_receive() and ipv6_gro_receive() compare the length field
 * with the buffer), and for IPv4 no reserved, MF or offset bit (the walk
 * already refused fragments; this is the reserved bit).
 */
static int
clean(const u8 *p, size_t len, const struct inetcsum_l4loc *l)
{
	if (l->end != len)
		return 0;
	return l->v6 || ((p[IPV4_FRAG_OFF] & ~IPV4_DF_BYTE) == 0 &&
			 p[IPV4_FRAG_OFF + 1] == 0);
}

/*
 * Whether segment 'i' joins the run of 'f': 0 and its payload length in
 * '*plen', or the code of why not.
 */
static int
join(const struct inetcsum_gro_seg *segs, size_t i, struct flow *f,
     size_t *plen)
{
	const struct inetcsum_l4loc *l0 = &f->l0;
	const u8 *p = segs[i].pkt, *p0 = segs[0].pkt;
	struct inetcsum_l4loc li;
	size_t k, tf = l0->l4 + TCP_FLAGS_OFF;
	int r;

	if (p == NULL)
		return INETCSUM_EINVAL;
	if (segs[i].status != 0)
		return INETCSUM_EBADSUM;
	r = fast_find_l4_any(p, segs[i].len, &li);
	if (r < 0)
		return r;
	if (li.proto != IPPROTO_TCP || li.big || li.l4 != l0->l4 ||
	    li.l4_hlen != l0->l4_hlen || !clean(p, segs[i].len, &li))
		return INETCSUM_EFLOW;
	*plen = li.end - f->hdr;
	if (*plen == 0 || *plen > f->mss || (p[tf] & TCP_CWR) ||
	    get32(p + l0->l4 + TCP_SEQ_OFF) != f->seq)
		return INETCSUM_EFLOW;
	/*
	 * One flow, one header: every byte the first segment's but those
	 * each segment has of its own (lengths, checksums, IPv4 ID, TCP
	 * sequence number, urgent pointer) and the flags PSH, FIN and CWR
	 * (CWR was refused above; the first may have it).
	 */
	for (k = 0; k < f->hdr; k++) {
		if (k == tf) {
			if ((p[k] ^ p0[k]) & ~(TCP_FIN | TCP_PSH | TCP_CWR))
				return INETCSUM_EFLOW;
			continue;
		}
		if ((!l0->v6 && (k == 2 || k == 3 || k == IPV4_ID_OFF ||
				 k == IPV4_ID_OFF + 1 || k == IPV4_CSUM_OFF ||
				 k == IPV4_CSUM_OFF + 1)) ||
		    (l0->v6 && (k == 4 || k == 5)) ||
		    (k >= l0->l4 + TCP_SEQ_OFF &&
		     k < l0->l4 + TCP_SEQ_OFF + 4) ||
		    (k >= l0->l4 + 16 && k < l0->l4 + TCP_URP_OFF + 2))
			continue;
		if (p[k] != p0[k])
			return INETCSUM_EFLOW;
	}
	if (!l0->v6) {
		/*
		 * The ID of segment i is the first's + i, or the first's
		 * if the flow is fixed, which the second segment decides:
		 * the same ID with DF (an atomic datagram may repeat it,
		 * RFC 6864); without DF a repeated ID ends the run.  DF
		 * itself is equal in all (compared above).
		 */
		u32 off = (get16(p + IPV4_ID_OFF) -
			   get16(p0 + IPV4_ID_OFF)) & 0xffff;

		if (i == 1)
			f->fixedid = off == 0 &&
				     (p0[IPV4_FRAG_OFF] & IPV4_DF_BYTE);
		if (off != (f->fixedid ? 0 : (i & 0xffff)))
			return INETCSUM_EFLOW;
	}
	/* Linux: p->len + len >= gro_max_size (65536) fails the merge. */
	if (f->total + *plen > IP_MAXLEN16)
		return INETCSUM_ENOSPC;
	return 0;
}

/*
 * The run at the start of 'segs' (n >= 1) into 'f'; 0, or the error that
 * refuses segs[0].
 */
static int
plan(const struct inetcsum_gro_seg *segs, size_t n, struct flow *f)
{
	const u8 *p0 = segs[0].pkt;
	size_t i, plen;
	int r;

	if (p0 == NULL)
		return INETCSUM_EINVAL;
	if (segs[0].status != 0)
		return INETCSUM_EBADSUM;
	r = fast_find_l4_any(p0, segs[0].len, &f->l0);
	if (r < 0)
		return r;
	if (f->l0.proto != IPPROTO_TCP || f->l0.big)
		return INETCSUM_EPROTO;
	f->hdr = f->l0.l4 + f->l0.l4_hlen;
	f->total = f->l0.end;
	f->mss = f->l0.end - f->hdr;
	f->seq = get32(p0 + f->l0.l4 + TCP_SEQ_OFF) + (u32)f->mss;
	f->k = 1;
	f->fixedid = 0;
	f->stop = INETCSUM_EFLOW;
	/* tcp_gro_receive() with no flow held: mss 1, so an empty segment
	 * ends at once; inet/ipv6_gro_receive(): unclean ones go alone, and
	 * so does IPv4 with options (Linux holds only version 4, IHL 5; a
	 * later segment with options has another L4 offset, join() ends the
	 * run there). */
	if (f->mss == 0 || (p0[f->l0.l4 + TCP_FLAGS_OFF] & TCP_ENDS) ||
	    !clean(p0, segs[0].len, &f->l0) ||
	    (!f->l0.v6 && (p0[0] & 0x0f) != 5))
		return 0;
	for (i = 1; i < n; i++) {
		r = join(segs, i, f, &plen);
		if (r != 0) {
			f->stop = r;
			return 0;
		}
		f->k = i + 1;
		f->total += plen;
		f->seq += (u32)plen;
		if ((((const u8 *)segs[i].pkt)[f->l0.l4 + TCP_FLAGS_OFF] &
		     TCP_ENDS) || plen < f->mss)
			return 0;
	}
	return 0;
}

/* The run of 'f' into 'out': the first header, then the payloads. */
static void
write_run(u8 *o, const struct inetcsum_gro_seg *segs, const struct flow *f)
{
	const struct inetcsum_l4loc *l0 = &f->l0;
	const u8 *p0 = segs[0].pkt;
	struct inetcsum_l4loc li;
	size_t i, off = 0, hdr = f->hdr, total = f->total;
	u32 sum = 0;
	u16 v;
	u8 fl = 0;

	memcpy(o, p0, hdr);
	for (i = 0; i < f->k; i++) {
		const u8 *p = segs[i].pkt;
		size_t plen;

		fast_find_l4_any(p, segs[i].len, &li);
		plen = li.end - hdr;
		memcpy(o + hdr + off, p + hdr, plen);
		/* The payload starts at an even offset of the TCP segment
		 * (l4_hlen is a multiple of 4), so O_i's parity decides. */
		sum = inetcsum_block_add(sum, segs[i].payload_sum, off);
		off += plen;
		fl |= p[l0->l4 + TCP_FLAGS_OFF] & (TCP_FIN | TCP_PSH);
	}
	/* tcp_gro_receive() ORs the merged ones' FIN and PSH in. */
	o[l0->l4 + TCP_FLAGS_OFF] |= fl;
	if (l0->v6) {
		o[4] = (u8)((total - 40) >> 8);
		o[5] = (u8)(total - 40);
	} else {
		o[2] = (u8)(total >> 8);
		o[3] = (u8)total;
		o[IPV4_CSUM_OFF] = o[IPV4_CSUM_OFF + 1] = 0;
		v = inetcsum_ipv4_header(o, (unsigned)(l0->ip_hlen / 4));
		memcpy(o + IPV4_CSUM_OFF, &v, 2);
	}
	/* The pseudo-header addresses are the first segment's: relocate. */
	li = *l0;
	li.src = o + (l0->src - p0);
	li.dst = o + (l0->dst - p0);
	o[l0->l4 + 16] = o[l0->l4 + 17] = 0;
	sum = inetcsum_add(sum, inetcsum_partial(o + l0->l4, l0->l4_hlen,
		inetcsum_pkt_l4_pseudo(&li, total - l0->l4)));
	v = inetcsum_fold(sum);
	memcpy(o + l0->l4 + 16, &v, 2);
}

INETCSUM_API int
inetcsum_gro_coalesce_prefix(void *out, size_t cap,
			     const struct inetcsum_gro_seg *segs, size_t n,
			     struct inetcsum_gro_info *info)
{
	struct flow f;
	int r;

	if (out == NULL || segs == NULL || n == 0)
		return INETCSUM_EINVAL;
	r = plan(segs, n, &f);
	if (r < 0)
		return r;
	if (f.total > cap)
		return INETCSUM_ENOSPC;
	write_run(out, segs, &f);
	if (info != NULL) {
		info->nsegs = f.k;
		info->mss = f.mss;
		info->gso_flags = !f.l0.v6 && f.k >= 2 && f.fixedid ?
				  INETCSUM_GSO_FIXEDID : 0;
	}
	return (int)f.total;
}

INETCSUM_API int
inetcsum_gro_coalesce(void *out, size_t cap,
		      const struct inetcsum_gro_seg *segs, size_t n)
{
	struct flow f;
	size_t i;
	int r;

	if (out == NULL || segs == NULL || n == 0)
		return INETCSUM_EINVAL;
	/* Every check first: nothing is written to 'out' on failure. */
	for (i = 0; i < n; i++)
		if (segs[i].pkt == NULL || segs[i].status != 0)
			return segs[i].pkt == NULL ? INETCSUM_EINVAL :
			       INETCSUM_EBADSUM;
	r = plan(segs, n, &f);
	if (r < 0)
		return r;
	if (f.k < n)
		return f.stop == INETCSUM_ENOSPC ? INETCSUM_ENOSPC :
		       INETCSUM_EFLOW;
	if (f.total > cap)
		return INETCSUM_ENOSPC;
	write_run(out, segs, &f);
	return (int)f.total;
}
