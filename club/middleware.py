"""Gives the API's own 404 and 405 answers the error shape of API.md.

Django answers an unknown /api/ path, and django-ninja a wrong method, with a plain page;
API clients get `{"error": {"code", "message"}}` instead.
"""

from django.http import JsonResponse
from django.utils.deprecation import MiddlewareMixin

API_PREFIX = "/api/"
PLAIN_ERRORS = {
    404: ("not_found", "no such endpoint"),
    405: ("method_not_allowed", "method not allowed"),
}


class ApiErrorShapeMiddleware(MiddlewareMixin):
    """Sync and async capable, so that async views keep the whole request async."""

    def process_response(self, request, response):
        status = response.status_code
        if (
            status in PLAIN_ERRORS
            and request.path.startswith(API_PREFIX)
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            code, message = PLAIN_ERRORS[status]
            shaped = JsonResponse({"error": {"code": code, "message": message}}, status=status)
            if response.has_header("Allow"):
                shaped["Allow"] = response["Allow"]
            return shaped
        return response
