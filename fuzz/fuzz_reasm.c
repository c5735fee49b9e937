/* SPDX-License-Identifier: MIT */
/*
 * fuzz/fuzz_reasm.c - the IP fragment reassembler (capture/reasm.c) over
 * fuzzer input.  Byte 0 picks the limits (bytes 2 KiB..2 MiB, 1..64
 * datagrams, 1..256 frames).  Then a sequence of operations, each an op
 * byte and its arguments:
 *   op & 7 == 0  a raw packet: a length byte, then that many bytes
 *   op & 7 == 1  an IPv4 fragment built here: id, offset (2 bytes, 8-byte
 *                units), length (2 bytes, at most 9000), MF = op bit 3,
 *                data from a pattern of the datagram offset
 *   op & 7 == 2  the same as an IPv6 fragment (op bit 4: a hop-by-hop
 *                header before the fragment header)
 *                for both, op bit 5: rejected (inetcsum_reasm_reject(),
 *                as for a bad IPv4 header checksum), its data garbled,
 *                so that a complete datagram holding them fails the
 *                pattern
 *   op & 7 == 3  evict the datagram whose first fragment has tag (byte)
 *   op & 7 == 4  advance the clock by (byte) seconds
 *   otherwise    a frame that is no fragment (expiry by frame count)
 * Every packet is copied flush against a PROT_NONE page first, so a read
 * past it faults.  What must hold: the bytes held never exceed the limit,
 * nor the datagrams theirs; every complete datagram has the lengths of an
 * unfragmented packet and, when it was made only of built fragments, the
 * pattern at every offset; the packet layer checks it without complaint
 * (inetcsum_ip_check, what "inetcsum check" runs on it); and after the
 * end nothing is held.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "inetcsum_packet.h"
#include "reasm.h"
#include "test_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct inetcsum_test_buf gbuf;

/* 'len' bytes of 'src' flush against the guard page. */
static uint8_t *
guarded(const uint8_t *src, size_t len)
{
	return inetcsum_test_buf_put(&gbuf, 1u << 17, src, len);
}

static uint8_t
pattern(uint32_t off)
{
	return (uint8_t)(off * 7 + (off >> 8));
}

static void
check_events(struct inetcsum_reasm *r, const struct inetcsum_reasm_limits *l,
	     int pure)
{
	struct inetcsum_reasm_event ev;
	struct inetcsum_reasm_stats st;

	inetcsum_reasm_stats(r, &st);
	if (st.bytes > l->max_bytes || st.datagrams > l->max_datagrams)
		abort();
	while (inetcsum_reasm_next(r, &ev)) {
		struct inetcsum_frame_result res;
		size_t i;

		if (ev.reason == NULL && ev.state != INETCSUM_REASM_COMPLETE)
			abort();
		if (ev.state != INETCSUM_REASM_COMPLETE)
			continue;
		if (ev.first_tag == 0 || ev.split > ev.len)
			abort();
		if (ev.v6) {
			if (ev.len < 40 || ev.len - 40 > 65535 ||
			    ((size_t)ev.pkt[4] << 8 | ev.pkt[5]) != ev.len - 40)
				abort();
		} else {
			if (ev.len < 20 || ev.len > 65535 ||
			    ((size_t)ev.pkt[2] << 8 | ev.pkt[3]) != ev.len ||
			    (ev.pkt[6] & 0x3f) != 0 || ev.pkt[7] != 0)
				abort();
		}
		if (pure) {
			/* Built fragments carry the pattern of their
			 * offset in the datagram, whatever their id. */
			for (i = ev.split; i < ev.len; i++)
				if (ev.pkt[i] != pattern((uint32_t)(i - ev.split)))
					abort();
		}
		(void)inetcsum_ip_check(guarded(ev.pkt, ev.len), ev.len, &res);
	}
}

/* An IPv4 or IPv6 fragment of the pattern; returns its length. */
static size_t
build(uint8_t *p, int v6, int hbh, uint8_t id, uint32_t off, uint32_t len,
      int mf)
{
	size_t h, i;

	memset(p, 0, 64);
	if (v6) {
		p[0] = 0x60;
		p[8] = 0x20;
		p[24] = 0x20;
		p[39] = id;
		h = 40;
		if (hbh) {
			p[6] = 0;
			p[40] = 44;
			p[42] = 1;
			p[43] = 4;
			h = 48;
		} else {
			p[6] = 44;
		}
		p[h] = 17;
		p[h + 2] = (uint8_t)((off * 8) >> 8);
		p[h + 3] = (uint8_t)((off * 8) & 0xf8) | (mf ? 1 : 0);
		p[h + 7] = id;
		h += 8;
		p[4] = (uint8_t)((h - 40 + len) >> 8);
		p[5] = (uint8_t)(h - 40 + len);
	} else {
		h = 20;
		p[0] = 0x45;
		p[2] = (uint8_t)((h + len) >> 8);
		p[3] = (uint8_t)(h + len);
		p[5] = id;
		p[6] = (uint8_t)((mf ? 0x20 : 0) | ((off >> 8) & 0x1f));
		p[7] = (uint8_t)off;
		p[8] = 64;
		p[9] = 17;
		p[12] = 10;
		p[16] = 10;
		p[19] = id;
	}
	for (i = 0; i < len; i++)
		p[h + i] = pattern((uint32_t)(off * 8 + i));
	return h + len;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t pkt[128 + 9000];
	struct inetcsum_reasm_limits lim;
	struct inetcsum_reasm *r;
	struct inetcsum_reasm_stats st;
	uint64_t tag = 0, ts = 1000000000ull;
	size_t pos = 1;
	int pure = 1;

	if (size < 1)
		return 0;
	lim.max_bytes = (size_t)2048 << (data[0] & 15);
	lim.max_datagrams = 1 + (size_t)((data[0] >> 4) * 4);
	lim.timeout_ns = 30ull * 1000000000u;
	lim.max_frames = 1 + (uint64_t)data[0] * 1;
	r = inetcsum_reasm_new(&lim);
	if (r == NULL)
		return 0;
	while (pos < size) {
		uint8_t op = data[pos++];
		size_t n;

		switch (op & 7) {
		case 0:
			if (pos >= size)
				break;
			n = data[pos++];
			if (n > size - pos)
				n = size - pos;
			pure = 0;
			(void)inetcsum_reasm_add(r, guarded(data + pos, n), n,
						 op >> 7, ts, ++tag);
			pos += n;
			break;
		case 1:
		case 2:
			if (size - pos < 5)
				goto out;
			{
				uint32_t off = ((uint32_t)data[pos + 1] << 8 |
						data[pos + 2]) & 0x1fff;
				uint32_t len = ((uint32_t)data[pos + 3] << 8 |
						data[pos + 4]) % 9001;

				n = build(pkt, (op & 7) == 2, (op >> 4) & 1,
					  data[pos], off, len, (op >> 3) & 1);
				pos += 5;
				if (op & 0x20) {
					size_t k;

					for (k = n - len; k < n; k++)
						pkt[k] ^= 0x5a;
					(void)inetcsum_reasm_reject(r,
						guarded(pkt, n), n, 0, ts,
						++tag, "rejected: fuzz");
				} else {
					(void)inetcsum_reasm_add(r,
						guarded(pkt, n), n, 0, ts,
						++tag);
				}
			}
			break;
		case 3:
			if (pos >= size)
				goto out;
			(void)inetcsum_reasm_evict_tag(r, data[pos++],
						       "evicted: fuzz");
			break;
		case 4:
			if (pos >= size)
				goto out;
			ts += (uint64_t)data[pos++] * 1000000000u;
			break;
		default:
			inetcsum_reasm_expire(r, ts, ++tag);
			break;
		}
		check_events(r, &lim, pure);
	}
out:
	inetcsum_reasm_finish(r);
	check_events(r, &lim, pure);
	inetcsum_reasm_stats(r, &st);
	if (st.bytes != 0 || st.datagrams != 0)
		abort();
	inetcsum_reasm_free(r);
	return 0;
}
