"""Seeds in: the closed problems synthesis starts from (DESIGN §10).

``pool`` keeps the catalog's seeds; ``draft`` is one parsed problem and the one writer that stores it;
the importers read CodeContests / TACO / APPS rows, native seed dirs and FrontierCS packages into drafts.
"""

from .draft import SeedDraft, SeedTest, statement_hash, store_seed
from .pool import ensure_catalog_seeds

__all__ = ["SeedDraft", "SeedTest", "ensure_catalog_seeds", "statement_hash", "store_seed"]
