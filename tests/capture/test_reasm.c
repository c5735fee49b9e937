/* SPDX-License-Identifier: MIT */
/*
 * tests/capture/test_reasm.c - the fragment reassembler (capture/reasm.c)
 * against a naive reference.
 *
 * Random datagrams (IPv4 with and without options, IPv6 with and without a
 * hop-by-hop header) are cut at random multiples of 8, shuffled,
 * interleaved with other datagrams, and mutated: fragments dropped,
 * duplicated, overlapped at random offsets, given odd lengths, past the
 * 65535-byte limit, or rejected (inetcsum_reasm_reject(), as for a bad
 * IPv4 header checksum: one of the datagram's own fragments, or a copy
 * with other bytes that must neither overlap nor be used).  The reference decides each datagram's fate with a
 * byte map built from scratch, one byte per datagram byte, in the order
 * the fragments arrive (the policy of reasm.c: any overlap, a second
 * offset-0 fragment, a non-last fragment whose length is not a multiple of
 * 8, last fragments that disagree, data past the last one's end or over
 * 65535 bytes make it inconsistent; a rejected fragment adds nothing, and
 * a datagram it left incomplete gives its reason).  The reassembler must
 * end each
 * datagram exactly once, in the same state, with the same reason, and a
 * complete one with exactly the original datagram.  Then, under tight
 * limits (bytes, datagrams, frames), it must never hold more than its
 * byte limit, still end each datagram exactly once, and never hand out a
 * datagram the reference does not find complete, or one with wrong bytes.
 * Every fragment sits in a buffer of its exact size, so ASan catches a
 * read past it.
 *
 * INETCSUM_TEST_SEED=N replays a run; INETCSUM_TEST_QUICK=1 runs fewer.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reasm.h"

#define MAXD	8		/* datagrams in flight per round */
#define MAXF	64		/* fragments per datagram, mutations included */

static uint64_t rng_state;
static unsigned long failures, checks;

static uint32_t
rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

static uint32_t
below(uint32_t n)
{
	return n ? rnd() % n : 0;
}

#define CHECK(cond, ...)						\
	do {								\
		checks++;						\
		if (!(cond)) {						\
			failures++;					\
			if (failures <= 25) {				\
				printf("FAIL %s:%d: ", __FILE__, __LINE__);\
				printf(__VA_ARGS__);			\
				printf("\n");				\
			}						\
		}							\
	} while (0)

struct frag {
	uint32_t off, len;
	int mf;
	uint8_t *pkt;		/* exact size */
	size_t pktlen;
	int dg;
	uint64_t tag;
	int rejected;		/* handed to inetcsum_reasm_reject() */
};

struct dgram {
	int v6;
	uint32_t id;
	uint8_t hdr[64];	/* the header of every fragment (no frag bits) */
	size_t hdrlen, nh_pos;
	uint8_t proto;
	uint8_t *data;		/* the datagram's data, 'len' bytes (+ room) */
	uint32_t len;
	/* reference state */
	uint8_t *cov;		/* byte map, 65536 + 8 bytes */
	int dead, done, have_last, first_seen;
	int rejected;		/* a fragment was rejected while pending */
	uint32_t end, maxcov;
	const char *reason;
	uint64_t first_tag;
	/* what the reassembler said */
	int events;
	enum inetcsum_reasm_state got;
	const char *got_reason;
};

static void
put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* A random datagram: header and data. */
static struct {
	uint8_t data[65536 + 64], cov[65536 + 64];
} bufs[MAXD];

static void
make_dgram(struct dgram *d, int v6, uint32_t id, size_t slot)
{
	size_t i;
	uint32_t len;

	memset(d, 0, sizeof(*d));
	d->v6 = v6;
	d->id = id;
	d->proto = (uint8_t)(below(3) == 0 ? 6 : 17);
	switch (below(8)) {
	case 0:
		len = 0;
		break;
	case 1:
		len = 60000 + below(5600);	/* near 65535 */
		break;
	default:
		len = below(4000);
	}
	if (v6) {
		d->hdr[0] = 0x60;
		for (i = 8; i < 40; i++)
			d->hdr[i] = (uint8_t)rnd();
		d->hdr[7] = 64;
		d->hdrlen = 40;
		d->nh_pos = 6;
		if (below(2)) {
			/* hop-by-hop: next header, length 0, PadN of 4 */
			d->hdr[6] = 0;
			d->hdr[40] = 44;
			d->hdr[41] = 0;
			d->hdr[42] = 1;
			d->hdr[43] = 4;
			d->nh_pos = 40;
			d->hdrlen = 48;
		} else {
			d->hdr[6] = 44;
		}
	} else {
		size_t opt = below(4) * 4;

		d->hdrlen = 20 + opt;
		d->hdr[0] = (uint8_t)(0x40 | d->hdrlen / 4);
		d->hdr[1] = (uint8_t)rnd();
		put16(d->hdr + 4, id & 0xffff);
		d->hdr[6] = below(2) ? 0x40 : 0;	/* DF */
		d->hdr[8] = 64;
		d->hdr[9] = d->proto;
		for (i = 12; i < 20; i++)
			d->hdr[i] = (uint8_t)rnd();
		for (i = 20; i < d->hdrlen; i++)
			d->hdr[i] = 1;	/* NOP options */
	}
	d->len = len;
	/* Buffers are reused: allocating 128 KiB per datagram is what
	 * costs most under ASan. */
	d->data = bufs[slot].data;
	d->cov = bufs[slot].cov;
	memset(d->cov, 0, len + 64 < 65536 + 64 ? len + 64 : 65536 + 64);
	memset(d->cov + 65520, 0, 64 + 16);
	/* Random bytes where fragments can take them from: the datagram,
	 * a little past it (odd fragments), and the end (past 65535). */
	for (i = 0; i < len + 64 && i < 65536 + 64; i++)
		d->data[i] = (uint8_t)rnd();
	for (i = 65520; i < 65536 + 64; i++)
		d->data[i] = (uint8_t)rnd();
}

/* One fragment of 'd': data [off, off + len) with MF 'mf'. */
static void
make_frag(struct frag *f, const struct dgram *d, int dg, uint32_t off,
	  uint32_t len, int mf)
{
	size_t h = d->hdrlen + (d->v6 ? 8 : 0);
	uint8_t *p;

	f->off = off;
	f->len = len;
	f->mf = mf;
	f->dg = dg;
	f->rejected = 0;
	f->pktlen = h + len;
	p = f->pkt = malloc(f->pktlen);
	if (p == NULL)
		abort();
	memcpy(p, d->hdr, d->hdrlen);
	if (len)
		memcpy(p + h, d->data + off, len);
	if (d->v6) {
		uint8_t *fh = p + d->hdrlen;

		put16(p + 4, (unsigned)(f->pktlen - 40));
		fh[0] = d->proto;
		fh[1] = 0;
		put16(fh + 2, (off & 0xfff8) | (mf ? 1 : 0));
		fh[4] = (uint8_t)(d->id >> 24);
		fh[5] = (uint8_t)(d->id >> 16);
		fh[6] = (uint8_t)(d->id >> 8);
		fh[7] = (uint8_t)d->id;
	} else {
		put16(p + 2, (unsigned)f->pktlen);
		put16(p + 6, (unsigned)((d->hdr[6] & 0x40) << 8 |
					(mf ? 0x2000 : 0) | (off / 8)));
	}
}

/* The reference: the datagram's fate after fragment 'f'. */
static void
ref_add(struct dgram *d, const struct frag *f)
{
	uint32_t end = f->off + f->len, i;
	int first = f->off == 0;

	if (d->dead || d->done)
		return;
	if (first && d->first_seen) {
		d->dead = 1;
		d->reason = "fragment: duplicate first fragment";
		return;
	}
	if (first)
		d->first_tag = f->tag;
	d->reason = NULL;
	if (f->mf && f->len % 8 != 0)
		d->reason = "fragment: length not a multiple of 8";
	else if (end > 65535)
		d->reason = "fragment: datagram over 65535 bytes";
	else if (!f->mf && d->have_last && end != d->end)
		d->reason = "fragment: last fragments disagree";
	else if (d->have_last && end > d->end)
		d->reason = "fragment: data past the last fragment";
	else if (!f->mf && d->maxcov > end)
		d->reason = "fragment: data past the last fragment";
	for (i = f->off; d->reason == NULL && i < end; i++)
		if (d->cov[i])
			d->reason = "fragment: overlap";
	if (d->reason != NULL) {
		d->dead = 1;
		return;
	}
	for (i = f->off; i < end; i++)
		d->cov[i] = 1;
	if (end > d->maxcov && f->len > 0)
		d->maxcov = end;
	d->first_seen |= first;
	if (!f->mf) {
		d->have_last = 1;
		d->end = end;
	}
	if (!d->have_last || !d->first_seen)
		return;
	for (i = 0; i < d->end; i++)
		if (!d->cov[i])
			return;
	if ((d->v6 ? d->hdrlen - 40 : d->hdrlen) + d->end > 65535) {
		d->dead = 1;
		d->reason = "fragment: datagram over 65535 bytes";
		return;
	}
	d->done = 1;
}

/*
 * The reference for a rejected fragment (a bad IPv4 header checksum, as
 * Linux drops it before reassembly): it adds nothing, and the datagram, if
 * it is still pending, will say why it stayed incomplete.  One that is
 * inconsistent or complete already is not touched (after completion the
 * reassembler starts a new datagram, which these checks do not follow).
 */
static void
ref_reject(struct dgram *d)
{
	if (!d->dead && !d->done)
		d->rejected = 1;
}

#define REJECT_REASON	"rejected: test"

/* The packet a complete datagram must come out as. */
static int
same_packet(const struct dgram *d, const struct inetcsum_reasm_event *ev,
	    uint32_t end)
{
	size_t len = d->hdrlen + end;
	static uint8_t want[65536 + 64];

	if (end > 65536 || ev->len != len || ev->split != d->hdrlen ||
	    ev->shift != (d->v6 ? 8u : 0u))
		return 0;
	memcpy(want, d->hdr, d->hdrlen);
	memcpy(want + d->hdrlen, d->data, end);
	if (d->v6) {
		put16(want + 4, (unsigned)(len - 40));
		want[d->nh_pos] = d->proto;
	} else {
		put16(want + 2, (unsigned)len);
		want[6] &= 0x40;
		want[7] = 0;
	}
	return memcmp(want, ev->pkt, len) == 0;
}

/*
 * The fragments of 'd': cut at random multiples of 8, then mutated.
 * Returns how many were written to 'f'.
 */
/*
 * The largest fragment offset either header can say: 8191 units of 8
 * bytes.  A datagram "near 65535" may be longer than that offset plus a
 * fragment (the over-limit case), but no fragment may start past it: its
 * header could not say where (the offset would wrap, and IPv6 at 65536
 * would read as an atomic fragment, a whole packet; seed
 * 4767865981865795082 once made it).
 */
#define FRAG_OFF_MAX 65528u

static uint32_t
off_below(uint32_t len)
{
	uint32_t lim = len < FRAG_OFF_MAX ? len : FRAG_OFF_MAX;

	return 8 * below(lim / 8 + 1);
}

static size_t
fragments(struct dgram *d, int dg, struct frag *f)
{
	uint32_t cuts[MAXF], ncuts = 0, off = 0, step, i;
	size_t n = 0;

	step = 8 * (1 + below(d->len > 8000 ? 1200 : 200));
	while (off + step < d->len && off + step <= FRAG_OFF_MAX &&
	       ncuts < MAXF / 2 - 1) {
		off += step;
		cuts[ncuts++] = off;
		step = 8 * (1 + below(d->len > 8000 ? 1200 : 200));
	}
	for (i = 0, off = 0; i <= ncuts; i++) {
		uint32_t e = i < ncuts ? cuts[i] : d->len;

		make_frag(&f[n++], d, dg, off, e - off, i < ncuts);
		off = e;
	}
	/* Mutations, each with probability 1/8. */
	if (n > 1 && below(8) == 0) {		/* a fragment missing */
		i = below((uint32_t)n);
		free(f[i].pkt);
		f[i] = f[--n];
	}
	if (below(8) == 0 && n < MAXF) {	/* an exact duplicate */
		i = below((uint32_t)n);
		make_frag(&f[n++], d, dg, f[i].off, f[i].len, f[i].mf);
	}
	if (below(8) == 0 && n < MAXF && d->len > 16) {	/* an overlap */
		uint32_t o = off_below(d->len - 1), l = 1 + below(600);

		if (o + l > d->len)
			l = d->len - o;
		make_frag(&f[n++], d, dg, o, l, o + l < d->len || below(2));
	}
	if (below(16) == 0 && n < MAXF) {	/* an odd non-last fragment */
		uint32_t o = off_below(d->len);

		make_frag(&f[n++], d, dg, o, 1 + 2 * below(4), 1);
	}
	if (below(32) == 0 && n < MAXF)		/* data past 65535 */
		make_frag(&f[n++], d, dg, 65528, 16, 0);
	if (below(8) == 0 && n > 0) {
		/* A rejected fragment: one of the datagram's own (so it
		 * stays incomplete), or an extra copy with other bytes,
		 * which must not count as an overlap nor give its bytes. */
		i = below((uint32_t)n);
		if (below(2) && n < MAXF && f[i].len > 0) {
			size_t h = d->hdrlen + (d->v6 ? 8 : 0), k;

			make_frag(&f[n], d, dg, f[i].off, f[i].len, f[i].mf);
			for (k = h; k < f[n].pktlen; k++)
				f[n].pkt[k] ^= 0xa5;
			i = n++;
		}
		f[i].rejected = 1;
	}
	return n;
}

/* One round: up to MAXD datagrams, their fragments interleaved. */
static void
round_trip(const struct inetcsum_reasm_limits *lim, int tight,
	   uint64_t *tag)
{
	static struct frag all[MAXD * MAXF];
	struct dgram d[MAXD];
	struct inetcsum_reasm *r = inetcsum_reasm_new(lim);
	struct inetcsum_reasm_event ev;
	struct inetcsum_reasm_stats st;
	size_t nd = 1 + below(MAXD), n = 0, i, j;
	uint32_t base_id = rnd();

	if (r == NULL)
		abort();
	for (i = 0; i < nd; i++) {
		/* Same id for an IPv4 and an IPv6 datagram now and then: the
		 * version is part of the key. */
		make_dgram(&d[i], (int)below(2), base_id + (uint32_t)(i / 2),
			   i);
		if (i % 2 == 1 && d[i].v6 == d[i - 1].v6)
			d[i].id += 1000;
		n += fragments(&d[i], (int)i, all + n);
	}
	/* Shuffle, or keep each datagram in order (but interleaved). */
	if (below(4) != 0) {
		for (i = n; i > 1; i--) {
			struct frag t;

			j = below((uint32_t)i);
			t = all[i - 1];
			all[i - 1] = all[j];
			all[j] = t;
		}
	}
	for (i = 0; i < n; i++) {
		struct frag *f = &all[i];
		int k;

		f->tag = ++*tag;
		if (f->rejected)
			k = inetcsum_reasm_reject(r, f->pkt, f->pktlen, 0,
						  INETCSUM_REASM_NO_TIME,
						  f->tag, REJECT_REASON);
		else
			k = inetcsum_reasm_add(r, f->pkt, f->pktlen, 0,
					       INETCSUM_REASM_NO_TIME, f->tag);
		if (f->off == 0 && !f->mf) {
			/* A whole packet (IPv6: an atomic fragment). */
			CHECK(k == INETCSUM_REASM_NOT_FRAGMENT,
			      "whole packet: add returned %d", k);
		} else if (f->rejected) {
			ref_reject(&d[f->dg]);
			CHECK(k == INETCSUM_REASM_DROPPED,
			      "reject returned %d", k);
		} else {
			ref_add(&d[f->dg], f);
			CHECK(k == INETCSUM_REASM_TAKEN ||
			      k == INETCSUM_REASM_HELD, "add returned %d", k);
		}
		inetcsum_reasm_stats(r, &st);
		CHECK(st.bytes <= lim->max_bytes, "%zu bytes held, limit %zu",
		      st.bytes, lim->max_bytes);
		CHECK(st.datagrams <= lim->max_datagrams, "%zu datagrams",
		      st.datagrams);
		while (inetcsum_reasm_next(r, &ev)) {
			struct dgram *g = NULL;

			for (j = 0; j < nd && g == NULL; j++) {
				/* Find the datagram by its fragment tags. */
				size_t m;

				for (m = 0; m <= i; m++)
					if ((int)j == all[m].dg &&
					    all[m].off == 0 &&
					    all[m].tag == ev.first_tag)
						g = &d[j];
			}
			if (ev.again)
				continue;
			if (ev.first_tag == 0) {
				/* Ended before its first fragment came:
				 * only the tight limits or an
				 * inconsistency do that. */
				CHECK(ev.state != INETCSUM_REASM_COMPLETE,
				      "complete without a first fragment");
				continue;
			}
			CHECK(g != NULL, "event for unknown tag %" PRIu64,
			      ev.first_tag);
			if (g == NULL)
				continue;
			/* Fragments that come after a datagram completed
			 * start a new one (as in Linux): only the first
			 * event is the datagram's fate. */
			if (g->events++ > 0)
				continue;
			g->got = ev.state;
			g->got_reason = ev.reason;
			if (ev.state == INETCSUM_REASM_COMPLETE && !tight) {
				CHECK(g->done, "complete, reference says %s",
				      g->reason ? g->reason : "pending");
				CHECK(same_packet(g, &ev, g->end),
				      "complete datagram (v6 %d, %u bytes) "
				      "differs", g->v6, g->end);
			} else if (ev.state == INETCSUM_REASM_COMPLETE) {
				/* After an eviction the reassembler forgets
				 * what it saw, so it may complete what the
				 * reference found inconsistent; the bytes
				 * must still be the datagram's own. */
				CHECK(ev.len >= g->hdrlen &&
				      same_packet(g, &ev, (uint32_t)(ev.len -
							  g->hdrlen)),
				      "complete datagram (v6 %d, %zu bytes) "
				      "differs, tight", g->v6, ev.len);
			}
		}
	}
	inetcsum_reasm_finish(r);
	while (inetcsum_reasm_next(r, &ev)) {
		for (j = 0; j < nd; j++)
			if (d[j].first_tag == ev.first_tag && !ev.again &&
			    ev.first_tag != 0 && d[j].events++ == 0) {
				d[j].got = ev.state;
				d[j].got_reason = ev.reason;
			}
	}
	inetcsum_reasm_stats(r, &st);
	CHECK(st.bytes == 0 && st.datagrams == 0,
	      "after finish: %zu bytes, %zu datagrams", st.bytes,
	      st.datagrams);
	for (i = 0; i < nd; i++) {
		struct dgram *g = &d[i];

		if (g->first_tag != 0 && !tight) {
			/* Untight: exactly the reference's fate. */
			CHECK(g->events == 1 || (g->done && g->events > 1),
			      "datagram %zu: %d events", i, g->events);
			if (g->done)
				CHECK(g->got == INETCSUM_REASM_COMPLETE,
				      "datagram %zu: state %d, want complete",
				      i, (int)g->got);
			else if (g->dead)
				CHECK(g->got == INETCSUM_REASM_INCONSISTENT &&
				      g->got_reason != NULL &&
				      strcmp(g->got_reason, g->reason) == 0,
				      "datagram %zu: state %d (%s), want "
				      "inconsistent (%s)", i, (int)g->got,
				      g->got_reason ? g->got_reason : "-",
				      g->reason);
			else
				CHECK(g->got == INETCSUM_REASM_UNFINISHED &&
				      g->got_reason != NULL &&
				      strcmp(g->got_reason, g->rejected ?
					     REJECT_REASON : "incomplete at "
					     "the end of the capture") == 0,
				      "datagram %zu: state %d (%s), want "
				      "unfinished (%s)", i, (int)g->got,
				      g->got_reason ? g->got_reason : "-",
				      g->rejected ? "rejected" : "incomplete");
		} else if (g->first_tag != 0) {
			CHECK(g->events >= 1, "datagram %zu: no event", i);
		}
	}
	inetcsum_reasm_free(r);
	for (i = 0; i < n; i++)
		free(all[i].pkt);
}

/* Not fragments: whole packets and garbage are refused without a read
 * past their end. */
static void
not_fragments(void)
{
	struct inetcsum_reasm *r = inetcsum_reasm_new(NULL);
	uint8_t *p;
	size_t len, i;

	for (len = 0; len < 200; len++) {
		for (i = 0; i < 50; i++) {
			size_t k;

			p = malloc(len ? len : 1);
			for (k = 0; k < len; k++)
				p[k] = (uint8_t)rnd();
			if (len > 0)
				p[0] = (uint8_t)((i % 2 ? 0x60 : 0x45) |
						 (p[0] & (i % 2 ? 0 : 0x0f)));
			(void)inetcsum_reasm_add(r, p, len, 0,
						 INETCSUM_REASM_NO_TIME,
						 len * 50 + i + 1);
			free(p);
		}
	}
	inetcsum_reasm_free(r);
	checks++;
}

int
main(void)
{
	const char *seed = getenv("INETCSUM_TEST_SEED");
	int quick = getenv("INETCSUM_TEST_QUICK") != NULL;
	struct inetcsum_reasm_limits wide = { 1u << 30, 1u << 20, 1, 1u << 30 };
	struct inetcsum_reasm_limits tight;
	uint64_t tag = 0;
	int i, rounds = quick ? 300 : 1000;

	rng_state = seed ? strtoull(seed, NULL, 0) :
		    (uint64_t)time(NULL) * 2654435761u + 1;
	if (rng_state == 0)
		rng_state = 1;
	printf("test_reasm: seed %" PRIu64 "\n", rng_state);
	for (i = 0; i < rounds; i++)
		round_trip(&wide, 0, &tag);
	for (i = 0; i < rounds / 2; i++) {
		tight.max_bytes = 2000 + below(40000);
		tight.max_datagrams = 1 + below(4);
		tight.timeout_ns = 1;
		tight.max_frames = 1 + below(20);
		round_trip(&tight, 1, &tag);
	}
	not_fragments();
	printf("test_reasm: %lu checks, %lu failures\n", checks, failures);
	return failures ? 1 : 0;
}
