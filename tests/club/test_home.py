"""The home page: what the club is, and what works now."""


def test_home_page_names_the_club(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "Écarté Club" in response.content.decode()


def test_home_page_shows_the_score_endpoint(client):
    page = client.get("/").content.decode()

    assert "POST /api/engine/score" in page
    assert 'href="/api/docs"' in page


def test_home_page_is_mobile_friendly(client):
    page = client.get("/").content.decode()

    assert 'name="viewport"' in page
    assert "://" not in page.split("</head>")[0]  # nothing fetched from another site
