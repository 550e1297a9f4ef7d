-- Lateral eruption
-- When you buy a volcano you may roll a d4 for a second explosion site beside it.

card {
  name = "Lateral eruption",
  levels = { 2, 4 },
  stars = 3,
  text = "When you buy a volcano you may roll a d4 for a second explosion site beside it.",
}

local NAME = "Lateral eruption"
local TAG = "lateral_eruption_side"

-- When the holder activates a volcano they may roll a d4 for a second explosion
-- site. Ruling (the pictures are missing): the holder picks the side, a
-- neighbouring stack that becomes number 1; the d4 counts clockwise from it over
-- the volcano's neighbours; if the rolled neighbour can take a volcano (a land
-- stack without lava or a volcano; it may be higher) it erupts too, with its own
-- lava but no second Power Grid unlock. The supply must still hold a Volcano.
on("volcano_activated", function(ev)
  if not game.holds(ev.player, NAME) or game.supply().volcanoes == 0 then return end
  local choices = {}
  for i, at in ipairs(game.neighbours(ev.q, ev.r)) do
    choices[#choices + 1] = { value = i, q = at.q, r = at.r }
  end
  -- the answer names side i; the volcano is found again from it
  game.ask{ player = ev.player, tag = TAG, choices = choices, pass = true }
end, 0, NAME)

on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  local first = ev.value                                     -- direction from the volcano
  local volcano = game.neighbours(ev.q, ev.r)[(first + 2) % 6 + 1]
  local around = game.neighbours(volcano.q, volcano.r)
  local site = around[(first - 1 + game.roll(4) - 1) % 6 + 1]
  local s = game.stack(site.q, site.r)
  if s.height > 0 and not s.lava and s.top ~= "volcano" and game.supply().volcanoes > 0 then
    game.erupt(ev.player, site.q, site.r)
  end
end, 0, NAME)
