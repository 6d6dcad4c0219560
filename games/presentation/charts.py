"""Charts drawn on the server as SVG: small, pure functions from numbers to markup, for the
member's page (his rating over time, his results by evening), the standings (each player's
trend) and the settle-up (who won and who lost at play that evening).

Each function takes the figures and the words the chart says (already in the reader's
language: the caller translates them and writes amounts with `money_text.local`), and returns
the SVG as safe markup, every text in it escaped; or None when there is nothing to draw, where
the page says so in a sentence. Each SVG is an image with a name (role="img", aria-label and
<title>); the page also gives its figures as text or a table, for those who do not see it.
It scales to the width of its box (a viewBox, width 100% in club.css), and its lengths are
drawn from the figures here only: money stays whole cents everywhere else."""
import textwrap

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

WIDE = 340  # the drawing's width in its own units: about its width in px on a 390 px phone


def _n(value: float) -> str:
    """A coordinate as SVG writes it: one decimal, a point whatever the language."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _svg(width: float, height: float, label: str, body: list[str], css: str) -> SafeString:
    name = escape(label)
    return mark_safe(
        f'<svg class="chart-svg {css}" viewBox="0 0 {_n(width)} {_n(height)}" role="img" '
        f'aria-label="{name}" xmlns="http://www.w3.org/2000/svg"><title>{name}</title>'
        + "".join(body) + "</svg>")


def _text(x: float, y: float, words: str, css: str = "", anchor: str = "start") -> str:
    return (f'<text x="{_n(x)}" y="{_n(y)}" class="{css}" text-anchor="{anchor}">'
            f"{escape(words)}</text>")


def _short(words: str, most: int) -> str:
    """A name cut to `most` characters, with an ellipsis: the chart's label, the full name is
    in its title and the page's figures."""
    return words if len(words) <= most else words[:most - 1].rstrip() + "…"


def _two_lines(words: str, most: int) -> list[str]:
    """A name on one line or two of `most` characters, broken between its words; only a word
    longer than a line, or what would take a third, is cut (`_short`)."""
    lines = textwrap.wrap(words, most, break_long_words=False) or [""]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [_short(line, most) for line in lines]


def scale(low: float, high: float, start: float, end: float):
    """The function mapping values from low..high onto start..end (either way round); the
    middle of start..end when low and high are the same."""
    if high == low:
        return lambda value: (start + end) / 2
    return lambda value: start + (value - low) * (end - start) / (high - low)


def sparkline(values: list[float], *, label: str, width: float = 72,
              height: float = 22) -> SafeString | None:
    """A small line of `values` in order, oldest first, the last one dotted: a player's trend
    in a row of the standings. None when there is no value."""
    if not values:
        return None
    pad = 2.5
    x = scale(0, len(values) - 1, pad, width - pad)
    y = scale(min(values), max(values), height - pad, pad)
    points = " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in enumerate(values))
    last = len(values) - 1
    return _svg(width, height, label, [
        f'<polyline class="line" points="{points}"/>',
        f'<circle class="dot" cx="{_n(x(last))}" cy="{_n(y(values[last]))}" r="2.5"/>',
    ], "spark")


def line(points: list[tuple[str, float]], *, label: str, width: float = WIDE,
         height: float = 170) -> SafeString | None:
    """A line through (label, value) points in order, oldest first, evenly spaced, with the
    values' axis from the lowest to the highest, zero always in it (a rating starts at 0):
    a member's rating game after game. Each point is a dot whose title says its label and
    value. None when there is no point."""
    if not points:
        return None
    values = [value for _, value in points]
    low, high = min(0.0, *values), max(0.0, *values)
    if high == low:
        high = low + 1
    left, right, top, bottom = 36, width - 8, 10, height - 22
    x = scale(0, len(points) - 1, left, right)  # one point stands in the middle
    y = scale(low, high, bottom, top)
    body = [f'<line class="axis" x1="{left}" x2="{_n(right)}" y1="{_n(y(0))}" y2="{_n(y(0))}"/>']
    drawn = []
    for tick in (0.0, high, low):  # zero first; a tick too near one drawn is left out
        if all(abs(y(tick) - y(other)) >= 12 for other in drawn):
            drawn.append(tick)
            body.append(_text(left - 5, y(tick) + 4, number_format(tick, 1), "tick", "end"))
    body.append('<polyline class="line" points="'
                + " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in enumerate(values)) + '"/>')
    if len(points) <= 60:
        body += [f'<circle class="dot" cx="{_n(x(i))}" cy="{_n(y(v))}" r="3">'
                 f"<title>{escape(labelled(words, number_format(v, 1)))}</title></circle>"
                 for i, (words, v) in enumerate(points)]
    body.append(_text(left, height - 5, points[0][0], "tick"))
    if len(points) > 1:
        body.append(_text(right, height - 5, points[-1][0], "tick", "end"))
    return _svg(width, height, label, body, "line-chart")


def _diverging(rows: list[tuple[str, int, int, str, str]], label: str, width: float,
               css: str) -> SafeString | None:
    """Horizontal bars around a zero line, a row each: (its label, what goes below zero, to
    the left, and what goes above, to the right, both >= 0, the row's figure as text, and the
    row's title). The zero line stands where the largest of each side fits."""
    if not rows:
        return None
    below = max(row[1] for row in rows)
    above = max(row[2] for row in rows)
    row_height, names, figures = 30, 104, 66
    start, end = names + 4, width - figures - 4
    zero = scale(0, below + above, start, end)(below) if below + above else start
    length = scale(0, below + above or 1, 0, end - start)
    height = row_height * len(rows) + 4
    body = []
    for i, (words, left, right, figure, title) in enumerate(rows):
        top = 2 + i * row_height
        middle = top + row_height / 2 + 5
        body.append(f"<g><title>{escape(title)}</title>")
        names = _two_lines(words, 13)
        body += [_text(0, middle + 13 * (n - (len(names) - 1) / 2), line, "name")
                 for n, line in enumerate(names)]
        if left:
            size = length(left)
            body.append(f'<rect class="neg" x="{_n(zero - size)}" y="{top + 6}" '
                        f'width="{_n(size)}" height="{row_height - 12}"/>')
        if right:
            body.append(f'<rect class="pos" x="{_n(zero)}" y="{top + 6}" '
                        f'width="{_n(length(right))}" height="{row_height - 12}"/>')
        body.append(_text(width, middle, figure, "figure", "end") + "</g>")
    body.append(f'<line class="zero" x1="{_n(zero)}" x2="{_n(zero)}" y1="0" '
                f'y2="{height}"/>')
    return _svg(width, height, label, body, css)


def labelled(name: str, value: str) -> str:
    """"Athos: +4.50", as the reader's language writes a label before its value."""
    return _("%(name)s: %(value)s") % {"name": name, "value": value}


def money_bars(rows: list[tuple[str, int, str]], *, label: str,
               width: float = WIDE) -> SafeString | None:
    """Money won and lost: a bar for each (name, cents, the amount as the page writes it), to
    the right of zero for money won, to the left for money lost. None when there is no row."""
    return _diverging([(name, max(-cents, 0), max(cents, 0), amount, labelled(name, amount))
                       for name, cents, amount in rows], label, width, "money-bars")


def result_bars(rows: list[tuple[str, int, int, str]], *, label: str,
                width: float = WIDE) -> SafeString | None:
    """Games won and lost by evening: for each (the evening's label, games won, games lost,
    the row's title), the games won to the right of zero and those lost to the left, "won–lost"
    beside them. None when there is no evening."""
    return _diverging([(day, lost, won, f"{won}–{lost}", title)
                       for day, won, lost, title in rows], label, width, "result-bars")
