"""`polo-review app [--port N] [--workspace DIR] [--footage DIR] [--annotations DIR] [--data DIR]`: start the app.

Runs `streamlit run` on the entry point (headless), passing the folders in environment variables.
With no options the app keeps everything it writes in the workspace (the platform's data folder) and
shows the bundled samples as a read-only demo; where no checkout ships them, they are rendered into
the workspace on the first run. While nobody holds a role it prints a set-up code: the first coach account
can be made from another machine only with it (from this machine, without it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from review_app.config import ENV_EVIDENCE
from review_app.errors import PoloReviewError

ENTRY = Path(__file__).resolve().parents[1] / "ui" / "server.py"  # app.py with the frame addresses
NO_MESSAGE_CACHE = 2**40  # bytes: no message is ever this large, so none is cached


def register(sub) -> None:
    p = sub.add_parser("app", help="start the review app in the browser",
                       description="Start the review app (Streamlit). Open the printed URL in a browser.")
    p.add_argument("--port", type=int, default=8501, help="port to listen on (default 8501)")
    p.add_argument("--address", default=None,
                   help="address to listen on (default $POLO_REVIEW_ADDRESS, else 127.0.0.1: this machine only; "
                        "0.0.0.0 for every interface, best behind an HTTPS proxy or with Streamlit's "
                        "server.sslCertFile, see docs/security.md)")
    p.add_argument("--workspace", metavar="DIR",
                   help="folder the app keeps everything it writes in: matches, footage, evidence, scores "
                        "and its cache (default: the platform's data folder, ~/.local/share/polo-review)")
    p.add_argument("--footage", metavar="DIR", help="folder of match recordings (default: WORKSPACE/footage)")
    p.add_argument("--annotations", metavar="DIR",
                   help="folder of match documents, written to, with no demo shown (default: WORKSPACE/matches)")
    p.add_argument("--data", metavar="DIR", help="folder for training scores and people (default: WORKSPACE)")
    p.add_argument("--store", metavar="LOCATION",
                   help="the store: a postgresql:// URL shared by several app servers, or a store folder "
                        "(default $POLO_REVIEW_STORE, else the workspace)")
    p.add_argument("--files", metavar="DIR",
                   help="with a database store: the shared folder of footage and evidence files every server "
                        "mounts (default $POLO_REVIEW_FILES)")
    p.set_defaults(func=run)


def command(args, environ: dict | None = None) -> tuple[list[str], dict]:
    """The streamlit command line and environment `polo-review app` runs (separate for tests)."""
    from review_app import config as settings

    env = dict(os.environ if environ is None else environ)
    # Streamlit puts only the entry script's folder on the path; the package this command runs from is put there
    # as Streamlit documents it, by PYTHONPATH (a source checkout, or any install, imports the same review_app).
    package_root = str(ENTRY.parents[2])
    env["PYTHONPATH"] = os.pathsep.join([package_root, *[p for p in env.get("PYTHONPATH", "").split(os.pathsep)
                                                         if p and p != package_root]])
    _set_folders(args, env)
    _set_store(args, env)
    from review_app.training.people import ENV_SETUP_CODE

    env.pop(ENV_SETUP_CODE, None)  # never in the environment: kept hashed, with its expiry (`_say_setup_code`)
    if not 0 < args.port < 65536:
        raise PoloReviewError(f"--port {args.port}: not a port number (1-65535)")
    cmd = [sys.executable, "-m", "streamlit", "run", str(ENTRY),
           "--server.headless=true", f"--server.port={args.port}",
           # Streamlit's uploader holds a file in memory: it takes rosters only (recordings and evidence are
           # streamed to disk by the app's own upload address, ui/upload_route.py).
           f"--server.maxUploadSize={settings.MAX_ROSTER_MB}",
           "--browser.gatherUsageStats=false",
           "--server.fileWatcherType=none", "--server.runOnSave=false",
           "--client.toolbarMode=minimal",
           # Streamlit's own "Local/Network/External URL" lines (the external one found by asking a web
           # service) are replaced by ours, which say where the app can be reached as it is started.
           "--logger.hideWelcomeMessage=true",
           # No element is sent as "the one you have cached": when frames are stepped faster than they are
           # drawn, Streamlit's browser cache can drop a frame it has just said it holds, and the reference
           # then kills the connection ("Cached ForwardMsg MISS"). Each frame differs anyway.
           f"--global.minCachedMessageSize={NO_MESSAGE_CACHE}"]
    cmd.append(f"--server.address={listen_address(args, env)}")
    return cmd, env


def _set_folders(args, env: dict) -> None:
    """The folders the app works in, from the options, into `env` (each checked as a folder)."""
    from review_app import config as settings

    for option, var in (("footage", settings.ENV_FOOTAGE), ("annotations", settings.ENV_ANNOTATIONS)):
        given = getattr(args, option)
        if not given:
            continue
        folder = Path(given).expanduser().resolve()
        if not folder.is_dir():
            raise PoloReviewError(f"--{option}: no such folder", path=given)
        env[var] = str(folder)
    if args.workspace:
        workspace = Path(args.workspace).expanduser().resolve()
        if workspace.exists() and not workspace.is_dir():
            raise PoloReviewError("--workspace: not a folder", path=args.workspace)
        env[settings.ENV_WORKSPACE] = str(workspace)
    if args.data:
        env[settings.ENV_DATA] = str(Path(args.data).expanduser().resolve())
    where = settings.folders(env)
    env.setdefault(ENV_EVIDENCE, str(where.evidence))
    if not env.get(settings.ENV_CACHE):  # the cache too is the workspace's, unless one is named
        env[settings.ENV_CACHE] = str(where.workspace / settings.CACHE_FOLDER)
    if getattr(args, "files", None):
        env[settings.ENV_FILES] = str(Path(args.files).expanduser().resolve())


def _set_store(args, env: dict) -> None:
    """The store the app keeps matches in (`--store`), opened once here to be refused in one line."""
    from review_app import config as settings

    if not getattr(args, "store", None):
        return
    from review_app.store import _files, is_database, open_store

    # A URL of no store's kind is refused here, not taken for a folder named "mysql:"
    location = args.store if is_database(args.store) or not _files(args.store) else \
        str(Path(args.store).expanduser().resolve())
    env[settings.ENV_STORE] = location
    # Opened once here: a database that is down, a wrong password or an old schema is said in one line now.
    open_store(location, files=env.get(settings.ENV_FILES))


ENV_ADDRESS = "POLO_REVIEW_ADDRESS"
LOCAL = "127.0.0.1"  # the default: nobody else on the network reaches the app unless it is configured to


def listen_address(args, env: dict | None = None) -> str:
    env = os.environ if env is None else env
    return args.address or env.get(ENV_ADDRESS) or LOCAL


def _say_setup_code(env: dict) -> str | None:
    """While nobody holds a role: a fresh code that lets the first coach account be made from another machine for
    an hour, kept hashed in the app's cache folder (never in its environment), printed once here."""
    from review_app.config import ENV_CACHE, ENV_FILES, ENV_STORE, folders
    from review_app.store import open_store
    from review_app.training.people import SETUP_CODE_S, keep_setup_code, new_code

    try:
        store = open_store(env.get(ENV_STORE) or folders(env), files=env.get(ENV_FILES))
        if store.people.people():
            return None
    except PoloReviewError:
        return None  # the app says what is wrong with the store on its pages
    code = new_code()
    keep_setup_code(env[ENV_CACHE], code)
    print(f"polo-review: set-up code {code} (no account yet: a browser on another machine needs it to make the first "
          f"one, within {SETUP_CODE_S // 60} minutes; on this machine none is needed)", file=sys.stderr)
    return code


def _where_line(name: str, folder, workspace: Path | None) -> str:
    folder = Path(folder)
    inside = workspace is not None and folder.resolve().is_relative_to(workspace.resolve())
    return f"  {name:<40} {folder}{'' if inside else '   (named by you, outside the workspace)'}"


def startup_lines(args, env: dict) -> list[str]:
    """What `polo-review app` says before it starts: where it writes, in plain words, and the address
    to open (every interface, or only this computer), so nothing Streamlit prints is needed."""
    from review_app.config import ENV_CACHE, ENV_STORE, folders
    from review_app.store import shown

    where = folders(env)
    ws = where.workspace
    cache = Path(env[ENV_CACHE])
    out = []
    if env.get(ENV_STORE):
        out.append(f"polo-review: matches, scores, people and evidence are kept in the store {shown(env[ENV_STORE])}")
        out.append(_where_line("cache (safe to delete)", cache, ws))
    else:
        out.append(f"polo-review: everything the app writes goes into its workspace, {ws}:")
        out += [_where_line(name, folder, ws) for name, folder in (
            ("match documents", where.annotations), ("footage received", where.uploads),
            ("training scores, people and code keys", where.data), ("evidence cases", env[ENV_EVIDENCE]),
            ("cache (safe to delete)", cache))]
    return out


def address_lines(args) -> list[str]:
    port = args.port
    address = listen_address(args)
    if address in ("", "0.0.0.0", "::"):
        import socket

        return [f"polo-review: open http://localhost:{port}/ in a browser on this computer. The app answers on "
                f"every network interface, so another computer on the network can open "
                f"http://{socket.gethostname()}:{port}/ (start it with --address 127.0.0.1 to allow this "
                "computer only; passphrases cross the network in clear unless it is served over HTTPS: "
                "docs/security.md). Ctrl+C stops it."]
    if address in ("127.0.0.1", "localhost", "::1"):
        host = f"[{address}]" if ":" in address else address
        return [f"polo-review: open http://{host}:{port}/ in a browser on this computer (only this computer "
                "can reach the app). Ctrl+C stops it."]
    host = f"[{address}]" if ":" in address else address
    return [f"polo-review: open http://{host}:{port}/ in a browser (the app answers only on that address). "
            "Ctrl+C stops it."]


def run(args) -> int:
    from review_app.config import ENV_STORE, folders
    from review_app.samples.demo import ensure_demo

    cmd, env = command(args)
    where = folders(env)
    if not env.get(ENV_STORE):
        where.annotations.mkdir(parents=True, exist_ok=True)
    for line in startup_lines(args, env):
        print(line, file=sys.stderr)
    if where.demo is not None:
        if not where.demo.shipped and ensure_demo(where.demo, progress=lambda n, total, name: print(
                f"polo-review: preparing the demo (first run only): {n}/{total} {name}", file=sys.stderr, flush=True)):
            print(f"polo-review: demo ready in {where.demo.annotations.parent}", file=sys.stderr)
        print(f"polo-review: the demo matches are shown read-only from {where.demo.annotations}", file=sys.stderr)
    _say_setup_code(env)
    for line in address_lines(args):
        print(line, file=sys.stderr)
    sys.stderr.flush()
    if os.name == "posix":
        # Become the Streamlit server: signals (Ctrl+C, a service manager's SIGTERM) reach it directly.
        os.execve(cmd[0], cmd, env)
    proc = subprocess.Popen(cmd, env=env)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        raise
