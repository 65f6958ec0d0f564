"""Training: quiz questions from the tags coaches approved as teaching examples, scoring a trainee's
answer against the rules and the expert annotation, each trainee's scores kept across sessions and
opened only by the trainee who signed in (or a coach), and the clip a question shows.

Plain modules: nothing here imports streamlit.
"""

from review_app.training.examples import TeachingExamples, fingerprint  # noqa: F401
from review_app.training.people import COACH, TRAINEE, People, PeopleError, Person  # noqa: F401
from review_app.training.questions import (  # noqa: F401
    Question,
    asked_fields,
    next_question,
    questions_from,
)
from review_app.training.scoring import Answer, Score, score  # noqa: F401
from review_app.training.store import ScoreStore, TraineeSummary, summarise  # noqa: F401
