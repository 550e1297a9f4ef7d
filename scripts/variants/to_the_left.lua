-- To the Left (3-5 players, alternative): a tile or a volcano may only target
-- stacks holding a critter of the player on your left (the next player in turn
-- order), or of any opponent with `targeting_threshold` (5) or more critters on
-- land. Soil and uninhabited stacks are always fair game.

on("targets", function(ev)
  local me = ev.player
  local left = (me + 1) % game.players()
  local mask = 1 << left
  for p = 0, game.players() - 1 do
    if p ~= me and game.critters_on_land(p) >= game.targeting_threshold() then
      mask = mask | (1 << p)
    end
  end
  ev.players = mask
end, 0, { variant = "to_the_left", min_players = 3 })
