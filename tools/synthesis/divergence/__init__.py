"""Idea divergence (steps 3 and 5 of Algorithm 1): ``formulas`` (the paper's semantic and behavioural estimates,
crossing and their combination, pure numpy), ``estimate`` (a candidate's estimates from its stored solutions and
score matrix, and the publication gate) and ``auc`` (whether the filter is load-bearing: each estimate's ROC AUC
over the catalog's open and pseudo-open families).
"""
