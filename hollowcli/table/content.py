"""The content a table command reads, quickly when possible.

``hollow roll`` and ``hollow odds --dice N`` need only the dice and four rules settings:
:class:`Content` reads those from the pack cache without importing the content model or
yaml; the full :class:`~hollowcli.pack.model.Pack` is loaded only by the commands that
name Legends, foes or chapters. Hence no dataclasses here, and the model imported only
for type checking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hollowcli.dice import Die, Face, Frozen, set_fields
from hollowcli.errors import UsageError

if TYPE_CHECKING:
    from pathlib import Path

    from hollowcli.pack.model import Pack


class Dice(Frozen):
    """What the number-only table commands need from content: the dice and four settings."""

    __slots__ = ("dice", "attack_die", "spawn_die", "leave_damage_per_hit", "fear_per_damage")  # noqa: RUF023 (order = repr order)
    dice: Mapping[str, Die]
    attack_die: str
    spawn_die: str
    leave_damage_per_hit: int
    fear_per_damage: int

    def __init__(
        self,
        dice: Mapping[str, Die],
        attack_die: str = "attack",
        spawn_die: str = "d6",
        leave_damage_per_hit: int = 1,
        fear_per_damage: int = 1,
    ) -> None:
        set_fields(
            self,
            dice=dice,
            attack_die=attack_die,
            spawn_die=spawn_die,
            leave_damage_per_hit=leave_damage_per_hit,
            fear_per_damage=fear_per_damage,
        )

    def die(self, setting: str) -> Die:
        """The die a rules setting (``attack_die`` or ``spawn_die``) names."""
        die_id = getattr(self, setting)
        die = self.dice.get(die_id)
        if die is None:
            raise UsageError(
                f"the content setting rules.{setting} names the die {die_id!r}, which no pack defines"
            )
        return die


_DICE_SETTINGS = ("attack_die", "spawn_die", "leave_damage_per_hit", "fear_per_damage")


def dice_from_pack(pack: Pack) -> Dice:
    """The :class:`Dice` view of a loaded pack."""
    return Dice(pack.dice, *(getattr(pack.rules, k) for k in _DICE_SETTINGS))


def dice_from_data(data: Mapping[str, Any]) -> Dice:
    """The :class:`Dice` view of the loader's canonical (cached) data; settings a pack did
    not give keep the defaults of :class:`~hollowcli.pack.model.Rules` (a test checks they agree)."""
    dice = {
        i: Die(d["id"], tuple(Face(f["label"], f["value"]) for f in d["faces"]))
        for i, d in data["dice"].items()
    }
    rules = data.get("rules", {})
    return Dice(dice, **{k: rules[k] for k in _DICE_SETTINGS if k in rules})


class Content:
    """The content a table command reads: the layered packs of ``content_dirs``.

    ``dice()`` answers from the pack cache when it is fresh (no yaml, no model imported);
    ``pack()`` loads, validates and caches the full pack. A test may hand in a ``pack``.
    """

    def __init__(self, content_dirs: Sequence[Path | str] = (), pack: Pack | None = None) -> None:
        self._given = tuple(content_dirs)
        self._pack = pack
        self._dice: Dice | None = None

    def dirs(self) -> list[str]:
        """The config file's packs, then ``--content`` ones (what ``get_pack`` layers)."""
        from hollowcli.config import layered_dirs

        return layered_dirs(self._given)

    def pack(self) -> Pack:
        if self._pack is None:
            from hollowcli.pack.loader import load_pack

            self._pack = load_pack(self.dirs())
        return self._pack

    def dice(self) -> Dice:
        if self._dice is None:
            if self._pack is not None:
                self._dice = dice_from_pack(self._pack)
            else:
                from hollowcli.pack.loader import cached_data

                data = cached_data(self.dirs())
                try:
                    self._dice = dice_from_data(data) if data is not None else None
                except (KeyError, TypeError, ValueError, AttributeError):
                    self._dice = None  # an odd cache: the full load validates and rewrites it
                if self._dice is None:
                    self._dice = dice_from_pack(self.pack())
        return self._dice
