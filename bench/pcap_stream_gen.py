#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# bench/pcap_stream_gen.py - a long pcap stream on standard output, made on
# the fly from a small capture: its 24-byte file header once, then its
# records over and over, until at least BYTES bytes have been written.
#
#   bench/pcap_stream_gen.py CAPTURE BYTES [STATSFILE]
#
# The stream is never stored, so bench/pcap_speed.sh can pipe an 8 GiB
# capture into "inetcsum check -" to watch its peak RSS without 8 GiB of
# disk.  Only whole records are written (the reader would call a cut
# record damaged), so the stream ends within one chunk past BYTES.
# STATSFILE, if given, receives "BYTES FRAMES" of what was written.
# CAPTURE must be a classic pcap (either byte order), as
# scripts/gen_corpus.py --bench writes.
import struct
import sys

# Records are repeated in chunks of about this size: large enough that a
# write(2) costs little per byte, small enough to overshoot BYTES by little.
CHUNK = 4 << 20


def records(data, order):
    """Split the record area of a pcap into (offset, length) pairs."""
    out = []
    pos = 24
    while pos + 16 <= len(data):
        incl = struct.unpack_from(order + "I", data, pos + 8)[0]
        end = pos + 16 + incl
        if end > len(data):
            break
        out.append((pos, end - pos))
        pos = end
    return out


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: pcap_stream_gen.py CAPTURE BYTES [STATSFILE]")
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    want = int(float(sys.argv[2]))
    magic = data[:4]
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
        order = "<"
    elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        order = ">"
    else:
        sys.exit("pcap_stream_gen.py: %s: not a classic pcap" % sys.argv[1])
    recs = records(data, order)
    if not recs:
        sys.exit("pcap_stream_gen.py: %s: no records" % sys.argv[1])
    # One chunk of whole records: the first records of the capture up to
    # CHUNK bytes, or the whole record area repeated if it is smaller.
    parts, nrec, size = [], 0, 0
    while size < CHUNK:
        for off, n in recs:
            parts.append(data[off:off + n])
            nrec += 1
            size += n
            if size >= CHUNK:
                break
    chunk = b"".join(parts)
    out = sys.stdout.buffer
    written, frames = 24, 0
    try:
        out.write(data[:24])
        while written < want:
            out.write(chunk)
            written += len(chunk)
            frames += nrec
        out.flush()
    except BrokenPipeError:
        # The reader stopped (an error it reports itself); say how far
        # the stream got and leave quietly.
        sys.stderr.write("pcap_stream_gen.py: reader closed the pipe "
                         "after %d bytes\n" % written)
        sys.stdout = None
        return 1
    if len(sys.argv) == 4:
        with open(sys.argv[3], "w") as f:
            f.write("%d %d\n" % (written, frames))
    return 0


if __name__ == "__main__":
    sys.exit(main())
