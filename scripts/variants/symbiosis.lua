-- Symbiosis (3-5 players, the default): a tile or a volcano may only target
-- stacks holding a critter of the opponent with the most critters on land
-- (all of them when tied), or of any opponent with `targeting_threshold` (5)
-- or more critters on land. Soil and uninhabited stacks are always fair game
-- (the core allows those itself). Sacrificed, grid and sea critters do not
-- count: game.critters_on_land counts critters on land tiles only.

-- The targeting query runs whenever tiles and volcanoes are listed, so it
-- reads each opponent's count once and asks the rest once per call.
on("targets", function(ev)
  local me, threshold = ev.player, game.targeting_threshold()
  local most, at_most, over = -1, 0, 0   -- at_most: the opponents with `most` critters
  for p = 0, game.players() - 1 do
    if p ~= me then
      local n = game.critters_on_land(p)
      if n > most then
        most, at_most = n, 1 << p
      elseif n == most then
        at_most = at_most | (1 << p)
      end
      if n >= threshold then over = over | (1 << p) end
    end
  end
  ev.players = at_most | over
end, 0, { variant = "symbiosis", min_players = 3 })
