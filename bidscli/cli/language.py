"""The output language on the command line: ``--lang``, and click's words and our help in it.

``bids --lang it|es|ja|en COMMAND`` (cli.md), else ``BIDS_LANG``, else the locale (core/i18n.py).
The language is read from the command line before click parses it (``language_from_args``), so
that a usage error is already in that language; ``--lang`` is also a click option of the group,
which checks its value (another value is a usage error naming the four).

click words its own texts (``Usage:``, ``Options:``, ``Show this message and exit.``, its usage
errors) with the standard library's GNU gettext API: ``gettext.gettext`` in the current global
domain, whose language is the environment's (LANGUAGE first). So while a command runs in another
language than English, ``speaking`` binds our catalogs' domain as the global one and sets
LANGUAGE to the chosen language (both put back after): click's words then come from our
catalogs, where ``make catalogs`` extracts them from click's source beside ours
(docs/translating.md). In English nothing is changed.

Our help texts are message ids, worded each time click reads them (``help`` of ``WordedOption``
and ``WordedCommand``), never when a module is imported: a process may word them in several
languages (the tests do), and click caches its help option per command.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextlib import contextmanager
from typing import NamedTuple

import click

from ..core import i18n
from ..core.i18n import N_
from ..core.sanitize import terminal

LANG_HELP = N_("the language of every text shown: it, es, ja or en (default: BIDS_LANG, else the locale); "
               "JSON and CSV stay English")
# click words the "[required]" mark of an option's help through a variable (_(extra["required"]),
# click 8.3), which extraction from its source cannot see: the message is marked here, so that
# the catalogs hold it and click finds it there.
# TRANSLATORS: click's mark after an option that must be given, in --help: "[required]"
CLICK_REQUIRED = N_("required")


def language_from_args(args: Sequence[str]) -> str | None:
    """The language a ``--lang X`` before the command names (the last one given), if it is one of
    ours; None when there is none (an unknown one is left to click: a usage error)."""
    found = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--lang":
            found = args[i + 1] if i + 1 < len(args) else None
            i += 2
            continue
        if arg.startswith("--lang="):
            found = arg[len("--lang="):]
        elif arg == "--" or not arg.startswith("-") or arg == "-":
            break  # the command's name: what follows is the command's
        i += 1
    found = (found or "").strip().lower()
    return found if found in i18n.LANGUAGES else None


def chosen_language(args: Sequence[str]) -> str:
    """``--lang``, else ``BIDS_LANG``, else the locale, else English (a ``BIDS_LANG`` that is no
    language of ours is passed over here, and refused by ``check_language``)."""
    return language_from_args(args) or i18n.from_environment()


def check_language(ctx, param, value):
    """``--lang``'s callback: without it, a ``BIDS_LANG`` that names no language of ours is a usage
    error too (exit 2), naming the four."""
    if value is None and not ctx.resilient_parsing:
        try:
            i18n.from_environment(strict=True)
        except ValueError as exc:
            raise click.UsageError(i18n.Message(
                "BIDS_LANG={value} is not a language bids speaks: expected one of {languages}",
                value=repr(exc.args[0])[:40], languages=", ".join(i18n.LANGUAGES)).text(), ctx=ctx) from None
    return value


@contextmanager
def speaking(lang: str):
    """Word every text in ``lang`` while the block runs: ours (core/i18n) and click's (its GNU
    gettext calls: our domain, LANGUAGE; see the module's doc). Everything is put back after."""
    import gettext

    previous = i18n.set_language(lang)
    english = lang == i18n.ENGLISH
    if not english:
        saved_env, saved_domain = os.environ.get("LANGUAGE"), gettext.textdomain()
        gettext.bindtextdomain(i18n.DOMAIN, i18n.LOCALE_DIR)
        gettext.textdomain(i18n.DOMAIN)
        os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        i18n.set_language(previous)
        if not english:
            gettext.textdomain(saved_domain)
            if saved_env is None:
                os.environ.pop("LANGUAGE", None)
            else:
                os.environ["LANGUAGE"] = saved_env


# -- help texts worded when shown ----------------------------------------------------------------


class WordedOption(click.Option):
    """An option whose ``help`` is a message id (``N_``), worded each time click reads it."""

    @property
    def help(self):
        return None if self._help is None else worded(self._help)

    @help.setter
    def help(self, value):
        self._help = value


def worded(msgid: str) -> str:
    """A help text's message id in the output language. Every message id is a ``str.format``
    template, help texts too (``{{`` for a brace), so that one check holds every catalog."""
    return i18n.gettext(msgid).format()


def option(*param_decls, **attrs):
    """``click.option`` whose help is worded when shown (mark it with ``N_``)."""
    attrs.setdefault("cls", WordedOption)
    return click.option(*param_decls, **attrs)


class Help(NamedTuple):
    """A command's help as message ids: its summary, paragraphs after it, and examples (command
    lines, shown as they are) under a heading."""

    summary: str
    details: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    heading: str = N_("Examples:")

    def text(self) -> str:
        """The help as click reads it: paragraphs, then the examples kept as written (``\\b``)."""
        parts = [worded(p) for p in (self.summary, *self.details) if p]
        if self.examples:
            lines = "\n".join(f"  {e}" for e in self.examples)
            parts.append(f"\b\n{worded(self.heading)}\n{lines}")
        return "\n\n".join(parts)


# -- help in screen columns (Japanese) ------------------------------------------------------------

def _columns(text: str) -> int:
    """Screen columns of a help text (report.table.display_width: a kanji takes two)."""
    from ..report.table import display_width

    return display_width(text)


def _is_wide(text: str) -> bool:
    return not text.isascii() and _columns(text) != len(text)


def wrap_columns(text: str, width: int) -> list[str]:
    """One paragraph in lines of at most ``width`` screen columns, broken as every text bidscli
    wraps (report.table.wrap: at spaces, and where Japanese may break)."""
    from ..report.table import wrap

    return wrap(text, width, whole_words=True) or [""]


# A hyphen within a word is held while click wraps a text: its wrapper breaks after any hyphen,
# which split option names (``--allow-`` / ``partial`` at 60 columns) and knob names. Held as U+2011
# (NON-BREAKING HYPHEN: one column, as '-', and no place to break), and put back in ``getvalue``.
# Japanese text (wrap_columns) never breaks at a hyphen.
_HELD_HYPHEN = "\u2011"


def _hold_hyphens(text: str) -> str:
    import re

    return re.sub(r"(?<=\S)-|-(?=\S)", _HELD_HYPHEN, text)


class ColumnsFormatter(click.HelpFormatter):
    """click's help formatter, measuring Japanese text in screen columns (a kanji takes two) and
    breaking it between characters; other text is formatted as click formats it, but never broken
    at a hyphen within a word (an option's name stays whole on its line)."""

    def getvalue(self) -> str:
        return super().getvalue().replace(_HELD_HYPHEN, "-")

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:  # click's "Usage:" and a space; a full-width colon (Japanese) takes none
            import gettext

            usage = gettext.gettext("Usage:")
            prefix = usage if usage.endswith("：") else f"{usage} "
        super().write_usage(prog, _hold_hyphens(args), prefix)

    def write_heading(self, heading: str) -> None:
        # click writes "{heading}:"; the colon is the language's (labelled: Japanese ：).
        self.write(f"{'':>{self.current_indent}}{i18n.labelled(heading, '').rstrip()}\n")

    def write_text(self, text: str) -> None:
        if not _is_wide(text):
            return super().write_text(_hold_hyphens(text))
        indent = " " * self.current_indent
        width = max(self.width - self.current_indent, 11)
        out = []
        for para in text.split("\n\n"):
            lines = para.split("\n")
            if lines[0].strip() == "\b":
                out.append("\n".join(indent + line for line in lines[1:]))
            else:
                out.append("\n".join(indent + line for line in wrap_columns(para, width)))
        self.write("\n\n".join(out) + "\n")

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if not any(_is_wide(second) for _, second in rows):
            return super().write_dl([(first, _hold_hyphens(second)) for first, second in rows], col_max, col_spacing)
        first_col = min(max(_columns(first) for first, _ in rows), col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if _columns(first) <= first_col - col_spacing:
                self.write(" " * (first_col - _columns(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_columns(second, max(self.width - first_col - 2, 10))
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


class WordedContext(click.Context):
    formatter_class = ColumnsFormatter


def _show_help(ctx, param, value):
    if value and not ctx.resilient_parsing:
        click.echo(terminal(ctx.get_help()), color=ctx.color)
        ctx.exit()


class _Worded(click.Command):
    """What a command and a group share: ``help`` worded when read (a ``Help``, or a message id),
    and a ``--help`` option whose own help is worded when shown (click's is worded once, when it
    is first made, and kept). A command itself, so that a group's methods come before click's
    Command's (WordedGroup: _Worded, click.Group, click.Command)."""

    _worded_help_option: click.Option | None = None
    context_class: type[click.Context] = WordedContext

    @property
    def help(self):
        value = self._help
        if isinstance(value, Help):
            return value.text()
        return None if value is None else worded(value)

    @help.setter
    def help(self, value):
        self._help = value

    def get_short_help_str(self, limit: int = 45) -> str:
        """The command's line in its group's list: click's, or for Japanese text its first
        sentence if it fits ``limit`` screen columns, else as much as fits and ``...``."""
        text = self.short_help or self.help or ""
        if not _is_wide(text):
            return super().get_short_help_str(limit)
        first = text.split("\n\n", 1)[0].strip()
        sentence = first.split("。", 1)[0] + ("。" if "。" in first else "")
        if _columns(sentence) <= limit:
            return sentence
        return wrap_columns(sentence, limit - 3)[0].rstrip() + "..."

    def get_help_option(self, ctx):
        names = self.get_help_option_names(ctx)
        if not names or not self.add_help_option:
            return None
        # Made again when the names differ: a context made without the group's settings (a test,
        # a completion) asks with click's default names and must not fix them for every later one.
        if self._worded_help_option is None or self._worded_help_option.opts != list(names):
            self._worded_help_option = WordedOption(
                names, is_flag=True, expose_value=False, is_eager=True, callback=_show_help,
                help=N_("Show this message and exit."))
        return self._worded_help_option


class WordedCommand(_Worded):
    """A command whose help texts are worded when shown."""


class WordedGroup(_Worded, click.Group):
    """A group whose help texts (its own and its commands') are worded when shown."""

    command_class = WordedCommand
