"""The picture of one card for ``/card``: number, title, faction order and both
Event texts (Event cards 1-72), or the Viceroy and his capability (Campaign
cards 73-79)."""
from __future__ import annotations

import re

from PIL import Image

from engine.gandhi.data import get_data

from . import theme as th
from .board import encode_png
from .fastdraw import FastDraw, text_length
from .fonts import font, localized

WIDTH = 800
_TAG = re.compile(r"(</?i>|\*)")


def _runs(text: str) -> list[tuple[str, bool]]:
    """Words of ``text`` with their italic flag (italics are marked <i>…</i> or *…*)."""
    out: list[tuple[str, bool]] = []
    italic = False
    for part in _TAG.split(text or ""):
        if part == "<i>":
            italic = True
        elif part == "</i>":
            italic = False
        elif part == "*":  # the English texts mark italics *like this*
            italic = not italic
        else:
            out += [(w, italic) for w in tokens(part)]
    return out


_CJK_CHAR = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_TOKEN = re.compile(rf"[{_CJK_CHAR}]|[^\s{_CJK_CHAR}]+")


def tokens(text: str) -> list[str]:
    """Line-breakable units: Latin words, and each CJK character (Japanese
    breaks between characters and has no spaces)."""
    return _TOKEN.findall(text or "")


def _is_cjk(token: str) -> bool:
    return bool(re.match(rf"[{_CJK_CHAR}]", token))


def _gap(prev: str, word: str) -> bool:
    """A space between two tokens: only between two Latin words."""
    return not (_is_cjk(prev) or _is_cjk(word))


def _layout(text: str, size: int, width: int) -> list[list[tuple[str, bool, int]]]:
    lines: list[list[tuple[str, bool, int]]] = [[]]
    x = 0
    space = int(text_length(" ", font(size)))
    for word, it in _runs(text):
        w = int(text_length(word, font(size, "italic" if it else "regular")))
        gap = space if lines[-1] and _gap(lines[-1][-1][0], word) else 0
        if lines[-1] and x + gap + w > width:
            lines.append([])
            x, gap = 0, 0
        x += gap
        lines[-1].append((word, it, x))
        x += w
    return [ln for ln in lines if ln]


def _draw_text(d, lines, x: int, y: int, size: int, colour) -> int:
    lh = int(size * 1.35)
    for ln in lines:
        for word, it, dx in ln:
            d.text((x + dx, y), word, font=font(size, "italic" if it else "regular"), fill=colour, anchor="la")
        y += lh
    return y


def _texts(number: int, locale: str) -> dict:
    cards = get_data().cards
    lang = th.lang(locale)
    if number in cards.events:
        c = cards.events[number]

        def field(name: str) -> str:
            """``<name>_<lang>`` of cards.yaml, else English (else Italian)."""
            own = getattr(c, f"{name}_{lang}", "") if lang != "en" else ""
            return own or getattr(c, name) or getattr(c, f"{name}_it", "")

        return {"kind": "event", "title": field("title"), "order": list(c.faction_order),
                "unshaded": field("unshaded"), "shaded": field("shaded")}
    if number in cards.campaigns:
        ct = cards.campaigns[number].texts(lang)  # en/it/es/ja, English where missing
        return {"kind": "campaign", "title": ct["viceroy"], "tenure": cards.campaigns[number].tenure or "",
                "capability": ct["capability"], "raj": ct["raj_capability"], "np": ct["np_raj_modification"]}
    raise ValueError(f"no card {number}: Event cards are 1-72, Campaign cards 73-79")


@localized
def render_card(card_number: int, locale: str = "en") -> bytes:
    """The picture of card ``card_number`` (1-79) as PNG bytes, 800 px wide.

    Event cards show number, title, faction order (named chips, readable
    without colour) and the unshaded and shaded texts, in the language of
    ``locale`` (en/it/es/ja, cards.yaml ``<field>_<lang>``; English where a
    text is missing). Campaign cards show the Viceroy, his tenure, capability
    and the Raj and Non-player Raj texts, in the same language
    (``CampaignCard.texts``). Raises ValueError for a number that is not a card.
    """
    if not isinstance(card_number, int) or isinstance(card_number, bool):
        raise ValueError(f"card number must be an int, got {card_number!r}")
    c = _texts(card_number, locale)
    pad = 28
    inner = WIDTH - 2 * pad
    f_title = font(30, "bold")
    title_lines = []
    for word in tokens(c["title"] or ""):
        sep = " " if title_lines and _gap(title_lines[-1][-1:], word) else ""
        if title_lines and text_length(title_lines[-1] + sep + word, f_title) <= inner - 90:
            title_lines[-1] += sep + word
        else:
            title_lines.append(word)
    blocks = []
    if c["kind"] == "event":
        for key in ("unshaded", "shaded"):
            blocks.append((th.t(locale, key), _layout(c[key] or "-", 22, inner - 32), key == "shaded"))
    else:
        if c["raj"]:
            blocks.append((th.t(locale, "capability"), _layout(c["raj"], 22, inner - 32), False))
        if c["np"]:
            blocks.append((th.t(locale, "np"), _layout(c["np"], 22, inner - 32), True))
    header_h = 30 + 38 * max(1, len(title_lines)) + 56
    body_h = sum(40 + len(lines) * 30 + 20 for _, lines, _ in blocks) + 10 * len(blocks)
    h = header_h + body_h + pad
    img = Image.new("RGB", (WIDTH, h), th.PANEL)
    d = FastDraw(img)
    campaign = c["kind"] == "campaign"
    d.rounded_rectangle((8, 8, WIDTH - 8, h - 8), radius=18, fill=(226, 214, 240) if campaign else (250, 246, 232),
                        outline=th.WHITE, width=3)
    f_no = font(40, "bold")
    d.text((pad, 24), str(card_number), font=f_no, fill=th.INK, anchor="la")
    tx = pad + int(text_length(str(card_number), f_no)) + 18
    y = 28
    for ln in title_lines or [""]:
        d.text((tx, y), ln, font=f_title, fill=th.INK, anchor="la")
        y += 38
    y += 8
    if campaign:
        line = f"{th.t(locale, 'campaign').upper()}  ·  {c['tenure']}  ·  {c['capability']}"
        d.text((pad, y + 14), line, font=font(22, "bold"), fill=(80, 40, 120), anchor="lm")
    else:
        x = pad
        for i, fac in enumerate(c["order"]):
            name = th.t(locale, f"faction.{fac}")
            w = max(74, int(text_length(name, font(21, "bold"))) + 16)  # longer (CJK) names widen the chip
            d.rounded_rectangle((x, y, x + w, y + 32), radius=6, fill=th.FACTION_COLOUR[fac])
            d.text((x + w / 2, y + 17), name, font=font(21, "bold"), fill=th.FACTION_TEXT[fac], anchor="mm")
            x += w + 6
            if i < 3:
                d.text((x + 3, y + 16), ">", font=font(22, "bold"), fill=th.INK_SOFT, anchor="lm")
                x += 22
    y = header_h
    for label, lines, dark in blocks:
        bh = 40 + len(lines) * 30 + 14
        fill = (58, 60, 66) if dark else th.WHITE
        ink = th.WHITE if dark else th.INK
        d.rounded_rectangle((pad, y, WIDTH - pad, y + bh), radius=10, fill=fill, outline=th.INK_SOFT, width=2)
        d.text((pad + 16, y + 10), label.upper(), font=font(17, "bold"), fill=th.PROTEST_FILL if dark else
               (120, 90, 20), anchor="la")
        _draw_text(d, lines, pad + 16, y + 38, 22, ink)
        y += bh + 10
    return encode_png(img)
