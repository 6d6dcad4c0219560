"""Users of the club's API, for the tests and the benchmarks that run inside Django."""
from django.contrib.auth import get_user_model

from club.models import ApiToken


def user_with_token(username: str, staff: bool = False):
    """A new user (staff if `staff`) and the key of an API token of his: (user, key)."""
    user = get_user_model().objects.create_user(username, is_staff=staff)
    return user, ApiToken.objects.create(user=user).key
