"""Fixtures shared by the whole suite."""
import pytest


@pytest.fixture
def secretary(django_user_model):
    """The club's secretary: a superuser, as the admin expects."""
    return django_user_model.objects.create_superuser("secretary")


@pytest.fixture
def staff_client(client, secretary):
    """A browser session logged in as the secretary."""
    client.force_login(secretary)
    return client
