"""A page's form read as a browser would send it: its fields' values, as rendered."""
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
