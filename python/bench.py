#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# python/bench.py - the inetcsum module against scapy's checksum()
# (scapy.utils.checksum, pure Python: array.array("H") and sum()), the
# function scapy users call, at 64 B, 1500 B and 64 KiB; also the 20-byte
# IPv4 header, where the call itself is all the cost.  Each figure is the
# best of several rounds of timeit's autorange (about 0.2 s each), so a
# busy machine lowers the numbers only as much as its quietest round.
#
#   PYTHONPATH=DIR python3 python/bench.py [--quick]
#
# (make bench installs the module into build/python and runs this.)
import os
import sys
import timeit


def best_ns(func, buf, rounds):
    # A statement string with local names: no lambda call in the timing.
    t = timeit.Timer("f(b)", globals={"f": func, "b": buf})
    n, _ = t.autorange()
    return min(t.timeit(n) / n for _ in range(rounds)) * 1e9


def main():
    quick = "--quick" in sys.argv[1:]
    rounds = 2 if quick else 5
    # This script's folder holds the package's sources without the built
    # extension: import the installed (or PYTHONPATH) one instead.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path = [p for p in sys.path if os.path.abspath(p or ".") != here]
    try:
        import inetcsum
    except ImportError as e:
        sys.exit(f"python/bench.py: cannot import inetcsum ({e}): install it "
                 "(python3 -m pip install --no-build-isolation ./python) or "
                 "set PYTHONPATH to where it is built")
    from scapy.utils import checksum as scapy_checksum

    print(f"inetcsum {inetcsum.__version__} (kernel {inetcsum.impl_name()}, "
          f"{inetcsum.__file__}) against scapy.utils.checksum; "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    print(f"{'size':>8} {'scapy ns':>12} {'inetcsum ns':>12} {'ratio':>8}"
          f" {'inetcsum GB/s':>14}")
    data = bytes((i * 7 + 3) & 0xFF for i in range(65536))
    for size in (20, 64, 1500, 65536):
        buf = data[:size]
        if inetcsum.checksum(buf) != scapy_checksum(buf):
            sys.exit(f"python/bench.py: results differ at {size} bytes")
        ours = best_ns(inetcsum.checksum, buf, rounds)
        theirs = best_ns(scapy_checksum, buf, rounds)
        print(f"{size:>8} {theirs:>12.1f} {ours:>12.1f} "
              f"{theirs / ours:>7.0f}x {size / ours:>14.2f}")
    print("(20 bytes: the IPv4 header; ratio = scapy time / inetcsum time)")


if __name__ == "__main__":
    main()
