/* SPDX-License-Identifier: MIT */
/*
 * capture/reasm_driver.c - the reassembly step of "check" and "fix"
 * (see reasm_driver.h).
 *
 * Only the outermost IP packet of a frame is reassembled, where the packet
 * layer's link-layer walk found it (the verdicts' 'l3': Ethernet, Linux
 * SLL and SLL2, each with any 802.1Q/802.1ad/0x9100 tags, raw IP and the
 * BSD/OpenBSD loopbacks); IP fragments inside tunnels or behind other
 * link layers keep their "fragment" verdicts.  The rebuilt datagram goes
 * through inetcsum_ip_check() (the packet layer, so every rule of an
 * unfragmented packet applies: pseudo-headers of the final destination,
 * UDP zero, UDP-Lite coverage, ...); its upper-layer verdict replaces the
 * first fragment's "fragment" layer when protocol and field offset match,
 * so a mismatch can never move a verdict to the wrong bytes.  An IPv4
 * fragment whose own header checksum is bad is not reassembled
 * (rejected()): Linux drops it before reassembly.  "fix", which repairs
 * that checksum, reassembles it (admit_bad_headers).
 *
 * Time: the reader decodes each record's timestamp ('ts': pcap in
 * microseconds or nanoseconds, pcapng in its interface's if_tsresol);
 * a Simple Packet Block has none and expires by frame count only.
 *
 * Holding back: while a first fragment waits, it and every frame after it
 * wait in a ring, so that frames leave in capture order.  The ring is
 * bounded by the frame limit of the reassembler (a datagram expires
 * max_frames frames after its first fragment) plus a margin; should it
 * fill anyway, the oldest pending datagram is evicted.
 */
#include <stdlib.h>
#include <string.h>

#include "reasm_driver.h"

/* Why a datagram with a rejected fragment (rejected()) stays unverified. */
static const char BAD_HEADER[] =
	"fragment: a fragment's IPv4 header checksum is bad";

static unsigned
be16(const uint8_t *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

/* A reason into the tally's list of datagrams not reassembled. */
static void
count_failed(struct inetcsum_reasm_tally *t, const char *reason)
{
	size_t i;

	for (i = 0; i < t->nfailed; i++) {
		if (strcmp(t->failed[i].note, reason) == 0) {
			t->failed[i].n++;
			return;
		}
	}
	if (t->nfailed < INETCSUM_REASM_MAX_REASONS) {
		t->failed[t->nfailed].note = reason;
		t->failed[t->nfailed++].n = 1;
	} else {
		t->other_failed++;
	}
}

/* The held frame (or the current one) with this number, or NULL. */
static struct inetcsum_reasm_frame *
find_frame(struct inetcsum_reasm_driver *d, uint64_t number)
{
	size_t i;

	if (d->cur != NULL && d->cur->number == number)
		return d->cur;
	for (i = 0; i < d->n; i++) {
		struct inetcsum_reasm_frame *f = &d->q[(d->head + i) % d->cap];

		if (f->number == number)
			return f;
	}
	return NULL;
}

/* The layer of 'f' that stands for the datagram's upper layer. */
static int
fragment_layer(const struct inetcsum_reasm_frame *f, enum inetcsum_proto proto,
	       size_t field_offset)
{
	size_t i;

	for (i = 0; i < f->res.nlayers && i < INETCSUM_MAX_LAYERS; i++)
		if (f->res.layers[i].proto == proto &&
		    f->res.layers[i].field_offset == field_offset)
			return (int)i;
	return -1;
}

/* A complete datagram: its verdict into the first fragment 'f'. */
static void
verify(struct inetcsum_reasm_driver *d, const struct inetcsum_reasm_event *ev,
       struct inetcsum_reasm_frame *f, size_t ipoff)
{
	struct inetcsum_frame_result res;
	const struct inetcsum_layer *l;
	size_t idx = ev->v6 ? 0 : 1, fo;
	int i;

	res.nlayers = 0;
	res.note = NULL;
	if (inetcsum_ip_check(ev->pkt, ev->len, &res) < 0 ||
	    res.nlayers <= idx) {
		/* No checksum to verify (a protocol without one). */
		d->t->datagrams++;
		d->t->nonfirst += ev->nfrags - 1;
		return;
	}
	l = &res.layers[idx];
	fo = l->field_offset < ev->split ? l->field_offset :
	     l->field_offset + ev->shift;
	i = fragment_layer(f, l->proto, ipoff + fo);
	if (i < 0) {
		count_failed(d->t, "upper layer not found in the "
			     "first fragment");
		return;
	}
	/* The packet layer names the field's offset even past the
	 * fragment's end; fix must only ever write inside the fragment. */
	if (fo + 2 > f->iplen) {
		count_failed(d->t, "checksum field not in the first "
			     "fragment");
		return;
	}
	f->res.layers[i].status = l->status;
	f->res.layers[i].stored = l->stored;
	f->res.layers[i].expected = l->expected;
	f->res.layers[i].reason = l->reason;
	f->rlayer = i;
	d->t->datagrams++;
	d->t->nonfirst += ev->nfrags - 1;
}

/* The layer that says "fragment" in 'f' gets 'reason' instead. */
static void
mark(struct inetcsum_reasm_frame *f, const char *reason)
{
	size_t i;

	for (i = 0; i < f->res.nlayers && i < INETCSUM_MAX_LAYERS; i++)
		if (f->res.layers[i].reason != NULL &&
		    strcmp(f->res.layers[i].reason, "fragment") == 0)
			f->res.layers[i].reason = reason;
}

/* Hands the events out: verdicts into their first fragments. */
static void
events(struct inetcsum_reasm_driver *d)
{
	struct inetcsum_reasm_event ev;

	while (inetcsum_reasm_next(d->r, &ev)) {
		struct inetcsum_reasm_frame *f = ev.first_tag ?
					find_frame(d, ev.first_tag) : NULL;

		if (ev.state != INETCSUM_REASM_COMPLETE && !ev.again)
			count_failed(d->t, ev.reason);
		if (f == NULL) {
			/* Its first fragment has gone already (released
			 * after an allocation failure): count only. */
			if (ev.state == INETCSUM_REASM_COMPLETE) {
				d->t->datagrams++;
				d->t->nonfirst += ev.nfrags - 1;
			}
			continue;
		}
		f->pending = 0;
		if (ev.state == INETCSUM_REASM_COMPLETE)
			verify(d, &ev, f, f->ipoff);
		else if (ev.state == INETCSUM_REASM_INCONSISTENT ||
			 ev.reason == BAD_HEADER)
			/* The reason the reassembler hands back is the
			 * pointer given to inetcsum_reasm_reject(). */
			mark(f, ev.reason);
	}
}

/* Releases held frames from the oldest up to the first pending one. */
static void
drain(struct inetcsum_reasm_driver *d)
{
	while (d->n > 0 && !d->q[d->head].pending) {
		/* The ring may have moved since it was copied in. */
		d->q[d->head].r = &d->q[d->head].res;
		d->release(d->arg, &d->q[d->head]);
		d->head = (d->head + 1) % d->cap;
		d->n--;
	}
	if (d->n == 0)
		d->head = 0;
}

void
inetcsum_reasm_driver_evict_head(struct inetcsum_reasm_driver *d,
				 const char *reason)
{
	if (d->r == NULL || d->n == 0)
		return;
	if (!inetcsum_reasm_evict_tag(d->r, d->q[d->head].number, reason))
		d->q[d->head].pending = 0;
	events(d);
	d->q[d->head].pending = 0;
	drain(d);
}

/* Appends 'f' to the ring (growing it up to max_held); 0 or -1. */
static int
push(struct inetcsum_reasm_driver *d, const struct inetcsum_reasm_frame *f)
{
	if (d->n == d->cap) {
		size_t ncap = d->cap ? 2 * d->cap : 64, i;
		struct inetcsum_reasm_frame *q;

		if (ncap > d->max_held)
			ncap = d->max_held;
		if (ncap <= d->cap)
			return -1;
		q = malloc(ncap * sizeof(*q));
		if (q == NULL)
			return -1;
		for (i = 0; i < d->n; i++)
			q[i] = d->q[(d->head + i) % d->cap];
		free(d->q);
		d->q = q;
		d->cap = ncap;
		d->head = 0;
	}
	d->q[(d->head + d->n) % d->cap] = *f;
	d->n++;
	return 0;
}

/*
 * Whether the IP packet at 'off' could be a fragment: IPv4 with MF or an
 * offset, IPv6 whose first next header is a fragment header or one that
 * may come before it (the reassembler decides).
 */
static int
maybe_fragment(const uint8_t *f, size_t len, long off)
{
	const uint8_t *ip;
	size_t have;

	if (off < 0)
		return 0;
	ip = f + off;
	have = len - (size_t)off;
	if (ip[0] >> 4 == 4)
		return have < 8 || (be16(ip + 6) & 0x3fff) != 0;
	return have < 7 || ip[6] == 0 || ip[6] == 43 || ip[6] == 44 ||
	       ip[6] == 60;
}

/*
 * Why the reassembly must not take the IPv4 fragment whose header is at
 * 'ipoff' in a frame with verdicts 'res', or NULL: its header checksum is
 * bad.  Linux drops such a packet in ip_rcv_core(), before ip_defrag(),
 * and tshark does not reassemble it either; its bytes may be anyone's.
 */
static const char *
rejected(const struct inetcsum_frame_result *res, size_t ipoff)
{
	size_t i;

	for (i = 0; i < res->nlayers && i < INETCSUM_MAX_LAYERS; i++)
		if (res->layers[i].proto == INETCSUM_PROTO_IPV4 &&
		    res->layers[i].field_offset == ipoff + 10)
			return res->layers[i].status == INETCSUM_BAD ?
			       BAD_HEADER : NULL;
	return NULL;
}

/* Gives 'f' its own copy of the verdicts (only the layers in use). */
static void
own_result(struct inetcsum_reasm_frame *f,
	   const struct inetcsum_frame_result *res)
{
	if (f->r == &f->res)
		return;
	f->res.nlayers = res->nlayers;
	f->res.note = res->note;
	memcpy(f->res.layers, res->layers,
	       (res->nlayers < INETCSUM_MAX_LAYERS ? res->nlayers :
		INETCSUM_MAX_LAYERS) * sizeof(res->layers[0]));
	f->r = &f->res;
}

void
inetcsum_reasm_driver_frame(struct inetcsum_reasm_driver *d,
			    const struct inetcsum_cap *cap,
			    const struct inetcsum_cap_frame *fr)
{
	struct inetcsum_frame_result verdicts;
	const struct inetcsum_frame_result *res = &verdicts;
	struct inetcsum_reasm_frame cur;
	struct inetcsum_reasm_stats st;
	const char *why = NULL;
	uint64_t ts;
	long off;
	int k;

	/* The frame's own verdicts; the pcapng "checksum not ready" flag
	 * makes a wrong TCP or UDP field partial.  An unknown link type
	 * leaves them empty, with a note that says so. */
	(void)inetcsum_frame_check_flags(fr->linktype, fr->data, fr->caplen,
		fr->origlen, (fr->epb_flags & INETCSUM_CAP_NOT_READY) ?
		INETCSUM_FRAME_NOT_READY : 0, &verdicts);
	cur.number = fr->number;
	cur.offset = cap->base + fr->offset;
	cur.caplen = fr->caplen;
	cur.origlen = fr->origlen;
	cur.linktype = fr->linktype;
	cur.pending = 0;
	cur.rlayer = -1;
	cur.ipoff = 0;
	cur.iplen = 0;
	cur.r = res;	/* no copy unless it is a fragment or held */
	if (d->r == NULL) {
		d->release(d->arg, &cur);
		return;
	}
	/* The outer IP packet, if the link-layer walk found one with at
	 * least its first byte captured. */
	off = (res->l3 == INETCSUM_L3_IPV4 || res->l3 == INETCSUM_L3_IPV6) &&
	      res->l3_offset < fr->caplen ? (long)res->l3_offset : -1;
	/* The common case, cheaply: not a fragment, nothing pending. */
	if (d->n == 0 && !maybe_fragment(fr->data, fr->caplen, off)) {
		inetcsum_reasm_stats(d->r, &st);
		if (st.datagrams == 0) {
			d->release(d->arg, &cur);
			return;
		}
	}
	ts = fr->ts != INETCSUM_CAP_NO_TIME ? fr->ts : INETCSUM_REASM_NO_TIME;
	k = INETCSUM_REASM_NOT_FRAGMENT;
	if (off >= 0) {
		const uint8_t *ip = fr->data + off;
		size_t have = fr->caplen - (size_t)off, len = have;

		/* The IP packet's own length, within what was captured. */
		if (ip[0] >> 4 == 4 && have >= 4)
			len = be16(ip + 2);
		else if (ip[0] >> 4 == 6 && have >= 6)
			len = 40 + (size_t)be16(ip + 4);
		cur.iplen = len < have ? len : have;
		cur.ipoff = (size_t)off;
		why = ip[0] >> 4 == 4 && !d->admit_bad_headers ?
		      rejected(res, (size_t)off) : NULL;
		if (why != NULL)
			k = inetcsum_reasm_reject(d->r, ip, have,
						  fr->interface, ts,
						  fr->number, why);
		else
			k = inetcsum_reasm_add(d->r, ip, have, fr->interface,
					       ts, fr->number);
	}
	if (k == INETCSUM_REASM_NOT_FRAGMENT) {
		inetcsum_reasm_expire(d->r, ts, fr->number);
	} else {
		d->t->fragments++;
		own_result(&cur, res);	/* its verdicts may change */
	}
	if (k == INETCSUM_REASM_HELD)
		cur.pending = 1;
	/* A dropped first fragment: its upper layer is never verified, and
	 * says why (a later one has no "fragment" layer to mark). */
	if (k == INETCSUM_REASM_DROPPED)
		mark(&cur, why);
	d->cur = &cur;
	events(d);
	d->cur = NULL;
	if (d->n == 0 && !cur.pending) {
		d->release(d->arg, &cur);
		return;
	}
	/* A full ring: the oldest pending datagram gives way. */
	while (d->n > 0 && d->n >= d->max_held)
		inetcsum_reasm_driver_evict_head(d, "evicted: too many "
						 "frames held back");
	if (d->n == 0 && !cur.pending) {
		d->release(d->arg, &cur);
		return;
	}
	own_result(&cur, res);
	if (push(d, &cur) < 0) {
		/* No memory to hold it: give up on this datagram. */
		if (cur.pending &&
		    inetcsum_reasm_evict_tag(d->r, cur.number,
					     "evicted: out of memory")) {
			d->cur = &cur;
			events(d);
			d->cur = NULL;
		}
		while (d->n > 0)
			inetcsum_reasm_driver_evict_head(d, "evicted: out of "
							 "memory");
		cur.pending = 0;
		d->release(d->arg, &cur);
		return;
	}
	drain(d);
}

void
inetcsum_reasm_driver_end(struct inetcsum_reasm_driver *d)
{
	struct inetcsum_reasm_stats st;
	size_t i;

	if (d->r == NULL)
		return;
	inetcsum_reasm_finish(d->r);
	events(d);
	for (i = 0; i < d->n; i++)
		d->q[(d->head + i) % d->cap].pending = 0;
	drain(d);
	inetcsum_reasm_stats(d->r, &st);
	if (st.peak_bytes > d->t->peak_bytes)
		d->t->peak_bytes = st.peak_bytes;
	if (st.peak_datagrams > d->t->peak_datagrams)
		d->t->peak_datagrams = st.peak_datagrams;
}

int
inetcsum_reasm_driver_init(struct inetcsum_reasm_driver *d,
	const struct inetcsum_reasm_limits *lim, struct inetcsum_reasm_tally *t,
	inetcsum_reasm_release_fn *release, void *arg)
{
	memset(d, 0, sizeof(*d));
	d->release = release;
	d->arg = arg;
	d->t = t;
	if (lim == NULL)
		return 0;
	t->on = 1;
	d->r = inetcsum_reasm_new(lim);
	if (d->r == NULL)
		return -1;
	/* A pending datagram expires max_frames frames after its first
	 * fragment, so the ring never needs much more. */
	d->max_held = (lim->max_frames ? lim->max_frames :
		       INETCSUM_REASM_MAX_FRAMES) + 64;
	return 0;
}

void
inetcsum_reasm_driver_free(struct inetcsum_reasm_driver *d)
{
	inetcsum_reasm_free(d->r);
	free(d->q);
	memset(d, 0, sizeof(*d));
}
