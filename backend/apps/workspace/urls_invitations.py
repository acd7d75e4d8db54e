from django.urls import path

from apps.workspace import views

# Public (no token): the accept-invitation page's calls, under /api/accounts/.
urlpatterns = [
    path("invitation/", views.invitation_check, name="invitation-check"),
    path("invitation/accept/", views.invitation_accept, name="invitation-accept"),
]
