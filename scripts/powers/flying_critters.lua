-- Flying critters
-- In your move step a critter may fly to any uncontrolled biome any distance away, even on an inhabited tile.

card {
  name = "Flying critters",
  levels = { 2, 4 },
  stars = 2,
  text = "In your move step a critter may fly to any uncontrolled biome any distance away, even on an inhabited tile.",
}

local NAME = "Flying critters"

on("power_unlocked", function(ev)
  if game.card(ev.card).name == NAME then game.set_ability(ev.player, "move_anywhere", 1) end
end, 0, NAME)
