# tests/suites/loop_prefetch.awk - for function F of a PowerPC objdump -d
# listing, the innermost loop that holds a dcbt (a backward branch and the
# instructions from its target to it): prints "LOAD_BYTES DCBT DCBTST", the
# bytes its lwz/lhz/lbz instructions load per iteration and how many dcbt
# and dcbtst it issues.  Prints nothing if no loop of F has a dcbt.  Used by
# 50-cross.sh to check one prefetch per cache line.  (mawk has no strtonum,
# hence hex().)
function hex(s,   i, c, v) {
	v = 0
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (c == 0) break
		v = v * 16 + c - 1
	}
	return v
}
$2 == "<" F ">:" { on = 1; n = 0; next }
/^[0-9a-f]+ <.*>:$/ { on = 0 }
on && /^ +[0-9a-f]+:\t/ {
	split($0, f, "\t")
	a = f[1]; gsub(/[ :]/, "", a)
	split(f[3], w, " "); op = w[1]
	n++; A[n] = hex(a); OP[n] = op
	if (op ~ /^b/ && f[3] ~ /[0-9a-f]+ <[^>]*>/) {
		t = f[3]; sub(/^[^ ]+[ ]+/, "", t); sub(/^cr[0-7],/, "", t)
		T[n] = hex(t)
	}
}
END {
	for (i = 1; i <= n; i++) {
		if (!(i in T) || T[i] >= A[i]) continue
		lb = 0; d = 0; dw = 0
		for (j = 1; j <= i; j++) {
			if (A[j] < T[i]) continue
			if (OP[j] ~ /^lwz/) lb += 4
			else if (OP[j] ~ /^lhz/) lb += 2
			else if (OP[j] ~ /^lbz/) lb += 1
			else if (OP[j] == "dcbt") d++
			else if (OP[j] == "dcbtst") dw++
		}
		if (d > 0 && (best == "" || lb < bl)) {
			best = lb " " d " " dw; bl = lb
		}
	}
	if (best != "") print best
}
