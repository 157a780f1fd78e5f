"""Map the top-level content/ and templates/ folders into the wheel.

Metadata lives in pyproject.toml; this file only lists the packages, because the data
folders (and their subfolders) become ``hollowcli._content.*`` / ``hollowcli._templates.*``.
"""

from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent


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

setup(packages=packages, package_dir=package_dir)
