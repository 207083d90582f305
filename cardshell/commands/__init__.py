"""The host's own commands, as small default plugins registered through
``cardshell_commands`` like any plugin's (as datasette's and tox's defaults
are); :data:`cardshell.defaults.DEFAULT_PLUGINS` lists them in order.

=======================  ==========================================  =====================================
plugin name              module                                      commands
=======================  ==========================================  =====================================
``cardshell.builtin``    :mod:`cardshell.commands.menu`              ``help``, ``games``
``cardshell.play``       :mod:`cardshell.commands.play`              ``play``, ``new``, ``restart``
``cardshell.undo``       :mod:`cardshell.commands.undoing`           ``undo``, ``redo``
``cardshell.saves``      :mod:`cardshell.commands.saving`            ``save``, ``load``
``cardshell.session``    :mod:`cardshell.commands.leaving`           ``history``, ``quit``, ``exit``
``cardshell.plugins``    :mod:`cardshell.commands.plugins`           ``plugins``
=======================  ==========================================  =====================================

What they share is in :mod:`cardshell.commands.common` and
:mod:`cardshell.commands.switching`.
"""
