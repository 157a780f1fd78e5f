"""Child processes that must not outlive the hollow that started them.

``hollow simulate`` plays on worker processes and ``hollow print`` runs a pack's card
templates in one; either, left behind by a parent that was killed (``kill -9``, a closed
terminal, an out-of-memory kill), would keep a core busy and the parent's output pipe
open, so ``hollow simulate | tee log`` would never end. A child calls :func:`die_with_parent`
first thing: on Linux the kernel then kills it the moment its parent ends (a
parent-death signal, ``prctl(PR_SET_PDEATHSIG)``); elsewhere a small thread of the child
watches for being handed to another parent and ends the child then.

Only the standard library, imported when a child starts.
"""

from __future__ import annotations

import os
import signal
import sys

#: prctl's option to set the signal a process gets when its parent ends (linux/prctl.h).
_PR_SET_PDEATHSIG = 1
#: How often (seconds) the watching thread looks at the parent where prctl does not exist.
WATCH_EVERY = 0.5


def die_with_parent(parent: int) -> None:
    """End this process (SIGKILL) as soon as process ``parent``, which started it, ends.

    Call it in the child right after it starts. ``parent`` is the starter's process id as
    the starter saw it (``os.getpid()`` before the fork): if it already ended before this
    call, the child ends now.
    """
    if not _parent_death_signal():
        _watch_parent(parent)
    if os.getppid() != parent:  # the parent ended before the signal was armed
        os._exit(1)


def _parent_death_signal() -> bool:
    """Ask Linux to send SIGKILL when the parent ends; False where that is not possible.

    (The kernel ties it to the parent *thread* that forked: hollow forks from its main
    thread, which lives as long as the process.)
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """A daemon thread that ends the process once it is no longer ``parent``'s child."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_EVERY)
        os._exit(1)

    threading.Thread(target=watch, name="hollow-parent-watch", daemon=True).start()
