"""Defaults shared by the importers and the weight jobs (gds_jobs/)."""

# Additive smoothing of transition weights P(B | A): see gds_jobs/transition.py and docs/weights.md.
TRANSITION_ALPHA = 0.5
