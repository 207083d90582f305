"""``python -m cardshell``: the same as the ``cardshell`` command (:mod:`cardshell_launcher`)."""

import sys

from cardshell_launcher import main

sys.exit(main())
