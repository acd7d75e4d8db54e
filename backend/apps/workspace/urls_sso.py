from django.urls import path

from apps.workspace import views_sso

# Public (no token): single sign-on's calls, under /api/accounts/sso/ (docs/security.md).
urlpatterns = [
    path("callback/", views_sso.callback, name="sso-callback"),
    path("exchange/", views_sso.exchange, name="sso-exchange"),
    path("<slug:slug>/", views_sso.provider, name="sso-provider"),
    path("<slug:slug>/start/", views_sso.start, name="sso-start"),
]
