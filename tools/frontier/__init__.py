"""FrontierSynth: solvers under evaluation, their trajectories, the diagnoser and its
Capability Defect Map (the records are ``Trajectory`` and ``DefectMap``, frontiersmith/models/frontier.py).

- ``evaluate(store, solver, problems, attempts)``: every attempt judged by the one judge and stored as a
  ``Trajectory`` (``solver`` is a spec: catalog:weak|medium|strong, model:NAME, agent:NAME, command:PATH);
  ``replay(store, DIR)`` the same for solutions that exist as files (``files:DIR``: one solver per name), and
  ``scores_at`` each solver's Score@1, Avg@k and Best@k.
- ``diagnose(store, solver)``: the solver's ``DefectMap`` (failure type x problem features, difficulty
  anchors, example trajectories), stored; ``label_clusters`` has a model write the cluster labels.
"""

from .diagnose import DELTA, classify, diagnose, label_clusters, latest_defect_map, problem_features
from .evaluate import Replay, SolverScores, evaluate, replay, scores_at, select_problems
from .solvers import Draft, Solver, find_program, parse_solver

__all__ = [
    "DELTA",
    "Draft",
    "Replay",
    "Solver",
    "SolverScores",
    "classify",
    "diagnose",
    "evaluate",
    "find_program",
    "label_clusters",
    "latest_defect_map",
    "parse_solver",
    "problem_features",
    "replay",
    "scores_at",
    "select_problems",
]
