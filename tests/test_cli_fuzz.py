"""A short command-line fuzz (issue 12 part 7): random arguments to every command never
give an internal error (exit 70) or a traceback, only output, one sentence or a usage
message. Seconds, not minutes: a few dozen examples from a pool of awkward tokens."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hollowcli.cli import COMMANDS, main

pytestmark = pytest.mark.slow  # fuzzing: minutes

SUBCOMMANDS = ["new", "status", "list", "validate", "show", "init", "reference", "deck", "cards", "kit", "spawn",
               "legends", "foes", "items", "chapters", "schoolhouse", "churchyard", "default", "autumn"]
OPTIONS = ["--seed", "--json", "--dice", "--defense", "--health", "--content", "--campaign", "--input", "--auto",
           "--max-rounds", "--rolled", "--locked", "--restart", "--from-backup", "--force", "--explain", "--out",
           "--paper", "--size", "--backs", "--bleed", "--help", "-h"]
AWKWARD = ["0", "1", "-1", "3", "+1", "7", "1" * 4301, "-" + "9" * 50, "2gobkin", "pumpling", "3d6", "1,2,blank",
           "blank", "nan", "inf", "1e999", "0x10", "１", "²", "", " ", "a\nb", "tab\there", "\x00", "\x1b[31m",
           "é", "✶", "%s", "{}", "{{ 1 }}", "'", '"', "\\", "-", "--", ".", "box", "out/x", "moves.txt",
           "bad.yaml", "a" * 300]

token = st.sampled_from(SUBCOMMANDS + OPTIONS + AWKWARD)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(sorted(COMMANDS)), args=st.lists(token, max_size=6))
def test_no_command_line_gives_an_internal_error_or_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str,
    args: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "moves.txt").write_bytes(b"1\nundo\n\xff\n")
    (tmp_path / "bad.yaml").write_text("foes: [")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nquit\n"))
    if command == "play" and "--auto" in args and "--max-rounds" not in args:
        args = [*args, "--max-rounds", "2"]  # a whole demo game is slow, not wrong
    try:
        main([command, *args])
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out, err = capsys.readouterr()
    assert code != 70, (command, args, err)
    assert "Traceback" not in out + err and "internal error" not in err, (command, args, err)
    assert code in (0, 1, 2), (command, args, code, err)
    if code == 1:
        assert err.startswith("hollow: ") and err.count("\n") == 1, (command, args, err)


# ----------------------------------------------------------------------------- config files (issue 21)

_KEYS = st.sampled_from(["content", "paper", "papr", "x" * 300, "é", "content.extra", '"quoted key"'])
_SCALARS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["true", "false", "1e999", "nan", "inf", "1979-05-27", '"letter"', '"a4"', '"A4"', '"."', '"~"',
                     '"missing-folder"', "'literal'", '"""multi\nline"""', '"\\u0000"', '"' + "p" * 20_000 + '"']),
    st.text(max_size=30).map(lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"'),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.lists(st.tuples(st.sampled_from(["a", "b", "paper"]), inner), max_size=3).map(
            lambda kv: "{" + ", ".join(f"{k} = {v}" for k, v in dict(kv).items()) + "}"),
    ),
    max_leaves=8,
)
_DEEP = st.integers(min_value=0, max_value=1500).flatmap(
    lambda n: st.sampled_from(["[" * n + "]" * n, "{a=" * n + "1" + "}" * n]))
_LINES = st.one_of(
    st.tuples(_KEYS, st.one_of(_VALUES, _DEEP)).map(lambda kv: f"{kv[0]} = {kv[1]}"),
    st.sampled_from(["[content]", "[[paper]]", "paper =", "= 1", "\ufeffpaper = 'a4'", "# a comment", ""]),
    st.text(max_size=40),
)
_CONFIGS = st.one_of(st.lists(_LINES, max_size=6).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")),
                     st.binary(max_size=200))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(config=_CONFIGS, command=st.sampled_from([["roll", "--seed", "1"], ["config"], ["rules", "fear"]]))
def test_no_config_file_gives_an_internal_error_or_a_long_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], config: bytes,
    command: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "config.toml"
    path.write_bytes(config)
    monkeypatch.setenv("HOLLOW_CONFIG", str(path))
    try:
        main(command)
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out, err = capsys.readouterr()
    assert code in (0, 1), (config[:200], code, err[:500])
    assert "Traceback" not in out + err and "internal error" not in err, (config[:200], err[:500])
    lines = err.splitlines()
    assert all(line.startswith("hollow: ") and len(line) < 600 for line in lines), (config[:200], err[:700])
    if code == 1:
        assert len([line for line in lines if not line.startswith("hollow: warning:")]) == 1, err[:700]
