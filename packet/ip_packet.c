/* SPDX-License-Identifier: MIT */
/*
 * packet/ip_packet.c - verify and fill every checksum of an IP packet (no
 * link layer), on top of the frame parser with link type RAW, and the
 * error codes shared by the packet operations (inetcsum_packet.h).
 */
#include "packet_internal.h"

const char *
inetcsum_pkt_strerror(int err)
{
	switch (err) {
	case INETCSUM_EINVAL:
		return "invalid argument";
	case INETCSUM_EBADLEN:
		return "bad length";
	case INETCSUM_EPROTO:
		return "unsupported protocol";
	case INETCSUM_EUNSUPP:
		return "checksum cannot be computed";
	case INETCSUM_EBADSUM:
		return "bad checksum";
	case INETCSUM_EFLOW:
		return "not one in-order flow";
	case INETCSUM_ENOSPC:
		return "no space";
	case INETCSUM_ENOFRAG:
		return "must not be fragmented";
	default:
		return err >= 0 ? "success" : "unknown error";
	}
}

/*
 * Verify and fill
 * ---------------
 * Both run the frame parser on the packet as link type RAW (IPv4 or IPv6
 * by the version nibble), with 'len' as captured and original length: the
 * caller holds the whole packet, so a length field that claims more than
 * 'len' is a lie ("length"), never a snapshot cut.
 *
 * Fill records what each checksum covers (struct cover) during the parse
 * and then computes every field from the packet's bytes, innermost layer
 * first, so that an outer GRE or ICMP checksum covers the final values of
 * the fields inside it (the order of inetcsum_frame_fix()).  Unlike the
 * fixer it stores every field it can compute, whatever it held: a GOOD
 * 0xffff where 0x0000 was computed becomes 0x0000, a PARTIAL (offload)
 * field becomes complete, and a zero UDP field over IPv4, which a
 * receiver reads as "no checksum", gets its checksum unless the caller
 * asks to keep it (INETCSUM_FILL_KEEP_UDP_NONE).
 *
 * Nothing is written unless every layer the parse found can be computed
 * or is legitimately left alone: a length field that lies, a truncated
 * header, malformed options or an unknown routing header fail the call
 * before the first store.
 */

/*
 * The parser notes that mean the packet itself is malformed or too deep.
 * A length that lies is also a note when no layer depends on it (ip.c,
 * inetcsum_pkt_report_lie()), so that it fails the fill whatever the packet carries.
 */
static const char *const bad_len_notes[] = {
	"IPv4 total length below its header length",
	"IPv4 total length past its packet",
	"IPv6 payload length past its packet",
	"IPv6 jumbo payload length past its packet",
	"IPv6 jumbo payload length below 65536",
	"IPv6 jumbo payload option malformed",
	"IPv6 jumbo payload option beside a payload length",
	"IPv6 payload length 0 without a jumbo payload option",
	"IPv6 jumbogram with a fragment header",
	"truncated in the IPv6 header",
	"IPv6 header longer than its packet",
	"truncated in an IPv6 extension header",
	"IPv6 extension header past its packet",
	"truncated in the GRE header",
	"GRE header longer than its packet",
	"truncated in the AH header",
	"AH header past its packet",
	"UDP length outside its IP payload",
	"UDP-Lite coverage outside its datagram",
};

static const char *const unsupp_notes[] = {
	"IPv4 options malformed",
	"IPv6 destination options malformed",
	"IPv6 hop-by-hop header not first",
	"too many layers",
	"tunnels nested too deep",
};

static int
note_error(const char *note)
{
	size_t i;

	if (note == NULL)
		return 0;
	for (i = 0; i < sizeof(bad_len_notes) / sizeof(bad_len_notes[0]); i++)
		if (strcmp(note, bad_len_notes[i]) == 0)
			return INETCSUM_EBADLEN;
	for (i = 0; i < sizeof(unsupp_notes) / sizeof(unsupp_notes[0]); i++)
		if (strcmp(note, unsupp_notes[i]) == 0)
			return INETCSUM_EUNSUPP;
	return 0;
}

/* Checks shared by check and fill: an IP packet of at least one byte. */
static int
ip_args(const void *pkt, size_t len, const void *out)
{
	const u8 *p = pkt;

	if (pkt == NULL || out == NULL)
		return INETCSUM_EINVAL;
	if (len == 0)
		return INETCSUM_EBADLEN;
	if (p[0] >> 4 != 4 && p[0] >> 4 != 6)
		return INETCSUM_EPROTO;
	return 0;
}

static void
parse_raw(const u8 *pkt, size_t len, struct inetcsum_frame_result *out,
	  struct cover *cov)
{
	struct pctx c;

	pctx_start(&c, pkt, len, out, cov);
	(void)inetcsum_pkt_link(&c, INETCSUM_LINK_RAW, len);
}

INETCSUM_API int
inetcsum_ip_check(const void *pkt, size_t len,
		  struct inetcsum_frame_result *out)
{
	size_t i;
	int err, bad = 0;

	err = ip_args(pkt, len, out);
	if (err != 0)
		return err;
	parse_raw(pkt, len, out, NULL);
	for (i = 0; i < out->nlayers; i++)
		if (out->layers[i].status == INETCSUM_BAD ||
		    out->layers[i].status == INETCSUM_ILLEGAL)
			bad++;
	return bad;
}

/* The error a reason a layer was not verified for means for fill; 0: none
 * (a fragment or a quote, whose field fill leaves as it is). */
static int
reason_error(const char *reason)
{
	static const struct {
		const char *reason;
		int err;
	} map[] = {
		{ "truncated", INETCSUM_EBADLEN },
		{ "length", INETCSUM_EBADLEN },
		{ "header length", INETCSUM_EBADLEN },
		{ "coverage", INETCSUM_EBADLEN },
		{ "ip options", INETCSUM_EUNSUPP },
		{ "routing header", INETCSUM_EUNSUPP },
		/* A jumbogram that breaks RFC 2675 section 3: its length
		 * cannot be trusted (a valid one is verified and filled). */
		{ "jumbogram", INETCSUM_EBADLEN },
	};
	size_t i;

	if (reason == NULL)
		return 0;
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(reason, map[i].reason) == 0)
			return map[i].err;
	return 0;	/* "fragment", "quoted": left as they are */
}

/*
 * The error of the reason a zero UDP or RSVP field hid.  Its layer is NONE
 * or ILLEGAL from the field alone and loses the reason it could not be
 * verified for: a fragment (fill leaves the field) and a length that lies
 * (fill must refuse the packet) would look the same, so the parser keeps
 * that reason in the cover ('hidden', inetcsum_pkt_zero_field()).
 */
static int
hidden_error(const struct inetcsum_layer *l, const struct cover *cv)
{
	if ((l->status == INETCSUM_NONE || l->status == INETCSUM_ILLEGAL) &&
	    !cv->valid)
		return reason_error(cv->hidden);
	return 0;
}

INETCSUM_API int
inetcsum_ip_fill(void *pkt, size_t len, unsigned flags,
		 struct inetcsum_frame_result *out)
{
	struct inetcsum_frame_result local;
	struct cover cov[INETCSUM_MAX_LAYERS];
	u8 *f = pkt;
	size_t i;
	int err, n = 0;

	if (out == NULL)
		out = &local;
	err = ip_args(pkt, len, out);
	if (err != 0)
		return err;
	if (flags & ~(unsigned)INETCSUM_FILL_KEEP_UDP_NONE)
		return INETCSUM_EINVAL;
	parse_raw(f, len, out, cov);
	err = note_error(out->note);
	for (i = 0; err == 0 && i < out->nlayers; i++)
		if (out->layers[i].status == INETCSUM_UNVERIFIED)
			err = reason_error(out->layers[i].reason);
	for (i = 0; err == 0 && i < out->nlayers; i++)
		err = hidden_error(&out->layers[i], &cov[i]);
	if (err != 0)
		return err;
	for (i = out->nlayers; i-- > 0;) {
		const struct inetcsum_layer *l = &out->layers[i];
		u8 v[4];
		size_t w = 2;

		if (l->status == INETCSUM_NONE &&
		    (flags & INETCSUM_FILL_KEEP_UDP_NONE))
			continue;
		if (!cov[i].valid)
			continue;	/* fragment, quoted */
		w = inetcsum_pkt_field_value(f, &cov[i], v);
		memcpy(f + l->field_offset, v, w);
		n++;
	}
	return n;
}
