"""Turn TOML message files (the catalog's older format) into Fluent ``.ftl`` files.

    uv run python scripts/toml_to_ftl.py [--check] [--override FILE ...] [--delete] PATH ...

Every ``PATH`` is a ``.toml`` locale file or a folder searched for ``locales/<lang>/*.toml``;
each file becomes the ``.ftl`` file beside it (same name), message by message in the same
order, comments kept (``#``), each ``[table]`` header a group comment (``## table``):

- a key becomes its Fluent identifier (`voice_game.narration.catalog.fluent_id`: dots
  become ``-``, ``keys.name.,`` becomes ``keys-name-_2c``);
- ``{name}`` becomes ``{ $name }``; ``{{``/``}}`` and leading or trailing spaces become
  string literals;
- a plural table (``zero``/``one``/``other``, chosen by ``count`` or the field named by
  ``_by``) becomes a select expression: ``zero`` is the exact number ``[0]``, ``one`` the
  CLDR category ``[one]`` (in German and English: exactly 1), ``other`` the default
  ``*[other]``.

``--override FILE`` (an ``.ftl`` file, e.g. hand-improved grammar): a message of that
file replaces the converted message of the same identifier in the output file of the same
language and name (``FILE`` named ``<lang>/<name>.ftl``; messages and terms it has that the
TOML file lacks are added at the end).

``--check`` renders every converted message (before overrides) with sample parameters and
the counts 0, 1, 2 and 5 through the old TOML formatter and through Fluent, and fails on
any difference. ``--delete`` removes each TOML file after a successful conversion.
"""
from __future__ import annotations

import argparse
import string
import sys
import tempfile
import tomllib
from pathlib import Path

from fluent.syntax import FluentParser, FluentSerializer
from fluent.syntax import ast as ftl

from voice_game.narration.catalog import PLURAL_FORMS, fluent_id, read_catalog


# --- patterns -------------------------------------------------------------------------

def _literal(text: str) -> str:
    return '{ "' + text.replace("\\", "\\\\").replace('"', '\\"') + '" }'


def pattern(text: str) -> str:
    """A Python format string as a Fluent pattern (one line)."""
    out: list[str] = []
    for lit, name, spec, conv in string.Formatter().parse(text):
        if spec or conv:
            raise ValueError(f"format spec or conversion not supported: {text!r}")
        for chunk in lit.replace("{", "\0{\0").replace("}", "\0}\0").split("\0"):
            if chunk in ("{", "}"):
                out.append(_literal(chunk))
            elif chunk:
                out.append(chunk)
        if name is not None:
            out.append("{ $" + name + " }")
    s = "".join(out)
    # Fluent trims a pattern's outer blanks and reads some first characters as syntax
    if s[:1] in (" ", "[", "*", "."):
        lead = len(s) - len(s.lstrip(" ")) or 1
        s = _literal(s[:lead]) + s[lead:]
    if s.endswith(" "):
        trail = len(s) - len(s.rstrip(" "))
        s = s[:-trail] + _literal(" " * trail)
    return s or '{ "" }'


def message(ident: str, value: str | dict) -> str:
    if isinstance(value, str):
        return f"{ident} = {pattern(value)}"
    by = value.get("_by", "count")
    lines = [f"{ident} =", f"    {{ ${by} ->"]
    for form in PLURAL_FORMS:
        if form in value:
            key = "0" if form == "zero" else form
            star = "*" if form == "other" else " "
            lines.append(f"       {star}[{key}] {pattern(value[form])}")
    lines.append("    }")
    return "\n".join(lines)


# --- files ----------------------------------------------------------------------------

def _statements(text: str):
    """(kind, payload) for every comment, header, blank line and ``key = value`` of a file."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if not line:
            yield "blank", ""
        elif line.startswith("#"):
            yield "comment", line[1:].strip()
        elif line.startswith("[") and line.endswith("]") and not line.startswith("[["):
            yield "table", tomllib.loads(f"{line}\n")
        else:
            chunk = lines[i]
            while True:
                try:
                    yield "entries", tomllib.loads(chunk)
                    break
                except tomllib.TOMLDecodeError:
                    i += 1
                    if i >= len(lines):
                        raise
                    chunk += "\n" + lines[i]
        i += 1


def _table_path(parsed: dict) -> list[str]:
    path: list[str] = []
    while isinstance(parsed, dict) and len(parsed) == 1:
        (k, parsed), = parsed.items()
        path.append(k)
    return path


def _flat(prefix: str, entries: dict):
    for k, v in entries.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict) and not (set(v) - {"_by"}) <= set(PLURAL_FORMS):
            yield from _flat(key + ".", v)
        else:
            yield key, v


def convert(text: str, siblings: frozenset[str] = frozenset()) -> tuple[str, dict[str, str | dict]]:
    """(FTL text, {key: TOML value}) of one TOML message file; a comment naming one of
    the ``siblings`` (TOML files converted with it) names its ``.ftl`` file instead."""
    out: list[str] = []
    values: dict[str, str | dict] = {}
    prefix = ""
    first_comments = True  # the comments that open a file describe it (###)
    groups: list[int] = []  # where the group comments (## table) are
    for kind, payload in _statements(text):
        if kind == "blank":
            if out and out[-1] != "":
                out.append("")
        elif kind == "comment":
            for name in siblings:
                payload = payload.replace(name, name[:-len(".toml")] + ".ftl")
            out.append(("### " if first_comments and not values and not prefix else "# ") + payload)
        elif kind == "table":
            first_comments = False
            path = _table_path(payload)
            prefix = ".".join(path) + "."
            if out and out[-1] != "":
                out.append("")
            out.append("## " + ".".join(path))
            groups.append(len(out) - 1)
        else:
            first_comments = False
            assert isinstance(payload, dict)
            for key, value in _flat(prefix, payload):
                out.append(message(fluent_id(key), value))
                values[key] = value
    _merge_small_groups(out, groups)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n", values


def _merge_small_groups(out: list[str], groups: list[int]) -> None:
    """A table of one or two messages (``[instrument.strings]``) is named by its parent
    (``## instrument``), once for a run of such tables."""
    last = None
    drop: set[int] = set()
    for n, at in enumerate(groups):
        end = groups[n + 1] if n + 1 < len(groups) else len(out)
        size = sum(1 for line in out[at + 1:end] if line and not line.startswith((" ", "#")))
        name = out[at][3:]
        if size <= 2 and "." in name:
            name = name.rsplit(".", 1)[0]
            if name == last:
                drop.add(at)
            out[at] = "## " + name
        last = name
    out[:] = [line for i, line in enumerate(out) if i not in drop]


def apply_overrides(text: str, override: str) -> str:
    """``text`` with every message and term of ``override`` put in place of its namesake."""
    parser, ser = FluentParser(), FluentSerializer()
    res, extra = parser.parse(text), parser.parse(override)
    bad = [e for e in res.body + extra.body if isinstance(e, ftl.Junk)]
    if bad:
        raise ValueError(f"syntax error: {bad[0].annotations[0].message if bad[0].annotations else bad[0].content}")

    def name(e) -> str | None:
        if isinstance(e, ftl.Message):
            return e.id.name
        if isinstance(e, ftl.Term):
            return "-" + e.id.name
        return None

    new: dict[str, ftl.Message | ftl.Term] = {
        e.id.name if isinstance(e, ftl.Message) else "-" + e.id.name: e
        for e in extra.body if isinstance(e, (ftl.Message, ftl.Term))}
    used: set[str] = set()
    body: list = []
    for e in res.body:
        n = name(e)
        if n is not None and n in new and isinstance(e, (ftl.Message, ftl.Term)):
            repl = new[n]
            if repl.comment is None:
                repl.comment = e.comment
            body.append(repl)
            used.add(n)
        else:
            body.append(e)
    # what the TOML file lacks (new messages, shared words as terms) goes at the end
    body += [e for n, e in new.items() if n not in used]
    res.body = body
    return ser.serialize(res)


def check(lang: str, toml_path: Path, ftl_text: str, tmp: Path) -> list[str]:
    """Differences between the TOML and the converted Fluent rendering of every message."""
    (tmp / "old" / lang).mkdir(parents=True, exist_ok=True)
    (tmp / "new" / lang).mkdir(parents=True, exist_ok=True)
    (tmp / "old" / lang / toml_path.name).write_text(toml_path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp / "new" / lang / (toml_path.stem + ".ftl")).write_text(ftl_text, encoding="utf-8")
    old = read_catalog(lang, [tmp / "old" / lang])
    new = read_catalog(lang, [tmp / "new" / lang])
    problems = []
    if old.keys() != new.keys():
        problems.append(f"keys differ: {sorted(old.keys() ^ new.keys())}")
    for key in sorted(old.keys() & new.keys()):
        fields = old.fields(key)
        if new.fields(key) - {"count"} != fields - {"count"}:
            problems.append(f"{key}: fields {sorted(fields)} != {sorted(new.fields(key))}")
        for n in (0, 1, 2, 5):
            params: dict = {f: f"<{f}>" for f in fields}
            params.update(count=n)
            msg = old.messages[key]
            if isinstance(msg, dict) and "_by" in msg:
                params[msg["_by"]] = n
            a, b = old.get(key, **params), new.get(key, **params)
            if a != b:
                problems.append(f"{key} ({n}): {a!r} != {b!r}")
    for d in ("old", "new"):
        for p in (tmp / d / lang).iterdir():
            p.unlink()
    return problems


def toml_files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(x for x in p.rglob("*.toml") if x.parent.parent.name == "locales")
        else:
            out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--check", action="store_true", help="compare TOML and Fluent renderings")
    ap.add_argument("--override", action="append", type=Path, default=[], help="hand-written .ftl messages")
    ap.add_argument("--delete", action="store_true", help="delete each TOML file once converted")
    args = ap.parse_args(argv)
    overrides = {(p.parent.name, p.name): p.read_text(encoding="utf-8") for p in args.override}
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for path in toml_files(args.paths):
            lang = path.parent.name
            siblings = frozenset(p.name for p in path.parent.glob("*.toml"))
            text, _values = convert(path.read_text(encoding="utf-8"), siblings)
            if args.check:
                problems = check(lang, path, text, Path(tmp))
                for p in problems:
                    print(f"{path}: {p}", file=sys.stderr)
                if problems:
                    failed = True
                    continue
            target = path.with_suffix(".ftl")
            extra = overrides.pop((lang, target.name), None)
            if extra is not None:
                text = apply_overrides(text, extra)
            target.write_text(text, encoding="utf-8")
            print(f"{path} -> {target}" + (" (with overrides)" if extra is not None else ""))
            if args.delete:
                path.unlink()
    for lang, name in overrides:
        print(f"override {lang}/{name}: no such TOML file converted", file=sys.stderr)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
