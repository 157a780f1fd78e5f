"""Solo play: the prompt loop, the text view, game sessions, campaigns and their saves.

The engine (``hollowcli.engine``) decides every rule; this package only shows the board,
reads the player's choices, and keeps the campaign on disk.
"""
