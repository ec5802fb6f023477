#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a while.
#
#   Fuzz/run.sh [seconds-per-target] [target…]     (default: 60 seconds, targets frontend table;
#                                                   0 seconds: build and seed only)
#
# Targets: frontend (bytes → parse, check, print, format, emit), table (bytes → table
# loader, and when it loads, dispatch over a small responder chain and list the overlay),
# strokes (the stroke parser), import (the VS Code and Zed importers; what imports compiles)
# and hostile (structure-aware tables from HostileTables, mutated and resealed).
# Built with `swiftc -sanitize=fuzzer,address` over the library sources (the package's own
# build does not know about these files). Output goes to Fuzz/out/ (gitignored): the
# binaries, the working corpora (seeded from Examples/*.bind and their compiled tables),
# and any crash-* / timeout-* / oom-* artifacts. Exits non-zero when a target finds a crash.
#
# One process per target, run in turn (the machines are small). The working corpora are kept
# between runs. Environment: FUZZ_OPT (default -O).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(frontend table)
out=$root/Fuzz/out
mkdir -p "$out"
opt=${FUZZ_OPT:--O}
shopt -s globstar nullglob

# Build from a snapshot of the sources, so edits (or a git rebase) during the build are harmless.
rm -rf "$out/src"
mkdir -p "$out/src"
cp -R Sources/BindingRuntime Sources/BindingLang Fuzz/*.swift Tests/BindingLangTests/Fuzz/FuzzBodies.swift \
    Tests/BindingLangTests/Fuzz/SurfaceFuzzBodies.swift Tests/BindingLangTests/Fuzz/HostileTables.swift \
    Tests/BindingLangTests/Fuzz/TableSections.swift "$out/src/"
runtime_sources=("$out"/src/BindingRuntime/**/*.swift)
lang_sources=("$out"/src/BindingLang/**/*.swift)
flags=(-sanitize=fuzzer,address -parse-as-library "$opt" -swift-version 6 -g)

log() { printf '[fuzz] %s\n' "$*" >&2; }

build_runtime() {
    log "building BindingRuntime (instrumented)"
    mkdir -p "$out/modules"
    swiftc "${flags[@]}" -module-name BindingRuntime -emit-module \
        -emit-module-path "$out/modules/BindingRuntime.swiftmodule" \
        -emit-library -static -o "$out/libBindingRuntime.a" "${runtime_sources[@]}"
}

build_lang() {
    log "building BindingLang (instrumented)"
    swiftc "${flags[@]}" -module-name BindingLang -I "$out/modules" -emit-module \
        -emit-module-path "$out/modules/BindingLang.swiftmodule" \
        -emit-library -static -o "$out/libBindingLang.a" "${lang_sources[@]}"
}

build_target() { # name, harness files…
    local name=$1; shift
    log "building $name fuzzer"
    swiftc "${flags[@]}" -module-name "${name^}Fuzzer" -I "$out/modules" \
        "$@" "$out/libBindingLang.a" "$out/libBindingRuntime.a" -o "$out/$name-fuzzer" 2>&1 \
        | { grep -v "Cannot export local symbol" >&2 || true; }
    # (ld.gold warns about every ASan helper symbol; the warnings are harmless.)
    [ -x "$out/$name-fuzzer" ]
}

seed_frontend() {
    local dir=$out/corpus/frontend
    mkdir -p "$dir"
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
if [ "$(cat "$out/libs.stamp" 2>/dev/null)" != "$stamp $opt" ] || [ ! -f "$out/libBindingLang.a" ]; then
    rm -f "$out/libs.stamp"
    build_runtime
    build_lang
    echo "$stamp $opt" > "$out/libs.stamp"
fi

status=0
for t in "${targets[@]}"; do
    case $t in
    frontend)
        build_target frontend "$out/src/FrontendFuzzer.swift" "$out/src/FuzzBodies.swift"
        seed_frontend ;;
    table)
        build_target table "$out/src/TableFuzzer.swift" "$out/src/FuzzBodies.swift"
        seed_table ;;
    strokes|import|hostile)
        cap=${t^}
        [ "$t" = strokes ] && cap=Stroke
        build_target "$t" "$out/src/${cap}Fuzzer.swift" "$out/src/SurfaceFuzzBodies.swift" \
            "$out/src/HostileTables.swift" "$out/src/TableSections.swift"
        mkdir -p "$out/corpus/$t"
        case $t in
        strokes) printf 'ctrl+k ctrl+c' > "$out/corpus/$t/seed1"; printf '"[" cmd+"*" G' > "$out/corpus/$t/seed2" ;;
        import) # Even length: VS Code; odd: Zed (ImportFuzzBody), so each seed is padded to its parity.
                seed_import() { local text=$1 want=$2; [ $(( ${#text} % 2 )) = "$want" ] || text="$text "; printf '%s' "$text"; }
                seed_import '[{"key": "ctrl+k ctrl+c", "command": "x", "when": "a && !b"}]' 0 > "$out/corpus/$t/seed"
                seed_import '[{"key": "cmd+s", "command": "save", "args": {"a": [1, "b\n"]}, "when": "editorFocus && lang == '"'"'md'"'"'"}, {"key": "cmd+s", "command": "-save"}]' 0 > "$out/corpus/$t/seed-vscode"
                seed_import '[{"context": "Editor && mode == full > menu", "bindings": {"ctrl-k ctrl-c": "editor::Comment", "cmd-\\": ["pane::Split", "Right"], "x": null}}, {"bindings": {"cmd-w": "pane::Close"}}, {"context": "!Editor", "bindings": {"g g": "vim::Top"}}]' 1 > "$out/corpus/$t/seed-zed"
                for f in ../shared/corpus/*/*.json; do [ -f "$f" ] && head -c 4000 "$f" > "$out/corpus/$t/$(basename "$f")"; done ;;
        hostile) for k in 0 1 2 3 4; do printf "\\x0$k\\x01\\x00" > "$out/corpus/$t/seed$k"; done ;;
        esac ;;
    *) log "unknown target $t"; exit 2 ;;
    esac
    mkdir -p "$out/artifacts/$t"
    [ "$seconds" = 0 ] && continue   # 0 seconds: build and seed only
    log "running $t for ${seconds}s"
    set +e
    dict=()
    [ -f "Fuzz/$t.dict" ] && dict=(-dict="Fuzz/$t.dict")
    "$out/$t-fuzzer" "$out/corpus/$t" -max_total_time="$seconds" \
        -timeout=20 -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1 -detect_leaks=0 \
        "${dict[@]}" -artifact_prefix="$out/artifacts/$t/" > "$out/$t.log" 2>&1
    rc=$?
    set -e
    tail -n 20 "$out/$t.log" >&2
    if [ $rc -ne 0 ]; then
        log "$t: fuzzer exited with $rc (see $out/$t.log and $out/artifacts/$t/)"
        status=1
    fi
done
exit $status
