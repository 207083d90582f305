"""The host's own commands, as small default plugins registered through
``cardshell_commands`` like any plugin's (as datasette's defaults are);
:data:`cardshell.defaults.DEFAULT_PLUGINS` names them in order.  Each module
holds one plugin; :mod:`.base`, :mod:`.common` and :mod:`.switching` hold what they share.
"""
