#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a while.
#
#   Fuzz/run.sh [seconds-per-target] [target…]     (default: 60 seconds, targets frontend table;
#                                                   0 seconds: build and seed only)
#
# Targets (Fuzz/README.md has each one's input and properties): frontend (bytes → parse,
# check, diagnostics, emit, load), format (the formatter, printers and generators on the
# same inputs), table (bytes → table loader, dispatch), strokes (the stroke parser), import
# (the VS Code and Zed importers), hostile (structure-aware tables from HostileTables), set
# (`explain --set` assignments), layouts (layout data and layout-aware key events) and lsp (the
# language server's message stream). Built with `swiftc -sanitize=fuzzer,address` over the
# library sources (the package's own build does not know about these files). Output goes to
# Fuzz/out/ (gitignored): the binaries, the working corpora (seeded from Fuzz/seeds/<target>,
# Fuzz/regressions/<target> and, for frontend and format, Examples/*.bind), logs, and any
# crash-* / timeout-* / oom-* artifacts. Exits non-zero when a target finds a crash.
#
# One process per target, run in turn (the machines are small), at `nice -n 19`. The working
# corpora are kept between runs. Each run's final libFuzzer statistics are appended to
# Fuzz/out/runs.tsv (target, seconds, executions, exec/s, cov, ft, corpus, length limit, rc).
# Environment: FUZZ_OPT (default -O), FUZZ_FLAGS (more libFuzzer flags, e.g. -jobs=2),
# FUZZ_SANITIZE (default fuzzer,address; `fuzzer` alone builds without the address sanitizer),
# FUZZ_OUT (default Fuzz/out; a build with other settings wants its own).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(frontend table)
out=${FUZZ_OUT:-$root/Fuzz/out}
mkdir -p "$out"
opt=${FUZZ_OPT:--O}
sanitize=${FUZZ_SANITIZE:-fuzzer,address}
shopt -s globstar nullglob

# Build from a snapshot of the sources, so edits (or a git rebase) during the build are harmless.
rm -rf "$out/src"
mkdir -p "$out/src"
cp -R Sources/BindingRuntime Sources/BindingLang Sources/BindingLanguageServer Fuzz/*.swift "$out/src/"
# The targets' bodies (the test targets' Fuzz folders, less the tests and their helpers).
for f in Tests/BindingLangTests/Fuzz/*.swift Tests/BindingLanguageServerTests/Fuzz/*.swift; do
    case $(basename "$f") in *Tests.swift|FuzzCorpus.swift|FuzzDictionaries.swift) ;; *) cp "$f" "$out/src/" ;; esac
done
runtime_sources=("$out"/src/BindingRuntime/**/*.swift)
lang_sources=("$out"/src/BindingLang/**/*.swift)
server_sources=("$out"/src/BindingLanguageServer/**/*.swift)
# One package name for every module, as SwiftPM gives them: the sources use `package` access.
# `-j`: a library's files compile on every core (without it swiftc used one: building the
# libraries and the frontend target from scratch took 4 min 27 s on 2 cores, and 2 min 10 s with).
flags=(-sanitize="$sanitize" -parse-as-library "$opt" -swift-version 6 -g -package-name BindKit -j "$(nproc 2>/dev/null || echo 2)")
# The bodies use `@testable import` (internal helpers such as the layout database parser).
libflags=("${flags[@]}" -enable-testing)

log() { printf '[fuzz] %s\n' "$*" >&2; }

build_runtime() {
    log "building BindingRuntime (instrumented)"
    mkdir -p "$out/modules"
    swiftc "${libflags[@]}" -module-name BindingRuntime -emit-module \
        -emit-module-path "$out/modules/BindingRuntime.swiftmodule" \
        -emit-library -static -o "$out/libBindingRuntime.a" "${runtime_sources[@]}"
}

build_lang() {
    log "building BindingLang (instrumented)"
    swiftc "${libflags[@]}" -module-name BindingLang -I "$out/modules" -emit-module \
        -emit-module-path "$out/modules/BindingLang.swiftmodule" \
        -emit-library -static -o "$out/libBindingLang.a" "${lang_sources[@]}"
}

build_server() {
    log "building BindingLanguageServer (instrumented)"
    swiftc "${libflags[@]}" -module-name BindingLanguageServer -I "$out/modules" -emit-module \
        -emit-module-path "$out/modules/BindingLanguageServer.swiftmodule" \
        -emit-library -static -o "$out/libBindingLanguageServer.a" "${server_sources[@]}"
}

build_target() { # name, harness files…
    local name=$1; shift
    log "building $name fuzzer"
    local extra_libs=()
    [ "$name" = lsp ] && extra_libs=("$out/libBindingLanguageServer.a")
    swiftc "${flags[@]}" -module-name "${name^}Fuzzer" -I "$out/modules" \
        "$@" "${extra_libs[@]}" "$out/libBindingLang.a" "$out/libBindingRuntime.a" -o "$out/$name-fuzzer" 2>&1 \
        | { grep -v "Cannot export local symbol" >&2 || true; }
    # (ld.gold warns about every ASan helper symbol; the warnings are harmless.)
    [ -x "$out/$name-fuzzer" ]
}

seed_checked_in() { # target [folder of seeds]: Fuzz/seeds/<folder> and Fuzz/regressions/<target>
    local dir=$out/corpus/$1
    mkdir -p "$dir"
    for f in "Fuzz/seeds/${2:-$1}"/* "Fuzz/regressions/$1"/*; do [ -f "$f" ] && cp "$f" "$dir/"; done
    return 0
}

seed_frontend() { # target (frontend or format: the same seeds)
    local dir=$out/corpus/$1
    seed_checked_in "$1" frontend
    for f in Examples/*.bind; do cp "$f" "$dir/$(basename "$f")"; done
    # Layered seed: the IDE keymap with its user overrides as a second file.
    if [ -f Examples/IDE.bind ] && [ -f Examples/IDE-user.bind ]; then
        { cat Examples/IDE.bind; printf '\n//@file\n'; cat Examples/IDE-user.bind; } > "$dir/IDE-layered.bind"
    fi
}

seed_table() {
    local dir=$out/corpus/table
    mkdir -p "$dir"
    # Compiled tables of the examples, written by the fuzzer binary itself (-runs=0 with
    # FUZZ_EMIT_SEEDS set makes it compile each example and save the table), so seeding
    # needs no other build.
    FUZZ_EMIT_SEEDS="$dir" "$out/table-fuzzer" -runs=0 Examples/*.bind > "$out/table-seed.log" 2>&1 || {
        cat "$out/table-seed.log" >&2; return 1; }
}

# The instrumented libraries are rebuilt only when their sources change.
stamp=$(cat "${runtime_sources[@]}" "${lang_sources[@]}" | cksum)
if [ "$(cat "$out/libs.stamp" 2>/dev/null)" != "$stamp $opt $sanitize" ] || [ ! -f "$out/libBindingLang.a" ]; then
    rm -f "$out/libs.stamp" "$out/server.stamp"
    build_runtime
    build_lang
    echo "$stamp $opt $sanitize" > "$out/libs.stamp"
fi
if [[ " ${targets[*]} " == *" lsp "* ]]; then
    server_stamp="$stamp $(cat "${server_sources[@]}" | cksum) $opt $sanitize"
    if [ "$(cat "$out/server.stamp" 2>/dev/null)" != "$server_stamp" ] || [ ! -f "$out/libBindingLanguageServer.a" ]; then
        build_server
        echo "$server_stamp" > "$out/server.stamp"
    fi
fi

status=0
for t in "${targets[@]}"; do
    body=()
    case $t in
    frontend|format) body=("$out/src/FuzzBodies.swift") ;;
    table) body=("$out/src/FuzzBodies.swift") ;;
    strokes|import|hostile) body=("$out/src/SurfaceFuzzBodies.swift" "$out/src/HostileTables.swift" "$out/src/TableSections.swift") ;;
    set) body=("$out/src/SetFuzzBody.swift") ;;
    layouts) body=("$out/src/LayoutFuzzBody.swift") ;;
    lsp) body=("$out/src/LanguageServerFuzzBody.swift") ;;
    *) log "unknown target $t"; exit 2 ;;
    esac
    entry=$t
    case $t in strokes) entry=Stroke ;; lsp) entry=LanguageServer ;; *) entry=${t^} ;; esac
    build_target "$t" "$out/src/${entry}Fuzzer.swift" "${body[@]}"
    case $t in
    frontend|format) seed_frontend "$t" ;;
    table) seed_checked_in table; seed_table ;;
    import) seed_checked_in import
            # Even length: VS Code; odd: Zed (ImportFuzzBody), so each seed is padded to its parity.
            seed_import() { local text=$1 want=$2; [ $(( ${#text} % 2 )) = "$want" ] || text="$text "; printf '%s' "$text"; }
            seed_import '[{"key": "ctrl+k ctrl+c", "command": "x", "when": "a && !b"}]' 0 > "$out/corpus/$t/seed"
            seed_import '[{"key": "cmd+s", "command": "save", "args": {"a": [1, "b\n"]}, "when": "editorFocus && lang == '"'"'md'"'"'"}, {"key": "cmd+s", "command": "-save"}]' 0 > "$out/corpus/$t/seed-vscode"
            seed_import '[{"context": "Editor && mode == full > menu", "bindings": {"ctrl-k ctrl-c": "editor::Comment", "cmd-\\": ["pane::Split", "Right"], "x": null}}, {"bindings": {"cmd-w": "pane::Close"}}, {"context": "!Editor", "bindings": {"g g": "vim::Top"}}]' 1 > "$out/corpus/$t/seed-zed"
            for f in ../shared/corpus/*/*.json; do [ -f "$f" ] && head -c 4000 "$f" > "$out/corpus/$t/$(basename "$f")"; done ;;
    hostile) seed_checked_in hostile; for k in 0 1 2 3 4; do printf "\\x0$k\\x01\\x00" > "$out/corpus/$t/seed$k"; done ;;
    *) seed_checked_in "$t" ;;
    esac
    mkdir -p "$out/artifacts/$t"
    [ "$seconds" = 0 ] && continue   # 0 seconds: build and seed only
    # Length limits: with length control on, libFuzzer starts the limit at the largest seed and
    # raises it only after runs without new coverage, which on a young corpus never happens
    # (round 1's frontend stayed at its largest seed; -len_control=20 kept 29,306 runs at
    # 7,250 bytes). -len_control=0 lets mutations use all of -max_len ("lim:" in the log).
    # frontend keeps to small sources for speed (2,370 executions per CPU-second without ASan at
    # 2 KiB, 374 at 64 KiB: Fuzz/README.md); format runs the same seeds at 64 KiB.
    case $t in
    frontend) max_len=2048 ;;
    format|lsp|table) max_len=65536 ;;
    strokes|set) max_len=2048 ;;
    hostile) max_len=4096 ;;
    *) max_len=16384 ;;
    esac
    dict=()
    case $t in
    frontend|format) dict=(-dict=Fuzz/frontend.dict) ;;
    table|hostile) dict=(-dict=Fuzz/table.dict) ;;
    *) [ -f "Fuzz/$t.dict" ] && dict=(-dict="Fuzz/$t.dict") ;;
    esac
    log "running $t for ${seconds}s"
    set +e
    started=$(date +%s)
    # shellcheck disable=SC2086
    # (ASAN_OPTIONS: no leak check at exit, which stops the process for minutes on a big heap.)
    ASAN_OPTIONS=detect_leaks=0 nice -n 19 "$out/$t-fuzzer" "$out/corpus/$t" -max_total_time="$seconds" \
        -timeout=20 -rss_limit_mb=4096 -max_len=$max_len -len_control=0 -print_final_stats=1 -detect_leaks=0 \
        "${dict[@]}" ${FUZZ_FLAGS:-} -artifact_prefix="$out/artifacts/$t/" > "$out/$t.log" 2>&1
    rc=$?
    set -e
    tail -n 20 "$out/$t.log" >&2
    # One line per run: target, wall seconds, executions, exec/s, cov, ft, corpus, last length limit, rc.
    last=$(grep -E '^#[0-9]+' "$out/$t.log" | tail -n 1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$(( $(date +%s) - started ))" \
        "$(grep -o 'stat::number_of_executed_units: [0-9]*' "$out/$t.log" | grep -o '[0-9]*$')" \
        "$(grep -o 'stat::average_exec_per_sec: [0-9]*' "$out/$t.log" | grep -o '[0-9]*$')" \
        "$(grep -o 'cov: [0-9]*' <<< "$last" | grep -o '[0-9]*$')" "$(grep -o 'ft: [0-9]*' <<< "$last" | grep -o '[0-9]*$')" \
        "$(grep -o 'corp: [0-9]*' <<< "$last" | grep -o '[0-9]*$')" "$(grep -o 'lim: [0-9]*' <<< "$last" | grep -o '[0-9]*$')" "$rc" \
        >> "$out/runs.tsv"
    if [ $rc -ne 0 ]; then
        log "$t: fuzzer exited with $rc (see $out/$t.log and $out/artifacts/$t/)"
        status=1
    fi
done
exit $status
