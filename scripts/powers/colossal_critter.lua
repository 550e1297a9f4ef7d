-- Colossal critter
-- In your claim step a critter may be upgraded for 4 resources to a 2-hit-point Colossal critter worth 4 points.

card {
  name = "Colossal critter",
  levels = { 1, 3 },
  stars = 3,
  text = "In your claim step a critter may be upgraded for 4 resources to a 2-hit-point Colossal critter worth 4 points.",
  ruling = "Once per claim step, on a regular critter of the holder's on the board; the 4 resources come from the holder's largest piles. The second hit point is armour: lava stopped, an eruption fled for free or a magma bomb absorbed each costs it.",
}

local NAME = "Colossal critter"
local TAG = "colossal_upgrade"
local COST = 4

-- In the claim step the holder may upgrade one regular critter on the board for
-- 4 resources (ruling: once per claim step, paid from the largest piles). The
-- engine's armour does the rest: lava stopped, an eruption fled for free, a
-- magma bomb absorbed, each costing the point of armour.
on("phase", function(ev)
  if ev.phase ~= game.PHASE.claim or not game.holds(ev.player, NAME) then return end
  local have = game.resources(ev.player)
  if have.dark + have.medium + have.light < COST then return end
  local choices = {}
  for _, c in ipairs(game.critters(ev.player)) do
    if c.place == "board" and c.armour == 0 and not c.dormant then
      choices[#choices + 1] = { value = c.index, q = c.q, r = c.r }
    end
  end
  if #choices > 0 then game.ask{ player = ev.player, tag = TAG, choices = choices, pass = true } end
end, 0, NAME)

on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  if game.pay(ev.player, COST) then game.set_armour(ev.player, ev.value, 1) end
end, 0, NAME)

-- A Colossal critter on the board scores 4 points: 1 as a critter, 3 here.
on("scoring", function(ev)
  for _, c in ipairs(game.critters(ev.player)) do
    if c.place == "board" and c.armour > 0 then ev.bonus = ev.bonus + 3 end
  end
end, 0, NAME)
