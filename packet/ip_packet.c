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
	default:
		return err >= 0 ? "success" : "unknown error";
	}
}
