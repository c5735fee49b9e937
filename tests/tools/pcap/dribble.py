#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# tests/tools/pcap/dribble.py FILE [SEED] - write FILE to standard output 1 to 9
# bytes at a time, flushing each piece, so that a reader on a pipe sees
# every record split at every kind of boundary (tests/suites/70-pcap.sh).
import random
import sys

d = open(sys.argv[1], "rb").read()
r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
out = sys.stdout.buffer
i = 0
while i < len(d):
    n = r.randint(1, 9)
    out.write(d[i:i + n])
    out.flush()
    i += n
