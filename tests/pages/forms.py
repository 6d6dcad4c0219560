"""A page's form read as a browser would send it: its fields' values, as rendered; and the
card-by-card form of a correction sent back as drawn."""
from html.parser import HTMLParser


class _Form(HTMLParser):
    def __init__(self, form_id: str):
        super().__init__()
        self.form_id, self.inside, self.values = form_id, False, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside or tag != "input" or not attrs.get("name"):
            return
        if attrs.get("type") in ("radio", "checkbox"):
            if "checked" in attrs:
                self.values[attrs["name"]] = attrs.get("value", "on")
        else:
            self.values[attrs["name"]] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def form_values(page: str, form_id: str) -> dict:
    """{name: value} of the form `form_id`: its text and hidden fields, and its checked radios
    and boxes."""
    parser = _Form(form_id)
    parser.feed(page)
    return parser.values


def resend_card_form(scorer, correct: str, summary_form: str) -> None:
    """Sends back the card-by-card form of the correction page `correct` (a hand à trois or à
    quatre entered card by card, version 1) as it was drawn, after checking that the page also
    offers the summary form `summary_form`; the answer must be the redirect of a success."""
    page = scorer.get(correct).content.decode()
    assert "Or as a summary" in page and f'id="{summary_form}"' in page
    sent = form_values(page, "many-deal-form")
    assert sent["action"] == "many_deal" and sent["version"] == "1"
    answer = scorer.post(correct, sent)
    assert answer.status_code == 302, answer.content.decode()[:2000]
