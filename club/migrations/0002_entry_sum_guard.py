"""On PostgreSQL, the database itself refuses a ledger transaction that does not balance.

A constraint trigger on club_entry, DEFERRABLE INITIALLY DEFERRED, runs at commit for every
transaction whose entries were inserted, changed or deleted, and raises check_violation (an
IntegrityError in Django) unless that transaction's entries sum to zero. On other databases
this migration does nothing; `club.ledger` guarantees the same thing there.
"""

from django.db import migrations

INSTALL = """
CREATE FUNCTION club_entry_transaction_balances() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    tx_ids bigint[];
    tx_id bigint;
    total numeric;
BEGIN
    IF TG_OP = 'INSERT' THEN
        tx_ids := ARRAY[NEW.transaction_id];
    ELSIF TG_OP = 'DELETE' THEN
        tx_ids := ARRAY[OLD.transaction_id];
    ELSE
        tx_ids := ARRAY[OLD.transaction_id, NEW.transaction_id];
    END IF;
    FOREACH tx_id IN ARRAY tx_ids LOOP
        SELECT COALESCE(SUM(amount), 0) INTO total
            FROM club_entry WHERE transaction_id = tx_id;
        IF total <> 0 THEN
            RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to % cents',
                tx_id, total
                USING ERRCODE = 'check_violation';
        END IF;
    END LOOP;
    RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER club_entry_transaction_balances
    AFTER INSERT OR UPDATE OR DELETE ON club_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION club_entry_transaction_balances();
"""

UNINSTALL = """
DROP TRIGGER IF EXISTS club_entry_transaction_balances ON club_entry;
DROP FUNCTION IF EXISTS club_entry_transaction_balances();
"""


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(INSTALL, params=None)


def uninstall(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(UNINSTALL, params=None)


class Migration(migrations.Migration):
    dependencies = [("club", "0001_initial")]

    operations = [migrations.RunPython(install, uninstall, elidable=False)]
