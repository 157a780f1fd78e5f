"""Print-ready PDFs: one layout engine (``geometry``, ``sheet``), card faces from jinja2
templates (``markup``, ``cardface``), full pages (``pages``) and the kit's printables (``kit``).

Renderers return bytes; the ``hollow print`` commands write the files. reportlab and
jinja2 are imported inside the functions that use them, never at module import time.
"""
