"""``python -m cardshell_launcher``: the ``cardshell`` command, with nothing of
``cardshell`` imported before Ctrl-C is handled (``python -m cardshell``
imports the package first)."""

import sys

from cardshell_launcher import main

sys.exit(main())
