"""Map the top-level content/ and templates/ folders into the wheel, and compile the engine.

Metadata lives in pyproject.toml; this file lists the packages, because the data folders
(and their subfolders) become ``hollowcli._content.*`` / ``hollowcli._templates.*``, and
builds the solo-play engine as C extensions with mypyc.

The compiled engine (``hollowcli/engine``: the rules, the policy, the board) plays the
very same games as its Python source, faster (``hollow play --auto``, ``hollow
simulate``; see benchmarks/README.md). It is built for a regular install (``pip install
.``, a wheel). It is not built:

* for an editable install (``pip install -e .``): the checkout's ``.py`` files must stay
  the code that runs while they are being edited;
* when ``HOLLOW_PURE_PYTHON=1`` is set;
* when it cannot be (no working C compiler, no Python headers, mypyc missing or refusing
  the code): the build says why in one line (``pip install -v`` shows it) and installs
  the same package as plain Python, which plays the same games, only slower. Nothing is
  ever half compiled.

The build backend (``buildsys/backend.py``) asks the same questions before the build, as
far as they go without mypyc (an editable install, ``HOLLOW_PURE_PYTHON``, a working C
compiler with Python's headers: ``plain_python_reason``), so that pip downloads mypy,
which brings mypyc, only for a build that will compile.
"""

import os
import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "buildsys"))  # already there when pip runs the backend; not for `python setup.py`

from backend import plain_python_reason, why  # noqa: E402


def data_packages(folder: str, name: str) -> dict[str, str]:
    """``{package name: folder}`` for a data folder and each of its subfolders."""
    mapping = {name: folder}
    for sub in sorted((ROOT / folder).rglob("*")):
        if sub.is_dir() and "__pycache__" not in sub.parts:
            rel = sub.relative_to(ROOT / folder)
            mapping[name + "." + ".".join(rel.parts)] = str(Path(folder) / rel)
    return mapping


package_dir = {"hollowcli": "hollowcli"}
package_dir.update(data_packages("content", "hollowcli._content"))
package_dir.update(data_packages("templates", "hollowcli._templates"))
packages = find_packages(include=["hollowcli", "hollowcli.*"]) + [
    p for p in package_dir if p != "hollowcli"
]

#: The modules compiled with mypyc: every engine module but the package's ``__init__``
#: (mypyc does not compile its lazy module ``__getattr__`` safely: the import crashes).
COMPILED = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "hollowcli" / "engine").glob("*.py") if p.name != "__init__.py")
#: Compiled into a library of its own: the table commands (``hollow attack``, ``odds``,
#: ``spawn``, ``leave``) import only this module, and loading the whole compiled engine
#: would cost them about 1 ms of start-up (a small library of its own costs about 0.3).
ALONE = "hollowcli/engine/resolve.py"


def _say(text: str) -> None:
    print(f"hollowcli: {text}", file=sys.stderr)


def compiled_engine() -> list:
    """The engine's C extensions, or [] when the engine is to stay plain Python."""
    if any(cmd in sys.argv for cmd in ("editable_wheel", "develop")):
        return []  # an editable install runs the checkout's .py files
    if not any(cmd in sys.argv for cmd in ("bdist_wheel", "build", "build_ext", "install")):
        return []  # metadata or a source archive: nothing to compile
    reason = plain_python_reason()
    if reason is not None:
        _say(f"{reason}: the engine is installed as plain Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not available: the engine is installed as plain Python (slower)")
        return []
    here = os.getcwd()
    try:
        os.chdir(ROOT)  # mypyc reads the sources and writes its C files relative to here
        groups = [([ALONE], "hollowcli_resolve"), ([p for p in COMPILED if p != ALONE], "hollowcli")]
        # debug_level 0: no C debug information (the libraries are 2.8 MB instead of 4.5);
        # Python tracebacks keep their file names and line numbers.
        return list(mypycify(COMPILED, opt_level="3", debug_level="0", separate=groups))
    except (Exception, SystemExit) as e:  # mypyc stops with SystemExit on a type error
        _say(f"mypyc could not compile the engine ({why(e)}); it is installed as plain Python (slower)")
        return []
    finally:
        os.chdir(here)


class OptionalBuildExt(build_ext):
    """Build the compiled engine when the machine can; otherwise leave it out whole."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, no headers, a compiler error
            for ext in self.extensions:  # all or nothing: a module without its runtime would not import
                for path in (self.get_ext_fullpath(ext.name), os.path.join(self.build_lib, self.get_ext_filename(ext.name))):
                    if os.path.exists(path):
                        os.remove(path)
            self.extensions = []
            _say(f"the engine could not be compiled ({why(e)}); it is installed as plain Python (slower)")


setup(packages=packages, package_dir=package_dir, ext_modules=compiled_engine(), cmdclass={"build_ext": OptionalBuildExt})
