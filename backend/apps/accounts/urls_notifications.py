from django.urls import path

from apps.accounts import views_notifications as views

# Paths exactly as spec 01 §7 writes them (mark_as_read/{id} has no trailing slash).
urlpatterns = [
    path("", views.notification_list, name="notifications"),
    path("mark_as_read/<int:notification_id>", views.mark_one_read, name="notification-mark-read"),
    path("mark_as_read/", views.mark_read, name="notifications-mark-read"),
    path("mark_all_as_read/", views.mark_all_read, name="notifications-mark-all-read"),
]
