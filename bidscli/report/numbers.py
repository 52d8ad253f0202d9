"""Numbers and dates as each output language writes them (the HTML pages; issue 34).

A small formatter over the four languages bidscli speaks, so that no locale database is needed at
run time (Babel is a development tool here): the decimal sign, the percent sign's spacing and
the long form of a date, as the Unicode CLDR gives them for it, es, ja and en. English is written
as the pages always wrote it (``12.5``, ``12.5%``, ISO dates), so its pages do not change.
Numbers are never grouped by thousands: the pages show counts and rates, and a grouping sign
would differ from what ``--format json`` says.

Used by the templates as filters (report/html.py): ``x|num(1)``, ``rate|pct(1)``, ``day|date``.
"""

from __future__ import annotations

import datetime

from ..core.i18n import output_language

DECIMAL = {"en": ".", "it": ",", "es": ",", "ja": "."}
PERCENT = {"en": "{}%", "it": "{}%", "es": "{}\u00a0%", "ja": "{}%"}  # es: a no-break space before %
MONTHS = {
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
           "ottobre", "novembre", "dicembre"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
           "noviembre", "diciembre"),
}


def number(value: float | None, digits: int = 0, lang: str | None = None) -> str:
    """``value`` with ``digits`` decimals and the language's decimal sign; ``-`` for None."""
    if value is None:
        return "-"
    text = f"{value:.{digits}f}"
    sign = DECIMAL.get(lang or output_language(), ".")
    return text if sign == "." else text.replace(".", sign)


def percent(rate: float | None, digits: int = 1, lang: str | None = None) -> str:
    """A rate (0..1) as a percentage: ``12.5%`` (en, ja), ``12,5%`` (it), ``12,5 %`` (es)."""
    if rate is None:
        return "-"
    lang = lang or output_language()
    return PERCENT.get(lang, "{}%").format(number(100 * rate, digits, lang))


def date(value: datetime.date | str | None, lang: str | None = None) -> str:
    """A calendar day: ISO in English (``2026-12-06``, as logs write it), ``6 dicembre 2026``,
    ``6 de diciembre de 2026``, ``2026年12月6日``. A text that is no ISO date is shown as it is."""
    if not value:
        return "-"
    if isinstance(value, str):
        try:
            day = datetime.date.fromisoformat(value)
        except ValueError:
            return value
    else:
        day = value
    if isinstance(day, datetime.datetime):
        day = day.date()
    lang = lang or output_language()
    if lang == "it":
        return f"{day.day} {MONTHS['it'][day.month - 1]} {day.year}"
    if lang == "es":
        return f"{day.day} de {MONTHS['es'][day.month - 1]} de {day.year}"
    if lang == "ja":
        return f"{day.year}年{day.month}月{day.day}日"
    return day.isoformat()
