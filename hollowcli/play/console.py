"""Console I/O of ``hollow play``: where the game's text goes and where the player's lines
come from (a terminal with line editing, a pipe or a script file).

Nothing here knows the rules; :mod:`hollowcli.play.loop` runs the game over these.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO, TextIO

from hollowcli.errors import HollowError

# ----------------------------------------------------------------------------- output

_ROLES: dict[str, dict[str, Any]] = {
    "legend": {"fg": "cyan", "bold": True},
    "foe": {"fg": "red", "bold": True},
    "wall": {"fg": "bright_black"},
    "spawn": {"fg": "magenta"},
    "feature": {"fg": "yellow"},
    "title": {"bold": True},
    "current": {"fg": "yellow", "bold": True},
    "good": {"fg": "green", "bold": True},
    "bad": {"fg": "red"},
    "dim": {"fg": "bright_black"},
    "hint": {"fg": "yellow"},
}


class Console:
    """Where the game's text goes, with colour only when asked for.

    Once the terminal is gone (closed window: SIGHUP, or a broken pipe) writing fails;
    the console then goes quiet instead of raising, so the game can still save and exit.
    """

    def __init__(self, stream: TextIO, colour: bool = False):
        self.stream = stream
        self.colour = colour
        self.gone = False
        self.failure: OSError | None = None  # why writing stopped
        self.said = 0  # lines written so far (how far the terminal has scrolled)

    def paint(self, text: str, role: str) -> str:
        if not self.colour or role not in _ROLES:
            return text
        import click

        return click.style(text, **_ROLES[role])

    def say(self, text: str = "") -> None:
        self.write(text + "\n")

    def write(self, text: str) -> None:
        """Text without a newline (a prompt)."""
        if self.gone:
            return
        self.said += text.count("\n")
        try:
            try:
                self.stream.write(text)
            except UnicodeEncodeError:  # a terminal or file that is not UTF-8 (cp1252, ascii ...)
                self.stream.write(_plain_text(text, getattr(self.stream, "encoding", None) or "ascii"))
            self.stream.flush()
        except OSError as e:  # the terminal was closed, the reader of a pipe left, or the disk is full
            self.gone = True
            self.failure = e

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)


#: Stand-ins for the few non-ASCII characters of rulings, for output that cannot show them.
_PLAIN = str.maketrans({"→": "->", "≤": "<=", "≥": ">=", "…": "...", "−": "-", "×": "x", "’": "'"})


def _plain_text(text: str, encoding: str) -> str:
    """``text`` made writable in ``encoding``: arrows and signs spelled in ASCII, anything
    else (a name from a user's content pack) replaced by '?'."""
    return text.translate(_PLAIN).encode(encoding, errors="replace").decode(encoding, errors="replace")


# ----------------------------------------------------------------------------- input


#: The longest line of input ``hollow play`` reads; a longer one (``--input /dev/zero``) is refused.
MAX_LINE = 10_000


class BadInput(HollowError):
    """A line of input that cannot be a command: not UTF-8 text, or far too long."""


class LineSource:
    """Lines typed by the player or read from a script.

    ``read(prompt)`` returns the next line without its newline, or None at the end of
    the input. Script lines are echoed after the prompt so a transcript reads like a
    session; blank lines and ``#`` comments in scripts are skipped. A line that is not
    UTF-8 text or is longer than :data:`MAX_LINE` characters raises :class:`BadInput`,
    having read at most that much of it (``/dev/zero`` never ends a line).
    """

    def __init__(self, read_raw: Callable[[int], str | bytes] | None, console: Console, interactive: bool,
                 name: str = "the input"):
        self._read_raw = read_raw
        self.console = console
        self.interactive = interactive
        self.name = name
        self.lineno = 0
        #: At a terminal: the words Tab completes (commands, Legends, foes, places).
        self.words: Callable[[], Iterable[str]] | None = None
        self._matches: list[str] = []
        self._bound = False

    def _readline(self) -> None:
        """Line editing, history and Tab completion for ``input()`` (where readline exists)."""
        if self._bound:
            return
        self._bound = True
        try:
            import readline
        except ImportError:
            return
        if self.words is not None:
            readline.set_completer_delims(" \t;")
            if "libedit" in (readline.__doc__ or ""):  # macOS's readline stand-in
                readline.parse_and_bind("bind ^I rl_complete")
            else:
                readline.parse_and_bind("tab: complete")
            readline.set_completer(self.complete)

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th word that starts with ``text``."""
        if state == 0:
            low = text.lower()
            words = self.words() if self.words is not None else ()
            self._matches = sorted({w for w in words if w.lower().startswith(low)})
        return self._matches[state] if state < len(self._matches) else None

    @classmethod
    def from_terminal(cls, console: Console) -> LineSource:
        return cls(None, console, interactive=True)

    @classmethod
    def from_stream(cls, stream: TextIO | BinaryIO, console: Console, name: str = "the input") -> LineSource:
        """Lines of a text or (better: each line is decoded alone) a binary stream."""
        return cls(stream.readline, console, interactive=False, name=name)

    def _checked(self, line: str) -> str:
        self.lineno += 1
        body = line.rstrip("\r\n")
        if len(body) > MAX_LINE:
            raise BadInput(f"line {self.lineno} of {self.name} is longer than {MAX_LINE:,} characters, "
                           "so it cannot be a command")
        if "\x00" in body:
            raise BadInput(f"line {self.lineno} of {self.name} holds NUL characters, so it is not text")
        return body

    def _next(self, get: Callable[[], str | bytes]) -> str:
        try:
            got = get()
            if isinstance(got, bytes):
                got = got.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput(f"line {self.lineno + 1} of {self.name} is not UTF-8 text") from None
        return got.removeprefix("\ufeff") if self.lineno == 0 else got

    def read(self, prompt: str) -> str | None:
        if self._read_raw is None:
            if self.console.stream is sys.stdout:
                self._readline()
                try:
                    return self._checked(self._next(lambda: input(prompt)))
                except EOFError:
                    self.console.say("")
                    return None
            self.console.write(prompt)
            line = self._next(lambda: sys.stdin.readline(MAX_LINE + 2))
            return self._checked(line) if line else None
        read_raw = self._read_raw
        while True:
            raw = self._next(lambda: read_raw(MAX_LINE + 2))
            if not raw:
                return None
            line = self._checked(raw)
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            self.console.say(prompt + "".join(ch if ch.isprintable() else "?" for ch in line))
            return line
