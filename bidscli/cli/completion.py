"""bash completion that completes a word holding ``=`` or ``:``, such as ``-o thief.timing=de``.

bash splits the line into words at the characters of ``COMP_WORDBREAKS`` as well as at spaces
(``=`` and ``:`` among them, by default), so click's own bash script hands click
``-o thief.timing = de`` and click completes ``de`` as a new argument. This script also hands
over the line up to the cursor (``COMP_LINE``, ``COMP_POINT``), which click splits as the shell
would without those breaks; and since readline replaces only the text after the last break
character, each reply is given from there (``deferred``, not ``thief.timing=deferred``). A
quoted word is not split by bash, and its replies are whole. A reply that ends in ``=`` (a key
of ``-o``) gets no space after it, so that its value can be completed next.

Installed by ``eval "$(_BIDS_COMPLETE=bash_source bids)"`` (docs/commands.md).
"""

from __future__ import annotations

import os

from click.shell_completion import BashComplete, split_arg_string

from ..core.i18n import Message

_SOURCE = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response

    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \\
        COMP_LINE="$COMP_LINE" COMP_POINT=$COMP_POINT COMP_CUR="${COMP_WORDS[COMP_CWORD]}" \\
        COMP_WORDBREAKS="$COMP_WORDBREAKS" %(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=($value)
            [[ $value == *= ]] && compopt -o nospace
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""

_END = "\0"  # marks the cursor: the last word is the one it ends (an empty one after a space)
_QUOTES = "'\""


class WordBreakBashComplete(BashComplete):
    """click's bash completion, reading the line as typed instead of bash's split words."""

    source_template = _SOURCE
    _held = ""  # the start of the word that readline holds before the text it completes

    def get_completion_args(self) -> tuple[list[str], str]:
        line, point = os.environ.get("COMP_LINE"), os.environ.get("COMP_POINT", "")
        if line is None or not point.isdigit():  # an older script: bash's words, as click reads them
            return super().get_completion_args()
        words = split_arg_string(line[:int(point)] + _END)
        incomplete = words[-1].removesuffix(_END)
        if not os.environ.get("COMP_CUR", "").startswith(tuple(_QUOTES)):  # bash splits no quoted word
            breaks = set(os.environ.get("COMP_WORDBREAKS", "=:")) - set(" \t\n" + _QUOTES)
            cut = max((i + 1 for i, ch in enumerate(incomplete) if ch in breaks), default=0)
            self._held = incomplete[:cut]
        return words[1:-1], incomplete

    def format_completion(self, item) -> str:
        value = str(item.value)
        if item.type == "plain" and self._held and value.startswith(self._held):
            value = value[len(self._held):]
        return f"{item.type},{value}"


def unreadable(instruction: str, env) -> Message | None:
    """What makes a completion environment one that click cannot read (one line for a usage
    error, exit 2), or None. ``instruction`` is ``_BIDS_COMPLETE``: ``SHELL_source`` or
    ``SHELL_complete``; completing needs the words the shell's script hands over: ``COMP_WORDS``
    and ``COMP_CWORD`` (a word number, except in fish, where it is the word itself), or in bash
    the line as typed (``COMP_LINE`` and ``COMP_POINT``, this module's script)."""
    from click.shell_completion import get_completion_class

    from ..core.i18n import Message
    from ..core.sanitize import toml_value

    shells = [s for s in ("bash", "zsh", "fish", "powershell") if get_completion_class(s) is not None]
    shell, _, action = instruction.partition("_")
    if shell not in shells or action not in ("source", "complete"):
        return Message("_BIDS_COMPLETE={value} is not an instruction: expected SHELL_source (the script to install) "
                       "or SHELL_complete (from that script), SHELL one of {shells}", value=toml_value(instruction),
                       shells=", ".join(shells))
    if action == "source":
        return None
    command = (f"_BIDS_COMPLETE={shell}_source bids | source" if shell == "fish"
               else f'eval "$(_BIDS_COMPLETE={shell}_source bids)"')
    script = Message("the shell's own completion script: {command}", command=command)
    if shell == "bash" and "COMP_LINE" in env and env.get("COMP_POINT", "").isdigit():
        return None  # the line as typed: the words are not read
    missing = [name for name in ("COMP_WORDS", "COMP_CWORD") if name not in env]
    if missing:
        if len(missing) == 1:
            return Message("{name} is not set (expected {script})", name=missing[0], script=script)
        return Message("{name} and {other} are not set (expected {script})", name=missing[0], other=missing[1],
                       script=script)
    cword = env["COMP_CWORD"]
    if shell != "fish" and not cword.strip().lstrip("-").isdigit():
        return Message("COMP_CWORD={value} is not a word number (expected {script})", value=toml_value(cword),
                       script=script)
    return None
