"""Table commands: ``hollow roll``, ``attack``, ``odds``, ``spawn``, ``leave``, ``rules``.

Each command parses its options, calls one function of :mod:`hollowcli.table` and prints
the result. Nothing heavy is imported here: ``hollow roll`` must start about as fast as
click itself (see ``benchmarks/bench_startup.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from hollowcli import table as logic
from hollowcli.commands import completion
from hollowcli.commands.common import (
    content_option,
    echo,
    emit_json,
    json_option,
    make_rng,
    rolled_option,
    seed_option,
    style,
    use_colour,
)

if TYPE_CHECKING:
    from pathlib import Path

# ``hollow roll 3 -1``: "-1" is a modifier, not an option.
_LOOSE = {"ignore_unknown_options": True}


def _bar_unicode() -> bool:
    """Block characters when stdout can encode them, '#' otherwise."""
    enc = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "█▏".encode(enc)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _width() -> int:
    """Terminal columns (``COLUMNS`` first), kept between 40 and 120; 80 when unknown.

    ``os.get_terminal_size`` rather than ``shutil``'s, which would import compression
    modules on the way (start-up speed).
    """
    import os

    try:
        cols = (
            int(os.environ.get("COLUMNS", "")) or os.get_terminal_size(sys.stdout.fileno()).columns
        )
    except (ValueError, OSError, AttributeError):
        try:
            cols = os.get_terminal_size(sys.stdout.fileno()).columns
        except (OSError, ValueError, AttributeError):
            cols = 80
    return max(40, min(120, cols))


def _attack_options(f):  # type: ignore[no-untyped-def]
    for opt in reversed(
        [
            click.option(
                "--dice", type=int, default=None, help="Number of attack dice (0 to 100)."
            ),
            click.option(
                "--direct", type=int, default=None, help="Direct damage added to the dice."
            ),
            click.option(
                "--defense", type=int, default=None, help="The target's defense, subtracted."
            ),
            click.option(
                "--by",
                "by",
                default=None,
                metavar="LEGEND|FOE",
                help="Who attacks: numbers from content.",
                shell_complete=completion.ids("legends", "foes"),
            ),
            click.option(
                "--with",
                "with_",
                default=None,
                metavar="SKILL|ITEM",
                help="The Legend's skill or item (default: basic attack).",
                shell_complete=completion.ids("skills", "items"),
            ),
            click.option(
                "--target",
                default=None,
                metavar="FOE|LEGEND",
                help="Who is attacked: gives the defense.",
                shell_complete=completion.ids("foes", "legends"),
            ),
        ]
    ):
        f = opt(f)
    return f


def _show(report: Any, as_json: bool, *text_args: Any, nl: bool = True) -> None:
    """Print a report: its JSON document with --json, else its text (``report.text(*text_args)``)."""
    if as_json:
        emit_json(report.to_json())
    else:
        echo(report.text(*text_args), nl=nl)


def _build_roll() -> click.Command:
    @click.command(context_settings=_LOOSE)
    @click.argument("exprs", nargs=-1, metavar="[EXPR]...")
    @seed_option
    @rolled_option
    @json_option
    @content_option
    def roll(
        exprs: tuple[str, ...],
        seed: int | None,
        rolled: str | None,
        as_json: bool,
        content_dirs: tuple[Path, ...],
    ) -> None:
        """Roll attack dice and numbered dice, with modifiers.

        EXPR: 3 or 3a = three attack dice; d6, 2d6 (any dN); +1 / -1 modifiers. Several
        expressions add up; with none, one attack die is rolled. At most 100 dice.

        \b
        Examples:
          hollow roll                 one attack die
          hollow roll 3 +1            three attack dice, plus one
          hollow roll 2d6 -1 --seed 7
          hollow roll 2 --rolled blank,2
        """
        _refuse_unknown_options(exprs)
        report = logic.roll_dice(logic.Content(content_dirs), exprs, make_rng(seed), rolled)
        _show(report, as_json)

    return roll


def _refuse_unknown_options(words: tuple[str, ...]) -> None:
    """``hollow roll`` lets '-1' through as a modifier; a word that looks like an option
    ('--jsn', '-x') is still a usage error (exit 2) with the closest option suggested."""
    import re

    for word in words:
        if re.fullmatch(r"--?[A-Za-z][\w-]*(=.*)?", word):
            ctx = click.get_current_context()
            name = word.split("=", 1)[0]
            options = [o for p in ctx.command.params for o in p.opts if o.startswith("--")]
            from hollowcli.names import closest

            near = closest(name, options, 0.5)
            raise click.NoSuchOption(name, possibilities=[near] if near else None, ctx=ctx)


def _build_attack() -> click.Command:
    @click.command()
    @_attack_options
    @seed_option
    @rolled_option
    @json_option
    @content_option
    def attack(
        dice: int | None,
        direct: int | None,
        defense: int | None,
        by: str | None,
        with_: str | None,
        target: str | None,
        seed: int | None,
        rolled: str | None,
        as_json: bool,
        content_dirs: tuple[Path, ...],
    ) -> None:
        """Resolve one attack: damage = direct + dice - defense (never below 0), and fear.

        Give the numbers (--dice, --direct, --defense) or take them from content with
        --by LEGEND [--with SKILL-or-ITEM] --target FOE (or --by FOE --target LEGEND).
        Item attacks omit the Legend's personal bonus. Explicit numbers override content.

        \b
        Examples:
          hollow attack --dice 3 --direct 1 --defense 1
          hollow attack --by emily --with long-shot --target gobkin
          hollow attack --by gobkin --target jeremiah --rolled 1
        """
        setup = logic.attack_setup(
            logic.Content(content_dirs), dice, direct, defense, by, with_, target
        )
        report = logic.attack(setup, make_rng(seed), rolled)
        _show(report, as_json)

    return attack


def _build_odds() -> click.Command:
    @click.command()
    @_attack_options
    @click.option(
        "--health", type=int, default=None, help="The target's health: chance to defeat it."
    )
    @click.option(
        "--exact/--no-exact", default=None, help="Show (or hide) the exact fractions column."
    )
    @click.option("--full", is_flag=True, help="Show every damage value, even the far tails.")
    @json_option
    @content_option
    def odds(
        dice: int | None,
        direct: int | None,
        defense: int | None,
        by: str | None,
        with_: str | None,
        target: str | None,
        health: int | None,
        exact: bool | None,
        full: bool,
        as_json: bool,
        content_dirs: tuple[Path, ...],
    ) -> None:
        """Exact damage odds of an attack (rational arithmetic, no sampling), with a bar chart.

        Shows the chance of each damage, of at least each damage, the mean, and with
        --health H the chance to defeat a target with H health. Same --by/--with/--target
        form as `hollow attack`; --target FOE also gives --health.

        \b
        Examples:
          hollow odds --dice 3 --defense 1 --health 2
          hollow odds --by matthias --with steady-aim --target schrickroot
          hollow odds --dice 50 --json
        """
        setup = logic.attack_setup(
            logic.Content(content_dirs), dice, direct, defense, by, with_, target
        )
        report = logic.odds(setup, health)
        _show(report, as_json, _width(), _bar_unicode(), exact, full)

    return odds


def _spawn_options(f):  # type: ignore[no-untyped-def]
    """``hollow spawn``'s groups and where they may spawn."""
    for opt in reversed([
        click.argument("groups", nargs=-1, required=True, metavar="GROUP...", shell_complete=completion.ids("foes")),
        click.option("--locked", default=None, metavar="P,P", help="Spawn points with a barricade (added to a chapter's)."),
        click.option("--unlocked", default=None, metavar="P,P",
                     help="Remove barricades (e.g. a chapter's) from these points."),
        click.option("--points", type=int, default=None, help="Spawn points 1..N on the map (default 6)."),
        click.option("--chapter", default=None, metavar="CHAPTER", shell_complete=completion.ids("chapters", numbers=True),
                     help="Use a chapter's spawn points and barricades (its number or id)."),
    ]):
        f = opt(f)
    return f


def _build_spawn() -> click.Command:
    @click.command()
    @_spawn_options
    @seed_option
    @rolled_option
    @json_option
    @content_option
    def spawn(
        groups: tuple[str, ...],
        locked: str | None,
        unlocked: str | None,
        points: int | None,
        chapter: str | None,
        seed: int | None,
        rolled: str | None,
        as_json: bool,
        content_dirs: tuple[Path, ...],
    ) -> None:
        """Roll a spawn point for each group of foes.

        One spawn die (D6) per group. If that point is locked (a barricade) or not on the map,
        the group spawns at the lowest-numbered unlocked point; if every point is locked,
        nothing spawns. GROUP is a foe with an optional count: 2gobkin, gobkin, "2 gobkins".
        With --chapter, its map's points and barricades are used; --locked adds barricades
        and --unlocked removes them.

        \b
        Examples:
          hollow spawn 2gobkin pumpling --locked 1,3
          hollow spawn 2gobkin --points 4 --rolled 6
          hollow spawn schrickroot --chapter schoolhouse --unlocked 4
          hollow spawn gobkin --chapter 1
        """
        report = logic.spawn(
            logic.Content(content_dirs),
            groups,
            make_rng(seed),
            rolled,
            locked,
            unlocked,
            points,
            chapter,
        )
        _show(report, as_json)

    return spawn


def _build_leave() -> click.Command:
    @click.command()
    @click.option(
        "--foes", type=int, required=True, help="How many foes are in the location you leave."
    )
    @click.option(
        "--odds", "show_odds", is_flag=True, help="Show the exact odds instead of rolling."
    )
    @seed_option
    @rolled_option
    @json_option
    @content_option
    def leave(
        foes: int,
        show_odds: bool,
        seed: int | None,
        rolled: str | None,
        as_json: bool,
        content_dirs: tuple[Path, ...],
    ) -> None:
        """Roll the cost of leaving a location that holds foes.

        One attack die per foe; 1 damage for each non-blank face (no defense); 1 fear if
        any damage was taken.

        \b
        Examples:
          hollow leave --foes 3
          hollow leave --foes 2 --rolled blank,1
          hollow leave --foes 3 --odds
        """
        content = logic.Content(content_dirs)
        if show_odds:
            report = logic.leave_chances(content, foes)
            _show(report, as_json, _width(), _bar_unicode())
            return
        result = logic.leave(content, foes, make_rng(seed), rolled)
        _show(result, as_json)

    return leave


def _build_rules() -> click.Command:
    @click.command()
    @click.argument("topic", required=False, shell_complete=completion.rules_topics)
    @json_option
    @content_option
    def rules(topic: str | None, as_json: bool, content_dirs: tuple[Path, ...]) -> None:
        """Show the rules summary and our readings where it is silent.

        TOPIC shows the sections whose name (or a word of it) starts with TOPIC, in any
        case: legend-phase, adversary-phase, end-of-round, spawning, combat, fear,
        movement, traps, other, readings, and the solo engine's readings (map-and-sight,
        solo-...). A --content pack with its own rules.md replaces the built-in text.

        \b
        Examples:
          hollow rules
          hollow rules spawn
          hollow rules readings
        """
        report = logic.rules(topic, logic.Content(content_dirs).dirs())
        if as_json or not sys.stdout.isatty():
            _show(report, as_json, lambda h: style(h, bold=True), nl=False)  # markdown, as written
            return
        # On a terminal: headings rendered, **bold** and `code` marks taken off, through a pager.
        text = _render_markdown(report.text(_heading))
        import os

        os.environ.setdefault("LESS", "FRX")  # as git does: colours shown, one screen needs no 'q'
        click.echo_via_pager(text, color=use_colour())

    return rules


def _heading(line: str) -> str:
    """``## spawning — the spawn list`` as a heading: the words, bold, and a rule under them."""
    words = line.lstrip("#").strip()
    title = words[:1].upper() + words[1:]
    return style(title, bold=True) + "\n" + style("─" * min(len(title), 78), dim=True)


def _render_markdown(text: str) -> str:
    """The rules' markdown for this terminal: wrapped to its width, bold in bold."""
    from hollowcli.table.rules import for_terminal

    return for_terminal(text, _width(), lambda words: style(words, bold=True))


_BUILDERS: dict[str, Callable[[], click.Command]] = {
    "roll": _build_roll,
    "attack": _build_attack,
    "odds": _build_odds,
    "spawn": _build_spawn,
    "leave": _build_leave,
    "rules": _build_rules,
}


def __getattr__(name: str) -> click.Command:
    """Build a command the first time it is asked for (``hollowcli.cli`` does ``getattr``).

    Defining all six commands' click options costs about a millisecond; ``hollow roll``
    needs one of them (start-up speed, see ``benchmarks/bench_startup.py``).
    """
    build = _BUILDERS.get(name)
    if build is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    cmd = build()
    globals()[name] = cmd
    return cmd
