"""A finished table's result card: a PNG made on the server, for a member to send to the club's
group chat, and the link preview of the table's page (its Open Graph image).

Only a won table has one (`card_facts`; 404 otherwise): its name, the winner, the pot of a
pool and the day it ended, and below them the games won by each player of a pool or a rubber,
by each side of a match à quatre, or the end of a game à trois in words (its two phases, the
sentence of the table's banner: games.presentation.words.game_end), read from the table's
state (games.selectors.table_state) and, for a pool or a rubber, its Game rows. The card is
drawn in the reader's language with Pillow's own scalable font (`ImageFont.load_default`),
which has no accented letters: each is drawn as its plain letter with its accent drawn over it
(`_write`). The card is public, shared and previewed: its players are named as an anonymous
reader reads them (games.selectors.names: the initials of those who chose them). A card never
changes while its table and its players' names do not, and every change of a table moves its
`seq` on, so the PNG is cached under the table's `seq`, the names' version (games.cached) and
the language; a correction that changes a finished table gets a new one.
"""
import io
import unicodedata

from django.core.cache import cache
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw, ImageFont

from club import money_text
from games import cached
from games.models import Game, Table
from games.pages.table import visible_table
from games.presentation import words
from games.selectors.names import names_of, public_snapshot
from games.selectors.pool import pot_cents
from games.selectors.table_state import state_of

SIZE = (1200, 630)  # the link previews' size (og:image:width and height)
CACHED = 7 * 24 * 3600  # s
FELT, PAPER, INK, MUTED, RED, LINE = ("#1f5b3f", "#faf8f2", "#1d2320", "#5b625e", "#b3261e",
                                      "#d9d4c5")
HEADLINES = {Table.Kind.POOL: gettext_lazy("%(name)s wins the pool"),
             Table.Kind.RUBBER: gettext_lazy("%(name)s wins the rubber"),
             Table.Kind.TROIS: gettext_lazy("%(name)s wins the game à trois"),
             Table.Kind.QUATRE: gettext_lazy("%(name)s win the match à quatre")}


def card_facts(table: Table) -> dict | None:
    """What a won table's card says, in the reader's language: `players` [(name, games won)]
    (à quatre the sides), or à trois `said`, the end of its game in words; None for a table
    in play or abandoned."""
    if table.status != Table.Status.WON:
        return None
    state = state_of(table)
    names = names_of(list(state.names), None)  # the card is public: shared, previewed

    def name(pk) -> str:
        return names.get(pk, f"#{pk}")

    def named(ids) -> str:
        return " & ".join(name(pk) for pk in ids)
    said = None
    if table.format == Table.Kind.TROIS:
        winner, players = name(state.winner), []
        said = words.game_end(public_snapshot(table.snapshot))  # the table's banner
    elif table.format == Table.Kind.QUATRE:
        winner, match = named(state.winner), state.course.engine
        players = sorted(((named(pair), match.games_won[pair]) for pair in match.partnerships),
                         key=lambda row: -row[1])
    else:
        won = dict(Game.objects.filter(table=table, winner__isnull=False).values_list("winner")
                   .annotate(n=Count("id")).order_by())
        players = sorted(((name(pk), won.get(pk, 0)) for pk in table.seating),
                         key=lambda row: -row[1])
        winner = name(state.winner)
    pot = pot_cents(table, state.course) if table.format == Table.Kind.POOL else 0
    headline = HEADLINES[table.format] % {"name": winner}
    day = date_format(timezone.localtime(table.finished_at), "DATE_FORMAT") if (
        table.finished_at) else ""
    games = said or ", ".join(ngettext("%(name)s %(n)s game won", "%(name)s %(n)s games won",
                                       n) % {"name": name, "n": n} for name, n in players)
    description = _("%(headline)s at the table “%(table)s”: %(games)s.") % {
        "headline": headline, "table": table.name, "games": games}
    if pot:
        description += " " + _("The pot: %(pot)s.") % {"pot": money_text.local(pot)}
    if day:
        description += f" {day}."
    return {"table": table.name, "headline": headline, "winner": winner, "players": players,
            "said": said, "pot": money_text.local(pot) if pot else None, "day": day,
            "seq": table.seq, "description": description}


def result_card(request, table_id: int):
    """The PNG of a won table; 404 for any other."""
    table = visible_table(request, table_id)
    facts = card_facts(table)
    if facts is None:
        raise Http404("only a won table has a result card")
    key = f"result-card:{table.pk}:{table.seq}:{cached.names_version()}:{get_language()}"
    png = cache.get(key)
    if png is None:
        png = draw(facts)
        cache.set(key, png, CACHED)
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "max-age=600"
    return response


# -- drawing ------------------------------------------------------------------------------
_FONTS: dict = {}
_GLYPHS: dict = {}


def _font(size: int):
    if size not in _FONTS:
        _FONTS[size] = ImageFont.load_default(size=size)
    return _FONTS[size]


def _drawable(font, char: str) -> bool:
    """Whether the font has a glyph for `char` (its mask differs from the missing glyph's)."""
    key = (font.size, char)
    if key not in _GLYPHS:
        _GLYPHS[key] = char.isspace() or bytes(font.getmask(char)) != bytes(
            font.getmask("\uffff"))
    return _GLYPHS[key]


PLAIN = {"–": "-", "—": "-", "€": "EUR", "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss"}


def _plain(font, text: str) -> tuple[str, list[tuple[int, str]]]:
    """The text in letters the font draws, and the accents to draw over (or under) some of
    them: (position of the letter, combining mark). A letter with no glyph nor plain form
    becomes "?"."""
    letters, marks = [], []
    for char in text:
        if _drawable(font, char):
            letters.append(char)
            continue
        base, *combining = unicodedata.normalize("NFD", char)
        if combining and _drawable(font, base):
            marks += [(len(letters), mark) for mark in combining]
            letters.append(base)
        else:
            letters.append(PLAIN.get(char, "?"))
    return "".join(letters), marks


def _wrap(text: str, size: int, width: int) -> list[str]:
    """The text in lines of whole words that fit `width` at `size` (a word longer than the
    line has it to itself)."""
    font, lines = _font(size), []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and font.getlength(_plain(font, joined)[0]) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _fit(text: str, size: int, width: int, least: int = 24) -> tuple[str, int]:
    """The text and a font size, at most `size`, at which it fits `width`; cut with an
    ellipsis when even `least` is too large."""
    while size > least and _font(size).getlength(_plain(_font(size), text)[0]) > width:
        size -= 2
    font = _font(size)
    while len(text) > 1 and font.getlength(_plain(font, text)[0]) > width:
        text = text[:-2].rstrip() + "…"
    return text, size


def _accent(draw, box: tuple, mark: str, size: int, fill: str) -> None:
    """Draws a combining mark over (a cedilla under) the letter whose box is `box`."""
    left, top, right, bottom = box
    middle, w = (left + right) / 2, int(max(size / 14, 2))
    high, low = top - size * 0.07, top - size * 0.25
    if mark == "\u0301":  # acute
        draw.line([(middle - size * .06, high), (middle + size * .08, low)], fill=fill, width=w)
    elif mark == "\u0300":  # grave
        draw.line([(middle + size * .06, high), (middle - size * .08, low)], fill=fill, width=w)
    elif mark == "\u0302":  # circumflex
        draw.line([(middle - size * .11, high), (middle, low), (middle + size * .11, high)],
                  fill=fill, width=w, joint="curve")
    elif mark == "\u0308":  # diaeresis
        for x in (middle - size * .09, middle + size * .09):
            r = w * .9
            draw.ellipse([x - r, (high + low) / 2 - r, x + r, (high + low) / 2 + r], fill=fill)
    elif mark == "\u0303":  # tilde
        step = size * .06
        draw.line([(middle - 2 * step, high), (middle - step, low), (middle + step, high),
                   (middle + 2 * step, low)], fill=fill, width=w, joint="curve")
    elif mark == "\u030a":  # ring
        r = size * .07
        draw.ellipse([middle - r, low - r / 2, middle + r, low + 1.5 * r], outline=fill,
                     width=w)
    elif mark == "\u0327":  # cedilla
        draw.line([(middle, bottom - size * .02), (middle, bottom + size * .07),
                   (middle + size * .07, bottom + size * .12),
                   (middle + size * .03, bottom + size * .2),
                   (middle - size * .07, bottom + size * .21)], fill=fill, width=w + 1,
                  joint="curve")


def _write(draw, xy: tuple, text: str, size: int, fill: str, anchor: str = "ls") -> None:
    """Writes `text` with its accents, its baseline's start (or end, anchor "rs") at `xy`."""
    font = _font(size)
    plain, marks = _plain(font, text)
    x, y = xy
    if anchor == "rs":
        x -= font.getlength(plain)
    draw.text((x, y), plain, font=font, fill=fill, anchor="ls")
    for at, mark in marks:
        start = x + font.getlength(plain[:at])
        letter = plain[at]
        _, top, _, bottom = font.getbbox(letter, anchor="ls")
        _accent(draw, (start, y + top, start + font.getlength(letter), y + bottom), mark,
                size, fill)


def draw(facts: dict) -> bytes:
    """The card as PNG bytes, SIZE wide and high."""
    width, height = SIZE
    image = Image.new("RGB", SIZE, FELT)
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle([32, 32, width - 32, height - 32], radius=28, fill=PAPER)
    left, right = 84, width - 84
    _write(pen, (left, 108), "Écarté Club", 30, FELT)
    if facts["day"]:
        _write(pen, (right, 108), facts["day"], 30, MUTED, anchor="rs")
    diamond = [(left + 18, 132), (left + 34, 158), (left + 18, 184), (left + 2, 158)]
    pen.polygon(diamond, fill=RED)
    room = right - left - 50
    if facts["pot"]:  # on the right of the table's name
        pot = _("The pot: %(pot)s") % {"pot": facts["pot"]}
        _write(pen, (right, 172), pot, 36, FELT, anchor="rs")
        room -= _font(36).getlength(_plain(_font(36), pot)[0]) + 40
    table, size = _fit(facts["table"], 40, room)
    _write(pen, (left + 50, 172), table, size, INK)
    headline, size = _fit(facts["headline"], 68, right - left)
    _write(pen, (left, 262), headline, size, FELT)
    pen.line([(left, 292), (right, 292)], fill=LINE, width=3)
    if facts["said"]:  # à trois: the end of the game in words, over up to four lines
        size = 44
        while size > 28 and len(_wrap(facts["said"], size, right - left)) > 4:
            size -= 4
        for i, line in enumerate(_wrap(facts["said"], size, right - left)[:4]):
            _write(pen, (left, 356 + i * int(size * 1.45)), line, size, INK)
        return _png(image)
    _write(pen, (left, 340), _("Games won"), 28, MUTED)
    most = max([n for _name, n in facts["players"]] + [1])
    bar = right - 80 - (left + 400)  # the most games won's length
    for i, (name, n) in enumerate(facts["players"][:3]):
        y = 400 + i * 66
        name, size = _fit(name, 40, 380)
        _write(pen, (left, y), name, size, INK)
        if n:
            pen.rounded_rectangle([left + 400, y - 32, left + 400 + bar * n / most, y + 2],
                                  radius=8, fill=FELT if name == facts["winner"] else MUTED)
        _write(pen, (right, y), str(n), 40, INK, anchor="rs")
    return _png(image)


def _png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
