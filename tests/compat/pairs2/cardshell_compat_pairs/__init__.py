"""Pairs solitaire, a contract-2 cardshell plugin of the compatibility suite."""
