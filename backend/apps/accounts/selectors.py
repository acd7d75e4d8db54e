from apps.accounts.models import User


def workspace_users(*, workspace_id: int | None):
    return User.objects.filter(workspace_id=workspace_id, is_active=True).select_related("workspace")
