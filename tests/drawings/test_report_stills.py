"""The HTML report you can send: filters applied, reviewer and notes, a still with drawings for every
inconsistent call, print styles; footage that cannot be read is said, not a failure."""

from __future__ import annotations

import base64
import json
import re

import cv2
import numpy as np

from review_app.checker import check_paths
from review_app.checker.filters import Filters, filtered
from review_app.cli import main
from review_app.reports.consistency import to_html


def stills(html: str) -> list[tuple[str, str, str]]:
    return re.findall(r'<img src="data:image/jpeg;base64,([^"]+)" alt="[^"]*" data-frame="(\d+)" '
                      r'data-drawings="(\d+)">', html)


def test_the_report_has_a_still_with_drawings_for_each_inconsistent_call(project):
    result = check_paths([project["document"]], keep_documents=True)
    assert [e.verdict for e in result.events] == ["consistent", "inconsistent", "consistent"]
    html = to_html(result)
    (found,) = stills(html)
    data, frame, drawn = found
    assert (frame, drawn) == ("100", "1")
    picture = cv2.imdecode(np.frombuffer(base64.b64decode(data), np.uint8), cv2.IMREAD_COLOR)
    assert picture.shape[:2] == (180, 320)
    h, w = picture.shape[:2]
    column = picture[h // 2 - 3:h // 2 + 4, w // 2].astype(int)
    assert ((column[:, 2] > 150) & (column[:, 1] < 90)).any()  # the red arrow
    assert "Debió ser un throw-in &lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html  # notes, escaped
    assert "Coach" in html.split("Inconsistent calls")[-1]  # the reviewer
    assert "@media print" in html and "@page" in html
    assert "No filters: the report holds every event of these matches." in html and "drawn-match" in html


def test_the_filters_applied_are_said(project):
    result = check_paths([project["document"]], keep_documents=True)
    filters = Filters(umpires=("Umpire One",), verdicts=("inconsistent",))
    html = to_html(filtered(result, filters), filters=filters)
    section = html.split('<div class="filters">')[1].split("</div>")[0]
    assert "Umpire One" in section and "inconsistent" in section and "Period" not in section


def test_without_stills_or_footage_the_report_is_still_made(project, tmp_path):
    result = check_paths([project["document"]], keep_documents=True)
    assert stills(to_html(result, stills=False)) == []
    data = json.loads(project["document"].read_text("utf-8"))
    data["footage"]["path"] = "../footage/gone.mp4"
    moved = tmp_path / "annotations" / "drawn-match.json"
    moved.parent.mkdir()
    moved.write_text(json.dumps(data), "utf-8")
    html = to_html(check_paths([moved], keep_documents=True))
    assert stills(html) == [] and "No stills: drawn-match:" in html and "gone.mp4" in html


def test_check_writes_the_html_with_stills_or_without(project, tmp_path, capsys):
    out = tmp_path / "r.html"
    assert main(["check", str(project["document"]), "--format", "html", "--out", str(out)]) == 0
    assert len(stills(out.read_text("utf-8"))) == 1
    assert main(["check", str(project["document"]), "--format", "html", "--no-stills", "--out", str(out)]) == 0
    assert stills(out.read_text("utf-8")) == []


def test_a_training_questions_stills_paint_the_experts_drawing(project):
    """The Training page's answer shows the expert's drawings from the question alone (no event at hand)."""
    from review_app.drawings.stills import stills_of
    from review_app.footage import Footage
    from review_app.model import load_document
    from review_app.training.questions import questions_from

    (q,) = [q for q in questions_from([load_document(project["document"])]) if q.drawings]
    with Footage(q.footage) as footage:
        (still,) = stills_of(footage, q.drawings, q.frame, tag=q.event_id)
    assert (q.event_id, still.frame, still.drawings) == ("e2", 100, 1)
    picture = cv2.imdecode(np.frombuffer(still.jpeg, np.uint8), cv2.IMREAD_COLOR)
    h, w = picture.shape[:2]
    column = picture[h // 2 - 3:h // 2 + 4, w // 2].astype(int)
    assert ((column[:, 2] > 150) & (column[:, 1] < 90)).any()  # the red arrow
