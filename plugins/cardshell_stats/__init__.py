"""cardshell_stats: game statistics kept from the lifecycle hooks (work in progress)."""
