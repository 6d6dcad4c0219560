"""English dates and times as an English club writes them: 28 Nov 2026, 21:48 (Django's own
English writes them the American way, "Nov. 28, 2026" and "11/28/2026 9:48 p.m.")."""
DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
TIME_FORMAT = "H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
