"""FrontierSmith: turn closed competitive-programming problems into open-ended ones and judge them."""

__version__ = "0.1.0"
