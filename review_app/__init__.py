"""polo-review: video review of polo umpiring against USPA Rule 21."""

__version__ = "0.1.0"
