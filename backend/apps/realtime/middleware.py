"""Live events leave after the response (apps.realtime.events.hold_sends).

A write publishes once it has committed, inside the view; sent from there, a status change to a
1,000-member workspace starts fanning out (1,000 copies on the same two cores) while the view is
still rendering its response, and the POST waits behind its own event. Here the sends of a
request wait until its response has been sent, then leave at once: a reader hears of the change
a few milliseconds later, and the writer gets its answer first.
"""

from apps.core.middleware import DualModeMiddleware
from apps.realtime.events import hold_sends, send_held


class PublishAfterResponseMiddleware(DualModeMiddleware):
    """First in MIDDLEWARE: its response is the one the server sends and then closes."""

    def __call__(self, request):
        if self.is_async:
            return self.__acall__(request)
        with hold_sends() as held:
            response = self.get_response(request)
        return self.release_after(response, held)

    async def __acall__(self, request):
        # The sync view runs with a copy of this context: it holds its sends in the same list.
        with hold_sends() as held:
            response = await self.get_response(request)
        return self.release_after(response, held)

    @staticmethod
    def release_after(response, held):
        if held:
            # Django's handlers close the response once it is sent (WSGI and ASGI alike): the
            # sends leave when it closes, whatever its class's own close does first.
            close = response.close

            def close_then_send():
                try:
                    close()
                finally:
                    send_held(held)

            response.close = close_then_send
        return response
