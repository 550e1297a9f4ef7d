-- Volcanic migration
-- Critters on a tile an opponent targets with a volcano may migrate to their
-- biome elsewhere, for 3 resources each.

local NAME = "Volcanic migration"
local COST = 3
local places = require("places")

card {
  name = NAME,
  levels = { 3, 4 },
  stars = 3,
  text = "Your critters on a tile an opponent targets with a volcano may migrate to their connected biome for 3 resources each.",
  ruling = "After an opponent picks a volcano's target, each of the holder's critters there may migrate to a free area of its biome on another tile: the owner picks the area, then how to pay the 3 resources (each distinct payment is offered), or stays and is wiped out. A Colossal critter migrating keeps both hit points.",
}

local function total(have) return have.dark + have.medium + have.light end

local PAY = game.question{
  name = "volcanic_migration_payment",
  prompt = "Pay for the migration how?",
  label = function(choice, q)
    local p = game.payments(q.player, { any = COST })[choice.value]
    return p and ("Pay " .. places.payment(p)) or "Pay"
  end,
  context = { critter = 0, to = game.place(), area = 0 },
  answer = function(ev)
    local pays = game.payments(ev.player, { any = COST })
    local c, to = game.critter(ev.player, ev.context.critter), ev.context.to
    if not pays[ev.value] or c.place ~= "board" or not to then return end
    for _, a in ipairs(game.biome_areas(to.q, to.r, ev.context.area)) do   -- still free?
      if places.same(a, to) and a.area == ev.context.area and a.free and not a.closed then
        game.pay(ev.player, pays[ev.value])
        return game.move_critter(ev.player, c.index, to.q, to.r, ev.context.area)
      end
    end
  end,
}

local WHERE = game.question{
  name = "volcanic_migration_where",
  prompt = function(q)
    local at = q.context.at
    return ("A volcano targets your critter at %s: migrate it for %d resources?"):format(
      at and places.at(at) or "its tile", COST)
  end,
  label = function(choice) return ("To area %d at %s"):format(choice.value, places.at(choice)) end,
  pass = "Stay",
  context = { critter = 0, at = game.place() },
  answer = function(ev)
    if ev.passed then return end
    local pays = game.payments(ev.player, { any = COST })
    local choices = {}
    for i = 1, #pays do choices[i] = { value = i } end
    PAY:ask(ev.player, choices, { critter = ev.context.critter, to = { q = ev.q, r = ev.r }, area = ev.value })
  end,
}

on("volcano_targeted", function(ev)
  for _, c in ipairs(game.critters_at(ev.q, ev.r)) do
    if c.player ~= ev.player and game.holds(c.player, NAME) and not c.fixed and
       total(game.resources(c.player)) >= COST then
      local choices = {}
      for _, a in ipairs(game.biome_areas(c.q, c.r, c.area)) do
        if a.free and not a.closed and not (a.q == c.q and a.r == c.r) then
          choices[#choices + 1] = { value = a.area, q = a.q, r = a.r }
        end
      end
      WHERE:ask(c.player, choices, { critter = c.index, at = { q = c.q, r = c.r } })
    end
  end
end, 0, NAME)
