"""The build: what it asks pip to download (mypy only for a build that will compile the
engine), what it does on a machine that cannot compile, and the source archive.

The hooks are asked directly first (a second or two each); the tests marked slow run pip
itself, offline, with a folder of wheels that holds setuptools and wheel and no mypy, so a
build that asked for mypy could not finish.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCE_FOLDERS = ("hollowcli", "content", "templates", "buildsys")
SOURCE_FILES = ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in")


def pinned_mypy() -> str:
    """The mypy the test extra pins (pyproject.toml), read here on its own."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        extra = tomllib.load(f)["project"]["optional-dependencies"]["test"]
    (pin,) = [r for r in extra if r.startswith("mypy==")]
    return pin


def copy_source(dest: Path) -> Path:
    """What a source archive holds, copied: the checkout's build/ folder may hold compiled
    objects, and a build writes its egg-info next to setup.py."""
    for name in SOURCE_FOLDERS:
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for name in SOURCE_FILES:
        shutil.copy(ROOT / name, dest / name)
    return dest


def build_env(**changes: str) -> dict[str, str]:
    """This environment without a choice of ours already in it, with ``changes``; pip
    configured by nothing but its command line (no index, no extra folders of wheels)."""
    env = {k: v for k, v in os.environ.items() if k not in ("HOLLOW_PURE_PYTHON", "PYTHONPATH") and not k.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = os.devnull
    env.update(changes)
    return env


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_source(tmp_path_factory.mktemp("source"))


def hooks(source: Path, tmp_path: Path, env: dict[str, str], before: str = "") -> dict[str, object]:
    """Call the backend's hooks as pip would (in the source folder, in a process of their
    own) and return what each answered. ``before``: Python run first, to change the machine."""
    answers = tmp_path / "answers.json"
    script = textwrap.dedent(f"""
        import json, sys
        where = sys.argv[1]  # setuptools' hooks change sys.argv
        {before}
        import backend
        answers = {{
            "wheel": backend.get_requires_for_build_wheel(),
            "editable": backend.get_requires_for_build_editable(),
            "sdist": backend.get_requires_for_build_sdist(),
            "reason": backend.plain_python_reason(),
        }}
        open(where, "w").write(json.dumps(answers))
    """)
    out = subprocess.run([sys.executable, "-c", script, str(answers)], cwd=source, capture_output=True, text=True,
                         env=dict(env, PYTHONPATH=str(source / "buildsys")), check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    return dict(json.loads(answers.read_text()))


def mypy_asked(requires: object) -> list[str]:
    assert isinstance(requires, list)
    return [r for r in requires if r.startswith("mypy")]


def test_a_regular_build_asks_for_the_mypy_the_tests_pin(source: Path, tmp_path: Path) -> None:
    said = hooks(source, tmp_path, build_env())
    assert said["reason"] is None
    assert mypy_asked(said["wheel"]) == [pinned_mypy()]
    assert mypy_asked(said["sdist"]) == []  # a source archive compiles nothing
    # The pin is written once; the tests type-check with the mypy that compiles the engine.
    assert pinned_mypy() == f"mypy=={version('mypy')}"
    with open(ROOT / "pyproject.toml", "rb") as f:
        build_system = tomllib.load(f)["build-system"]
    assert not [r for r in build_system["requires"] if r.startswith("mypy")]


@pytest.mark.parametrize("value,compiles", [("1", False), ("yes", False), ("0", True)])
def test_hollow_pure_python_asks_for_no_mypy(source: Path, tmp_path: Path, value: str, compiles: bool) -> None:
    said = hooks(source, tmp_path, build_env(HOLLOW_PURE_PYTHON=value))
    assert mypy_asked(said["wheel"]) == ([pinned_mypy()] if compiles else [])
    assert (said["reason"] is None) == compiles
    if not compiles:
        assert said["reason"] == "HOLLOW_PURE_PYTHON is set"


def test_an_editable_build_never_asks_for_mypy(source: Path, tmp_path: Path) -> None:
    said = hooks(source, tmp_path, build_env())
    assert mypy_asked(said["wheel"]) == [pinned_mypy()]  # this machine compiles a wheel ...
    assert mypy_asked(said["editable"]) == []  # ... and still an editable install gets no mypy


def test_without_a_working_compiler_the_build_asks_for_no_mypy(source: Path, tmp_path: Path) -> None:
    said = hooks(source, tmp_path, build_env(CC="/bin/false"))  # a compiler that always fails
    assert mypy_asked(said["wheel"]) == []
    reason = str(said["reason"])
    assert reason.startswith("no working C compiler") and "false failed, exit status 1" in reason, reason
    said = hooks(source, tmp_path, build_env(CC=str(tmp_path / "no-such-cc")))
    assert mypy_asked(said["wheel"]) == [] and "no-such-cc" in str(said["reason"])


def test_without_python_headers_the_build_asks_for_no_mypy(source: Path, tmp_path: Path) -> None:
    """A compiler, but the interpreter's headers missing (Debian's python3 without
    python3-dev): the include folder the build would use is an empty one."""
    empty = tmp_path / "include"
    empty.mkdir()
    before = ("import setuptools, distutils.sysconfig as s; "
              f"s.get_python_inc = lambda plat_specific=False, prefix=None: {str(empty)!r}")
    said = hooks(source, tmp_path, build_env(), before=before)
    assert mypy_asked(said["wheel"]) == []
    assert "Python.h: No such file" in str(said["reason"]), said["reason"]


# -- pip itself, offline ------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding only what ``[build-system] requires`` needs: this environment's
    setuptools and wheel (and wheel's own dependency), downloaded once."""
    folder = tmp_path_factory.mktemp("wheels")
    wanted = [f"setuptools=={version('setuptools')}", f"wheel=={version('wheel')}"]
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:", "-d", str(folder), *wanted],
                   check=True, capture_output=True)
    names = sorted(p.name for p in folder.iterdir())
    assert any(n.startswith("setuptools-") for n in names) and any(n.startswith("wheel-") for n in names)
    assert not [n for n in names if n.startswith("mypy")], names
    return folder


def offline_pip(wheels: Path, cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``pip ARGS`` with build isolation, from ``wheels`` alone."""
    command = [sys.executable, "-m", "pip", *args, "-v", "--no-cache-dir", "--no-index", "--find-links", str(wheels)]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, check=False)


def said(out: subprocess.CompletedProcess[str]) -> list[str]:
    """What the build said about the engine (its lines start with ``hollowcli:``)."""
    return [line.strip() for line in (out.stdout + out.stderr).splitlines() if line.strip().startswith("hollowcli:")]


@pytest.mark.slow
def test_a_pure_python_install_downloads_no_mypy(source: Path, wheels: Path, tmp_path: Path) -> None:
    out = offline_pip(wheels, tmp_path, build_env(HOLLOW_PURE_PYTHON="1"), "wheel", "--no-deps", "-w", "dist", str(source))
    assert out.returncode == 0, out.stderr[-2000:]
    assert said(out) == ["hollowcli: HOLLOW_PURE_PYTHON is set: the engine is installed as plain Python"]
    (wheel,) = (tmp_path / "dist").glob("hollowcli-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    # The same build without the setting asks for mypy, which this folder has not got.
    out = offline_pip(wheels, tmp_path, build_env(), "wheel", "--no-deps", "-w", "dist2", str(source))
    assert out.returncode != 0
    assert f"No matching distribution found for {pinned_mypy()}" in out.stdout + out.stderr, out.stderr[-2000:]


@pytest.mark.slow
def test_without_a_c_compiler_pip_installs_plain_python(source: Path, wheels: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    out = offline_pip(wheels, tmp_path, build_env(CC="/bin/false"), "install", "--no-deps", "--target", str(target), str(source))
    assert out.returncode == 0, out.stderr[-2000:]
    (line,) = said(out)  # one line says why
    assert line.startswith("hollowcli: no working C compiler") and line.endswith("the engine is installed as plain Python")
    assert len(line) < 400
    assert (target / "hollowcli" / "engine" / "game.py").is_file()
    assert not [p for p in target.rglob("*") if p.suffix in (".so", ".pyd")]
    code = "import hollowcli.engine as e; print(e.compiled(), e.__file__)"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         env=dict(build_env(), PYTHONPATH=str(target)), check=False)
    assert ran.stdout.startswith(f"False {target}"), ran.stdout + ran.stderr


@pytest.mark.slow
def test_the_source_archive_carries_the_backend(source: Path, wheels: Path, tmp_path: Path) -> None:
    script = "import sys, backend; print(backend.build_sdist(sys.argv[1]))"
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "sdist")], cwd=source, capture_output=True, text=True,
                         env=dict(build_env(), PYTHONPATH=str(source / "buildsys")), check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    archive = tmp_path / "sdist" / out.stdout.split()[-1]
    with tarfile.open(archive) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"buildsys/backend.py", "pyproject.toml", "setup.py", "hollowcli/engine/game.py"} <= names
    out = offline_pip(wheels, tmp_path, build_env(HOLLOW_PURE_PYTHON="1"), "wheel", "--no-deps", "-w", "dist", str(archive))
    assert out.returncode == 0, out.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("hollowcli-*.whl")
    assert "hollowcli/engine/game.py" in zipfile.ZipFile(wheel).namelist()


@pytest.mark.slow
def test_a_compile_that_fails_half_way_leaves_nothing_compiled(tmp_path: Path) -> None:
    """A compiler that works (the check before the build passes) but fails on the last
    library, after the engine's main one is built: the build says why in one line and
    ships no compiled module (one without the rest would not import)."""
    src = copy_source(tmp_path / "src")
    real = (os.environ.get("CC") or "cc").split()
    compiler = tmp_path / "halfcc"
    compiler.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        # Compiles an empty file in place of each of the engine's C files (the libraries
        # link, quickly), and refuses the last one: the table commands' own library.
        import os, sys
        args = sys.argv[1:]
        if any(a.endswith("__native_hollowcli_resolve.c") for a in args):
            sys.exit("halfcc: error: not this one")
        if "-c" in args and "-o" in args:  # ... SOURCE -o OBJECT ...
            at = args.index("-o") - 1
            if args[at].startswith("build") and args[at].endswith(".c"):  # mypyc's C, not the check's
                args[at] = {str(tmp_path / "empty.c")!r}
        os.execvp({real[0]!r}, [{real[0]!r}, *{real[1:]!r}, *args])
    """))
    compiler.chmod(0o755)
    (tmp_path / "empty.c").write_text("")
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation", "--no-cache-dir", "-w", str(tmp_path / "dist"), str(src)],
        capture_output=True, text=True, cwd=tmp_path, env=build_env(CC=str(compiler)), check=False,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    log = out.stdout + out.stderr
    assert "building 'hollowcli__mypyc' extension" in log and "building 'hollowcli_resolve__mypyc' extension" in log
    (line,) = said(out)
    assert "could not be compiled (CompileError: halfcc failed, exit status 1)" in line and "installed as plain Python" in line, line
    (wheel,) = (tmp_path / "dist").glob("hollowcli-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "hollowcli/engine/game.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))], "no compiled module may ship alone"
