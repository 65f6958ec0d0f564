"""Reels: one H.264 MP4 of tags in the order asked, title cards in the reader's language, drawings held,
slow motion where asked; the command line and its bad input."""

from __future__ import annotations

import av
import numpy as np
import pytest

from review_app.cli import main
from review_app.model import load_document
from review_app.model.event import Call, Event, Moment, read_event
from review_app.reels import ReelError, make_reel, parse_slow
from review_app.reels.cards import title_card
from review_app.reels.reel import CARD_S, DRAWING_HOLD_S, REEL_FPS, Slow, items_for, window_of


def frames_of(path):
    with av.open(str(path)) as c:
        s = c.streams.video[0]
        out = [f.to_ndarray(format="bgr24") for f in c.decode(s)]
        return s.codec_context.name, s.codec_context.pix_fmt, out


def test_parse_slow():
    assert parse_slow("e2:0.25") == ("e2", Slow(0.25))
    assert parse_slow("e2:0.5:4.0-5.5") == ("e2", Slow(0.5, 4.0, 5.5))
    for bad, says in (("e2", "TAG:FACTOR"), ("e2:fast", "not a number"), ("e2:2", "below 1"),
                      ("e2:0.5:5-4", "end after"), ("e2:0.5:a-b", "FROM-TO")):
        with pytest.raises(ReelError, match=says):
            parse_slow(bad)


def test_a_reel_holds_each_tag_in_order_with_cards_drawings_and_slow_motion(project, tmp_path):
    doc = load_document(project["document"])
    items = items_for(doc, ["e3", "e2"], slow={"e2": Slow(0.5)})
    seen = []
    result = make_reel(items, tmp_path / "reel.mp4", lang="es", progress=lambda stage, f: seen.append(f))
    codec, pix, frames = frames_of(result.path)
    assert (codec, pix) == ("h264", "yuv420p")
    data = result.path.read_bytes()
    assert data.find(b"moov") < data.find(b"mdat"), "the index comes first: browsers play before the end arrives"
    card = round(CARD_S * REEL_FPS)
    hold = round(DRAWING_HOLD_S * REEL_FPS)
    e3 = round((7.6 - 6.0) * REEL_FPS)  # its own window
    e2 = round((7.0 - 1.0) * REEL_FPS / 0.5)  # 3 s either side of 4.0 s, at half speed
    assert len(frames) == result.frames == card + e3 + card + hold + e2
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    assert result.tags == ("e3", "e2")
    # a card is still for its time, then the play moves
    assert np.abs(frames[0].astype(int) - frames[card - 1].astype(int)).mean() < 2
    # the drawn frame is held with its red arrow, across the middle of the picture
    at = card + e3 + card + round((4.0 - 1.0) * REEL_FPS / 0.5)  # frame 100, 3 s of footage into e2's window
    held = frames[at + 5]
    h, w = held.shape[:2]

    def red(frame) -> bool:  # a thin line at this size: the reddest pixel of the column about the middle
        column = frame[h // 2 - 3:h // 2 + 4, w // 2].astype(int)
        return bool(((column[:, 2] > 150) & (column[:, 1] < 90)).any())

    assert red(held)
    assert np.abs(held.astype(int) - frames[at + hold - 1].astype(int)).mean() < 2
    assert not red(frames[at - 2])  # before it, the frame plays without the drawing


def test_the_card_is_in_the_readers_language_with_accents(project):
    doc = load_document(project["document"])
    event = read_event(doc, "e2")
    es = title_card(640, 360, doc=doc, event=event, verdict="inconsistent", explanation=None, lang="es", slow=0.25)
    en = title_card(640, 360, doc=doc, event=event, verdict="inconsistent", explanation=None, lang="en", slow=0.25)
    assert es.shape == (360, 640, 3) and not np.array_equal(es, en)
    from review_app.reels.cards import call_text

    assert call_text(event, doc, "es") != call_text(event, doc, "en")
    assert "Reanudación" in call_text(event, doc, "es")


def test_a_window_is_cut_at_the_footage_ends():
    def at(time_s: float) -> Event:  # a tag without a window, at `time_s`
        return Event(id="x", position=Moment(frame=round(time_s * 25), time_s=time_s), situation="21.b", facts={},
                     call=Call())

    assert window_of(at(1.0), 8.0) == (0.0, 4.0)
    assert window_of(at(7.0), 8.0) == (4.0, 8.0)
    with pytest.raises(ReelError, match="not in the footage"):
        window_of(at(20.0), 8.0)


def test_reel_command(project, tmp_path, capsys):
    out = tmp_path / "cli.mp4"
    assert main(["reel", str(project["document"]), "--tags", "e1,e2,e3", "--slow", "e2:0.25:3.0-4.0",
                 "--lang", "es", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "3 tags" in err and "per second of reel" in err and "reel 100%" in err
    _codec, _pix, frames = frames_of(out)
    plain = 3 * round(CARD_S * REEL_FPS) + round(DRAWING_HOLD_S * REEL_FPS) + round((4.0 - 0.0) * REEL_FPS) + \
        round(1.6 * REEL_FPS)
    slowed = round(1.0 * REEL_FPS / 0.25) + round(5.0 * REEL_FPS)  # e2: 1-3 and 4-7 s at speed, 3-4 s at a quarter
    assert abs(len(frames) - (plain + slowed)) <= 2
    # by filters: the inconsistent call alone
    out2 = tmp_path / "filtered.mp4"
    assert main(["reel", "drawn-match", "--annotations", str(project["annotations"]), "--verdict", "inconsistent",
                 "--out", str(out2), "--quiet"]) == 0
    assert "1 tags" in capsys.readouterr().err


@pytest.mark.parametrize("args, says", [
    (["--tags", "e1,e9"], "has no tag e9"),
    (["--tags", "e1", "--slow", "e2:0.5"], "not among the reel's tags"),
    (["--tags", "e1", "--verdict", "inconsistent"], "not both"),
    ([], "say which tags"),
    (["--verdict", "discretionary"], "no tag of match drawn-match passes"),
    (["--tags", "e1", "--slow", "e1:3"], "below 1"),
])
def test_reel_command_bad_input_is_one_line(project, tmp_path, capsys, args, says):
    out = tmp_path / "bad.mp4"
    assert main(["reel", str(project["document"]), *args, "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err and "Traceback" not in err
    assert not out.exists()


def test_a_reel_must_be_mp4(project, tmp_path, capsys):
    assert main(["reel", str(project["document"]), "--tags", "e1", "--out", str(tmp_path / "reel.avi")]) == 2
    assert ".mp4" in capsys.readouterr().err
