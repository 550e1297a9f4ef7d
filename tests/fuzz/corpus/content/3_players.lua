-- What each player has and may hold.
return {
  critters = 21,
  resource_cap = 7,           -- after collection
  crater_capacity = 3,
  later_player_bonus = 2,     -- set-up bonus resources for player two onwards
  targeting_threshold = 5,    -- 3+ players: critters on land that make anyone a target
}
