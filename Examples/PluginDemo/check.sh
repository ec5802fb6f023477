#!/usr/bin/env bash
# CI for the app-side example (run by .ci/run): build and test it from a clean state with the
# BindKit build plugin; build again touching nothing and fail if a keymap was compiled; then
# check that a keymap error fails the build with its message in the build log. Prints the time
# it took. (A wrong bindkit.json is reported when SwiftPM runs the plugin, which it does when
# it plans the build afresh, not after each edit of the file: see README.)
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
# the first build after the one that built it (its tool phase and its main phase each redo the
# other's "Wrapping AST" step), and a build command depends on its executable, so that build
# may run the keymap commands once more, but only together with "Linking bindc-tool"; the build
# after it must do nothing at all.
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

printf 'in Editor {\n  cmd+k -> nosuchAction\n}\n' >> "$keymap"
if swift build --build-tests > "$log" 2>&1; then
    echo "error: a keymap with an error built" >&2
    exit 1
fi
grep -E "Keymap.bind:[0-9]+:[0-9]+: error: unknown action 'nosuchAction'" "$log" \
    || { cat "$log"; echo "error: the keymap's error is not in the build log" >&2; exit 1; }
cp "$log.bind" "$keymap"

end=$(date +%s)
echo "PluginDemo: clean build, test and no-op rebuild $((noop - start)) s; error checks $((end - noop)) s"
