"""What the pages draw, made for games/views/ from the selectors and the services, in the
reader's words (games/presentation): a table's page and its panels (table.py, scorers.py,
wager_forms.py), the scorer's widgets and the hand being played (score_widgets.py), a hand drawn
for the hand-by-hand page (hand_by_hand.py), what a correction or an undo will change (effects.py)
and the advisor's note (advice.py). The views import these, never one another."""
