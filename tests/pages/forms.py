"""The page tests' kit: a browser session of a user, the key of a page's form, and a page's
form read as a browser would send it: its fields' values, as rendered, and the fields a
browser would refuse to send (a number out of its bounds, a required choice left empty: the
browser then sends nothing, and says nothing of a field it does not show); and the
card-by-card form of a correction sent back as drawn."""
import re
from html.parser import HTMLParser

from django.test import Client


def as_user(user, **options) -> Client:
    """A browser session (a test Client made with `options`) logged in as `user`."""
    client = Client(**options)
    client.force_login(user)
    return client


def key_of(page: str, action: str) -> str:
    """The Idempotency key the server put in the page's form for `action`."""
    return re.search(rf'name="action" value="{action}"><input type="hidden" name="key" '
                     rf'value="([0-9a-f]+)', page).group(1)


class _Form(HTMLParser):
    def __init__(self, form_id: str):
        super().__init__()
        self.form_id, self.inside, self.values = form_id, False, {}
        self.select, self.required, self.invalid = None, set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "select" and attrs.get("name"):
            self.select = attrs["name"]
        elif tag == "option" and self.select:
            if self.select not in self.values or "selected" in attrs:
                self.values[self.select] = attrs.get("value", "")
        if tag != "input" or not attrs.get("name"):
            return
        name = attrs["name"]
        if "required" in attrs:
            self.required.add(name)
        if attrs.get("type") in ("radio", "checkbox"):
            if "checked" in attrs:
                self.values[name] = attrs.get("value", "on")
            return
        value = self.values[name] = attrs.get("value") or ""
        if attrs.get("type") == "number" and not _within(value, attrs):
            self.invalid.append(name)

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def _within(value: str, attrs: dict) -> bool:
    """Whether a number field's value is one its bounds allow (an empty one is)."""
    if value == "":
        return True
    try:
        number = float(value)
    except ValueError:
        return False
    return all(bound is None or test(number, float(bound)) for bound, test in (
        (attrs.get("min"), float.__ge__), (attrs.get("max"), float.__le__)))


def _read(page: str, form_id: str) -> _Form:
    parser = _Form(form_id)
    parser.feed(page)
    return parser


def form_values(page: str, form_id: str) -> dict:
    """{name: value} of the form `form_id`: its text and hidden fields, its checked radios
    and boxes, and each select's chosen option."""
    return _read(page, form_id).values


def refused_fields(page: str, form_id: str) -> list[str]:
    """The fields of the form `form_id` for which a browser would refuse to send it: a number
    outside its min and max, a required field with no value, visible or not."""
    form = _read(page, form_id)
    return form.invalid + sorted(name for name in form.required if not form.values.get(name))


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
