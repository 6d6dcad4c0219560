"""French dates and times as a French reader writes them: 26/11/2026 20:39 (Django's own French
writes the long form, « 26 novembre 2026 20:39 », for DATETIME_FORMAT)."""
DATETIME_FORMAT = "d/m/Y H:i"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
SHORT_DATE_FORMAT = "d/m/Y"
