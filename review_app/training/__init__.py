"""Training: quiz questions from annotated events, scoring a trainee's answer against the rules
and the expert annotation, and each trainee's scores kept across sessions in a JSON file.

Plain modules: nothing here imports streamlit.
"""

from review_app.training.questions import (  # noqa: F401
    Question,
    asked_fields,
    next_question,
    questions_from,
)
from review_app.training.scoring import Answer, Score, score  # noqa: F401
from review_app.training.store import ScoreStore, TraineeSummary  # noqa: F401
