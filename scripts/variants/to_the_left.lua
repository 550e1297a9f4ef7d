-- To the Left (3-5 players, alternative): a tile or a volcano may only target
-- volcanic soil or stacks holding a critter of the player on your left (the
-- next player in turn order), or of any opponent with `targeting_threshold`
-- (5) or more critters on land. A stack with no critter on it is not fair
-- game: Symbiosis' exception for uninhabited tiles is not part of this
-- variant. Sacrificed, grid and sea critters do not count.

local game = game

game.variant_rule{
  name = "to_the_left",
  min_players = 3,
  targets = { seat = 1, threshold = true },
}
