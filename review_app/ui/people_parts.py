"""Signing in on the Training, Coach and Evidence pages: a name and a passphrase (`training.people`). The
person signed in is kept for this browser session only; a reload asks again. A trainee new to the workspace
chooses a passphrase; the first coach account is set up on the Coach page while nobody holds any role, from
the machine the app runs on or with the set-up code `polo-review app` printed; someone given a role on the
command line turns the one-time code printed there into a passphrase of their own."""

from __future__ import annotations

import streamlit as st

from review_app.config import cache_dir
from review_app.errors import PoloReviewError
from review_app.ground.roles import COMMITTEE
from review_app.textsafe import md
from review_app.training import COACH, TRAINEE, People, Person, ScoreStore
from review_app.training.people import request_is_local, setup_code_allowed
from review_app.ui.context import (
    IDENTIFIED_KEY,
    N_,
    REVIEWER_KEY,
    _,
    error_line,
    reviewer,
    sign_in_box,
    sign_in_configured,
    store,
)

PERSON_KEY = "app.person"  # the roster's Person signed in with a passphrase, for the whole app (every page)
ACTIVE_KEY = "app.active_at"  # when this session last ran (monotonic seconds): a sign-in idle too long ends
BOUND_KEY = "app.bound_to"  # the browser cookie the sign-in was made with (see `browser_binding`)
IDLE_S = 30 * 60  # a sign-in ends after this long without any action
COMMITTEE_IDLE_S = 10 * 60  # a committee member's, who records 21.f(5) decisions, sooner
BROWSER_COOKIE = "_streamlit_xsrf"  # set by Streamlit in each browser; a client holding only the session id lacks it


def people() -> People:
    return People(store().people)


def limits() -> None:
    st.caption(_("Passphrases are kept only as scrypt hashes, with the reviewers' roles. They keep one trainee from "
                 "opening another's record in this app; they do not encrypt the scores, which anyone who can read "
                 "the workspace folder or the database on the server can read. A forgotten passphrase cannot be "
                 "recovered: a coach sets a new one. Once anyone has a passphrase, every role is enforced: "
                 "committee members get theirs with `polo-review people`."))


ROLE_WORDS = {"coach": N_("coach"), "committee": N_("committee"), "trainee": N_("trainee")}


# How a decider was identified (`ground.roles.IDENTIFIED`), in the page's language.
IDENTIFIED_WORDS = {"passphrase": N_("passphrase"), "sign-in": N_("sign-in ([auth])"),
                    "command-line": N_("command line on the server"),
                    "name-given": N_("name given, not verified (no roles were set)")}


def identified_text(how: str | None) -> str:
    if how is None:
        return _("not recorded (decided before the tool recorded it)")
    return _(IDENTIFIED_WORDS[how]) if how in IDENTIFIED_WORDS else str(how)


def roles_text(person: Person) -> str:
    return ", ".join(_(ROLE_WORDS.get(r, r)) for r in sorted(person.roles)) or "—"


def signed_in(key: str = "app") -> Person | None:
    """The person signed in for the whole app (`key` is where the page asked; one sign-in serves every page)."""
    if sign_in_configured():  # the account is the identity: the roster says what it may do
        name = reviewer()
        return (people().find(name) or Person(name, frozenset())) if name else None
    return st.session_state.get(PERSON_KEY) or st.session_state.get(f"{key}.person")


def browser_binding() -> str | None:
    """What ties a sign-in to the browser that made it: its Streamlit cookie, sent with the WebSocket that runs the
    session. A second client that took the session's id (sniffed, or read from an upload address) connects without
    it, and the sign-in does not carry over (F7 of the security review)."""
    try:
        value = st.context.cookies.get(BROWSER_COOKIE)
    except (AttributeError, RuntimeError):
        return None
    return value if isinstance(value, str) else None  # a test harness without a browser gives no cookie


def sign_in_ended() -> str | None:
    """Why a passphrase sign-in ends on this run (idle too long, or another client holds the session), or None.
    Every run counts as activity."""
    import time

    now, last = time.monotonic(), st.session_state.get(ACTIVE_KEY)
    st.session_state[ACTIVE_KEY] = now
    person = st.session_state.get(PERSON_KEY)
    if person is None:
        return None
    if st.session_state.get(BOUND_KEY) != browser_binding():
        return _("Signed out: this session was opened by another browser. Sign in again.")
    limit = COMMITTEE_IDLE_S if COMMITTEE in person.roles else IDLE_S
    if last is not None and now - last > limit:
        return _("Signed out after {m} minutes without any action. Sign in again.", m=limit // 60)
    return None


def sign_in_as(person: Person, key: str, how: str | None = None) -> None:
    """`person` is signed in for the whole app: every change from now on is recorded under their name."""
    import time

    from review_app.ground.roles import PASSPHRASE

    st.session_state[BOUND_KEY] = browser_binding()
    st.session_state[ACTIVE_KEY] = time.monotonic()
    st.session_state[PERSON_KEY] = st.session_state[f"{key}.person"] = person
    st.session_state[REVIEWER_KEY] = person.name
    st.session_state[IDENTIFIED_KEY] = how or PASSPHRASE


def sign_out() -> None:
    for k in [k for k in st.session_state if str(k).endswith(".person")]:
        st.session_state.pop(k, None)
    for k in (PERSON_KEY, REVIEWER_KEY, IDENTIFIED_KEY, BOUND_KEY):
        st.session_state.pop(k, None)


def sign_out_bar(key: str) -> None:
    person = signed_in(key)
    c1, c2 = st.columns([4, 1], vertical_alignment="center")
    c1.markdown(_("Signed in as **{name}** ({role}).", name=md(person.name), role=roles_text(person)))
    if sign_in_configured():
        return  # signing out is the sidebar's
    if c2.button(_("Sign out"), key=f"{key}.sign_out", icon=":material/logout:"):
        sign_out()
        st.rerun()


def sidebar_sign_in() -> None:
    """The sidebar: who is signed in (and Sign out), or how to sign in. Reading needs no sign-in; every change to a
    record does, and is recorded under the person signed in, never a typed name. With [auth] configured, the
    account's sign-in (`st.login`); else the roster's passphrases, or the first account on a new workspace."""
    if sign_in_configured():
        sign_in_box()
        return
    ended = sign_in_ended()
    if ended:
        sign_out()
        st.sidebar.warning(ended, icon=":material/timer_off:")
    name = reviewer()
    with st.sidebar:
        if name:
            try:
                person = signed_in("app") or people().find(name) or Person(name, frozenset())
            except PoloReviewError:  # the roster cannot be read now (a database away): the name is still theirs
                person = Person(name, frozenset())
            st.markdown(_("Signed in as **{name}** ({role}).", name=md(person.name), role=roles_text(person)))
            if st.button(_("Sign out"), key="app.sign_out", icon=":material/logout:"):
                sign_out()
                st.rerun()
            return
        st.caption(_("Reading needs no sign-in; every change is recorded under the person signed in."))
        try:
            first = not people().anyone()
        except PoloReviewError as exc:
            error_line(exc)
            return
        with st.expander(_("Sign in"), expanded=True):
            if first:
                local = local_request()
                st.caption(_("No accounts yet in this workspace: set up the first one (a coach)."))
                if not local:
                    st.caption(_("This browser is not on the machine the app runs on: the set-up code `polo-review "
                                 "app` printed when it started is needed."))
                _enrol_form("app", COACH, local)
            else:
                sign_in, new, code = st.tabs([_("Sign in"), _("New trainee"), _("One-time code")])
                with sign_in:
                    _sign_in_form("app", None)
                with new:
                    _enrol_form("app", TRAINEE)
                with code:
                    _code_form("app")


def page_url() -> str:
    """The address the browser shows (http or https), '' where there is no request to ask about."""
    try:
        return str(st.context.url or "")
    except (AttributeError, RuntimeError):
        return ""


def warn_plain_http() -> None:
    """A passphrase typed over plain HTTP from another machine crosses the network in clear: say so."""
    if page_url().startswith("http://") and not local_request():
        st.warning(_("This page is not served over HTTPS: the passphrase crosses the network in clear. Ask whoever "
                     "runs the app to serve it over HTTPS (docs/security.md)."), icon=":material/lock_open:")


def _sign_in_form(key: str, role: str | None) -> None:
    warn_plain_http()
    with st.form(f"{key}.sign_in_form"):
        name = st.text_input(_("Name"), value=reviewer() or "", key=f"{key}.name", max_chars=200)
        secret = st.text_input(_("Passphrase"), type="password", key=f"{key}.passphrase", max_chars=1024)
        if st.form_submit_button(_("Sign in"), type="primary", key=f"{key}.sign_in"):
            try:
                sign_in_as(people().sign_in(name, secret, role, address=client_address()), key)
            except PoloReviewError as exc:
                error_line(exc)
                return
            st.rerun()


def client_address() -> str | None:
    """The browser's address as the server sees it (a proxy's own address behind one)."""
    try:
        return st.context.ip_address
    except (AttributeError, RuntimeError):
        return None


def local_request() -> bool:
    """Whether this browser is on the machine the app runs on (`training.people.request_is_local`)."""
    try:
        return request_is_local(st.context.ip_address, st.context.headers)
    except (AttributeError, RuntimeError):  # no request to ask about (a script run outside a server)
        return False


def _enrol_form(key: str, role: str, local: bool = False) -> None:
    with st.form(f"{key}.enrol_form"):
        name = st.text_input(_("Name"), value=reviewer() or "", key=f"{key}.new_name", max_chars=200)
        c1, c2 = st.columns(2)
        secret = c1.text_input(_("Choose a passphrase (at least 8 characters)"), type="password",
                               key=f"{key}.new_passphrase", max_chars=1024)
        again = c2.text_input(_("The passphrase again"), type="password", key=f"{key}.new_again", max_chars=1024)
        code = None
        if role == COACH and not local:
            code = st.text_input(_("Set-up code (printed by `polo-review app` when it started)"), type="password",
                                 key=f"{key}.setup_code", max_chars=64)
        label = _("Set up the coach account") if role == COACH else _("Start my training record")
        if st.form_submit_button(label, type="primary", key=f"{key}.enrol"):
            if secret != again:
                st.warning(_("The two passphrases differ."))
                return
            setup = role == COACH and (local or setup_code_allowed(code, cache_dir()))
            if role == COACH and not setup:
                st.error(_("That is not the set-up code: the first coach account is made on the machine the app "
                           "runs on, or with the code `polo-review app` printed when it started."),
                         icon=":material/warning:")
                return
            try:
                has_scores = role == TRAINEE and ScoreStore(store().training).has_record(name)
                sign_in_as(people().enrol(name, secret, role=role, has_scores=has_scores, setup=setup), key)
            except PoloReviewError as exc:
                error_line(exc)
                return
            st.rerun()


def _code_form(key: str) -> None:
    """Someone given a role on the command line: the one-time code printed there, and a passphrase of their own."""
    with st.form(f"{key}.code_form"):
        st.caption(_("Given a role with `polo-review people`? Its one-time code sets your passphrase, once."))
        name = st.text_input(_("Name"), value=reviewer() or "", key=f"{key}.code_name", max_chars=200)
        code = st.text_input(_("One-time code"), type="password", key=f"{key}.code", max_chars=64)
        c1, c2 = st.columns(2)
        secret = c1.text_input(_("Choose a passphrase (at least 8 characters)"), type="password",
                               key=f"{key}.code_passphrase", max_chars=1024)
        again = c2.text_input(_("The passphrase again"), type="password", key=f"{key}.code_again", max_chars=1024)
        if st.form_submit_button(_("Set my passphrase"), type="primary", key=f"{key}.redeem"):
            if secret != again:
                st.warning(_("The two passphrases differ."))
                return
            try:
                sign_in_as(people().redeem(name, code, secret), key)
            except PoloReviewError as exc:
                error_line(exc)
                return
            st.rerun()


def _sign_in_or_code(key: str, role: str | None) -> None:
    sign_in, code = st.tabs([_("Sign in"), _("I have a one-time code")])
    with sign_in:
        _sign_in_form(key, role)
    with code:
        _code_form(key)


def trainee_sign_in(key: str = "training") -> Person | None:
    """The trainee signed in, or the forms to sign in or start a record (then None)."""
    if signed_in(key):
        sign_out_bar(key)
        return signed_in(key)
    st.info(_("Sign in to see and add to your own training record."), icon=":material/lock:")
    sign_in, new, code = st.tabs([_("Sign in"), _("New trainee"), _("I have a one-time code")])
    with sign_in:
        _sign_in_form(key, None)
    with new:
        _enrol_form(key, TRAINEE)
    with code:  # a trainee given the role on the command line
        _code_form(key)
    limits()
    return None


def coach_sign_in(key: str = "coach") -> Person | None:
    """The coach signed in, or the form to sign in (or, on a new workspace, to set up the first coach)."""
    if signed_in(key) and signed_in(key).is_coach:
        sign_out_bar(key)
        return signed_in(key)
    if sign_in_configured():
        st.info(_("Coaches only: your account does not hold the coach role (`polo-review people`)."),
                icon=":material/lock:")
        return None
    try:
        first = not people().anyone()
    except PoloReviewError as exc:
        error_line(exc)
        return None
    if first:
        local = local_request()
        st.info(_("No coach account yet in this workspace. Set one up: its name and passphrase open this page, "
                  "approve teaching examples and reset trainees' passphrases."), icon=":material/lock:")
        if not local:
            st.caption(_("This browser is not on the machine the app runs on: the set-up code `polo-review app` "
                         "printed when it started is needed (or give the role there: `polo-review people NAME "
                         "--role coach`)."))
        _enrol_form(key, COACH, local)
    else:
        st.info(_("Coaches only: sign in with a coach's name and passphrase."), icon=":material/lock:")
        _sign_in_or_code(key, COACH)
    limits()
    return None


def committee_sign_in(key: str = "evidence") -> tuple[str | None, str | None]:
    """Who records a decision here and how they were identified (`ground.roles.IDENTIFIED`): the signed-in account
    where sign-in is configured; the name in the sidebar while nobody holds a role (nothing is enforced); else a
    committee member signed in with their passphrase, or the forms to do so (then (None, None))."""
    from review_app.ground.roles import COMMITTEE, NAME_GIVEN, PASSPHRASE, SIGN_IN

    if sign_in_configured():
        return reviewer(), SIGN_IN
    try:
        anyone = people().anyone()
    except PoloReviewError as exc:
        error_line(exc)
        return None, None
    if not anyone:
        return reviewer(), NAME_GIVEN
    person = signed_in(key)
    if person is not None and COMMITTEE in person.roles:
        sign_out_bar(key)
        return person.name, PASSPHRASE
    st.info(_("Committee members only: sign in with your name and passphrase to record or correct a decision."),
            icon=":material/lock:")
    _sign_in_or_code(key, COMMITTEE)
    return None, None
