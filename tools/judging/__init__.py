"""Judging: one engine that runs a solution on a problem's tests in the sandbox and scores it through the
problem's verifier (verdicts, normalised scores), the test suites a generator and a validator build, the package
folders a problem is read from, and the executors that run judge jobs here or on a Ray cluster.
"""
