"""Text laid out for a terminal: screen widths, the one text wrapper and the one table drawer.

Every table a text report prints and every line it wraps come from here (render.fit_table,
render.fit_text, the prose of diff.py, the recorder's lines). Widths are screen columns
(:func:`display_width`): East Asian wide and fullwidth characters take two, combining marks
none, so Japanese text lines up as ASCII does.

:func:`wrap` is textwrap's greedy wrapping at spaces (and, for table cells, after hyphens),
counted in screen columns, and Japanese line breaking (:func:`pieces`): a line may also break
between two Japanese characters, never before closing punctuation nor after an opening bracket
(kinsoku), never inside a run of Latin letters or digits or of katakana (a name: ケン), nor
between a number and the Japanese word beside it (3点, ラウンド3), nor inside one of the game's
words (TERMS: 黒カード, 標準偏差). A word longer than a line is
cut where the line is full. Text without Japanese breaks only at spaces (and hyphens), as
textwrap breaks it.

:func:`fit` draws the table in the layout bidscli has always printed (tabulate's "simple"
format, which drew it until the table was drawn here): a header line, a line of dashes, the
rows; columns two spaces apart, each as wide as its widest line and at least two more than
its header; no line ends in spaces. A column whose cells are all integers (ints, or text
written as Python writes an int) is a column of numbers, aligned right; any other is text,
aligned left; ``colalign`` overrides either. With ``maxcolwidths`` a text cell wraps to its
column's width (a number never does); a row of wrapped cells takes several lines, its short
cells padded below with blanks. Cells are shown without the spaces at their ends.
"""

from __future__ import annotations

from ..core.i18n import labelled

MIN_COLUMN = 8  # fit never wraps a text column narrower than this; shorter cells never wrap
GAP = "  "  # between two columns
MOVED = 3  # fit moves at most this many columns under the rows (its last resort)
WORDS, PIECES = 1, 2  # the compact layouts of a table's headings (_Table)


def display_width(text: str) -> int:
    """The screen columns a line takes: East Asian wide and fullwidth characters (the Japanese
    ruleset's sources, a player's name) take two, combining marks none (wcwidth), others one."""
    if text.isascii():
        return len(text)
    from wcwidth import wcswidth, wcwidth

    width = wcswidth(text)
    # wcswidth gives -1 when a character is unprintable (escaped before printing): count it as one.
    return width if width >= 0 else sum(1 if w < 0 else w for w in map(wcwidth, text))


def _fitting(text: str, room: int, start: int = 0) -> int:
    """How many characters of ``text`` from ``start`` fit in ``room`` screen columns (the most that
    do). Its cost grows with the count found, not with the length of ``text``: a wrapped word of
    60,000 characters is cut line by line in linear time."""
    rest = len(text) - start
    if text.isascii():
        return max(0, min(rest, room))

    def fits(k: int) -> bool:
        return display_width(text[start:start + k]) <= room

    # Galloping from ``room`` characters (wide ones take two columns, combining marks none), then
    # halving: probes of at most twice the count found.
    fit, k = 0, min(rest, max(1, room))
    while fits(k):
        fit = k
        if k == rest:
            return k
        k = min(rest, 2 * k)
    while k - fit > 1:
        mid = (fit + k) // 2
        if fits(mid):
            fit = mid
        else:
            k = mid
    return fit


# -- where a line may break ------------------------------------------------------------------

# Characters a line may not start with (closing punctuation, small kana, the long-vowel mark,
# iteration marks) and may not end with (opening brackets, and the wave dash of a range: 3〜5人
# stays whole): the common core of Japanese line breaking, kinsoku shori (JIS X 4051; W3C's
# "Requirements for Japanese Text Layout", 3.1.7).
NO_START = frozenset("、。，．,.)）]］}｝」』】〕〉》〙〗・：；:;!！?？‼⁇⁈⁉ー～〜…‥%％"
                     "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻ゝゞヽヾ")
NO_END = frozenset("(（[［{｛「『【〔〈《〘〖～〜")


def _wide(ch: str) -> bool:
    """A character written without spaces around it (Japanese: kanji, kana, full-width forms)."""
    return ord(ch) >= 0x1100 and display_width(ch) == 2


def _breaks_between(a: str, b: str) -> bool:
    """Whether a line may break between ``a`` and ``b``, two characters of a word (no space
    between them): only beside a wide character, never before closing or after opening
    punctuation, never between a number's digit and the Japanese word beside it (3点, ラウンド3; after
    a full-width comma or colon a number may start a line: 3、|4、|5人, 出典：|3人)."""
    wide_a, wide_b = _wide(a), _wide(b)
    if not (wide_a or wide_b) or b in NO_START or a in NO_END:
        return False
    if _script(a) == _script(b) == "katakana":
        return False  # a katakana word (a name: ケン, a loanword: プレイヤー) stays whole, as a Latin one
    return not ((wide_b and b.isalpha() and a.isascii() and a.isdigit())
                or (wide_a and a.isalpha() and b.isascii() and b.isdigit()))


# The game's Japanese words and the tables' (docs/glossary.md, the terminology table of
# docs/translating.md, the study's statistics): a line never breaks inside one while it has another
# place to break (標準偏差, not 標準|偏差), as it never breaks inside a Latin word. Only words of two
# or more characters that kanji, or kanji and kana, make (and a knob label's いいえ): a katakana word is whole
# already.
TERMS = ("黒カード", "手札", "中央", "除外", "得点", "味方カード", "引き分け", "燃える", "燃えた", "配札", "山札",
         "設定項目", "記録", "記録係", "標準偏差", "信頼区間", "区間", "平均", "勝率", "勝者", "順位", "点差",
         "割合", "合計", "出典", "同点", "盗む", "獲得", "既定", "人数", "席順", "表記", "方針", "いいえ")
_TERM_PATTERN: list = []  # the terms as one pattern, made on first use


def _term_spans(word: str) -> list[tuple[int, int]]:
    """Where the terms (:data:`TERMS`) stand in ``word``: (start, end) of each, the longest first."""
    if not _TERM_PATTERN:
        import re

        _TERM_PATTERN.append(re.compile("|".join(sorted(map(re.escape, TERMS), key=len, reverse=True))))
    return [m.span() for m in _TERM_PATTERN[0].finditer(word)]


def pieces(word: str) -> list[str]:
    """A word (no spaces in it) in the pieces a line may break between: the word itself when it
    holds no Japanese; else cut between two Japanese characters, or a Japanese character and a
    Latin one, where kinsoku allows (:data:`NO_START`, :data:`NO_END`; a number and its counter
    stay together, and a katakana word), never inside one of the game's words (:data:`TERMS`):
    '平均得点はラウンド2、トリック3：Cleo' -> 平均 得点 は ラウンド2、 トリック3： Cleo."""
    if word.isascii() or display_width(word) == len(word):
        return [word]
    inside = {k for s, e in _term_spans(word) for k in range(s + 1, e)}
    out, start = [], 0
    for k in range(1, len(word)):
        if k not in inside and _breaks_between(word[k - 1], word[k]):
            out.append(word[start:k])
            start = k
    out.append(word[start:])
    return out


def _script(ch: str) -> str:
    """The script of a Japanese character: kana (the long-vowel mark with them), kanji, or other."""
    o = ord(ch)
    if 0x3041 <= o <= 0x309F:
        return "hiragana"
    if 0x30A0 <= o <= 0x30FF and ch != "・":
        return "katakana"
    return "kanji" if 0x3400 <= o <= 0x9FFF or ch == "々" else "other"


def word_pieces(word: str) -> list[str]:
    """A table heading's word in the pieces a heading may break between: where Japanese may break
    (pieces) and one script gives way to another, where the words of a compound meet (ゲーム|数,
    レート|下限, 勝ち|数); never between a kanji and the kana written after it (勝ち), nor inside
    a run of one script (平均順位, プレイヤー stay whole)."""
    if word.isascii():
        return [word]
    out, start = [], 0
    for k in range(1, len(word)):
        a, b = _script(word[k - 1]), _script(word[k])
        if a != b and "other" not in (a, b) and (a, b) != ("kanji", "hiragana") \
                and _breaks_between(word[k - 1], word[k]):
            out.append(word[start:k])
            start = k
    out.append(word[start:])
    return out


def _japanese_chunks(chunks: list[str], cut_word=pieces) -> list[str]:
    """textwrap's chunks (words and the spaces between them) cut where Japanese may break; a
    closing mark after a space stays with the word before it, and an opening one before a space
    with the word after it (so neither is left at a line's edge)."""
    out: list[str] = []
    glue = False  # the last chunk ended with an opening bracket and a space: the next one joins it
    for chunk in chunks:
        if chunk.isspace() or chunk.isascii():
            if glue and out:
                out[-1] += chunk
                glue = chunk.isspace()
            else:
                out.append(chunk)
            continue
        cut = cut_word(chunk)
        if glue and out:
            out[-1] += cut.pop(0)
        elif len(out) >= 2 and out[-1].isspace() and cut[0][0] in NO_START and _wide(cut[0][0]):
            space = out.pop()
            out[-1] += space + cut.pop(0)
        out += cut
        glue = False
        if out and out[-1][-1] in NO_END and _wide(out[-1][-1]):
            glue = True
    return out


def _kinsoku(text: str, start: int, k: int) -> int:
    """A cut of a word wider than a line (``k`` characters from ``start``) moved back, while it
    can, from before a Japanese closing mark or after an opening one (プレイ|ヤー, not プレイヤ|ー)."""
    end = start + k
    while end - start > 1 and end < len(text) and (
            (text[end] in NO_START and _wide(text[end])) or (text[end - 1] in NO_END and _wide(text[end - 1]))):
        end -= 1
    return end - start


_WRAPPER: list = []  # the wrapper class, made on first use: textwrap's import (its patterns) costs start-up


def _wrapper_class():
    if _WRAPPER:
        return _WRAPPER[0]
    import textwrap

    class _Wrapper(textwrap.TextWrapper):
        """textwrap.TextWrapper counting screen columns (display_width) instead of characters.

        A word longer than a line is cut where the line is full, also when hyphens break
        words: Python 3.11's TextWrapper cuts it after its last hyphen that fits instead, and
        tabulate's copy of the wrapper, which drew bidscli's tables before, cut it at the width.
        The cost is linear in the text's length: a long word is cut into all its lines at once
        (TextWrapper copies what is left of it after each line, and measured it again)."""

        japanese = True  # break Japanese between characters too (pieces), or "words" (word_pieces)

        def _split(self, text):
            chunks = super()._split(text)
            if text.isascii() or not self.japanese:
                return chunks
            return _japanese_chunks(chunks, word_pieces if self.japanese == "words" else pieces)

        def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
            space_left = 1 if width < 1 else width - cur_len
            if self.break_long_words and space_left > 0:
                chunk = reversed_chunks[-1]
                cut = _kinsoku(chunk, 0, _fitting(chunk, space_left))
                if cut == 0 and not cur_line:
                    cut = 1  # one character wider than the whole line: alone on it
                cur_line.append(chunk[:cut])
                if cut == 0 or not chunk.strip():
                    reversed_chunks[-1] = chunk[cut:]  # spaces: what is left is dropped at the next line
                    return
                # The rest of the word, cut now into the lines that follow (each full, as the next
                # line would cut it), its last piece left to share a line with what comes next.
                room = self.width - display_width(self.subsequent_indent)
                room = max(room, 1)
                pieces = []
                at = cut
                while at < len(chunk):
                    k = _fitting(chunk, room, at)
                    if at + k >= len(chunk):
                        pieces.append(chunk[at:])
                        break
                    k = _kinsoku(chunk, at, max(k, 1))
                    pieces.append(chunk[at:at + k])
                    at += k
                pieces.reverse()
                reversed_chunks[-1:] = pieces
            elif not cur_line:
                cur_line.append(reversed_chunks.pop())

        def _wrap_chunks(self, chunks):
            # CPython 3.11's TextWrapper._wrap_chunks with len() as display_width() (max_lines unused).
            lines = []
            chunks.reverse()
            while chunks:
                cur_line = []
                cur_len = 0
                indent = self.subsequent_indent if lines else self.initial_indent
                width = self.width - display_width(indent)
                if self.drop_whitespace and chunks[-1].strip() == "" and lines:
                    del chunks[-1]
                while chunks:
                    size = display_width(chunks[-1])
                    if cur_len + size > width:
                        break
                    cur_line.append(chunks.pop())
                    cur_len += size
                if chunks and display_width(chunks[-1]) > width:
                    self._handle_long_word(chunks, cur_line, cur_len, width)
                if self.drop_whitespace and cur_line and cur_line[-1].strip() == "":
                    del cur_line[-1]
                if cur_line:
                    lines.append(indent + "".join(cur_line))
            return lines

    _WRAPPER.append(_Wrapper)
    return _Wrapper


def wrap(text: str, width: int, indent: str = "", hang: str = "", hyphens: bool = False,
         whole_words: bool = False, japanese: bool | str = True) -> list[str]:
    """``text`` as lines of at most ``width`` screen columns, broken at spaces (and after hyphens
    with ``hyphens``): the first line starts with ``indent``, the others with ``hang``. Spaces
    at the start of the text are kept; a word longer than a line is cut where the line is full,
    or with ``whole_words`` left whole on a line of its own (a file's path). Japanese also breaks
    between characters (pieces); with ``japanese="words"`` only where the words of a compound
    meet (word_pieces: a table's heading)."""
    wrapper = _wrapper_class()(width=width, initial_indent=indent, subsequent_indent=hang,
                               break_on_hyphens=hyphens, break_long_words=not whole_words)
    wrapper.japanese = japanese
    return wrapper.wrap(text)


# -- tables ---------------------------------------------------------------------------------


def _is_int_text(text: str) -> bool:
    digits = text[1:] if text[:1] == "-" else text
    return digits.isascii() and digits.isdigit() and (digits == "0" or digits[0] != "0")


class _Table:
    """The cells of a table by column, each column's lines and width measured once for each
    width limit asked (fit tries several). No column is wider than ``cap`` (the width the
    table is fitted to): a cell or header wider than that wraps there, a word cut as a last
    resort, whatever its kind (a number, a name): a table wider than the terminal cannot fit
    anyway, and so every line drawn is at most the columns' count times ``cap`` wide, and the
    table's size stays linear in the length of its cells."""

    __slots__ = ("headers", "texts", "wraps", "aligns", "measured", "cap", "header_lines", "compact")

    def __init__(self, rows, headers, colalign, numbers: bool, cap: int | None = None, compact: int = 0) -> None:
        self.headers = [str(h) for h in headers]
        self.cap = None if cap is None else max(1, cap)
        # compact (fit's last resorts): a header adds no room of its own to its column (only its
        # longest word must fit) and wraps at its spaces to the column's width (WORDS: a Japanese
        # heading also where the words of a compound meet, word_pieces); PIECES: a Japanese
        # heading also breaks wherever Japanese may (pieces).
        self.compact = compact
        self.header_lines = [_cell_lines(h, None, None if self.cap is None else max(1, self.cap - 2))
                             for h in self.headers]
        self.texts, self.wraps, self.aligns = [], [], []
        for c in range(len(self.headers)):
            texts, wraps, number_cells, filled = [], [], True, False
            for row in rows:
                cell = row[c] if c < len(row) else None
                text = "" if cell is None else (str(cell) if type(cell) is not str else cell).strip()
                number = numbers and (type(cell) is int or (type(cell) is str and _is_int_text(text)))
                texts.append(text)
                wraps.append(not number)
                if text:
                    filled = True
                    number_cells = number_cells and number
            self.texts.append(texts)
            self.wraps.append(wraps)
            given = colalign[c] if c < len(colalign) else None
            self.aligns.append(given or ("right" if numbers and filled and number_cells else "left"))
        self.measured: dict[tuple[int, int | None], tuple[list[list[str]], int]] = {}

    def column(self, c: int, limit: int | None) -> tuple[list[list[str]], int]:
        """The lines of each cell of column ``c`` wrapped to ``limit`` (None: as they are) and
        the column's width."""
        cap = self.cap
        if cap is not None and limit is not None and limit > cap:
            limit = cap  # the same lines: see _Table
        key = (c, limit)
        done = self.measured.get(key)
        if done is None:
            cells = [_cell_lines(text, limit if may else None, cap) for text, may in zip(self.texts[c], self.wraps[c])]
            head = ([_unbroken(w) if self.compact == PIECES else max(map(display_width, word_pieces(w)))
                     for w in self.headers[c].split()]
                    if self.compact
                    else [display_width(line) + 2 for line in self.header_lines[c]])
            width = max([1, *head, *(display_width(line) for lines in cells for line in lines)])  # a dash at least
            done = self.measured[key] = (cells, width)
        return done

    def width(self, limits) -> int:
        """The width of the table drawn with these limits (its line of dashes is the widest)."""
        return sum(self.column(c, limit)[1] for c, limit in enumerate(limits)) + len(GAP) * (len(limits) - 1)

    def draw(self, limits, after=None) -> str:
        """The table; ``after``: for each row, lines drawn under it (fit's columns moved under the row)."""
        columns = [self.column(c, limit) for c, limit in enumerate(limits)]
        pads = [_pad_right if align == "right" else _pad_left for align in self.aligns]
        heads = ([_heading_lines(h, w, self.cap, self.compact) if h.strip() else [""]
                  for h, (_, w) in zip(self.headers, columns)] if self.compact else self.header_lines)
        out = []
        for k in range(max(map(len, heads), default=1)):
            out.append(GAP.join(pad(lines[k] if k < len(lines) else "", w)
                                for lines, pad, (_, w) in zip(heads, pads, columns)).rstrip())
        out.append(GAP.join("-" * w for _, w in columns).rstrip())  # an empty last column draws no dashes
        for r in range(len(self.texts[0]) if self.texts else 0):
            cells = [cell_lines[r] for cell_lines, _ in columns]
            for k in range(max([1, *map(len, cells)])):
                out.append(GAP.join(pad(lines[k] if k < len(lines) else "", w)
                                    for lines, pad, (_, w) in zip(cells, pads, columns)).rstrip())
            if after is not None:
                out += after[r]
        return "\n".join(out)


def _heading_lines(text: str, width: int, cap: int | None, compact: int) -> list[str]:
    """A compact heading's lines: wrapped at its spaces and its words' joins (WORDS), or as a cell
    (PIECES)."""
    if compact == PIECES:
        return _cell_lines(text, width, cap)
    return wrap(text, width, whole_words=True, japanese="words")


def _cell_lines(text: str, limit: int | None, cap: int | None = None) -> list[str]:
    """The lines of a cell wrapped to ``limit``; without one, its own lines, each wrapped to
    ``cap`` only when it is wider."""
    if limit is None:
        lines = text.split("\n")
        if cap is None or all(display_width(line) <= cap for line in lines):
            return lines
        limit = cap
    if text.isprintable() and display_width(text) <= limit:
        return text.split("\n")
    # At spaces (and after hyphens) and where Japanese may break (pieces), never inside a word:
    # a word longer than the limit keeps a line of its own; only a word wider than the whole
    # table (``cap``) is cut.
    lines = []
    for line in text.splitlines():
        if not line.strip():
            continue
        for piece in wrap(line, limit, hyphens=True, whole_words=True):
            lines += wrap(piece, cap) if cap is not None and display_width(piece) > cap else [piece]
    return lines


def _pad_left(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def _pad_right(text: str, width: int) -> str:
    return " " * (width - display_width(text)) + text


def _is_text_column(cells: list) -> bool:
    """A column worth wrapping: some cell is text with a space in it (numbers and cards are not)."""
    return any(type(cell) is str and " " in cell.strip() and display_width(cell) > MIN_COLUMN for cell in cells)


def fit(rows, headers, width: int, colalign=(), maxcolwidths=None, numbers: bool = True, whole=(),
        move: bool = True) -> str:
    """The table no wider than ``width`` when it can be: the widest text columns are wrapped at
    spaces (never inside a word) until the table fits or every text column is down to its
    longest word. Numbers, cards and names never wrap.

    When that is still too wide, two last resorts, each only if the one before does not fit:
    the headers give up their own room (each wraps at its spaces, its column as wide as its
    longest word or cell; a Japanese heading also where its words meet, word_pieces, and if the
    table still does not fit, wherever Japanese may break, pieces); then the widest text column (never the first, nor one in ``whole``)
    leaves the table and is drawn under each row, ``header: text`` wrapped to the full width,
    and the next such column if need be (those in ``whole`` last, the first column never), at
    most MOVED columns. A table that none of this makes fit is drawn in the ordinary layout,
    wider than ``width`` (a thousand rounds' scores: read it wider, or as JSON). ``move=False``:
    no column leaves the table (a caller with a layout of its own for a table too wide:
    ``rules diff``, ``disputes``).

    ``maxcolwidths`` are limits of the caller's (None: none) that fitting only lowers;
    ``numbers=False``: every cell is text (no column of numbers, numbers wrap too);
    ``whole``: the columns that leave the table last (knob names, values)."""
    table, limits = _laid_out(rows, headers, width, colalign, maxcolwidths, numbers)
    if table.width(limits) <= width or not rows:
        return table.draw(limits)
    # Headings with Japanese words: broken only where their words meet first (a player reads
    # ゲーム / 数, not ゲー / ム数), wherever Japanese may break only when the table cannot fit
    # otherwise.
    levels = (WORDS, PIECES) if any(not str(h).isascii() for h in headers) else (WORDS,)
    ncols = len(table.headers)
    raw = [[row[c] for row in rows if c < len(row)] for c in range(ncols)]
    movable = sorted((c for c in range(1, ncols) if _is_text_column(raw[c])),
                     key=lambda c: (c in whole, -max((display_width(line) for cell in raw[c]
                                                      for line in str(cell).splitlines()), default=0)))
    for level in levels:
        compact, climits = _laid_out(rows, headers, width, colalign, maxcolwidths, numbers, compact=level)
        if compact.width(climits) <= width:
            return compact.draw(climits)
        # At most MOVED columns, each tried once: a bounded number of layouts, whatever the columns.
        for n in range(1, min(MOVED, len(movable)) + 1 if move else 1):
            moved = sorted(movable[:n])
            keep = [k for k in range(ncols) if k not in moved]
            sub = [[seq[k] if k < len(seq) else None for k in keep]
                   for seq in (list(headers), list(colalign), list(maxcolwidths or ()))]
            sub_rows = [[row[k] if k < len(row) else None for k in keep] for row in rows]
            rest, rlimits = _laid_out(sub_rows, sub[0], width, sub[1], sub[2], numbers)
            if rest.width(rlimits) > width:
                rest, rlimits = _laid_out(sub_rows, sub[0], width, sub[1], sub[2], numbers, compact=level)
            if rest.width(rlimits) <= width:
                after = [[line for c in moved
                          for line in _under_row(str(headers[c]), row[c] if c < len(row) else None, width)]
                         for row in rows]
                return rest.draw(rlimits, after)
    return table.draw(limits)


def _under_row(header: str, cell, width: int) -> list[str]:
    """A moved cell's lines under its row: ``  header: text``, its continuations hung under it,
    wrapped at spaces (a word wider than a line keeps a line of its own, as in a cell)."""
    text = "" if cell is None else str(cell).strip()
    if not text:
        return []
    out: list[str] = []
    for k, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        indent = ("  " + labelled(header.strip(), "") if header.strip() else "  ") if k == 0 else "    "
        # Words whole, as in a cell (_cell_lines); Japanese broken where it may (pieces).
        out += wrap(line.strip(), width, indent=indent, hang="    ", whole_words=True) or [indent.rstrip()]
    return out


def _laid_out(rows, headers, width: int, colalign=(), maxcolwidths=None, numbers: bool = True,
              compact: int = 0) -> tuple[_Table, list]:
    """The table and its columns' limits: the text columns wrapped at spaces to fit ``width``
    when they can (see fit)."""
    table = _Table(rows, headers, colalign, numbers, cap=width, compact=compact)
    ncols = len(table.headers)
    limits = list(maxcolwidths or ())[:ncols]
    limits += [None] * (ncols - len(limits))
    drawn = table.width(limits)
    if drawn <= width or not rows:
        return table, limits
    raw = [[row[c] for row in rows if c < len(row)] for c in range(ncols)]
    text_cols = [c for c in range(ncols) if _is_text_column(raw[c])]
    # No column is wider than the table may be (_Table): every width below is at most ``width``.
    natural = {c: min(width, max((display_width(line) for cell in raw[c] for line in str(cell).splitlines()),
                                 default=0))
               for c in text_cols}
    now = {c: min(natural[c], limits[c] or natural[c]) for c in text_cols}
    # No column narrower than its longest word (a word is never broken while the table can fit).
    least = {c: min(now[c], max(MIN_COLUMN, *(_unbroken(w) for cell in raw[c] for w in str(cell).split())))
             for c in text_cols}
    budget = sum(now.values()) - (drawn - width)  # what the text columns may use together
    # Shares in proportion to each column's width, capped at what it needs; what a narrow column
    # leaves goes to the others (so a long source column keeps more room than a short value).
    share = dict(now)
    loose = set(text_cols)
    while loose:
        room = budget - sum(share[c] for c in text_cols if c not in loose)
        total = max(1, sum(now[c] for c in loose))
        for c in loose:
            share[c] = max(least[c], min(now[c], room * now[c] // total))
        settled = {c for c in loose if share[c] in (now[c], least[c])}
        if not settled:
            break
        loose -= settled
    limits = [share.get(c, limits[c]) for c in range(ncols)]
    # Wrapping at words can leave a column a little wider than its share: the widest text column
    # is narrowed by one at a time (the first of the widest, down to its longest word) until the
    # table fits: see _narrowed. A word is never broken to make it fit: a table whose words
    # cannot fit is drawn wider than ``width`` (only a word wider than ``width`` itself is cut).
    return table, _narrowed(table, limits, least, width)


def _unbroken(word: str) -> int:
    """The fewest screen columns ``word`` can be wrapped to: its widest piece (pieces: the word
    itself, or in a word with Japanese the widest part between two places it may break)."""
    return max(map(display_width, pieces(word)))


def _narrowed(table: _Table, limits: list, floor: dict, width: int) -> list:
    """The limits once the widest of the columns in ``floor`` has been narrowed by one, again
    and again (the first of the widest each time, none below its floor), until the table fits
    ``width`` or each is at its floor.

    Narrowing them one step at a time and measuring the table after each step cost as many
    measures as columns were too wide (a 60,000-character cell: quadratic). The steps go
    level by level: at level L every column is at min(its limit, L) and not below its floor,
    and narrowing a column never widens the table, so the last level at which the table does
    not fit is found by halving, and within the next level the columns narrowed one by one,
    as the steps would: a number of measures that grows with the logarithm of the widths."""
    top = {c: limits[c] for c in floor if limits[c] is not None and limits[c] > floor[c]}
    if not top or table.width(limits) <= width:
        return limits

    def at(level: int) -> list:
        return [max(floor[c], min(limits[c], level)) if c in top else limits[c] for c in range(len(limits))]

    low, high = min(floor[c] for c in top), max(top.values())
    if table.width(at(low)) > width:
        return at(low)  # every column at its floor and still too wide
    while high - low > 1:  # the table fits at level ``low``, not at ``high``
        mid = (low + high) // 2
        if table.width(at(mid)) <= width:
            low = mid
        else:
            high = mid
    out = at(high)
    for c in sorted(c for c in top if out[c] == high and floor[c] < high):
        out[c] = high - 1
        if table.width(out) <= width:
            break
    return out
