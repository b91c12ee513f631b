"""Makes ``from crisis_helpers import ...`` work in this package (tests/crisis is a
package because its test file names repeat those of tests/kot)."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
