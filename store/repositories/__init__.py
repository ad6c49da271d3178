"""The repositories a Store holds as attributes (store/repository.py), one concern each: each holds the store's
connections (so all of them write in the same transactions) and the repositories it builds on."""
