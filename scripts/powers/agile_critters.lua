-- Agile critters
-- Two critter movements in your move step, and a critter may move onto an
-- uncontrolled biome of a neighbouring tile (the card's abilities moves and
-- reach: read by the engine as turns begin and while it lists moves, no
-- script runs for them).

local game = game

local NAME = "Agile critters"

card {
  name = NAME,
  levels = { 2, 3 },
  stars = 2,
  bolt = "move",
  bolt_offer = function(player)   -- only where one more move is possible
    for index in game.each_critter_places(player, "board") do
      if #game.move_targets(player, index) > 0 then return true end
    end
    return false
  end,
  abilities = { reach = "adjacent", moves = 2 },
  text = "You may make two critter movements in your move step, and a critter may move onto an uncontrolled biome of a connecting tile.",
  ruling = "Caldera bolt: one more critter move this turn, offered in the move step only.",
}

on("caldera_played", function() game.add_moves(1) end, 0, { card = NAME, when = { card = NAME } })
