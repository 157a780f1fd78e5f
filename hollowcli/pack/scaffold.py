"""The commented starter pack that ``hollow content init DIR`` writes.

One file per kind, one example entry each, every field explained. The example numbers
are placeholders (each file says ``sample: true`` until the user transcribes real
values), the words are ours, and the whole pack validates when layered over the
built-in one (a test checks this).
"""

from __future__ import annotations

from pathlib import Path

from hollowcli.errors import HollowError

_HEAD = """\
# Part of a hollowcli content pack made by `hollow content init`.
# Layer it over the built-in pack with `--content DIR` (or HOLLOW_CONTENT, or the
# `content` list of the config file). An entry with the same id as a built-in one
# replaces it; a new id adds an entry. `hollow content list` shows every id.
# `replaces: [KIND, ...]` at the top of any file drops every earlier entry of those
# kinds, built-in ones included (see chapters/example-chapter.yaml).
# Check your edits with `hollow content validate DIR`: each problem names file:line.
#
# `sample: true` marks the numbers below as placeholders, not read off a real box.
# Delete that line (or write `sample: false`) once you have copied your own values.
# It can also sit on a single entry instead of the whole file.
"""

FILES: dict[str, str] = {
    "dice.yaml": _HEAD + """\
sample: true

dice:
  # The die every attack rolls (rules.attack_die names it). List every face once,
  # in any order; duplicates are fine. `label` is what is printed on the face (you
  # may type it with --rolled), `value` is the number of hits it scores.
  attack:
    faces:
      - {label: blank, value: 0}
      - {label: blank, value: 0}
      - {label: "1", value: 1}
      - {label: "1", value: 1}
      - {label: "1", value: 1}
      - {label: "2", value: 2}
  # Short form for numbered dice: a plain number is a face whose label is that number.
  # d6:
  #   faces: [1, 2, 3, 4, 5, 6]
""",
    "legends.yaml": _HEAD + """\
sample: true

legends:
  # Reusing a built-in id replaces that Legend with what you write here.
  emily-van-winkle:
    name: Emily Van Winkle        # shown everywhere the Legend is named
    title: Tanner                 # optional: a few words under the name
    health: 8                     # starting and maximum health
    defense: 1                    # subtracted from every attack against her
    move: 2                       # locations she may move per activation
    attack_priority: 4            # foes tied on distance go for the highest number
    tokens: 4                     # action tokens in her preparation space
    basic_attack: {dice: 2, direct: 0, range: 2}   # range 0 = same location only
    bonus: {direct: 1}            # personal bonus; attacks made with items never get it
    skills: [example-skill]       # ids from skills.yaml (or the built-in pack)
    relic: null                   # an equipped relic: an item id with kind relic, or null
    inventory: [example-relic]    # further item ids she carries
    text: Replace this line with your own note about her.
""",
    "allies.yaml": _HEAD + """\
sample: true

allies:
  # An ally is a hero who is not a Legend: foes go for it (the closest hero; ties to
  # the highest attack_priority) where the chapter says foe_targets: heroes, "each hero" card effects include it, and the
  # players move it (and attack with it, if it has a basic_attack) once per Legend
  # phase, after any Legend. It has no tokens, skills, items or fear, and leaves the
  # board at 0 health. A chapter places it under setup.allies; a card can bring it in
  # with the effect {ally: {ally: ID, at: LOCATION-or-SPAWN-POINT}}.
  example-ally:
    name: An Example Ally
    title: Lantern bearer          # optional: a few words under the name
    health: 4
    defense: 0
    move: 2
    attack_priority: 0
    basic_attack: {dice: 1, direct: 0, range: 1}   # leave out for an ally who cannot fight
    text: A line of your own.
""",
    "skills.yaml": _HEAD + """\
sample: true

skills:
  example-skill:
    name: Example Skill
    cost: 1                       # action tokens spent to use it
    # Either an attack ...
    attack: {dice: 3, direct: 0, range: 2, area: false}   # area: one roll for every foe there
    # ... or a restore (or both):
    # restore: {health: 2, fear: 1}
    text: Describe what the skill does in your own words.
""",
    "items.yaml": _HEAD + """\
sample: true

items:
  example-relic:
    name: Example Relic
    kind: relic                   # item or relic
    chapter_item: false           # true: lost when the chapter is completed
    cost: 1                       # action tokens spent to use it (0 = free)
    defense: 1                    # a relic's defense bonus while equipped
    # An item may attack (no personal bonus) or restore, like a skill:
    # attack: {dice: 2, direct: 1, range: 0, area: false}
    # restore: {health: 2, fear: 0}
    # trap: snare                 # using it sets a trap of this type
    # trap_damage: 2              # damage the trap deals to the enemy that springs it
    text: Describe the relic in your own words.
""",
    "foes.yaml": _HEAD + """\
sample: true

foes:
  # Reusing a built-in id replaces that foe with what you write here.
  gobkin:
    name: Gobkin
    class: gobkin                 # boss, gobkin, schrickroot or pumpling: sets activation order
    health: 2
    defense: 0
    move: 2                       # locations per activation
    attack: {dice: 1, direct: 1, range: 0}
    target: closest               # closest Legend (ties: highest attack priority; allies too with foe_targets: heroes), or a Legend id
    supply: 10                    # miniatures in the box: no more can be on the map
    text: Describe the foe in your own words.
""",
    "rules.yaml": _HEAD + """\
sample: true

# Settings merge over the built-in ones key by key: list only what your box changes.
# `hollow content show rules` prints every setting and its current value.
rules:
  activation_order: [boss, gobkin, schrickroot, pumpling]   # every foe class, once
  fear_limit: 10                  # this much fear at the end of a round loses the chapter
  spawn_die: d6                   # die ids from dice.yaml
  attack_die: attack
  # settings: {}                  # free-form notes for your own templates
""",
    "chapters/example-chapter.yaml": _HEAD + """\
sample: true

# The next line drops the built-in sample chapters, so `hollow content list` and a
# campaign show only the chapters of this pack. Delete it to keep the sample chapters
# too; then give yours numbers the sample ones do not use (no two chapters may share
# a number). `replaces` may also list dice, legends, allies, skills, items or foes.
replaces: [chapters]

chapters:
  example-chapter:
    name: An Example Chapter
    number: 1                     # its place in the storybook; one chapter per number
    intro: >-
      Two or three sentences of your own that set the scene.
    # One character per location, every row the same width. Locations are named by
    # column letter and row number (A1 is the top left). '#' = no location (blocks
    # moves and sight), '.' = open, 1-9 = spawn points, letters = features below.
    map: |
      #######
      #1...2#
      #.#S#.#
      #..C..#
      #3...4#
      #######
    features:
      S: start                    # Legends not placed in setup start here
      C: {kind: search, name: Old chest}   # start, search or scenery; name is optional
    walls: [[B4, B5]]             # between two neighbouring locations
    barricades: [4]               # spawn points locked at setup
    # The storybook track: one spot per round. A spot lists actions (move, attack,
    # spawn); `card: draw` also draws a chapter card.
    track:
      - [move, attack]
      - [spawn]
      - {actions: [move, attack], card: draw}
    track_end: loop               # loop back to the first spot, or stay on the last
    # Each spawn action takes the next entry; every group rolls its own spawn point.
    spawn_list:
      - [{foe: gobkin, count: 2}]
      - [{foe: gobkin, count: 1}]
    setup:
      legends: {emily-van-winkle: D3}   # optional: where some Legends start
      allies: {example-ally: E4}        # optional: allies (allies.yaml) and where they start
      foes:
        - {foe: gobkin, at: 1}    # a spawn point number or a location like E4
    objective: {kind: search, count: 1, rounds: 8}   # survive (rounds), search (count), defeat (count, foe),
                                  # protect (ally, rounds): lost if that ally falls
    cards:
      - id: example-card
        title: An Example Card
        text: What happens, in your own words.
        copies: 2                 # how many of this card are in the deck
        # Effect keys: spawn, damage, fear, heal, calm, lock, unlock, advance, tokens, ally.
        # Leave `effect` out (or empty) for a card that is only story.
        effect: {fear: 1, spawn: [{foe: gobkin, count: 1}]}
""",
    "campaigns.yaml": _HEAD + """\
sample: true

# A campaign plays chapters in a row. Between two chapters, 'hollow campaign next'
# gives its rewards and asks the choices it owes (upgrades, life paths, what to wear).
# `changes` (on an upgrade, a life path option and an outfit) moves stats (health,
# defense, move, tokens, attack_priority, fear_limit: +1 or -1), adds, removes or
# replaces skills, and sharpens one skill's attack ({skill: ID, attack: {direct: +1}};
# without `skill`, the basic attack).
campaigns:
  example-campaign:
    name: An Example Campaign
    start: example-chapter        # its first chapter
    chapters:
      example-chapter:
        won: end                  # a chapter id, `end`, or {if_flag: {FLAG: ID}, else: ID}
        lost: example-chapter     # leave out to play a lost chapter again
        rewards:
          won: {outfits: [example-coat], upgrades: 1}   # also items, relics, skills (unlocked)

upgrades:
  example-upgrade:
    name: An Example Upgrade
    legend: any                   # or a Legend id: only that Legend may take it
    changes: {health: +1}
    text: Describe the upgrade in your own words.

paths:
  emily-van-winkle:               # the Legend's id
    at: example-chapter           # chosen after this chapter is won
    options:
      steady: {name: The Steady Path, changes: {defense: +1}}
      swift: {name: The Swift Path, changes: {move: +1, tokens: -1}}

items:
  example-coat:
    name: An Example Coat
    kind: outfit                  # worn: one outfit per Legend; its changes apply while worn
    changes: {skill: example-skill, attack: {range: +1}}
    text: Describe the outfit in your own words.
""",
}


def _make_folders(folder: Path) -> None:
    """``folder`` and its missing parents, made top down in a loop: ``Path.mkdir(parents=True)``
    recurses once per level and fails with RecursionError on a path 1,000 folders deep."""
    missing = [p for p in (folder, *folder.parents) if not p.is_dir()]
    for p in reversed(missing):
        p.mkdir(exist_ok=True)


def write_scaffold(folder: Path) -> list[Path]:
    """Write the starter pack into ``folder``; refuse if any of its files exists."""
    targets = [folder / rel for rel in FILES]
    clash = [t for t in targets if t.exists()]
    if clash:
        raise HollowError(f"{clash[0]} already exists; 'hollow content init' never overwrites files, "
                          "so choose an empty or new folder")
    if folder.exists() and not folder.is_dir():
        raise HollowError(f"{folder} is a file; give a folder for the new pack")
    written = []
    for rel, text in FILES.items():
        path = folder / rel
        try:
            _make_folders(path.parent)
            with open(path, "x", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as e:
            raise HollowError(f"cannot write {e.filename or path} ({e.strerror or e}); "
                              "give 'hollow content init' a new folder in a place you can write to") from e
        written.append(path)
    return written
