"""Interchange with the coding tools coaches already use: Sportscode XML (also read by Nacsport and
LongoMatch), ELAN EAF, and a plain CSV.

The formats are one registry (`formats`: a class per format, in its own module). Every format is read
into and written from one neutral form (`timeline`): a list of instances,
each a window of footage (start and end in seconds) with a code and any number of labels (group,
text), as Sportscode has it. `codes` turns a match document's events into instances and back; a
situation is the code, every part of the call, each fact and each moment a label, so a round trip
through any format loses nothing the format can hold. Importing maps a file's codes to Rule 21
situations through a mapping the user can edit (`mapping`) and reports what it could not map
(`importer`). Plain modules: no streamlit.
"""

from review_app.exchange.errors import ExchangeError  # noqa: F401
from review_app.exchange.timeline import Instance, Label, Row, Timeline  # noqa: F401
