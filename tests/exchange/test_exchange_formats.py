"""The registry of interchange formats: one class per format in its own module, found without a list; each
format's fixture (`files/sample<extension>`, the exchange document written in it) pins what it writes and
reads back every event."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from exchange_docs import document, events, write

from review_app.exchange.formats import by_content, extensions_text, formats, get
from review_app.exchange.transfer import detect, export_match, import_file
from review_app.model import document_from_data, load_document

FILES = Path(__file__).parent / "files"
ROOT = Path(__file__).resolve().parents[2]


def _fixture(fmt: str) -> Path:
    return FILES / f"sample{formats()[fmt].extension}"


def _undated(data: bytes) -> bytes:  # ELAN's header carries the moment it was written
    return re.sub(rb' DATE="[^"]*"', b' DATE=""', data)


def test_the_shipped_formats_in_their_order():
    assert [(f.name, f.extension, f.label) for f in formats().values()] == [
        ("sportscode-xml", ".xml", "Sportscode XML"), ("eaf", ".eaf", "ELAN EAF"), ("csv", ".csv", "CSV")]
    assert extensions_text() == ".xml (Sportscode), .eaf (ELAN) or .csv"


@pytest.mark.parametrize("fmt", list(formats()))
def test_each_format_writes_its_fixture_and_reads_every_event_back_from_it(tmp_path, fmt):
    fixture = _fixture(fmt)
    assert fixture.is_file(), f"the format {fmt} has no fixture {fixture.name} in {FILES}"
    assert _undated(export_match(document_from_data(document()), fmt)) == _undated(fixture.read_bytes())
    empty = load_document(write(tmp_path, document(with_events=False)))
    report = import_file(fixture, empty)
    assert report.complete and [e["id"] for e in report.document.events] == [e["id"] for e in events()]


@pytest.mark.parametrize("fmt", [f for f in formats() if formats()[f].signature])
def test_a_file_without_its_extension_is_known_by_what_it_holds(tmp_path, fmt):
    renamed = tmp_path / "export.txt"
    renamed.write_bytes(_fixture(fmt).read_bytes())
    assert detect(renamed) == fmt and by_content(renamed.read_bytes()[:4096]) is get(fmt)


def test_an_unknown_format_is_one_line_naming_the_known_ones(tmp_path):
    with pytest.raises(Exception, match="unknown format 'x'; one of sportscode-xml, eaf, csv"):
        get("x")


def test_a_new_format_class_is_offered_by_the_command_line_with_nothing_else_changed():
    """A format defined anywhere (here: in a script) is registered, listed by `export --help` and used."""
    script = """
import sys
from pathlib import Path
from review_app.exchange.formats import Format

class Lines(Format):
    name, extension, label = "lines", ".lines", "one line per instance"
    def write(self, instances, frames, media=None):
        return "".join(f"{i.start:.3f} {i.end:.3f} {i.code}\\n" for i in instances).encode()

from review_app.cli import main
sys.exit(main(sys.argv[1:]))
"""
    run = lambda *args: subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True,
                                       cwd=ROOT, timeout=300)
    helped = run("export", "--help")
    assert "one of sportscode-xml, eaf, csv, lines" in " ".join(helped.stdout.split()), helped.stderr
    out = run("export", str(ROOT / "annotations" / "rulebook-worked-examples.json"), "--format", "lines")
    assert out.returncode == 0, out.stderr
    assert re.match(r"^\d+\.\d{3} \d+\.\d{3} 21\.", out.stdout), out.stdout[:200]
