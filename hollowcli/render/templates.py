"""The card-face templates: a pack's ``templates/`` folders first, then the built-in ones,
rendered in the sandbox (:mod:`hollowcli.render.sandbox`) into a
:class:`~hollowcli.render.markup.Face`.

A pack's templates are code from elsewhere: they may read only files inside their own pack
folder (:class:`_PackLoader`), and they run in a child process with hard limits
(:mod:`hollowcli.render.template_worker`); the built-in ones, ours, run in hollow's own
process. Compiled templates are kept in the user's cache folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from hollowcli.errors import RenderError
from hollowcli.render.markup import (
    MAX_CARD_TEXT,
    TEMPLATE_SUFFIX,
    Face,
    attack_words,
    check_markup,
    escape_text,
    parse_blocks,
    restore_words,
)
from hollowcli.render.sandbox import (
    GENERATOR_VERSION,
    TemplateLimit,
    bounded_filter,
    deadline,
    environment_class,
    printable,
    stopped_message,
    template_line,
)

#: The largest template file read (bytes): the built-in ones are a few kilobytes.
MAX_TEMPLATE_BYTES = 200_000


def _finalize(value: Any) -> Any:
    """Applied by jinja2 to every ``{{ value }}``: escape unless it is our own Markup."""
    from markupsafe import Markup

    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    return escape_text(printable(value))


def _bytecode_cache() -> Any:
    """Compiled templates kept in the user's cache folder (checked against the source).

    Skipped when caching is off (``HOLLOW_NO_CACHE``) or the folder cannot be made.
    """
    try:
        from jinja2 import FileSystemBytecodeCache

        from hollowcli.pack import cache

        if not cache.enabled():
            return None
        folder = cache.cache_dir() / "templates"
        folder.mkdir(parents=True, exist_ok=True)

        class BestEffort(FileSystemBytecodeCache):
            """A cache that cannot be read or written (a read-only folder) is simply not used."""

            def load_bytecode(self, bucket: Any) -> None:
                try:
                    super().load_bytecode(bucket)
                except OSError:
                    pass

            def dump_bytecode(self, bucket: Any) -> None:
                try:
                    super().dump_bytecode(bucket)
                except OSError:
                    pass

        # Named after the code generator's version: jinja checks a cached template against its source,
        # not against the generator that compiled it, and one compiled before a check was added lacks it.
        return BestEffort(str(folder), f"hollow-bounded-{GENERATOR_VERSION}-%s.jinja")
    except (ImportError, AttributeError, OSError):
        return None


class _PackLoader:
    """Builds jinja2's FileSystemLoader that refuses a template or include that, with its
    symbolic links followed, is outside the folder of the ``templates/`` it was found in."""

    @staticmethod
    def make(search: list[str]) -> Any:
        from jinja2 import FileSystemLoader

        from hollowcli.pack.files import is_inside

        class Loader(FileSystemLoader):
            def get_source(self, environment: Any, template: str) -> Any:
                from jinja2.loaders import split_template_path

                for where in self.searchpath:  # the file jinja would read, looked at before it is read
                    candidate = os.path.join(where, *split_template_path(template))
                    if os.path.isfile(candidate):
                        if os.path.getsize(candidate) > MAX_TEMPLATE_BYTES:
                            raise RenderError(f"the template {template} ({candidate}) is larger than "
                                              f"{MAX_TEMPLATE_BYTES:,} bytes, the most a card template may be; shorten it")
                        break
                source, filename, uptodate = super().get_source(environment, template)
                folder = next((d for d in self.searchpath if os.path.abspath(filename).startswith(
                    os.path.abspath(d).rstrip(os.sep) + os.sep)), None)
                pack = os.path.dirname(os.path.abspath(folder)) if folder else None
                if pack is None or not is_inside(filename, pack):
                    raise RenderError(
                        f"the template {template} ({filename}) leads outside its pack folder (to "
                        f"{os.path.realpath(filename)}); a pack may only use files inside its own folder: copy the "
                        "file into the pack instead of linking it"
                    )
                return source, filename, uptodate

        return Loader(search)


class Templates:
    """The card-face templates: a pack's ``templates/`` folders first, then the built-in ones.

    A pack overrides a template by shipping a file with the same name.
    """

    def __init__(self, extra_dirs: Iterable[str | Path] = ()):
        from jinja2 import StrictUndefined

        from hollowcli.resources import templates_dir

        search = [str(Path(d)) for d in extra_dirs if Path(d).is_dir()]
        search.append(str(templates_dir()))
        self.search = tuple(search)
        self.env = environment_class()(
            loader=_PackLoader.make(search),
            bytecode_cache=_bytecode_cache(),
            undefined=StrictUndefined,
            autoescape=False,
            finalize=_finalize,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
        self.env.filters["attack"] = attack_words
        self.env.filters["restore"] = restore_words
        for fname, fn in list(self.env.filters.items()):
            self.env.filters[fname] = bounded_filter(fname, fn)
        self._cache: dict[str, Any] = {}
        # A pack's templates are code from elsewhere: they run in a child process with hard
        # limits (see template_worker); the built-in ones, ours, run here.
        from hollowcli.render.template_worker import TemplateWorker, can_isolate

        self._worker = TemplateWorker(self._render_here) if len(search) > 1 and can_isolate() else None

    def render(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        """Render ``<kind>.card.j2`` with ``context``; ``what`` names the card in errors."""
        if self._worker is not None:
            return self._worker.render(kind, context, what)
        return self._render_here(kind, context, what)

    def _render_here(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        """:meth:`render` in this process, bounded by the sandbox alone."""
        from jinja2 import TemplateError, TemplateNotFound

        name = kind + TEMPLATE_SUFFIX
        try:
            tpl = self._cache.get(name)
            if tpl is None:
                tpl = self._cache[name] = self.env.get_template(name)
            with deadline():
                parts: list[str] = []
                size = 0
                for part in tpl.generate(**context):  # streamed: a runaway loop stops at the limit
                    size += len(part)
                    if size > MAX_CARD_TEXT:
                        break
                    parts.append(part)
            text = "".join(parts) if size <= MAX_CARD_TEXT else "x" * (MAX_CARD_TEXT + 1)
        except TemplateLimit as e:
            raise RenderError(stopped_message(template_line(e, name), what, str(e))) from None
        except TemplateNotFound:
            raise RenderError(
                f"no card template {name} in {', '.join(self.search)}; reinstall hollowcli or add it to your pack's templates/"
            ) from None
        except TemplateError as e:
            where = getattr(e, "filename", None) or name
            line = getattr(e, "lineno", None)
            at = f"{where}:{line}" if line else where
            raise RenderError(f"template {at} failed for {what}: {e}") from e
        except MemoryError as e:  # (past the memory cap of the process running a pack's templates)
            raise RenderError(stopped_message(template_line(e, name), what, "it needed more memory than a template "
                                              "may use")) from None
        except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError, RecursionError) as e:
            # A pack's template is code from outside: `{{ 1/0 }}`, a too-big range, a macro calling itself,
            # `'abc'|dictsort` (a text has no items).
            at = template_line(e, name)
            raise RenderError(f"template {at} failed for {what}: {type(e).__name__}: {e}; fix the template") from None
        if len(text) > MAX_CARD_TEXT:
            raise RenderError(f"template {name} made more than {MAX_CARD_TEXT} characters for {what}; a card holds "
                              f"at most {MAX_CARD_TEXT}, so shorten the template or the content text")
        check_markup(text, name)
        return parse_blocks(text, name)
