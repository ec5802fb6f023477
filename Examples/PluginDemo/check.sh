#!/usr/bin/env bash
# CI for the app-side example (run by .ci/run): build and test it from a clean state with the
# BindKit build plugin; build again touching nothing and fail if a keymap was compiled; edit
# only bindkit.json and check that the keymap is compiled again with the new options; then
# check that a keymap error and a bindkit.json error each fail the build with its message at
# its line in the build log. Prints the time it took.
set -euo pipefail
cd "$(dirname "$0")"
start=$(date +%s)
log=$(mktemp)
keymap=Sources/DemoKeys/Keymap.bind
config=Sources/DemoKeys/bindkit.json
cp "$keymap" "$log.bind"
cp "$config" "$log.json"
restore() { cp "$log.bind" "$keymap"; cp "$log.json" "$config"; rm -f "$log" "$log.bind" "$log.json"; }
trap restore EXIT

rm -rf .build
swift build --build-tests
swift test --skip-build

# Touching nothing, build again. SwiftPM 6.3 on Linux re-links the plugin's tool (bindc) in
# the first build after the one that built it: it builds plugin tools from a manifest and
# database of their own (.build/plugin-tools.yaml, plugin-tools.db) and lists the same tool
# commands, with the same outputs (Modules-tool/*, bindc-tool), in the main build's
# (.build/debug.yaml, build.db); each database sees the other's writes as changes once. A
# build command depends on its executable, so that build may run the keymap commands once
# more, but only together with "Linking bindc-tool"; the build after it must do nothing at all.
swift build --build-tests > "$log" 2>&1 || { cat "$log"; exit 1; }
if grep -qE "Compiling keymap|Generating Swift for keymap" "$log" && ! grep -q "Linking bindc-tool" "$log"; then
    cat "$log"
    echo "error: the rebuild with nothing changed compiled a keymap again" >&2
    exit 1
fi
swift build --build-tests > "$log" 2>&1 || { cat "$log"; exit 1; }
if grep -E "Compiling keymap|Generating Swift for keymap|Linking|Compiling [A-Z]" "$log"; then
    echo "error: a rebuild with nothing changed did work" >&2
    exit 1
fi
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
echo "PluginDemo: clean build, test and no-op rebuild $((noop - start)) s; error checks $((end - noop)) s"
