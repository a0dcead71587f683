"""The schematic map of A Distant Plain, phone-legible and colour-blind safe.

Nothing is told by colour alone: every piece has a shape and a letter
(cube = Troops or Police, disc = Base, pentagon = Guerrilla; hollow =
Underground), each space names its Control and its Support level in words,
LoCs carry their Econ and a "SABOTAGE" tag. Colours are from the Okabe-Ito
palette. Words are in the locale for Latin-script languages (en, it, es:
faction, piece and track names from the engine catalogs); any other locale
gets English, as for Gandhi (the Discord message carries localized prose).
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from PIL import Image

from engine.adp.data import get_data
from render.kit import textboxes
from render.kit.fastdraw import FastDraw
from render.kit.fonts import fitted, font, localized
from render.kit.shapes import bar, code, code_width, panel, pill, text_width

HERE = Path(__file__).parent
BG = (232, 228, 214)
PAKISTAN_BG = (214, 214, 204)
INK = (28, 28, 30)
WHITE = (255, 255, 255)
PANEL_TEXT = (240, 240, 236)
PANEL_DIM = (168, 182, 194)
SUPPORT_FILL = {1: (178, 214, 240), 0: (246, 242, 228), -1: (246, 204, 170)}
FACTION_COLOUR = {"coalition": (0, 114, 178), "government": (230, 159, 0),
                  "taliban": (30, 30, 30), "warlords": (204, 121, 167)}
FACTION_TEXT = {"coalition": WHITE, "government": INK, "taliban": WHITE, "warlords": INK}
LOC_COLOUR = (120, 92, 60)
SABOTAGE = (213, 94, 0)

#: piece kind -> (faction, shape, letter)
PIECES = {
    "coalition_troops": ("coalition", "cube", "C"), "coalition_bases": ("coalition", "base", "C"),
    "government_troops": ("government", "cube", "G"), "police": ("government", "cube", "P"),
    "government_bases": ("government", "base", "G"),
    "taliban_guerrillas_active": ("taliban", "guerrilla", "T"),
    "taliban_guerrillas_underground": ("taliban", "hollow", "T"), "taliban_bases": ("taliban", "base", "T"),
    "warlords_guerrillas_active": ("warlords", "guerrilla", "W"),
    "warlords_guerrillas_underground": ("warlords", "hollow", "W"), "warlords_bases": ("warlords", "base", "W"),
}

WORDS = {
    "en": {"title": "A Distant Plain", "provisional": "PROVISIONAL DATA: see dakbot data status --game adp",
           "tracks": "Tracks", "resources": "Resources", "victory": "Victory (total / needs more than)",
           "cards": "Cards", "card": "Card", "next": "Next", "propaganda": "Propaganda",
           "eligibility": "Eligibility", "boxes": "Available / Casualties", "islamabad": "Islamabad",
           "terror": "Terror", "sabotage": "SABOTAGE", "coin": "COIN", "tal": "TALIBAN", "unc": "no control",
           "econ": "Econ", "cap": "Capability", "mom": "Momentum", "and_res": "and Resources > 40",
           "pop": "Pop {n}", "to_act": "to act", "legend": "* Pashtun   grey frame: Pakistan   hollow = Underground",
           "see": "PROVISIONAL DATA: see", "cmd": "dakbot data status --game adp"},
    "it": {"title": "A Distant Plain", "provisional": "DATI PROVVISORI: vedi dakbot data status --game adp",
           "tracks": "Tabelle", "resources": "Risorse", "victory": "Vittoria (totale / deve superare)",
           "cards": "Carte", "card": "Carta", "next": "Prossima", "propaganda": "Propaganda",
           "eligibility": "Disponibilità", "boxes": "Disponibili / Perdite", "islamabad": "Islamabad",
           "terror": "Terrore", "sabotage": "SABOTAGGIO", "coin": "COIN", "tal": "TALEBANI", "unc": "nessun controllo",
           "econ": "Econ", "cap": "Capacità", "mom": "Momentum", "and_res": "e Risorse > 40",
           "pop": "Pop {n}", "to_act": "deve agire",
           "legend": "* Pashtun   bordo grigio: Pakistan   vuoto = Clandestino",
           "see": "DATI PROVVISORI: vedi", "cmd": "dakbot data status --game adp"},
    "es": {"title": "A Distant Plain", "provisional": "DATOS PROVISIONALES: ver dakbot data status --game adp",
           "tracks": "Contadores", "resources": "Recursos", "victory": "Victoria (total / debe superar)",
           "cards": "Cartas", "card": "Carta", "next": "Siguiente", "propaganda": "Propaganda",
           "eligibility": "Elegibilidad", "boxes": "Disponibles / Bajas", "islamabad": "Islamabad",
           "terror": "Terror", "sabotage": "SABOTAJE", "coin": "COIN", "tal": "TALIBÁN", "unc": "sin control",
           "econ": "Econ", "cap": "Capacidad", "mom": "Impulso", "and_res": "y Recursos > 40",
           "pop": "Pob {n}", "to_act": "debe actuar",
           "legend": "* Pastún   borde gris: Pakistán   hueco = Clandestino",
           "see": "DATOS PROVISIONALES: ver", "cmd": "dakbot data status --game adp"},
    # Japanese: dakbot translation (the seed player aids are Italian)
    "ja": {"title": "A Distant Plain", "provisional": "暫定データ: dakbot data status --game adp を参照",
           "tracks": "トラック", "resources": "資源", "victory": "勝利（合計／超える必要）",
           "cards": "カード", "card": "カード", "next": "次", "propaganda": "プロパガンダ",
           "eligibility": "適格性", "boxes": "利用可能／損耗", "islamabad": "イスラマバード",
           "terror": "テロ", "sabotage": "妨害", "coin": "COIN", "tal": "タリバン", "unc": "支配なし",
           "econ": "経済", "cap": "能力", "mom": "モメンタム", "and_res": "かつ資源 > 40",
           "pop": "人口 {n}", "to_act": "手番", "legend": "* パシュトゥーン   灰色の枠: パキスタン   中空 = 地下",
           "see": "暫定データ: 参照", "cmd": "dakbot data status --game adp"},
}


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes with an adaptive 256-colour palette (deterministic, small)."""
    textboxes.finished(img)
    buf = io.BytesIO()
    q = img.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    q.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()


def _lang(locale: str | None) -> str:
    base = (locale or "en").split("-")[0].split("_")[0]
    return base if base in WORDS else "en"


@lru_cache(maxsize=8)
def _names(lang: str) -> dict[str, str]:
    """``name.<id>`` entries of the engine catalog of ``lang``."""
    from babel.messages.pofile import read_po

    import engine

    path = Path(engine.__file__).parent / "adp" / "locales" / f"{lang}.po"
    with open(path, "rb") as fh:
        return {m.id[5:]: m.string for m in read_po(fh, locale=lang) if m.id and m.id.startswith("name.")}


def name(locale: str, ident: str) -> str:
    """The name of ``ident`` (a faction, track, space ...) in ``locale``'s
    catalog (engine/adp/locales), else the id."""
    return _names(_lang(locale)).get(ident) or ident


def space_name(locale: str, sid: str) -> str:
    """A space's or LoC's name in ``locale`` (the catalog's), else the map data's."""
    own = _names(_lang(locale)).get(sid)
    return own or get_data().spaces[sid].name


@lru_cache(maxsize=1)
def layout() -> dict[str, Any]:
    return yaml.safe_load((HERE / "layout.yaml").read_text(encoding="utf-8"))


def cell(col: float, row: float) -> tuple[int, int, int, int]:
    g = layout()["grid"]
    x = g["x0"] + col * (g["cell_w"] + g["gap"])
    y = g["y0"] + row * (g["cell_h"] + g["gap"])
    return int(x), int(y), g["cell_w"], g["cell_h"]


def corner(col: float, row: float) -> tuple[int, int]:
    g = layout()["grid"]
    return (int(g["x0"] + col * (g["cell_w"] + g["gap"]) - g["gap"] / 2),
            int(g["y0"] + row * (g["cell_h"] + g["gap"]) - g["gap"] / 2))


def centre(sid: str) -> tuple[int, int]:
    x, y, w, h = cell(*layout()["spaces"][sid])
    return x + w // 2, y + h // 2


def draw_piece(d, kind: str, x: int, y: int, s: int) -> int:
    """One piece icon, top-left at (x, y), ``s`` px tall; returns its width."""
    fac, shape, letter = PIECES[kind]
    col, fg = FACTION_COLOUR[fac], FACTION_TEXT[fac]
    if shape == "cube":
        d.rectangle((x, y, x + s - 1, y + s - 1), fill=col, outline=INK, width=2)
        if kind == "police":  # Police: a cube with a white band
            d.rectangle((x + 2, y + s // 2 - 3, x + s - 3, y + s // 2 + 3), fill=WHITE)
    elif shape == "base":
        d.ellipse((x, y, x + s - 1, y + s - 1), fill=col, outline=INK, width=2)
        d.ellipse((x + 4, y + 4, x + s - 5, y + s - 5), outline=WHITE if fg == WHITE else INK, width=2)
    else:
        c = int(s * 0.34)
        pts = [(x + s / 2, y), (x + s - 1, y + c), (x + s - 1, y + s - 1), (x, y + s - 1), (x, y + c)]
        if shape == "guerrilla":
            d.polygon(pts, fill=col, outline=INK)
        else:  # Underground: hollow
            d.polygon(pts, fill=(250, 248, 240), outline=col, width=3)
            fg = col if fac != "warlords" else (150, 70, 120)
    with textboxes.marks():
        d.text((x + s / 2, y + s * 0.58), letter, font=font(int(s * 0.62), "bold"), fill=fg, anchor="mm")
    return s


def _space(d, sid: str, sp: dict, locale: str) -> None:
    data = get_data().spaces[sid]
    x, y, w, h = cell(*layout()["spaces"][sid])
    fill = SUPPORT_FILL[sp["support"]]
    d.rounded_rectangle((x, y, x + w, y + h), radius=14, fill=fill,
                        outline=INK, width=4 if sid == "kabul" else 2)
    if data.pakistan:
        d.rounded_rectangle((x + 4, y + 4, x + w - 4, y + h - 4), radius=12, outline=(110, 110, 100), width=2)
    w_ = WORDS[_lang(locale)]
    label = space_name(locale, sid) + (" *" if data.pashtun else "")
    pop = w_["pop"].format(n=sp["population"]) + (" (+1)" if sp["returnees"] else "")
    room = w - 28 - text_width(pop, font(18))
    size = 21
    while size > 14 and text_width(label, font(size, "bold")) > room:
        size -= 1
    d.text((x + 10, y + 8), label, font=font(size, "bold"), fill=INK, anchor="la")
    d.text((x + w - 10, y + 8), pop, font=font(18), fill=INK, anchor="ra")
    words = []
    ctl = sp["control"]
    words.append(w_["coin"] if ctl == "coin" else w_["tal"] if ctl == "taliban" else w_["unc"])
    if sp["support"]:
        words.append(name(locale, "support" if sp["support"] > 0 else "opposition"))
    if sp["terror"]:
        words.append(f"{w_['terror']} x{sp['terror']}")
    line = " · ".join(words)
    py = y + 64
    if text_width(line, font(17)) <= w - 20:
        d.text((x + 10, y + 36), line, font=font(17), fill=INK, anchor="la")
    else:  # Control on one line, Support and Terror on the next
        for i, part in enumerate((words[0], " · ".join(words[1:]))):
            f = fitted(part, 16, "regular", w - 20, 13)
            d.text((x + 10, y + 34 + i * 19), part, font=f, fill=INK, anchor="la")
        py = y + 74
    px, s = x + 10, 30
    for kind in PIECES:
        k = sp["pieces"].get(kind, 0)
        if not k:
            continue
        label = str(k)
        need = s + 6 + text_width(label, font(20, "bold")) + 10
        if px + need > x + w - 6:
            px, py = x + 10, py + s + 8
        draw_piece(d, kind, px, py, s)
        d.text((px + s + 4, py + s / 2), label, font=font(20, "bold"), fill=INK, anchor="lm")
        px += need


def _end(e: dict) -> tuple[int, int]:
    if e["kind"] == "city":
        return centre(e["id"])
    return corner(*layout()["towns"][e["id"]])


def _loc_lines(d, st: dict) -> None:
    raw = get_data().raw["map.yaml"]
    for loc in raw["locs"]:
        a, b = (_end(e) for e in loc["ends"])
        m = corner(*layout()["locs"][loc["id"]])
        sab = st["spaces"][loc["id"]]["sabotage"]
        d.line((a, m, b), fill=SABOTAGE if sab else LOC_COLOUR, width=10, joint="curve")
        d.line((a, m, b), fill=(250, 240, 210), width=3, joint="curve")
    for town in raw["towns"]:
        cx, cy = corner(*layout()["towns"][town["id"]])
        d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=INK)


def _loc_labels(d, st: dict, locale: str) -> None:
    """Drawn last: each LoC's Econ, Sabotage and pieces at its label point."""
    w_ = WORDS[_lang(locale)]
    for lid, (c, r) in layout()["locs"].items():
        mx, my = corner(c, r)
        sp = st["spaces"][lid]
        text = f"{w_['econ']} {get_data().spaces[lid].econ}" + (f" {w_['sabotage']}" if sp["sabotage"] else "")
        f = font(17, "bold")
        pill(d, mx - (text_width(text, f) + 19) // 2, my - 13, text, SABOTAGE if sp["sabotage"] else LOC_COLOUR,
              WHITE, f, 26)
        kinds = [(k, sp["pieces"][k]) for k in PIECES if sp["pieces"].get(k)]
        px = mx - 24 * len(kinds)
        for kind, k in kinds:
            d.rounded_rectangle((px - 2, my + 15, px + 46, my + 41), radius=6, fill=WHITE, outline=INK)
            draw_piece(d, kind, px, my + 17, 22)
            d.text((px + 26, my + 28), str(k), font=font(17, "bold"), fill=INK, anchor="lm")
            px += 48


def _side_panel(d, st: dict, locale: str, box=None) -> int:
    """The tracks, victory, cards, eligibility and boxes panel on ``box``
    (x, y, w, h; the layout's panel by default). Returns the y below its
    last line."""
    w_ = WORDS[_lang(locale)]
    x, y, w, h = panel(d, box or layout()["panel"], w_["tracks"])
    f, fb = font(19), font(19, "bold")
    tr = st["tracks"]
    rows = [(name(locale, "aid"), tr["aid"]), (name(locale, "patronage"), tr["patronage"])]
    rows += [(f"{w_['resources']}: {name(locale, fac)}", tr["resources"][fac])
             for fac in ("government", "taliban", "warlords")]
    for label, v in rows:
        d.text((x, y), label, font=f, fill=PANEL_TEXT, anchor="la")
        d.text((x + w, y), str(v), font=fb, fill=PANEL_TEXT, anchor="ra")
        y += 28
    isl = tr["islamabad"]
    d.text((x, y), f"{w_['islamabad']}: {name(locale, isl['box'])}" + (f" ({name(locale, 'hard')})" if isl["hard"] else ""),
           font=fb, fill=PANEL_TEXT, anchor="la")
    y += 40
    d.text((x, y), w_["victory"], font=fb, fill=PANEL_DIM, anchor="la")
    y += 30
    for fac, v in st["victory"].items():
        pill(d, x, y, name(locale, fac), FACTION_COLOUR[fac], FACTION_TEXT[fac], font(17, "bold"), 26)
        bar(d, x + 190, y + 4, w - 260, 18, v["total"], 60, FACTION_COLOUR[fac] if fac != "taliban" else (90, 90, 90),
             v["threshold"])
        d.text((x + w, y + 13), f"{v['total']}/{v['threshold']}", font=fb, fill=PANEL_TEXT, anchor="rm")
        y += 34
    d.text((x, y), w_["and_res"] + f" ({name(locale, 'warlords')})", font=font(15), fill=PANEL_DIM, anchor="la")
    y += 36
    d.text((x, y), w_["cards"], font=fb, fill=PANEL_DIM, anchor="la")
    y += 30
    for key, c in (("card", st["card"]["current"]), ("next", st["card"]["next"])):
        if c is None:
            continue
        title = w_["propaganda"] if c["kind"] == "propaganda" else f"#{c['number']} {c['title']}"
        d.text((x, y), f"{w_[key]}: {title}", font=fb if key == "card" else f, fill=PANEL_TEXT, anchor="la")
        y += 26
        flags = [w_[k] for k, on in (("cap", c.get("capability")), ("mom", bool(c.get("momentum")))) if on]
        flags += [w_["islamabad"]] if c.get("islamabad") else []
        if c.get("faction_order"):
            order = " > ".join(name(locale, fac) for fac in c["faction_order"])
            d.text((x + 12, y), order + (" *" if c.get("provisional_order") else ""), font=font(16), fill=PANEL_DIM,
                   anchor="la")
            y += 24
        if flags:
            d.text((x + 12, y), ", ".join(flags), font=font(16), fill=PANEL_DIM, anchor="la")
            y += 24
    y += 10
    d.text((x, y), w_["eligibility"], font=fb, fill=PANEL_DIM, anchor="la")
    y += 30
    for fac, e in st["eligibility"].items():
        pill(d, x, y, name(locale, fac), FACTION_COLOUR[fac], FACTION_TEXT[fac], font(17, "bold"), 26)
        d.text((x + w, y + 13), name(locale, e), font=f, fill=PANEL_TEXT, anchor="rm")
        y += 32
    y += 10
    d.text((x, y), w_["boxes"], font=fb, fill=PANEL_DIM, anchor="la")
    y += 30
    av, cas = st["boxes"]["available"], st["boxes"]["casualties"]
    px = x
    for kind, k in (("coalition_troops", av["coalition_troops"]), ("coalition_bases", av["coalition_bases"]),
                    ("government_troops", av["government_troops"]), ("police", av["police"]),
                    ("taliban_guerrillas_underground", av["taliban_guerrillas"]),
                    ("warlords_guerrillas_underground", av["warlords_guerrillas"])):
        draw_piece(d, kind, px, y, 26)
        d.text((px + 30, y + 13), str(k), font=fb, fill=PANEL_TEXT, anchor="lm")
        px += 70
    y += 40
    d.text((x, y), f"{name(locale, 'coalition_troops')}: {cas['coalition_troops']}, "
                   f"{name(locale, 'coalition_bases')}: {cas['coalition_bases']}", font=f, fill=PANEL_TEXT, anchor="la")
    y += 34
    for label, lst in ((w_["cap"], st["capabilities"]), (w_["mom"], st["momentum"])):
        if lst:
            d.text((x, y), f"{label}: " + ", ".join(f"#{m['card']}" for m in lst), font=f, fill=PANEL_TEXT,
                   anchor="la")
            y += 28
    return y


@localized
def draw_board(state: Any, locale: str = "en") -> Image.Image:
    """The map of an exported A Distant Plain state (``engine.export_state``)."""
    st = state if isinstance(state, dict) else __import__("engine").export_state(state)
    if st.get("game") != "adp":
        raise TypeError("not an A Distant Plain state")
    W, H = layout()["canvas"]
    img = Image.new("RGB", (W, H), BG)
    d = FastDraw(img)
    w_ = WORDS[_lang(locale)]
    d.text((24, 22), w_["title"], font=font(36, "bold"), fill=INK, anchor="la")
    f = font(20, "bold")
    cw = code_width(w_["cmd"], f)
    code(d, W - 24 - cw, 30, w_["cmd"], f, SABOTAGE)
    d.text((W - 36 - cw, 30), w_["see"], font=f, fill=SABOTAGE, anchor="ra")
    for sid in layout()["spaces"]:
        if get_data().spaces[sid].pakistan:
            x, y, w, h = cell(*layout()["spaces"][sid])
            d.rectangle((x - 10, y - 10, x + w + 10, y + h + 10), fill=PAKISTAN_BG)
    _loc_lines(d, st)
    for sid in layout()["spaces"]:
        _space(d, sid, st["spaces"][sid], locale)
    _loc_labels(d, st, locale)
    d.text((24, H - 16), w_["legend"], font=font(17), fill=INK, anchor="ls")
    _side_panel(d, st, locale)
    return img


@localized
def render(state: Any, locale: str = "en") -> bytes:
    """The map picture as PNG bytes (1920 x 1180 px); the same state gives the same bytes."""
    return encode_png(draw_board(state, locale))


@localized
def render_card(number: int, locale: str = "en") -> bytes:
    """A card face of our own: number, title, faction order, flags (no text)."""
    c = get_data().cards[number]
    w_ = WORDS[_lang(locale)]
    img = Image.new("RGB", (520, 300), (246, 242, 228))
    d = FastDraw(img)
    d.rounded_rectangle((4, 4, 515, 295), radius=16, outline=INK, width=3)
    d.text((20, 18), f"#{number}", font=font(28, "bold"), fill=INK, anchor="la")
    d.text((20, 58), c.title, font=font(30, "bold"), fill=INK, anchor="la")
    x = 20
    for fac in c.faction_order:
        r = pill(d, x, 110, name(locale, fac), FACTION_COLOUR[fac], FACTION_TEXT[fac], font(17, "bold"), 28)
        x = r[2] + 6
    flags = [w_[k] for k, on in (("cap", c.capability), ("mom", bool(c.momentum))) if on]
    flags += [w_["islamabad"]] if c.islamabad else []
    d.text((20, 160), ", ".join(flags), font=font(20, "bold"), fill=SABOTAGE, anchor="la")
    d.text((20, 250), w_["provisional"].split(":")[0], font=font(16), fill=INK, anchor="la")
    return encode_png(img)
