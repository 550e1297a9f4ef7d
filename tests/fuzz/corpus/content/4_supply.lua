-- The supply at the start of a game (RULINGS: official counts unknown).
return {
  land_tiles = { base = 30, per_extra_player = 8 },  -- two players: 30; each extra player: +8
  share = { trio = 40, duo = 30, uno = 30 },          -- percent of the land tiles per class
  volcanoes_per_player = 4,
  resources_per_type = 20,
}
