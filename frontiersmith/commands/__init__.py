"""CLI command groups, one module per group; each is a thin shell over ``frontiersmith.tools``."""
