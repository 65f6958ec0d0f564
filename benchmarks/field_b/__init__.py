"""A second generator of polo match sound and footage with ground truth, written from a description of real
whistles, horns and fields alone (SPACE.md), apart from the project's own generator and detector.

    samples, truth = render(ClipSpec(seed=60001, duration_s=30, condition="crowd", snr_db=0))
    write_clip(samples, truth, Path("out"), "crowd_0dB")     # out/crowd_0dB.webm + crowd_0dB.truth.json
"""

from .encode import decode_audio, encode, truth_path, write_clip
from .render import SNR_DEFINITION, render, render_parts
from .sources import ABSENT
from .spec import CONDITIONS, ClipSpec

__all__ = ["ABSENT", "CONDITIONS", "SNR_DEFINITION", "ClipSpec", "decode_audio", "encode", "render",
           "render_parts", "truth_path", "write_clip"]
