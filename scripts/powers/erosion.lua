-- Erosion
-- Once per turn, before claiming, the top tile of an uninhabited stack of two
-- or more leaves the game.

local NAME = "Erosion"
local places = require("places")
local uses = require("uses").new(NAME)

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "claim",
  text = "Once per turn, before claiming, remove the top tile of an uninhabited stack of two or more; the tile beneath can then be claimed.",
  ruling = "Offered among the claim step's options, once per turn. Caldera bolt: one more erosion this turn, offered in the claim step.",
}

local function erodible(at)
  local s = game.stack(at.q, at.r)
  return s.height >= 2 and not s.lava and s.top ~= "volcano" and #game.critters_at(at.q, at.r) == 0
end

game.action{
  name = "erode",
  at = "claim",
  card = NAME,
  offers = function(player)
    if uses.left(player) <= 0 then return {} end
    local out = {}
    for _, at in ipairs(game.land()) do
      if erodible(at) then out[#out + 1] = { q = at.q, r = at.r } end
    end
    return out
  end,
  label = function(opt)
    return ("Erode the stack at %s (height %d)"):format(places.at(opt), game.stack(opt.q, opt.r).height)
  end,
  perform = function(ev)
    uses.spend(ev.player)
    game.remove_top(ev.q, ev.r)
  end,
}

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then uses.bolt(ev.player) end
end, 0, NAME)
