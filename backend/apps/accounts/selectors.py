from apps.accounts.models import User


def workspace_users(*, workspace_id: int | None):
    if workspace_id is None:  # users outside any workspace share nothing with each other
        return User.objects.none()
    return User.objects.filter(workspace_id=workspace_id, is_active=True).select_related("workspace")
