"""The multiplayer server: tables over HTTP and WebSocket (FastAPI on uvicorn).

Layering: the server uses the core, the games (only through the registry),
the bots and the store; nothing else in tote imports it (the CLI's ``serve``
command loads it only when run). What a client is ever sent comes from
``State.view`` for that client's own seat (``None`` for spectators).
"""

from tote.server.app import create_app

__all__ = ["create_app"]
