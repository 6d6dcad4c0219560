"""The Django project: how the club is served (settings, ASGI, the request handler, health, the
request log, the channel layer, the root URLconf). The club's domain is in `club/`, the games in
`games/`."""
