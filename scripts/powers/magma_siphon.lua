-- Magma siphon
-- When another player sets off a volcano, the holder gains a resource for
-- each of their critters next to it.

local game, ipairs = game, ipairs

local NAME = "Magma siphon"

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 0,
  text = "When another player plays a volcano, gain 1 resource for each of your critters on a tile next to it.",
  ruling = "Each of the holder's critters next to the new volcano yields one resource of the biome it stands on, the supply permitting. Critters on the target tile itself have already been wiped out.",
}

-- Each holder's critters on the board one step from the volcano: one list of
-- the holder's critters rather than the critters of each of six stacks. The
-- order of the gains within a player does not matter: each biome draws on
-- its own supply.
on("volcano_activated", function(ev)
  local q, r, activator = ev.q, ev.r, ev.player
  for p = 0, game.players() - 1 do
    if p ~= activator and game.holds(p, NAME) then
      for _, c in ipairs(game.critters(p, "board")) do
        if game.distance(c.q, c.r, q, r) == 1 then game.gain(p, c.biome, 1) end
      end
    end
  end
end, 0, NAME)
