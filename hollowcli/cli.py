"""The ``hollow`` command line: parse, call one library function, print.

Commands live in ``hollowcli.commands.*`` and are imported only when invoked, so that
``hollow roll`` never pays for reportlab or jinja2. Every :class:`HollowError` becomes
one sentence on stderr and exit status 1, here and nowhere else.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING

import click

from hollowcli import __version__
from hollowcli.errors import HollowError, exit_interrupted

if TYPE_CHECKING:
    from collections.abc import Mapping

# command name -> (module, attribute, short help shown by ``hollow --help``)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "roll": ("hollowcli.commands.table", "roll", "Roll attack dice and D6s."),
    "attack": ("hollowcli.commands.table", "attack", "Resolve one attack: damage and fear."),
    "odds": ("hollowcli.commands.table", "odds", "Exact damage odds of an attack."),
    "spawn": ("hollowcli.commands.table", "spawn", "Roll spawn points for foe groups."),
    "leave": ("hollowcli.commands.table", "leave", "Roll the cost of leaving a location with foes."),
    "rules": ("hollowcli.commands.table", "rules", "Show the rules summary and our readings."),
    "content": ("hollowcli.commands.content", "content", "Validate, list, show and scaffold content packs."),
    "play": ("hollowcli.commands.play", "play", "Play a chapter solo by text prompts."),
    "assist": ("hollowcli.commands.assist", "assist", "Run the rounds of the physical game: your dice, hollow's foes."),
    "campaign": ("hollowcli.commands.play", "campaign", "Create and inspect solo campaigns."),
    "print": ("hollowcli.commands.printing", "print_", "Write print-ready PDFs into ./output/."),
    "hint": ("hollowcli.commands.hint", "hint", "The chance to win from a saved game, for each good choice."),
    "simulate": ("hollowcli.commands.simulate", "simulate", "Play many games of each chapter: win rates and charts."),
    "config": ("hollowcli.commands.config", "config", "Show the config file's path and the settings in effect."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = COMMANDS.get(cmd_name)
        if spec is None:
            return None
        module = importlib.import_module(spec[0])
        cmd: click.Command = getattr(module, spec[1])
        return cmd

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            from hollowcli.names import closest

            close = closest(name, COMMANDS)
            hint = f" Did you mean '{close}'?" if close else ""
            raise click.UsageError(f"No such command '{name}'.{hint}", ctx)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Short help from the table above: listing commands must not import them all.
        rows = [(name, spec[2]) for name, spec in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(
    cls=LazyGroup, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(__version__, "--version", prog_name="hollow", message="%(prog)s %(version)s")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """A companion for the board game Legends of Sleepy Hollow.

    \b
    Examples:
      hollow roll 3 +1          three attack dice, plus one
      hollow odds --dice 3 --defense 1 --health 2
      hollow spawn 2gobkin pumpling --locked 1,3
      hollow play schoolhouse   solo play by text prompts
      hollow print kit          every printable PDF into ./output/

    Shell completion (bash): eval "$(_HOLLOW_COMPLETE=bash_source hollow)"
    (zsh: zsh_source, fish: fish_source); ids of chapters, campaigns, Legends,
    foes, skills, items and rules topics complete too.

    
    Environment:
      HOLLOW_CONTENT  content pack folders layered over the built-in one (':')
      HOLLOW_CONFIG   the config file to read instead of the default one
      HOLLOW_HOME     where campaigns are saved
      NO_COLOR        no colour when set (so does TERM=dumb)
      PAGER           the pager 'hollow rules' uses on a terminal
      HOLLOW_DEBUG    show the traceback of an internal error
    'hollow config' shows the config file's path and the settings in effect.
    """
    if ctx.invoked_subcommand is None:
        # Plain `hollow` is a request for orientation, not a mistake.
        click.echo(ctx.get_help())


def request_problem(environ: Mapping[str, str]) -> str | None:
    """What is wrong with a completion request (``_HOLLOW_COMPLETE=bash_complete``) whose
    variables no completion script would send, in one sentence; None when there is no
    request or nothing is wrong. Click would fail on them with a KeyError or ValueError."""
    shell = environ.get("_HOLLOW_COMPLETE", "")
    if shell not in ("bash_complete", "zsh_complete", "fish_complete", "powershell_complete"):
        return None  # no request, or one for a shell click does not know (it answers nothing)
    words, cword = environ.get("COMP_WORDS"), environ.get("COMP_CWORD")
    numbered = shell != "fish_complete"  # fish sends the word being completed, the others its position
    if words is not None and cword is not None and (not numbered or cword.strip().isdecimal()):
        return None
    need = "COMP_WORDS and COMP_CWORD" + (" (a number)" if numbered else "")
    return (f"_HOLLOW_COMPLETE={shell} asks for shell completion, which needs {need} from the shell's completion "
            f"script; load that script with eval \"$(_HOLLOW_COMPLETE={shell.split('_')[0]}_source hollow)\" "
            "instead of setting them by hand")


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``hollow`` console script."""
    if sys.stdout is None:  # started with stdout closed (`hollow roll >&-`): nothing could be shown
        click.echo("hollow: the standard output is closed, so nothing could be shown; run hollow again "
                   "with its output going to a terminal, a file or a pipe.", err=True)
        sys.exit(1)
    problem = request_problem(os.environ)
    if problem:
        click.echo(f"hollow: {problem}.", err=True)
        sys.exit(1)
    try:
        cli.main(args=argv, prog_name="hollow", standalone_mode=False)
    except HollowError as err:
        click.echo(f"hollow: {err}", err=True)
        sys.exit(err.exit_code)
    except click.exceptions.Abort:
        click.echo("hollow: interrupted.", err=True)
        exit_interrupted()
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    except click.exceptions.Exit as err:
        sys.exit(err.exit_code)
    except BrokenPipeError:
        # `hollow rules | head`: the reader went away; nothing more to say.
        sys.stderr.close()
        sys.exit(0)
    except KeyboardInterrupt:
        click.echo("hollow: interrupted.", err=True)
        exit_interrupted()
    except OSError as err:
        where = f" ({err.filename})" if getattr(err, "filename", None) else ""
        click.echo(f"hollow: {err.strerror or err}{where}.", err=True)
        sys.exit(1)
    except Exception as err:
        if os.environ.get("HOLLOW_DEBUG"):
            raise
        click.echo(
            f"hollow: internal error ({type(err).__name__}: {err}); this is a bug, please report it "
            "with the command you ran (set HOLLOW_DEBUG=1 to see the traceback).",
            err=True,
        )
        sys.exit(70)
