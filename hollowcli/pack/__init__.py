"""Content packs: YAML folders read safely, validated into the frozen objects of
:mod:`hollowcli.pack.model`, layered, and cached.

The entry point is :func:`hollowcli.pack.loader.load_pack`. This package module imports
nothing, so ``hollow roll`` pays only for what it uses.
"""
