"""Who sees what of a private table (docs/api.md, Private tables): the one rule that the pages,
the lists, the standings, the member's page, the charts and the live feed ask.

A private table (`Table.private`) is for signed-in users. To anyone else it does not exist: its
pages answer as a table that does not exist (404), its live feed closes as for no table (4404),
the lists leave it out, and its play counts nowhere (the standings, a member's figures and
charts, the ratings: games.selectors.reader_ratings). A signed-in user sees every table, and the
club's play whole."""
from games.models import Table


def signed_in(reader) -> bool:
    """Whether the reader (a user, AnonymousUser, or None for nobody) is a signed-in user."""
    return reader is not None and reader.is_authenticated


def may_see(reader, *, private: bool) -> bool:
    """Whether the reader may see a table that is `private` or not: its page, its live feed,
    its hands and its play."""
    return not private or signed_in(reader)


def visible_tables(reader):
    """The tables the reader may see, as a query of tables."""
    return Table.objects.all() if signed_in(reader) else Table.objects.filter(private=False)


def counted_tables(reader):
    """The tables whose play counts for the reader, as a query of tables for the selectors'
    `tables`; None when every table counts (a signed-in reader), so that the club's figures are
    read as they are, without a join."""
    return None if signed_in(reader) else visible_tables(reader)
