"""The teammates strip, shared by a workspace: computed once per process, read by every member.

The strip of a 500-member workspace is the same for every member but for three things: which
rows the viewer pinned, which row is the viewer's own, and (invisible mode) the viewer's own
status, which only they see. So the rows as any other member sees them (`presence.member_rows`
with viewer None), already rendered and encoded for the API, are kept per process under read
stamps (apps/core/readstamps.py), like every other kept read, and each call adds the viewer's part:
their pins (kept the same way), and their own row recomputed only when they are invisible.
Ordering is the strip's rule (`presence.sort_key`).

Freshness (the stamps: migration work 0007):
- `s:<workspace>` is renewed by every commit that changed a member row, or a status record, work
  shift or schedule of a member; `p:<viewer>` by a change to the viewer's pins. One query reads
  `*`, both stamps; a read while nothing changed answers the kept copies.
- What changes with time alone (a record stops being current at the member's midnight, the next
  workday, the UTC offset) changes only at a member's local midnight or at a change of their UTC
  offset, and in every IANA zone both fall on a quarter hour of UTC (offsets are whole quarter
  hours; apps/work/tests/test_strip_bucket.py checks every zone). So the copy's identity holds the quarter
  hour of the one clock (`timeutils.now()`, so tests that move the clock move it): a copy is
  exactly what a new computation would give at any moment of its quarter hour, and a process
  makes the strip again only after a write or four times an hour (every 20 s before: on the large
  data set each remake held a worker's threads for its ~100 ms, which is what the p99 showed).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from rest_framework.utils.encoders import JSONEncoder

from apps.accounts.models import TeammatePin
from apps.core import readstamps, timeutils
from apps.work import presence

STRIP_SECONDS = 15 * 60  # a quarter hour of UTC: see the module's docstring

Render = Callable[[list[dict]], list[dict]]


def strip_key(workspace_id: int) -> str:
    return f"s:{workspace_id}"


def pins_key(viewer_id: int) -> str:
    return f"p:{viewer_id}"


# Per process: one strip of 500 members is about 230 KB; a copy is good for its time bucket.
STRIPS = readstamps.Copies("teammates strip", prefixes=("s:",), max_bytes=64 << 20, seconds=STRIP_SECONDS * 2)
PINS = readstamps.Copies("teammates pins", prefixes=("p:",), max_bytes=2 << 20)


@dataclass(frozen=True, slots=True)
class Encoded:
    """The shared strip: each member's row encoded once, ordered by status then display name (the
    strip's order within each group), each ending with `PLAIN` (not pinned, not you), and the
    member ids in the same order. A reader moves its own row and its pins to the front with their
    flags and joins bytes: for 500 members a few slices, not 500 rows decoded, sorted and encoded
    again on every call. Pickled as two tuples of plain values (cheap, unlike 500 objects)."""

    users: tuple[int, ...]
    rows: tuple[bytes, ...]

    def __reduce__(self):
        return (Encoded, (self.users, self.rows))


PLAIN = b',"pinned_yn":false,"is_self":false}'


def _encoded(rows: list[dict]) -> Encoded:
    rows = sorted(rows, key=lambda row: presence.sort_key(**_sort_fields(row)))  # stable: ties keep order
    encoded = []
    for row in rows:
        body = {key: value for key, value in row.items() if key not in ("pinned_yn", "is_self")}
        text = json.dumps(body, cls=JSONEncoder, ensure_ascii=False, separators=(",", ":"))
        encoded.append(text[:-1].encode() + PLAIN)
    return Encoded(tuple(row["user"] for row in rows), tuple(encoded))


def _sort_fields(row: dict) -> dict:
    # Within the shared strip nobody is "you" or pinned: the order by status, then name.
    return {"is_self": False, "pinned": False, "status": row["status"], "display_name": row["display_name"]}


def body_for(*, viewer, origin: str, render: Render) -> bytes:
    """The strip as `viewer` sees it, ordered (`presence.sort_key`: you, then pinned, then others,
    each by status then name), as the JSON array the API answers. `render` turns presence rows
    into API rows; its output depends on `origin` (absolute avatar URLs), which is part of the
    copy's identity."""
    now = timeutils.now()

    def encode(rows: list[dict]) -> Encoded:
        return _encoded(render(rows))

    def own_rows() -> Encoded:
        return encode(presence.member_rows(workspace_id=None, viewer=viewer, users=[viewer], now=now))

    def pins() -> tuple[int, ...]:
        return tuple(TeammatePin.objects.filter(viewer_id=viewer.pk).values_list("teammate_id", flat=True))

    if viewer.workspace_id is None:
        shared, pinned = own_rows(), set(pins())
    else:
        current = readstamps.stamps(
            readstamps.EVERYTHING, strip_key(viewer.workspace_id), pins_key(viewer.pk)
        )
        everything, strip_stamp, pins_stamp = current if current is not None else (None, None, None)
        bucket = int(now.timestamp()) // STRIP_SECONDS
        stamps = None if current is None else (everything, strip_stamp)
        # When only the time bucket moved on (the same stamps) and another thread is making the new
        # bucket's strip, the previous bucket's is answered, as a read a moment earlier would have.
        shared = STRIPS.previous_while_making(
            stamps, (viewer.workspace_id, bucket, origin), (viewer.workspace_id, bucket - 1, origin)
        ) or readstamps.kept_under(
            stamps,
            STRIPS,
            (viewer.workspace_id, bucket, origin),
            lambda: encode(presence.member_rows(workspace_id=viewer.workspace_id, viewer=None, now=now)),
        )
        pinned = set(
            readstamps.kept_under(
                None if current is None else (everything, pins_stamp), PINS, (viewer.pk,), pins
            )
        )
    places = {user: index for index, user in enumerate(shared.users)}
    # Their own row first (their real status when invisible: only they see it), then their pins
    # in the strip's order, then everyone else as cached.
    front, taken = [], []
    own = places.get(viewer.pk)
    if own is not None:
        row = own_rows().rows[0] if viewer.is_invisible else shared.rows[own]
        front.append(row[: -len(PLAIN)] + FLAGS[viewer.pk in pinned, True])
        taken.append(own)
    for index in sorted(places[user] for user in pinned if user in places and user != viewer.pk):
        front.append(shared.rows[index][: -len(PLAIN)] + FLAGS[True, False])
        taken.append(index)
    rest, start = [], 0
    for index in sorted(taken):
        rest.extend(shared.rows[start:index])
        start = index + 1
    rest.extend(shared.rows[start:])
    return b"[" + b",".join(front + rest) + b"]"


FLAGS = {
    (pinned, is_self): f',"pinned_yn":{str(pinned).lower()},"is_self":{str(is_self).lower()}}}'.encode()
    for pinned in (False, True)
    for is_self in (False, True)
}
