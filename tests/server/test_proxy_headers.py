"""What the proxy says of a visitor, his address (X-Forwarded-For) and whether he came over
https (X-Forwarded-Proto), is believed only on the proxy's own connection
(club.auth.ProxyHeaders): a visitor who reaches a worker some other way is not."""


def test_only_the_proxy_is_believed_when_it_says_the_visitor_came_over_https(client, settings):
    settings.BEHIND_PROXY = True  # and the proxy serves https: the settings of HTTPS
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True

    through_the_proxy = client.get("/rules/", HTTP_X_FORWARDED_PROTO="https")
    around_it = client.get("/rules/", REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_PROTO="https")

    assert through_the_proxy.status_code == 200
    assert (around_it.status_code, around_it["Location"]) == (301, "https://testserver/rules/")
