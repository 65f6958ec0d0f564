"""The Review page's parts (the page itself is `ui/app_pages/review.py`): picking the match (pick), the frame
view and filmstrip (frame), the angle shown beside it (angle), drawing on a frame (drawings), the code window
(coding), the tag form and list (tags), saving with undo and conflicts (saves), and the sounds heard (sounds)."""
