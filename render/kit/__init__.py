"""The drawing kit every game's pictures share: fonts (Atkinson Hyperlegible,
Noto Sans CJK for Japanese), the fast text drawing of the map pictures
(``fastdraw``) and the panel shapes (``shapes``: text width, pills, panels,
bars). Game pictures live in ``render/<game>`` and draw with these."""
