-- Erosion
-- Once per turn, before claiming, the top tile of an uninhabited stack of two
-- or more leaves the game.

local game = game

local NAME = "Erosion"
local places = require("places")
local uses = require("uses").new(NAME)

-- How many erosions one after another the stack at (q, r) allows: all but
-- its bottom tile, when it is uninhabited and without lava or a volcano. It
-- runs for every stack of two or more at every claim step: one read of four
-- values rather than a stack table each.
local function erosions_at(q, r)
  local height, lava, top, critters = game.stack_field(q, r, "height", "lava", "top", "critters")
  if height < 2 or lava or top == "volcano" or critters > 0 then return 0 end
  return height - 1
end

-- Whether the board allows more erosions than the player has left this turn,
-- so that a bolt's one more erosion could be used.
local function erosion_to_spare(player)
  local left, n = uses.left(player), 0
  for q, r in game.each_land(2) do
    n = n + erosions_at(q, r)
    if n > left then return true end
  end
  return false
end

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "claim",
  bolt_offer = erosion_to_spare,
  text = "Once per turn, before claiming, remove the top tile of an uninhabited stack of two or more; the tile beneath can then be claimed.",
  ruling = "Offered among the claim step's options, once per turn. Caldera bolt: one more erosion this turn, offered in the claim step only when a stack is left for it to erode beyond the erosions the player already has this turn.",
}

game.action{
  name = "erode",
  at = "claim",
  card = NAME,
  uses = uses,   -- offered only while a use is left
  offers = function(_, offer)
    for q, r in game.each_land(2) do   -- a stack of one tile never erodes
      if erosions_at(q, r) > 0 then offer(q, r) end
    end
  end,
  label = function(opt)
    return ("Erode the stack at %s (height %d)"):format(places.at(opt), game.stack(opt.q, opt.r).height)
  end,
  perform = function(ev)
    uses.spend(ev.player)
    game.remove_top(ev.q, ev.r)
  end,
}

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
