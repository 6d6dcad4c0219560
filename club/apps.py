from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = "Écarté Club"

    def ready(self):
        self.check_credit_limit()

    @staticmethod
    def check_credit_limit() -> None:
        """The club does not start with a credit limit past its ceiling on amounts."""
        from club import ledger, money_text

        if settings.CREDIT_LIMIT is not None and settings.CREDIT_LIMIT > ledger.MAX_AMOUNT:
            raise ImproperlyConfigured(
                f"CREDIT_LIMIT must be at most {money_text.plain(ledger.MAX_AMOUNT)}, the "
                f"club's ceiling on any amount, not {money_text.plain(settings.CREDIT_LIMIT)}")
