#!/usr/bin/env bash
# CI for the app-side example (run by .ci/run): build and test it from a clean state with the
# BindKit build plugin; build again touching nothing and fail if a keymap was compiled; then
# check that a keymap error and a configuration error each fail the build with a message in
# the build log. Prints the time it took.
set -euo pipefail
cd "$(dirname "$0")"
start=$(date +%s)
# Debug builds on Linux wrap each module's AST for the debugger; SwiftPM re-links the plugin's
# tool (bindc) in the build after the one that first built it, which re-runs the plugin's
# commands once. No debug info avoids that step, so the no-op check below is exact.
flags=(-debug-info-format none)
log=$(mktemp)
keymap=Sources/DemoKeys/Keymap.bind
config=Sources/DemoKeys/bindkit.json
cp "$keymap" "$log.bind"
cp "$config" "$log.json"
restore() { cp "$log.bind" "$keymap"; cp "$log.json" "$config"; rm -f "$log" "$log.bind" "$log.json"; }
trap restore EXIT

rm -rf .build
swift build --build-tests "${flags[@]}"
swift test --skip-build "${flags[@]}"

swift build --build-tests "${flags[@]}" > "$log" 2>&1 || { cat "$log"; exit 1; }
if grep -E "Compiling keymap|Generating Swift for keymap" "$log"; then
    echo "error: the rebuild with nothing changed compiled a keymap again" >&2
    exit 1
fi
noop=$(date +%s)

printf 'in Editor {\n  cmd+k -> nosuchAction\n}\n' >> "$keymap"
if swift build --build-tests "${flags[@]}" > "$log" 2>&1; then
    echo "error: a keymap with an error built" >&2
    exit 1
fi
grep -E "Keymap.bind:[0-9]+:[0-9]+: error: unknown action 'nosuchAction'" "$log" \
    || { cat "$log"; echo "error: the keymap's error is not in the build log" >&2; exit 1; }
cp "$log.bind" "$keymap"

printf '{ "layers": ["Keymap.bind"], "platfrom": "apple" }\n' > "$config"
if swift build --build-tests "${flags[@]}" > "$log" 2>&1; then
    echo "error: a wrong bindkit.json built" >&2
    exit 1
fi
grep -F "unknown key 'platfrom'; did you mean 'platform'?" "$log" \
    || { cat "$log"; echo "error: the configuration error is not in the build log" >&2; exit 1; }

end=$(date +%s)
echo "PluginDemo: clean build, test and no-op rebuild $((noop - start)) s; error checks $((end - noop)) s"
