"""Slowing down password guessing: failed logins counted per (user, client address) and per client address.

After ``FREE`` failures in a bucket, each further failure closes it for an exponentially growing time, capped at
``MAX_DELAY_S``: a login attempt into a closed bucket answers 429 with ``Retry-After``, without checking the
password. A success clears the (user, address) bucket; a bucket is forgotten ``FORGET_S`` after its last failure.
An attacker elsewhere cannot lock a user out: the user's own address has its own bucket, and the longest wait is a
few minutes. The counts live in this process (one per served app).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

FREE_PER_USER = 5  # failures of one user name from one address before waiting starts
FREE_PER_ADDRESS = 20  # failures from one address, over all names
FIRST_DELAY_S = 1.0
MAX_DELAY_S = 300.0
FORGET_S = 900.0
MAX_BUCKETS = 100_000


@dataclass
class _Bucket:
    failures: int = 0
    last: float = 0.0
    closed_until: float = 0.0


class LoginThrottle:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[tuple[str, str], _Bucket] = {}

    def _keys(self, user: str, address: str) -> list[tuple[tuple[str, str], int]]:
        return [(("user", f"{user.lower()}\n{address}"), FREE_PER_USER), (("address", address), FREE_PER_ADDRESS)]

    def _get(self, key: tuple[str, str], now: float) -> _Bucket | None:
        bucket = self._buckets.get(key)
        if bucket is not None and now - bucket.last > FORGET_S:
            del self._buckets[key]
            return None
        return bucket

    def retry_after(self, user: str, address: str) -> int:
        """Seconds to wait before this user may try a password from this address (0: go ahead)."""
        now = self._clock()
        with self._lock:
            wait = 0.0
            for key, _free in self._keys(user, address):
                bucket = self._get(key, now)
                if bucket is not None:
                    wait = max(wait, bucket.closed_until - now)
            return math.ceil(wait) if wait > 0 else 0

    def failed(self, user: str, address: str) -> None:
        now = self._clock()
        with self._lock:
            if len(self._buckets) > MAX_BUCKETS:  # bounded memory: drop the forgotten ones, else start afresh
                self._buckets = {k: b for k, b in self._buckets.items() if now - b.last <= FORGET_S}
                if len(self._buckets) > MAX_BUCKETS:
                    self._buckets.clear()
            for key, free in self._keys(user, address):
                bucket = self._get(key, now) or self._buckets.setdefault(key, _Bucket())
                bucket.failures += 1
                bucket.last = now
                if bucket.failures > free:
                    delay = min(FIRST_DELAY_S * 2 ** (bucket.failures - free - 1), MAX_DELAY_S)
                    bucket.closed_until = now + delay

    def succeeded(self, user: str, address: str) -> None:
        with self._lock:
            self._buckets.pop(self._keys(user, address)[0][0], None)
