"""`bids serve`: the table's phones keep the score (docs/serve.md; the web side is web.py).

This module holds the command: it opens the socket, prints the two links (and their QR codes
at a terminal), runs uvicorn until SIGINT or SIGTERM, and exits 0 once the requests under way,
saves included, are answered. Starlette, uvicorn and segno are imported here and in web.py
only, when this command runs: no other command pays for them (the lint contract says so).
"""

from __future__ import annotations

import sys

import click

from ..core.i18n import N_, Message
from .catalog import command
from .language import option
from .options import IntRange, echo, guarded

DEFAULT_PORT = 8765


@command("serve", (
    N_("Prints a scorekeeper's link (it can write: keep it to the scorekeepers) and a watchers' link (read "
       "only), each also as a QR code at a terminal. The scorekeeper's page starts a game or goes on with one "
       "of FOLDER's logs and takes each trick by taps, checked by the rules engine and saved to the log before "
       "the page says \"saved\". The watchers' page shows the standings and the last tricks as they are saved. "
       "Ctrl-C stops it."),
    N_("Without --lan only this machine can reach it (127.0.0.1). With --lan every device on the network can "
       "open the watchers' link; the scorekeeper's link carries the run's secret, and the Wi-Fi carries "
       "everything in plain HTTP."),
    N_("There is no --format: the pages read a JSON API (GET /api/games, /api/games/ID and its event stream; "
       "docs/serve.md), which any other client may read too."),
), (
    "bids serve games/",
    "bids serve games/ --lan",
    "bids serve . --port 0",
))
@click.argument("folder", default=".", type=click.Path(file_okay=False, dir_okay=True, exists=True))
@option("--port", type=IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
        help=N_("the port to listen on (0: a free one, printed)"))
@option("--lan", is_flag=True,
        help=N_("listen on this machine's LAN address, for the phones on the same Wi-Fi (plain HTTP)"))
@option("--qr/--no-qr", default=None, help=N_("QR codes of the links (default: when stdout is a terminal)"))
@guarded
def serve(folder, port, lan, qr) -> None:
    """`bids serve` (its help: the decorator's message ids)."""
    import secrets
    import signal
    import socket

    # From the first link printed on, SIGINT and SIGTERM stop the server cleanly (exit 0): one
    # that comes before uvicorn takes them over is held here, and acted on once it runs.
    stops: list[int] = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda n, frame: stops.append(n))

    host = _lan_address() if lan else "127.0.0.1"
    # IPPROTO_TCP named: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on sockets that
    # say TCP, and with it on, a kept-alive connection waits 40 ms on each answer sent in two writes.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        from ..files.refused import FileError

        if exc.errno in (98, 48):  # EADDRINUSE (Linux, the BSDs)
            raise FileError(Message("port {port} on {host} is in use: give another with --port N, or --port 0 "
                                    "for a free one", port=port, host=host)) from None
        raise FileError(Message("port {port} on {host} cannot be opened ({why}): give another with --port N, or "
                                "--port 0 for a free one", port=port, host=host, why=exc.strerror or exc)) from None
    sock.set_inheritable(False)
    port = sock.getsockname()[1]
    secret = secrets.token_urlsafe(24)  # 192 random bits, new for every run
    base = f"http://{host}:{port}/"
    hosts = {f"{host}:{port}"}
    if host == "127.0.0.1":
        hosts.add(f"localhost:{port}")
    keeper = f"{base}#token={secret}"
    for line in links_lines(keeper, base):
        echo(line)
    if qr if qr is not None else _tty(sys.stdout):
        _qr(keeper, Message("scorekeeper (can write: show it to the scorekeepers only)").text())
        _qr(base, Message("watch").text())
    if lan:
        address = f"{host}:{port}"
        echo(Message("--lan: every device on this network can reach {address} and watch; the scorekeeper's "
                     "link holds the secret that writes, so show its QR code to the scorekeepers only. The Wi-Fi "
                     "carries the pages and the secret in plain HTTP: use it on a network you trust.",
                     address=address).text(), err=True)
    echo(Message("serving the logs of {folder}; Ctrl-C stops", folder=click.format_filename(folder)).text(), err=True)
    sys.stdout.flush()
    _run(folder, secret, hosts, sock, stops)
    echo(Message("stopped: every trick the pages were told was saved is in the logs").text(), err=True)


# TRANSLATORS: the labels of the two links bids serve prints at start (each line: the label, then the link)
LINK_LABELS = (N_("scorekeeper:"), N_("watch:"))


def links_lines(keeper: str, watch: str) -> list[str]:
    """The two lines of links, their labels in the output language and lined up in screen columns, each
    link the last field of its line (what a program reads; the scorekeeper's first): in English
    ``scorekeeper: http://...`` and ``watch:       http://...`` (serve.md)."""
    from ..core.i18n import gettext
    from ..report.table import display_width

    labels = [gettext(label) for label in LINK_LABELS]
    wide = max(map(display_width, labels))
    return [f"{label}{' ' * (wide - display_width(label))} {link}" for label, link in zip(labels, (keeper, watch))]


def _run(folder: str, secret: str, hosts: set[str], sock, stops: list[int]) -> None:
    import uvicorn

    from .web import Site

    site = Site(folder, secret, hosts)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            # SIGINT or SIGTERM: stop taking requests, end the event streams at once (the
            # watchers' pages reconnect to the next run), finish the requests under way (a save
            # included), then return: exit 0. The signal is not raised again afterwards.
            loop = getattr(self, "_loop", None)
            if loop is not None:
                loop.call_soon_threadsafe(site.hub.close)
            if self.should_exit:
                self.force_exit = True
            self.should_exit = True

        async def startup(self, sockets=None) -> None:
            import asyncio

            self._loop = asyncio.get_running_loop()
            await super().startup(sockets=sockets)
            if stops:  # a signal came before uvicorn listened for it
                self.handle_exit(stops[0], None)

    config = uvicorn.Config(site.app, log_level="warning", access_log=False, lifespan="on", ws="none",
                            http="h11", loop="asyncio", timeout_graceful_shutdown=5,
                            server_header=False, date_header=True)
    Server(config).run(sockets=[sock])


def _tty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _qr(text: str, label: str) -> None:
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    echo(label)
    echo(out.getvalue(), nl=False)


def _lan_address() -> str:
    """This machine's address on its local network (IPv4, not loopback): what the phones open."""
    import socket

    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))  # (host, port) for AF_INET
    except OSError:
        pass
    found += _interface_addresses()
    for addr in found:
        if not addr.startswith("127.") and addr != "0.0.0.0":
            return addr
    from ..files.refused import FileError

    raise FileError(Message("--lan: this machine has no network address besides 127.0.0.1 (is it on the Wi-Fi?)"))


def _interface_addresses() -> list[str]:
    """IPv4 addresses of the network interfaces (Linux: SIOCGIFADDR), loopback included."""
    import fcntl
    import socket
    import struct

    out: list[str] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return out
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for name in names:
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
            out.append(socket.inet_ntoa(packed[20:24]))
    finally:
        s.close()
    return out


__all__ = ["serve"]
