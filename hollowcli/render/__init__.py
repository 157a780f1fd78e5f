"""Print-ready PDFs for ``hollow print``.

One layout engine (``geometry``: grid, marks, mirrored backs, ruler; ``sheet``: pages of
cards), card faces from sandboxed jinja2 templates (``markup``) laid out and shrunk to fit
(``cardface``) with a small text engine (``richtext``), full pages such as the spawn tables
and the turn-order sheet (``pages``), and the kit's printables (``kit``).

Renderers return bytes; the commands write the files. reportlab and jinja2 are imported
inside the functions that use them, never when this package is imported.
"""
