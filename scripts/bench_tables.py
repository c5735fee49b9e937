#!/usr/bin/env python3
# scripts/bench_tables.py - turn `inetcsum bench --json FILE` into the
# Markdown tables of the README: GB/s (median) with the spread in
# parentheses, per implementation and size, for one op/cache/offset.
#
#   scripts/bench_tables.py bench.json [op cache offset sizes...]
import json
import sys


def fmt_size(n):
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return "%d MiB" % (n >> 20)
    if n >= 1024 and n % 1024 == 0:
        return "%d KiB" % (n >> 10)
    return "%d B" % n


def table(results, op, cache, offset, sizes):
    cells = {}
    order = []
    for r in results:
        if r["op"] != op or r["cache"] != cache or r["offset"] != offset:
            continue
        if r.get("prefetch") is not None or r["size"] not in sizes:
            continue
        if r["impl"] not in order:
            order.append(r["impl"])
        cells[(r["impl"], r["size"])] = r
    out = ["| %s, %s, offset %d | %s |" % (op, cache, offset,
           " | ".join(fmt_size(s) for s in sizes)),
           "|---|" + "---:|" * len(sizes)]
    for impl in order:
        row = []
        for s in sizes:
            r = cells.get((impl, s))
            if r is None:
                row.append("-")
                continue
            mark = "" if r["correct"] in (True, None) else " **wrong**"
            row.append("%.1f (±%d%%)%s" % (r["gbps"], round(100 * r["spread"]), mark))
        out.append("| %s | %s |" % (impl, " | ".join(row)))
    return "\n".join(out)


def main():
    data = json.load(open(sys.argv[1]))
    if len(sys.argv) > 2:
        op, cache, offset = sys.argv[2], sys.argv[3], int(sys.argv[4])
        sizes = [int(s) for s in sys.argv[5:]]
        print(table(data["results"], op, cache, offset, sizes))
        return
    m = data["machine"]
    print("Machine: %s; features %s; TSC %.2f GHz; cold: %s; %s rounds.\n"
          % (m["cpu"], " ".join(m["features"]), m["tsc_hz"] / 1e9,
             m.get("cold_method", "?"), m.get("rounds", "?")))
    sizes = [40, 576, 1500, 4096, 65536, 1 << 20]
    for op, cache in (("partial", "hot"), ("partial", "cold"),
                      ("copy", "hot"), ("copy", "cold")):
        print(table(data["results"], op, cache, 0, sizes))
        print()


if __name__ == "__main__":
    main()
