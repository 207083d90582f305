"""What the two COMP9021 solitaires, Pictures and Up-and-Down, share (a library, not a plugin).

Their hand-out gives both the same card numbers (:mod:`.numbering`), the same
seed question (:mod:`.standalone`) and the same ``simulate`` table
(:mod:`.frequencies`); they live here so neither game imports the other.
"""
