#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""scripts/prefetch_model.py - a cache model of the portable kernel's main
loop on a core with no hardware prefetcher (32-bit PowerPC 44x-like), to
show what its software prefetch does where the hardware cannot be measured.

It is a MODEL, not a measurement.  The loop is replayed as a trace of its
loads (one 4-byte lwz per cycle when it hits) and prefetches (dcbt) through
a cache that only fills a line on a demand miss or a dcbt, with a fixed
latency, a limited number of line fills in flight and a memory bus that
delivers one line every BUS cycles.  A load to a line not yet arrived
stalls the core until it arrives; a dcbt that finds every fill buffer busy
is dropped, as a touch hint may be.  The buffer starts cold (DMA'd data).

    scripts/prefetch_model.py            the table in docs/prefetch.md
    scripts/prefetch_model.py --help     the parameters

The default parameters are round figures for an embedded PowerPC at a few
hundred MHz with DDR memory, not any data sheet's: latency 80 cycles, a
line every 8 cycles, 4 fills in flight, 32-byte lines, 2 cycles of
arithmetic per load.  Change them to see which conclusions depend on them.
"""
import argparse


def run(length, line, distance, per_line, lat, bus, fills, work):
    """Cycles to sum 'length' cold bytes.  'per_line' True: one dcbt per
    cache line (the current kernel); False: one per 64 bytes of loads (the
    kernel before).  distance 0: no prefetch."""
    ready = {}          # line number -> cycle its data is in the cache
    inflight = []       # completion cycles of fills in progress
    bus_free = 0        # next cycle the memory bus can start a line
    t = 0

    def fill(ln, now):
        nonlocal bus_free
        start = max(now, bus_free)
        bus_free = start + bus
        done = start + lat
        ready[ln] = done
        inflight.append(done)
        return done

    def busy(now):
        inflight[:] = [d for d in inflight if d > now]
        return len(inflight)

    block = max(64, line)
    pos = 0
    while pos < length:
        # The prefetching loop runs while the prefetched block is inside
        # the buffer, as in partial_generic().
        if distance and length - pos >= block + distance:
            step = line if per_line else 64
            for off in range(0, block, step):
                ln = (pos + distance + off) // line
                if ln not in ready and busy(t) < fills:
                    fill(ln, t)
                t += 1                   # the dcbt itself
        for off in range(0, min(block, length - pos), 4):
            ln = (pos + off) // line
            if ln not in ready:          # demand miss: wait for a buffer
                while busy(t) >= fills:
                    t = min(inflight)
                fill(ln, t)
            t = max(t, ready[ln]) + work  # stall until the data is there
        pos += block
    return t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--line", type=int, default=32)
    ap.add_argument("--latency", type=int, default=80)
    ap.add_argument("--bus", type=int, default=8,
                    help="cycles per line on the memory bus")
    ap.add_argument("--fills", type=int, default=4,
                    help="line fills in flight at once")
    ap.add_argument("--work", type=int, default=2,
                    help="cycles per 4-byte load when it hits")
    ap.add_argument("--sizes", default="1448,4096,65536")
    ap.add_argument("--distances", default="32,64,128,256,512")
    a = ap.parse_args()
    sizes = [int(x) for x in a.sizes.split(",")]
    dists = [int(x) for x in a.distances.split(",")]
    print("model: %d-byte lines, latency %d, a line per %d cycles, %d fills "
          "in flight, %d cycles per load; cycles relative to no prefetch "
          "(lower is better)" % (a.line, a.latency, a.bus, a.fills, a.work))
    print("%-22s" % "distance" + "".join("%10d" % s for s in sizes))
    base = [run(s, a.line, 0, True, a.latency, a.bus, a.fills, a.work)
            for s in sizes]
    print("%-22s" % "none (cycles)" + "".join("%10d" % b for b in base))
    for per_line, name in ((False, "1 dcbt / 64 B"),
                           (True, "1 dcbt / line")):
        for d in dists:
            row = [run(s, a.line, d, per_line, a.latency, a.bus, a.fills,
                       a.work) / b for s, b in zip(sizes, base)]
            print("%-22s" % ("%s, %d B" % (name, d)) +
                  "".join("%10.2f" % r for r in row))


if __name__ == "__main__":
    main()
