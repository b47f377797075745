"""Make the shared references in ``maths_support`` importable from the maths tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
