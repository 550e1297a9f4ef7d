-- Landslide
-- Whenever a volcano is activated, the holder may slide a tile next to it
-- onto a lower neighbouring stack.

local game, ipairs = game, ipairs

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
  bolt_needs = { holder = false },
  bolt_offer = function() return slide_possible() end,
  text = "Whenever a volcano is activated you may slide a tile next to it onto a lower neighbouring tile, crushing critters that cannot escape.",
  ruling = "Each holder, in turn order from the active player, first picks the stack next to the volcano whose top tile slides (stacks of two or more tiles, so one stays), then the lower land stack next to it where it lands (not the volcano); edges need not match. Critters riding the tile survive; those under it flee as from lava, paying to evacuate, or are lost. Caldera bolt: a slide when your own volcano erupts this turn; offered while choosing a volcano's target, to a player without the power, when some stack of two or more has a lower neighbour to slide onto and another the volcano could go on.",
}

-- The stacks are read with game.stack_field, the values a test needs in one
-- call (cheaper than game.stack's table for the many stacks tested).

-- The height of the stack at (q, r) when a volcano could go on it (land
-- without lava, a volcano or a mark barring building; the targeting rules may
-- still forbid it), else nil.
local function site_height(q, r)
  local h, lava, top, no_build = game.stack_field(q, r, "height", "lava", "top", "no_build")
  if h == 0 or lava or top == "volcano" or no_build then return nil end
  return h
end

-- The height of the stack at (q, r) when its top tile may slide (two tiles or
-- more, so one stays; no lava, not a volcano), else nil.
local function slide_height(q, r)
  local h, lava, top = game.stack_field(q, r, "height", "lava", "top")
  if h < 2 or lava or top == "volcano" then return nil end
  return h
end

-- Whether the top tile of a stack `height` high next to (q, r) may slide
-- onto it: lower land a volcano could go on, not the volcano itself.
local function lands_on(q, r, height, volcano)
  if volcano and q == volcano.q and r == volcano.r then return false end
  local h = site_height(q, r)
  return h ~= nil and h < height
end

-- Where the top tile of `from` may slide: lower land next to it, not the volcano.
local function destinations(from, volcano)
  local height, out = game.stack_field(from.q, from.r, "height"), {}
  for q, r in game.each_neighbours(from.q, from.r) do
    if lands_on(q, r, height, volcano) then out[#out + 1] = { q = q, r = r } end
  end
  return out
end

-- Whether the top tile of `from` may slide somewhere (the first destination
-- found is enough).
local function may_slide(from, volcano)
  local height = slide_height(from.q, from.r)
  if not height then return false end
  for q, r in game.each_neighbours(from.q, from.r) do
    if lands_on(q, r, height, volcano) then return true end
  end
  return false
end

-- Whether some landslide could follow a volcano set off now: a stack whose
-- top tile may slide, with a lower neighbour to slide onto and another
-- neighbour the volcano could go on. A lower neighbour is itself a place the
-- volcano could go on, so that is one lower neighbour among two such places.
function slide_possible()
  for fq, fr in game.each_land(2) do   -- a single tile never slides
    local height = slide_height(fq, fr)
    if height then
      local lower, sites = 0, 0
      for q, r in game.each_neighbours(fq, fr) do
        local h = site_height(q, r)
        if h then
          sites = sites + 1
          if h < height then lower = lower + 1 end
          if lower >= 1 and sites >= 2 then return true end
        end
      end
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
    if not slide_height(from.q, from.r) then return end   -- still possible?
    for _, d in ipairs(destinations(from, ev.context.volcano)) do
      if places.same(d, to) then return game.slide(from.q, from.r, to.q, to.r) end
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
        if may_slide(from, volcano) then choices[#choices + 1] = { q = from.q, r = from.r } end
      end
      WHICH:ask(p, choices, { volcano = volcano })
    end
  end
end, 0, NAME)

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
