"""pytest helpers for plugin authors (filled in by the plugin-kit work)."""
