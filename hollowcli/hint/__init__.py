"""``hint``: the chance to win the chapter from here, for each good choice, by rollouts.

- :mod:`hollowcli.hint.estimate`: the estimator (rollouts with common random numbers,
  Wilson and paired intervals, pruning in stages), pure; its pieces of work are played by
  a runner handed in from above (this process, or ``hollow simulate``'s pool);
- :mod:`hollowcli.hint.candidates`: which choices to weigh (the policy's top few, the
  ones the player names, two-step choices as one);
- :mod:`hollowcli.hint.words`: the answer in words (why the best is best, what it
  assumes) and as JSON;
- :mod:`hollowcli.hint.prompt`: ``hint`` at the prompt of ``hollow play`` and ``hollow
  assist`` (no step, no save);
- :mod:`hollowcli.hint.request`: ``hollow hint`` for a saved game (the save is only read).
"""
