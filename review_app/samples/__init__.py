"""Sample footage: USPA Rule 21 scenarios drawn from above with OpenCV and encoded as real
footage is, each with the key moments an expert annotation needs.

`scenarios.ALL` lists the scenarios; `render.render_clip` writes one clip; `documents`
builds its match document; `generate` does both for every scenario (`polo-review samples`).
"""
