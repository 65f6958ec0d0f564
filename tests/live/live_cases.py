"""Two simulated cameras on loopback, recorded by a live session: camera A at 25 fps, camera B at 30 fps
whose sound hears the same whistle 0.4 s later on its own timeline and which starts later; B's network
is cut once. Whistles at known times, frames numbered in the picture (framecode)."""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from pathlib import Path

import framecode

from review_app.live.session import LiveSession
from review_app.live.simulate import Block, Sender, make_block

A_WHISTLES = (1.0,)
B_LATER_S = 0.4  # camera B's time minus camera A's at the same sound (B's file hears each whistle later)
B_START_DELAY_S = 0.3  # camera B starts sending this long after A: B's time minus A's at the same arrival is -0.3
LOOPS = 3
BLOCK_S = 3.0
CUT = (4.0, 1.5)  # B's network is down from 4 s for 1.5 s of its sending


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Recorded:
    folder: Path  # the session's
    footage: Path
    match_id: str
    blocks: dict[str, Block]
    senders: dict[str, Sender]
    session: LiveSession


def blocks(where: Path) -> dict[str, Block]:
    return {
        "A": make_block(where / "a.ts", width=320, height=180, fps=25, seconds=BLOCK_S, whistles_s=A_WHISTLES,
                        picture=framecode.draw, seed=1),
        "B": make_block(where / "b.ts", width=256, height=144, fps=30, seconds=BLOCK_S,
                        whistles_s=tuple(w + B_LATER_S for w in A_WHISTLES), picture=framecode.draw, seed=2),
    }


def record(where: Path, match_id: str = "live-match", document: Path | None = None) -> Recorded:
    made = blocks(where)
    ports = {"A": free_port(), "B": free_port()}
    footage = where / "footage"
    session = LiveSession(match_id, document, footage,
                          [(n, f"udp://127.0.0.1:{p}") for n, p in ports.items()], read_timeout_s=0.8)
    session.start()
    time.sleep(0.4)  # listening before the cameras send, as at a field
    senders = {
        "A": Sender(made["A"], f"udp://127.0.0.1:{ports['A']}?pkt_size=1316", loops=LOOPS),
        "B": Sender(made["B"], f"udp://127.0.0.1:{ports['B']}?pkt_size=1316", loops=LOOPS,
                    start_delay_s=B_START_DELAY_S, cuts=(CUT,)),
    }
    for s in senders.values():
        s.start()
    for s in senders.values():
        s.join(LOOPS * BLOCK_S + 10)
    time.sleep(1.2)  # the last packets through, the last whistle heard
    session.stop.set()
    session.run(0.001)
    return Recorded(session.folder, footage, match_id, made, senders, session)
