"""Ends, a game for cardshell: take cards from either end of a row in rising rank."""
