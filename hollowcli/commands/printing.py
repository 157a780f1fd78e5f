"""``hollow print``: write print-ready PDFs into ./output/ (or ``--out DIR``).

Thin commands: parse the options, ask ``hollowcli.render`` for PDF bytes, write them
through :mod:`hollowcli.output` (only under the output folder), report. reportlab, jinja2
and pypdfium2 are imported only inside the functions that need them.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from hollowcli import output
from hollowcli.commands import completion
from hollowcli.commands.common import Group, content_option, echo, emit_json, get_pack, json_option
from hollowcli.errors import UsageError
from hollowcli.names import plural
from hollowcli.output import Written

EXAMPLES = """
\b
Examples:
  hollow print kit                      everything into ./output/
  hollow print kit --paper a4 --backs short
  hollow print deck schoolhouse --back-offset 1.5,-0.5
  hollow print cards foes --size tarot --bleed 3 --preview
"""




def _examples(*lines: str) -> str:
    """An epilog of examples for one subcommand (click keeps the lines as written)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


EXAMPLES_REFERENCE = _examples(
    "hollow print reference", "hollow print reference --paper a4 --size tarot",
    "hollow print reference --backs none --out ~/print",
)
EXAMPLES_SPAWN = _examples(
    "hollow print spawn                    every chapter (spawn-tables.pdf)",
    "hollow print spawn 1                  chapter 1 only (spawn-<chapter>.pdf)",
    "hollow print spawn schoolhouse --paper a4",
)
EXAMPLES_DECK = _examples(
    "hollow print deck                     every chapter's deck", "hollow print deck 2",
    "hollow print deck schoolhouse --backs short",
    "hollow print deck schoolhouse --back-offset 1.5,-0.5", "hollow print deck --size mini --bleed 3",
)
EXAMPLES_CARDS = _examples(
    "hollow print cards                    legends, allies, foes and items", "hollow print cards allies --size mini",
    "hollow print cards foes --size tarot --bleed 3 --preview",
    "hollow print cards legends --campaign autumn   the Legends as campaign 'autumn' grew them",
)
EXAMPLES_KIT = _examples(
    "hollow print kit                      everything into ./output/", "hollow print kit --paper a4 --backs short",
    "hollow print kit --no-mix             a file per kind of card",
    "hollow print kit --guide              with the keeper's guide (it spoils the story)",
    "hollow print kit --size 60x90 --bleed 3 --out kit-bleed", "hollow print kit --content my-box --json",
    "hollow print kit --campaign autumn    the Legend cards as campaign 'autumn' grew them",
)
EXAMPLES_GUIDE = _examples(
    "hollow print guide 6                  one chapter's keeper's guide (guide-<chapter>.pdf)",
    "hollow print guide potters-field      the same, by its id",
    "hollow print guide --all              every scripted chapter (guide.pdf)",
    "hollow print guide --all --content my-box --paper a4",
)


def sheet_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The options every ``hollow print`` subcommand shares."""
    opts = [
        click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
                     show_default=True, help="Folder the PDFs are written to (created if needed, inside an existing folder)."),
        click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default=None,
                     help="Paper size. Default: 'paper' in the config file, else letter."),
        click.option("--size", default="poker", show_default=True, metavar="NAME|WxH",
                     help="Card size: poker (63x88 mm), mini (44x67), tarot (70x120) or WxH in mm."),
        click.option("--bleed", type=float, default=0.0, show_default=True, metavar="MM",
                     help="Bleed around each card in mm (3 is usual); 0 puts cards edge to edge (poker 9-up)."),
        click.option("--backs", type=click.Choice(["long", "short", "fold", "none"], case_sensitive=False),
                     default="long", show_default=True,
                     help="Backs for long- or short-edge duplex, side by side to fold, or none."),
        click.option("--back-offset", default=None, metavar="X,Y",
                     help="Move backs by X,Y mm (right, up) when your printer shifts the back side."),
        click.option("--backs-style", type=click.Choice(["light", "dark", "plain"], case_sensitive=False),
                     default=None,
                     help="Card backs: light (a pale medallion well inside the card, so a shifted back still "
                          "looks right; the default), dark (full colour; use with --bleed 3) or plain (words in a "
                          "grey oval). Default: the pack's back template, else light."),
        click.option("--gutter", type=float, default=0.0, show_default=True, metavar="MM",
                     help="Space between cards in mm (0-10), so each card has its own cut lines."),
        click.option("--cut-lines", is_flag=True,
                     help="Draw full-length cut lines across the sheet, not only crop marks in the margins."),
        click.option("--preview", is_flag=True, help="Also write a PNG of the first page of each PDF beside it (150 dpi), to look at before printing."),
        content_option,
        json_option,
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


def _spec(opts: dict[str, Any]) -> Any:
    """The sheet options of a command -> a checked SheetSpec (UsageError before anything is written)."""
    from hollowcli.config import load_config
    from hollowcli.render.geometry import compute_layout, make_spec

    spec = make_spec(opts["paper"] or load_config().paper, opts["size"], opts["bleed"], opts["backs"],
                     opts["back_offset"], opts["gutter"], opts["cut_lines"], opts["backs_style"])
    compute_layout(spec)  # fail early if the cards cannot fit or a back offset leaves the printable area
    return spec


def _checked(opts: dict[str, Any]) -> Any:
    """The checked SheetSpec of a print command, once ``--preview`` and ``--out`` are known to work."""
    spec = _spec(opts)
    output.check_preview(opts["preview"])
    output.check_out_folder(opts["out_dir"], f"--out {opts['out_dir']}")
    return spec


def _prepare(opts: dict[str, Any]) -> tuple[Any, Any]:
    """(spec, pack) for a print command: options checked first, then the content loaded."""
    return _checked(opts), get_pack(opts["content_dirs"])


def _go(jobs: Sequence[tuple[str, str, Callable[..., Any]]], opts: dict[str, Any], **kw: Any) -> Any:
    return _run(jobs, opts["out_dir"], opts["preview"], opts["as_json"], **kw)


@contextmanager
def _long_lived() -> Iterator[None]:
    """While the files are built, keep what is already loaded (the content, the fonts, the
    modules: all of it stays until the command ends) out of the garbage collector's full
    passes, which would walk it all again for nothing; hand it back afterwards."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@dataclass(frozen=True)
class _Done:
    """A file written: what the listing shows, and the renderer's result (warnings, notes)."""

    written: Written
    result: Any


def _run(jobs: Sequence[tuple[str, str, Callable[..., Any]]], out_dir: Path, preview: bool,
         as_json: bool, progress: bool = False, index: Callable[[list[tuple[Written, Any]]], Any] | None = None) -> None:
    """Build each printable, write it, then list what was written (or one JSON document).

    Renderers return bytes; only this function writes files (through :mod:`hollowcli.output`).
    """
    _report(_write_all(jobs, out_dir, preview, progress, index), as_json)


def _write_all(jobs: Sequence[tuple[str, str, Callable[..., Any]]], out_dir: Path, preview: bool, progress: bool,
               index: Callable[[list[tuple[Written, Any]]], Any] | None) -> list[_Done]:
    """Build and write each file in turn (with a progress bar for the kit); the kit's index,
    which describes the files just written, last."""
    done: list[_Done] = []

    def one(name: str, kind: str, result: Any) -> None:
        path = output.write(out_dir, name, result.data)
        png = output.preview(path, result.data) if preview else None
        done.append(_Done(Written(path, kind, result.pages, result.cards, png), result))

    results = ((name, kind, build()) for name, kind, build in jobs)
    with _long_lived():
        if progress:
            with click.progressbar(length=len(jobs), label="Printing the kit", file=sys.stderr) as bar:
                for name, kind, result in results:
                    one(name, kind, result)
                    bar.update(1)
        else:
            for name, kind, result in results:
                one(name, kind, result)
        if index is not None:
            one("index.pdf", "index", index([(d.written, d.result) for d in done]))
    return done


def _report(done: Sequence[_Done], as_json: bool) -> None:
    """The warnings on stderr; then the files written, the layout's notes and how to print
    (or all of it as one JSON document)."""
    files = [d.written for d in done]
    notes = [w for d in done for w in d.result.warnings]
    layout_notes = list(dict.fromkeys(n for d in done for n in d.result.notes))
    for note in notes:
        click.echo(f"hollow: warning: {note}", err=True)
    if as_json:
        emit_json({"files": [w.as_json() for w in files], "warnings": notes, "notes": layout_notes})
        return
    width = max((len(str(w.path)) for w in files), default=0)
    for w in files:
        cards = f", {plural(w.cards, 'card')}" if w.cards else ""
        pages = plural(w.pages, "page")
        line = f"{w.path!s:<{width}}  {pages}{cards}"
        if w.preview:
            line += f"  (preview {w.preview.name})"
        echo(line)
    for note in layout_notes:
        echo(f"Note: {note}.")
    if any(getattr(d.result, "ruler", True) for d in done):
        echo("Print at 100% (no 'fit to page'); the ruler in the margin must measure 50 mm.")
    else:
        echo("Print at 100% (no 'fit to page'); no margin of this layout has room for the ruler, so measure a "
             "printed card instead.")


@click.group(name="print", epilog=EXAMPLES, cls=Group)
def print_() -> None:
    """Write print-ready PDFs: reference cards, chapter decks, stat cards, setup sheets, spawn
    tables, and for a group with a keeper the guide to a chapter's events (print guide).

    Files go into ./output/ (or --out DIR). Cards are poker size (63x88 mm) by default,
    9 to a Letter or A4 page, with crop marks in the margins, a backs page after each
    page of fronts (mirrored for long-edge duplex) and a 50 mm calibration ruler.
    """


def _chapters(pack: Any, chapter: str | None, all_: bool) -> list[Any]:
    from hollowcli.names import chapters_in_order, find_chapter

    if chapter and all_:
        raise UsageError("give a chapter (its number or id) or --all, not both")
    if chapter:
        return [find_chapter(pack.chapters, chapter)]
    chapters = chapters_in_order(pack.chapters)
    if not chapters:
        raise UsageError("the content has no chapters to print")
    return chapters


@print_.command(epilog=EXAMPLES_REFERENCE)
@sheet_options
def reference(**opts: Any) -> None:
    """Reference cards from content/rules.md and a one-page turn-order sheet (reference.pdf)."""
    from hollowcli.render.reference import render_reference

    spec, pack = _prepare(opts)
    _go([("reference.pdf", "reference", lambda: render_reference(pack, spec))], opts)


@print_.command(epilog=EXAMPLES_SPAWN)
@click.argument("chapter", required=False, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--all", "all_", is_flag=True, help="Every chapter (the default when no CHAPTER is given).")
@sheet_options
def spawn(chapter: str | None, all_: bool, **opts: Any) -> None:
    """Spawn tables: what each D6 roll yields under a chapter's barricades (spawn-tables.pdf for
    every chapter, as the kit has it; spawn-<chapter>.pdf for one)."""
    from hollowcli.render.spawn_tables import render_spawn_tables

    spec, pack = _prepare(opts)
    chapters = _chapters(pack, chapter, all_)
    # One chapter's table gets its own name: it must not replace the kit's spawn-tables.pdf,
    # which holds every chapter and which index.pdf describes.
    stem = f"spawn-{chapters[0].id}" if chapter else "spawn-tables"
    _go([(f"{stem}.pdf", "spawn", lambda: render_spawn_tables(pack, chapters, spec, stem))], opts)


EXAMPLES_SETUP = _examples(
    "hollow print setup schoolhouse        the board and setup of one chapter",
    "hollow print setup 1                  the same, by its number",
    "hollow print setup                    every chapter", "hollow print setup churchyard --paper a4",
    "hollow print setup covered-bridge --scale play             the board at play size, in tiles",
    "hollow print setup covered-bridge --scale play --square 40",
)


@print_.command(epilog=EXAMPLES_SETUP)
@click.argument("chapter", required=False, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--all", "all_", is_flag=True, help="Every chapter (the default when no CHAPTER is given).")
@click.option("--scale", type=click.Choice(["sheet", "play"], case_sensitive=False), default="sheet",
              show_default=True,
              help="sheet: one page with the map, the search spots, the track and the spawn list; play: the map "
                   "at the size of the board's squares, tiled over as many sheets as it needs (setup-<chapter>-play.pdf).")
@click.option("--square", type=float, default=None, metavar="MM",
              help="With --scale play: one square of the map in mm (default 50: a location holds several figures).")
@sheet_options
def setup(chapter: str | None, all_: bool, scale: str, square: float | None, **opts: Any) -> None:
    """A chapter's setup sheet: the map to scale with coordinates, walls, features, search spots and
    what they hold, spawn points, barricades and starting squares, the storybook track and the spawn
    list (setup-<chapter>.pdf). With --scale play: the map at play size, in tiles to join."""
    from hollowcli.render.play_board import PLAY_SQUARE_MM, PLAY_SQUARE_RANGE, play_pages
    from hollowcli.render.setup_sheet import render_setup

    if square is not None and scale.lower() != "play":
        raise UsageError("--square is the size of a square at play size: use it with --scale play")
    lo, hi = PLAY_SQUARE_RANGE
    if square is not None and not lo <= square <= hi:
        raise UsageError(f"--square {square:g}: give a square's size between {lo:g} and {hi:g} mm (50 is usual)")
    spec, pack = _prepare(opts)
    chosen = _chapters(pack, chapter, all_)
    if scale.lower() == "play":
        size = PLAY_SQUARE_MM if square is None else square
        jobs = [(f"setup-{ch.id}-play.pdf", "setup", (lambda ch=ch: play_pages(pack, ch, spec, size)))
                for ch in chosen]
    else:
        jobs = [(f"setup-{ch.id}.pdf", "setup", (lambda ch=ch: render_setup(pack, ch, spec))) for ch in chosen]
    _go(jobs, opts)


@print_.command(epilog=EXAMPLES_DECK)
@click.argument("chapter", required=False, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--all", "all_", is_flag=True, help="Every chapter (the default when no CHAPTER is given).")
@sheet_options
def deck(chapter: str | None, all_: bool, **opts: Any) -> None:
    """A chapter's deck, every copy, with backs (deck-<chapter>.pdf).

    The cards the chapter's events add to the deck (deck: {add: ID}) are printed too, marked
    "set aside": keep them out of the deck at setup until the event shuffles them in."""
    from hollowcli.render.deck import render_deck

    spec, pack = _prepare(opts)
    jobs = [(f"deck-{ch.id}.pdf", "deck", (lambda ch=ch: render_deck(pack, ch, spec)))
            for ch in _chapters(pack, chapter, all_)]
    _go(jobs, opts)


class KindChoice(click.Choice):
    """A kind, plural or singular, any case (``legend`` is ``legends``); a typo gets the closest kind."""

    def __init__(self, choices: list[str]) -> None:
        super().__init__(choices, case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        low = str(value).strip().lower()
        for c in self.choices:
            if low in (c, str(c)[:-1]) or (c == "allies" and low == "ally"):
                return c
        from hollowcli.names import closest

        near = closest(low, [str(c) for c in self.choices])
        hint = f"; did you mean {near!r}?" if near else ""
        self.fail(f"{value!r} is not a kind of card{hint} (the kinds are {', '.join(map(str, self.choices))})", param, ctx)


campaign_option = click.option(
    "--campaign", "campaign_name", default=None, metavar="NAME", shell_complete=completion.campaigns,
    help="Print the Legend cards of saved campaign NAME: its grown Legends (life path, upgrades, outfit worn, "
         "skills unlocked), with a line per source saying what it changed.")


def _campaign_growth(name: str | None, pack: Any) -> Any:
    """The saved campaign ``name``'s growth for the Legend cards (None without ``--campaign``).

    A campaign that does not exist is one sentence naming ``hollow campaign list``; growth
    naming something the content no longer has is the engine's one-sentence SaveError,
    raised here, before anything is written."""
    if name is None:
        return None
    from hollowcli.engine import grown_pack
    from hollowcli.errors import SaveError
    from hollowcli.play import saves
    from hollowcli.render.stat_cards import CampaignGrowth

    path = saves.campaign_path(name)  # a name that cannot be a campaign's is a UsageError here
    if not path.exists() and not path.is_symlink():
        raise SaveError(f"there is no saved campaign named {name!r}; 'hollow campaign list' shows the campaigns "
                        "there are")
    camp = saves.load(name)
    grown_pack(pack, camp.growth)  # the growth checked against the content now: one sentence, no file
    relics = {lid: (kit.get("relic") if isinstance(kit, dict) else None) for lid, kit in (camp.legends or {}).items()}
    return CampaignGrowth(name, camp.growth, relics)


@print_.command(epilog=EXAMPLES_CARDS)
@click.argument("kinds", nargs=-1, type=KindChoice(["legends", "allies", "foes", "items"]))
@campaign_option
@sheet_options
def cards(kinds: tuple[str, ...], campaign_name: str | None, **opts: Any) -> None:
    """Stat cards for legends, allies, foes, items (all when none is named): cards-<kind>.pdf.

    With --campaign NAME the Legend cards are that campaign's grown Legends: the grown numbers,
    a line per life path, upgrade and outfit saying what it changed, locked skills marked."""
    from hollowcli.render.stat_cards import CARD_KINDS, render_cards

    chosen = [k.lower() for k in kinds] or list(CARD_KINDS)
    chosen = list(dict.fromkeys(chosen))
    if campaign_name is not None and "legends" not in chosen:
        raise UsageError(f"--campaign {campaign_name} grows the Legend cards only: add 'legends' to the kinds "
                         "(hollow print cards legends --campaign NAME), or leave --campaign out")
    spec, pack = _prepare(opts)
    camp = _campaign_growth(campaign_name, pack)
    jobs = [(f"cards-{k}.pdf", "cards", (lambda k=k: render_cards(pack, k, spec, camp))) for k in chosen]
    _go(jobs, opts)


@print_.command(epilog=EXAMPLES_GUIDE)
@click.argument("chapter", required=False, shell_complete=completion.ids("chapters", numbers=True))
@click.option("--all", "all_", is_flag=True, help="Every chapter with events or setup tokens, in one guide.pdf.")
@sheet_options
def guide(chapter: str | None, all_: bool, **opts: Any) -> None:
    """A scripted chapter's events in words, for a keeper (guide-<chapter>.pdf).

    The keeper's guide: the token kinds the chapter uses and what each does, the tokens placed
    at setup, and every event in the chapter's order (when it fires, its conditions, what to
    read out, its steps, once or every time) with a box to tick when it fires, so one player
    can run the script at the table without a screen. It spoils the story: the kit leaves it
    out unless asked (hollow print kit --guide)."""
    from hollowcli.render.guide import render_guide, scripted
    from hollowcli.render.product import GUIDE

    if not chapter and not all_:
        raise UsageError("say which chapter's keeper's guide to print (its number or id), or --all for every "
                         "chapter with events")
    spec, pack = _prepare(opts)
    chosen = _chapters(pack, chapter, all_)
    if chapter and not scripted(chosen[0]):
        have = ", ".join(f"{ch.number} ({ch.id})" for ch in _chapters(pack, None, True) if scripted(ch))
        raise UsageError(f"chapter {chosen[0].number} ({chosen[0].id}) has no events and no setup tokens, so it "
                         "has no keeper's guide" + (f"; the chapters with one: {have}" if have else
                                                    "; no chapter of the content has one"))
    chosen = [ch for ch in chosen if scripted(ch)]
    if not chosen:
        raise UsageError("no chapter of the content has events or setup tokens, so there is no keeper's guide "
                         "to print")
    stem = f"{GUIDE}-{chosen[0].id}" if chapter else GUIDE
    _go([(f"{stem}.pdf", GUIDE, lambda: render_guide(pack, chosen, spec, stem))], opts)


@print_.command(epilog=EXAMPLES_KIT)
@click.option("--mix/--no-mix", default=True, show_default=True,
              help="Every card in one cards.pdf, kinds sharing sheets (no half-empty sheet per kind); "
                   "--no-mix writes a file per kind (reference, decks, stat cards).")
@click.option("--guide", "with_guide", is_flag=True,
              help="Also print guide.pdf, the keeper's guide of every chapter with events (it spoils the story, "
                   "so the kit leaves it out unless asked).")
@campaign_option
@sheet_options
def kit(mix: bool, with_guide: bool, campaign_name: str | None, **opts: Any) -> None:
    """Everything, in the order to print it: the duplex test, the cards, the turn-order sheet, setup
    sheets, spawn tables, and index.pdf (a checklist for the first printing, what each file holds,
    which card is where). With --guide, the keeper's guide too (guide.pdf), before the index."""
    from hollowcli.render.index import render_index
    from hollowcli.render.kit import kit_plan
    from hollowcli.render.product import GUIDE

    spec, pack = _prepare(opts)
    plan = kit_plan(pack, spec, mix, with_guide, _campaign_growth(campaign_name, pack))
    if with_guide and not any(p.kind == GUIDE for p in plan):
        click.echo("hollow: note: no chapter has events or setup tokens, so the kit has no keeper's guide "
                   "(guide.pdf).", err=True)
    jobs = [(p.filename, p.kind, p.build) for p in plan]

    def index(entries: list[tuple[Written, Any]]) -> Any:
        notes = list(dict.fromkeys(n for _, r in entries for n in r.notes))
        return render_index(spec, [(w.path.name, r) for w, r in entries], notes, pack)

    _go(jobs, opts, progress=True, index=index)


EXAMPLES_CAMPAIGN = _examples(
    "hollow print campaign autumn          the party sheet of campaign 'autumn' (campaign-autumn.pdf)",
    "hollow print campaign                 the default campaign's",
    "hollow print campaign autumn --paper a4 --preview",
)


@print_.command("campaign", epilog=EXAMPLES_CAMPAIGN)
@click.argument("name", required=False, default="default", shell_complete=completion.campaigns)
@sheet_options
def campaign(name: str, **opts: Any) -> None:
    """A campaign's party sheet to keep with the box, as 'hollow campaign status NAME' shows it.

    campaign-NAME.pdf: each Legend's stats with what changed them, skills (a box before each
    locked one), life path, upgrades and kit; the chapter log; a box for notes."""
    from hollowcli.play import campaigns, party, saves
    from hollowcli.render.party_sheet import render_party_sheet

    spec = _checked(opts)
    camp = saves.load(name)
    pack = get_pack(opts["content_dirs"])
    upcoming = campaigns.next_chapter(pack, camp)
    sheet = party.party_sheet(pack, camp, camp.game.chapter if camp.game else upcoming.id if upcoming else None)
    stem = f"campaign-{name}"
    _go([(f"{stem}.pdf", "campaign", lambda: render_party_sheet(sheet, spec, stem))], opts)


EXAMPLES_DUPLEX = _examples(
    "hollow print duplex-test              print it two-sided, read the offset",
    "hollow print duplex-test --paper a4 --backs short",
    "hollow print duplex-test --back-offset 1.5,-0.5   check a correction",
)


@print_.command("duplex-test", epilog=EXAMPLES_DUPLEX)
@sheet_options
def duplex_test(**opts: Any) -> None:
    """A calibration sheet (duplex-test.pdf): print it two-sided, hold it to the light, and read
    your printer's back offset in mm for --back-offset."""
    from hollowcli.render.duplex import render_duplex_test

    spec = _checked(opts)
    _go([("duplex-test.pdf", "duplex-test", lambda: render_duplex_test(spec))], opts)
