"""The repositories the Store is composed of (store/repository.py), one concern each, all over the same connections
and so the same transactions."""
