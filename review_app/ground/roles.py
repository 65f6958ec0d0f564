"""Reviewers and their roles, and the rules the stores enforce with them.

Three roles: `committee` (decides evidence cases), `coach` (approves teaching examples, sees every
trainee's record) and `trainee` (sees only their own record). A store with no reviewer registered
enforces nothing: the single-machine default needs no sign-in and no roster. Once anyone is
registered (`polo-review people add`), every store, on files or in a database, checks the person
acting against the roster before it records a decision, an approval or shows a record.

Who the person is comes from the edge: Streamlit's sign-in (`st.user`) where the deployment
configures it, else a passphrase checked by the app (`training.people`), else the command line on the
server itself (`--by`: whoever runs it can already write the store's files or reach its database).
Every decision recorded names how its decider was identified (`IDENTIFIED`); once anyone holds a role,
a decision from a name merely typed is refused (`require_identified`).
"""

from __future__ import annotations

from dataclasses import dataclass

from review_app.errors import PoloReviewError

COACH, COMMITTEE, TRAINEE = "coach", "committee", "trainee"
ROLES = (COACH, COMMITTEE, TRAINEE)
MAX_NAME = 200

# How the person acting was identified, as recorded with a decision (the evidence log's "identified").
PASSPHRASE, SIGN_IN, COMMAND_LINE, NAME_GIVEN = "passphrase", "sign-in", "command-line", "name-given"
IDENTIFIED = {PASSPHRASE: "passphrase", SIGN_IN: "sign-in ([auth])", COMMAND_LINE: "command line on the server",
              NAME_GIVEN: "name given, not verified (no roles were set)"}
VERIFIED = (PASSPHRASE, SIGN_IN, COMMAND_LINE)


class RoleRefused(PoloReviewError):
    """The person acting does not hold the role the step needs."""


def person_key(name: str | None) -> str:
    """A name as people type it: case and spacing do not make another person."""
    return " ".join((name or "").split()).casefold()


@dataclass(frozen=True)
class Person:
    name: str
    roles: frozenset[str]

    def to_dict(self) -> dict:
        return {"name": self.name, "roles": sorted(self.roles)}

    @property
    def is_coach(self) -> bool:
        return COACH in self.roles


def checked_roles(roles) -> frozenset[str]:
    out = frozenset(r.strip().lower() for r in roles if r and r.strip())
    unknown = sorted(out - set(ROLES))
    if unknown:
        raise PoloReviewError(f"unknown role {', '.join(unknown)} (roles: {', '.join(ROLES)})")
    return out


def checked_name(name: str | None) -> str:
    text = " ".join((name or "").split())
    if not text:
        raise PoloReviewError("a reviewer needs a name")
    if len(text) > MAX_NAME:
        raise PoloReviewError(f"a name is at most {MAX_NAME} characters")
    from review_app.ground.text import refuse_nul

    refuse_nul(text, "the name")
    return text


class Rules:
    """The role checks, over a roster's `people()` (each store implements the roster)."""

    def __init__(self, roster):
        self.roster = roster

    def _roles(self, name: str | None) -> frozenset[str] | None:
        """None: no roster, nothing is enforced; else the person's roles (empty if unknown)."""
        people = self.roster.people()
        if not people:
            return None
        key = person_key(name)
        return next((p.roles for p in people if person_key(p.name) == key), frozenset())

    def require(self, name: str | None, role: str, doing: str) -> None:
        roles = self._roles(name)
        if roles is not None and role not in roles:
            who = " ".join((name or "").split()) or "nobody"
            raise RoleRefused(f"{who} may not {doing}: only a reviewer with the {role} role may "
                              "(`polo-review people` lists the roles)")

    def require_identified(self, name: str | None, how: str | None, doing: str) -> None:
        """Once anyone holds a role, `doing` needs its person identified (passphrase, sign-in or the server's
        command line), not a name typed."""
        if self.roster.people() and how not in VERIFIED:
            who = " ".join((name or "").split()) or "nobody"
            raise RoleRefused(f"{who} may not {doing} without being identified: sign in with your passphrase "
                              "(or the configured sign-in), or use the command line on the server")

    def may_see(self, viewer: str | None, trainee: str) -> bool:
        """A trainee sees their own record; a coach or committee member sees everyone's. No viewer is nobody:
        once anyone holds a role, a record is not shown to no one in particular."""
        roles = self._roles(viewer)
        if roles is None:
            return True
        if viewer is None or not person_key(viewer):
            return False
        if person_key(viewer) == person_key(trainee):
            return True
        return bool(roles & {COACH, COMMITTEE})

    def require_sight(self, viewer: str | None, trainee: str) -> None:
        if not self.may_see(viewer, trainee):
            if not person_key(viewer):
                raise RoleRefused(f"the training record of {' '.join(trainee.split())} is shown only to them, a coach "
                                  "or a committee member: say who is asking (viewer)")
            raise RoleRefused(f"{' '.join((viewer or '').split()) or 'nobody'} may see only their own training "
                              "record")
