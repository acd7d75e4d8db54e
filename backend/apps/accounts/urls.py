from django.urls import path

from apps.accounts import views

urlpatterns = [
    path("token/", views.obtain_token, name="token"),
    path("login/", views.login, name="login"),
    path("logout/", views.logout, name="logout"),
    path("logout_all/", views.logout_all, name="logout-all"),
    path("me/", views.me, name="me"),
    path("me/password/", views.password_change, name="password-change"),
    path("me/observable_users/", views.observable_users, name="observable-users"),
    path("me/observable_users/<int:observation_id>/", views.observable_user, name="observable-user"),
    path("me/observers/", views.my_observers, name="observers"),
    path("get_user_details/<int:user_id>/", views.get_user_details, name="get-user-details"),
]
