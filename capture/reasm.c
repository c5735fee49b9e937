/* SPDX-License-Identifier: MIT */
/*
 * capture/reasm.c - IPv4/IPv6 fragment reassembly with bounded memory (see
 * reasm.h).
 *
 * Each pending datagram has one data buffer, indexed by fragment offset,
 * and a sorted list of the byte ranges received, adjacent ranges merged.
 * The datagram is complete when the offset-0 fragment and the last one
 * (MF clear) have come and the ranges have merged into [0, end).
 *
 * Policy on inconsistent fragments (RFC 5722 for IPv6, and what Linux does
 * for IPv4 since 2018): any overlap, even a byte-identical duplicate, makes
 * the datagram inconsistent, because two frames would then claim the same
 * bytes and a verdict over either copy could be wrong for the other.  So
 * do a second offset-0 fragment, two last fragments that end apart, data
 * past the last fragment's end, a non-last fragment whose length is not a
 * multiple of 8, a datagram over 65535 bytes and a fragment cut short
 * (snapshot length, or a length field that claims more than the packet).
 * An inconsistent datagram frees its data at once but stays in the table,
 * empty, until it expires, so that its later fragments are recognised
 * (another offset-0 fragment is reported again) instead of starting a new
 * datagram that could never complete.
 *
 * A fragment the input path drops before reassembly (Linux's ip_rcv_core()
 * drops an IPv4 packet whose header checksum is bad; tshark does not
 * reassemble one either) comes in through inetcsum_reasm_reject(): its
 * data are not used, so its datagram completes only if the other
 * fragments cover it, and one left incomplete ends with the reason given.
 *
 * Memory: every byte held (data buffers, range lists, first-fragment
 * headers) counts against max_bytes; the table holds at most
 * max_datagrams entries.  Going over either evicts the oldest datagrams.
 * Datagrams live at most timeout_ns of capture time and max_frames tags
 * after their first fragment (Linux's ipfrag_time also runs from the
 * first fragment and is not restarted by later ones).  Datagrams are kept
 * in a list oldest first, so expiry and eviction look at its head only.
 */
#include <stdlib.h>
#include <string.h>

#include "reasm.h"

#define IP6_HOPOPTS	0
#define IP6_ROUTING	43
#define IP6_FRAGMENT	44
#define IP6_DSTOPTS	60
#define IP_MAXPACKET	65535u

struct range {
	uint32_t start, end;
};

struct dgram {
	struct dgram *hnext;		/* hash chain */
	struct dgram *older, *newer;	/* age list */
	/* the key */
	uint8_t v6, proto;
	uint32_t ifindex, id;
	uint8_t src[16], dst[16];
	/* state */
	const char *dead;	/* inconsistent: why; data freed */
	const char *rejected;	/* why a fragment of it was dropped */
	uint64_t first_ts, first_frame;
	uint64_t first_tag;	/* tag of the offset-0 fragment, 0 none */
	uint64_t nfrags;
	uint32_t end;		/* end of data; valid with have_last */
	int have_last;
	uint8_t *data;
	uint32_t cap;
	struct range *rng;
	size_t nrng, rngcap;
	uint8_t *hdr;		/* first fragment's header (IPv6: all before
				 * the fragment header) */
	size_t hdrlen, nh_pos;	/* IPv6: the next-header byte naming 44 */
	uint8_t first_nh;	/* IPv6: the fragment header's next header */
	size_t mem;		/* bytes counted against max_bytes */
};

struct queued {
	struct inetcsum_reasm_event ev;
	uint8_t *buf;		/* COMPLETE: owned packet */
};

struct inetcsum_reasm {
	struct inetcsum_reasm_limits lim;
	struct dgram **hash;
	size_t nbuckets;	/* a power of 2 */
	struct dgram *oldest, *newest;
	struct inetcsum_reasm_stats st;
	struct queued *q;
	size_t qhead, qlen, qcap;
	uint8_t *handed;	/* buffer of the last event handed out */
};

/* The key and the fragment, parsed from one packet. */
struct frag {
	uint8_t v6, proto;
	uint32_t id;
	const uint8_t *src, *dst;
	uint32_t off, dlen;	/* fragment offset and data length, bytes */
	int mf, cut;
	const uint8_t *data;	/* dlen bytes (unless cut) */
	size_t hdrlen, nh_pos;	/* offset 0: header to keep */
	uint8_t nh;		/* IPv6: fragment header's next header */
};

static unsigned
be16(const uint8_t *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static uint32_t
be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/*
 * Parses 'ip' as a fragment: 1 with 'f' filled, 0 when it is not one (a
 * whole packet, not IPv4/IPv6, headers too short to tell).
 */
static int
parse(const uint8_t *ip, size_t len, struct frag *f)
{
	size_t hl, end, p;
	unsigned nh, word;

	memset(f, 0, sizeof(*f));
	if (len < 1)
		return 0;
	if (ip[0] >> 4 == 4) {
		if (len < 20)
			return 0;
		hl = (size_t)(ip[0] & 15) * 4;
		end = be16(ip + 2);
		if (hl < 20 || hl > len || end < hl)
			return 0;
		word = be16(ip + 6);
		if ((word & 0x3fff) == 0)
			return 0;	/* neither MF nor an offset */
		f->proto = ip[9];
		f->id = be16(ip + 4);
		f->src = ip + 12;
		f->dst = ip + 16;
		f->off = (word & 0x1fff) * 8u;
		f->mf = (word & 0x2000) != 0;
		f->hdrlen = hl;
		f->nh_pos = 9;
		p = hl;
	} else if (ip[0] >> 4 == 6) {
		if (len < 40)
			return 0;
		end = 40 + (size_t)be16(ip + 4);
		if (end == 40 && ip[6] == IP6_HOPOPTS)
			return 0;	/* jumbogram */
		nh = ip[6];
		f->nh_pos = 6;
		p = 40;
		/* The unfragmentable part (RFC 8200 section 4.5): each
		 * header is at least 8 bytes, so the walk ends. */
		while (nh == IP6_HOPOPTS || nh == IP6_DSTOPTS ||
		       nh == IP6_ROUTING) {
			if (p + 2 > len || p + 2 > end)
				return 0;
			f->nh_pos = p;
			nh = ip[p];
			p += ((size_t)ip[p + 1] + 1) * 8;
		}
		if (nh != IP6_FRAGMENT || p + 8 > len || p + 8 > end)
			return 0;
		word = be16(ip + p + 2);
		if ((word & 0xfff9) == 0)
			return 0;	/* atomic fragment: whole */
		f->v6 = 1;
		f->nh = ip[p];
		f->id = be32(ip + p + 4);
		f->src = ip + 8;
		f->dst = ip + 24;
		f->off = word & 0xfff8;
		f->mf = word & 1;
		f->hdrlen = p;
		p += 8;
	} else {
		return 0;
	}
	f->dlen = (uint32_t)(end - p);
	f->data = ip + p;
	f->cut = end > len;
	return 1;
}

static size_t
hash_key(const struct frag *f, uint32_t ifindex, size_t nbuckets)
{
	size_t n = f->v6 ? 16 : 4, i;
	uint32_t h = 2166136261u;

	/* FNV-1a over the key. */
	for (i = 0; i < n; i++)
		h = (h ^ f->src[i]) * 16777619u;
	for (i = 0; i < n; i++)
		h = (h ^ f->dst[i]) * 16777619u;
	h = (h ^ f->id) * 16777619u;
	h = (h ^ ifindex) * 16777619u;
	h = (h ^ (uint32_t)(f->v6 << 8 | (f->v6 ? 0 : f->proto))) * 16777619u;
	return h & (nbuckets - 1);
}

static int
same_key(const struct dgram *d, const struct frag *f, uint32_t ifindex)
{
	size_t n = f->v6 ? 16 : 4;

	return d->v6 == f->v6 && d->id == f->id && d->ifindex == ifindex &&
	       (f->v6 || d->proto == f->proto) &&
	       memcmp(d->src, f->src, n) == 0 && memcmp(d->dst, f->dst, n) == 0;
}

static void
track(struct inetcsum_reasm *r)
{
	if (r->st.bytes > r->st.peak_bytes)
		r->st.peak_bytes = r->st.bytes;
	if (r->st.datagrams > r->st.peak_datagrams)
		r->st.peak_datagrams = r->st.datagrams;
}

static void
free_data(struct inetcsum_reasm *r, struct dgram *d)
{
	free(d->data);
	free(d->rng);
	free(d->hdr);
	d->data = NULL;
	d->rng = NULL;
	d->hdr = NULL;
	d->cap = 0;
	d->nrng = d->rngcap = 0;
	r->st.bytes -= d->mem;
	d->mem = 0;
}

/* Queues an event; its packet buffer 'buf' (or NULL) is owned from here. */
static void
emit(struct inetcsum_reasm *r, const struct dgram *d,
     enum inetcsum_reasm_state state, const char *reason, uint64_t first_tag,
     int again, uint8_t *buf, size_t len)
{
	struct queued *e;

	if (r->qhead + r->qlen == r->qcap) {
		if (r->qhead > 0) {
			memmove(r->q, r->q + r->qhead,
				r->qlen * sizeof(*r->q));
			r->qhead = 0;
		} else {
			size_t ncap = r->qcap ? 2 * r->qcap : 16;
			struct queued *n = realloc(r->q, ncap * sizeof(*n));

			if (n == NULL) {
				/* The event is lost, not the process: the
				 * caller's frame keeps its "fragment". */
				free(buf);
				return;
			}
			r->q = n;
			r->qcap = ncap;
		}
	}
	e = &r->q[r->qhead + r->qlen++];
	memset(e, 0, sizeof(*e));
	e->ev.state = state;
	e->ev.reason = reason;
	e->ev.first_tag = first_tag;
	e->ev.nfrags = d->nfrags;
	e->ev.again = again;
	e->ev.v6 = d->v6;
	e->buf = buf;
	if (buf != NULL) {
		e->ev.pkt = buf;
		e->ev.len = len;
		e->ev.split = d->hdrlen;
		e->ev.shift = d->v6 ? 8 : 0;
	}
}

/* Removes 'd' from the table and the age list and frees it. */
static void
drop(struct inetcsum_reasm *r, struct dgram *d)
{
	struct dgram **pp;
	struct frag k;

	k.v6 = d->v6;
	k.proto = d->proto;
	k.id = d->id;
	k.src = d->src;
	k.dst = d->dst;
	for (pp = &r->hash[hash_key(&k, d->ifindex, r->nbuckets)]; *pp;
	     pp = &(*pp)->hnext) {
		if (*pp == d) {
			*pp = d->hnext;
			break;
		}
	}
	if (d->older)
		d->older->newer = d->newer;
	else
		r->oldest = d->newer;
	if (d->newer)
		d->newer->older = d->older;
	else
		r->newest = d->older;
	free_data(r, d);
	r->st.datagrams--;
	free(d);
}

/*
 * Ends 'd' without a packet (a dead one ends silently: it was reported).
 * One that a rejected fragment left incomplete says so rather than only
 * "incomplete" or "expired": that fragment is most likely the one
 * missing.  An eviction keeps its own reason (a limit, not the input).
 */
static void
end_dgram(struct inetcsum_reasm *r, struct dgram *d,
	  enum inetcsum_reasm_state state, const char *reason)
{
	if (d->rejected != NULL && state != INETCSUM_REASM_EVICTED)
		reason = d->rejected;
	if (d->dead == NULL)
		emit(r, d, state, reason, d->first_tag, 0, NULL, 0);
	drop(r, d);
}

/* Marks 'd' inconsistent: reported now, data freed, entry kept. */
static void
kill(struct inetcsum_reasm *r, struct dgram *d, const char *reason)
{
	d->dead = reason;
	emit(r, d, INETCSUM_REASM_INCONSISTENT, reason, d->first_tag, 0,
	     NULL, 0);
	free_data(r, d);
}

static void
expire(struct inetcsum_reasm *r, uint64_t ts, uint64_t tag)
{
	while (r->oldest != NULL) {
		struct dgram *d = r->oldest;

		if (tag - d->first_frame > r->lim.max_frames)
			end_dgram(r, d, INETCSUM_REASM_EXPIRED,
				  "expired: no last fragment within the frame "
				  "limit");
		else if (ts != INETCSUM_REASM_NO_TIME &&
			 d->first_ts != INETCSUM_REASM_NO_TIME &&
			 ts > d->first_ts &&
			 ts - d->first_ts > r->lim.timeout_ns)
			end_dgram(r, d, INETCSUM_REASM_EXPIRED,
				  "expired: no last fragment within the "
				  "timeout");
		else
			break;
	}
}

/*
 * Makes room for 'need' more bytes by evicting datagrams older than 'keep';
 * 1 if they fit now, 0 if not even an empty table would hold them.
 */
static int
make_room(struct inetcsum_reasm *r, struct dgram *keep, size_t need)
{
	while (r->st.bytes + need > r->lim.max_bytes) {
		struct dgram *d = r->oldest;

		if (d == keep)
			d = d->newer;
		if (d == NULL)
			return 0;
		end_dgram(r, d, INETCSUM_REASM_EVICTED,
			  "evicted: pending bytes over the limit");
	}
	return 1;
}

/* Grows 'd' to hold data up to 'end' and one more range; 0 if no room. */
static int
reserve(struct inetcsum_reasm *r, struct dgram *d, uint32_t end,
	size_t hdrlen)
{
	size_t need = hdrlen, rngcap = d->rngcap;
	uint32_t cap = d->cap;

	if (end > cap) {
		/* Doubling keeps the copies linear; never past 64 KiB. */
		cap = cap ? cap : 1024;
		while (cap < end)
			cap *= 2;
		if (cap > IP_MAXPACKET + 1)
			cap = IP_MAXPACKET + 1;
		need += cap - d->cap;
	}
	if (d->nrng == rngcap) {
		rngcap = rngcap ? 2 * rngcap : 8;
		need += (rngcap - d->rngcap) * sizeof(struct range);
	}
	if (!make_room(r, d, need))
		return 0;
	if (cap != d->cap) {
		uint8_t *n = realloc(d->data, cap);

		if (n == NULL)
			return -1;
		d->data = n;
		d->mem += cap - d->cap;
		r->st.bytes += cap - d->cap;
		d->cap = cap;
	}
	if (rngcap != d->rngcap) {
		struct range *n = realloc(d->rng, rngcap * sizeof(*n));

		if (n == NULL)
			return -1;
		d->rng = n;
		d->mem += (rngcap - d->rngcap) * sizeof(*n);
		r->st.bytes += (rngcap - d->rngcap) * sizeof(*n);
		d->rngcap = rngcap;
	}
	track(r);
	return 1;
}

/* Index of the first range that ends at or after 'start'. */
static size_t
find(const struct dgram *d, uint32_t start)
{
	size_t lo = 0, hi = d->nrng;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->rng[mid].end < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Adds [start, end) (checked not to overlap), merging neighbours. */
static void
insert(struct dgram *d, uint32_t start, uint32_t end)
{
	size_t i = find(d, start);

	if (i < d->nrng && d->rng[i].end == start) {
		d->rng[i].end = end;
		if (i + 1 < d->nrng && d->rng[i + 1].start == end) {
			d->rng[i].end = d->rng[i + 1].end;
			memmove(d->rng + i + 1, d->rng + i + 2,
				(d->nrng - i - 2) * sizeof(*d->rng));
			d->nrng--;
		}
		return;
	}
	if (i < d->nrng && d->rng[i].start == end) {
		d->rng[i].start = start;
		return;
	}
	memmove(d->rng + i + 1, d->rng + i, (d->nrng - i) * sizeof(*d->rng));
	d->rng[i].start = start;
	d->rng[i].end = end;
	d->nrng++;
}

/* 1 if [start, end) shares a byte with a range received. */
static int
overlaps(const struct dgram *d, uint32_t start, uint32_t end)
{
	size_t i = find(d, start + 1);

	return start < end && i < d->nrng && d->rng[i].start < end &&
	       d->rng[i].end > start;
}

static struct dgram *
lookup(struct inetcsum_reasm *r, const struct frag *f, uint32_t ifindex,
       uint64_t ts, uint64_t tag)
{
	size_t b = hash_key(f, ifindex, r->nbuckets), n = f->v6 ? 16 : 4;
	struct dgram *d;

	for (d = r->hash[b]; d != NULL; d = d->hnext)
		if (same_key(d, f, ifindex))
			return d;
	if (r->st.datagrams >= r->lim.max_datagrams && r->oldest != NULL)
		end_dgram(r, r->oldest, INETCSUM_REASM_EVICTED,
			  "evicted: pending datagrams over the limit");
	d = calloc(1, sizeof(*d));
	if (d == NULL)
		return NULL;
	d->v6 = f->v6;
	d->proto = f->v6 ? 0 : f->proto;
	d->id = f->id;
	d->ifindex = ifindex;
	memcpy(d->src, f->src, n);
	memcpy(d->dst, f->dst, n);
	d->first_ts = ts;
	d->first_frame = tag;
	d->hnext = r->hash[b];
	r->hash[b] = d;
	d->older = r->newest;
	if (r->newest)
		r->newest->newer = d;
	else
		r->oldest = d;
	r->newest = d;
	r->st.datagrams++;
	track(r);
	return d;
}

/* The checks of one fragment against its datagram: NULL or why not. */
static const char *
inconsistent(const struct dgram *d, const struct frag *f)
{
	uint32_t end = f->off + f->dlen;

	if (f->cut)
		return "fragment: cut short";
	if (f->mf && f->dlen % 8 != 0)
		return "fragment: length not a multiple of 8";
	if (end > IP_MAXPACKET)
		return "fragment: datagram over 65535 bytes";
	if (!f->mf && d->have_last && end != d->end)
		return "fragment: last fragments disagree";
	if (d->have_last && end > d->end)
		return "fragment: data past the last fragment";
	if (!f->mf && d->nrng > 0 && d->rng[d->nrng - 1].end > end)
		return "fragment: data past the last fragment";
	if (overlaps(d, f->off, end))
		return "fragment: overlap";
	return NULL;
}

/* Complete: rebuild the packet and end the datagram. */
static int
complete(struct inetcsum_reasm *r, struct dgram *d)
{
	size_t len = d->hdrlen + d->end;
	uint8_t *p;

	if ((d->v6 ? len - 40 : len) > IP_MAXPACKET) {
		kill(r, d, "fragment: datagram over 65535 bytes");
		return 0;
	}
	p = malloc(len ? len : 1);
	if (p == NULL)
		return -1;
	memcpy(p, d->hdr, d->hdrlen);
	if (d->end)
		memcpy(p + d->hdrlen, d->data, d->end);
	if (d->v6) {
		size_t plen = len - 40;

		p[4] = (uint8_t)(plen >> 8);
		p[5] = (uint8_t)plen;
		p[d->nh_pos] = d->first_nh;
	} else {
		p[2] = (uint8_t)(len >> 8);
		p[3] = (uint8_t)len;
		p[6] &= 0x40;	/* keep DF; MF and the offset cleared */
		p[7] = 0;
	}
	emit(r, d, INETCSUM_REASM_COMPLETE, NULL, d->first_tag, 0, p, len);
	drop(r, d);
	return 1;
}

int
inetcsum_reasm_add(struct inetcsum_reasm *r, const uint8_t *ip, size_t len,
		   uint32_t ifindex, uint64_t ts_ns, uint64_t tag)
{
	struct frag f;
	struct dgram *d;
	const char *why;
	uint32_t end;
	int first, k;

	if (!parse(ip, len, &f))
		return INETCSUM_REASM_NOT_FRAGMENT;
	expire(r, ts_ns, tag);
	d = lookup(r, &f, ifindex, ts_ns, tag);
	if (d == NULL)
		return -1;
	first = f.off == 0;
	d->nfrags++;
	if (d->dead != NULL) {
		/* Another offset-0 fragment of an inconsistent datagram is
		 * marked as well; the datagram is not counted again. */
		if (first)
			emit(r, d, INETCSUM_REASM_INCONSISTENT, d->dead, tag,
			     1, NULL, 0);
		return INETCSUM_REASM_TAKEN;
	}
	if (first && d->first_tag == 0 && !f.cut)
		d->first_tag = tag;
	else if (first && d->first_tag != 0) {
		/* Both offset-0 frames get the verdict. */
		emit(r, d, INETCSUM_REASM_INCONSISTENT,
		     "fragment: duplicate first fragment", tag, 1, NULL, 0);
		kill(r, d, "fragment: duplicate first fragment");
		return INETCSUM_REASM_TAKEN;
	}
	why = inconsistent(d, &f);
	if (why != NULL) {
		if (first && d->first_tag == 0)
			d->first_tag = tag;
		kill(r, d, why);
		return INETCSUM_REASM_TAKEN;
	}
	end = f.off + f.dlen;
	k = reserve(r, d, end, first ? f.hdrlen : 0);
	if (k <= 0) {
		end_dgram(r, d, INETCSUM_REASM_EVICTED, k < 0 ?
			  "evicted: out of memory" :
			  "evicted: pending bytes over the limit");
		return k < 0 ? -1 : INETCSUM_REASM_TAKEN;
	}
	if (first) {
		d->hdr = malloc(f.hdrlen);
		if (d->hdr == NULL) {
			end_dgram(r, d, INETCSUM_REASM_EVICTED,
				  "evicted: out of memory");
			return -1;
		}
		memcpy(d->hdr, ip, f.hdrlen);
		d->hdrlen = f.hdrlen;
		d->nh_pos = f.nh_pos;
		d->first_nh = f.nh;
		d->mem += f.hdrlen;
		r->st.bytes += f.hdrlen;
		track(r);
	}
	if (f.dlen) {
		memcpy(d->data + f.off, f.data, f.dlen);
		insert(d, f.off, end);
	}
	if (!f.mf) {
		d->have_last = 1;
		d->end = end;
	}
	if (d->have_last && d->first_tag != 0 &&
	    (d->end == 0 || (d->nrng == 1 && d->rng[0].start == 0 &&
			     d->rng[0].end == d->end))) {
		k = complete(r, d);
		if (k < 0) {
			end_dgram(r, d, INETCSUM_REASM_EVICTED,
				  "evicted: out of memory");
			return -1;
		}
		return INETCSUM_REASM_TAKEN;
	}
	return first ? INETCSUM_REASM_HELD : INETCSUM_REASM_TAKEN;
}

int
inetcsum_reasm_reject(struct inetcsum_reasm *r, const uint8_t *ip, size_t len,
		      uint32_t ifindex, uint64_t ts_ns, uint64_t tag,
		      const char *reason)
{
	struct frag f;
	struct dgram *d;

	if (!parse(ip, len, &f))
		return INETCSUM_REASM_NOT_FRAGMENT;
	expire(r, ts_ns, tag);
	/*
	 * Its datagram is found, or made, only to carry the reason: none of
	 * its bytes, its offset or its MF bit count (a bad header checksum
	 * says any of them may be wrong), and it is not one of 'nfrags'.
	 * A datagram made here starts its clock at this fragment, where
	 * Linux's starts at the next one; its key may be garbled too, and
	 * then it ends alone, incomplete, with this reason.
	 */
	d = lookup(r, &f, ifindex, ts_ns, tag);
	if (d == NULL)
		return -1;
	if (d->dead == NULL && d->rejected == NULL)
		d->rejected = reason;
	return INETCSUM_REASM_DROPPED;
}

void
inetcsum_reasm_expire(struct inetcsum_reasm *r, uint64_t ts_ns, uint64_t tag)
{
	expire(r, ts_ns, tag);
}

int
inetcsum_reasm_evict_tag(struct inetcsum_reasm *r, uint64_t tag,
			 const char *reason)
{
	struct dgram *d;

	for (d = r->oldest; d != NULL; d = d->newer) {
		if (d->first_tag == tag && d->dead == NULL) {
			end_dgram(r, d, INETCSUM_REASM_EVICTED, reason);
			return 1;
		}
	}
	return 0;
}

void
inetcsum_reasm_finish(struct inetcsum_reasm *r)
{
	while (r->oldest != NULL)
		end_dgram(r, r->oldest, INETCSUM_REASM_UNFINISHED,
			  "incomplete at the end of the capture");
}

int
inetcsum_reasm_next(struct inetcsum_reasm *r, struct inetcsum_reasm_event *ev)
{
	free(r->handed);
	r->handed = NULL;
	if (r->qlen == 0)
		return 0;
	*ev = r->q[r->qhead].ev;
	r->handed = r->q[r->qhead].buf;
	r->qhead++;
	if (--r->qlen == 0)
		r->qhead = 0;
	return 1;
}

void
inetcsum_reasm_stats(const struct inetcsum_reasm *r,
		     struct inetcsum_reasm_stats *st)
{
	*st = r->st;
}

struct inetcsum_reasm *
inetcsum_reasm_new(const struct inetcsum_reasm_limits *lim)
{
	struct inetcsum_reasm *r = calloc(1, sizeof(*r));

	if (r == NULL)
		return NULL;
	if (lim != NULL)
		r->lim = *lim;
	if (r->lim.max_bytes == 0)
		r->lim.max_bytes = INETCSUM_REASM_MAX_BYTES;
	if (r->lim.max_datagrams == 0)
		r->lim.max_datagrams = INETCSUM_REASM_MAX_DATAGRAMS;
	if (r->lim.timeout_ns == 0)
		r->lim.timeout_ns = INETCSUM_REASM_TIMEOUT_NS;
	if (r->lim.max_frames == 0)
		r->lim.max_frames = INETCSUM_REASM_MAX_FRAMES;
	/* Buckets: the power of 2 at or above the datagram limit, at most
	 * 2^16 (chains stay short, the table small). */
	r->nbuckets = 16;
	while (r->nbuckets < r->lim.max_datagrams && r->nbuckets < 65536)
		r->nbuckets *= 2;
	r->hash = calloc(r->nbuckets, sizeof(*r->hash));
	if (r->hash == NULL) {
		free(r);
		return NULL;
	}
	return r;
}

void
inetcsum_reasm_free(struct inetcsum_reasm *r)
{
	size_t i;

	if (r == NULL)
		return;
	while (r->oldest != NULL)
		drop(r, r->oldest);
	for (i = 0; i < r->qlen; i++)
		free(r->q[r->qhead + i].buf);
	free(r->q);
	free(r->handed);
	free(r->hash);
	free(r);
}
