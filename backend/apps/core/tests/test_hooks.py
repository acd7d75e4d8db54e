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
