-- Sleight of land
-- When you activate a volcano you may turn the target tile to any orientation before the Volcano is placed on it.

card {
  name = "Sleight of land",
  levels = { 1, 3 },
  stars = 0,
  text = "When you activate a volcano you may turn the target tile to any orientation before the Volcano is placed on it.",
}

local NAME = "Sleight of land"
local TAG = "sleight_of_land_rotation"

-- Before the Volcano lands, its activator may turn the target tile.
on("volcano_targeted", function(ev)
  if not game.holds(ev.player, NAME) then return end
  local s = game.stack(ev.q, ev.r)
  if s.top ~= "uno" and s.top ~= "duo" and s.top ~= "trio" then return end
  local choices = {}
  for rot = 0, 5 do choices[#choices + 1] = { value = rot, q = ev.q, r = ev.r } end
  game.ask{ player = ev.player, tag = TAG, choices = choices, pass = true }
end, 0, NAME)

on("decision", function(ev)
  if ev.tag == game.tag(TAG) and ev.choice > 0 then game.rotate_top(ev.q, ev.r, ev.value) end
end, 0, NAME)
