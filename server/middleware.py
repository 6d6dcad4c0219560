"""Gives the API's own 404 and 405 answers the error shape of docs/api.md.

Django answers an unknown /api/ path, and django-ninja a wrong method, with a plain page;
API clients get `{"error": {"code", "message"}}` instead.
"""

from django.http import JsonResponse

API_PREFIX = "/api/"
PLAIN_ERRORS = {
    404: ("not_found", "no such endpoint"),
    405: ("method_not_allowed", "method not allowed"),
}


class ApiErrorShapeMiddleware:
    """Sync only, like every middleware here: `server.handler` runs the chain in one thread."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
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
