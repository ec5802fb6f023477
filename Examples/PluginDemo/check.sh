#!/usr/bin/env bash
# CI for the app-side example (run by .ci/run). With each of SwiftPM's two build systems, build
# and test it from a clean state with the BindKit build plugin, then build again touching
# nothing:
# - Swift Build (`--build-system swiftbuild`): the second build must write no file at all (no
#   keymap compiled, no Swift generated, no tool relinked, nothing compiled).
# - the native build system (the default in SwiftPM 6.3): its second build after a clean build
#   plans the build again and relinks the plugin's tool (a SwiftPM limitation, below), so there
#   the third build must write no file.
# Then (native) edit only bindkit.json and check that the keymap is compiled again with the new
# options, and that a keymap error and a bindkit.json error each fail the build with its
# message at its line in the build log. Prints the time each part took.
set -euo pipefail
cd "$(dirname "$0")"
start=$(date +%s)
log=$(mktemp)
marker=$(mktemp)
keymap=Sources/DemoKeys/Keymap.bind
config=Sources/DemoKeys/bindkit.json
cp "$keymap" "$log.bind"
cp "$config" "$log.json"
restore() { cp "$log.bind" "$keymap"; cp "$log.json" "$config"; rm -f "$log" "$marker" "$log.bind" "$log.json"; }
trap restore EXIT

# Builds touching nothing with scratch path $1 and build system $2, and fails if it wrote any
# file other than the build system's own lock, database and module-validation stamp.
expect_noop_build() {
    touch "$marker"
    sleep 1 # file times on some file systems have 1 s granularity
    swift build --build-tests --scratch-path "$1" --build-system "$2" > "$log" 2>&1 || { cat "$log"; exit 1; }
    written=$(find "$1" -type f -newer "$marker" \
        ! -name .lock ! -name '*.db' ! -name '*.modulevalidation' ! -name 'swift-version-*.txt' | sort)
    if [ -n "$written" ]; then
        cat "$log"
        echo "$written"
        echo "error: a $2 build with nothing changed wrote the files above" >&2
        exit 1
    fi
}

# Swift Build: the second build after a clean build does nothing.
rm -rf .build-swiftbuild
swift build --build-tests --scratch-path .build-swiftbuild --build-system swiftbuild
swift test --skip-build --scratch-path .build-swiftbuild --build-system swiftbuild
expect_noop_build .build-swiftbuild swiftbuild
rm -rf .build-swiftbuild
swiftbuild=$(date +%s)

# The native build system. SwiftPM 6.3 plans the second build after a clean build afresh (its
# "PackageStructure" step is not recorded by the first build, in any package) and then builds
# the plugin tools again from a manifest and database of their own (.build/plugin-tools.yaml,
# plugin-tools.db) whose commands and outputs (Modules-tool/*, bindc-tool) its main build
# (.build/debug.yaml, build.db) also lists and already ran once more in the first build; so
# each database sees the other's writes as changes, and bindc-tool is relinked, byte for byte
# the same. SwiftPM makes every command of a build-tool plugin depend on the plugin's tools, so
# that second build runs the keymap commands again, and only together with "Linking
# bindc-tool". The third build does nothing. A package with a ten-line plugin and tool and no
# BindKit does the same; with Swift Build it does not.
rm -rf .build
swift build --build-tests
swift test --skip-build
swift build --build-tests > "$log" 2>&1 || { cat "$log"; exit 1; }
if grep -qE "Compiling keymap|Generating Swift for keymap" "$log" && ! grep -q "Linking bindc-tool" "$log"; then
    cat "$log"
    echo "error: the native rebuild with nothing changed compiled a keymap without relinking the tool" >&2
    exit 1
fi
expect_noop_build .build native
noop=$(date +%s)

# Edit only bindkit.json: SwiftPM does not run the plugin again (it plans the build from its
# cache), but bindkit.json is an input of both build commands and bindc reads it itself, so
# the keymap is compiled again, with the new options. Here: platform linux, where 'primary'
# is ctrl, so the table's first binding becomes ctrl+1 (the test, which expects cmd+1, is not
# run on it).
sed 's/"apple"/"linux"/' "$log.json" > "$config"
swift build --build-tests > "$log" 2>&1 || { cat "$log"; exit 1; }
grep -q "Compiling keymap" "$log" || { cat "$log"; echo "error: editing bindkit.json did not recompile the keymap" >&2; exit 1; }
table=$(find .build -path '*PluginDemo_DemoKeys.resources/Keymap.bindtable' | head -1)
tool=$(find .build -name bindc-tool -type f -perm -u+x | head -1)
"$tool" dump "$table" | grep -q "ctrl+1" \
    || { echo "error: the recompiled table does not use bindkit.json's new platform" >&2; exit 1; }
# A build must fail, with the error matching $1 (about $2) in its log.
expect_build_error() {
    if swift build --build-tests > "$log" 2>&1; then
        echo "error: $2 with an error built" >&2
        exit 1
    fi
    grep -E "$1" "$log" || { cat "$log"; echo "error: $2's error is not in the build log" >&2; exit 1; }
}

printf '{\n  "layers": ["Keymap.bind"],\n  "platfrom": "apple"\n}\n' > "$config"
expect_build_error "bindkit.json:3:3: error: unknown key 'platfrom'; did you mean 'platform'\?" "bindkit.json"
cp "$log.json" "$config"

printf 'in Editor {\n  cmd+k -> nosuchAction\n}\n' >> "$keymap"
expect_build_error "Keymap.bind:[0-9]+:[0-9]+: error: unknown action 'nosuchAction'" "the keymap"
cp "$log.bind" "$keymap"

end=$(date +%s)
echo "PluginDemo: Swift Build clean build, test and no-op rebuild $((swiftbuild - start)) s; native $((noop - swiftbuild)) s; edits and error checks $((end - noop)) s"
