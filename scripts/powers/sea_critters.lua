-- Sea critters
-- Once per turn, in the claim step: put a critter into the ocean, swim a sea
-- critter to another ocean space, or bring one ashore.
--
-- A sea critter is a critter set aside (game.set_aside) at an ocean space:
-- out of play, so it controls, collects and scores nothing, cannot be
-- sacrificed and does not count for targeting; the front ends show it there.

local game, ipairs = game, ipairs

local NAME = "Sea critters"
local places = require("places")
local uses = require("uses").new(NAME)
local sea_action_possible   -- below, with the sea actions

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "claim",
  bolt_offer = function(player) return sea_action_possible(player) end,
  text = "Once per turn place a critter in the ocean, move a sea critter to another ocean space, or bring it ashore onto an uncontrolled biome.",
  ruling = "One sea action per turn, offered among the claim step's options. A sea critter stands in an ocean space next to land, one per space, without lava or frost; one in a frozen space stays there; it swims any distance to another such space and comes ashore onto a free area of an uncontrolled biome on a tile next to its space. At sea it controls, collects and scores nothing, cannot be sacrificed and does not count for targeting. Lava in its space leaves it be, and moving land (a shift or a rift) never enters its space; when land forms under it (lava turning to soil, an island summoned over it) it swims to the nearest open space, or returns to hand if there is none. Caldera bolt: one more sea action this turn, in the claim step, offered only while a sea action is possible (a critter in hand and an open space, or a sea critter that can swim or come ashore).",
}

local function sea_critters(player)
  local out = {}
  for _, c in ipairs(game.critter_places(player, "aside")) do
    if c.q then out[#out + 1] = c end
  end
  return out
end

-- Open spaces: ocean next to land, without lava, a sea critter or anything
-- that bars entering (a frozen space): game.coast's "free" positions; with
-- `limit`, at most that many.
local function open_spaces(limit) return game.coast("free", limit) end

-- Where a sea critter at `at` may come ashore: the areas of uncontrolled
-- biomes (places.uncontrolled: nobody there, so the area is free too) on the land
-- next to it, where lava or a mark does not bar entering; with `first_only`,
-- at most the first.
local function landings(at, first_only)
  local out = {}
  for _, n in ipairs(game.neighbours(at.q, at.r)) do
    local areas, lava, no_enter = game.stack_field(n.q, n.r, "areas", "lava", "no_enter")
    if (areas or 0) > 0 and not lava and not no_enter then
      for area = 1, areas do
        if places.uncontrolled(n.q, n.r, area) then
          out[#out + 1] = { q = n.q, r = n.r, value = area }
          if first_only then return out end
        end
      end
    end
  end
  return out
end

-- Offers the sea moves of `kind` ("swim" or "ashore") the board allows the
-- player's sea critters now, whatever their uses left, through `offer`.
local function offer_sea_moves(player, kind, offer)
  local mine = sea_critters(player)
  if #mine == 0 then return end
  local spaces = kind == "swim" and open_spaces()
  for _, c in ipairs(mine) do
    if not game.stack_field(c.q, c.r, "no_leave") then   -- a frozen space holds it
      for _, to in ipairs(spaces or landings(c)) do
        offer(to.q, to.r, to.value, player, c.index)
      end
    end
  end
end

-- Whether any sea action is possible now (what a bolt's sea action needs):
-- a put (a critter in hand and an open space), a swim (a sea critter free to
-- leave its space, and an open space) or a landing for such a critter. The
-- cheap questions first; whether there is an open space is read once (the
-- first one is enough), when first needed.
function sea_action_possible(player)
  local open
  if game.hand(player) > 0 then
    open = #open_spaces(1) > 0
    if open then return true end
  end
  for _, c in ipairs(sea_critters(player)) do
    if not game.stack_field(c.q, c.r, "no_leave") then
      if open == nil then open = #open_spaces(1) > 0 end
      if open or #landings(c, true) > 0 then return true end
    end
  end
  return false
end

local function first_in_hand(player)
  return game.critter_places(player, "hand")[1]
end

game.action{
  name = "sea_put",
  at = "claim",
  card = NAME,
  uses = uses,   -- offered only while a use is left
  -- the open spaces as they are: places are offers
  offers = function(player) return game.hand(player) > 0 and open_spaces() or nil end,
  label = function(opt) return "Put a critter into the ocean at " .. places.at(opt) end,
  perform = function(ev)
    uses.spend(ev.player)
    game.set_aside(ev.player, first_in_hand(ev.player).index, ev.q, ev.r)
  end,
}

game.action{
  name = "sea_swim",
  at = "claim",
  card = NAME,
  uses = uses,
  offers = function(player, offer) offer_sea_moves(player, "swim", offer) end,
  label = function(opt) return ("Swim the sea critter at %s to %s"):format(places.at(opt.critter), places.at(opt)) end,
  perform = function(ev)
    uses.spend(ev.player)
    game.set_aside(ev.player, ev.critter.index, ev.q, ev.r)
  end,
}

game.action{
  name = "sea_ashore",
  at = "claim",
  card = NAME,
  uses = uses,
  offers = function(player, offer) offer_sea_moves(player, "ashore", offer) end,
  label = function(opt)
    return ("Bring the sea critter at %s ashore onto area %d at %s"):format(places.at(opt.critter), opt.value,
      places.at(opt))
  end,
  perform = function(ev)
    uses.spend(ev.player)
    game.move_critter(ev.player, ev.critter.index, ev.q, ev.r, ev.value)
  end,
}

-- Land formed under a sea critter: it swims to the nearest open space
-- (ties: board order), or returns to hand when there is none.
on("land_changed", function(ev)
  for p = 0, game.players() - 1 do
    for _, c in ipairs(sea_critters(p)) do
      if game.stack_field(c.q, c.r, "height") > 0 then
        local best, dist
        for _, at in ipairs(open_spaces()) do
          local d = game.distance(c.q, c.r, at.q, at.r)
          if not dist or d < dist then best, dist = at, d end
        end
        if best then game.set_aside(p, c.index, best.q, best.r) else game.to_hand(p, c.index) end
      end
    end
  end
end, 0, NAME)

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then uses.bolt(ev.player) end
end, 0, NAME)
