#!/usr/bin/env bash
# Issue 16's hostile inputs against a release bindc, each under a time limit, with its wall
# time and peak memory printed (and checked against a memory limit when GNU time is present).
# The table-shaped rows (deep conditions, clustered role hashes, over-full slot tables, costly
# presses, long chains) are built by Tests/BindingLangTests/Fuzz/HostileTables.swift and checked
# by HostileTableTests in `swift test`.
#
#   Benchmarks/hostile.sh [bindc-path]      (default: builds `swift build -c release`; tiny-editor
#                                            is taken from bindc's directory)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then bindc=$1; else
    swift build -c release --product bindc > /dev/null
    swift build -c release --product tiny-editor > /dev/null
    bindc=$(swift build -c release --show-bin-path)/bindc
fi
# tiny-editor from the same build as bindc (built here when it is missing).
editor=$(dirname "$bindc")/tiny-editor
if [ ! -x "$editor" ]; then swift build -c release --product tiny-editor > /dev/null; editor=$(swift build -c release --show-bin-path)/tiny-editor; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! command -v python3 > /dev/null; then echo "hostile inputs skipped: no python3 to generate them" >&2; exit 0; fi
python3 Benchmarks/hostile.py "$work"
limit_seconds=${HOSTILE_SECONDS:-60}
limit_kb=${HOSTILE_KB:-1048576}
failed=0

# run NAME EXPECTED-EXIT bindc-arguments…  (RUN_PROGRAM runs another program than bindc)
run() {
    local name=$1 expected=$2; shift 2
    local limit_kb=${RUN_KB:-$limit_kb} program=${RUN_PROGRAM:-$bindc} limit_seconds=${RUN_SECONDS:-$limit_seconds}
    local start end status rss=""
    start=$(date +%s%N)
    if [ -x /usr/bin/time ]; then
        set +e; timeout "$limit_seconds" /usr/bin/time -f "%M" -o "$work/rss" "$program" "$@" > /dev/null 2> "$work/err"; status=$?; set -e
        rss=$(tail -1 "$work/rss" 2>/dev/null || true)
    else
        set +e; timeout "$limit_seconds" "$program" "$@" > /dev/null 2> "$work/err"; status=$?; set -e
    fi
    end=$(date +%s%N)
    local ms=$(( (end - start) / 1000000 ))
    local verdict=ok
    if [ "$status" -eq 124 ]; then verdict="TIMEOUT (${limit_seconds} s)"; failed=1
    elif [ "$status" -ge 128 ]; then verdict="CRASH (status $status)"; failed=1
    elif [ "$status" -ne "$expected" ]; then verdict="exit $status, expected $expected"; failed=1
    elif [ -n "$rss" ] && [[ "$rss" =~ ^[0-9]+$ ]] && [ "$rss" -gt "$limit_kb" ]; then verdict="MEMORY ${rss} KB > ${limit_kb} KB"; failed=1
    fi
    printf '%-38s %6d.%03d s %10s KB  %s\n' "$name" $((ms / 1000)) $((ms % 1000)) "${rss:-?}" "$verdict"
}

echo "hostile inputs, release bindc, limit ${limit_seconds} s and ${limit_kb} KB each"
for cmd in check fmt; do run "$cmd chain-and (100k operands)" 1 $cmd "$work/chain-and.bind"; done
run "compile chain-or (100k operands)" 1 compile "$work/chain-or.bind" -o "$work/out.bindtable"
run "explain chain-and" 1 explain "$work/chain-and.bind" --keys k
# Issue 10, defect 1: each nesting or chaining construct repeated 10^6 times (DeepInputTests
# runs them at 10^5): an error (or, for comments, none), never a stack overflow.
for name in and or-binding comparisons in-list parentheses bangs dictionaries submenus open-comments; do
    run "check deep-$name (10^6)" 1 check "$work/deep-$name.bind"
done
for name in line-comments block-comments; do run "check deep-$name (10^6)" 0 check "$work/deep-$name.bind"; done
for name in and parentheses submenus; do run "fmt deep-$name (10^6)" 1 fmt "$work/deep-$name.bind"; done
run "check shared-condition (512 x 30)" 1 check "$work/shared-condition-512.bind"
run "check shared-condition (400 x 30)" 1 check "$work/shared-condition-400.bind"
run "check pigeonhole-pairs (256)" 1 check "$work/pigeonhole-pairs.bind"
run "check prefix-chain (1,000)" 1 check "$work/prefix-chain.bind"
# Issue 16 asks for under 1 GB at 10^6 bindings: check peaked at 1.5 GB before the syntax tree
# was made compact and freed while checking, 0.91 GB after (2026-11-23), so it runs under the
# default 1 GB limit. compile keeps the keymap and the table under construction on top.
run "check million (10^6 bindings)" 0 check "$work/million.bind"
RUN_KB=2097152 run "compile million" 0 compile "$work/million.bind" -o "$work/million.bindtable"
# The table of 10^6 bindings: dump streams, reading each binding from the table as it writes
# its row, so it needs the table, the loader's copy of the dispatch index (table format 7) and
# a small constant. It peaked at 1.0 GB before it streamed, and at 334 MB with format 7 in a
# CI rehearsal (2026-11-23), over the 256 MB first set here before format 7 grew the table.
RUN_KB=524288 run "dump million" 0 dump "$work/million.bindtable"
# dump's output is linear in the table: 20,000 bindings sharing one 120-clause condition list
# it once, named (under 200 bytes per binding; printing it in every row was about 75 MB).
run "compile shared-dump (20,000 x 120)" 0 compile "$work/shared-dump.bind" -o "$work/shared-dump.bindtable"
run "dump shared-dump (20,000 x 120)" 0 dump "$work/shared-dump.bindtable"
dump_bytes=$("$bindc" dump "$work/shared-dump.bindtable" | wc -c || true)
echo "  dump shared-dump output: $dump_bytes bytes"
if [ "$dump_bytes" -gt $((200 * 20000)) ]; then echo "dump shared-dump: $dump_bytes bytes of output, over 200 per binding" >&2; failed=1; fi
# The same for `dump --json`: the condition is listed once under `conditions` and each binding
# names it by index. Each binding is a pretty-printed object of about 420 bytes (8.4 MB in all,
# 2026-11-24); the condition is 3,366 bytes, so printed in full at every binding (as before) the
# output was about 76 MB.
run "dump --json shared-dump (20,000 x 120)" 0 dump --json "$work/shared-dump.bindtable"
json_bytes=$("$bindc" dump --json "$work/shared-dump.bindtable" | wc -c || true)
echo "  dump --json shared-dump output: $json_bytes bytes"
if [ "$json_bytes" -gt $((600 * 20000)) ]; then echo "dump --json shared-dump: $json_bytes bytes of output, over 600 per binding" >&2; failed=1; fi

# Layering's overriding side: 1,000 overrides of one key (500 bindings and 500 unbinds over a
# base), and 400 files each overriding it once. Each override decides against the base's
# condition, which grows by one conjunct per override: 3.1 s at 300 overrides and out of the
# checker's budget at 400 before the search skipped values a conjunct rules out (2026-11-24);
# about 0.5 s and 0.2 s after, on a loaded machine. On the slower machine of 2026-11-29 they
# took 1.65 s and 0.50 s, and 0.47 s and 0.32 s once the overlap test tried a likely state
# before the search (Satisfiability.canOverlap). The limit is 5 s to allow for the load.
RUN_SECONDS=5 run "check layered-overrides (1,000)" 0 check "$work/layered-overrides.bind"
RUN_SECONDS=5 run "check layered-files (400 files)" 0 check "$work"/layered-files/f*.bind
# A layered condition of 700 conjuncts (701 levels as a left-deep chain, past the table's 512)
# compiles to a table that loads: dump reads it back, explain dispatches through it (mode m800
# is left to the base binding).
RUN_SECONDS=5 run "compile layered-tall (700 conjuncts)" 0 compile "$work/layered-tall.bind" -o "$work/layered-tall.bindtable"
RUN_SECONDS=5 run "dump layered-tall table" 0 dump "$work/layered-tall.bindtable"
explained=$("$bindc" explain "$work/layered-tall.bindtable" --set mode=m800 --keys ctrl+j 2> /dev/null || true)
if ! grep -q "performed a on Editor" <<< "$explained"; then
    echo "explain layered-tall: ctrl+j in mode m800 does not perform the base binding's action" >&2
    failed=1
fi

# 3,000 unbinds of one key checked with a 256 KB stack: the narrowed condition stays low, so
# no walk (printing, comparing, freeing) goes deep. Quadratic: each unbind walks the condition
# it narrows. 15 CPU-s on the slower machine of 2026-11-29 (59.6 s of wall time in a CI run
# that shared the machine, next to the 60 s limit); 3.4-3.8 s since each overlap and each
# narrowed condition is first tried in a likely state, not searched.
RUN_PROGRAM=bash run "check layered-unbinds (3,000; 256 KB stack)" 0 \
    -c 'ulimit -s 256 && exec "$0" "$@"' "$bindc" check "$work/layered-unbinds.bind"

# tiny-editor opens a 50 MB file (lines ending in LF, CRLF and CR, invalid UTF-8, no final
# newline), types one character, saves and quits: one pass over the bytes to split the lines,
# only the lines shown or edited decoded, every other byte written back as read (checked with
# cmp). Round 1's [[Character]] buffer took 80 s and 1.26 GB; the scripted report prints the
# whole buffer, which the time includes.
cp "$work/large.txt" "$work/large.orig"
RUN_PROGRAM=$editor RUN_KB=524288 run "tiny-editor open+save (50 MB)" 0 --keys 'text:"X" primary+s' --write "$work/large.txt"
if [ "$(head -c 1 "$work/large.txt")" != X ] || ! tail -c +2 "$work/large.txt" | cmp -s - "$work/large.orig"; then
    echo "tiny-editor open+save (50 MB): the saved file is not the original with the one character typed" >&2
    failed=1
fi
exit $failed
