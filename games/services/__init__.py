"""Every write at a table, one module per subject: `tables` opens and abandons them, `hands`
records and corrects hands, and what follows from a change is written by `changes` (the
course rebuilt, the seq and the feed), `projection` (the derived rows) and `settlement` (the pool's
stakes). Each write runs in one transaction that first locks the table row.
"""
