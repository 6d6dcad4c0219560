"""The games app's JSON API: one django-ninja router per resource, mounted under /api/ by
server/urls.py, and the schemas of their answers. Views are thin: they read the request, call a
service or a selector, and shape the answer."""
from games.api import engine, hands, money, players, standings, tables, wagers

# In this order in the OpenAPI schema.
routers = [engine.router, players.router, tables.router, hands.router, standings.router,
           wagers.router, money.router]
