"""Print-ready PDFs for ``hollow print``: one module per print product over shared modules.

Shared, from the page down:

- ``geometry`` (paper, grid, marks, mirrored backs, ruler) and ``sheet`` (pages of cards:
  :func:`~hollowcli.render.sheet.card_sheets`, the canvas every PDF is made on);
- ``markup`` (content text to a card face), ``sandbox`` and ``templates`` (the card
  templates, a pack's run by ``template_worker`` in a child process), ``cardface`` (a face
  laid out and shrunk to fit) over ``richtext`` (a small text engine) and ``fonts``;
- ``layout`` (text pages: :class:`~hollowcli.render.layout.Pager`, ``SimpleTable``, styles)
  and ``product`` (what products share: template sizing, the sample mark, runs of cards
  with their backs, the names the index gives each part);
- ``chapter_map`` (a chapter's map to scale, for the setup sheet and the board).

Products, each with its ``render_*`` function: ``reference`` (reference cards and the
turn-order sheet), ``stat_cards``, ``deck``, ``all_cards`` (``cards.pdf``, every card
mixed), ``spawn_tables``, ``setup_sheet``, ``play_board`` (the board at play size),
``index`` and ``duplex`` (the duplex test). ``kit`` lists the files of ``hollow print kit``.

Renderers return bytes; the commands write the files (:mod:`hollowcli.output`). reportlab
and jinja2 are imported inside the functions that use them, never when this package is
imported.
"""
