"""The drawing kit every game's pictures share: fonts (Atkinson Hyperlegible,
Noto Sans CJK for Japanese) and the fast text drawing of the map pictures.
Game pictures live in ``render/<game>`` and draw with these."""
