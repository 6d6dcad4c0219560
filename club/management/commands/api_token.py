"""python manage.py api_token USERNAME [--create-user] [--staff]: print that user's API token."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from club.models import ApiToken


class Command(BaseCommand):
    help = "Print USERNAME's API token, creating it if needed. Scripts send it as a Bearer token."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument(
            "--create-user",
            action="store_true",
            help="Create the user (with no password) if he does not exist.",
        )
        parser.add_argument("--staff", action="store_true", help="Make the user staff.")

    @transaction.atomic
    def handle(self, *args, username: str, create_user: bool, staff: bool, **options):
        User = get_user_model()
        username = User.normalize_username(username)
        user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
        if user is None:
            if not create_user:
                raise CommandError(f'No user named "{username}". Pass --create-user to create him.')
            try:
                User._meta.get_field(User.USERNAME_FIELD).run_validators(username)
                if not username:
                    raise ValidationError("A username cannot be empty.")
            except ValidationError as err:
                raise CommandError(f'"{username}" cannot be a username: {" ".join(err.messages)}')
            user = User(**{User.USERNAME_FIELD: username})
            user.set_unusable_password()
            user.save()
        if staff and not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        token, _ = ApiToken.objects.get_or_create(user=user)
        self.stdout.write(token.key)
