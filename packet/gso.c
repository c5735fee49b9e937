/* SPDX-License-Identifier: MIT */
/*
 * packet/gso.c - software GSO: a TCP super-packet split into MSS-sized
 * segments as Linux's tcp_gso_segment() (net/ipv4/tcp_offload.c) with
 * inet_gso_segment() / ipv6_gso_segment() does, and a UDP one into
 * datagrams as UDP_SEGMENT's __udp_gso_segment() does, into the caller's
 * memory.
 *
 * What Linux does, and what is done here
 * --------------------------------------
 * Every segment carries the full headers of the super-packet: link layer,
 * IP header with options or extension headers, TCP header with options
 * (timestamps and SACK blocks repeat in every segment, as on the wire).
 * Segment i carries payload bytes [i * mss, (i + 1) * mss), the last one
 * what remains.  Linux then patches, per segment:
 *   - IPv4: tot_len, id = id + i (inet_gso_segment()), or the ID kept
 *     in every segment with SKB_GSO_TCP_FIXEDID (INETCSUM_GSO_FIXEDID
 *     here: what GRO sets when a flow's IDs were all equal, so that GRO
 *     then GSO gives back the segments it merged), ip_send_check();
 *   - IPv6: payload_len; a hop-by-hop header holding only the jumbo
 *     option of BIG TCP is removed first (ipv6_hopopt_jumbo_remove());
 *   - TCP: seq + i * mss; FIN and PSH cleared on all but the last segment,
 *     CWR on all but the first (tcp_gso_segment()); the checksum over the
 *     pseudo-header with the segment's length;
 *   - UDP: len and the checksum of each datagram, a computed 0 sent as
 *     CSUM_MANGLED_0 (0xffff).
 * Linux derives each checksum from the super-packet's pseudo-header sum
 * by adjusting the length; here it is computed afresh from the addresses
 * (pseudo-header sums are cheap), and the payload is summed while it is
 * copied (inetcsum_copy()), so every payload byte is read once.
 *
 * Everything is checked first (inetcsum_gso_plan()); the output is written
 * only once it is known to fit, so an error writes nothing.
 */
#include "packet_internal.h"
#include "packet_hooks.h"
#include "pkt_fast.h"	/* fast_prefetch_to() */

#define TCP_SEQ_OFF	4
#define TCP_FLAGS_OFF	13
#define TCP_FIN		0x01
#define TCP_PSH		0x08
#define TCP_CWR		0x80
#define UDP_LEN_OFF	4
#define IPV4_TOT_OFF	2
#define IPV4_ID_OFF	4
#define IPV4_FRAG_OFF	6
#define IPV4_DF_BYTE	0x40	/* DF in the frag_off field's first byte */
#define IPV4_CSUM_OFF	10
#define IPV6_HLEN	40
#define IPV6_PLEN_OFF	4
#define IPV6_NH_OFF	6
#define JUMBO_HBH_LEN	8	/* next header, length 0, c2 04, 4 bytes */
#define IP_MAXLEN16	0xffffu
#define MID_HDR_MAX	128	/* copy_hdr()'s two vectors */

static u32
get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/* inetcsum_fold() without the call: the checksum field of 'sum'. */
static u16
fold(u32 sum)
{
	return (u16)~fold32_to_16(sum);
}

/*
 * The headers of a segment, 'n' bytes: as two overlapping fixed-size
 * copies where they fit, which compilers inline as a few vector moves
 * (a memcpy() of a run-time size is a call, once per segment).
 */
static void
copy_hdr(u8 *o, const u8 *p, size_t n)
{
	if (n >= 64 && n <= 128) {
		memcpy(o, p, 64);
		memcpy(o + n - 64, p + n - 64, 64);
	} else if (n >= 32 && n < 64) {
		memcpy(o, p, 32);
		memcpy(o + n - 32, p + n - 32, 32);
	} else {
		memcpy(o, p, n);
	}
}

/*
 * The partial-sum word of the bytes a value is stored as on the wire: the
 * 16-bit (or the two 16-bit) memory-order words of network-order 'v'.
 */
static u32
wire16(u32 v)
{
	const u8 b[2] = { (u8)(v >> 8), (u8)v };

	return load_u16(b);
}

static u32
wire32(u32 v)
{
	const u8 b[4] = { (u8)(v >> 24), (u8)(v >> 16), (u8)(v >> 8), (u8)v };

	return load_u32(b);
}

/*
 * Store a value's wire bytes given as wire16()/wire32() returns them: one
 * store, and the same word goes into the checksum.
 */
static void
store16(u8 *p, u32 w)
{
	u16 v = (u16)w;

	memcpy(p, &v, 2);
}

static void
store32(u8 *p, u32 w)
{
	memcpy(p, &w, 4);
}

/* 'sum' less the 16-bit word at 'p' (ones' complement). */
static u32
less_word(u32 sum, const u8 *p)
{
	return add32_eac(sum, 0xffffu ^ load_u16(p));
}

/* The super-packet as the segment writer needs it. */
struct job {
	struct inetcsum_l4loc loc;
	size_t hdr_in;		/* header bytes of the input (to the payload) */
	size_t cut;		/* bytes removed from the headers (jumbo) */
	size_t payload;
	size_t mss;
	size_t nsegs;
	size_t out_len;
	/*
	 * Sums taken once from the input, without the fields each segment
	 * changes (see write_seg()): the IPv4 header's without total
	 * length, ID and checksum; the L4 header's without its checksum and,
	 * for TCP, sequence number and offset/flags word, for UDP, length;
	 * the pseudo-header's without the length.
	 */
	u32 ip_base, l4_base, pseudo0;
	u32 seq0;
	u16 id0;
	u8 off_byte, flags0;
	/*
	 * The segments between the first and the last (see make_mid()), if
	 * has_mid: their headers as written but for the IPv4 ID and header
	 * checksum (unless INETCSUM_GSO_FIXEDID keeps them) and the TCP
	 * sequence number, and the sums of those headers
	 * without the fields left out (IPv4 header; L4 checksum seed, or with
	 * INETCSUM_GSO_PARTIAL the L4 field's value).
	 */
	int has_mid;
	u32 mid_ip, mid_l4;
	u8 mid[MID_HDR_MAX];
	int pf_l2;	/* prefetch the payload into L2, not L1 (see below) */
};

/*
 * A Jumbo Payload option (RFC 2675) that inetcsum_pkt_find_l4() did not
 * take as the length of the packet, in the hop-by-hop header of the IPv6
 * packet at 'l3' of the 'len' bytes at 'p': 0 if there is none, else
 * the error.  Such an option would travel into every segment, which then
 * claims to be a jumbogram and is not.
 *   INETCSUM_EBADLEN  a payload length other than 0 beside it (RFC 2675
 *                     section 3 makes that a Parameter Problem), or an
 *                     option whose length is not 4 or whose value is below
 *                     65536 (the same section: also an error)
 *   INETCSUM_EUNSUPP  a valid one that shares its header with other
 *                     options: Linux removes only a hop-by-hop header
 *                     that holds the jumbo option alone (BIG TCP's own,
 *                     ipv6_hopopt_jumbo_remove()), and so does this code
 */
static int
stray_jumbo(const u8 *p, size_t len, size_t l3)
{
	const u8 *h = p + l3, *o = h + IPV6_HLEN;
	size_t i, at, hl;

	if (len - l3 < IPV6_HLEN + 8 || h[0] >> 4 != 6 ||
	    h[IPV6_NH_OFF] != IP6_HOPOPTS)
		return 0;
	hl = ((size_t)o[1] + 1) * 8;
	if (hl > len - l3 - IPV6_HLEN)
		return 0;
	for (i = 2; (at = inetcsum_pkt_ipv6_opt(o, hl, &i)) < hl;) {
		if (o[at] == IP6OPT_JUMBO && hl - at >= 2) {
			if (be16(h + IPV6_PLEN_OFF) != 0 || i > hl ||
			    o[at + 1] != 4 || get32(o + at + 2) <= IP_MAXLEN16)
				return INETCSUM_EBADLEN;
			return INETCSUM_EUNSUPP;
		}
		if (i > hl)
			return 0;	/* the walk's business, not ours */
	}
	return 0;
}

static int
plan(const u8 *p, size_t len, size_t l3, size_t mss, struct job *j)
{
	size_t hdr_out, first, iplen;
	int r;

	if (p == NULL)
		return INETCSUM_EINVAL;
	r = inetcsum_pkt_find_l4(p, len, l3, &j->loc);
	/* The walk refuses a payload length 0 beside a jumbo option it
	 * cannot read as "another jumbogram form"; say why if it can. */
	if ((r == 0 && j->loc.v6 && j->loc.jumbo == 0) ||
	    (r == INETCSUM_EUNSUPP && l3 < len)) {
		int e = stray_jumbo(p, len, l3);

		if (r == 0 || e == INETCSUM_EBADLEN)
			r = e;
	}
	if (r < 0)
		return r;
	if (mss == 0)
		return INETCSUM_EINVAL;
	j->mss = mss;
	j->hdr_in = j->loc.l4 + j->loc.l4_hlen;
	j->cut = j->loc.jumbo ? JUMBO_HBH_LEN : 0;
	j->payload = j->loc.end - j->hdr_in;
	j->nsegs = j->payload / mss + (j->payload % mss != 0);
	if (j->nsegs == 0)
		j->nsegs = 1;		/* a bare header: one segment */
	hdr_out = j->hdr_in - j->cut;
	/* The longest segment must fit its 16-bit IP length field. */
	first = j->payload < mss ? j->payload : mss;
	iplen = hdr_out - l3 - (j->loc.v6 ? IPV6_HLEN : 0);
	if (first > IP_MAXLEN16 || iplen > IP_MAXLEN16 - first)
		return INETCSUM_EINVAL;
	/* inetcsum_gso_segment() returns the count as an int. */
	if (j->nsegs > (size_t)0x7fffffff ||
	    j->nsegs > (SIZE_MAX - j->payload) / hdr_out)
		return INETCSUM_EINVAL;
	j->out_len = j->nsegs * hdr_out + j->payload;
	return 0;
}

/* The sums and fields of 'j' that every segment starts from. */
static void
prepare(const u8 *p, struct job *j)
{
	const struct inetcsum_l4loc *loc = &j->loc;
	const u8 *ip = p + loc->l3, *th = p + loc->l4;

	j->ip_base = 0;
	if (!loc->v6) {
		u32 s = inetcsum_partial(ip, loc->ip_hlen, 0);

		s = less_word(s, ip + IPV4_TOT_OFF);
		s = less_word(s, ip + IPV4_ID_OFF);
		j->ip_base = less_word(s, ip + IPV4_CSUM_OFF);
		j->id0 = (u16)be16(ip + IPV4_ID_OFF);
	}
	j->l4_base = less_word(inetcsum_partial(th, loc->l4_hlen, 0),
			       th + loc->csum_offset);
	if (loc->proto == IPPROTO_TCP) {
		j->l4_base = less_word(j->l4_base, th + TCP_SEQ_OFF);
		j->l4_base = less_word(j->l4_base, th + TCP_SEQ_OFF + 2);
		j->l4_base = less_word(j->l4_base, th + TCP_FLAGS_OFF - 1);
		j->seq0 = get32(th + TCP_SEQ_OFF);
		j->off_byte = th[TCP_FLAGS_OFF - 1];
		j->flags0 = th[TCP_FLAGS_OFF];
	} else {
		j->l4_base = less_word(j->l4_base, th + UDP_LEN_OFF);
	}
	j->pseudo0 = inetcsum_pkt_l4_pseudo(loc, 0);
}

INETCSUM_API int
inetcsum_gso_plan(const void *pkt, size_t len, size_t l3_offset, size_t mss,
		  struct inetcsum_gso_plan *out)
{
	struct job j;
	int r;

	if (out == NULL)
		return INETCSUM_EINVAL;
	r = plan(pkt, len, l3_offset, mss, &j);
	if (r < 0)
		return r;
	out->nsegs = j.nsegs;
	out->out_len = j.out_len;
	out->hdr_len = j.hdr_in - j.cut;
	out->payload = j.payload;
	out->proto = (uint8_t)j.loc.proto;
	out->ipv6 = (uint8_t)j.loc.v6;
	return 0;
}

/*
 * The headers of segment 'i' of 'n' payload bytes into 'o', with the
 * fields each segment changes but the L4 checksum.  Returns what the L4
 * checksum starts from: the partial sum of all it covers but the payload,
 * or with INETCSUM_GSO_PARTIAL, the field's final value.
 */
static u32
write_hdr(const u8 *p, const struct job *j, size_t i, size_t n,
	  unsigned flags, u8 *o)
{
	const struct inetcsum_l4loc *loc = &j->loc;
	size_t l3 = loc->l3, hdr = j->hdr_in - j->cut;
	size_t l4 = loc->l4 - j->cut, l4len = loc->l4_hlen + n;
	u8 *ip = o + l3, *th = o + l4;
	u32 sum, pseudo;
	u16 c;

	if (j->cut == 0) {
		copy_hdr(o, p, hdr);
	} else {
		/* Without the jumbo hop-by-hop header, whose next header
		 * takes its place in the IPv6 header. */
		memcpy(o, p, loc->jumbo);
		memcpy(o + loc->jumbo, p + loc->jumbo + j->cut,
		       j->hdr_in - loc->jumbo - j->cut);
		ip[IPV6_NH_OFF] = p[loc->jumbo];
	}
	/*
	 * The checksums come from the sums prepare() took of the input and
	 * the new values of the fields, never from the header just written:
	 * its fields are byte stores, and wider loads over them would wait
	 * for each store to complete (a store-forwarding stall, several per
	 * segment; it made the whole call 1.5x slower than the copy alone).
	 */
	if (loc->v6) {
		store16(ip + IPV6_PLEN_OFF,
			wire16((u32)(hdr - l3 - IPV6_HLEN + n)));
		pseudo = add32_eac(j->pseudo0, wire32((u32)l4len));
	} else {
		u32 tot = wire16((u32)(hdr - l3 + n));
		u32 id = wire16((j->id0 + (flags & INETCSUM_GSO_FIXEDID ?
					    0 : (u32)i)) & 0xffff);

		store16(ip + IPV4_TOT_OFF, tot);
		store16(ip + IPV4_ID_OFF, id);
		c = fold(add32_eac(j->ip_base, tot + id));
		memcpy(ip + IPV4_CSUM_OFF, &c, 2);
		pseudo = add32_eac(j->pseudo0, wire16((u32)l4len));
	}
	sum = add32_eac(pseudo, j->l4_base);
	if (loc->proto == IPPROTO_TCP) {
		u8 fl = j->flags0;
		u32 seq = wire32(j->seq0 + (u32)(i * j->mss));

		store32(th + TCP_SEQ_OFF, seq);
		if (i != 0)
			fl &= (u8)~TCP_CWR;
		if (i != j->nsegs - 1)
			fl &= (u8)~(TCP_FIN | TCP_PSH);
		th[TCP_FLAGS_OFF] = fl;
		sum = add32_eac(sum, seq);
		sum = add32_eac(sum, wire16((u32)j->off_byte << 8 | fl));
	} else {
		u32 ulen = wire16((u32)l4len);

		store16(th + UDP_LEN_OFF, ulen);
		sum = add32_eac(sum, ulen);
	}
	if (flags & INETCSUM_GSO_PARTIAL)
		return (u16)~fold(pseudo);	/* for the device to complete */
	return sum;
}

/*
 * The headers of the segments between the first and the last, into
 * j->mid: they differ from each other only in the IPv4 ID (and so the
 * header checksum) and the TCP sequence number, so each of them is the
 * template with those patched (write_mids()), not the headers rebuilt.
 * Writing every field of every segment, the call took 1.25-1.3x the
 * time of its copies alone (Zen 5, 64 KiB into 1448-byte segments); with
 * the template and write_mids(), about 1.1x.
 */
static void
make_mid(const u8 *p, struct job *j, unsigned flags)
{
	const struct inetcsum_l4loc *loc = &j->loc;
	size_t hdr = j->hdr_in - j->cut;
	u32 seed;

	j->has_mid = j->nsegs >= 3 && j->cut == 0 && hdr <= MID_HDR_MAX;
	if (!j->has_mid)
		return;
	/* Segment 1, all of whose fields are a middle segment's. */
	seed = write_hdr(p, j, 1, j->mss, flags, j->mid);
	if (!loc->v6)
		j->mid_ip = add32_eac(j->ip_base,
				      wire16((u32)(hdr - loc->l3 + j->mss)));
	if (loc->proto == IPPROTO_TCP && !(flags & INETCSUM_GSO_PARTIAL))
		seed = add32_eac(seed, ~wire32(j->seq0 + (u32)j->mss));
	j->mid_l4 = seed;
}

/*
 * A segment's payload, 'n' bytes from 'src' to 'pl', and its L4 checksum
 * field at 'ck', from 'sum', what write_hdr() returned: with 'partial'
 * that is the field's value and the payload is only copied; else the
 * payload is copied and summed in one pass by 'copy' and the field is
 * the folded total.
 */
static inline void
put_payload(u8 *pl, u8 *ck, const u8 *src, size_t n, u32 sum, int partial,
	    int tcp, inetcsum_copy_fn copy)
{
	u16 c;

	if (partial) {
		/* Only the pseudo-header, for the device to complete. */
		memcpy(pl, src, n);
		c = (u16)sum;
	} else {
		/* The header length is even (TCP 4 * doff, UDP 8): the
		 * payload's sum adds in without a byte rotation. */
		c = fold(copy(pl, src, n, sum));
		if (c == 0 && !tcp)
			c = 0xffff;	/* UDP: RFC 768 */
	}
	memcpy(ck, &c, 2);
}

/*
 * Segment 'i' of 'n' payload bytes into 'o': headers, the per-segment
 * fields, then payload and checksum.
 */
static size_t
write_seg(const u8 *p, const struct job *j, size_t i, size_t n,
	  unsigned flags, u8 *o)
{
	const struct inetcsum_l4loc *loc = &j->loc;
	size_t hdr = j->hdr_in - j->cut;
	size_t l4 = loc->l4 - j->cut;
	const u8 *src = p + j->hdr_in + i * j->mss;
	u8 *th = o + l4;
	u32 sum;

	sum = write_hdr(p, j, i, n, flags, o);
	put_payload(th + loc->l4_hlen, th + loc->csum_offset, src, n, sum,
		    (flags & INETCSUM_GSO_PARTIAL) != 0,
		    loc->proto == IPPROTO_TCP, inetcsum_copy);
	return hdr + n;
}

/*
 * Prefetch the payload of segment 'i' (if there is one), every line.  The
 * copy kernels prefetch only inside the buffer they are given, and a
 * 1448-byte segment is too short for their distance, so a cold
 * super-packet was read one segment at a time, each start a fresh miss:
 * prefetching 2 segments ahead made a cold 64 KiB GSO 1.21-1.30x faster
 * and a hot one (in L2) 1.06-1.11x (Zen 5, bench/gso_bench -p; 1 ahead
 * gained less, 4 ahead 2-14% more cold but 0-3% less hot).  On Intel the
 * same prefetch into L1 gained 1-5% cold, and into L2 (prefetcht1)
 * 1.30-1.37x, so the tuning table's Intel rows prefetch into L2
 * (src/tuning.c, gso_prefetch_l2; docs/packet.md, "GSO's prefetch on
 * Intel").  Every address is inside the input's payload.
 */
#ifndef GSO_PREFETCH_SEGS
#define GSO_PREFETCH_SEGS 2
#endif
size_t inetcsum_pkt_gso_prefetch = GSO_PREFETCH_SEGS;

int
inetcsum_pkt_gso_prefetch_l2_in_use(void)
{
	int l2;

	inetcsum_tuning_packet(NULL, &l2);
	return l2;
}

/* Forced inline: gcc deletes the calls to a function that only
 * prefetches (fast_prefetch() in pkt_fast.h). */
static INETCSUM_FORCEINLINE void
prefetch_payload(const u8 *p, const struct job *j, size_t i)
{
	size_t start, end;

	if (i >= j->nsegs)
		return;
	start = j->hdr_in + i * j->mss;
	end = start + (i + 1 < j->nsegs ? j->mss :
		       j->payload - i * j->mss);
	fast_prefetch_to(p + start, end - start, j->pf_l2);
}

/*
 * Segments 1 to nsegs - 2 of a job with has_mid, at 'pos' in 'o': each
 * the template j->mid patched, then payload and checksum.  Returns the
 * position after them.  A loop of its own, with only what these segments
 * need: every instruction between two copies costs time (the copies keep
 * the core busy), and the general loop's were most of its gap to the
 * copies alone.  (Compiled once per protocol pair, with constants for
 * the tests below, the loop ran 1.15x slower on Zen 5; so it is not.)
 */
static size_t
write_mids(const u8 *p, const struct job *j, unsigned flags, u8 *o,
	   size_t pos, struct inetcsum_gso_seg *segs)
{
	const struct inetcsum_l4loc *loc = &j->loc;
	const size_t mss = j->mss, hdr = j->hdr_in, last = j->nsegs - 1;
	const size_t ip_at = loc->l3, th_at = loc->l4, pl_at = th_at +
		loc->l4_hlen, ck_at = th_at + loc->csum_offset;
	const size_t ahead = inetcsum_pkt_gso_prefetch;
	const inetcsum_copy_fn copy = inetcsum_pkt_copy_kernel();
	const int tcp = loc->proto == IPPROTO_TCP;
	const int partial = (flags & INETCSUM_GSO_PARTIAL) != 0;
	/* With INETCSUM_GSO_FIXEDID the template's ID (the first's) and
	 * header checksum are every middle segment's: nothing to patch. */
	const int patch_id = !loc->v6 && !(flags & INETCSUM_GSO_FIXEDID);
	const u8 *src = p + hdr + mss;
	u32 seq = j->seq0 + (u32)mss, id = j->id0 + 1u;
	size_t i;

	for (i = 1; i < last; i++) {
		u8 *s = o + pos;
		u32 sum = j->mid_l4;

		if (ahead != 0)
			prefetch_payload(p, j, i + ahead);
		/*
		 * A call of the C library's memcpy(), not copy_hdr(): in
		 * this portable file copy_hdr() is 16-byte moves, and
		 * glibc's memcpy() picks the CPU's wide vectors (Zen 5:
		 * 1.02-1.035x for the whole GSO, in one process).
		 */
		memcpy(s, j->mid, hdr);
		if (patch_id) {
			u32 w = wire16(id & 0xffff);
			u16 c;

			store16(s + ip_at + IPV4_ID_OFF, w);
			c = fold(add32_eac(j->mid_ip, w));
			memcpy(s + ip_at + IPV4_CSUM_OFF, &c, 2);
		}
		if (tcp) {
			u32 w = wire32(seq);

			store32(s + th_at + TCP_SEQ_OFF, w);
			if (!partial)
				sum = add32_eac(sum, w);
		}
		put_payload(s + pl_at, s + ck_at, src, mss, sum, partial, tcp,
			    copy);
		segs[i].offset = pos;
		segs[i].len = hdr + mss;
		pos += hdr + mss;
		src += mss;
		seq += (u32)mss;
		id++;
	}
	return pos;
}

INETCSUM_API int
inetcsum_gso_segment(const void *pkt, size_t len, size_t l3_offset,
		     size_t mss, unsigned flags, void *out, size_t out_cap,
		     struct inetcsum_gso_seg *segs, size_t max_segs)
{
	const u8 *p = pkt;
	u8 *o = out;
	struct job j;
	size_t i, pos = 0, n;
	int r;

	if (out == NULL || segs == NULL ||
	    (flags & ~(INETCSUM_GSO_PARTIAL | INETCSUM_GSO_FIXEDID)))
		return INETCSUM_EINVAL;
	r = plan(p, len, l3_offset, mss, &j);
	if (r < 0)
		return r;
	/*
	 * Repeating an ID is allowed only in atomic datagrams (DF set, RFC
	 * 6864 section 4.1): a fragmented datagram is reassembled by its
	 * ID, so segments that could be fragmented on the way must not
	 * share one.  Linux's inet_gso_segment() refuses FIXEDID without
	 * DF too ("fixed ID is invalid if DF bit is not set"), and its GRO,
	 * like inetcsum_gro_coalesce_prefix(), reports fixed IDs only with
	 * DF.  (A 2025 net-next series drops both DF conditions; see
	 * docs/packet.md.)
	 */
	if ((flags & INETCSUM_GSO_FIXEDID) && !j.loc.v6 &&
	    !(p[j.loc.l3 + IPV4_FRAG_OFF] & IPV4_DF_BYTE))
		return INETCSUM_EINVAL;
	if (out_cap < j.out_len || max_segs < j.nsegs)
		return INETCSUM_ENOSPC;
	prepare(p, &j);
	make_mid(p, &j, flags);
	j.pf_l2 = inetcsum_pkt_gso_prefetch_l2_in_use();
	for (i = 0; i < j.nsegs; i++) {
		if (i == 1 && j.has_mid) {
			pos = write_mids(p, &j, flags, o, pos, segs);
			i = j.nsegs - 1;
		}
		if (inetcsum_pkt_gso_prefetch != 0)
			prefetch_payload(p, &j, i + inetcsum_pkt_gso_prefetch);
		n = j.payload - i * mss < mss ? j.payload - i * mss : mss;
		segs[i].offset = pos;
		segs[i].len = write_seg(p, &j, i, n, flags, o + pos);
		pos += segs[i].len;
	}
	return (int)j.nsegs;
}
