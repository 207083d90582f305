"""cardshell_comp9021: what the two COMP9021 solitaires share (not a plugin).

Pictures (``cardshell_pictures``) and Up-and-Down (``cardshell_up_and_down``)
come from one hand-out: the same card numbers and shuffle (Section 2), the
same standalone question for a seed (Sections 3.2 and 4.2) and the same
shape of ``simulate`` table (Sections 3.3 and 4.3).  Those parts live here,
once, so that neither game imports the other:

* :mod:`cardshell_comp9021.numbering`: Section 2's card numbers;
* :mod:`cardshell_comp9021.standalone`: the standalone programs' seed question;
* :mod:`cardshell_comp9021.frequencies`: the ``simulate`` table, its counts,
  its histogram and its shell command.

The package registers no entry point: it is a library of the two plugins,
installed with them (``pyproject.toml``'s package list finds it).
"""
