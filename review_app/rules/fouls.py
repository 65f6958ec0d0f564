"""Fouls: 21.b foul called (with calling the advantage and verbal cues), dead-ball fouls, and the
general provisions that close Rule 21 on dangerous fouls, fouls at the horn and unsportsmanlike
conduct between periods."""

from __future__ import annotations

import functools

from review_app.i18n import N_, Message
from review_app.rules.calls import whistle_words
from review_app.rules.facts import fact
from review_app.rules.parameters import Parameters
from review_app.rules.provision import (
    STOP_AT_DISCRETION,
    STOP_AT_ONCE,
    STOP_NOT_AT_ALL,
    Case,
    Provision,
    Source,
    Verdict,
    Verdicts,
    WholeQuestion,
    incomplete,
)
from review_app.rules.vocabulary import Card, Penalty, PenaltyTiming, Restart, Whistle

GENERAL = "The game is stopped only by the Umpire"  # opening of the closing paragraph

# --- 21.b Foul called ---------------------------------------------------------------------------
_b = Verdicts("21.b")


@functools.lru_cache(maxsize=32)
def _dangerous_foul_not_at_once(umpire: Message) -> Message:
    """One sentence per whistle, made once: the same object, its hash kept, is then found at once among the texts
    already rendered for the report (`i18n.both`); a message is never changed once made."""
    return Message("A foul involving the safety of player or mount should be called at the instant it occurs; the "
                   "Umpire {umpire}. The Umpire should not delay the call of dangerous fouls.", umpire=umpire)


def judge_foul(case: Case, values: Parameters) -> Verdict:
    if case.has("umpire_coached_players") and case.fact("umpire_coached_players"):
        return _b.inconsistent(
            Message("Verbal cues may inform players of potential violations, but Umpires should never coach or "
                    "instruct them."), cites=("21.b",))
    kind = case.fact("kind")
    whistle = case.called("whistle")
    umpire = whistle_words(whistle)
    if kind == "dangerous":
        # Closing provisions: "The Umpire should not elect to delay the call of dangerous fouls."
        if whistle != Whistle.AT_ONCE:
            return _b.inconsistent(_dangerous_foul_not_at_once(umpire),
                cites=("21.b", "21.general.dangerous-fouls"), wrong=("whistle",))
        return _b.consistent(Message("The dangerous foul was called at the instant it occurred."),
                             cites=("21.b", "21.general.dangerous-fouls"))
    if whistle == Whistle.AT_ONCE:
        return _b.consistent(Message("The foul was called and play stopped, as 21.b allows."))
    return uncalled_foul(_b, case, kind, whistle)


# The words that leave a foul's call to the Umpire: 21.b's and the closing paragraph's (`WholeQuestion`).
_CALLING_THE_ADVANTAGE = "The Umpire may also elect not to stop play by calling a foul, or to briefly delay the " \
    "stoppage of play for a foul"
_MECHANICS_NON_CALL = "An infraction involving mechanics or “advantage” may be a non-call, or delayed call, at the " \
    "Umpire’s discretion."


def uncalled_foul(v: Verdicts, case: Case, kind: str, whistle: str) -> Verdict:
    """A foul not involving safety, not called at once: 21.b's grounds and the closing paragraph's, asked alike
    under either clause, so the same call gets the same verdict (READINGS entries 3, 46). A mechanics infraction is
    the Umpire's only where its offender took no advantage: the slow-return example, "The Umpire may elect not to
    call this foul if Red #1 is not endangered or taking advantage of his incorrect positioning"."""
    umpire = whistle_words(whistle)
    if case.call.get("best_interest_of_the_game") is True:
        # "if the Umpire deems it to be in the best interest of the game": a ground of its own, the Umpire's.
        return v.discretionary(Message("The Umpire {umpire}, deeming it in the best interest of the game, as 21.b "
                                       "allows.", umpire=umpire), WholeQuestion.CALLING_A_FOUL)
    if whistle != Whistle.NONE and case.has("assessed_after_next_play") and not case.fact("assessed_after_next_play"):
        # A delay's own obligation, broken whatever else is recorded.
        return v.inconsistent(
            Message("The whistle was delayed to assess the advantage, but the assessment should be made immediately "
                    "after the next play."), wrong=("whistle",))
    if kind == "mechanics" and not case.fact("fouled_team_disadvantaged"):
        return v.discretionary(Message("An infraction involving mechanics may be a non-call or a delayed call at the "
                                       "Umpire's discretion; the Umpire {umpire}.", umpire=umpire),
                               WholeQuestion.CALLING_A_FOUL, cites=("21.b", "21.general.dangerous-fouls"))
    # From here a mechanics infraction whose offender took advantage is any other foul: 21.b's grounds decide.
    if whistle == Whistle.NONE:
        # Either ground justifies the non-call, so one recorded as true is enough.
        if case.has("stoppage_would_disadvantage_fouled_team") and case.fact("stoppage_would_disadvantage_fouled_team"):
            return v.discretionary(
                Message("Advantage: stopping play and awarding a penalty would have disadvantaged the fouled team."),
                WholeQuestion.CALLING_A_FOUL)
        if not case.fact("fouled_team_disadvantaged"):
            return v.discretionary(
                Message("A non-call: the foul neither disadvantaged the fouled team nor gave the offender an "
                        "advantage, so the Umpire may elect not to stop play."), WholeQuestion.CALLING_A_FOUL,
                cites=("21.b", "21.general.dangerous-fouls"))
        case.fact("stoppage_would_disadvantage_fouled_team")  # known false from here on, or named as missing
        if kind == "mechanics":
            return v.inconsistent(Message(
                "The offender took advantage of the infraction of mechanics, stopping play would not have cost the "
                "fouled team an advantage, and the Umpire is not recorded as deeming play going on in the best "
                "interest of the game: the Umpire may elect not to call such a foul only if no one is endangered or "
                "taking advantage."), wrong=("whistle",), cites=("21.b", "21.general.dangerous-fouls"))
        return v.inconsistent(
            Message("The foul disadvantaged the fouled team, stopping play would not have cost it an advantage, and "
                    "the Umpire is not recorded as deeming play going on in the best interest of the game: the "
                    "non-call rests on neither ground 21.b allows."), wrong=("whistle",))
    # Delayed (or at a neutral play) to assess the advantage: the delay is the Umpire's choice, bound by "he or she
    # should make that assessment immediately after the next play"; met, consistent; unrecorded, asked (never a
    # pass on what is not known: READINGS 4).
    case.fact("assessed_after_next_play")
    return v.consistent(
        Message("The Umpire briefly delayed the stoppage to assess the advantage, as 21.b allows."))


FOUL = Provision(
    id="21.b",
    key_name=N_("Foul"), first_window=1,
    title=Message("Foul called; calling the advantage; verbal cues"),
    source=(Source("Foul called."), Source("Any violation of the Rules"), Source("Calling the advantage"),
            Source("Verbal cues")),
    facts=(
        fact("kind"),
        fact("fouled_team_disadvantaged"),
        fact("stoppage_would_disadvantage_fouled_team"),
        fact("assessed_after_next_play"),
        fact("umpire_coached_players"),
    ),
    stop=STOP_AT_DISCRETION,
    restart=Message("The penalty awarded"),
    mount=None,
    penalty=Message("As the foul rules set"),
    judge=judge_foul,
    decisions=("best_interest_of_the_game",),
    whole_questions=((WholeQuestion.CALLING_A_FOUL, _CALLING_THE_ADVANTAGE),),
    summary=Message("A foul may be called, delayed for the advantage (assessed right after the next play) or not "
                    "called; "
                    "a dangerous foul must be called at the instant; Umpires never coach players."),
)

# --- 21.b Dead-ball foul (play already stopped) --------------------------------------------------------
_db = Verdicts("21.b.dead-ball")


CARD_WORDS = {Card.YELLOW: N_("displaying a yellow card"), Card.RED: N_("displaying a red card")}


def judge_dead_ball_foul(case: Case, values: Parameters) -> Verdict:
    if not case.fact("play_already_stopped"):
        return _db.inconsistent(
            Message("This provision is for a foul called when play is already stopped; with play running the foul is "
                    "called under 21.b."), cites=("21.b.dead-ball", "21.b"))
    card = case.called_or("card", Card.NONE)
    if card in CARD_WORDS or case.called("whistle") == Whistle.AT_ONCE:
        signal = Message(CARD_WORDS.get(card, N_("sounding the whistle again")))
        return _db.consistent(Message(
            "A dead-ball foul signalled by {signal}; the choice of signal is the Umpire's.", signal=signal))
    if case.called_or("penalty", Penalty.NONE) != Penalty.NONE:
        # "the Umpire may so signal by: a) again sounding the whistle; or b) displaying a yellow or red card": a foul
        # called (a penalty awarded) is signalled one of these two ways.
        return _db.inconsistent(Message("A penalty was awarded for a foul with play already stopped, but it was not "
                                        "signalled: the Umpire signals it by again sounding the whistle or by "
                                        "displaying a yellow or red card."), wrong=("card",))
    return _db.discretionary(
        Message("No dead-ball foul was signalled; with play already stopped the Umpire may, not must, signal one."),
        WholeQuestion.SIGNALLING_A_DEAD_BALL_FOUL)


DEAD_BALL_FOUL = Provision(
    id="21.b.dead-ball",
    key_name=N_("Foul, play stopped"),
    title=Message("Foul when play is already stopped"),
    source=(Source("In the event of a foul being called when play is already stopped"),),
    facts=(fact("play_already_stopped", required=True),),  # the clause is only for a foul in a break in play
    stop=STOP_NOT_AT_ALL,
    restart=Message("The penalty awarded"),
    mount=None,
    penalty=Message("As the foul rules set, signalled by whistle or by a yellow or red card"),
    judge=judge_dead_ball_foul,
    whole_questions=((WholeQuestion.SIGNALLING_A_DEAD_BALL_FOUL, "the Umpire may so signal by"),),
    summary=Message("A foul while play is stopped may be signalled by the whistle again or by a yellow or red card."),
)

# --- Closing provisions: dangerous fouls ---------------------------------------------------------------
_dg = Verdicts("21.general.dangerous-fouls")


def judge_dangerous_foul(case: Case, values: Parameters) -> Verdict:
    dangerous = case.fact("involves_safety") or case.facts.get("kind") == "dangerous"
    whistle = case.called("whistle")
    umpire = whistle_words(whistle)
    if dangerous and whistle != Whistle.AT_ONCE:
        return _dg.inconsistent(Message(
            "Fouls involving the safety of player or mount should be called at the instant they occur; the Umpire "
            "{umpire}.", umpire=umpire), wrong=("whistle",))
    if dangerous:
        return _dg.consistent(Message("The dangerous foul was called at the instant."))
    if whistle == Whistle.AT_ONCE:
        return _dg.consistent(Message("The foul was called and play stopped, as 21.b "
                                      "allows."), cites=("21.general.dangerous-fouls", "21.b"))
    # "An infraction involving mechanics or “advantage” may be a non-call": which it was, and 21.b's grounds for
    # the advantage, are asked as 21.b asks them, so the same non-call gets the same verdict under either clause.
    return uncalled_foul(_dg, case, case.fact("kind"), whistle)


DANGEROUS_FOULS = Provision(
    id="21.general.dangerous-fouls",
    key_name=N_("Dangerous foul"), first_window=9,
    title=Message("Dangerous fouls are called at the instant"),
    source=(Source(GENERAL, en_from="Fouls involving safety", en_to="When a foul occurs",
                   es_from="Los fouls que afectan", es_to="Cuando un foul se produce"),),
    facts=(fact("involves_safety"), fact("kind", required=False), fact("fouled_team_disadvantaged", required=False),
           fact("stoppage_would_disadvantage_fouled_team", required=False),
           fact("assessed_after_next_play", required=False)),
    stop=STOP_AT_ONCE,
    restart=Message("The penalty awarded"),
    mount=None,
    penalty=Message("As the foul rules set"),
    judge=judge_dangerous_foul,
    whole_questions=((WholeQuestion.CALLING_A_FOUL, _MECHANICS_NON_CALL),),
    summary=Message("A foul involving safety must be called at the instant, never delayed; mechanics or advantage "
                    "infractions may go uncalled or be called late."),
)

def _restarts_with_the_penalty(v: Verdicts, case: Case, also: tuple[Restart, ...], why: str) -> Verdict | None:
    """A penalty the rule says is executed at a set time is how play restarts then: the recorded restart is the
    penalty (or a free hit, the form most penalties take), or `also`. `why` is a message id with {given}."""
    restart = case.called_or("restart", None)
    if restart is None or restart in (Restart.PENALTY, Restart.FREE_HIT, *also):
        return None
    return v.inconsistent(Message(why, given=Message(Restart(restart).label)), wrong=("restart",))


# --- Closing provisions: a foul at or slightly after the horn --------------------------------------------
_hn = Verdicts("21.general.foul-at-horn")


def overtime_period(case: Case) -> int | None:
    """Which overtime period the event is in (1 for the first), None in a regulation period or where the period is
    not known: a period past the match's scheduled ones is overtime. Rule 21 names regulation periods only ("any
    regulation period but the final regulation period", "the final regulation period"): an overtime period is
    neither, and its horn is not the final regulation period's."""
    if case.period is None or case.match.periods is None or case.period <= case.match.periods:
        return None
    return case.period - case.match.periods


def _judge_foul_at_an_overtime_horn(case: Case, overtime: int) -> Verdict:
    # The two sentences time the penalty after a regulation period's horn; for an overtime period's horn Rule 21
    # says nothing, so its timing is left to the Umpires ("a great deal of discretion"). The foul is still a foul.
    if case.called("penalty") == Penalty.NONE:
        return _hn.inconsistent(
            Message("A foul at or slightly after the horn is still penalized; the Umpires should award an appropriate "
                    "penalty."), wrong=("penalty",))
    bad = _restarts_with_the_penalty(_hn, case, (Restart.NEXT_PERIOD,), N_(
        "The foul at the horn is penalized, so play restarts with the penalty; it restarted with this: {given}."))
    if bad:
        return bad
    # The call met the obligations that bind it (a penalty, restarting with it), so the timing, a choice left to the
    # Umpires, keeps it consistent and is named (docs/rules.md, "What a verdict means").
    return _hn.consistent(Message(
        "The horn ended overtime period {n}, not a regulation period: Rule 21 times the penalty only after the horn "
        "of a regulation period, so when it is executed is the Umpires' to decide.", n=overtime))


def judge_foul_at_horn(case: Case, values: Parameters) -> Verdict:
    if not case.fact("at_or_slightly_after_horn"):
        return _hn.consistent(Message("The foul was not at the horn; this provision does not change the call."))
    overtime = overtime_period(case)
    if overtime is not None:  # before the recorded `final_period`: an overtime horn is never the final regulation one
        return _judge_foul_at_an_overtime_horn(case, overtime)
    final = case.facts.get("final_period")
    if final is None:
        if case.period is None or case.match.periods is None:
            return incomplete("21.general.foul-at-horn", ["final_period"])
        final = case.period == case.match.periods
    if case.called("penalty") == Penalty.NONE:
        return _hn.inconsistent(
            Message("A foul at or slightly after the horn is still penalized; the Umpires should award an appropriate "
                    "penalty."), wrong=("penalty",))
    timing = case.called("penalty_timing")
    want = PenaltyTiming.FIVE_SECONDS_ON_CLOCK if final else PenaltyTiming.START_OF_NEXT_PERIOD
    if timing != want:
        if final:
            return _hn.inconsistent(Message(
                "After the horn ending the final period, {seconds:g} seconds should be put on the clock and the "
                "penalty executed.", seconds=values["FINAL_HORN_CLOCK"].value), wrong=("penalty_timing",))
        return _hn.inconsistent(Message("After the horn ending a period other than the last, the penalty should be "
                                        "executed "
                                        "at the beginning of the next period."), wrong=("penalty_timing",))
    # "the penalty should be executed at the beginning of the next period" / "five seconds should be put on the
    # clock and the penalty executed": the penalty is how play restarts (after the final period no next one).
    bad = _restarts_with_the_penalty(_hn, case, () if final else (Restart.NEXT_PERIOD,), N_(
        "The foul at the horn is penalized, so play restarts with the penalty; it restarted with this: {given}."))
    if bad:
        return bad
    return _hn.consistent(Message("The foul at the horn was penalized and the penalty timed as the rule says."))


FOUL_AT_HORN = Provision(
    id="21.general.foul-at-horn",
    key_name=N_("Foul at the horn"),
    title=Message("Foul at or just after the horn"),
    source=(Source(GENERAL, en_from="When a foul occurs", en_to="An unsportsmanlike",
                   es_from="Cuando un foul se produce", es_to="Un penal por conducta"),),
    facts=(
        fact("at_or_slightly_after_horn"),
        fact("final_period"),
    ),
    # The horn has ended the period; the paragraph sets no stop of its own ("a great deal of discretion as to
    # whether or when to stop play").
    stop=STOP_AT_DISCRETION,
    restart=Message("Penalty at the start of the next period; after the final period, 5 seconds on the clock"),
    mount=None,
    penalty=Message("An appropriate penalty"),
    judge=judge_foul_at_horn,
    parameters=("FINAL_HORN_CLOCK",),
    summary=Message("A foul at or slightly after the horn is penalized: at the start of the next period, or after the "
                    "final period with 5 seconds put on the clock."),
)

# --- Closing provisions: unsportsmanlike conduct between periods -----------------------------------------------
_us = Verdicts("21.general.unsportsmanlike")


def judge_unsportsmanlike(case: Case, values: Parameters) -> Verdict:
    if not case.fact("between_periods"):
        return _us.consistent(Message("Not between periods; this provision does not change the call."))
    penalty, card = case.called_or("penalty", None), case.called_or("card", None)
    if penalty is None and card is None:
        case.called("penalty")  # nothing recorded of what was assessed: named as missing
    if case.facts.get("unsportsmanlike_conduct") is True:
        # Worked example: "A yellow card should be displayed and the next period started with a penalty."
        missing = tuple(part for part, given, none in (("card", card, Card.NONE), ("penalty", penalty, Penalty.NONE))
                        if given in (None, none))
        if missing and _after_the_final_period(case):
            # No next period to start with it; the card and the penalty are still owed (READINGS 48).
            return _us.inconsistent(Message("For this conduct a yellow card should be displayed and a penalty "
                                            "awarded; after the final period there is no next period to start with "
                                            "it."), wrong=missing)
        if missing:
            return _us.inconsistent(Message("For this conduct between periods a yellow card should be displayed and "
                                            "the next period started with a penalty."), wrong=missing)
    if penalty in (None, Penalty.NONE) and card in (None, Card.NONE):
        return _us.discretionary(Message("No penalty was assessed for the conduct between periods."),
                                 WholeQuestion.PENALIZING)
    if _after_the_final_period(case):
        # "shall be executed at the beginning of the next period": after the final period there is none, and
        # Rule 21 sets no other time; whatever timing was recorded, this sentence does not fault it.
        return _us.consistent(Message("The penalty was assessed after the final period, when no next period "
                                      "follows; Rule 21 sets no time for executing it then."))
    if case.called("penalty_timing") != PenaltyTiming.START_OF_NEXT_PERIOD:
        return _us.inconsistent(
            Message("An unsportsmanlike conduct penalty assessed between periods shall be executed at the beginning of "
                    "the next period."), wrong=("penalty_timing",))
    # Worked example: "A yellow card should be displayed and the next period started with a penalty."
    bad = _restarts_with_the_penalty(_us, case, (Restart.NEXT_PERIOD,), N_(
        "The next period starts with the penalty assessed between periods; it restarted with this: {given}."))
    if bad:
        return bad
    if card in CARD_WORDS:
        return _us.consistent(Message("A card was displayed and the penalty assessed between periods opens the next "
                                      "period."))
    return _us.consistent(Message("The penalty assessed between periods opens the next period."))


def _after_the_final_period(case: Case) -> bool:
    """Assessed after the final period, with no next period to open: as recorded (`after_final_period`), else from
    the period number (the last scheduled one; an overtime that follows is a next period, recorded as such)."""
    recorded = case.facts.get("after_final_period")
    if recorded is not None:
        return recorded
    return case.period is not None and case.match.periods is not None and case.period >= case.match.periods


UNSPORTSMANLIKE = Provision(
    id="21.general.unsportsmanlike",
    key_name=N_("Unsportsmanlike"),
    title=Message("Unsportsmanlike conduct between periods"),
    source=(Source(GENERAL, en_from="An unsportsmanlike", es_from="Un penal por conducta"),),
    facts=(fact("between_periods"), fact("after_final_period"), fact("unsportsmanlike_conduct")),
    stop=STOP_NOT_AT_ALL,
    restart=Message("The next period starts with the penalty (after the final period, no next one)"),
    mount=None,
    penalty=Message("Unsportsmanlike conduct penalty, executed at the start of the next period"),
    judge=judge_unsportsmanlike,
    whole_questions=((WholeQuestion.PENALIZING, "many other penalties which the Umpire(s) may elect not to exact"),),
    summary=Message("A penalty assessed between periods is executed at the beginning of the next period."),
)

PROVISIONS = (FOUL, DEAD_BALL_FOUL, DANGEROUS_FOULS, FOUL_AT_HORN, UNSPORTSMANLIKE)
