"""The functions of a JavaScript file and the lines each spans, from Pygments' lexer.

Pygments' JavaScript lexer (a dependency of Sphinx, so of the book's build) tells code from
strings, template literals, regular expressions and comments; the braces left are matched
here. A brace opens a function's body when it follows ``=>``, or a parameter list after
``function``, ``function name`` or a method's name (``render(...) {``, ``get x() {``); the
keywords that also take a parenthesised head (``if``, ``for``, ...) open blocks. As in
ESLint's ``max-lines-per-function``, an immediately invoked function (``(function () {
... })()``, the classic script's wrapper) is not counted, and a function's lines include
the functions nested in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygments.lexers import JavascriptLexer
from pygments.token import Comment, Punctuation, Text, Token

#: Keywords followed by a parenthesised head and a block that is no function's body.
BLOCK_KEYWORDS = {"if", "for", "while", "switch", "catch", "with"}


@dataclass(frozen=True)
class Function:
    """A function: its name (or how it is written), first and last line (1-based)."""

    name: str
    first: int
    last: int

    @property
    def lines(self) -> int:
        """The lines from its head to its closing brace."""
        return self.last - self.first + 1


def _tokens(text: str) -> list[tuple[int, str, str]]:
    """Each token's line, kind (``"p"`` for punctuation, ``"x"`` otherwise) and text."""
    out = []
    for index, kind, value in JavascriptLexer().get_tokens_unprocessed(text):
        if kind in Text or kind in Comment or kind is Token.Text.Whitespace or not value.strip():
            continue
        line = text.count("\n", 0, index) + 1
        out.append((line, "p" if kind in Punctuation or kind in Token.Operator else "x", value))
    return out


def _match_back(tokens: list[tuple[int, str, str]], close: int, pair: str) -> int:
    """The index of the bracket that opens the one at ``close`` (``pair``: ``"()"``)."""
    depth = 0
    for i in range(close, -1, -1):
        if tokens[i][2] == pair[1]:
            depth += 1
        elif tokens[i][2] == pair[0]:
            depth -= 1
            if depth == 0:
                return i
    return -1


def _head(tokens: list[tuple[int, str, str]], brace: int) -> tuple[int, str] | None:
    """Where the function whose body opens at ``brace`` starts, and its name; None for a block."""
    before = brace - 1
    if before < 0:
        return None
    if tokens[before][2] == "=>":
        start = before - 1
        if tokens[start][2] == ")":
            start = _match_back(tokens, start, "()")
        name = "arrow function"
        if start >= 1 and tokens[start - 1][2] == "async":
            start -= 1
        if start >= 2 and tokens[start - 1][2] in ("=", ":") and tokens[start - 2][1] == "x":
            name = tokens[start - 2][2]
        return start, name
    if tokens[before][2] != ")":
        return None
    paren = _match_back(tokens, before, "()")
    if paren <= 0:
        return None
    word = tokens[paren - 1][2]
    if word == "function":
        return paren - 1, "function"
    if word in BLOCK_KEYWORDS or tokens[paren - 1][1] != "x":
        return None
    if paren >= 2 and tokens[paren - 2][2] in ("function", "*"):
        return paren - 2, word
    return paren - 1, word  # a method: name(...) {


def functions(text: str) -> list[Function]:
    """Every function in ``text`` with the lines it spans, immediately invoked ones left out.

    Raises
    ------
    ValueError
        If the braces do not balance (the lexer misread the file).
    """
    tokens = _tokens(text)
    open_braces: list[tuple[int, tuple[int, str] | None]] = []
    found = []
    for i, (line, _, value) in enumerate(tokens):
        if value in ("{", "${"):
            open_braces.append((i, _head(tokens, i) if value == "{" else None))
        elif value == "}":
            if not open_braces:
                raise ValueError(f"line {line}: a closing brace with none open")
            _, head = open_braces.pop()
            if head is None:
                continue
            start, name = head
            wrapped = start > 0 and tokens[start - 1][2] == "("
            after = [t[2] for t in tokens[i + 1 : i + 3]]
            if wrapped and (after == [")", "("] or after[:1] == ["("]):
                continue  # (function () { ... })() or (function () { ... }())
            found.append(Function(name, tokens[start][0], line))
    if open_braces:
        raise ValueError(f"line {tokens[open_braces[-1][0]][0]}: a brace never closed")
    return found
