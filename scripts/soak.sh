#!/usr/bin/env bash
# Soak test: plays GAMES refereed games across the whole range, keeps every
# record, replays each one independently (scripts/soak_check.py) and ends with
#   N games, I illegal, F forfeits, C crashes, D disagreements
# exiting non-zero unless all four are 0. See docs/reliability.md.
# Usage: scripts/soak.sh [--blitz] [--no-build] [--out DIR [--resume]] GAMES
#   --resume: go on with the run kept in DIR (a long run may span sessions: a
#   batch cut short is played again); the summary covers every game in DIR.
#   default mix: every even size 4..26 (flank self-play, levels 1-3 up to 16x16),
#   rectangles (10x6, 6x10, 4x16, 26x4, 14x22; flank self-play), 8x8
#   flank vs itself and vs gtp-rhino at several levels, random and XOT
#   openings, no clock / fixed time per move / sudden death / byo-yomi, and
#   every 5th batch with the ASan+UBSan flank from build-asan/.
#   --blitz: 8x8 only, 5 s sudden death per player (time management).
# Environment: SOAK_BATCH (games per referee run, default 4), SOAK_JOBS
# (games at the same time, default 1), SOAK_ASAN_EVERY (default 5, 0 = never),
# SOAK_THREADS (flank's --threads, default 1: keep SOAK_JOBS x threads <= cores),
# SOAK_BUILD (the build with flank and flank-referee, default build/).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
. "$here/scripts/lib.sh"
blitz=0 build=1 out="" games="" resume=0
while [ $# -gt 0 ]; do
  case "$1" in
    --blitz) blitz=1 ;;
    --no-build) build=0 ;;
    --out) out="$2"; shift ;;
    --resume) resume=1 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) games="$1" ;;
  esac
  shift
done
[[ "$games" =~ ^[0-9]+$ ]] && [ "$games" -gt 0 ] || { echo "usage: scripts/soak.sh [--blitz] [--no-build] [--out DIR [--resume]] GAMES" >&2; exit 2; }
[ "$resume" = 0 ] || [ -n "$out" ] || { echo "soak.sh: --resume needs --out DIR" >&2; exit 2; }
threads="${SOAK_THREADS:-1}" batch="${SOAK_BATCH:-4}" jobs="${SOAK_JOBS:-1}" asan_every="${SOAK_ASAN_EVERY:-5}"
out="${out:-$here/soak-results/$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
# progress: batches done, games played, seconds spent (written after each batch).
played=0 n=0 spent=0
if [ "$resume" = 1 ] && [ -f "$out/progress" ]; then
  read -r n played spent <"$out/progress"
  rm -f "$out/$(printf %05d "$n")"-*  # the batch that was cut short, if any
elif compgen -G "$out/*.csv" >/dev/null; then
  echo "soak.sh: $out already holds results; give a new --out directory (or --resume)" >&2
  exit 2
fi

if [ "$build" = 1 ]; then
  need_packages grhino python3
  "$here/scripts/setup.sh" >/dev/null 2>&1 || "$here/scripts/setup.sh"
  if [ "$asan_every" != 0 ]; then
    cmake -S "$here" -B "$here/build-asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLANK_SANITIZE=ON >/dev/null
    cmake --build "$here/build-asan" --target flank -- -j"$(nproc)" >/dev/null
  fi
fi
bin="${SOAK_BUILD:-$here/build}"
flank="$bin/flank" referee="$bin/flank-referee" rhino=/usr/games/gtp-rhino
asan_flank="$here/build-asan/flank"
[ -x "$asan_flank" ] || asan_every=0

# XOT openings: the referee's built-in list when it has one, else data/xot-openings.txt.
# Random batches start from the usual position (--openings none where the referee
# would pick XOT by default on 8x8).
xot=() none=()
if "$referee" --help | grep -q "built-in XOT"; then xot=(--openings xot) none=(--openings none)
elif [ -f "$here/data/xot-openings.txt" ]; then xot=(--openings "$here/data/xot-openings.txt")
else echo "note: no XOT list in this build; the XOT batches use random play instead" >&2
fi

# One batch kind per line: name size black-flags white-flags(or "rhino LEVEL") openings clock...
# openings: xot, or random (both sides pick at random among near-best moves, seeded per batch).
mix() {
  if [ "$blitz" = 1 ]; then
    echo "blitz-self 8 --level=max --level=max xot --time 5"
    echo "blitz-rhino 8 --level=max rhino:3 xot --time 5"
    echo "blitz-random 8 --level=max --level=max random --time 5"
    return
  fi
  # Levels 1-3 up to 16x16; level 1 above (level 3 on 26x26 takes a minute a game).
  for size in 4 6 8 10 12 14 16 18 20 22 24 26; do
    echo "self-$size $size --level=$((size <= 16 ? size % 3 + 1 : 1)) --level=1 random"
  done
  # Rectangles: one-word (10x6 has 60 squares, 4x16), wide (26x4 long and thin, 14x22).
  for shape in 10x6 6x10 4x16 26x4 14x22; do
    echo "self-$shape $shape --level=2 --level=1 random"
  done
  echo "self-8-xot 8 --level=4 --level=3 xot"
  echo "rhino-8-xot 8 --level=3 rhino:2 xot"
  echo "rhino-8-random 8 --level=1 rhino:1 random"
  echo "rhino-8-fixed 8 --level=max rhino:3 xot --byoyomi 0.2"
  echo "self-8-sudden 8 --level=max --level=max xot --time 5"
  echo "self-8-byoyomi 8 --level=max --level=max random --time 1 --byoyomi 0.5 --stones 5"
  echo "self-12-fixed 12 --level=max --level=max random --byoyomi 0.1"
  echo "self-16-sudden 16 --level=max --level=2 random --time 10"
}
mapfile -t kinds < <(mix)

engine_command() {  # FLAGS BINARY SEED
  case "$1" in
    rhino:*) echo "$rhino --level ${1#rhino:}" ;;
    *) echo "$2 ${1/=/ } --threads $threads${4:+ --random 2 --seed $3}" ;;
  esac
}

start=$(($(date +%s) - spent))
while [ "$played" -lt "$games" ]; do
  read -r name size black white openings clock <<<"${kinds[$((n % ${#kinds[@]}))]} "
  count=$((games - played < batch ? games - played : batch))
  binary="$flank" tag=""
  if [ "$asan_every" != 0 ] && [ $((n % asan_every)) = $((asan_every - 1)) ]; then
    binary="$asan_flank" tag="-asan"
  fi
  random=""; [ "$openings" = random ] || [ ${#xot[@]} = 0 ] && random=1
  opening_args=("${none[@]}")
  [ "$openings" = xot ] && [ ${#xot[@]} -gt 0 ] && opening_args=("${xot[@]}" --seed "$n")
  stem="$out/$(printf %05d "$n")-$name$tag"
  # shellcheck disable=SC2086 # the clock flags are words
  set +e
  "$referee" --black "$(engine_command "$black" "$binary" $((2 * n)) "$random")" \
    --white "$(engine_command "$white" "$binary" $((2 * n + 1)) "$random")" \
    --black-name "${black/--level=/flank-L}" --white-name "${white/--level=/flank-L}" \
    --size "$size" --games "$count" --jobs "$jobs" "${opening_args[@]}" $clock \
    --records "$stem.ggf" --csv "$stem.csv" --engine-log "$stem.log" >"$stem.out" 2>&1
  echo $? >"$stem.status"
  set -e
  played=$((played + count)) n=$((n + 1))
  echo "$n $played $(($(date +%s) - start))" >"$out/progress"
  echo "$played/$games games ($name$tag), $(($(date +%s) - start)) s" >&2
done
echo "records, results and engine logs: $out"
echo "wall time: $(($(date +%s) - start)) s"
python3 "$here/scripts/soak_check.py" "$out" "$games"
