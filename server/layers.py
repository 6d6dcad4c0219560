"""The embedded default's channel layer: Channels' in-memory layer, sweeping expired messages
at most once a second rather than on every receive."""
import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryLayer


class InMemoryChannelLayer(ChannelsInMemoryLayer):
    """Channels' in-memory layer goes through every channel and every group member, looking
    for what has expired, on each receive and group_send. Each socket of a live feed receives
    again after each change, so a change's fan-out cost as many sweeps as the table has
    spectators, each as long as the server has sockets: the larger part of the fan-out's time
    on the event loop (bench/fanout.py). Messages expire after a minute and memberships after
    a day: sweeping once a second drops them as surely."""

    sweep_every = 1.0  # seconds

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._swept = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept >= self.sweep_every:
            self._swept = now
            super()._clean_expired()
