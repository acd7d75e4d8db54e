from django.urls import path

from apps.accounts import views, views_reminders, views_self_service, views_two_factor

urlpatterns = [
    path("token/", views.obtain_token, name="token"),
    path("token/two_factor/", views_two_factor.token_two_factor, name="token-two-factor"),
    path("token/two_factor/setup/", views_two_factor.token_two_factor_setup, name="token-two-factor-setup"),
    path(
        "token/two_factor/setup/confirm/",
        views_two_factor.token_two_factor_setup_confirm,
        name="token-two-factor-setup-confirm",
    ),
    path("login/", views.login, name="login"),
    path("logout/", views.logout, name="logout"),
    path("logout_all/", views.logout_all, name="logout-all"),
    path("me/", views.me, name="me"),
    path("me/password/", views.password_change, name="password-change"),
    path("me/two_factor/", views_two_factor.me_two_factor, name="two-factor"),
    path("me/two_factor/setup/", views_two_factor.me_two_factor_setup, name="two-factor-setup"),
    path("me/two_factor/confirm/", views_two_factor.me_two_factor_confirm, name="two-factor-confirm"),
    path("me/two_factor/disable/", views_two_factor.me_two_factor_disable, name="two-factor-disable"),
    path(
        "me/two_factor/recovery_codes/",
        views_two_factor.me_two_factor_recovery_codes,
        name="two-factor-recovery-codes",
    ),
    path("me/sessions/", views_self_service.session_list, name="sessions"),
    path(
        "me/sessions/sign_out_others/",
        views_self_service.sessions_sign_out_others,
        name="sessions-sign-out-others",
    ),
    path("me/sessions/<str:session_id>/", views_self_service.session_detail, name="session"),
    path("password_reset/", views_self_service.password_reset_request, name="password-reset"),
    path("password_reset/check/", views_self_service.password_reset_check, name="password-reset-check"),
    path("password_reset/confirm/", views_self_service.password_reset_confirm, name="password-reset-confirm"),
    # Reminders and the morning digest's email (docs/reminders.md).
    path("me/reminders/", views_reminders.reminder_settings, name="reminder-settings"),
    path("reminders/off/check/", views_reminders.reminder_link_check, name="reminder-link-check"),
    path("reminders/off/", views_reminders.reminder_link_off, name="reminder-link-off"),
    path("reminders/one_click/", views_reminders.reminder_one_click, name="reminder-one-click"),
    path("me/observable_users/", views.observable_users, name="observable-users"),
    path("me/observable_users/<int:observation_id>/", views.observable_user, name="observable-user"),
    path("me/observers/", views.my_observers, name="observers"),
    path("get_user_details/<int:user_id>/", views.get_user_details, name="get-user-details"),
]
