"""Where hollow writes what it made (``hollowcli.output``): the one place ``hollow print`` and
``hollow simulate --report`` write their files, so both behave alike when a write fails."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from cli_helpers import one_sentence, run_in_process

from hollowcli import output
from hollowcli.errors import RenderError, UsageError


def test_a_name_from_content_stays_inside_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    for name in ("../escape.pdf", "/etc/passwd", "..", "a/../../b.pdf", ".hidden.pdf"):
        path = output.write(out, name, b"x")
        assert path.parent == out and path.read_bytes() == b"x", name
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert output.safe_name("..") == "unnamed.pdf" and output.safe_name("deck-mill-race.pdf") == "deck-mill-race.pdf"


def test_only_the_last_folder_is_created(tmp_path: Path) -> None:
    output.check_out_folder(tmp_path / "new", "--out x")  # its parent exists: fine, made when written
    with pytest.raises(UsageError, match="creates only the last folder"):
        output.check_out_folder(tmp_path / "no" / "such", "--out x")
    (tmp_path / "afile").write_text("keep")
    with pytest.raises(UsageError, match="is a file, not a folder"):
        output.check_out_folder(tmp_path / "afile", "--out x")
    assert output.write(tmp_path / "new", "a.pdf", b"1").is_file()
    assert not (tmp_path / "no").exists()


def test_a_failed_write_keeps_the_old_file_and_leaves_no_part_file(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    old = output.write(tmp_path, "x.pdf", b"old")

    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(RenderError, match=r"cannot write .*x\.pdf \(No space left on device\)"):
        output.write(tmp_path, "x.pdf", b"new")
    assert old.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]


@pytest.mark.parametrize("args", [
    ("print", "reference", "--preview"),
    ("simulate", "1", "--games", "2", "--jobs", "1", "--preview"),
])
def test_print_and_simulate_report_a_full_disk_alike(args: tuple[str, ...], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Both commands write through the one writer: the same sentence, and nothing left behind."""
    real = os.replace
    out = tmp_path / "out"
    calls: list[str] = []

    def full(src: str, dst: str) -> None:
        if Path(dst).parent == out:
            calls.append(dst)
            if str(dst).endswith(".png"):  # the PDF goes in; its preview finds the disk full
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(src, dst)

    monkeypatch.setattr(os, "replace", full)
    where = ("--out", str(out)) if args[0] == "print" else ("--report", str(out / "sim.pdf"))
    code, _, err = run_in_process(capsys, *args, *where)
    assert code == 1 and one_sentence(err), err
    assert "cannot write" in err and ".png (No space left on device)" in err
    assert [Path(c).suffix for c in calls] == [".pdf", ".png"]
    assert sorted(p.suffix for p in out.iterdir()) == [".pdf"]  # no .part file left


def test_preview_is_the_first_page_as_a_png_beside_the_pdf(tmp_path: Path) -> None:
    from hollowcli.render.duplex import render_duplex_test
    from hollowcli.render.geometry import make_spec

    pdf = output.write(tmp_path, "duplex-test.pdf", render_duplex_test(make_spec("a4")).data)
    png = output.preview(pdf, pdf.read_bytes())
    assert png == tmp_path / "duplex-test.png" and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image

    with Image.open(png) as im:  # A4 at 150 dpi
        assert abs(im.size[0] - 210 / 25.4 * 150) <= 1 and abs(im.size[1] - 297 / 25.4 * 150) <= 1
