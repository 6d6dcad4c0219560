"""The games' template filters."""
