"""Each schema of the API has a name of its own: the OpenAPI document names each schema by its
class, and two classes of one name make one of them vanish from it (the season's standings once
took the place of the club's, and the fuzz test of GET /api/standings found it)."""
import importlib
import inspect
import pkgutil
from collections import Counter

from ninja import Schema

import club.api
import games.api
import nights


def schema_names() -> Counter:
    names = Counter()
    modules = [*(f"club.api.{m.name}" for m in pkgutil.iter_modules(club.api.__path__)),
               *(f"games.api.{m.name}" for m in pkgutil.iter_modules(games.api.__path__)),
               "club.api", "games.api", "nights.api", "nights.schemas"]
    for name in modules:
        module = importlib.import_module(name)
        for _, found in inspect.getmembers(module, inspect.isclass):
            if issubclass(found, Schema) and found.__module__ == module.__name__:
                names[found.__name__] += 1
    return names


def test_no_two_schemas_share_a_name():
    assert nights  # the app's schemas are among them
    assert [name for name, count in schema_names().items() if count > 1] == []
