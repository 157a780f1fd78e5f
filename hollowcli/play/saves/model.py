"""What a campaign file holds: :class:`Campaign` (progress, carried Legends, dice) and the
game in progress as a recipe, :class:`GameRecord`; each checked field by field as it is
read (a ValueError says what is wrong: the file is damaged)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from hollowcli.play.saves.migrate import SCHEMA_VERSION
from hollowcli.play.saves.paths import check_name

#: How a campaign's dice are rolled (``Campaign.dice``): ``seeded`` (hollow rolls them from
#: the game's seed), ``ask`` (the players are asked at each roll: ``hollow play --rolled
#: ask``, and always ``hollow assist``) or ``rolled`` (the values of a ``--rolled`` list
#: not used yet, ``Campaign.dice_values``; then seeded).
DICE_MODES = ("seeded", "ask", "rolled")

#: The largest save file read (bytes), and the most steps one saved game may hold. A game
#: at the highest round limit a pack may set (1,000 rounds of ~15 steps) takes about
#: 15,000 steps and 2 MB, and replaying 20,000 steps takes about 9 s (the plain Python
#: engine); past these a file is refused in one sentence before it is parsed or replayed
#: (a 200 MB save took 590 MB to read, 420,000 steps 10 s and 877 MB).
MAX_SAVE_BYTES = 10_000_000
MAX_STEPS = 20_000


@dataclass
class GameRecord:
    """A game in progress, as a recipe: replaying ``actions[:cursor]`` rebuilds the board.

    ``actions`` past ``cursor`` are steps that were undone and can be redone; taking a
    new step discards them. Each is a typed action (``Action.to_dict()``: its kind, the
    Legend and the fields of its kind), so renaming a command's shortcut cannot break a
    save; a step migrated from an older layout is ``{"command": text}`` until the game is
    replayed once (:class:`hollowcli.play.session.Session` upgrades it in place). ``rolled`` maps a step's index to the labels of the faces of
    the player's physical dice (``hollow play --rolled``) that step used, in order; its
    other dice are the seed's.
    """

    chapter: str
    seed: int
    initial: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    cursor: int = 0
    rolled: dict[int, list[str | None]] = field(default_factory=dict)
    #: A step left at a dice question (``--rolled ask``): ``{"action", "rolled"}``, the
    #: dice answered so far (label, or None for seeded; ``?N``: a choice answered);
    #: resuming takes it again. ``"question": "choice"`` when it was left at a choice of
    #: the chapter's script.
    pending: dict[str, Any] | None = None
    #: The campaign's growth when the game started (legend id -> its growth, as
    #: :attr:`Campaign.growth`): a replay grows the Legends from it, never from a later
    #: interlude's.
    growth: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rolled = {int(k): list(v) for k, v in self.rolled.items()}  # JSON keys are strings
        # a command given as text (a script, an older layout) is read when the game is replayed
        self.actions = [{"command": a} if isinstance(a, str) else a for a in self.actions]

    def to_dict(self) -> dict[str, Any]:
        return {
            "chapter": self.chapter,
            "seed": self.seed,
            "initial": self.initial,
            "actions": [dict(a) for a in self.actions],
            "cursor": self.cursor,
            "rolled": {str(k): list(v) for k, v in sorted(self.rolled.items())},
            **({"pending": self.pending} if self.pending else {}),
            "growth": _growth_doc(self.growth),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        rec = cls(
            chapter=_typed(data, "chapter", str),
            seed=_typed(data, "seed", int),
            initial=_typed(data, "initial", dict),
            cursor=_typed(data, "cursor", int),
        )
        rec.actions = _typed(data, "actions", list)
        if len(rec.actions) > MAX_STEPS:
            raise ValueError(f"'game.actions' holds {len(rec.actions):,} steps, more than the {MAX_STEPS:,} a saved game may hold")
        if not all(_step_entry(a) for a in rec.actions):
            raise ValueError("'game.actions' holds something that is not an action")
        if not 0 <= rec.cursor <= len(rec.actions):
            raise ValueError("'game.cursor' points outside the list of actions")
        rolled = _typed(data, "rolled", dict)
        for key, faces in rolled.items():
            if not (key.isascii() and key.isdigit() and int(key) < len(rec.actions)):
                raise ValueError(f"'game.rolled' names {key!r}, which is not a step of the game")
            if not _faces_list(faces):
                raise ValueError(f"'game.rolled.{key}' is not a list of faces")
        rec.rolled = {int(k): list(v) for k, v in rolled.items()}
        pending = data.get("pending")
        if pending is not None:
            if not (isinstance(pending, dict) and _step_entry(pending.get("action")) and _faces_list(pending.get("rolled"))):
                raise ValueError("'game.pending' is not a step with its dice")
            rec.pending = {"action": dict(pending["action"]), "rolled": list(pending["rolled"])}
            if pending.get("question") == "choice":  # left at a choice of the script, not at a roll
                rec.pending["question"] = "choice"
        rec.growth = check_growth(data.get("growth", {}), "game.growth")
        return rec


def _step_entry(entry: Any) -> bool:
    """A typed action (``{"kind": ..., "legend": ...}``) or a migrated ``{"command": text}``."""
    return isinstance(entry, dict) and (isinstance(entry.get("kind"), str) or isinstance(entry.get("command"), str))


def _faces_list(faces: Any) -> bool:
    """A list of face labels (None: a seeded die)."""
    return isinstance(faces, list) and all(f is None or isinstance(f, str) for f in faces)


@dataclass
class ChapterResult:
    """How often a chapter was won and lost in this campaign."""

    won: int = 0
    lost: int = 0


@dataclass
class Campaign:
    """Everything a campaign remembers between sessions."""

    name: str
    created: str = ""
    legends: dict[str, Any] | None = None  # the engine's carried-over Legends state
    completed: list[str] = field(default_factory=list)  # chapter ids, in the order won
    results: dict[str, ChapterResult] = field(default_factory=dict)
    game: GameRecord | None = None
    #: How its dice are rolled (one of :data:`DICE_MODES`), kept from one session to the
    #: next: a game left at a dice question is asked again, whatever command resumes it.
    dice: str = "seeded"
    #: With ``dice == "rolled"``: the ``--rolled`` values not used yet, in order.
    dice_values: list[str] = field(default_factory=list)
    #: The flags and counters the chapters won so far carry (their events set them with
    #: ``campaign: true``): name -> value; every new game's script starts with them.
    flags: dict[str, int] = field(default_factory=dict)
    #: The pack campaign it follows (a ``campaigns:`` id), or None: the next chapter by
    #: number, no rewards and no questions (a campaign made before issue 19, or in content
    #: that defines no campaign).
    follows: str | None = None
    #: What each Legend has become: legend id -> ``{"upgrades": [upgrade ids, in the order
    #: taken], "path": life-path option id or None, "outfit": the outfit worn or None,
    #: "unlocked": [locked skills freed]}`` (:data:`GROWTH_KEYS`; the shape
    #: ``engine.growth.grown_pack`` reads).
    growth: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The chapter log, oldest first: each ``{"chapter", "outcome", "rounds", "date",
    #: "flags_set", "rewards", "choices"}`` (and ``"next"``, ``"dropped"``); see
    #: :mod:`hollowcli.play.interlude`.
    log: list[dict[str, Any]] = field(default_factory=list)
    #: The interlude after the last chapter, while it can still be undone (until the next
    #: game starts); None otherwise. Its shape: :mod:`hollowcli.play.interlude`.
    interlude: dict[str, Any] | None = None

    def result(self, chapter: str) -> ChapterResult:
        """The won/lost counts of ``chapter`` (created on first use)."""
        return self.results.setdefault(chapter, ChapterResult())

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "name": self.name,
            "created": self.created,
            "legends": self.legends,
            "progress": {
                "completed": list(self.completed),
                "results": {k: {"won": v.won, "lost": v.lost} for k, v in self.results.items()},
            },
            "game": self.game.to_dict() if self.game else None,
            "dice": {"mode": self.dice, **({"values": list(self.dice_values)} if self.dice == "rolled" else {})},
            "flags": dict(sorted(self.flags.items())),
            "follows": self.follows,
            "growth": _growth_doc(self.growth),
            "log": [dict(e) for e in self.log],
            "interlude": self.interlude,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Campaign:
        """Build from a current-version document (see :func:`upgrade` for older ones)."""
        progress = _typed(data, "progress", dict)
        results_raw = _typed(progress, "results", dict)
        results = {}
        for chapter, counts in results_raw.items():
            if not isinstance(counts, dict):
                raise ValueError(f"'progress.results.{chapter}' is not a mapping")  # noqa: TRY004 - ValueError = damaged
            results[chapter] = ChapterResult(_typed(counts, "won", int), _typed(counts, "lost", int))
        legends = data.get("legends")
        if legends is not None:
            _check_carried(legends)
        game = data.get("game")
        if game is not None and not isinstance(game, dict):
            raise ValueError("'game' is not a mapping")
        completed = _typed(progress, "completed", list)
        if not all(isinstance(c, str) for c in completed):
            raise ValueError("'progress.completed' holds something that is not a chapter id")
        dice = _typed(data, "dice", dict)
        mode = dice.get("mode")
        values = dice.get("values", [])
        if mode not in DICE_MODES:
            raise ValueError(f"'dice.mode' is {mode!r}, not one of {', '.join(DICE_MODES)}")
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ValueError("'dice.values' is not a list of faces")
        flags = _typed(data, "flags", dict)
        for name, value in flags.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"'flags.{name}' is not a whole number")
        follows = data.get("follows")
        if follows is not None and not isinstance(follows, str):
            raise ValueError("'follows' is not a campaign id")
        log = _typed(data, "log", list)
        for n, entry in enumerate(log):
            _check_log_entry(entry, f"log.{n}")
        interlude = data.get("interlude")
        if interlude is not None:
            _check_interlude(interlude)
        return cls(
            name=_typed(data, "name", str),
            created=str(data.get("created", "")),
            legends=legends,
            completed=completed,
            results=results,
            game=GameRecord.from_dict(game) if game is not None else None,
            dice=str(mode),
            dice_values=list(values) if mode == "rolled" else [],
            flags=dict(flags),
            follows=follows,
            growth=check_growth(_typed(data, "growth", dict), "growth"),
            log=[dict(e) for e in log],
            interlude=interlude,
        )


#: The keys of one Legend's growth, in the order they are written.
GROWTH_KEYS = ("upgrades", "path", "outfit", "unlocked")


def empty_growth() -> dict[str, Any]:
    """One Legend's growth before anything grew."""
    return {"upgrades": [], "path": None, "outfit": None, "unlocked": []}


def _growth_doc(growth: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A copy to write: Legends in id order, each entry's lists copied."""
    return {lid: {k: (list(g[k]) if isinstance(g[k], list) else g[k]) for k in GROWTH_KEYS}
            for lid, g in sorted(growth.items())}


def check_growth(growth: Any, where: str) -> dict[str, dict[str, Any]]:
    """``growth`` checked (legend id -> :data:`GROWTH_KEYS`) and completed with defaults."""
    if not isinstance(growth, dict):
        raise ValueError(f"'{where}' is not a mapping")  # noqa: TRY004 - ValueError = damaged
    out: dict[str, dict[str, Any]] = {}
    for lid, g in growth.items():
        if not isinstance(g, dict):
            raise ValueError(f"'{where}.{lid}' is not a mapping")  # noqa: TRY004 - ValueError = damaged
        entry = empty_growth()
        for key, value in g.items():
            if key not in GROWTH_KEYS:
                raise ValueError(f"'{where}.{lid}' has an unknown field {key!r}")
            if key in ("upgrades", "unlocked"):
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise ValueError(f"'{where}.{lid}.{key}' is not a list of ids")
                entry[key] = list(value)
            else:
                if value is not None and not isinstance(value, str):
                    raise ValueError(f"'{where}.{lid}.{key}' is not an id")
                entry[key] = value
        out[str(lid)] = entry
    return out


#: The two ways a chapter ends.
OUTCOMES = ("won", "lost")


def _check_log_entry(entry: Any, where: str) -> None:
    """A chapter-log entry (or a recorded interlude's head): chapter, outcome, rounds, date,
    flags set, rewards, choices."""
    if not isinstance(entry, dict):
        raise ValueError(f"'{where}' is not a mapping")  # noqa: TRY004 - ValueError = damaged
    for key, kind, said in (("chapter", str, "an id"), ("rounds", int, "a whole number"), ("date", str, "a date"),
                            ("flags_set", dict, "a mapping"), ("rewards", dict, "a mapping")):
        value = entry.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"'{where}.{key}' is missing or not {said}")
    if entry.get("outcome") not in OUTCOMES:
        raise ValueError(f"'{where}.outcome' is not 'won' or 'lost'")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in entry["flags_set"].values()):
        raise ValueError(f"'{where}.flags_set' holds something that is not a whole number")
    choices = entry.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, dict) for c in choices):
        raise ValueError(f"'{where}.choices' is not a list of choices")


def _check_interlude(rec: Any) -> None:
    """The open interlude: a log entry's head, ``base`` (legends, growth, flags),
    ``questions``, ``answers`` and ``redo`` (ids or None)."""
    _check_log_entry({**rec, "choices": []} if isinstance(rec, dict) else rec, "interlude")
    base = rec.get("base")
    if not isinstance(base, dict):
        raise ValueError("'interlude.base' is not a mapping")
    if base.get("legends") is not None:
        _check_carried(base["legends"])
    check_growth(base.get("growth", {}), "interlude.base.growth")
    if not isinstance(base.get("flags", {}), dict):
        raise ValueError("'interlude.base.flags' is not a mapping")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in base.get("flags", {}).values()):
        raise ValueError("'interlude.base.flags' holds something that is not a whole number")
    questions = rec.get("questions")
    if not isinstance(questions, list) or not all(_question(q) for q in questions):
        raise ValueError("'interlude.questions' is not a list of questions")
    for key in ("answers", "redo"):
        answers = rec.get(key, [])
        if not isinstance(answers, list) or not all(a is None or isinstance(a, str) for a in answers):
            raise ValueError(f"'interlude.{key}' is not a list of answers")
    if rec.get("next") is not None and not isinstance(rec["next"], str):
        raise ValueError("'interlude.next' is not a chapter id")


#: What an interlude asks (:mod:`hollowcli.play.interlude`), in the order it asks: who takes
#: a reward item, relic or outfit; which upgrade; which life path; which relic or outfit to wear.
QUESTION_KINDS = ("item", "relic", "outfit", "upgrade", "path", "wear")


def _question(q: Any) -> bool:
    """An interlude question: its kind, its options (ids), and what it is about."""
    if not (isinstance(q, dict) and q.get("kind") in QUESTION_KINDS and isinstance(q.get("options"), list)
            and all(isinstance(o, str) for o in q["options"])):
        return False
    if q["kind"] in ("item", "relic", "outfit"):
        return isinstance(q.get("item"), str)
    return isinstance(q.get("legend"), str) and (q["kind"] != "wear" or q.get("slot") in ("relic", "outfit"))


def _check_carried(legends: Any) -> None:
    """``legends`` must be legend id -> ``{"inventory": [item ids], "relic": id or null}``
    (and ``"outfits": [item ids]``, the outfits carried, since layout 6)."""
    if not isinstance(legends, dict):
        raise ValueError("'legends' is not a mapping")  # noqa: TRY004 - ValueError = damaged
    for lid, kept in legends.items():
        if not isinstance(kept, dict):
            raise ValueError(f"'legends.{lid}' is not a mapping")  # noqa: TRY004 - ValueError = damaged
        inventory = kept.get("inventory", [])
        if not isinstance(inventory, list) or not all(isinstance(i, str) for i in inventory):
            raise ValueError(f"'legends.{lid}.inventory' is not a list of item ids")
        relic = kept.get("relic")
        if relic is not None and not isinstance(relic, str):
            raise ValueError(f"'legends.{lid}.relic' is not an item id")
        outfits = kept.get("outfits", [])  # outfits carried (the one worn is growth.outfit): layout 6
        if not isinstance(outfits, list) or not all(isinstance(i, str) for i in outfits):
            raise ValueError(f"'legends.{lid}.outfits' is not a list of item ids")


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    """``data[key]``, which must be of ``kind`` (bool is not accepted as int)."""
    if key not in data:
        raise ValueError(f"the field {key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"the field {key!r} is not a {kind.__name__}")
    return value


def new_campaign(name: str, follows: str | None = None) -> Campaign:
    """A fresh campaign (not yet written), following the pack campaign ``follows`` (None: none)."""
    created = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return Campaign(name=check_name(name), created=created, follows=follows)
