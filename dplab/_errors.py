"""Errors shared by the maths modules (private: each module re-exports what it raises)."""

from __future__ import annotations

import numpy as np

__all__ = ["DeltaUnderflowError"]


class DeltaUnderflowError(ArithmeticError):
    """The exact δ is positive but smaller than the smallest normal double.

    ``log_delta`` holds ``ln δ`` for every input (a float, or an array shaped like the
    broadcast inputs), so the caller can report ``log₁₀ δ`` instead of a false 0.
    """

    def __init__(self, message: str, log_delta: float | np.ndarray) -> None:
        super().__init__(message)
        self.log_delta = log_delta
