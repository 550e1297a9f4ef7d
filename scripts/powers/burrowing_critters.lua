-- Burrowing critters
-- In the sacrifice step the holder may burrow a critter, or let one emerge.

local game = game

local NAME = "Burrowing critters"
local places = require("places")
local uses = require("uses").new(NAME)

-- Whether the player has more critters on the board than burrows or
-- emergences left this turn: each critter is burrowed or let emerge once to
-- any effect, so only then could a bolt's one more be used.
local function critter_to_spare(player)
  local left, n = uses.left(player), 0
  for _ in game.each_critter_places(player, "board") do
    n = n + 1
    if n > left then return true end
  end
  return false
end

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 2,
  bolt = "sacrifice",
  bolt_offer = critter_to_spare,
  text = "In your sacrifice step you may burrow one of your critters (or let one emerge): a burrowed critter is safe from stacking, cannot move, does not collect, and emerges at the end.",
  ruling = "One burrow or emergence per sacrifice step, besides the usual sacrifice. A burrowed critter stays where it is (it cannot move, migrate, evacuate or be sacrificed), its stack cannot be stacked on, it collects nothing, does not count for targeting and takes no part in contests, but still holds its biome against claims; a volcano still wipes it out. All emerge at the end and score as usual. Caldera bolt: one more burrow or emergence this turn, in the sacrifice step, offered only when the player has more critters on the board than burrows or emergences left this turn.",
}

-- What a burrowed critter is, for the engine: traits it enforces.
local BURROWED = game.critter_mark{
  name = "burrowed", stays = true, shelters = true, idle = true, uncounted = true, peaceful = true,
}

game.action{
  name = "burrow",
  at = "sacrifice",
  card = NAME,
  uses = uses,   -- offered only while a use is left
  offers = function(player, offer)
    for index, q, r in game.each_critter_places(player, "board") do
      offer(q, r, game.critter_marked(player, index, BURROWED) and 0 or 1, player, index)
    end
  end,
  label = function(opt)
    return (opt.value == 1 and "Burrow %s" or "Let %s emerge"):format(places.critter(opt.critter))
  end,
  perform = function(ev)
    uses.spend(ev.player)
    game.mark(ev.critter.player, ev.critter.index, BURROWED, ev.value == 1)
  end,
}

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
