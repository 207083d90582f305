"""``python -m cardshell``: the same as the ``cardshell`` command."""

import sys

from cardshell.cli import main

sys.exit(main())
