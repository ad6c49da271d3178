"""The problems to solve: a problem id (a published task, an imported problem, a candidate, ``catalog/NAME``) or a
package folder resolved into what the judge scores (``resolver``), and ``submit``, which judges a solution on one
and stores the submission.
"""
