"""The umpire assessment: per umpire, per match and across a season, the key incidents with the call
made and the call the rule requires, clear and obvious errors, required calls missed, counts by clause,
the coach's development points and a trend (`report`); the coach's marks kept in the match document
(`marks`); HTML and CSV in English or Spanish (`output`). Plain modules: no streamlit."""
