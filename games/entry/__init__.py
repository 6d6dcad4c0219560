"""The scorer's forms and the hand records they write, for the three forms of the game: what a
page sends becomes a record (forms.py, `HandForm`, a refusal beside its field), written by
records.py, which also reads a record back into the form's fields (`prefill`). The pages in
games/views/ post to them; nothing here renders a page."""
