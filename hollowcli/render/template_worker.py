"""A pack's card templates run in a child process with hard limits on memory and time.

The sandbox of :mod:`hollowcli.render.sandbox` bounds what a template builds, operator by
operator and call by call, and stops it after 5 seconds. But some work happens inside one
call of Python's own C code, where neither a size check nor the alarm can step in: summing
99,999 lists, sorting or printing a list that holds one list 99,999 times, a ``translate``
table whose entries are long texts. Such a template ran for minutes or took gigabytes. So
the templates of a pack (code from elsewhere) run in a child of hollow, forked once per
print command and handed one card at a time:

* the memory it may add to what it starts with is capped (``RLIMIT_AS``, :data:`MEMORY`
  bytes): past it Python raises MemoryError, which becomes one sentence;
* hollow waits for each card at most the sandbox's time limit plus :data:`GRACE` seconds,
  then kills the child (SIGKILL) and says so in one sentence; the next card gets a new one;
* it dies with hollow (:func:`hollowcli.children.die_with_parent`), leaves Ctrl-C to hollow,
  and writes nothing on the terminal (its standard streams are the null device);
* it answers in JSON, never pickle: hollow runs nothing the child made.

Cost, measured (2 shared cores, plain Python): the fork about 1-2 ms, the child's first
card 10-50 ms (its set-up, ``ctypes`` for the parent-death signal, and compiling), then
about 0.15 ms a card on top of its rendering; the whole kit prints in the same time.
Where ``fork`` does not exist (Windows) a pack's templates run in hollow's own process,
bounded by the sandbox alone. The built-in templates, which are ours, always do.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import pickle
import select
import signal
import struct
import time
import types
from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import Any

from hollowcli.errors import HollowError, RenderError
from hollowcli.render.markup import TEMPLATE_SUFFIX, Face, Para
from hollowcli.render.sandbox import RENDER_SECONDS, stopped_message, template_line

#: The memory (bytes of address space) the child may add to what it starts with.
MEMORY = 256 * 1024 * 1024
#: Seconds past the sandbox's own limit that hollow waits for a card before killing the child.
GRACE = 1.0
#: A message between the two processes is this many bytes at most (a request holds one card's
#: context, an answer one card face: both a few kilobytes).
MAX_MESSAGE = 64 * 1024 * 1024

_LENGTH = struct.Struct(">I")

#: The one child of this process that is running templates, if any (see :meth:`TemplateWorker._start`).
_current: TemplateWorker | None = None
_at_exit: list[bool] = []


def _stop_current() -> None:
    if _current is not None:
        _current.stop()


def can_isolate() -> bool:
    """Whether templates can run in a child process here (POSIX ``fork``)."""
    return hasattr(os, "fork")


class TemplateWorker:
    """Renders card faces in a child process: ``render(kind, context, what)`` as the
    ``render_here`` it is given would, within :data:`MEMORY` and the time limit.

    The child is forked at the first card, so it starts with everything hollow has loaded
    (the templates' environment, the content); it serves every card after that, until it
    is stopped or killed.
    """

    def __init__(self, render_here: Callable[[str, Mapping[str, Any], str], Face]) -> None:
        self._render_here = render_here
        self._pid = 0
        self._to = -1  # requests: this process writes
        self._from = -1  # answers: this process reads

    # ------------------------------------------------------------------ this process

    def render(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        """The face of one card, or :class:`RenderError` in one sentence."""
        name = kind + TEMPLATE_SUFFIX
        request = _dumps((kind, dict(context), what))
        if not self._pid:
            self._start()
        try:
            _send(self._to, request)
            answer = _receive(self._from, time.monotonic() + RENDER_SECONDS + GRACE)
        except TimeoutError:
            self.stop(kill=True)
            raise RenderError(stopped_message(name, what, f"it ran for more than {RENDER_SECONDS:g} seconds")) from None
        except (OSError, EOFError):  # the child is gone (killed, or out of memory past the cap)
            how = self.stop(kill=True)
            raise RenderError(stopped_message(name, what, f"the process running it ended ({how})")) from None
        return _face_from(answer, name, what)

    def stop(self, kill: bool = False) -> str:
        """End the child (asked by closing its pipe, or with SIGKILL) and wait for it; says how it ended."""
        global _current
        if not self._pid:
            return "it was not running"
        if kill:
            try:
                os.kill(self._pid, signal.SIGKILL)
            except OSError:
                pass
        for fd in (self._to, self._from):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            _, status = os.waitpid(self._pid, 0)
            code = os.waitstatus_to_exitcode(status)
            how = f"signal {-code}" if code < 0 else f"status {code}"
        except ChildProcessError:
            how = "already reaped"
        self._pid, self._to, self._from = 0, -1, -1
        if _current is self:
            _current = None
        return how

    def _start(self) -> None:
        """Fork the child; only one runs at a time (an idle one of another set of templates is stopped)."""
        global _current
        if _current is not None and _current is not self:
            _current.stop()
        req_r, req_w = os.pipe()
        ans_r, ans_w = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            try:
                os.close(req_w)
                os.close(ans_r)
                self._serve(parent, req_r, ans_w)
            finally:
                os._exit(0)
        os.close(req_r)
        os.close(ans_w)
        self._pid, self._to, self._from = pid, req_w, ans_r
        if not _at_exit:
            import atexit

            atexit.register(_stop_current)  # the child ends before hollow does, not just after
            _at_exit.append(True)
        _current = self

    # ------------------------------------------------------------------ the child

    def _serve(self, parent: int, requests: int, answers: int) -> None:
        """The child's life: limits first, then one answer per request until the pipe closes."""
        from hollowcli.children import die_with_parent

        die_with_parent(parent)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is hollow's to handle
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):  # nothing on the terminal, not even Python's "Exception ignored" notes
            os.dup2(null, fd)
        _limit_memory()
        while True:
            try:
                kind, context, what = pickle.loads(_receive(requests, None))
            except (EOFError, OSError):
                return  # hollow is done (or gone)
            fatal = False
            try:
                answer: dict[str, Any] = {"face": asdict(self._render_here(kind, context, what))}
            except HollowError as e:
                answer = {"error": str(e)}
            except MemoryError as e:
                fatal = True  # the heap may be in pieces: a fresh child takes the next card
                answer = {"error": stopped_message(template_line(e, kind + TEMPLATE_SUFFIX), what,
                                                   f"it needed more than {MEMORY // 2**20} MB of memory")}
            except Exception as e:  # noqa: BLE001 - a template is code from elsewhere: any failure is one sentence
                at = template_line(e, kind + TEMPLATE_SUFFIX)
                answer = {"error": f"template {at} failed for {what}: {type(e).__name__}: {e}; fix the template"}
            _send(answers, json.dumps(answer).encode("utf-8"))
            if fatal:
                return


# ---------------------------------------------------------------------- the two processes' messages


def _proxy(items: dict[Any, Any]) -> Any:
    """A read-only mapping again (the content model's mappings travel as plain dicts)."""
    return types.MappingProxyType(items)


def _dumps(value: Any) -> bytes:
    """A card's request for the child: pickle, which the child (not hollow) reads."""
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {types.MappingProxyType: lambda m: (_proxy, (dict(m),))}  # type: ignore[misc]
    pickler.dump(value)
    return buf.getvalue()


def _send(fd: int, payload: bytes) -> None:
    data = memoryview(_LENGTH.pack(len(payload)) + payload)
    while data:
        data = data[os.write(fd, data):]


def _receive(fd: int, deadline: float | None) -> bytes:
    """One message from ``fd``; EOFError when the other side closed, TimeoutError past ``deadline``."""
    head = _read_exactly(fd, _LENGTH.size, deadline)
    (size,) = _LENGTH.unpack(head)
    if size > MAX_MESSAGE:
        raise EOFError("a message larger than the limit")
    return _read_exactly(fd, size, deadline)


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes:
    parts: list[bytes] = []
    left = size
    while left:
        if deadline is not None:
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([fd], [], [], wait)[0]:
                raise TimeoutError
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise EOFError
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


#: The fields of a Face that hold paragraphs (the body, the flavour text).
_PARA_FIELDS = tuple(f.name for f in dataclasses.fields(Face) if "Para" in str(f.type))


def _face_from(answer: bytes, name: str, what: str) -> Face:
    """The child's JSON answer as a Face (or its one-sentence error)."""
    try:
        doc = json.loads(answer)
        if "error" in doc:
            raise RenderError(str(doc["error"]))
        face = dict(doc["face"])
        for name_ in _PARA_FIELDS:  # JSON gives paragraphs back as lists of objects
            face[name_] = tuple(Para(str(p["kind"]), str(p["markup"]), int(p["level"])) for p in face.get(name_, ()))
        return Face(**face)
    except (ValueError, KeyError, TypeError) as e:
        raise RenderError(f"template {name} failed for {what}: its answer could not be read ({e})") from None


def _limit_memory() -> None:
    """Cap the child's address space at what it has now plus :data:`MEMORY` (Linux: where
    the size can be read and the cap is enforced; elsewhere the sandbox's limits only)."""
    try:
        import resource

        with open("/proc/self/statm") as fh:
            now = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError, IndexError):
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = now + MEMORY
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):
        pass
