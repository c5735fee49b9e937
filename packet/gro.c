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

#define IPPROTO_TCP	6
#define IPPROTO_UDP	17
#define IPV4_CSUM_OFF	10
#define TCP_SEQ_OFF	4
#define TCP_FLAGS_OFF	13
#define TCP_FIN		0x01
#define TCP_PSH		0x08
#define TCP_CWR		0x80
#define IP_MAXLEN16	0xffffu
/*
 * How inetcsum_gro_verify() walks a burst (inetcsum_pkt_gro_verify() has
 * them as parameters, for bench/packet_jobs_bench.c -s):
 *   GRO_GROUP  (size_t)-1: the per-segment loop (verify_loop()); else the
 *              batch path (verify_burst()) with GRO_GROUP segments per
 *              inetcsum_partial_batch() call, 0 meaning GRO_CHUNK;
 *   GRO_AHEAD  the segment that many ahead of the one summed is
 *              prefetched (0: none), GRO_LINES 64-byte lines of it (0:
 *              all).
 * Measured cold on a Zen 5 (docs/packet.md, "Speed of the packet jobs"):
 * the batch path was about 0.6x the loop, since its first pass over the
 * burst's headers breaks the sequential order that the hardware
 * prefetchers follow; and the prefetch distance made no difference
 * beyond the noise (0 to 8 segments, all lines or the first two).  So
 * the loop, with the next segment prefetched for CPUs whose prefetchers
 * do not cross buffers.
 */
#ifndef GRO_GROUP
#define GRO_GROUP	((size_t)-1)
#endif
#ifndef GRO_AHEAD
#define GRO_AHEAD	1
#endif
#ifndef GRO_LINES
#define GRO_LINES	0
#endif
/* Segments per pass of the batch path: its arrays live on the stack. */
#define GRO_CHUNK	32

static u32
get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/*
 * The common segment, TCP or UDP over IPv4 without options
 * (fast_find_l4()): one kernel call for the payload, whose sum is kept,
 * and the IPv4 header, pseudo-header and L4 header summed in registers.
 * The result and 'payload_sum' are those of the general path below.
 */
static int
verify_fast(struct inetcsum_gro_seg *s, const struct inetcsum_l4loc *loc)
{
	const u8 *p = s->pkt;
	size_t l4len = loc->end - 20, hl = loc->l4_hlen;
	u32 ps;
	u16 field;

	ps = inetcsum_partial(p + 20 + hl, l4len - hl, 0);
	s->payload_sum = ps;
	if (fast_fold64(fast_words20(p)) != 0xffff)
		return INETCSUM_EBADSUM;
	memcpy(&field, p + 20 + loc->csum_offset, 2);
	if (loc->proto == IPPROTO_UDP && field == 0)
		return 0;	/* over IPv4: no checksum */
	if (fast_fold64(fast_pseudo4(p, loc->proto, l4len) +
			fast_words(p + 20, hl) + ps) != 0xffff)
		return INETCSUM_EBADSUM;
	return 0;
}

/* Verify one segment; fills 'payload_sum' when it could be parsed. */
static int
verify_one(struct inetcsum_gro_seg *s)
{
	struct inetcsum_l4loc loc;
	const u8 *p = s->pkt;
	size_t l4len;
	u32 sum, ps;
	u16 field;
	int r;

	if (fast_find_l4(p, s->len, &loc))
		return verify_fast(s, &loc);
	r = inetcsum_pkt_find_l4(p, s->len, 0, &loc);
	if (r < 0)
		return r;
	l4len = loc.end - loc.l4;
	sum = inetcsum_partial(p + loc.l4, loc.l4_hlen,
			       inetcsum_pkt_l4_pseudo(&loc, l4len));
	ps = inetcsum_partial(p + loc.l4 + loc.l4_hlen,
			      l4len - loc.l4_hlen, 0);
	s->payload_sum = ps;
	if (!loc.v6 &&
	    inetcsum_ipv4_header(p, (unsigned)(loc.ip_hlen / 4)) != 0)
		return INETCSUM_EBADSUM;
	memcpy(&field, p + loc.l4 + loc.csum_offset, 2);
	if (loc.proto == IPPROTO_UDP && field == 0)
		/* Over IPv4, no checksum; over IPv6, illegal. */
		return loc.v6 ? INETCSUM_EBADSUM : 0;
	/* The header's l4_hlen is even, so the payload sum adds directly. */
	if (inetcsum_fold(inetcsum_add(sum, ps)) != 0)
		return INETCSUM_EBADSUM;
	return 0;
}

/* Prefetch 'lines' 64-byte lines of segment 's' (0: all of it). */
static void
prefetch_seg(const struct inetcsum_gro_seg *s, size_t lines)
{
	if (s->pkt != NULL)
		fast_prefetch(s->pkt, lines == 0 || lines * 64 > s->len ?
			      s->len : lines * 64);
}

/* The per-segment loop: one segment located, summed and judged at a
 * time, segment i + 'ahead' prefetched (0: none). */
static size_t
verify_loop(struct inetcsum_gro_seg *segs, size_t n, size_t ahead,
	    size_t lines)
{
	size_t i, good = 0;

	for (i = 0; i < n; i++) {
		if (ahead != 0 && i + ahead < n)
			prefetch_seg(&segs[i + ahead], lines);
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
				prefetch_seg(&segs[i], lines);
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
			size_t group, size_t ahead, size_t lines)
{
	if (segs == NULL && n != 0)
		return 0;
	if (group == (size_t)-1)
		return verify_loop(segs, n, ahead, lines);
	return verify_burst(segs, n, group, ahead, lines);
}

INETCSUM_API size_t
inetcsum_gro_verify(struct inetcsum_gro_seg *segs, size_t n)
{
	return inetcsum_pkt_gro_verify(segs, n, GRO_GROUP, GRO_AHEAD,
				       GRO_LINES);
}

INETCSUM_API int
inetcsum_gro_coalesce(void *out, size_t cap,
		      const struct inetcsum_gro_seg *segs, size_t n)
{
	struct inetcsum_l4loc l0, li;
	u8 *o = out;
	const u8 *p0;
	size_t i, hdr, total, off;
	u32 seq, sum;
	u16 v;
	u8 fl = 0;
	int r;

	if (out == NULL || segs == NULL || n == 0)
		return INETCSUM_EINVAL;
	/* Every check first: nothing is written to 'out' on failure. */
	for (i = 0; i < n; i++)
		if (segs[i].pkt == NULL || segs[i].status != 0)
			return segs[i].pkt == NULL ? INETCSUM_EINVAL :
			       INETCSUM_EBADSUM;
	p0 = segs[0].pkt;
	r = fast_find_l4_any(p0, segs[0].len, &l0);
	if (r < 0)
		return r;
	if (l0.proto != IPPROTO_TCP || l0.big)
		return INETCSUM_EPROTO;
	hdr = l0.l4 + l0.l4_hlen;
	total = hdr;
	seq = get32(p0 + l0.l4 + TCP_SEQ_OFF);
	for (i = 0; i < n; i++) {
		const u8 *p = segs[i].pkt;
		size_t k;

		r = fast_find_l4_any(p, segs[i].len, &li);
		if (r < 0)
			return r;
		if (li.proto != IPPROTO_TCP || li.big || li.l4 != l0.l4 ||
		    li.l4_hlen != l0.l4_hlen ||
		    get32(p + li.l4 + TCP_SEQ_OFF) != seq)
			return INETCSUM_EFLOW;
		/*
		 * One flow, one header: the bytes must match the first
		 * segment's except the IP length, IPv4 ID and checksum, the
		 * TCP sequence number and checksum and the flags FIN and PSH
		 * (merged) and CWR (first segment only).  FIN ends the flow.
		 */
		for (k = 0; k < hdr; k++) {
			u8 a = p[k], b = p0[k];

			if (k == li.l4 + TCP_FLAGS_OFF) {
				if ((a & TCP_FIN) && i + 1 < n)
					return INETCSUM_EFLOW;
				if ((a & TCP_CWR) && i > 0)
					return INETCSUM_EFLOW;
				fl |= a & (TCP_FIN | TCP_PSH);
				a &= (u8)~(TCP_FIN | TCP_PSH | TCP_CWR);
				b &= (u8)~(TCP_FIN | TCP_PSH | TCP_CWR);
			} else if ((!li.v6 && (k == 2 || k == 3 || k == 4 ||
					       k == 5 || k == 10 || k == 11)) ||
				   (li.v6 && (k == 4 || k == 5)) ||
				   (k >= li.l4 + TCP_SEQ_OFF &&
				    k < li.l4 + TCP_SEQ_OFF + 4) ||
				   k == li.l4 + 16 || k == li.l4 + 17) {
				continue;
			}
			if (a != b)
				return INETCSUM_EFLOW;
		}
		seq += (u32)(li.end - hdr);
		total += li.end - hdr;
	}
	if (total > cap)
		return INETCSUM_ENOSPC;
	if (total - (l0.v6 ? 40 : 0) > IP_MAXLEN16)
		return INETCSUM_ENOSPC;

	/* Write: the first header, then the payloads, summing the header. */
	memcpy(o, p0, hdr);
	off = 0;
	sum = 0;
	for (i = 0; i < n; i++) {
		const u8 *p = segs[i].pkt;
		size_t plen;

		fast_find_l4_any(p, segs[i].len, &li);
		plen = li.end - hdr;
		memcpy(o + hdr + off, p + hdr, plen);
		/* The payload starts at an even offset of the TCP segment
		 * (l4_hlen is a multiple of 4), so O_i's parity decides. */
		sum = inetcsum_block_add(sum, segs[i].payload_sum, off);
		off += plen;
	}
	o[l0.l4 + TCP_FLAGS_OFF] = (u8)((o[l0.l4 + TCP_FLAGS_OFF] &
					 ~(TCP_FIN | TCP_PSH)) | fl);
	if (l0.v6) {
		o[4] = (u8)((total - 40) >> 8);
		o[5] = (u8)(total - 40);
	} else {
		o[2] = (u8)(total >> 8);
		o[3] = (u8)total;
		o[IPV4_CSUM_OFF] = o[IPV4_CSUM_OFF + 1] = 0;
		v = inetcsum_ipv4_header(o, (unsigned)(l0.ip_hlen / 4));
		memcpy(o + IPV4_CSUM_OFF, &v, 2);
	}
	/* The pseudo-header addresses are the first segment's: relocate. */
	li = l0;
	li.src = o + (l0.src - p0);
	li.dst = o + (l0.dst - p0);
	o[l0.l4 + 16] = o[l0.l4 + 17] = 0;
	sum = inetcsum_add(sum, inetcsum_partial(o + l0.l4, l0.l4_hlen,
		inetcsum_pkt_l4_pseudo(&li, total - l0.l4)));
	v = inetcsum_fold(sum);
	memcpy(o + l0.l4 + 16, &v, 2);
	return (int)total;
}
