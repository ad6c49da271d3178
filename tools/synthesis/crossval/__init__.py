"""Cross-validation of a candidate's tests and its verifier (step 4 of Algorithm 1), checked by code, not by trust:
``checks`` (the protocol's checks, declared once, each owned by the test author or the verifier author, and
``cross_validate``, which runs them), ``run`` (one run's state and result), ``verdict_checks``, ``score_checks``
and ``feasibility`` (the checks' work), ``interactive`` (what differs for an interactor), ``mutants`` (the outputs
the verifier must see through), ``probes`` (probes where the mutation bites), ``oracle`` (the seed's checker,
where it can judge), ``loop`` (the rounds, each failed check going back to its owner) and ``authors`` (a provider
as the loop's authors; the agents' are in agents/authors.py).
"""
