"""Reads that are more than a lookup: the table snapshot and the standings."""
