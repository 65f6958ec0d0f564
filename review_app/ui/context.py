"""What every page shares: the language, the folders, the reviewer's name, progress bars and
one-line errors. The only helper module besides the pages that imports streamlit."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

import streamlit as st

from review_app import i18n
from review_app.checker.season import SEASON
from review_app.config import Folders
from review_app.errors import PoloReviewError
from review_app.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, N_, translate
from review_app.model.catalog import folder_stamp, list_all, list_matches, stamp
from review_app.model.recordings import allowed_roots
from review_app.store import DatabaseError, configured, open_matches, open_register, open_store
from review_app.textsafe import md

__all__ = ["N_", "_", "documents", "error_line", "fixed", "flash", "folders", "lang", "language_switch", "load_listed",
           "identified", "ngettext", "pgettext", "progress_bar", "reviewer", "rendered", "roots", "show_flash",
           "signed_in_reviewer",
           "store", "translate"]

LANG_KEY = "app.lang"
REVIEWER_KEY = "app.reviewer"  # the signed-in person's name: set only by a sign-in (people_parts), never typed
IDENTIFIED_KEY = "app.identified"  # how they were identified (`ground.roles.IDENTIFIED`)


def lang() -> str:
    value = st.session_state.get(LANG_KEY, DEFAULT_LANGUAGE)
    return value if value in LANGUAGES else DEFAULT_LANGUAGE


def _(message: str, /, **params) -> str:
    """`message` (its English text is its id in the catalogue) in this session's language, formatted
    with `params` when there are any. Write the English literally, `_("Save")`, so the catalogue finds it."""
    text = i18n.gettext(message, lang())
    return text.format(**params) if params else text


def ngettext(singular: str, plural: str, n: int, /, **params) -> str:
    """The singular or plural form for `n` in this session's language; `n` is among the parameters."""
    return i18n.ngettext(singular, plural, n, lang()).format(n=n, **params)


def pgettext(context: str, message: str, /, **params) -> str:
    """A short word whose translation depends on where it stands."""
    text = i18n.pgettext(context, message, lang())
    return text.format(**params) if params else text


def rendered(value) -> str:
    """A library value (a `Message`, a message id, an {en, es} pair) in this session's language."""
    return translate(value, lang())


def fixed(options, label: Callable[[object], str]) -> Callable[[object], str]:
    """A widget's `format_func` whose labels are made now, in this run's language (a label made
    later, outside the run, would not know the language)."""
    table = {option: label(option) for option in options}
    return lambda option: table.get(option, str(option))


@st.cache_resource(show_spinner=False, max_entries=8)
def _store(location: str | None, files: str | None, configured_folders: Folders, evidence: str | None):
    # Keyed by everything the environment says about where things are: one store per configuration. Handed the
    # checker's verdicts, so the store keeps them and counts a season with them (the store never imports the checker).
    return open_store(location or configured_folders, files=files, evidence=evidence, verdicts=SEASON)


def shown_in_language(key: str) -> None:
    """Called before the picker `key` is drawn, so its choice is shown in this run's language: the browser keeps
    the label it was sent for the choice (Streamlit stores a select's value by its label), so after a language
    switch the page showed the old language's label over options in the new one. Setting the value again sends
    its label anew."""
    drawn_in = f"{key}.lang"
    if key in st.session_state and st.session_state.get(drawn_in) not in (None, lang()):
        st.session_state[key] = st.session_state[key]
    st.session_state[drawn_in] = lang()


def store():
    """The one store of this app (`--store`: $POLO_REVIEW_STORE, else the configured folders): the pages never
    know whether it is files or a database. One that cannot be opened stops the page with its one line."""
    import os

    from review_app.config import ENV_EVIDENCE, ENV_FILES
    from review_app.config import folders as configured_folders

    try:
        return _store(configured(), os.environ.get(ENV_FILES), configured_folders(), os.environ.get(ENV_EVIDENCE))
    except PoloReviewError as exc:
        error_line(exc)
        st.stop()


@st.cache_data(max_entries=16, show_spinner=False)
def _listing(location: str, roots: tuple, archived: bool, changed: tuple) -> list:  # `changed` keys the cache
    return list_all(store().matches, open_matches(folders().demo.annotations) if folders().demo else None, roots,
                    archived=archived)


LAST_LISTING = "app.last_listing"


def listing(archived: bool = False) -> list:
    """The match documents the app offers (`model.catalog.Listed`): the store's, then the read-only demo's,
    read again only when a document, the demo or the register of footage changed; shared by the pages,
    so a rerun re-validates nothing. Archived matches only when asked for. While the database does not
    answer, the last listing this session saw, with the one line that says so: the page keeps its forms
    (and what was typed in them) and the next action after the database is back works."""
    matches, f = store().matches, folders()
    try:
        changed = (matches.stamp(), folder_stamp(f.demo.annotations) if f.demo else (), stamp(f.registered))
        listed = _listing(matches.location, roots(), archived, changed)
    except DatabaseError as exc:
        error_line(exc)
        return st.session_state.get(LAST_LISTING, {}).get(archived, [])
    st.session_state.setdefault(LAST_LISTING, {})[archived] = listed
    return listed


@st.cache_data(max_entries=4, show_spinner=False)
def _demo_ids(folder: str, changed: tuple) -> frozenset[str]:  # `changed` keys the cache
    return frozenset(x.match_id for x in list_matches(open_matches(Path(folder))))


def from_the_demo(listed) -> bool:
    """Whether a listed match is one of the demo's samples: listed from the read-only demo, or the workspace's
    copy of one (made by tagging on it, under the same match id). Never part of a club's season."""
    demo = folders().demo
    if listed.demo:
        return True
    if demo is None or not demo.annotations.is_dir():
        return False
    return listed.match_id in _demo_ids(str(demo.annotations), folder_stamp(demo.annotations))


def load_listed(listed):
    """The document a listing names: the demo's from its read-only folder, the others from the store."""
    from review_app.model import load_document

    return load_document(listed.path) if listed.demo else store().matches.load(str(listed.path))


def loaded(listed) -> tuple[str, object]:
    """(its path, the document a listing names or why it cannot be read), as a store's `scan` pairs them."""
    try:
        return str(listed.path), load_listed(listed)
    except PoloReviewError as exc:
        return str(listed.path), exc


def documents() -> list:
    """The readable match documents the app offers (the store's, then the demo's), loaded."""
    out = []
    for x in listing():
        if not x.error:
            try:
                out.append(load_listed(x))
            except PoloReviewError:
                continue  # changed since it was listed: the next run lists it again
    return out


def roots() -> tuple[Path, ...]:
    """Where a match's footage may be (`model.recordings.allowed_roots`)."""
    return allowed_roots(folders(), open_register(folders()))


def folders() -> Folders:
    """Where the store keeps its parts (footage, annotations, data): the shared storage of a database.
    On a store named by --store the bundled samples are still offered as the read-only demo."""
    import dataclasses

    from review_app.config import folders as configured_folders

    where = store().folders
    if where.demo is None and configured():
        where = dataclasses.replace(where, demo=configured_folders().demo)
    return where


def signed_in_name() -> str | None:
    """Where the deployment configures sign-in ([auth] in .streamlit/secrets.toml): the identity of the
    signed-in user, from Streamlit's built-in OIDC login (`st.user`), never typed; else None."""
    if not sign_in_configured() or not st.user.is_logged_in:
        return None
    name = st.user.get("name") or st.user.get("email")
    return " ".join(str(name).split())[:200] or None


def sign_in_configured() -> bool:
    try:
        return "auth" in st.secrets
    except FileNotFoundError:  # no secrets file: the single-machine default, no sign-in
        return False


def reviewer() -> str | None:
    """The person using the app, signed in: the configured sign-in's account where there is one ([auth]), else the
    roster's person who signed in with their passphrase (`people_parts.sidebar_sign_in`). Never a typed name: every
    change to a record is recorded under it, and refused without it (`signed_in_reviewer`)."""
    if sign_in_configured():
        return signed_in_name()
    return st.session_state.get(REVIEWER_KEY) or None


def identified() -> str | None:
    """How `reviewer()` was identified: the configured sign-in or a passphrase (`ground.roles.IDENTIFIED`)."""
    from review_app.ground.roles import PASSPHRASE, SIGN_IN

    if sign_in_configured():
        return SIGN_IN if signed_in_name() else None
    return st.session_state.get(IDENTIFIED_KEY, PASSPHRASE) if reviewer() else None


def signed_in_reviewer(doing: str | None = None) -> str | None:
    """Who makes a change, checked where the change is written (not only by a hidden button): the signed-in
    reviewer, or None after saying on the page that changes need a sign-in."""
    name = reviewer()
    if not name:
        st.warning(doing or _("Sign in first (in the sidebar): every change is recorded under the person signed in; "
                              "reading needs no sign-in."), icon=":material/lock:")
    return name


def language_switch() -> None:
    if LANG_KEY not in st.session_state:
        wanted = st.query_params.get("lang")
        st.session_state[LANG_KEY] = wanted if wanted in LANGUAGES else DEFAULT_LANGUAGE
    st.sidebar.segmented_control(_("Language"), LANGUAGES, format_func=LANGUAGE_NAMES.get,
                                 key=LANG_KEY, selection_mode="single", required=True)
    if st.session_state.get(LANG_KEY) is None:  # clicking the selected option clears it
        st.session_state[LANG_KEY] = DEFAULT_LANGUAGE
    # the address keeps the language, so a reload (or a copied link) opens in it again
    if lang() == DEFAULT_LANGUAGE:
        if "lang" in st.query_params:
            del st.query_params["lang"]
    elif st.query_params.get("lang") != lang():
        st.query_params["lang"] = lang()
    if lang() != DEFAULT_LANGUAGE:
        st.sidebar.caption(_("English text prevails."))


def sign_in_box() -> None:
    """With sign-in configured: the signed-in user and a sign-out button, or only the sign-in button
    (the pages ask nothing of someone unknown)."""
    if not st.user.is_logged_in:
        st.sidebar.info(_("Sign in to review: your name comes from your account."))
        if st.sidebar.button(_("Sign in"), key="app.login", type="primary"):
            st.login()
        st.stop()
    st.sidebar.markdown(md(_("Signed in as {name}", name=reviewer() or "—")))
    if st.sidebar.button(_("Sign out"), key="app.logout"):
        st.logout()


def progress_bar(label: str) -> tuple[Callable[[str, float], None], Callable[[], None]]:
    """A progress bar and the `progress(stage, fraction)` callback the library layers call."""
    bar = st.progress(0.0, text=label)
    stage_names = {"index": _("reading the file (frame index and checksum)"),
                   "filmstrip": _("building filmstrip"), "export": _("exporting clip"),
                   "upload": _("storing upload"), "check": _("checking documents"),
                   "reel": _("title cards, windows and drawings")}

    def update(stage: str, fraction: float) -> None:
        bar.progress(min(1.0, max(0.0, float(fraction))), text=f"{label} — {stage_names.get(stage, stage)} "
                                                                 f"{fraction:.0%}")

    return update, bar.empty


FLASH_KEY = "app.flash"


def flash(kind: str, text: str) -> None:
    """A message for the next run (after st.rerun): `kind` is success, info, warning or error."""
    st.session_state.setdefault(FLASH_KEY, []).append((kind, text))


def show_flash() -> None:
    for kind, text in st.session_state.pop(FLASH_KEY, []):
        getattr(st, kind)(md(text))


SHOWN_PROBLEMS = 20  # lines of a refused roster shown; the rest are counted
SHOWN_KEY = "app.lines_shown"
RUN_KEY = "app.run"
SESSION_KEY = "app.session"


def new_run() -> None:
    """A new run of the page begins (the entry point calls it): no error line has been shown in it yet."""
    st.session_state[SHOWN_KEY] = set()
    st.session_state[RUN_KEY] = st.session_state.get(RUN_KEY, 0) + 1
    if SESSION_KEY not in st.session_state:
        st.session_state[SESSION_KEY] = secrets.token_hex(8)


def page_run() -> dict:
    """This run of the page, handed to each custom view with its data ({session, number}: the browser session's
    own id and the run's number in it). Streamlit may hand a view still loading its script the data of two runs in
    either order (seen right after signing in), and the view keeps the newer (page_runs.js). A new session (the app
    started again, the page reconnected to it) numbers its runs from 1 again: its id tells them apart, so a view
    the page kept is not left waiting for a run as late as the old session's."""
    return {"session": st.session_state.get(SESSION_KEY, ""), "number": st.session_state.get(RUN_KEY, 0)}


def error_line(exc: Exception) -> None:
    """A library error: its one English line (escaped: it may quote a file name), introduced in the page's language.
    An error that carries its problems as messages (a roster, a match detail) is said in the page's language,
    one line each. The same line is said once a run (a database away is one line, not one per part of the page)."""
    shown = st.session_state.setdefault(SHOWN_KEY, set())
    if str(exc) in shown:
        return
    shown.add(str(exc))
    problems = getattr(exc, "problems", None) or ([exc.message] if isinstance(getattr(exc, "message", None),
                                                                                 i18n.Message) else [])
    if problems:
        where = getattr(exc, "path", None)  # the file the problems are in (a roster), as the user named it
        lines = [(md(f"{where}: ") if where else "") + md(rendered(p)) for p in problems[:SHOWN_PROBLEMS]]
        if len(problems) > SHOWN_PROBLEMS:
            lines.append(_("… and {n} more", n=len(problems) - SHOWN_PROBLEMS))
        st.error("  \n".join(lines), icon=":material/warning:")
        return
    st.error(_("Error: {message}", message=md(exc)), icon=":material/warning:")


def dash(value: object) -> object:
    """A table cell for a value not recorded: "—" (st.dataframe shows None as "None", Python's word, in either
    language)."""
    return "—" if value is None else value
