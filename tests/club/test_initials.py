"""A member shown by his initials (club.names.initials): each word by its initial, a hyphen
kept between a word's parts, an elided particle kept whole."""
import pytest

from club.names import initials


@pytest.mark.parametrize(("name", "shown"), [
    ("d'Artagnan", "d'A."), ("Jean-Marc Dupont", "J.-M. D."), ("Athos", "A."),
    ("Élodie  de La Tour", "É. d. L. T."), ("Jean O’Brien", "J. O’B."), ("Athos 2", "A. 2")])
def test_a_name_by_its_initials(name, shown):
    assert initials(name) == shown
