#!/bin/bash
# bench/pcap_speed.sh - capture tools against their usual peers and against
# their own fast path, side by side in one run on the same file:
#   inetcsum check FILE     vs  tshark with IP/TCP/UDP checksum verification
#   inetcsum fix FILE OUT   vs  tcprewrite --fixcsum
#   inetcsum check FILE     vs  check - < FILE, cat FILE | check -
#                               (a named file against a pipe; since
#                               2026-12-02 both read through the stream's
#                               window, a file is mapped only when a
#                               progress line is shown on a terminal)
#   inetcsum check FILE.gz  vs  zcat FILE.gz | check -  (and .zst, .lz4),
#                               also on VARIED, FILE with random payloads
#                               (bench/pcap_vary.py) that compresses like
#                               real traffic
#   inetcsum fix FILE -     vs  inetcsum fix FILE OUT
#   peak RSS of "check -" on a stream of PCAP_SPEED_STREAM_GIB GiB made on
#   the fly (bench/pcap_stream_gen.py), never written to disk
# and ends with a table of the ratios against the targets of issue 12.
#
#   bench/pcap_speed.sh [WORKDIR]
#
# Environment:
#   PCAP_SPEED_FRAMES      frames in the capture (default 1000000)
#   PCAP_SPEED_STREAM_GIB  size of the RSS stream in GiB, fractions allowed
#                          (default 8; 0.01 when PCAP_SPEED_FRAMES is below
#                          100000, a smoke run, unless set)
#   PCAP_SPEED_STREAM_MIB  the same in MiB; wins over the GiB setting
#   INETCSUM               the tool (default build/tools/inetcsum)
#   ROUNDS                 rounds of the tshark and tcprewrite comparisons
#                          (default 2; tshark takes minutes per round)
#   SELF_ROUNDS            rounds of the inetcsum-against-inetcsum
#                          comparisons (default 5)
# Every command of a comparison runs once per round, the rounds alternate
# the commands, and the best elapsed and the best CPU time of each are
# kept.  A peer that is not installed is reported as "not run: <why>".
# Not part of "make test" except as a tiny smoke run (70-pcap.sh).
# Debian packages: scripts/deps/pcap.txt.
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
W=${1:-/tmp/inetcsum-pcap-speed}
N=${PCAP_SPEED_FRAMES:-1000000}
T=${INETCSUM:-$ROOT/build/tools/inetcsum}
ROUNDS=${ROUNDS:-2}
SELF_ROUNDS=${SELF_ROUNDS:-5}
if [ -n "${PCAP_SPEED_STREAM_MIB:-}" ]; then
	stream_bytes=$(awk -v m="$PCAP_SPEED_STREAM_MIB" \
		'BEGIN { printf "%.0f", m * 1048576 }')
elif [ -n "${PCAP_SPEED_STREAM_GIB:-}" ]; then
	stream_bytes=$(awk -v g="$PCAP_SPEED_STREAM_GIB" \
		'BEGIN { printf "%.0f", g * 1073741824 }')
elif [ "$N" -lt 100000 ]; then
	stream_bytes=$((10 << 20))
else
	stream_bytes=$((8 << 30))
fi
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
[ -x "$T" ] || { echo "no tool at $T (make, or set INETCSUM)" >&2; exit 2; }
mkdir -p "$W"
F=$($PY scripts/gen_corpus.py --bench "$N" "$W")
frames=$("$T" check -q --json "$F" | sed -n 's/.*"frames":\([0-9]*\).*/\1/p')
size=$(stat -c %s "$F")
echo "capture: $F, $frames frames, $size bytes (corpus Ethernet frames repeated)"
echo "tool: $("$T" --version)"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
	"family $(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -n 1)" \
	"model $(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -n 1)," \
	"$(nproc) cpus online, load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"

have() { command -v "$1" >/dev/null 2>&1; }

# timeit VAR CMD...: runs CMD (output discarded) and keeps in VAR the
# smallest elapsed and CPU (user + system) seconds seen so far, as
# "elapsed cpu".  CPU time is what to compare on a loaded machine: other
# processes stretch the elapsed time of both sides, not their CPU time.
# For a pipeline (bash -c '... | ...') the CPU time is that of every
# process in it: the time "zcat | inetcsum" costs, decompression included.
timeit() {
	local var=$1 out e c
	shift
	out=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 |
		tail -n 1)
	e=$(echo "$out" | awk '{ print $1 }')
	c=$(echo "$out" | awk '{ print $2 + $3 }')
	if [ -n "${!var}" ]; then
		e=$(echo "${!var} $e" | awk '{ print ($1 < $3) ? $1 : $3 }')
		c=$(echo "${!var} $c" | awk '{ print ($2 < $3) ? $2 : $3 }')
	fi
	printf -v "$var" "%s %s" "$e" "$c"
}
# report NAME OURS PEER PEERNAME: frames/s and ratios, elapsed and CPU.
report() {
	echo "$2 $3" | awk -v n="$frames" -v name="$1" -v peer="$4" '{
		printf "%s: inetcsum %.0f frames/s (%.3f s, cpu %.3f s), " \
		       "%s %.0f frames/s (%.3f s, cpu %.3f s): " \
		       "%.1fx elapsed, %.1fx cpu\n", name, n / $1, $1, $2,
		       peer, n / $3, $3, $4, $3 / $1, $4 / $2 }'
}
# frames_of CMD...: the frame count of the summary line CMD prints, or
# "failed (exit N)" when CMD exits 2 (could not read the capture to its
# end).  Exit 1 is expected: a third of the frames have a bad checksum.
frames_of() {
	local out rc=0
	out=$("$@" 2>&1) || rc=$?
	if [ $rc -ge 2 ]; then
		echo "failed (exit $rc: $(echo "$out" | grep -v '^ ' | head -n 1))"
		return
	fi
	echo "$out" | sed -n 's/^summary: .*, \([0-9]*\) frames,.*/\1/p' |
		head -n 1
}

# The commands.  Each is run through bash -c so that one form times a
# plain command, a redirect and a pipeline alike; $1 is the tool, $2 the
# capture, $3 the varied capture.
declare -A CMD WHY csize
declare -A LABEL_FILE=([gz]=FILE.gz [zst]=FILE.zst [lz4]=FILE.lz4
	[vgz]=VARIED.gz [vzst]=VARIED.zst [vlz4]=VARIED.lz4)
ORDER=()
add() {	# add KEY 'shell command'
	CMD[$1]=$2
	ORDER+=("$1")
}
add mmap '"$1" check -q "$2"'
add stdin '"$1" check -q - < "$2"'
add cat 'cat "$2" | "$1" check -q -'
# Compressed copies, made with the usual command-line tools at their
# default levels (gzip -6, zstd -3, lz4 -1).
# The capture itself compresses 100:1 and more (it is a few hundred
# frames repeated), so each is also timed on VARIED, the capture with
# random bytes past the first 54 of every frame (bench/pcap_vary.py),
# which compresses about as badly as real traffic.
V=$W/varied.pcap
$PY bench/pcap_vary.py "$F" "$V"
for z in gz:gzip:zcat zst:zstd:zstdcat lz4:lz4:lz4cat; do
	ext=${z%%:*} comp=${z#*:} comp=${comp%%:*} cat=${z##*:}
	if ! have "$comp" || ! have "$cat"; then
		WHY[$ext]="not run: $comp/$cat not installed (package $comp)"
		WHY[v$ext]=${WHY[$ext]}
		continue
	fi
	"$comp" -q -c "$F" >"$F.$ext"
	"$comp" -q -c "$V" >"$V.$ext"
	add "$ext" '"$1" check -q "$2".'"$ext"
	add "${ext}cat" "$cat"' "$2".'"$ext"' | "$1" check -q -'
	add "v$ext" '"$1" check -q "$3".'"$ext"
	add "v${ext}cat" "$cat"' "$3".'"$ext"' | "$1" check -q -'
	csize[$ext]=$(stat -c %s "$F.$ext")
	csize[v$ext]=$(stat -c %s "$V.$ext")
done
if [ ${#csize[@]} -gt 0 ]; then
	line="compressed ($size bytes each):"
	for k in gz zst lz4 vgz vzst vlz4; do
		[ -n "${csize[$k]:-}" ] || continue
		line+=$(awk -v k="${LABEL_FILE[$k]}" -v c="${csize[$k]}" \
			-v s="$size" 'BEGIN { printf " %s %d (%.1f:1)", k, c, s / c }')
	done
	echo "$line"
fi
add fixfile '"$1" fix -q "$2" "$2".fixed-file.pcap'
add fixstdout '"$1" fix -q "$2" - > "$2".fixed-stdout.pcap'

# Every variant must read the whole capture: a timing of a command that
# failed early would look fast.
for k in "${ORDER[@]}"; do
	case $k in fix*) continue ;; esac
	got=$(frames_of bash -c "${CMD[$k]}" _ "$T" "$F" "$V")
	if [ "$got" != "$frames" ]; then
		WHY[$k]="not run: $got frames read, expected $frames"
		case $k in
		gz|zst|lz4) WHY[$k]="${WHY[$k]} (built without its decoder?)" ;;
		esac
		echo "${k}: ${WHY[$k]}" >&2
	fi
done

# fix to a file and fix to standard output must write the same bytes.
if ! bash -c "${CMD[fixfile]}" _ "$T" "$F" "$V" ||
	! bash -c "${CMD[fixstdout]}" _ "$T" "$F" "$V" ||
	! cmp -s "$F".fixed-file.pcap "$F".fixed-stdout.pcap; then
	WHY[fixfile]="not run: fix failed or wrote different outputs"
	WHY[fixstdout]=${WHY[fixfile]}
	echo "fix: ${WHY[fixfile]}" >&2
fi

TSHARK_OPTS=(-n -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE
	-o udp.check_checksum:TRUE -o udplite.check_checksum:TRUE
	-o tcp.analyze_sequence_numbers:FALSE)
have tshark || WHY[tshark]="not run: tshark not installed (package tshark)"
have tcprewrite ||
	WHY[tcprewrite]="not run: tcprewrite not installed (package tcpreplay)"
declare -A R
for k in "${ORDER[@]}" tshark tcprewrite; do R[$k]=""; done
rounds=$((ROUNDS > SELF_ROUNDS ? ROUNDS : SELF_ROUNDS))
for r in $(seq "$rounds"); do
	echo "round $r of $rounds" >&2
	if [ "$r" -le "$SELF_ROUNDS" ]; then
		for k in "${ORDER[@]}"; do
			[ -z "${WHY[$k]:-}" ] || continue
			v=${R[$k]}
			timeit v bash -c "${CMD[$k]}" _ "$T" "$F" "$V"
			R[$k]=$v
		done
	fi
	if [ "$r" -le "$ROUNDS" ]; then
		[ -n "${WHY[tshark]:-}" ] || {
			v=${R[tshark]}
			timeit v tshark "${TSHARK_OPTS[@]}" -r "$F"
			R[tshark]=$v
		}
		[ -n "${WHY[tcprewrite]:-}" ] || {
			v=${R[tcprewrite]}
			timeit v tcprewrite --fixcsum -i "$F" \
				-o "$W/fixed-tcprewrite.pcap"
			R[tcprewrite]=$v
		}
	fi
done
rm -f "$F".fixed-file.pcap "$F".fixed-stdout.pcap "$W/fixed-tcprewrite.pcap"

# The peer comparisons, in the form earlier runs printed them.
if [ -z "${WHY[tshark]:-}" ]; then
	report check "${R[mmap]}" "${R[tshark]}" tshark
else
	echo "check: tshark ${WHY[tshark]}"
fi
if [ -n "${WHY[fixfile]:-}" ]; then
	echo "fix: ${WHY[fixfile]}"
elif [ -z "${WHY[tcprewrite]:-}" ]; then
	report fix "${R[fixfile]}" "${R[tcprewrite]}" tcprewrite
else
	echo "fix: tcprewrite ${WHY[tcprewrite]}"
fi

# Peak RSS of the streaming reader on a long stream: the generator writes
# the capture's records over and over into the pipe, and /usr/bin/time
# (GNU time, package "time") reports the maximum resident set of
# inetcsum alone.
rss=""
if [ ! -x /usr/bin/time ]; then
	WHY[rss]="not run: /usr/bin/time not installed (package time)"
else
	echo "stream: $stream_bytes bytes into check -" >&2
	rc=0
	rm -f "$W/stream.stats" "$W/stream.time"
	$PY bench/pcap_stream_gen.py "$F" "$stream_bytes" "$W/stream.stats" |
		/usr/bin/time -f '%M %e %U %S' -o "$W/stream.time" \
			"$T" check -q - >"$W/stream.out" 2>&1 || rc=$?
	read -r sbytes sframes <"$W/stream.stats" || sbytes=""
	got=$(sed -n 's/^summary: .*, \([0-9]*\) frames,.*/\1/p' \
		"$W/stream.out")
	if [ $rc -ge 2 ] || [ -z "$sbytes" ] || [ "$got" != "$sframes" ]; then
		WHY[rss]="not run: the stream run failed (exit $rc, ${got:-?}"
		WHY[rss]+=" of ${sframes:-?} frames): $(head -n 1 "$W/stream.out")"
	else
		rss=$(tail -n 1 "$W/stream.time")
	fi
fi

# The table.  Each comparison is a reference row, then the candidate's
# row with "x": the reference's time over the candidate's, so above 1 the
# candidate is faster.  A target is met when x is at least the target,
# judged for elapsed and for CPU time separately ("met/NOT": elapsed met,
# CPU not).
declare -A LABEL=(
	[mmap]="check FILE" [stdin]="check - < FILE"
	[cat]="cat FILE | check -"
	[gz]="check FILE.gz" [gzcat]="zcat FILE.gz | check -"
	[zst]="check FILE.zst" [zstcat]="zstdcat FILE.zst | check -"
	[lz4]="check FILE.lz4" [lz4cat]="lz4cat FILE.lz4 | check -"
	[vgz]="check VARIED.gz" [vgzcat]="zcat VARIED.gz | check -"
	[vzst]="check VARIED.zst" [vzstcat]="zstdcat VARIED.zst | check -"
	[vlz4]="check VARIED.lz4" [vlz4cat]="lz4cat VARIED.lz4 | check -"
	[fixfile]="fix FILE OUT (fsync, rename)"
	[fixstdout]="fix FILE - > OUT"
	[tshark]="tshark -r FILE" [tcprewrite]="tcprewrite --fixcsum")
FMT='%-30s %9s %9s  %-28s %8s %8s  %-8s %s\n'
echo
echo "summary ($frames frames, $size bytes; inetcsum best of $SELF_ROUNDS" \
	"rounds, peers best of $ROUNDS; cpu = user + system of every process)"
# shellcheck disable=SC2059
printf "$FMT" command elapsed cpu against "el x" "cpu x" target "met el/cpu"
# row KEY [REFKEY TARGET]: KEY's row, with x against REFKEY and TARGET
# (TARGET "-": no target) if given.
row() {
	local k=$1 ref=${2:--} target=${3:--}
	if [ -n "${WHY[$k]:-}" ]; then
		printf '%-30s %s\n' "${LABEL[$k]}" "${WHY[$k]}"
		return
	fi
	if [ "$ref" = - ] || [ -n "${WHY[$ref]:-}" ] || [ -z "${R[$ref]}" ]; then
		echo "${R[$k]}" | awk -v l="${LABEL[$k]}" \
			-v rl="${LABEL[$ref]:-}" -v t="$target" '{
			printf "%-30s %9.3f %9.3f", l, $1, $2
			if (rl != "")
				printf "  (%s not run%s)", rl,
				       (t == "-") ? "" : ", target " t "x unknown"
			printf "\n" }'
		return
	fi
	echo "${R[$k]} ${R[$ref]}" | awk -v l="${LABEL[$k]}" -v t="$target" \
		-v rl="${LABEL[$ref]}" -v f="$FMT" '{
		el = $3 / $1; cpu = $4 / $2
		tt = ""; m = ""
		if (t != "-") {
			tt = ">= " t "x"
			m = sprintf("%s/%s", (el >= t) ? "met" : "NOT",
				    (cpu >= t) ? "met" : "NOT")
		}
		line = sprintf(f, l, sprintf("%.3f", $1), sprintf("%.3f", $2),
			       rl, sprintf("%.2fx", el), sprintf("%.2fx", cpu),
			       tt, m)
		sub(/ +\n$/, "\n", line)
		printf "%s", line }'
}
row mmap
row stdin mmap 0.8
row cat mmap 0.8
for ext in gz zst lz4 vgz vzst vlz4; do
	if [ -z "${CMD[$ext]:-}" ]; then
		printf '%-30s %s\n' "${LABEL[$ext]}" "${WHY[$ext]}"
		continue
	fi
	row "${ext}cat"
	row "$ext" "${ext}cat" 1
done
row fixfile
row fixstdout fixfile
row tshark
row mmap tshark 20
row tcprewrite
row fixfile tcprewrite 3
if [ -n "${WHY[rss]:-}" ]; then
	printf '%-30s %s\n' "peak RSS of check -" "${WHY[rss]}"
else
	echo "$rss $sbytes $sframes" | awk -v f="$FMT" '{
		printf f, sprintf("check - peak RSS %.1f MiB", $1 / 1024),
		       sprintf("%.3f", $2), sprintf("%.3f", $3 + $4),
		       sprintf("%.3f GiB stream, %.2f GB/s",
			       $5 / 1073741824, $5 / $2 / 1e9),
		       "", "", "< 64 MiB", ($1 < 65536) ? "met" : "NOT" }'
	if [ "$sbytes" -lt $((8 << 30)) ]; then
		echo "(the RSS target is for an 8 GiB stream; this one is" \
			"smaller: PCAP_SPEED_STREAM_GIB)"
	fi
fi
