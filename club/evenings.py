"""The club's evening: from TURNS on its day to TURNS the next day, in the club's time zone
(settings.TIME_ZONE), so that a game ended, a payment made or a table opened at 00:30 belongs to
the evening it was played in. The standings, the evening's lists and money, and who may undo a
payment all date things by it."""
from datetime import date, datetime, time, timedelta

from django.db.models import DateTimeField, ExpressionWrapper, F
from django.db.models.functions import TruncDate
from django.utils import timezone

TURNS = time(6)
_TURNS = timedelta(hours=TURNS.hour, minutes=TURNS.minute)


def day_of(moment: datetime) -> date:
    """The day of the evening that `moment` belongs to."""
    return (timezone.localtime(moment) - _TURNS).date()


def day_in(field: str) -> TruncDate:
    """`day_of` the moment in `field`, as a query's expression."""
    return TruncDate(ExpressionWrapper(F(field) - _TURNS, output_field=DateTimeField()),
                     tzinfo=timezone.get_current_timezone())


def bounds(day: date) -> tuple[datetime, datetime]:
    """When the evening of `day` begins (inclusive) and ends (exclusive)."""
    zone = timezone.get_current_timezone()
    return (datetime.combine(day, TURNS, tzinfo=zone),
            datetime.combine(day + timedelta(days=1), TURNS, tzinfo=zone))
