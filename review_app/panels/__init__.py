"""Several reviewers on the same incidents: panel review of one incident (`panel`: blind entries, the
majority per field, the panel's verdict beside the original reviewer's) and agreement between reviewers
across a match or a season (`agreement`: events matched by time, raw agreement, Cohen's kappa and
Krippendorff's alpha). Plain modules: no streamlit."""
