"""The second generator (benchmarks.field_b) measured against its own claims: truth onsets where the energy is,
the SNR its spec says (by an A-weighting of our own, a time-domain IEC 61672 filter), files PyAV decodes in step
with the samples and the picture's clock, reproducible seeds, disjoint tuning and evaluation seeds."""

from __future__ import annotations

import json
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest
from scipy import signal

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the checkout, where benchmarks/ lives
    sys.path.insert(0, str(ROOT))

from benchmarks.field_b import ABSENT, CONDITIONS, ClipSpec, decode_audio, render, render_parts, write_clip  # noqa: E402
from benchmarks.field_b.picture import read_clock  # noqa: E402
from benchmarks.field_b.sets import SEED_RANGES, SWEEPS, set_specs, sweep_specs  # noqa: E402
from benchmarks.field_b.sources import draw_whistle, synth_whistle  # noqa: E402
from benchmarks.field_b.spec import SNRS_DB  # noqa: E402

SR = 48_000
# The clips are written by the ffmpeg command (Debian's ffmpeg, which .ci/run installs): without it these are
# skipped with the reason, as the browser tests are without Chromium.
needs_ffmpeg = pytest.mark.skipif(shutil.which("ffmpeg") is None,
                                  reason="needs the ffmpeg command (apt-get install ffmpeg)")


def a_filter_rms(x: np.ndarray) -> float:
    """A-weighted RMS through the analogue IEC 61672 filter made digital by the bilinear transform."""
    zeros = [0.0] * 4
    poles = [-2 * np.pi * 20.598997] * 2 + [-2 * np.pi * 107.65265, -2 * np.pi * 737.86223] + \
        [-2 * np.pi * 12194.217] * 2
    k = (2 * np.pi * 12194.217) ** 2 * 10 ** (1.9997 / 20)
    z, p, g = signal.bilinear_zpk(zeros, poles, k, SR)
    y = signal.sosfilt(signal.zpk2sos(z, p, g), np.concatenate([np.zeros(SR // 2), x]))[SR // 2:]
    return float(np.sqrt(np.mean(y**2)))


@pytest.fixture(scope="module")
def quiet_clip():
    spec = ClipSpec(seed=424242, duration_s=9.0, condition="field", snr_db=10.0, n_events=3, agc=False,
                    clip_db=0.0, second_umpire=False)
    return spec, render_parts(spec)


def test_truth_onsets_are_where_the_event_energy_appears(quiet_clip):
    _, parts = quiet_clip
    hop = SR // 1000  # 1 ms frames
    power = np.convolve(parts.events**2, np.ones(hop) / hop, "same")
    previous_end = -10.0
    for event in parts.truth["events"]:
        a, z = int(event["onset_s"] * SR), int(event["offset_s"] * SR)
        peak = power[a:z].max()
        if event["onset_s"] - previous_end > 1.0:  # a call's first sound: silence just before it
            assert power[max(0, a - 200 * hop): a - 2 * hop].max() < peak * 1e-4, event
        previous_end = event["offset_s"]
        rises = a + int(np.argmax(power[a:z] > peak * 1e-2))
        assert 0 <= (rises - a) / SR <= 0.03, (event["onset_s"], rises / SR)
        # the direct sound stops at the offset; only a reverberant tail (well below the blast) follows
        after = power[z + 20 * hop: z + 60 * hop]
        assert after.size == 0 or after.max() < peak * 0.1, event["offset_s"]


def test_the_recording_rises_in_the_whistle_band_at_each_truth_onset():
    spec = ClipSpec(seed=515151, duration_s=7.0, condition="crowd", snr_db=20.0, n_events=3, agc=False,
                    clip_db=0.0, horns=0, second_umpire=False, blasts=1, whistle_duration_s=0.5)
    samples, truth = render(spec)
    band = signal.sosfiltfilt(signal.butter(4, [1800, 5000], "bandpass", fs=SR, output="sos"), samples)
    level = np.sqrt(np.convolve(band**2, np.ones(480) / 480, "same"))
    for event in truth["events"]:
        a = int(event["onset_s"] * SR)
        before, during = np.median(level[a - SR // 2: a - 2400]), np.median(level[a + 4800: a + 19200])
        assert during > 5 * before, event


@pytest.mark.parametrize("snr", [-6.0, 0.0, 10.0])
def test_snr_is_what_the_spec_says(snr):
    spec = ClipSpec(seed=616161, duration_s=8.0, condition="crowd", snr_db=snr, n_events=3, second_umpire=False,
                    blasts=1, horns=1)
    parts = render_parts(spec)
    bed = a_filter_rms(parts.bed)
    for event in parts.truth["events"]:
        a, z = int(event["onset_s"] * SR), int(event["offset_s"] * SR)
        measured = 20 * np.log10(a_filter_rms(parts.events[a:z]) / bed)
        assert measured == pytest.approx(snr, abs=0.5), event["kind"]
        assert event["snr_db"] == pytest.approx(snr, abs=0.05)


def test_the_spec_s_harmonics_and_warble_are_in_the_whistle():
    rng = np.random.default_rng(7)
    sound = draw_whistle(rng, "pea", f0_hz=3000.0, duration_s=1.0, h2_db=ABSENT, h3_db=ABSENT, fm_depth=0.05,
                         fm_rate_hz=30.0, am_depth=0.0)
    sound.breath_db = ABSENT
    x = synth_whistle(rng, sound)
    spectrum = np.abs(np.fft.rfft(x * np.hanning(x.size)))
    freqs = np.fft.rfftfreq(x.size, 1 / SR)
    fundamental = spectrum[(freqs > 2500) & (freqs < 3500)].max()
    assert spectrum[(freqs > 5600) & (freqs < 6600)].max() < fundamental * 1e-3  # no second harmonic
    inst = np.diff(np.unwrap(np.angle(signal.hilbert(x)))) * SR / (2 * np.pi)
    middle = signal.medfilt(inst[SR // 5: -SR // 5], 9)
    deviation = (np.percentile(middle, 99) - np.percentile(middle, 1)) / 2 / 3000.0
    assert deviation == pytest.approx(0.05, abs=0.012)


def test_a_seed_reproduces_its_samples_byte_for_byte():
    spec = ClipSpec(seed=717171, duration_s=6.0, condition="birds", snr_db=0.0, n_events=3)
    first, truth_a = render(spec)
    second, truth_b = render(ClipSpec(**vars(spec)))
    assert first.tobytes() == second.tobytes()
    assert truth_a == truth_b
    other, _ = render(ClipSpec(**{**vars(spec), "seed": 717172}))
    assert other.tobytes() != first.tobytes()


def test_tuning_and_evaluation_seeds_never_meet():
    ranges = [set(r) for parts in SEED_RANGES.values() for r in parts.values()]
    assert sum(len(r) for r in ranges) == len(set().union(*ranges))
    tune = {s.seed for s in set_specs("tune", ["wind", "crowd"], [0.0, 10.0], 2)}
    tune |= {s.seed for name in SWEEPS for s in sweep_specs("tune", name, 2, 10.0)}
    evaluation = {s.seed for s in set_specs("eval", ["wind", "crowd"], [0.0, 10.0], 2)}
    evaluation |= {s.seed for name in SWEEPS for s in sweep_specs("eval", name, 2, 10.0)}
    assert not tune & evaluation
    assert all(seed in range(50001, 60000) for seed in tune)
    assert all(seed in range(60001, 70000) for seed in evaluation)


@needs_ffmpeg
@pytest.mark.parametrize("container", ["mp4", "webm", "mkv", "mov"])
def test_files_decode_with_pyav_in_step_with_the_samples_and_the_picture(tmp_path, container):
    spec = ClipSpec(seed=818181, duration_s=5.0, condition="field", snr_db=10.0, n_events=3, container=container)
    samples, truth = render(spec)
    path = write_clip(samples, truth, tmp_path, "clip")
    written = json.loads((tmp_path / "clip.truth.json").read_text("utf-8"))
    assert written["events"] == json.loads(json.dumps(truth["events"]))
    sound = decode_audio(path)
    assert abs(sound.size - samples.size) <= 1024 + 960
    n = min(sound.size, samples.size)
    window = slice(SR, n - SR)
    lags = signal.correlate(sound[window], samples[window], "full", method="fft")
    assert abs(int(np.argmax(lags)) - (window.stop - window.start - 1)) <= 2  # in step within 2 samples
    fps = Fraction(truth["recording"]["fps"])
    with av.open(str(path)) as media:
        stream = media.streams.video[0]
        for index, frame in enumerate(media.decode(stream)):
            if index in (0, 37, 100):
                assert read_clock(frame.to_ndarray(format="bgr24")) == round(index / fps * 1000)
    assert index + 1 == written["media"]["frames"] == int(np.ceil(5.0 * fps))


def test_send_refuses_anything_but_loopback(tmp_path):
    from benchmarks.field_b.live import send

    with pytest.raises(ValueError, match="loopback"):
        send(tmp_path / "x.mp4", 5000, host="192.0.2.1")


@needs_ffmpeg
def test_send_plays_a_file_as_mpeg_ts_over_loopback_udp(tmp_path):
    import socket

    from benchmarks.field_b.live import send_all

    spec = ClipSpec(seed=919191, duration_s=5.0, n_events=1, container="mp4")
    path = write_clip(*render(spec), tmp_path, "feed")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as receiver:
        receiver.bind(("127.0.0.1", 0))
        receiver.settimeout(30)
        assert send_all([(path, receiver.getsockname()[1])]) == 0
        packet = receiver.recv(65536)
    assert len(packet) % 188 == 0 and packet[0] == 0x47  # MPEG-TS packets


@needs_ffmpeg
@pytest.mark.slow
def test_live_cameras_hear_each_whistle_apart_while_their_pictures_are_in_step(tmp_path):
    from benchmarks.field_b.live import LivePlan, make_live

    plan = LivePlan(seed=69400, minutes=0.25, whistles=2, width=320, height=180)
    truth = json.loads(make_live(tmp_path, plan).read_text("utf-8"))
    assert len(truth["whistles"]) == 2
    for whistle in truth["whistles"]:
        assert whistle["B"]["onset_s"] - whistle["A"]["onset_s"] == pytest.approx(0.55, abs=1e-5)
        assert whistle["A"]["onset_s"] > whistle["emitted_s"]
    for name in ("A", "B"):
        camera = truth["cameras"][name]
        fps = Fraction(camera["fps"])
        wanted = {w[name]["frame_at_emission"]: w["emitted_s"] for w in truth["whistles"]}
        with av.open(str(tmp_path / camera["file"])) as media:
            stream = media.streams.video[0]
            assert stream.average_rate == fps
            for index, frame in enumerate(media.decode(stream)):
                if index in wanted:  # the frame on screen when the whistle was blown
                    shown = read_clock(frame.to_ndarray(format="bgr24"))
                    assert shown / 1000 <= wanted[index] < shown / 1000 + 1 / fps + 0.001
        camera_truth = json.loads((tmp_path / camera["truth"]).read_text("utf-8"))
        assert camera_truth["events"][0]["snr_db"] == pytest.approx(camera["snr_db"], abs=0.05)


def test_a_part_of_a_set_holds_the_same_clips_as_the_whole_set():
    whole = {(s.condition, s.snr_db): s.seed for s in set_specs("eval", list(CONDITIONS), list(SNRS_DB), 1)}
    part = set_specs("eval", ["neighs", "wind"], [20.0, -6.0], 1)
    assert all(whole[(s.condition, s.snr_db)] == s.seed for s in part)
    assert len(whole) == len(set(whole.values())) == 80
    with pytest.raises(ValueError, match="SNR"):
        set_specs("eval", ["wind"], [7.0], 1)


def test_the_recording_s_surroundings_are_drawn_from_their_stated_ranges():
    from benchmarks.field_b.render import resolve_recording
    from benchmarks.field_b.spec import CONDITIONS as NAMED

    for seed in range(10):
        room = resolve_recording(ClipSpec(seed=seed), NAMED["field"]).room
        assert 0.2 <= room.rt60_s <= 1.0 and 50 <= room.critical_distance_m <= 150
        assert 0.01 <= room.predelay_s <= 0.05 and room.max_tail_ratio == 2.0
