-- To the Right: a house variant for 3-5 players, To the Left mirrored. A tile
-- or a volcano may only target stacks holding a critter of the player on your
-- right (the previous player in turn order), or of any opponent with
-- `targeting_threshold` (5) or more critters on land. Soil is always fair
-- game; a stack with no critter on it is not, as in To the Left (only
-- Symbiosis declares `uninhabited = true`).
--
-- A declaration, not a handler: the engine reads it at every listing of tiles
-- and volcanoes. Play it with --mods to_the_right --variant to_the_right.

game.variant_rule{
  name = "to_the_right",
  min_players = 3,
  targets = { seat = -1, threshold = true },
}

return {
  name = "to_the_right",
  version = "1.0",
  description = "House variant for 3-5 players: target the player on your right, or anyone with 5 critters on land.",
}
