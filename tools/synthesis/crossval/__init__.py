"""Cross-validation of a candidate's tests and its verifier (step 4 of Algorithm 1), checked by code, not by trust:
``protocol`` (the checks, each owned by the test author or the verifier author), ``mutants`` (the outputs the
verifier must see through), ``oracle`` (the seed's checker, where it can judge), ``loop`` (the rounds, each failed
check going back to its owner) and ``authors`` (a provider as the loop's authors; the agents' are in
agents/authors.py).
"""
