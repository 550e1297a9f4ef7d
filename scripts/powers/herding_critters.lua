-- Herding critters
-- Moving a critter into a biome you control forms a herd: it moves as one onto uncontrolled biomes, collects 2 for its biome, and scores 1 point.

card {
  name = "Herding critters",
  levels = { 2, 4 },
  stars = 2,
  text = "Moving a critter into a biome you control forms a herd: it moves as one onto uncontrolled biomes, collects 2 for its biome, and scores 1 point.",
}

local NAME = "Herding critters"

-- The engine's "join" and "group" abilities (group 2: a herd). Moving a critter
-- into a biome its owner holds (on its tile or a neighbouring one) forms a
-- herd; the herd moves as one critter onto uncontrolled biomes only, collects
-- 2 resources for its biome, and scores 1 point at the end (RULINGS).
-- Ruling: a player holding Pack critters too keeps the pack's rules.
on("power_unlocked", function(ev)
  if game.card(ev.card).name ~= NAME then return end
  game.set_ability(ev.player, "join", 1)
  if game.ability(ev.player, "group") ~= 1 then game.set_ability(ev.player, "group", 2) end
end, 0, NAME)

on("scoring", function(ev)
  if game.ability(ev.player, "group") == 2 then ev.bonus = ev.bonus + #game.groups(ev.player) end
end, 0, NAME)
