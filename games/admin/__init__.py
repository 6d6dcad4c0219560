"""The secretary's admin of the games app: tables and hands (read-only but for abandoning a
table and correcting a hand of a unit still open), wagers and the money at tables (read-only),
the display of records in words, and the exports."""
from games.admin import hands, money, tables, wagers  # noqa: F401  (registers the admin pages)
