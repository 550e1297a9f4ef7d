-- Cooperative critters
-- Your critter may move onto another player's controlled biome of its tile: it wipes out their critter, or shares the biome if they cooperate too.

card {
  name = "Cooperative critters",
  levels = { 3, 3 },
  middle = true,
  stars = 2,
  text = "Your critter may move onto another player's controlled biome of its tile: it wipes out their critter, or shares the biome if they cooperate too.",
}

local NAME = "Cooperative critters"

-- The engine's "share" ability: a critter may move onto another player's biome
-- on its own tile; a non-cooperating critter there is wiped out (a Colossal one
-- parries: it loses a point of armour and the mover goes home), a cooperating
-- one shares the biome, and sharers never contest each other. Claims are not
-- changed: no critter is placed onto a populated tile.
on("power_unlocked", function(ev)
  if game.card(ev.card).name == NAME then game.set_ability(ev.player, "share", 1) end
end, 0, NAME)
