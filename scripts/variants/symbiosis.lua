-- Symbiosis (3-5 players, the default): a tile or a volcano may only target
-- stacks holding a critter of the opponent with the most critters on land
-- (all of them when tied), or of any opponent with `targeting_threshold` (5)
-- or more critters on land. Soil is always fair game, and so is a stack with
-- no critter on it, whoever controls its biomes (the rulebook's exception,
-- written for Symbiosis alone). Sacrificed, grid and sea critters do not count.
--
-- Declared as data: the engine answers the targeting question itself, at
-- every listing of tiles and volcanoes, without a Lua call. A "targets"
-- handler may still narrow or widen the answer.

local game = game

game.variant_rule{
  name = "symbiosis",
  default = true,
  min_players = 3,
  targets = { most_critters = true, threshold = true, uninhabited = true },
}
