"""Every hook of the apps (apps/core/hooks.py) is provided once the apps are ready."""


def test_every_hook_of_the_apps_is_provided_once_the_apps_are_ready():
    from apps.accounts import hooks as accounts_hooks
    from apps.work import hooks as work_hooks

    hooks = [
        accounts_hooks.user_status,
        accounts_hooks.teammates,
        work_hooks.status_change,
        work_hooks.task_time,
        work_hooks.tracked_time,
        work_hooks.calendar,
    ]
    assert [h.name for h in hooks if not h.provided] == []
