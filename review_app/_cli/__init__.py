"""The command line's subcommands, one module per group (`review_app.cli` dispatches to them).

This layer opens the stores and hands them in; on import it also hands the store the checker's verdict
judge, so that a saved document's verdict rows and the season counts are the checker's while the store
itself never imports the checker (`store.hand_verdicts`).
"""

from review_app.checker.season import SEASON
from review_app.store import hand_verdicts

hand_verdicts(SEASON)
