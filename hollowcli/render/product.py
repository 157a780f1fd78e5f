"""What the print products share: the game's name, the pack's templates sized for the
card (:class:`Sized`), the sample mark, a run of cards with one back (:class:`CardGroup`)
and the file of cards several runs make (:func:`card_file`), and the names the kit's index
gives each part of a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from hollowcli.pack.model import Chapter, Pack
from hollowcli.render.geometry import SheetSpec
from hollowcli.render.markup import Face
from hollowcli.render.sheet import CardJob, RenderResult, card_sheets
from hollowcli.render.templates import Templates

#: The game's name, in every file's title.
GAME = "Legends of Sleepy Hollow"

_TEMPLATES: dict[tuple[str, ...], Templates] = {}


def _templates(pack: Pack) -> Templates:
    """One template environment per set of template folders, so each template compiles once."""
    key = tuple(pack.template_dirs)
    tpl = _TEMPLATES.get(key)
    if tpl is None:
        tpl = _TEMPLATES[key] = Templates(pack.template_dirs)
    return tpl


#: Cards narrower or shorter than this (mm) get the compact layout (``size.compact``).
COMPACT_W_MM = 55.0
COMPACT_H_MM = 80.0


def size_info(spec: SheetSpec) -> dict[str, Any]:
    """What templates see as ``size``: the card size's name, width and height in mm, and
    ``compact`` (a small card such as mini: templates leave out flavour text)."""
    return {
        "name": spec.size_name,
        "w": spec.card_w,
        "h": spec.card_h,
        "compact": spec.card_w < COMPACT_W_MM or spec.card_h < COMPACT_H_MM,
    }


class Sized:
    """The pack's templates, rendered with ``size`` (see :func:`size_info`) in every context."""

    def __init__(self, pack: Pack, spec: SheetSpec) -> None:
        self.tpl = _templates(pack)
        self.size = size_info(spec)

    def render(self, kind: str, context: Mapping[str, Any], what: str) -> Face:
        return self.tpl.render(kind, {"size": self.size, **context}, what)


def sample(pack: Pack, kind: str, id_: str) -> bool:
    """Whether the entry ``kind/id_`` holds sample values (its card says so)."""
    return bool(pack.sample.get(f"{kind}/{id_}", False))


@dataclass(frozen=True)
class CardGroup:
    """A run of cards with one back, ready for :func:`~hollowcli.render.sheet.card_sheets`: the
    reference cards, a chapter's deck, or the stat cards of one kind."""

    label: str  # as the index names it: "Reference cards", "Chapter 1 deck", "Legends"
    jobs: Callable[[], Iterator[CardJob]]
    back: Face
    back_name: str  # the back, as a warning names it
    count: int  # card copies
    holds: str  # what the run holds, in a few words


def card_file(groups: Sequence[CardGroup], layout: Any, title: str, subject: str, name: str, holds: str,
               after: Callable[[Any], int] | None = None, where: bool = False) -> RenderResult:
    """The cards of ``groups``, one after another on shared sheets, each group with its back."""

    def jobs() -> Iterator[CardJob]:
        for g in groups:
            for job in g.jobs():
                yield replace(job, back=g.label)

    backs = {g.label: (g.back, g.back_name) for g in groups}
    return card_sheets(jobs(), None, layout, title, subject, after=after, name=name,
                       count=sum(g.count for g in groups), holds=holds, backs=backs, where=where)


#: How the index names the reference cards and the turn-order sheet.
REFERENCE_LABEL = "Reference cards"
TURN_ORDER_LABEL = "Turn-order sheet"
#: The keeper's guide: its file's stem in the kit and for 'hollow print guide --all' (guide.pdf).
GUIDE = "guide"
#: How the index names each kind of stat card.
STAT_LABELS = {"legends": "Legends", "allies": "Allies", "foes": "Foes", "items": "Items and relics"}


def chapter_label(chapter: Chapter) -> str:
    """How the index names a chapter's pages in a file: "Chapter 1"."""
    return f"Chapter {chapter.number}"


def deck_label(chapter: Chapter) -> str:
    """How the index names a chapter's deck: "Chapter 1 deck"."""
    return f"Chapter {chapter.number} deck"
