#!/usr/bin/env python3
"""Writes issue 16's hostile .bind sources into a directory (one file per row)."""
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
head = "context a: Bool\nresponder R\naction go\n"


def write(name, text):
    with open(os.path.join(out, name), "w") as f:
        f.write(text)


# Row 1: a 100,000-operand && chain (and ||).
write("chain-and.bind", head + "in R when a" + " && a" * 99_999 + " {\n  k -> go\n}\n")
write("chain-or.bind", head + "in R {\n  k -> go when a" + " || a" * 99_999 + "\n}\n")
# Issue 10, defect 1, at 10^6 (DeepInputTests runs each at 10^5 in `swift test`): every construct
# that nests or chains, repeated a million times.
M = 1_000_000
deep_head = "context a: Bool\ncontext m: x | y\nresponder R\naction go\n"
deep = {
    "and": "in R when a" + " && a" * M + " {\n  k -> go\n}\n",
    "or-binding": "in R {\n  k -> go when a" + "||a" * M + "\n  j -> go\n}\n",
    "comparisons": "in R when m" + " == x" * M + " {\n}\n",
    "in-list": "in R when m in (x" + ", y" * M + ") {\n}\n",
    "parentheses": "in R when " + "(" * M + "a" + ")" * M + " {\n}\n",
    "bangs": "in R when " + "!" * M + "a {\n}\n",
    "dictionaries": "shortcut \"t\" {\n  title \"T\"\n  userInfo " + "{ a: " * M + "1" + " }" * M + "\n}\n",
    "submenus": "menu \"m\" {\n" + "menu \"n\" {\n" * M + "}\n" * M + "}\n",
    "line-comments": "// c\n" * M + "in R {\n  k -> go\n}\n",
    "block-comments": "in R {\n  k " + "/* c */" * M + " -> go\n}\n",
    "open-comments": "/* " * M,
}
for name, body in deep.items():
    write(f"deep-{name}.bind", deep_head + body)
# Row 7: 512 bindings of one chord sharing a 30-clause condition.
flags = [f"f{i}" for i in range(30)]
clauses = " && ".join(f"({flags[i]} || !{flags[(i + 1) % 30]})" for i in range(30))
for count in (512, 400):  # 400 stays within the per-press limit, so every pair is decided
    text = "".join(f"context {f}: Bool\n" for f in flags) + "responder R\naction go\nin R {\n"
    text += "".join(f"  k -> go when {clauses}\n" for _ in range(count)) + "}\n"
    write(f"shared-condition-{count}.bind", text)
# Issue 16's checker budget: 256 bindings of one chord, each gated by a pigeonhole formula
# (5 pigeons, 4 holes: never true, and hard for the search) and a flag of its own, so every
# condition and every pair is distinct. Without the compilation's work budget each pair would
# take a full 5,000-step search (32,640 pairs); with it, `check` ends in errors.
php = [[f"p{i}{h}" for h in range(4)] for i in range(5)]
pigeons = " && ".join("(" + " || ".join(row) + ")" for row in php)
holes = " && ".join(f"!({php[i][h]} && {php[j][h]})" for h in range(4) for i in range(5) for j in range(i + 1, 5))
text = "".join(f"context {v}: Bool\n" for row in php for v in row)
text += "".join(f"context g{i}: Bool\n" for i in range(256)) + "responder R\naction go\nin R {\n"
text += "".join(f"  k -> go when {pigeons} && {holes} && g{i}\n" for i in range(256)) + "}\n"
write("pigeonhole-pairs.bind", text)
# Row 8: a prefix chain a, a a, a a a, ... of 1,000 bindings.
write("prefix-chain.bind", head + "in R {\n" + "".join("  " + " ".join(["a"] * n) + " -> go\n" for n in range(1, 1001)) + "}\n")
# Row 9: 10^6 bindings (two strokes each, distinct).
keys = "abcdefghijklmnopqrstuvwxyz0123456789"
mods = ["", "ctrl+", "alt+", "shift+", "cmd+", "ctrl+alt+", "ctrl+shift+", "alt+shift+", "cmd+shift+", "cmd+alt+",
        "ctrl+cmd+", "ctrl+alt+shift+", "cmd+alt+shift+", "ctrl+cmd+shift+", "ctrl+alt+cmd+", "ctrl+alt+shift+cmd+"]
chords = [m + k for m in mods for k in keys]  # 576
lines = []
for i in range(1_000_000):
    lines.append(f"  {chords[i % 576]} {chords[(i // 576) % 576]} {chords[i // (576 * 576)]} -> go\n")
write("million.bind", head + "in R {\n" + "".join(lines) + "}\n")

# tiny-editor's large file: 50 MB of lines ending in LF, CRLF and lone CR, invalid UTF-8 bytes
# here and there, multi-byte characters, and no final newline.
endings = [b"\n", b"\r\n", b"\r"]
chunk = bytearray()
for i in range(4096):
    chunk += b"line %d of the large file, caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac " % i
    if i % 97 == 50:  # not the first line, which the benchmark edits (an edited line is UTF-8)
        chunk += b"\xff\xc0 invalid"
    chunk += endings[i % 3]
with open(os.path.join(out, "large.txt"), "wb") as f:
    size = 0
    while size < 50 * 1024 * 1024:
        f.write(chunk)
        size += len(chunk)
    f.write(b"the last line, no final newline")

# dump's output, linear in the table: 20,000 bindings (distinct two-stroke sequences) sharing
# one 120-clause condition (about 3.7 KB of text; 128 operands is the most a condition takes).
# Printed once per binding, the listing would be about 75 MB; listed once, named, about 2 MB.
flags = [f"shared_condition_flag_{i}" for i in range(120)]
text = "".join(f"context {f}: Bool\n" for f in flags) + "responder R\naction go\n"
text += "in R when " + " && ".join(flags) + " {\n"
text += "".join(f"  {chords[i % 576]} {chords[i // 576]} -> go\n" for i in range(20_000)) + "}\n"
write("shared-dump.bind", text)

# Layering's overriding side (issue 16): 1,000 overrides of one key. A base binds ctrl+j;
# the file over it narrows it with 500 bindings and 500 unbinds, each where the 1,000-case
# `mode` has another value (the base's condition grows to 1,000 conjuncts, and each override
# decides overlap and satisfiability against it). And 400 files, each overriding ctrl+j
# where one case holds (each compared with every live earlier binding).
cases = [f"m{i}" for i in range(1000)]
base = "context mode: " + " | ".join(cases) + "\nresponder Editor\naction a\naction b\nin Editor {\n  ctrl+j -> a\n}\n"
write("layered-base.bind", base)
text = 'layer over "layered-base.bind"\nin Editor {\n'
text += "".join(f"  ctrl+j -> b when mode == m{i}\n" for i in range(500))
text += "".join(f"  unbind ctrl+j when mode == m{i}\n" for i in range(500, 1000))
write("layered-overrides.bind", text + "}\n")
# The same base where the layer leaves 300 cases to it: its condition keeps 700 conjuncts,
# which made a chain 701 levels tall, past the table's 512 (it compiled and the table was
# rejected on load, 2026-11-24); layering now keeps the chain about 2 log2 n levels tall.
text = 'layer over "layered-base.bind"\nin Editor {\n'
text += "".join(f"  ctrl+j -> b when mode == m{i}\n" for i in range(350))
text += "".join(f"  unbind ctrl+j when mode == m{i}\n" for i in range(350, 700))
write("layered-tall.bind", text + "}\n")
# 3,000 unbinds of one key, each where another case of a 4,000-case `mode` holds: checked
# with a 256 KB stack. Built as a left-deep chain, the narrowed condition was 3,001 levels
# tall, and freeing it took about 7,850 nested calls, past such a stack (2026-11-24).
cases4k = [f"m{i}" for i in range(4000)]
write("layered-unbinds-base.bind", "context mode: " + " | ".join(cases4k) + "\nresponder Editor\naction a\nin Editor {\n  ctrl+j -> a\n}\n")
text = 'layer over "layered-unbinds-base.bind"\nin Editor {\n'
text += "".join(f"  unbind ctrl+j when mode == m{i}\n" for i in range(3000))
write("layered-unbinds.bind", text + "}\n")
os.makedirs(os.path.join(out, "layered-files"), exist_ok=True)
write("layered-files/f000.bind", base)
for i in range(1, 400):
    write(f"layered-files/f{i:03d}.bind", f"in Editor {{\n  ctrl+j -> b when mode == m{i}\n}}\n")
