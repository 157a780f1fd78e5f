"""The build backend: setuptools' own, which asks for mypy only when the build will compile.

A regular install (``pip install .``, a wheel) compiles the solo-play engine with mypyc,
which comes with mypy: about 18 MB to download with its dependencies. pip first installs
what ``[build-system] requires`` lists (setuptools and wheel), then asks the backend what
else a wheel needs (``get_requires_for_build_wheel``). This one answers mypy only when
``setup.py`` is going to compile:

* not for an editable install (``pip install -e .``): it runs the checkout's ``.py`` files;
* not when ``HOLLOW_PURE_PYTHON`` is set;
* not when this machine has no working C compiler with Python's headers: a one-line C file
  that includes ``Python.h`` is compiled the way setuptools will compile the engine (the
  same compiler, ``CC`` and ``CFLAGS`` included), which takes a fraction of a second.

Every other hook is setuptools' (``setuptools.build_meta``). ``setup.py`` asks the same
question (``plain_python_reason``) before it compiles, and says the answer in one line.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  every hook setuptools has; two are redefined below

ROOT = Path(__file__).resolve().parents[1]

#: A C file that compiles only with a working compiler and Python's headers.
PROBE = "#include <Python.h>\nint hollowcli_probe(void) { return PY_MAJOR_VERSION; }\n"


def mypy_requirement() -> str:
    """The mypy that compiles the engine: the one pinned in the ``test`` extra
    (pyproject.toml), so the version that type-checks the engine in the tests is the one
    that compiles it, and the pin is written once."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        extra = tomllib.load(f).get("project", {}).get("optional-dependencies", {}).get("test", [])
    pins = [r for r in extra if r.replace(" ", "").startswith("mypy==")]
    if len(pins) != 1:
        raise RuntimeError(
            "pyproject.toml: the 'test' extra must pin mypy exactly once (\"mypy==X.Y.Z\"): "
            "the build compiles the engine with that version"
        )
    return pins[0].replace(" ", "")


def why(e: BaseException, named: bool = True) -> str:
    """The exception in one short line (``named``: after its type's name); a failed command
    by its program and exit status, as its whole command line is very long."""
    ran = e.__context__
    if isinstance(ran, subprocess.CalledProcessError) and isinstance(ran.cmd, list) and ran.cmd:
        text = f"{Path(str(ran.cmd[0])).name} failed, exit status {ran.returncode}"
    else:
        text = " ".join(str(e).split())
        text = text[:160] + "..." if len(text) > 160 else text
    return f"{type(e).__name__}: {text}" if named else text


def compiler_problem() -> str | None:
    """Why this machine cannot compile a Python extension, or None when it can.

    Compiles ``PROBE`` with the compiler setuptools would pick (``CC``, ``CFLAGS`` and the
    interpreter's own settings) against the interpreter's include folders, with the
    compiler's output kept to itself: the reason is its first error line, if it said one.
    """
    # setuptools, imported above, made ``distutils`` its own copy: the one that builds the engine
    from distutils.ccompiler import new_compiler
    from distutils.sysconfig import customize_compiler, get_python_inc

    with tempfile.TemporaryDirectory(prefix="hollowcli-probe-") as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text(PROBE)
        said = Path(tmp) / "said.txt"
        failure: BaseException | None = None
        with open(said, "w+b") as out:
            sys.stdout.flush()
            sys.stderr.flush()
            saved = os.dup(1), os.dup(2)
            os.dup2(out.fileno(), 1)  # the compiler writes to the process's own stdout/stderr
            os.dup2(out.fileno(), 2)
            try:
                compiler = new_compiler()
                customize_compiler(compiler)
                objects = compiler.compile([str(source)], output_dir=tmp,
                                           include_dirs=[get_python_inc(), get_python_inc(plat_specific=True)])
                if not all(os.path.exists(o) for o in objects):
                    raise RuntimeError("the compiler wrote no object file")
            except Exception as e:  # CompileError, or no compiler found at all (DistutilsPlatformError)
                failure = e
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os.dup2(saved[0], 1)
                os.dup2(saved[1], 2)
                os.close(saved[0])
                os.close(saved[1])
        if failure is None:
            return None
        # "fatal error: ...", "error: ..." (gcc, clang), "error C1083: ..." (MSVC); not -Werror=...
        errors = [line.replace(str(source), "probe.c").strip() for line in said.read_text(errors="replace").splitlines()
                  if re.search(r"\berror( C\d+)?:", line, re.IGNORECASE)]
        return f"{why(failure, named=False)}, on a test file that includes Python.h{': ' + errors[0] if errors else ''}"


def plain_python_reason() -> str | None:
    """Why a wheel built here keeps the engine as plain Python, or None when it compiles it."""
    if os.environ.get("HOLLOW_PURE_PYTHON", "") not in ("", "0"):
        return "HOLLOW_PURE_PYTHON is set"
    problem = compiler_problem()
    if problem is not None:
        return f"no working C compiler with Python's headers ({problem})"
    return None


def get_requires_for_build_wheel(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    """setuptools' requirements, and the pinned mypy when the engine will be compiled."""
    requires: list[str] = list(_setuptools.get_requires_for_build_wheel(config_settings))
    if plain_python_reason() is None:
        requires.append(mypy_requirement())
    return requires


def get_requires_for_build_editable(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    """setuptools' requirements only: an editable install is never compiled."""
    return list(_setuptools.get_requires_for_build_editable(config_settings))
