"""The rules engine: pure functions over immutable state; no I/O, randomness passed in."""
