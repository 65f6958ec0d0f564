"""The learned part of the whistle tracker: whether a group of tones starting together (measured by
`whistles.group_features`) is an umpire's blast. Small gradient-boosted trees over those measures
(depth 2: a measure's effect may depend on one other, a glide mattering less in a loud tone), kept
as plain node lists in `whistle_model.json` beside this file, fitted by `benchmarks/train_whistles.py` on the
TUNING set of tests/sound/field_sounds.py alone (seeds 101-102); the evaluation set is never read
for it. Plain numpy: the app needs no learning library to use it."""

from __future__ import annotations

import json
import logging
import math
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)
MODEL_PATH = Path(__file__).with_name("whistle_model.json")


@cache
def _model() -> dict | None:
    try:
        return json.loads(MODEL_PATH.read_text("utf-8"))
    except FileNotFoundError:
        # only while the model is first fitted: the hand rule it was fitted to improve on
        log.warning("%s is missing: whistles are judged by the steadiness rule alone", MODEL_PATH)
        return None


def score(features: dict) -> float:
    """The probability the model gives that these tones are an umpire's blast."""
    model = _model()
    if model is None:
        return features["steady"]
    x = [features[name] for name in model["features"]]
    z = model["init"]
    for feature, threshold, left, right, value in model["trees"]:
        node = 0
        while left[node] >= 0:  # a split: sklearn's convention, x <= threshold goes left
            node = left[node] if x[feature[node]] <= threshold[node] else right[node]
        z += model["learning_rate"] * value[node]
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def is_whistle(features: dict) -> bool:
    model = _model()
    return score(features) >= (0.5 if model is None else model["threshold"])
