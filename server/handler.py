"""Django's HTTP handler for daphne, with one thread hop a request instead of five.

The club's views and middleware are all synchronous (the ORM is). Django's own ASGIHandler
still runs them the async way: it starts a new thread for every request, and goes back and
forth between the event loop and that thread for the request_started signal, the middleware
chain, the view and the response's close. This handler reads the body on the event loop, then
does all of that in one call on a reused thread, and sends the answer from the event loop.

Measured against Django's own handler with bench/handler.py; figures in docs/benchmarks.md.
"""

import asyncio
from contextvars import ContextVar

from asgiref.sync import sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.urls import set_script_prefix

serving_loop: ContextVar[asyncio.AbstractEventLoop | None] = ContextVar("serving_loop",
                                                                      default=None)
"""The event loop that serves the request, as the thread running it sees it: what the request
leaves for the loop to do (publishing a change) is handed over without waiting for it."""


class SyncASGIHandler(ASGIHandler):
    def __init__(self):
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle HTTP connections, not {scope['type']}.")
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        # Reset after the request: asgiref hands a context's changes back to a synchronous
        # caller (a test calling the handler), which would keep a loop that has since closed.
        serving = serving_loop.set(asyncio.get_running_loop())
        try:
            response = await sync_to_async(self.respond, thread_sensitive=False)(scope, body_file)
            await self.send_response(response, send)
            if response.streaming:
                await sync_to_async(response.close, thread_sensitive=False)()
        finally:
            serving_loop.reset(serving)
            body_file.close()

    def respond(self, scope, body_file):
        """The whole of a request but sending it: runs in one worker thread."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
        response._handler_class = self.__class__
        if not response.streaming:
            response.close()  # request_finished: the database connection goes back now
        return response
