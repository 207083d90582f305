"""Sort, a game for cardshell: put a row of cards in order by swapping neighbours."""
