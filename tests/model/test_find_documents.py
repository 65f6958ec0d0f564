"""`find_documents`: the documents a check reads from the folders and files it is given, in a fixed order."""

from __future__ import annotations

import os
from pathlib import Path

from review_app.model import find_documents


def test_a_folder_gives_its_json_files_at_every_depth_in_the_order_of_their_paths(tmp_path):
    for rel in ["b.json", "a-b/x.json", "a/z.json", "a/b/c.json", "A.json", ".hidden.json", "notes.txt",
                "upper.JSON", "old.json.bak"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    (tmp_path / "folder.json").mkdir()  # a folder, whatever its name, is no document
    os.symlink(tmp_path / "a", tmp_path / "linked")  # a linked folder is not entered: its files would come twice
    os.symlink(tmp_path / "gone.json", tmp_path / "broken.json")

    found = [p.relative_to(tmp_path).as_posix() for p in find_documents([tmp_path])]

    # Sorted by the path's parts, as Paths sort: "a/..." before "a-b/..." (a plain text sort puts "-" first).
    assert found == [".hidden.json", "A.json", "a/b/c.json", "a/z.json", "a-b/x.json", "b.json"]


def test_files_named_come_as_given_and_folders_in_place(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "m.json").write_text("{}")
    (tmp_path / "z.json").write_text("{}")
    assert find_documents([tmp_path / "z.json", tmp_path / "d"]) == [tmp_path / "z.json", tmp_path / "d" / "m.json"]
    assert all(isinstance(p, Path) for p in find_documents([str(tmp_path / "d")]))
