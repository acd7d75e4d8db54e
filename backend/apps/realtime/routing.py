from django.urls import path

from apps.realtime.consumers import UserStatusConsumer

websocket_urlpatterns = [
    path("ws/work/user_status/", UserStatusConsumer.as_asgi()),
]
