-- Agile critters
-- You may make two critter movements in your move step, and a critter may move onto an uncontrolled biome of a connecting tile.

card {
  name = "Agile critters",
  levels = { 2, 3 },
  bolt = true,
  stars = 2,
  text = "You may make two critter movements in your move step, and a critter may move onto an uncontrolled biome of a connecting tile.",
  ruling = "Caldera bolt: one more critter move this turn, played in the move step.",
}

local NAME = "Agile critters"

on("power_unlocked", function(ev)
  if game.card(ev.card).name == NAME then game.set_ability(ev.player, "move_adjacent", 1) end
end, 0, NAME)

on("turn_start", function(ev)
  if game.holds(ev.player, NAME) and ev.moves < 2 then ev.moves = 2 end
end, 0, NAME)

-- Caldera bolt: one more critter move this turn (played in the move step).
on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then game.add_moves(1) end
end, 0, NAME)
