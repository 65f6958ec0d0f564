"""Finding the clause of a situation as the reviewer types it, the one way every form does (the tag form, the
Training page): `rules.search.search_provisions` behind a search box, Enter searching, and the select beside it
showing what it found (the browser's tag form runs the same steps on `rules.search.searchable`). A select's own
filter would be a second search, finding other clauses for the same word ("foul": 21.b on the tag form, 21.f(3)
in Streamlit's fuzzy filter), so the selects built on this one have none."""

from __future__ import annotations

import streamlit as st

from review_app.rules.search import search_provisions
from review_app.ui.context import _, lang


def searched_clauses(search_key: str, pick_key: str, keep: str | None = None) -> list[str]:
    """The search box (`search_key`) and the clause ids it finds, best first; all of them for no search. A new
    search picks its best match in the select `pick_key` drawn after it ("21.b" and "foul": 21.b, not a clause
    chosen before). Nothing found: a warning, and `keep` (the clause already chosen) alone, if given."""
    query = st.text_input(_("Find the situation (clause or name)"), key=search_key,
                          placeholder="21.d / injured / lesión")
    found = [p.id for p in search_provisions(query, lang())]
    if not found:
        st.warning(_("No clause matches that search."))
        found = [keep] if keep else []
    last = f"{search_key}.last"
    new_search = query.strip() and query != st.session_state.get(last)
    st.session_state[last] = query
    if new_search and found:
        st.session_state[pick_key] = found[0]
    return found


def forget_search(search_key: str) -> None:
    """A form opened anew starts with no search."""
    st.session_state.pop(search_key, None)
    st.session_state.pop(f"{search_key}.last", None)
