"""Colours and words of the Gandhi pictures.

Colours are chosen so that nothing is told by colour alone: support has a
word beside its colour (blue = Support, terracotta = Opposition, a scale safe
for the common colour-vision deficiencies), every piece carries a letter and a
shape, every faction a name.

Labels exist in en, it, es and ja, in each language's rules terms
(``../shared/reference/gandhi/glossary.md``); any other locale gets English.
Japanese is drawn with the CJK face (:func:`.fonts.for_locale`).
"""
from __future__ import annotations

from pathlib import Path

SEA = (44, 74, 98)
SEA_LINE = (60, 94, 120)
PANEL = (24, 37, 50)
PANEL_EDGE = (92, 118, 140)
PANEL_TEXT = (240, 240, 236)
PANEL_DIM = (168, 182, 194)
INK = (28, 28, 30)
INK_SOFT = (70, 70, 74)
WHITE = (255, 255, 255)

SUPPORT_FILL = {
    2: (104, 152, 212),    # Active Support
    1: (184, 208, 238),    # Passive Support
    0: (236, 230, 212),    # Neutral
    -1: (242, 196, 166),   # Passive Opposition
    -2: (218, 134, 96),    # Active Opposition
}
PROVINCE_EDGE = (40, 40, 44)
PRINCELY_TRIM = (214, 168, 28)
MUSLIM_TRIM = (28, 128, 64)
CITY_EDGE = (20, 20, 24)

RAJ_RED = (200, 36, 36)
SEPOY_WHITE = (246, 246, 242)
INC_ORANGE = (245, 130, 20)
ML_GREEN = (30, 130, 60)
REV_BLACK = (26, 26, 28)
GANDHI_FILL = (255, 250, 235)

FACTION_COLOUR = {"raj": RAJ_RED, "inc": INC_ORANGE, "ml": ML_GREEN, "rev": REV_BLACK}
FACTION_TEXT = {"raj": WHITE, "inc": INK, "ml": WHITE, "rev": WHITE}
FACTIONS = ("raj", "inc", "ml", "rev")

RAIL_DARK = (30, 30, 34)
RAIL_TIE = (238, 232, 214)
STRIKE_RED = (196, 20, 20)
PROTEST_FILL = (255, 214, 0)
UNREST_FILL = (98, 48, 140)
CONTROL_FILL = (120, 20, 24)
CRISIS_FILL = (196, 20, 20)

_EN = {
    "piece.troop": "Troops", "piece.sepoy": "Sepoys", "piece.inc_activist_active": "INC Activists (Active)",
    "piece.inc_activist_inactive": "INC Activists (Inactive)", "piece.gandhi": "Gandhi",
    "piece.ml_activist_active": "ML Activists (Active)", "piece.ml_activist_inactive": "ML Activists (Inactive)",
    "piece.ml_base": "ML Bases", "piece.guerrilla_active": "Guerrillas (Active)",
    "piece.guerrilla_underground": "Guerrillas (Underground)", "piece.rev_base": "Rev Bases",
    "faction.raj": "Raj", "faction.inc": "INC", "faction.ml": "ML", "faction.rev": "Rev",
    "support.2": "Active Support", "support.1": "Passive Support", "support.0": "Neutral",
    "support.-1": "Passive Opp.", "support.-2": "Active Opp.",
    "support_short.2": "Act. Sup.", "support_short.1": "Pass. Sup.", "support_short.0": "Neutral",
    "support_short.-1": "Pass. Opp.", "support_short.-2": "Act. Opp.",
    "pop": "Pop {n}", "control": "RAJ", "protest": "PROTEST", "unrest": "UNREST",
    "muslim_state": "MUSLIM STATE", "strike": "STRIKE", "econ": "Econ {n}",
    "type.city": "City", "type.province": "Province", "type.princely_state": "Princely State",
    "type.railway": "Railway", "muslim": "Muslim",
    "victory": "Victory", "resources": "Resources", "restraint": "Restraint",
    "unity": "Unity", "crisis": "CRISIS", "protests_available": "Protests available: {n}",
    "current": "Current card", "next": "Next card", "none": "none",
    "viceroy": "Viceroy", "deck": "Deck {n} cards, {c} Campaigns left",
    "eligibility": "Eligibility",
    "elig.eligible": "Eligible", "elig.ineligible": "Ineligible", "elig.passed": "Passed",
    "elig.acted": "Acted", "elig.acting": "Acting", "to_act": "to act",
    "box.available": "Available", "box.out_of_play": "Out of Play", "box.prison": "Prison",
    "kind.troop": "Troops", "kind.sepoy": "Sepoys", "kind.inc_activist": "INC Activists",
    "kind.ml_activist": "ML Activists", "kind.gandhi": "Gandhi", "kind.guerrilla": "Guerrillas",
    "kind.ml_base": "ML Bases", "kind.rev_base": "Rev Bases",
    "legend": "Key", "legend.solid": "solid = Active", "legend.hollow": "hollow = Inactive / Underground",
    "legend.troop": "Troop", "legend.sepoy": "Sepoy", "legend.inc": "INC Activist",
    "legend.ml": "ML Activist", "legend.gandhi": "Gandhi", "legend.guerrilla": "Guerrilla",
    "legend.ml_base": "ML Base", "legend.rev_base": "Rev Base", "legend.control": "Raj Control",
    "move": "Move {n}", "turn_card": "Card {n}: #{c}", "scenario.main": "Main 1917-1947", "scenario.short": "Short 1930-1947",
    "event": "Event", "campaign": "Campaign", "unshaded": "Unshaded", "shaded": "Shaded",
    "capability": "Raj capability", "np": "Non-player Raj", "game_over": "Game over",
    "winner": "Winner: {w}", "threshold": "/ {t}",
}
_IT = {
    "piece.troop": "Truppe", "piece.sepoy": "Sepoy", "piece.inc_activist_active": "Attivisti INC (Attivi)",
    "piece.inc_activist_inactive": "Attivisti INC (Inattivi)", "piece.gandhi": "Gandhi",
    "piece.ml_activist_active": "Attivisti ML (Attivi)", "piece.ml_activist_inactive": "Attivisti ML (Inattivi)",
    "piece.ml_base": "Basi ML", "piece.guerrilla_active": "Guerriglie (Attive)",
    "piece.guerrilla_underground": "Guerriglie (Nascoste)", "piece.rev_base": "Basi Rev",
    "support.2": "Supporto Attivo", "support.1": "Supporto Passivo", "support.0": "Neutrale",
    "support.-1": "Opp. Passiva", "support.-2": "Opp. Attiva",
    "support_short.2": "Sup. Att.", "support_short.1": "Sup. Pass.", "support_short.0": "Neutrale",
    "support_short.-1": "Opp. Pass.", "support_short.-2": "Opp. Att.",
    "pop": "Pop {n}", "protest": "PROTESTA", "unrest": "DISORDINI", "muslim_state": "STATO MUSULMANO",
    "strike": "SCIOPERO", "econ": "Econ {n}", "type.city": "Città", "type.province": "Provincia",
    "type.princely_state": "Stato Principato", "type.railway": "Ferrovia", "muslim": "Musulmano",
    "victory": "Vittoria", "resources": "Risorse", "restraint": "Restrizioni", "unity": "Unità",
    "crisis": "CRISI", "protests_available": "Proteste disponibili: {n}",
    "current": "Carta corrente", "next": "Prossima carta", "none": "nessuna", "viceroy": "Viceré",
    "deck": "Mazzo {n} carte, {c} Campagne", "eligibility": "Disponibilità",
    "elig.eligible": "Disponibile", "elig.ineligible": "Indisponibile", "elig.passed": "Passato",
    "elig.acted": "Ha agito", "elig.acting": "Agisce", "to_act": "deve agire",
    "box.available": "Disponibili", "box.out_of_play": "Fuori Gioco", "box.prison": "Prigione",
    "kind.troop": "Truppe", "kind.sepoy": "Sepoy", "kind.inc_activist": "Attivisti INC",
    "kind.ml_activist": "Attivisti ML", "kind.guerrilla": "Guerriglie", "kind.ml_base": "Basi ML",
    "kind.rev_base": "Basi Rev", "legend": "Legenda", "legend.solid": "pieno = Attivo",
    "legend.hollow": "vuoto = Inattivo / Nascosta", "legend.troop": "Truppa",
    "legend.inc": "Attivista INC", "legend.ml": "Attivista ML", "legend.guerrilla": "Guerriglia",
    "legend.ml_base": "Base ML", "legend.rev_base": "Base Rev", "legend.control": "Controllo Raj",
    "move": "Mossa {n}", "turn_card": "Carta {n}: #{c}", "scenario.main": "Principale 1917-1947", "scenario.short": "Breve 1930-1947",
    "event": "Evento", "campaign": "Campagna", "unshaded": "Non ombreggiato", "shaded": "Ombreggiato",
    "capability": "Capacità Raj", "np": "Raj non giocante", "game_over": "Partita finita",
    "winner": "Vince: {w}",
}
_ES = {
    "pop": "Pob {n}", "econ": "Econ {n}",
    "piece.troop": "Tropas", "piece.sepoy": "Cipayos", "piece.inc_activist_active": "Activistas INC (Activos)",
    "piece.inc_activist_inactive": "Activistas INC (Inactivos)", "piece.gandhi": "Gandhi",
    "piece.ml_activist_active": "Activistas ML (Activos)", "piece.ml_activist_inactive": "Activistas ML (Inactivos)",
    "piece.ml_base": "Bases ML", "piece.guerrilla_active": "Guerrillas (Activas)",
    "piece.guerrilla_underground": "Guerrillas (Ocultas)", "piece.rev_base": "Bases Rev",
    "support.2": "Apoyo Activo", "support.1": "Apoyo Pasivo", "support.0": "Neutral",
    "support.-1": "Opos. Pasiva", "support.-2": "Opos. Activa",
    "support_short.2": "Apoyo Act.", "support_short.1": "Apoyo Pas.", "support_short.-1": "Opos. Pas.",
    "support_short.-2": "Opos. Act.", "protest": "PROTESTA", "unrest": "DISTURBIOS",
    "muslim_state": "ESTADO MUSULMÁN", "strike": "HUELGA", "type.city": "Ciudad",
    "type.province": "Provincia", "type.princely_state": "Estado Nativo",
    "type.railway": "Ferrocarril", "muslim": "Musulmán", "victory": "Victoria",
    "resources": "Recursos", "restraint": "Moderación", "unity": "Unidad", "crisis": "CRISIS",
    "protests_available": "Protestas disponibles: {n}", "current": "Carta actual",
    "next": "Siguiente carta", "none": "ninguna", "viceroy": "Virrey",
    "deck": "Mazo {n} cartas, {c} Campañas", "eligibility": "Elegibilidad",
    "elig.eligible": "Elegible", "elig.ineligible": "No elegible", "elig.passed": "Pasó",
    "elig.acted": "Actuó", "elig.acting": "Actúa", "to_act": "decide",
    "box.available": "Disponibles", "box.out_of_play": "Fuera de juego", "box.prison": "Prisión",
    "kind.troop": "Tropas", "kind.sepoy": "Cipayos", "kind.inc_activist": "Activistas INC",
    "kind.ml_activist": "Activistas ML", "kind.guerrilla": "Guerrillas", "kind.ml_base": "Bases ML",
    "kind.rev_base": "Bases Rev", "legend": "Leyenda", "legend.solid": "lleno = Activo",
    "legend.hollow": "hueco = Inactivo / Oculto", "legend.troop": "Tropa",
    "legend.sepoy": "Cipayo", "legend.inc": "Activista INC", "legend.ml": "Activista ML",
    "legend.guerrilla": "Guerrilla", "legend.ml_base": "Base ML", "legend.rev_base": "Base Rev",
    "legend.control": "Control Raj", "move": "Jugada {n}", "turn_card": "Carta {n}: #{c}", "scenario.main": "Principal 1917-1947",
    "scenario.short": "Corto 1930-1947", "event": "Evento", "campaign": "Campaña",
    "unshaded": "Sin sombrear", "shaded": "Sombreado", "capability": "Capacidad Raj",
    "np": "Raj no jugador", "game_over": "Fin de la partida", "winner": "Gana: {w}",
}


def _load_labels(lang: str) -> dict[str, str]:
    """Picture labels kept as data beside this module (``labels_<lang>.yaml``)."""
    import yaml

    with open(Path(__file__).with_name(f"labels_{lang}.yaml"), encoding="utf-8") as fh:
        return dict(yaml.safe_load(fh))


_JA = _load_labels("ja")
_TABLES = {"en": _EN, "it": _IT, "es": _ES, "ja": _JA}


def lang(locale: str | None) -> str:
    """The label language for a Discord locale: ``"it"``, ``"es"``, ``"ja"`` or
    ``"en"``. ``"es-ES"`` → ``"es"``; a locale without a table → ``"en"``."""
    base = (locale or "en").split("-")[0].split("_")[0].lower()
    return base if base in _TABLES else "en"


def place(locale: str | None, ident: str) -> str | None:
    """The name of a space, Town or Railway in ``locale`` when the game's
    catalog gives it a name other than the English one (Japanese names,
    Italian "Ferrovia ..."), else None (draw the layout's label)."""
    from engine.core.catalogs import name

    loc = lang(locale)
    if loc == "en":
        return None
    own, en = name("gandhi", loc, ident), name("gandhi", "en", ident)
    return own if own and own != en else None


def t(locale: str | None, key: str, **params) -> str:
    """The label ``key`` in ``locale`` (English when missing), formatted with ``params``."""
    s = _TABLES[lang(locale)].get(key) or _EN.get(key, key)
    return s.format(**params) if params else s
