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
