"""The club's template filters."""
