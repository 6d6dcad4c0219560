"""The live feed of the tables: `publish` sends each committed change to the table's group,
and `routing` holds the WebSocket routes."""
