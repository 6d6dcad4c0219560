"""How the club shows its records, in the reader's language: the faces that the pages, the admin,
the exports and the API share.

    display.py  hand records and results in words and in HTML, the cards with their symbols
    words.py    the game's words for the pages: cards, table options, the live script's words,
                refusals and analysis, a table's history, wager outcomes
    marks.py    the marks of a hand by name, one name each
    cards.py    the card's words, once for every face: the rank letters as the reader writes
                them (R D V in French) and each card's name for screen readers
    engine_words.py  the details of the engine's refusals in the reader's words, made from
                each refusal's detail and parameters (its English message is the API's)
"""
