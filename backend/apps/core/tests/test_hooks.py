"""The one hook idiom (apps/core/hooks.py)."""

from typing import Protocol

import pytest
from django.core.exceptions import ImproperlyConfigured

from apps.core.hooks import Hook


class Answers(Protocol):
    def answer(self) -> int: ...


class Zero:
    def answer(self) -> int:
        return 0


class FortyTwo:
    def answer(self) -> int:
        return 42


def test_a_hook_answers_with_its_fallback_until_provided_then_with_the_provider():
    hook: Hook[Answers] = Hook("test.answers", fallback=Zero())
    assert (hook.get().answer(), hook.provided) == (0, False)
    hook.provide(FortyTwo())
    assert (hook.get().answer(), hook.provided) == (42, True)


def test_a_hook_without_a_fallback_refuses_to_answer_until_provided():
    hook: Hook[Answers] = Hook("test.required")
    with pytest.raises(ImproperlyConfigured, match="test.required"):
        hook.get()
    hook.provide(FortyTwo())
    assert hook.get().answer() == 42


def test_every_hook_of_the_apps_is_provided_once_the_apps_are_ready():
    from apps.accounts import hooks as accounts_hooks
    from apps.work import hooks as work_hooks

    hooks = [
        accounts_hooks.user_status,
        work_hooks.status_change,
        work_hooks.task_time,
        work_hooks.tracked_time,
        work_hooks.calendar,
    ]
    assert [h.name for h in hooks if not h.provided] == []
