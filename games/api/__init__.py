"""The games app's JSON API: one django-ninja router per resource, mounted under /api/ by
server/urls.py after the club's (club/api/), and the schemas of their answers. Views are thin:
they read the request, call a service or a selector, and shape the answer."""
from games.api import engine, hands, standings, tables, wagers

# In this order in the OpenAPI schema.
routers = [engine.router, tables.router, hands.router, standings.router, wagers.router]
