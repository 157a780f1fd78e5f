"""``hollow simulate``: many seeded games of each chapter, their statistics and a report.

- :mod:`hollowcli.simulate.run`: play game *i* exactly as ``hollow play CHAPTER --auto
  --seed S+i`` would, spread over processes, with progress and a clean stop on Ctrl-C;
- :mod:`hollowcli.simulate.stats`: win rates with Wilson intervals, Newcombe's interval for
  a change, causes of loss, damage and fear per Legend, the survival curve;
- :mod:`hollowcli.simulate.report`: the terminal summary and the PDF charts;
- :mod:`hollowcli.simulate.request`: one ``hollow simulate`` request: its options checked,
  its packs (and ``--against``) loaded, its runs played, its report written (through
  :mod:`hollowcli.output`).

The command itself (``hollowcli.commands.simulate``) only parses options, calls the
request's steps and prints.
"""
