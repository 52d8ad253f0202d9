"""Keep the message catalogs with Babel (a development tool: bidscli reads the compiled ``.mo``
with the standard library's gettext). ``make catalogs`` runs all three steps:

    python tools/catalogs.py extract   # bidscli/locale/bidscli.pot from bidscli's sources and click's
    python tools/catalogs.py update    # each bidscli/locale/<lang>/LC_MESSAGES/bidscli.po from it
    python tools/catalogs.py compile   # each .po to its .mo (fuzzy entries left out)
    python tools/catalogs.py init xx   # a new language's .po (docs/translating.md)
    python tools/catalogs.py merge     # a git merge stopped on bidscli/locale/: both sides' translations

The template holds every message id marked in ``bidscli/`` (the keywords below: ``N_``,
``gettext``, ``ngettext``, ``Message``, ``PluralMessage``, ...), in its Python sources and in the
pages' templates (``report/templates/*.html``: ``_("...")`` and ``ngettext(...)``, read with
Jinja2's own extractor), and click's own words (its ``gettext`` calls), so that one catalog a
language words all a player reads. Files are rewritten only when their messages change, so
running it again leaves git clean.
"""

from __future__ import annotations

import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "bidscli" / "locale"
TEMPLATE = LOCALE / "bidscli.pot"
LANGUAGES = ("it", "es", "ja")  # English is the message ids
KEYWORDS = {**DEFAULT_KEYWORDS, "Message": None, "Said": None, "PluralMessage": (1, 2)}
COMMENT_TAGS = ["TRANSLATORS:"]
PROJECT = "bidscli"
WIDTH = 100


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "bidscli.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "bidscli.mo"


def _extract(folder: Path, shown_as: str):
    """(file shown as shown_as/relative path, line, message, comments, context) of each marked
    message (the context: pgettext's, else None)."""
    method_map = [("**.py", "python"), ("report/templates/*.html", "jinja2.ext:babel_extract")]
    # the templates read as report/html.py's environment reads them (line numbers, comments)
    options = {"report/templates/*.html": {"trim_blocks": "true", "lstrip_blocks": "true"}}
    for filename, lineno, message, comments, context in extract_from_dir(
            str(folder), method_map, options_map=options, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        yield f"{shown_as}/{filename}", lineno, message, comments, context


def extract_ruleset(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for a bundled ruleset (rulesets/*.toml): its title, description
    and each citation's words, as bidscli.rules.citations reads them (the one definition)."""
    import tomllib

    from bidscli.rules.citations import ruleset_messages

    text = fileobj.read().decode("utf-8")
    for lineno, message, comments in ruleset_messages(text, tomllib.loads(text)):
        yield lineno, None, message, comments


def extract_example(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for an example (examples/*.toml): its summary, the first sentence of
    its opening comment, as bids examples reads it (bidscli.app.examples.first_sentence)."""
    import tomllib

    from bidscli.app.examples import first_sentence
    from bidscli.core.cardwords import LANG_NAMES

    text = fileobj.read().decode("utf-8")
    lineno, summary = first_sentence(text)
    if not summary:
        return
    name = Path(getattr(fileobj, "name", "example")).stem
    note = [f"The summary of the example {name} (bids examples): the first sentence of its opening comment."]
    lang = tomllib.loads(text).get("lang")
    if lang and lang != "en":
        note.append(f"Written in {LANG_NAMES.get(lang, lang)}, as the example is (its log says lang = {lang!r}): "
                    "translate it from that language; in that language's catalog it stays as it is.")
    yield lineno, None, summary, note


def template() -> Catalog:
    """Every message of bidscli and of click, as one template."""
    import click

    cat = Catalog(project=PROJECT, version=None, msgid_bugs_address=None, copyright_holder=None,
                  charset="utf-8", fuzzy=False)
    ours = list(_extract(ROOT / "bidscli", "bidscli"))
    # The bundled rulesets' own texts: messages kept in their TOML (rules/citations.py).
    ours += [(f"rulesets/{filename}", lineno, message, comments, context)
             for filename, lineno, message, comments, context in extract_from_dir(
                 str(ROOT / "rulesets"), [("*.toml", extract_ruleset)], keywords=KEYWORDS,
                 comment_tags=COMMENT_TAGS)]
    # The examples' summaries (bids examples): the first sentence of each file's opening comment.
    ours += [(f"examples/{filename}", lineno, message, comments, context)
             for filename, lineno, message, comments, context in extract_from_dir(
                 str(ROOT / "examples"), [("*.toml", extract_example)], keywords=KEYWORDS,
                 comment_tags=COMMENT_TAGS)]
    theirs = list(_extract(Path(click.__file__).parent, "click"))
    for origin, found in (("ours", ours), ("click", theirs)):
        for path, lineno, message, comments, context in found:
            cat.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
            if origin == "ours":  # ours are str.format templates, never %-formats ("95% intervals")
                msg = cat.get(message[0] if isinstance(message, tuple) else message, context=context)
                msg.flags.discard("python-format")
                msg.flags.add("python-brace-format")
    return cat


def _dated(line: bytes) -> bool:
    return line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:'))


def _write_po(path: Path, cat: Catalog) -> bool:
    """Write ``cat`` to ``path`` unless only its dates would change; True when written."""
    buf = BytesIO()
    # No previous ids (Babel's `#| msgid` of an old fuzzy match): a reviewed entry needs none, and
    # read back they come in as translator comments (`# | msgid ...`) that pile up run after run.
    for m in cat:
        m.previous_id = []
        m.user_comments = [c for c in m.user_comments if not c.startswith("|")]
    # Locations without line numbers: a message moved within its file changes no catalog (fewer
    # merge conflicts between branches that each ran `make catalogs`).
    write_po(buf, cat, width=WIDTH, sort_output=False, include_previous=False, omit_header=False,
             include_lineno=False)
    new = buf.getvalue()
    if path.exists():
        old = path.read_bytes()
        if [x for x in old.splitlines() if not _dated(x)] == [x for x in new.splitlines() if not _dated(x)]:
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


def extract() -> None:
    cat = template()
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(cat)} messages" + ("" if _write_po(TEMPLATE, cat) else " (unchanged)"))


def update() -> None:
    tmpl = read_po(TEMPLATE.open("rb"), charset="utf-8")
    for lang in LANGUAGES:
        path = po_path(lang)
        cat = read_po(path.open("rb"), locale=lang, charset="utf-8")
        cat.update(tmpl, update_header_comment=False)
        cat.obsolete.clear()  # ids no longer in the code: git keeps their history
        missing = sum(1 for m in cat if m.id and not all(_forms(m.string)))
        fuzzy = sum(1 for m in cat if m.id and m.fuzzy)
        changed = _write_po(path, cat)
        print(f"{path.relative_to(ROOT)}: {missing} untranslated, {fuzzy} fuzzy" + ("" if changed else " (unchanged)"))


def compile_all() -> None:
    for lang in LANGUAGES:
        path = po_path(lang)
        cat = read_po(path.open("rb"), locale=lang, charset="utf-8")
        # Babel takes "95% intervals" for a %-format ("% i"); ours are str.format templates, whose
        # placeholders tests/test_catalogs.py checks. Only click's "%(prog)s" is a %-format.
        problems = [(m.id, e) for m, errors in cat.check() for e in errors
                    if "%(" in str(m.id) or "placeholders" not in str(e)]
        for msgid, err in problems:
            print(f"{path.relative_to(ROOT)}: {msgid!r}: {err}", file=sys.stderr)
        buf = BytesIO()
        write_mo(buf, cat, use_fuzzy=False)
        target = mo_path(lang)
        if not target.exists() or target.read_bytes() != buf.getvalue():
            target.write_bytes(buf.getvalue())
            print(f"{target.relative_to(ROOT)}: compiled")
        else:
            print(f"{target.relative_to(ROOT)}: unchanged")


def _forms(string) -> tuple:
    return tuple(string) if isinstance(string, (list, tuple)) else (string,)


def merge() -> None:
    """After ``git merge`` stopped on a conflict in bidscli/locale/: each catalog becomes the
    template of the merged sources with the translations of both sides (theirs where only they
    changed a message's translation since the common base, ours otherwise), then compiled.
    ``git add bidscli/locale`` after."""
    import subprocess

    def side(stage: int, path: Path):
        rel = path.relative_to(ROOT).as_posix()
        shown = subprocess.run(["git", "show", f":{stage}:{rel}"], check=False, cwd=ROOT, capture_output=True)
        return read_po(BytesIO(shown.stdout), charset="utf-8") if shown.returncode == 0 else None

    extract()
    tmpl = read_po(TEMPLATE.open("rb"), charset="utf-8")
    for lang in LANGUAGES:
        path = po_path(lang)
        base, ours, theirs = side(1, path), side(2, path), side(3, path)
        if ours is None or theirs is None:  # no conflict in this language
            continue

        def reviewed(cat) -> dict:  # (context, id) -> translation
            return {} if cat is None else {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string
                                            for m in cat if m.id and all(_forms(m.string)) and not m.fuzzy}

        was, mine, other = reviewed(base), reviewed(ours), reviewed(theirs)
        known = {**mine, **other}
        for key, string in mine.items():  # theirs where only they changed it, else ours
            if key not in other or other[key] == was.get(key) or string != was.get(key):
                known[key] = string
        merged = ours
        merged.update(tmpl, update_header_comment=False)
        merged.obsolete.clear()
        for m in merged:
            key = (m.context, m.id if isinstance(m.id, str) else m.id[0])
            if m.id and key in known and isinstance(known[key], str) == isinstance(m.id, str):
                m.string = known[key]
                m.flags.discard("fuzzy")
        _write_po(path, merged)
        print(f"{path.relative_to(ROOT)}: merged")
    compile_all()


def init(lang: str) -> None:
    tmpl = read_po(TEMPLATE.open("rb"), charset="utf-8")
    cat = Catalog(locale=lang, project=PROJECT, charset="utf-8", fuzzy=False)
    cat.update(tmpl)
    path = po_path(lang)
    if path.exists():
        sys.exit(f"{path.relative_to(ROOT)} exists")
    _write_po(path, cat)
    print(f"{path.relative_to(ROOT)}: new, {len(cat)} messages to translate")


if __name__ == "__main__":
    steps = sys.argv[1:] or ["extract", "update", "compile"]
    if steps[0] == "init":
        init(steps[1])
    else:
        for step in steps:
            {"extract": extract, "update": update, "compile": compile_all, "merge": merge}[step]()
