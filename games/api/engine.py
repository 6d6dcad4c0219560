"""The rules engine in the JSON API: score a hand record, with no login and nothing stored."""

from django.http import JsonResponse
from ninja import Router

from games.engine import EngineError, loads, score
from games.engine.advisor import advise

router = Router(tags=["engine"])

TRUE_WORDS = ("1", "true", "yes")

SCORE_OPENAPI = {
    "parameters": [
        {
            "in": "query",
            "name": "analyse",
            "required": False,
            "schema": {"type": "string", "enum": ["1", "true", "yes"]},
            "description": "Add the double-dummy analysis of a full record.",
        },
        {
            "in": "query",
            "name": "advise",
            "required": False,
            "schema": {"type": "string", "enum": ["1", "true", "yes"]},
            "description": "Add the jeux de règle advice on a full record (null for a summary).",
        },
    ],
    "requestBody": {
        "required": True,
        "description": "A hand record (`ecarte-hand/1`), full or summary.",
        "content": {
            "application/json": {
                "schema": {"type": "object", "additionalProperties": True},
                "example": {
                    "deal": {
                        "elder": ["KS", "QS", "AS", "JD", "QD"],
                        "dealer": ["7S", "8S", "9H", "TH", "7C"],
                        "turn_up": "8D",
                    },
                    "exchanges": [],
                    "tricks": [
                        ["KS", "7S"],
                        ["QS", "8S"],
                        ["AS", "9H"],
                        ["JD", "TH"],
                        ["QD", "7C"],
                    ],
                },
            }
        },
    },
    "responses": {
        200: {
            "description": "The result (`ecarte-result/1`), with `analysis` and `advice` when "
                           "asked.",
            "content": {"application/json": {"schema": {"type": "object"}}},
        },
        422: {
            "description": 'The record is rejected: `{"error": {"code", "message", "at"}}`.',
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
        },
    },
}


@router.post(
    "/engine/score",
    auth=None,
    summary="Validate and score one hand record",
    description="Nothing is stored and no login is needed. The body is the record itself.",
    openapi_extra=SCORE_OPENAPI,
)
def engine_score(request):
    analyse = request.GET.get("analyse") in TRUE_WORDS
    try:
        record = loads(request.body)
        result = score(record, analyse=analyse)
    except EngineError as err:
        return JsonResponse(err.as_dict(), status=422)
    if request.GET.get("advise") in TRUE_WORDS:
        try:
            result["advice"] = advise(record)
        except EngineError:  # a record scored, but with no elder's five cards as dealt to read:
            result["advice"] = None  # a summary, or a misdeal played (rulings 64 and 87)
    return JsonResponse(result)
