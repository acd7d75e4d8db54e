"""A workspace of many members, each with a token: bench/scale's generator into a bench's own
database (bench/fanout, bench/soak)."""

from __future__ import annotations

import asyncio
import os
import sys

from bench.lib import servers
from bench.lib.common import BACKEND


def setup_django(env: dict[str, str]) -> None:
    """Django in this process, on the bench's database (the generator and the tokens use the ORM).
    The environment is put back afterwards (settings are read once): the servers a bench starts
    later copy it, and must not inherit this process's settings (e.g. DB_POOL=false)."""
    kept = dict(os.environ)
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if str(BACKEND) not in sys.path:
        sys.path.insert(0, str(BACKEND))
    import django

    try:
        django.setup()
    finally:
        os.environ.clear()
        os.environ.update(kept)


def workspace_with_tokens(
    database_url: str,
    redis_url: str,
    members: int,
    *,
    owned: tuple[str, ...],
    user_agent: str,
    generate: bool = True,
    **shape: int,
) -> dict[int, str]:
    """(Re)create the database with workspace 1 of `members` users (bench/scale's generator,
    `shape` overriding its sizes), and give each member a fresh token; returns {user id: key}.
    With `generate` False the database is reused and only the tokens are made anew."""
    from bench.scale.__main__ import recreate_database
    from bench.scale.generate import Shape
    from bench.scale.generate import generate as generate_rows

    env = servers.backend_env(database_url, redis_url, DB_POOL="false")
    if generate:
        recreate_database(database_url, owned=owned)
        asyncio.run(servers.manage(env, "migrate", "--noinput", "-v", "0"))
    setup_django(env)
    from apps.accounts.models import AuthToken, generate_token_key, token_digest

    if generate:
        generate_rows(Shape(users=members, big=members, **shape))
    AuthToken.objects.filter(user_agent=user_agent).delete()
    # bulk_create skips AuthToken.save(), which makes the key and stores only its digest.
    keys = {pk: generate_token_key() for pk in range(1, members + 1)}
    tokens = [
        AuthToken(user_id=pk, digest=token_digest(key), user_agent=user_agent) for pk, key in keys.items()
    ]
    AuthToken.objects.bulk_create(tokens, batch_size=2000)
    return keys
