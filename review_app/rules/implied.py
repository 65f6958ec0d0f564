"""The parts of a call a provision itself sets in its usual case, offered to a reviewer as a starting
point (pre-filled, shown as such, changeable): never a verdict, and the checker judges what is saved.

Each entry cites its clause. Only what the rule fixes outright is here: 21.a's Safety is Penalty 6
taken as a penalty; a foul's restart is the penalty awarded (21.b, its dead-ball and dangerous forms);
which penalty a foul earns is set by the foul rules, not Rule 21, so it is not implied.
"""

from __future__ import annotations

from review_app.rules.ball import safety_call
from review_app.rules.parameters import Parameters, newest
from review_app.rules.vocabulary import Card, Restart

# clause -> {call part: value}
IMPLIED = {
    # 21.a: "the Umpire shall stop the game and call a Safety (Penalty 6)" (the penalty, the edition's number)
    "21.a": {"restart": Restart.PENALTY.value},
    # 21.b: restart "The penalty awarded"
    "21.b": {"restart": Restart.PENALTY.value},
    "21.b.dead-ball": {"restart": Restart.PENALTY.value},
    # closing provisions, dangerous fouls: called at once, restarted with the penalty awarded
    "21.general.dangerous-fouls": {"restart": Restart.PENALTY.value},
}

# Parts given to the side the offence was against (rules.parts.penalty_to_the_opponents): a penalty awarded
# goes to the team other than the offender's.
TO_THE_OPPONENTS = ("penalty_to",)

# A part that says something only once another part records something: who a card was shown to, once a card (not
# "none") is shown (rules.parts.card_to_the_offender judges it only then). part -> (the part it follows, its none).
FOLLOWS = {"card_to": ("card", Card.NONE.value)}


def implied_call(situation: str, values: Parameters | None = None) -> dict[str, str]:
    """The call parts `situation` sets in its usual case ({} where the rule leaves them open); `values`: the numbers
    of the edition in force (the newest shipped one if not given: a suggestion made while tagging)."""
    implied = dict(IMPLIED.get(situation, {}))
    if situation == "21.a":
        implied = {"penalty": safety_call(values or newest()).value, **implied}
    return implied
