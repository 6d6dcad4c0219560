"""The live feed tells a change of a table's scorers (issue 31): its spectators receive it as
the table's next change, `scorers`, once it is committed."""
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth import get_user_model

from games.services.tables import set_scorers
from tests.games.live_kit import WAIT, following, open_pool

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_spectator_hears_of_the_new_scorers():
    by, table = open_pool()
    claire = get_user_model().objects.create_user("claire")

    async def scenario():
        feed, first = await following(table.pk)
        await sync_to_async(set_scorers)(table_id=table.pk, scorers=[claire], by=by)
        change = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return first, change

    first, change = async_to_sync(scenario)()

    assert change["type"] == "scorers" and change["seq"] == first["seq"] + 1
