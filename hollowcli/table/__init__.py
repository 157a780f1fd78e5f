"""The table assistant: rolls, attacks, odds, spawns, the leave roll and the rules text.

Each ``hollow`` table command parses its options, calls one function here and prints the
result (``to_json()`` for ``--json``, ``text()`` otherwise). The rulings themselves live in
:mod:`hollowcli.engine.resolve`, shared with solo play; this package only gathers the
numbers (from options or from content), rolls and explains. One concept a module:

- :mod:`.content`  what a command reads from content (the dice quickly, the pack fully)
- :mod:`.common`   limits and range checks, rolling or reading dice
- :mod:`.roll`     ``hollow roll``
- :mod:`.attack`   ``hollow attack`` and ``hollow odds``
- :mod:`.groups`   the spawn grammar (``2gobkin``, ``1,3``)
- :mod:`.spawn`    ``hollow spawn``
- :mod:`.leave`    ``hollow leave``
- :mod:`.rules`    ``hollow rules``

Names typed by users (Legends, foes, chapters, topics) are matched by :mod:`hollowcli.names`.
"""

from __future__ import annotations

from hollowcli.table.attack import AttackReport, AttackSetup, attack, attack_setup, odds
from hollowcli.table.common import MAX_FOES, MAX_GROUPS, MAX_NUMBER
from hollowcli.table.content import Content, Dice, dice_from_data, dice_from_pack
from hollowcli.table.groups import Group, parse_groups, parse_points
from hollowcli.table.leave import LeaveReport, leave, leave_chances
from hollowcli.table.roll import roll_dice
from hollowcli.table.rules import RulesReport, rules, rules_file, rules_sections
from hollowcli.table.spawn import SpawnLine, SpawnReport, spawn

__all__ = [
    "MAX_FOES", "MAX_GROUPS", "MAX_NUMBER",
    "AttackReport", "AttackSetup", "Content", "Dice", "Group", "LeaveReport", "RulesReport",
    "SpawnLine", "SpawnReport",
    "attack", "attack_setup", "dice_from_data", "dice_from_pack", "leave", "leave_chances",
    "odds", "parse_groups", "parse_points", "roll_dice", "rules", "rules_file",
    "rules_sections", "spawn",
]
