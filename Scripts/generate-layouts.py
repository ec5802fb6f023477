#!/usr/bin/env python3
"""Regenerates Sources/BindingRuntime/Layouts/KeyboardLayout+Data.swift.

The layout database maps, for each keyboard layout, every writing-system key (named as
KeyboardEvent.code names it) to the characters it types alone, with Shift, with AltGr/Option
and with Shift+AltGr/Option, and says which of those are dead keys. Two sources:

  * PC layouts (Linux, X11 and Wayland; Windows' layouts of the same name differ, mostly at
    AltGr): xkeyboard-config's symbols files (Debian's `xkb-data`, /usr/share/X11/xkb/symbols) with keysym names resolved through X11's keysymdef.h
    (Debian's `x11proto-dev`). Includes are followed and merged level by level, as xkbcommon
    does, over "pc" (which gives the ISO key its `< > | ¦` where the layout does not) except
    for keyboards without that key; dead_* keysyms become the accent's spacing character,
    marked dead.
  * Apple and Windows layouts: VS Code's macOS and Windows tables
    (Scripts/layouts/vscode/*.darwin.ts, *.win.ts, MIT, copied unchanged from microsoft/vscode
    with their provenance in Scripts/layouts/README.md), whose fifth field is the dead-key mask
    (always 0 in the Windows tables: see LAYOUTS).

Usage: Scripts/generate-layouts.py [--xkb DIR] [--keysyms FILE] [--vscode DIR] [--check]
With --check it only compares the generated text with the checked-in file (exit 1 if they
differ). Builds never run this script: its output is checked in.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
OUTPUT = os.path.join(REPO, "Sources", "BindingRuntime", "Layouts", "KeyboardLayout+Data.swift")

# The writing-system keys, in the order of PhysicalKey.swift's table (the order the data
# lists them in). xkb key names map onto them.
KEYS = [
    "Backquote", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8",
    "Digit9", "Digit0", "Minus", "Equal", "IntlYen",
    "KeyQ", "KeyW", "KeyE", "KeyR", "KeyT", "KeyY", "KeyU", "KeyI", "KeyO", "KeyP",
    "BracketLeft", "BracketRight", "Backslash",
    "KeyA", "KeyS", "KeyD", "KeyF", "KeyG", "KeyH", "KeyJ", "KeyK", "KeyL", "Semicolon", "Quote",
    "IntlBackslash", "KeyZ", "KeyX", "KeyC", "KeyV", "KeyB", "KeyN", "KeyM", "Comma", "Period",
    "Slash", "IntlRo", "Space",
]

XKB_KEYS = {"TLDE": "Backquote", "BKSL": "Backslash", "AC12": "Backslash", "LSGT": "IntlBackslash",
            "AE13": "IntlYen", "AB11": "IntlRo", "SPCE": "Space"}
for i, k in enumerate(["Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7",
                       "Digit8", "Digit9", "Digit0", "Minus", "Equal"]):
    XKB_KEYS["AE%02d" % (i + 1)] = k
for i, k in enumerate("QWERTYUIOP"):
    XKB_KEYS["AD%02d" % (i + 1)] = "Key" + k
XKB_KEYS["AD11"], XKB_KEYS["AD12"] = "BracketLeft", "BracketRight"
for i, k in enumerate("ASDFGHJKL"):
    XKB_KEYS["AC%02d" % (i + 1)] = "Key" + k
XKB_KEYS["AC10"], XKB_KEYS["AC11"] = "Semicolon", "Quote"
for i, k in enumerate("ZXCVBNM"):
    XKB_KEYS["AB%02d" % (i + 1)] = "Key" + k
XKB_KEYS["AB08"], XKB_KEYS["AB09"], XKB_KEYS["AB10"] = "Comma", "Period", "Slash"

# Dead keysyms and the spacing character each stands for.
DEAD = {
    "grave": "`", "acute": "´", "circumflex": "^", "tilde": "~", "perispomeni": "~",
    "macron": "¯", "breve": "˘", "abovedot": "˙", "diaeresis": "¨", "abovering": "˚",
    "doubleacute": "˝", "caron": "ˇ", "cedilla": "¸", "ogonek": "˛", "iota": "ͺ",
    "belowdot": "̣", "stroke": "/", "abovecomma": "᾿", "psili": "᾿",
    "abovereversedcomma": "῾", "dasia": "῾", "currency": "¤", "greek": "µ",
    "hook": "̉", "horn": "̛", "belowcomma": ",", "lowline": "_", "belowmacron": "ˍ",
}

# id, name, platform, source[, dead-key partner]. PC layouts: xkb file(variant) (variant
# None = the file's default). Windows and Apple layouts: a VS Code win or darwin file. VS
# Code's Windows tables mark no dead keys (their mask is always 0), so a Windows layout takes
# the dead keys of its Linux partner where both type the same character at the same key and
# level (German `^` `´` `` ` ``, French `^` `¨`, …); a dead key only Windows has is not marked.
LAYOUTS = [
    ("us", "English (US)", "pc", "xkb:us(basic)"),
    ("gb", "English (UK)", "pc", "xkb:gb"),
    ("de", "German", "pc", "xkb:de"),
    ("fr", "French (AZERTY)", "pc", "xkb:fr"),
    ("es", "Spanish", "pc", "xkb:es"),
    ("it", "Italian", "pc", "xkb:it"),
    ("pt", "Portuguese", "pc", "xkb:pt"),
    ("br", "Portuguese (Brazil, ABNT2)", "pc", "xkb:br"),
    ("ch-de", "German (Switzerland)", "pc", "xkb:ch(basic)"),
    ("ch-fr", "French (Switzerland)", "pc", "xkb:ch(fr)"),
    ("be", "Belgian", "pc", "xkb:be"),
    ("nl", "Dutch", "pc", "xkb:nl"),
    ("se", "Swedish", "pc", "xkb:se"),
    ("no", "Norwegian", "pc", "xkb:no"),
    ("dk", "Danish", "pc", "xkb:dk"),
    ("fi", "Finnish", "pc", "xkb:fi(classic)"),
    ("pl", "Polish (programmer)", "pc", "xkb:pl"),
    ("cz", "Czech", "pc", "xkb:cz"),
    ("hu", "Hungarian", "pc", "xkb:hu"),
    ("tr", "Turkish (Q)", "pc", "xkb:tr"),
    ("ru", "Russian", "pc", "xkb:ru"),
    ("ua", "Ukrainian", "pc", "xkb:ua"),
    ("gr", "Greek", "pc", "xkb:gr"),
    ("il", "Hebrew", "pc", "xkb:il"),
    ("jp", "Japanese (JIS, Latin input)", "pc", "xkb:jp"),
    ("kr", "Korean (Latin input)", "pc", "xkb:kr"),
    ("dvorak", "English (Dvorak)", "pc", "xkb:us(dvorak)"),
    ("colemak", "English (Colemak)", "pc", "xkb:us(colemak)"),
    ("us-intl", "English (US, international, dead keys)", "pc", "xkb:us(intl)"),
    ("latam", "Spanish (Latin American)", "pc", "xkb:latam"),
    ("ca", "French (Canada)", "pc", "xkb:ca"),
    ("us-win", "English (US), Windows", "windows", "vscode:en.win.ts", "us"),
    ("gb-win", "English (UK), Windows", "windows", "vscode:en-uk.win.ts", "gb"),
    ("us-intl-win", "English (US, international), Windows", "windows", "vscode:en-intl.win.ts", "us-intl"),
    ("de-win", "German, Windows", "windows", "vscode:de.win.ts", "de"),
    ("ch-de-win", "German (Switzerland), Windows", "windows", "vscode:de-swiss.win.ts", "ch-de"),
    ("fr-win", "French (AZERTY), Windows", "windows", "vscode:fr.win.ts", "fr"),
    ("be-win", "Belgian (Period), Windows", "windows", "vscode:en-belgian.win.ts", "be"),
    ("es-win", "Spanish, Windows", "windows", "vscode:es.win.ts", "es"),
    ("latam-win", "Spanish (Latin American), Windows", "windows", "vscode:es-latin.win.ts", "latam"),
    ("it-win", "Italian, Windows", "windows", "vscode:it.win.ts", "it"),
    ("pt-win", "Portuguese, Windows", "windows", "vscode:pt.win.ts", "pt"),
    ("br-win", "Portuguese (Brazil, ABNT), Windows", "windows", "vscode:pt-br.win.ts", "br"),
    ("se-win", "Swedish, Windows", "windows", "vscode:sv.win.ts", "se"),
    ("no-win", "Norwegian, Windows", "windows", "vscode:no.win.ts", "no"),
    ("dk-win", "Danish, Windows", "windows", "vscode:dk.win.ts", "dk"),
    ("pl-win", "Polish (programmers), Windows", "windows", "vscode:pl.win.ts", "pl"),
    ("cz-win", "Czech, Windows", "windows", "vscode:cz.win.ts", "cz"),
    ("hu-win", "Hungarian, Windows", "windows", "vscode:hu.win.ts", "hu"),
    ("tr-win", "Turkish (Q), Windows", "windows", "vscode:tr.win.ts", "tr"),
    ("ru-win", "Russian, Windows", "windows", "vscode:ru.win.ts", "ru"),
    ("us-mac", "English (US), Apple", "apple", "vscode:en.darwin.ts"),
    ("gb-mac", "English (UK), Apple", "apple", "vscode:en-uk.darwin.ts"),
    ("de-mac", "German, Apple", "apple", "vscode:de.darwin.ts"),
    ("fr-mac", "French, Apple", "apple", "vscode:fr.darwin.ts"),
    ("es-mac", "Spanish ISO, Apple", "apple", "vscode:es.darwin.ts"),
    ("it-mac", "Italian, Apple", "apple", "vscode:it.darwin.ts"),
    ("br-mac", "Brazilian Pro, Apple", "apple", "vscode:pt.darwin.ts"),
    ("se-mac", "Swedish Pro, Apple", "apple", "vscode:sv.darwin.ts"),
    ("pl-mac", "Polish Pro, Apple", "apple", "vscode:pl.darwin.ts"),
    ("ru-mac", "Russian, Apple", "apple", "vscode:ru.darwin.ts"),
    ("dvorak-mac", "Dvorak, Apple", "apple", "vscode:dvorak.darwin.ts"),
    ("jp-google-mac", "Japanese alphanumeric (Google Japanese Input), Apple", "apple", "vscode:jp-roman.darwin.ts"),
    ("kr-mac", "Korean (2-Set), Apple", "apple", "vscode:ko.darwin.ts"),
]


# Dead keys of Windows layouts that their Linux namesakes do not have (so mark_dead_keys cannot
# find them), as (key, level): 0 alone, 1 Shift, 2 AltGr, 3 Shift+AltGr. Sources: Microsoft's
# layout sources (Windows-driver-samples input/layout/all_kbds/kbdfr/kbdfr.c), kbdlayout.info's
# export of kbdcz.dll 10.0.25393.1, Windows NT 4's kbdtuq.txt and ReactOS's kbdtuq.c, kbdsp.c,
# kbdpl1.c and kbdcz.c, Microsoft's "Dead-Key Combinations on the Polish Programmer's
# Keyboard", the HunLC project's notes on the Hungarian caret.
WINDOWS_DEAD_KEYS = {
    "fr-win": [("Digit2", 2), ("Digit7", 2)],                     # ~ `
    "es-win": [("Digit4", 2)],                                     # ~
    "tr-win": [("Digit3", 1), ("BracketRight", 2), ("Backslash", 2), ("Semicolon", 2)],  # ^ ~ ` ´
    "pl-win": [("Backquote", 1)],                                  # ~
    "us-intl-win": [("Quote", 0), ("Quote", 1)],                   # ' "
    "cz-win": [("Backquote", 1)] + [(k, 2) for k in ("Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7",
                                                     "Digit8", "Digit9", "Digit0", "Minus", "Equal")],
    "hu-win": [("Digit3", 2)],                                     # ^
}

# PC layouts whose keyboards have no ISO key beside the left Shift (ANSI, JIS, Korean): the
# key "pc" gives every layout is left out of them, so that no character is found on a key
# their users do not have.
WITHOUT_ISO_KEY = {"us", "dvorak", "pl", "il", "jp", "kr"}


# MARK: - keysyms

def load_keysyms(path):
    names = {}
    pattern = re.compile(r"#define XK_(\w+)\s+0x([0-9a-fA-F]+)\s*(?:/\*\s*\(?U\+([0-9A-Fa-f]+))?")
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = pattern.match(line)
            if not m:
                continue
            name, value, uni = m.group(1), int(m.group(2), 16), m.group(3)
            if uni:
                names[name] = chr(int(uni, 16))
            elif name.startswith("dead_"):
                names[name] = ("dead", name[5:])
    return names


def keysym_text(sym, keysyms):
    """(character or '', dead?) for one keysym as written in a symbols file."""
    # xkbcommon reads "Nosymbol" (Czech's symbols file writes it) as NoSymbol too.
    if sym.lower() == "nosymbol":
        return None
    if sym == "VoidSymbol":
        return ("", False)
    if re.fullmatch(r"U[0-9A-Fa-f]{4,6}", sym):
        return (chr(int(sym[1:], 16)), False)
    if re.fullmatch(r"0x[0-9A-Fa-f]+", sym):
        v = int(sym, 16)
        if v >= 0x1000000:
            return (chr(v - 0x1000000), False)
        if 0x20 <= v <= 0x7E or 0xA0 <= v <= 0xFF:
            return (chr(v), False)
        return ("", False)
    if len(sym) == 1 and sym.isdigit():
        return (sym, False)
    value = keysyms.get(sym)
    if isinstance(value, tuple):
        return (DEAD.get(value[1], ""), True) if DEAD.get(value[1]) else ("", False)
    if value is None:
        return ("", False)
    return (value, False)


# MARK: - xkb symbols

def read_blocks(path, cache={}):
    if path in cache:
        return cache[path]
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    text = re.sub(r"//[^\n]*", "", text)
    blocks, default, first = {}, None, None
    for m in re.finditer(r'((?:\w+\s+)*)xkb_symbols\s+"([^"]+)"\s*\{', text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        blocks[m.group(2)] = text[m.end():i - 1]
        first = first or m.group(2)
        if "default" in m.group(1).split():
            default = m.group(2)
    cache[path] = (blocks, default or first)
    return cache[path]


def xkb_layout(xkb_dir, spec, keysyms, used):
    m = re.fullmatch(r"([\w/]+)(?:\(([^)]+)\))?", spec)
    name, variant = m.group(1), m.group(2)
    path = os.path.join(xkb_dir, name)
    if not os.path.exists(path):
        return {}
    blocks, default = read_blocks(path)
    variant = variant or default
    body = blocks[variant]
    used.append("%s(%s)" % (name, variant))
    keys = {}
    statement = re.compile(r'include\s+"([^"]+)"|(?:(?:replace|override|augment)\s+)?key\s+<(\w+)>\s*\{(.*?)\}\s*;', re.S)
    for s in statement.finditer(body):
        if s.group(1):
            for part in re.split(r"[+|]", s.group(1)):
                if part:
                    merge(keys, xkb_layout(xkb_dir, part, keysyms, used))
            continue
        code = XKB_KEYS.get(s.group(2))
        if not code:
            continue
        inner = s.group(3)
        sm = re.search(r"symbols\[Group1\]\s*=\s*\[([^\]]*)\]", inner)
        if not sm:
            cleaned = re.sub(r'\w+\[\w+\]\s*=\s*("[^"]*"|\[[^\]]*\])', "", inner)
            cleaned = re.sub(r'\w+\s*=\s*"[^"]*"', "", cleaned)
            sm = re.search(r"\[([^\]]*)\]", cleaned)
        if not sm:
            continue
        syms = [x.strip() for x in sm.group(1).split(",")]
        levels = [keysym_text(x, keysyms) for x in syms[:4]]
        merge(keys, {code: levels})
    return keys


def merge(into, new):
    for code, levels in new.items():
        old = into.get(code, [None] * 4)
        out = list(old) + [None] * (4 - len(old))
        for i, level in enumerate(levels[:4]):
            if level is not None:
                out[i] = level
        into[code] = out


# MARK: - VS Code tables

def js_string(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n == "u":
                out.append(chr(int(s[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append({"n": "\n", "r": "\r", "t": "\t", "b": "\b"}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def vscode_layout(path):
    keys = {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    entry = re.compile(r"(\w+):\s*\[((?:'(?:[^'\\]|\\.)*'\s*,\s*){4})(\d+)")
    for m in entry.finditer(text):
        code = m.group(1)
        if code not in KEYS:
            continue
        strings = [js_string(x) for x in re.findall(r"'((?:[^'\\]|\\.)*)'", m.group(2))]
        mask = int(m.group(3))
        keys[code] = [(s, bool(mask & (1 << i))) for i, s in enumerate(strings)]
    return keys


def mark_dead_keys(keys, partner):
    """Marks a level of `keys` dead where `partner` types the same character there, dead."""
    for code, levels in keys.items():
        theirs = partner.get(code) or []
        for i, level in enumerate(levels):
            if level and i < len(theirs) and theirs[i] and theirs[i][1] and theirs[i][0] == level[0]:
                levels[i] = (level[0], True)
        # A Shift level that repeats a dead key's character is that dead key with Shift held
        # (Belgian AltGr+µ and Shift+AltGr+µ are both the dead grave).
        for i in (1, 3):
            if i < len(levels) and levels[i] and levels[i - 1] and levels[i - 1][1] and levels[i][0] == levels[i - 1][0]:
                levels[i] = (levels[i][0], True)


# MARK: - output

def printable(text):
    """A single printable scalar, or '' (multi-scalar outputs and controls are left out)."""
    if len(text) != 1:
        return ""
    v = ord(text)
    if v < 0x20 or 0x7F <= v < 0xA0 or v in (0x09,):
        return ""
    return text


def render(layouts, xkb_version):
    lines = []
    for (ident, name, platform, source, keys, provenance) in layouts:
        lines.append("@%s\t%s\t%s\t%s" % (ident, platform, name, provenance))
        for code in KEYS:
            levels = keys.get(code)
            if not levels:
                continue
            chars, mask = [], 0
            for i in range(4):
                level = levels[i] if i < len(levels) else None
                text, dead = level if level else ("", False)
                text = printable(text)
                if code == "Space" and text not in ("", " "):
                    text = ""
                chars.append(text)
                if dead and text:
                    mask |= 1 << i
            if not any(chars):
                continue
            lines.append("\t".join([code] + chars + ([str(mask)] if mask else [])))
    body = "\n".join(lines)
    assert '"""#' not in body
    return (
        "// Generated by Scripts/generate-layouts.py from xkeyboard-config %s (xkb-data) and VS Code's\n"
        "// macOS and Windows layout tables (Scripts/layouts/vscode, MIT). Do not edit: rerun the script.\n"
        "\n"
        "extension KeyboardLayout {\n"
        "    /// The layout database as text, parsed on first use (a string literal compiles in no\n"
        "    /// time, an array literal of this size would not). A layout starts with a line\n"
        "    /// `@id<TAB>platform<TAB>name<TAB>source`; each key line is `Code<TAB>alone<TAB>shift\n"
        "    /// <TAB>altGr<TAB>shift+altGr[<TAB>deadMask]`, an empty field typing nothing, mask bit n\n"
        "    /// set when field n is a dead key.\n"
        "    static let database = #\"\"\"\n%s\n\"\"\"#\n"
        "}\n" % (xkb_version, body)
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--xkb", default="/usr/share/X11/xkb/symbols")
    parser.add_argument("--keysyms", default="/usr/include/X11/keysymdef.h")
    parser.add_argument("--vscode", default=os.path.join(HERE, "layouts", "vscode"))
    parser.add_argument("--xkb-version", default=None, help="recorded in the header (default: dpkg's)")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    version = args.xkb_version
    if version is None:
        try:
            import subprocess
            version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "xkb-data"],
                                     capture_output=True, text=True).stdout.strip() or "unknown"
        except OSError:
            version = "unknown"
    keysyms = load_keysyms(args.keysyms)
    out = []
    by_id = {}
    for layout in LAYOUTS:
        ident, name, platform, source = layout[:4]
        partner = layout[4] if len(layout) > 4 else None
        kind, spec = source.split(":", 1)
        if kind == "xkb":
            used = []
            keys = {}
            if ident not in WITHOUT_ISO_KEY:
                # xkb's rules put "pc" under every layout (pc+fr+inet): the ISO key's `< > | ¦`
                # come from there where the layout's file does not set them (fr, es; the third
                # and fourth levels of ru, ua, cz, ca, gr).
                merge(keys, {"IntlBackslash": xkb_layout(args.xkb, "pc(pc105)", keysyms, [])["IntlBackslash"]})
            merge(keys, xkb_layout(args.xkb, spec, keysyms, used))
            provenance = "xkeyboard-config symbols/" + spec
        else:
            keys = vscode_layout(os.path.join(args.vscode, spec))
            provenance = "vscode " + spec
            if partner:
                mark_dead_keys(keys, by_id[partner])
                provenance += ", dead keys as " + partner
            for code, level in WINDOWS_DEAD_KEYS.get(ident, []):
                text, _ = keys[code][level]
                assert text, "%s: no character to mark dead at %s level %d" % (ident, code, level)
                keys[code][level] = (text, True)
        # The space bar types a space alone and with Shift on every layout; xkb defines it in
        # "pc", which layouts do not include.
        keys.setdefault("Space", [(" ", False), (" ", False), None, None])
        missing = [k for k in KEYS if k not in keys and k not in ("IntlYen", "IntlRo", "IntlBackslash", "Backquote")]
        if missing:
            sys.exit("%s: no characters for %s" % (ident, ", ".join(missing)))
        out.append((ident, name, platform, source, keys, provenance))
        by_id[ident] = keys
    text = render(out, version)
    if args.check:
        with open(OUTPUT, encoding="utf-8") as f:
            current = f.read()
        if current != text:
            recorded = re.search(r"xkeyboard-config (\S+) \(xkb-data\)", current)
            if recorded and recorded.group(1) != version:
                sys.exit("%s was generated from xkb-data %s, this machine has %s: check with that version "
                         "(--xkb-version only changes the header)" % (os.path.relpath(OUTPUT, REPO), recorded.group(1), version))
            sys.exit("%s is out of date: run Scripts/generate-layouts.py" % os.path.relpath(OUTPUT, REPO))
        return
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    tmp = OUTPUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, OUTPUT)
    print("wrote %s: %d layouts" % (os.path.relpath(OUTPUT, REPO), len(out)))


if __name__ == "__main__":
    main()
