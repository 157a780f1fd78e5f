"""hollow: a companion for the cooperative board game Legends of Sleepy Hollow."""

__version__ = "0.1.0"
