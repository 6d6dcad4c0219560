"""What the benchmarks that seed an archive share."""
from contextlib import contextmanager


@contextmanager
def dates_as_given(*models):
    """Lets bulk_create keep the created_at values given (auto_now_add would overwrite them):
    an archive spans months or years."""
    fields = [model._meta.get_field("created_at") for model in models]
    for field in fields:
        field.auto_now_add = False
    try:
        yield
    finally:
        for field in fields:
            field.auto_now_add = True
