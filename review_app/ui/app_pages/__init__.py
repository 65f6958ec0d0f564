"""The app's pages, run by st.navigation from the entry point (a package only so that a
built wheel ships them)."""
