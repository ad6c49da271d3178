"""Seeds in: the closed problems synthesis starts from.

``pool`` keeps the catalog's seeds; ``readers`` read the rows of seed files within their ``bounds`` and
``formats`` turns each into a ``SeedDraft`` (one module per format, registered by name: CodeContests / TACO /
APPS rows, native seed dirs, FrontierCS packages);
``describe`` writes its tuple (``statement`` reads it offline), ``validate`` runs its references, ``writer``
stores it, and ``importer`` streams a whole file through these. ``authored``
is a seed an MCP client wrote, ``view`` the stored seeds as people list, show and edit them, ``select`` the
seeds a synthesis run mutates.
"""
