-- Pack critters
-- Move a critter into a biome you control to form a pack; a pack moves as one onto any connecting biome, wiping out smaller opposition.

card {
  name = "Pack critters",
  levels = { 2, 4 },
  stars = 2,
  text = "Move a critter into a biome you control to form a pack; a pack moves as one onto any connecting biome, wiping out smaller opposition.",
}

local NAME = "Pack critters"

-- The engine's "join" and "group" abilities (group 1: a pack). A critter may
-- move into a biome its owner holds on a neighbouring tile, forming a pack; in
-- later move steps the pack moves as one critter onto a connecting biome with
-- room for all of it, controlled or not, wiping out every smaller opposition
-- there (armour parries a blow). A pack collects one resource per critter, and
-- in contests keeps the whole difference, so larger packs overwhelm smaller ones.
on("power_unlocked", function(ev)
  if game.card(ev.card).name ~= NAME then return end
  game.set_ability(ev.player, "join", 1)
  game.set_ability(ev.player, "group", 1)   -- a pack outranks a herd
end, 0, NAME)
