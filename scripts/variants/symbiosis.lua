-- Symbiosis (3-5 players, the default): a tile or a volcano may only target
-- stacks holding a critter of the opponent with the most critters on land
-- (all of them when tied), or of any opponent with `targeting_threshold` (5)
-- or more critters on land. Soil and uninhabited stacks are always fair game
-- (the core allows those itself). Sacrificed, grid and sea critters do not
-- count: game.critters_on_land counts critters on land tiles only.

on("targets", function(ev)
  local me, most, mask = ev.player, -1, 0
  for p = 0, game.players() - 1 do
    if p ~= me and game.critters_on_land(p) > most then most = game.critters_on_land(p) end
  end
  for p = 0, game.players() - 1 do
    local n = game.critters_on_land(p)
    if p ~= me and (n == most or n >= game.targeting_threshold()) then
      mask = mask | (1 << p)
    end
  end
  ev.players = mask
end, 0, { variant = "symbiosis", min_players = 3 })
