-- Magma siphon
-- When another player sets off a volcano, the holder gains a resource for
-- each of their critters next to it.

local NAME = "Magma siphon"

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 0,
  text = "When another player plays a volcano, gain 1 resource for each of your critters on a tile next to it.",
  ruling = "Each of the holder's critters next to the new volcano yields one resource of the biome it stands on, the supply permitting. Critters on the target tile itself have already been wiped out.",
}

on("volcano_activated", function(ev)
  local around = game.neighbours(ev.q, ev.r)
  for p = 0, game.players() - 1 do
    if p ~= ev.player and game.holds(p, NAME) then
      for _, at in ipairs(around) do
        for _, c in ipairs(game.critters_at(at.q, at.r)) do
          if c.player == p and c.biome then game.gain(p, c.biome, 1) end
        end
      end
    end
  end
end, 0, NAME)
