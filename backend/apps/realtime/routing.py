from django.urls import path, re_path

from apps.realtime.consumers import NotFoundConsumer, UserStatusConsumer

websocket_urlpatterns = [
    path("ws/work/user_status/", UserStatusConsumer.as_asgi()),
    re_path(r"", NotFoundConsumer.as_asgi()),  # last: every other path closes with 4404
]
