-- To the Left (3-5 players, alternative): a tile or a volcano may only target
-- stacks holding a critter of the player on your left (the next player in turn
-- order), or of any opponent with `targeting_threshold` (5) or more critters on
-- land. Soil and uninhabited stacks are always fair game.

on("targets", function(ev)
  local me, players, threshold = ev.player, game.players(), game.targeting_threshold()
  local mask = 1 << ((me + 1) % players)
  for p = 0, players - 1 do
    if p ~= me and game.critters_on_land(p) >= threshold then mask = mask | (1 << p) end
  end
  ev.players = mask
end, 0, { variant = "to_the_left", min_players = 3 })
