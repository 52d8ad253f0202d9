"""The command layer's own texts in each language (issue 34 item 1): a shell-completion
environment click cannot read is one usage error (exit 2) in the output language, its values
quoted as TOML writes them. (bids diff, disputes and examples: the goldens, tests/golden/cli/lang/.)"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SAID = {
    "en": "error: shell completion: _BIDS_COMPLETE='bogus' is not an instruction: expected SHELL_source",
    "it": "errore: completamento della shell: _BIDS_COMPLETE='bogus' non è un'istruzione: serve SHELL_source",
    "es": "error: completado de la shell: _BIDS_COMPLETE='bogus' no es una instrucción: se esperaba SHELL_source",
    "ja": "エラー：シェルの補完：_BIDS_COMPLETE='bogus' は指示ではありません：SHELL_source",
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_an_unreadable_completion_environment_is_said_in_the_language(lang):
    env = dict(os.environ, _BIDS_COMPLETE="bogus")
    res = subprocess.run([sys.executable, "-m", "bidscli", "--lang", lang, "score", "x.toml"], env=env,
                         capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert (res.returncode, res.stdout) == (2, "")
    assert res.stderr.startswith(SAID[lang]), res.stderr
    assert res.stderr.count("\n") == 1


# A whole number that is not one (--players tre): click names the kind of value itself, in English
# ("integer range") whatever the language, unless bidscli words it.
NOT_A_NUMBER = {
    "en": "'tre' is not a valid integer range.",
    "it": "'tre' non è un intero valido.",
    "es": "'tre' no es un número entero válido.",
    "ja": "'tre' は有効な整数ではありません。",
}


@pytest.mark.parametrize("lang", sorted(NOT_A_NUMBER))
def test_a_whole_number_option_names_its_kind_in_the_language(lang):
    from click.testing import CliRunner

    from bidscli.cli.main import main

    res = CliRunner().invoke(main, ["--lang", lang, "deal", "-r", "italian", "--players", "tre"])
    assert res.exit_code == 2
    assert res.output.rstrip().endswith(NOT_A_NUMBER[lang]), res.output


# An unknown option and click's suggestion, one line: Japanese writes no space after its 。.
NO_SUCH_OPTION = {
    "en": "Error: No such option '--bogus'. Did you mean '--jobs'?",
    "it": "Errore: L'opzione '--bogus' non esiste. Forse intendevi '--jobs'?",
    "es": "Error: No existe la opción '--bogus'. ¿Quisiste decir '--jobs'?",
    "ja": "エラー：オプション '--bogus' はありません。（もしかして '--jobs' ですか？）",
}


@pytest.mark.parametrize("lang", sorted(NO_SUCH_OPTION))
def test_an_unknown_option_and_its_suggestion_are_joined_as_the_language_writes(lang):
    from click.testing import CliRunner

    from bidscli.cli.main import main

    res = CliRunner().invoke(main, ["--lang", lang, "validate", "--bogus", "examples"])
    assert res.exit_code == 2
    assert res.output.rstrip().splitlines()[-1] == NO_SUCH_OPTION[lang], res.output
