"""Demo checkouts for seed_demo: Ben's and Cy's past work days get a written checkout note (rich
text: bold, a list, a link) on all but the oldest day, and their checks are run, so the history
holds passed and failed checks (Ada observes Ben and reads his). Idempotent: a day that has a note
keeps it, and a day whose checks ran keeps its results."""

from __future__ import annotations

import json

from apps.checkout.checks import run_checks
from apps.checkout.models import CheckoutCheckStatus
from apps.core import timeutils
from apps.demo.projects import BEN, CY
from apps.work.models import WorkDay

NOTES = {
    BEN: [
        ("Shipped the passkey sign-in behind a flag.", "Cropped the hero photos", "https://example.com/hero"),
        ("Fixed the Safari login loop.", "Wrote the release notes", "https://example.com/release"),
        ("Paired with Cy on the typeface.", "Reviewed two pull requests", "https://example.com/pulls"),
        ("Planned the onboarding emails.", "Drafted the first email", "https://example.com/emails"),
    ],
    CY: [
        ("Picked the typeface.", "Compared three families", "https://example.com/type"),
        ("Drew the empty states.", "Exported the icons", "https://example.com/icons"),
        ("Tidied the colour tokens.", "Checked the contrast", "https://example.com/contrast"),
        ("Sketched the settings page.", "Shared it for review", "https://example.com/settings"),
    ],
}


def note(headline: str, item: str, url: str) -> str:
    """A draft-js raw document: a bold first line, a bulleted item and a link."""
    link_text = "Details"
    return json.dumps(
        {
            "blocks": [
                {
                    "key": "d1",
                    "text": headline,
                    "type": "unstyled",
                    "depth": 0,
                    "inlineStyleRanges": [{"offset": 0, "length": len(headline), "style": "BOLD"}],
                    "entityRanges": [],
                    "data": {},
                },
                {
                    "key": "d2",
                    "text": item,
                    "type": "unordered-list-item",
                    "depth": 0,
                    "inlineStyleRanges": [],
                    "entityRanges": [],
                    "data": {},
                },
                {
                    "key": "d3",
                    "text": link_text,
                    "type": "unstyled",
                    "depth": 0,
                    "inlineStyleRanges": [],
                    "entityRanges": [{"offset": 0, "length": len(link_text), "key": 0}],
                    "data": {},
                },
            ],
            "entityMap": {"0": {"type": "LINK", "mutability": "MUTABLE", "data": {"url": url}}},
        }
    )


def seed_checkouts(*, users: dict) -> None:
    for email in (BEN, CY):
        user = users[email]
        today = timeutils.local_today(user.timezone)
        days = list(
            WorkDay.objects.filter(user=user, work_date__lt=today)
            .select_related("user")
            .order_by("-work_date")
        )
        texts = NOTES[email]
        for index, day in enumerate(days):
            if day.checkout_notes is None and index < len(texts):
                day.checkout_notes = note(*texts[index])
                day.save(update_fields=["checkout_notes", "updated_at"])
            if not CheckoutCheckStatus.objects.filter(work_day=day).exists():
                run_checks(work_day=day)
