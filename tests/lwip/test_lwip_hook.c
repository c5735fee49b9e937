/* SPDX-License-Identifier: MIT */
/*
 * tests/lwip/test_lwip_hook.c - include/inetcsum_lwip.h against lwIP's own
 * algorithm, Debian's liblwip.so (lwIP 2.1, LWIP_CHKSUM_ALGORITHM 2):
 *
 *  1. the hooks against lwip_standard_chksum() and lwip_chksum_copy(),
 *     bit for bit, for every length 0-2048 at every address alignment
 *     0-63 (odd ones are where lwIP swaps bytes), on random data, all
 *     zeros and all ones (the two ones' complement zeros), and on random
 *     lengths up to lwIP's u16_t limit;
 *  2. lwIP's own callers compiled in liblwip.so - inet_chksum(),
 *     inet_chksum_pbuf(), inet_chksum_pseudo(), ip6_chksum_pseudo(),
 *     their _partial forms and pbuf_fill_chksum() - run with the hooks
 *     (lwip_interpose.h) against the same calls run as Debian built them,
 *     on random pbuf chains whose buffers have odd lengths and odd
 *     addresses.
 *
 * INETCSUM_TEST_QUICK=1 tests alignments 0-7 only.  INETCSUM_TEST_SEED
 * fixes the random data (printed on failure).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lwip/opt.h>
#include <lwip/inet_chksum.h>
#include <lwip/ip_addr.h>
#include <lwip/pbuf.h>

#include "lwip_interpose.h"

static unsigned long failures;
static unsigned long long seed, seed0;

static unsigned long long
rnd(void)
{
	/* xorshift64*: reproducible from the printed seed. */
	seed ^= seed >> 12;
	seed ^= seed << 25;
	seed ^= seed >> 27;
	return seed * 2685821657736338717ull;
}

static void
fill_random(unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(rnd() >> 56);
}

#define EXPECT(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			if (failures++ < 20) {				\
				printf("FAIL: ");			\
				printf(__VA_ARGS__);			\
				printf("\n");				\
			}						\
		}							\
	} while (0)

/* 1. the hooks against lwIP's functions. */
static void
test_flat(unsigned char *buf, size_t max_align)
{
	static const int fills[] = { -1, 0x00, 0xff };
	unsigned char *dst_own = malloc(2048 + 128), *dst_hook =
		malloc(2048 + 128);
	size_t f, a, n, i;

	for (f = 0; f < sizeof(fills) / sizeof(fills[0]); f++) {
		if (fills[f] < 0)
			fill_random(buf, 2048 + 64);
		else
			memset(buf, fills[f], 2048 + 64);
		for (a = 0; a < max_align; a++) {
			for (n = 0; n <= 2048; n++) {
				uint16_t own = lwip_own_chksum(buf + a, (int)n);
				uint16_t hook = hook_chksum(buf + a, (int)n);

				EXPECT(own == hook, "LWIP_CHKSUM(len %zu, "
				       "align %zu, fill %d) = 0x%04x, lwIP "
				       "0x%04x", n, a, fills[f], hook, own);
			}
		}
		/* The copy hook, both pointers at several alignments. */
		for (a = 0; a < 16; a++) {
			size_t da = a & 3, sa = a >> 2;

			for (n = 0; n <= 2048; n++) {
				uint16_t own, hook;

				memset(dst_own, 0x5a, 2048 + 128);
				memset(dst_hook, 0x5a, 2048 + 128);
				own = lwip_own_chksum_copy(dst_own + da,
							   buf + sa,
							   (uint16_t)n);
				hook = hook_chksum_copy(dst_hook + da, buf + sa,
							(uint16_t)n);
				EXPECT(own == hook && memcmp(dst_own, dst_hook,
							     2048 + 128) == 0,
				       "LWIP_CHKSUM_COPY(len %zu, dst align "
				       "%zu, src align %zu, fill %d) = 0x%04x, "
				       "lwIP 0x%04x%s", n, da, sa, fills[f],
				       hook, own,
				       memcmp(dst_own, dst_hook, 2048 + 128) ?
				       ", and the copies differ" : "");
			}
		}
	}
	free(dst_own);
	free(dst_hook);
	/* Random lengths up to lwIP's limit (u16_t), random alignment. */
	{
		size_t big = 65535 + 64;
		unsigned char *b = malloc(big);

		fill_random(b, big);
		for (i = 0; i < 3000; i++) {
			size_t len = rnd() % 65536, off = rnd() % 64;
			uint16_t own = lwip_own_chksum(b + off, (int)len);
			uint16_t hook = hook_chksum(b + off, (int)len);

			EXPECT(own == hook, "LWIP_CHKSUM(len %zu, align %zu) "
			       "= 0x%04x, lwIP 0x%04x", len, off, hook, own);
		}
		free(b);
	}
}

/* A random chain of 1-8 pbufs over 'buf', lengths 0-300, any address. */
static size_t
make_chain(struct pbuf *p, unsigned char *buf, size_t bufsize)
{
	size_t n = 1 + rnd() % 8, i, tot = 0;

	memset(p, 0, 8 * sizeof(*p));
	for (i = 0; i < n; i++) {
		size_t len = rnd() % 301;

		p[i].payload = buf + rnd() % (bufsize - 301);
		p[i].len = (u16_t)len;
		p[i].next = i + 1 < n ? &p[i + 1] : NULL;
		tot += len;
	}
	for (i = n; i-- > 0;)
		p[i].tot_len = (u16_t)(p[i].len +
				       (i + 1 < n ? p[i + 1].tot_len : 0));
	return tot;
}

/* One call of lwIP's code per mode; records the pair. */
#define BOTH(name, expr, ctx_fmt, ...)					\
	do {								\
		uint16_t own_, hook_;					\
		hook_mode = 0;						\
		own_ = (expr);						\
		hook_mode = 1;						\
		hook_ = (expr);						\
		hook_mode = 0;						\
		EXPECT(own_ == hook_, "%s " ctx_fmt ": with the hooks "	\
		       "0x%04x, lwIP 0x%04x", name, __VA_ARGS__, hook_,	\
		       own_);						\
	} while (0)

/* 2. lwIP's own callers with the hooks against lwIP as shipped. */
static void
test_callers(unsigned char *buf, size_t bufsize)
{
	struct pbuf chain[8];
	unsigned long before0 = hook_calls[0], before1 = hook_calls[1];
	size_t i;

	for (i = 0; i < 20000; i++) {
		size_t tot = make_chain(chain, buf, bufsize);
		u8_t proto = (rnd() & 1) ? 6 : 17;	/* TCP or UDP */
		u16_t part = (u16_t)(tot ? rnd() % (tot + 1) : 0);
		size_t n = 0, len = rnd() % 2049, off = rnd() % 64;
		ip4_addr_t s4, d4;
		ip6_addr_t s6, d6;
		const struct pbuf *q;

		for (q = chain; q != NULL; q = q->next)
			n++;
		memset(&s6, 0, sizeof(s6));
		memset(&d6, 0, sizeof(d6));
		s4.addr = (u32_t)rnd();
		d4.addr = (u32_t)rnd();
		fill_random((unsigned char *)s6.addr, 16);
		fill_random((unsigned char *)d6.addr, 16);
		BOTH("inet_chksum", inet_chksum(buf + off, (u16_t)len),
		     "(len %zu, align %zu)", len, off);
		BOTH("inet_chksum_pbuf", inet_chksum_pbuf(chain),
		     "(%zu pbufs, %zu bytes)", n, tot);
		BOTH("inet_chksum_pseudo",
		     inet_chksum_pseudo(chain, proto, (u16_t)tot, &s4, &d4),
		     "(%zu pbufs, %zu bytes)", n, tot);
		BOTH("inet_chksum_pseudo_partial",
		     inet_chksum_pseudo_partial(chain, proto, (u16_t)tot, part,
						&s4, &d4),
		     "(%zu pbufs, %zu bytes, %u covered)", n, tot,
		     (unsigned)part);
		BOTH("ip6_chksum_pseudo",
		     ip6_chksum_pseudo(chain, proto, (u16_t)tot, &s6, &d6),
		     "(%zu pbufs, %zu bytes)", n, tot);
		BOTH("ip6_chksum_pseudo_partial",
		     ip6_chksum_pseudo_partial(chain, proto, (u16_t)tot, part,
					       &s6, &d6),
		     "(%zu pbufs, %zu bytes, %u covered)", n, tot,
		     (unsigned)part);
	}
	/*
	 * pbuf_fill_chksum(): the LWIP_CHKSUM_COPY user behind tcp_write()'s
	 * checksum-on-copy; a start offset of either parity.
	 */
	for (i = 0; i < 20000; i++) {
		static unsigned char room[2][2048];
		struct pbuf p[2];
		u16_t sum[2], start = (u16_t)(rnd() % 1024);
		u16_t len = (u16_t)(1 + rnd() % (2048 - start - 1));
		const unsigned char *src = buf + rnd() % (bufsize - 2048);
		u16_t init = (u16_t)rnd();
		err_t e[2];
		int m;

		for (m = 0; m < 2; m++) {
			memset(&p[m], 0, sizeof(p[m]));
			memset(room[m], 0xa5, sizeof(room[m]));
			p[m].payload = room[m];
			p[m].len = p[m].tot_len = sizeof(room[m]);
			sum[m] = init;
			hook_mode = m;
			e[m] = pbuf_fill_chksum(&p[m], start, src, len, &sum[m]);
		}
		hook_mode = 0;
		EXPECT(e[0] == ERR_OK && e[1] == ERR_OK && sum[0] == sum[1] &&
		       memcmp(room[0], room[1], sizeof(room[0])) == 0,
		       "pbuf_fill_chksum(start %u, len %u, sum 0x%04x): with "
		       "the hooks 0x%04x (err %d), lwIP 0x%04x (err %d)%s",
		       (unsigned)start, (unsigned)len, (unsigned)init,
		       (unsigned)sum[1], (int)e[1], (unsigned)sum[0],
		       (int)e[0], memcmp(room[0], room[1], sizeof(room[0])) ?
		       ", and the pbufs differ" : "");
	}
	/* Without calls in both modes, lwIP's code never met the hooks. */
	EXPECT(hook_calls[0] > before0 && hook_calls[1] > before1,
	       "lwIP's callers made %lu calls to lwIP's own checksum and %lu "
	       "to the hooks: the interposition did not happen",
	       hook_calls[0] - before0, hook_calls[1] - before1);
}

int
main(void)
{
	const char *s = getenv("INETCSUM_TEST_SEED");
	const char *quick = getenv("INETCSUM_TEST_QUICK");
	size_t bufsize = 1 << 16;
	unsigned char *buf = malloc(bufsize);

	if (hook_init() < 0 || buf == NULL)
		return 1;
	seed = s ? strtoull(s, NULL, 0) : (unsigned long long)time(NULL);
	seed |= 1;
	seed0 = seed;
	printf("lwIP hook test, seed %llu (INETCSUM_TEST_SEED)\n", seed0);
	test_flat(buf, quick && *quick == '1' ? 8 : 64);
	fill_random(buf, bufsize);
	test_callers(buf, bufsize);
	printf("%lu calls to lwIP's own checksum, %lu to the hooks\n",
	       hook_calls[0], hook_calls[1]);
	free(buf);
	if (failures) {
		printf("%lu failures (INETCSUM_TEST_SEED=%llu)\n", failures,
		       seed0);
		return 1;
	}
	printf("inetcsum_lwip.h: every result equals lwIP's own\n");
	return 0;
}
