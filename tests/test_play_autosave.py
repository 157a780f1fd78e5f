"""When the game is saved: after every step a player takes, at each new round with --auto."""

from __future__ import annotations

import io
from typing import Any

from hollowcli.commands.common import get_pack
from hollowcli.play import campaigns, saves
from hollowcli.play.console import Console, LineSource
from hollowcli.play.loop import Game
from hollowcli.play.table import PlayOptions


def _run(options: PlayOptions, script: str = "") -> tuple[Game, list[tuple[int, int]]]:
    pack = get_pack(())
    camp = saves.new_campaign("count")
    campaigns.start_game(pack, camp, "schoolhouse", 3)
    out = io.StringIO()
    writes: list[tuple[int, int]] = []  # (step, round) at each save

    def persist(c: Any) -> None:
        writes.append((c.game.cursor, game.state.round if hasattr(game, "session") else 0))

    source = None if not script else LineSource.from_stream(io.StringIO(script), Console(out))
    game = Game(pack, camp, options, Console(out), source, persist=persist)
    game.run()
    return game, writes


def test_auto_saves_at_each_new_round_and_at_the_end_not_after_every_step() -> None:
    game, writes = _run(PlayOptions(auto=True, max_rounds=3))
    steps = game.session.step
    rounds = {r for _s, r in writes}
    assert steps > 20 and len(writes) < steps / 3
    assert rounds >= {1, 2, 3, 4}  # every round began with a save
    assert writes[-1][0] == steps  # and the end saved everything


def test_a_player_is_saved_after_every_step() -> None:
    game, writes = _run(PlayOptions(), "activate matthias\nmove E2\nattack g1\nquit\n")
    assert [s for s, _r in writes][:3] == [1, 2, 3]
