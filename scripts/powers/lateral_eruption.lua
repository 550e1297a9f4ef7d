-- Lateral eruption
-- The holder's volcano may erupt a second time beside itself: a d4 picks the site.

local game = game

local NAME = "Lateral eruption"
local places = require("places")
local uses = require("uses").new(NAME)

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 3,
  bolt = "target",
  -- Each lateral eruption takes a Volcano from the supply: one more than the
  -- player's lateral eruptions left this turn.
  bolt_offer = function(player) return game.supply("volcanoes") > uses.left(player) end,
  text = "When you buy a volcano you may roll a d4 for a second explosion site beside it.",
  ruling = "When the holder activates a volcano they may roll a d4 for a second explosion site (the pictures are missing): the holder picks the side, a neighbouring stack that becomes number 1, and the d4 counts clockwise from it over the volcano's neighbours. If the rolled neighbour can take a volcano (a land stack without lava or a volcano; it may be higher) it erupts too, with its own lava but no second Power Grid unlock; the supply must still hold a Volcano. Caldera bolt: a lateral eruption for a volcano activated this turn; offered while choosing a volcano's target, as long as the supply holds a Volcano for it.",
}

local SIDE = game.question{
  name = "lateral_eruption_side",
  prompt = "A lateral eruption: roll a d4 counting clockwise from which side?",
  label = function(choice) return "From the stack at " .. places.at(choice) end,
  pass = "No lateral eruption",
  context = { volcano = game.place() },
  answer = function(ev)
    if ev.passed then return end
    local v = ev.context.volcano
    local first
    for q, r, dir in game.each_neighbours(v.q, v.r) do
      if q == ev.q and r == ev.r then first = dir end
    end
    if not first then return end
    local site = game.neighbour(v.q, v.r, (first - 1 + game.roll(4) - 1) % 6 + 1)
    if not site then return end
    local s = game.stack(site.q, site.r)
    if s.height > 0 and not s.lava and s.top ~= "volcano" and not s.no_build and game.supply("volcanoes") > 0 then
      game.erupt(ev.player, site.q, site.r)
    end
  end,
}

on("volcano_activated", function(ev)   -- only while the player has a use left (the gate's uses)
  if game.supply("volcanoes") == 0 then return end
  uses.spend(ev.player)
  SIDE:ask(ev.player, game.neighbours(ev.q, ev.r), { volcano = { q = ev.q, r = ev.r } })
end, 0, { card = NAME, uses = uses })

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
