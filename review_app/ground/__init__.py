"""The ground floor: what every package stands on and that stands on nothing of the product but
`review_app.errors`. Below the domain (model, rules, footage, sound, evidence, ...) and below the store.

- `ground.files`: the one atomic write, the one lock, the one file hash and the one content-addressed intake.
- `ground.roles`: who may do what (coach, committee, trainee), the same for every store implementation.
- `ground.text`: text a store cannot keep (a NUL), refused with one clear line.

Nothing here imports another package of `review_app` (`tests/test_layers.py` holds it to that).
"""
