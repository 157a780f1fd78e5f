"""Campaign save files: where they live, their versioned layout, atomic writes, backups.

A campaign is one JSON file, ``<data dir>/campaigns/NAME.json``. The data dir is
``$HOLLOW_HOME`` when set (tests always set it), else the platform's user data folder
(``~/.local/share/hollow`` on Linux).

The game in progress is not stored as a picture of the board but as its recipe: the
seed, the initial state and the list of commands taken (plus a cursor for redo). The
engine rebuilds the board by replaying, so the file stays small, undo/redo are free and
a save can never disagree with the rules that produced it.

Files carry ``schema_version``; older layouts are upgraded by the functions in
:data:`MIGRATIONS`, one version at a time; newer ones are refused politely.

The package's modules, lowest first: :mod:`.paths` (the data folder, campaign names and
files, the command that continues a campaign), :mod:`.migrate` (the layouts and their
upgrades), :mod:`.model` (what a file holds), :mod:`.lock` (one writer per campaign) and
:mod:`.store` (reading, atomic writing, backups, damaged files). Everything callers use
is named here: ``from hollowcli.play import saves; saves.load(name)``.
"""

from __future__ import annotations

from hollowcli.errors import SaveError
from hollowcli.play.saves.lock import CampaignBusy, CampaignLock, hold, lock_path
from hollowcli.play.saves.migrate import MIGRATIONS, SCHEMA_VERSION, NewerSchema, schema_of, upgrade
from hollowcli.play.saves.model import (
    DICE_MODES,
    GROWTH_KEYS,
    MAX_SAVE_BYTES,
    MAX_STEPS,
    OUTCOMES,
    QUESTION_KINDS,
    Campaign,
    ChapterResult,
    GameRecord,
    check_growth,
    empty_growth,
    new_campaign,
)
from hollowcli.play.saves.paths import (
    DEFAULT_CAMPAIGN,
    backup_path,
    campaign_path,
    campaigns_dir,
    check_name,
    data_dir,
    list_campaigns,
    play_hint,
)
from hollowcli.play.saves.store import (
    DamagedSave,
    kept_copies,
    load,
    load_or_new,
    missing_campaign,
    parse,
    read_backup,
    restore_backup,
    save,
    set_aside,
)

__all__ = [
    "DEFAULT_CAMPAIGN", "DICE_MODES", "GROWTH_KEYS", "MAX_SAVE_BYTES", "MAX_STEPS", "MIGRATIONS", "OUTCOMES",
    "QUESTION_KINDS", "SCHEMA_VERSION",
    "Campaign", "CampaignBusy", "CampaignLock", "ChapterResult", "DamagedSave", "GameRecord", "NewerSchema",
    "SaveError", "backup_path", "campaign_path", "campaigns_dir", "check_growth", "check_name", "data_dir", "empty_growth", "hold", "kept_copies",
    "list_campaigns", "load", "load_or_new", "lock_path", "missing_campaign", "new_campaign", "parse", "play_hint",
    "read_backup", "restore_backup", "save", "schema_of", "set_aside", "upgrade",
]
