"""What the browser tests share: a phone's width, the steward who logs in to score, and
screenshots kept in tests/artifacts/ (not committed) for a person to look at."""
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
WIDTH = 360  # px: the narrowest phone the pages are made for
STEWARD_PASSWORD = "a long steward password"


def new_steward(django_user_model):
    """The staff member "steward", who logs in with STEWARD_PASSWORD."""
    return django_user_model.objects.create_user("steward", password=STEWARD_PASSWORD,
                                                 is_staff=True)


def shot(page, name: str) -> None:
    """Saves the whole page as tests/artifacts/NAME.png (NAME may name a folder), and checks
    that nothing sticks out of the page's screen."""
    path = ARTIFACTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
