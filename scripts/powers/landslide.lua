-- Landslide
-- Whenever a volcano is activated, the holder may slide a tile next to it
-- onto a lower neighbouring stack.

local NAME = "Landslide"
local places = require("places")
local uses = require("uses").new(NAME, 0)   -- holders slide at every volcano; a bolt adds one on the player's own

local slide_possible   -- below

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 2,
  bolt = "target",
  -- A holder slides at every volcano already: the bolt is for the others.
  bolt_offer = function(player) return not game.holds(player, NAME) and slide_possible() end,
  text = "Whenever a volcano is activated you may slide a tile next to it onto a lower neighbouring tile, crushing critters that cannot escape.",
  ruling = "Each holder, in turn order from the active player, first picks the stack next to the volcano whose top tile slides (stacks of two or more tiles, so one stays), then the lower land stack next to it where it lands (not the volcano); edges need not match. Critters riding the tile survive; those under it flee as from lava, paying to evacuate, or are lost. Caldera bolt: a slide when your own volcano erupts this turn; offered while choosing a volcano's target, to a player without the power, when some stack of two or more has a lower neighbour to slide onto and another the volcano could go on.",
}

-- The values of the stack at (q, r) a landslide looks at: read one by one
-- into a small table, cheaper than game.stack's for the many stacks tested.
local function stack_of(q, r)
  return {
    height = game.stack_field(q, r, "height"),
    lava = game.stack_field(q, r, "lava"),
    top = game.stack_field(q, r, "top"),
    no_build = game.stack_field(q, r, "no_build"),
  }
end

local function can_take(s) return s.height > 0 and not s.lava and s.top ~= "volcano" end

-- Where the top tile of `from` may slide: lower land next to it, not the volcano.
local function destinations(from, volcano)
  local fs, out = stack_of(from.q, from.r), {}
  for _, to in ipairs(game.neighbours(from.q, from.r)) do
    local ts = stack_of(to.q, to.r)
    if not places.same(to, volcano) and can_take(ts) and not ts.no_build and ts.height < fs.height then
      out[#out + 1] = { q = to.q, r = to.r }
    end
  end
  return out
end

-- Whether a volcano could go on the stack `s` (the targeting rules may still
-- forbid it).
local function may_erupt_on(s) return can_take(s) and not s.no_build end

-- Whether some landslide could follow a volcano set off now: a stack of two or
-- more with a lower land neighbour to slide onto and another neighbour the
-- volcano could go on.
function slide_possible()
  for _, from in ipairs(game.land()) do
    local fs = stack_of(from.q, from.r)
    if fs.height >= 2 and can_take(fs) then
      local lower, sites, both = 0, 0, 0
      for _, n in ipairs(game.neighbours(from.q, from.r)) do
        local ns = stack_of(n.q, n.r)
        local is_lower = can_take(ns) and not ns.no_build and ns.height < fs.height
        local is_site = may_erupt_on(ns)
        lower = lower + (is_lower and 1 or 0)
        sites = sites + (is_site and 1 or 0)
        both = both + ((is_lower and is_site) and 1 or 0)
      end
      -- a lower stack and a site that are not one and the same
      if lower > 0 and sites > 0 and not (lower == 1 and sites == 1 and both == 1) then return true end
    end
  end
  return false
end

local WHERE = game.question{
  name = "landslide_where",
  prompt = function(q) return "Slide the top tile at " .. places.at(q.context.from) .. " onto which stack?" end,
  label = function(choice) return "Onto the stack at " .. places.at(choice) end,
  pass = "No landslide after all",
  context = { from = game.place(), volcano = game.place() },
  answer = function(ev)
    if ev.passed then return end
    local from, to = ev.context.from, { q = ev.q, r = ev.r }
    for _, d in ipairs(destinations(from, ev.context.volcano)) do   -- still possible?
      local fs = stack_of(from.q, from.r)
      if places.same(d, to) and can_take(fs) and fs.height >= 2 then
        return game.slide(from.q, from.r, to.q, to.r)
      end
    end
  end,
}

local WHICH = game.question{
  name = "landslide_which",
  prompt = "A landslide: which stack next to the volcano slides?",
  label = function(choice) return "The top tile of the stack at " .. places.at(choice) end,
  pass = "No landslide",
  context = { volcano = game.place() },
  answer = function(ev)
    if ev.passed then return end
    local from = { q = ev.q, r = ev.r }
    WHERE:ask(ev.player, destinations(from, ev.context.volcano), { from = from, volcano = ev.context.volcano })
  end,
}

on("volcano_activated", function(ev)
  local volcano = { q = ev.q, r = ev.r }
  for k = 0, game.players() - 1 do
    local p = (game.active() + k) % game.players()
    local slides = game.holds(p, NAME) or (p == ev.player and uses.left(p) > 0)
    if slides then
      if not game.holds(p, NAME) then uses.spend(p) end
      local choices = {}
      for _, from in ipairs(game.neighbours(ev.q, ev.r)) do
        local fs = stack_of(from.q, from.r)
        if can_take(fs) and fs.height >= 2 and #destinations(from, volcano) > 0 then
          choices[#choices + 1] = { q = from.q, r = from.r }
        end
      end
      WHICH:ask(p, choices, { volcano = volcano })
    end
  end
end, 0, NAME)

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then uses.bolt(ev.player) end
end, 0, NAME)
