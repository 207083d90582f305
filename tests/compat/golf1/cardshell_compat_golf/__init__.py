"""Golf solitaire, a contract-1 cardshell plugin of the compatibility suite."""
