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

-- Open spaces: ocean next to land, without lava, a sea critter or anything
-- that bars entering (a frozen space): game.coast's "free" positions; with
-- `limit`, at most that many.
local function open_spaces(limit) return game.coast("free", limit) end

-- Where a sea critter at (q, r) may come ashore: the areas of uncontrolled
-- biomes (places.uncontrolled: nobody there, so the area is free too) on the land
-- next to it, where lava or a mark does not bar entering; with `first_only`,
-- at most the first.
local function landings(q, r, first_only)
  local out = {}
  for nq, nr in game.each_neighbours(q, r) do
    local areas, lava, no_enter = game.stack_field(nq, nr, "areas", "lava", "no_enter")
    if (areas or 0) > 0 and not lava and not no_enter then
      for area = 1, areas do
        if places.uncontrolled(nq, nr, area) then
          out[#out + 1] = { q = nq, r = nr, value = area }
          if first_only then return out end
        end
      end
    end
  end
  return out
end

-- Offers the sea moves of `kind` ("swim" or "ashore") the board allows the
-- player's sea critters (set aside at a position) now, whatever their uses
-- left, through `offer`.
local function offer_sea_moves(player, kind, offer)
  for index, q, r in game.each_critter_places(player, "aside") do
    if q and not game.stack_field(q, r, "no_leave") then   -- a frozen space holds it
      if kind == "swim" then
        for sq, sr in game.each_coast("free") do offer(sq, sr, nil, player, index) end
      else
        for _, to in ipairs(landings(q, r)) do offer(to.q, to.r, to.value, player, index) end
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
  for _, q, r in game.each_critter_places(player, "aside") do
    if q and not game.stack_field(q, r, "no_leave") then
      if open == nil then open = #open_spaces(1) > 0 end
      if open or #landings(q, r, true) > 0 then return true end
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
  offers = function(player, offer)
    if game.hand(player) > 0 then
      for q, r in game.each_coast("free") do offer(q, r) end
    end
  end,
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
    return ("Bring the sea critter at %s ashore onto %s"):format(places.at(opt.critter), places.area(opt, opt.value))
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
    for index, q, r in game.each_critter_places(p, "aside") do   -- a walk: as they were
      if q and game.stack_field(q, r, "height") > 0 then
        local bq, br, dist
        for sq, sr in game.each_coast("free") do   -- read after the earlier critters' swims
          local d = game.distance(q, r, sq, sr)
          if not dist or d < dist then bq, br, dist = sq, sr, d end
        end
        if bq then game.set_aside(p, index, bq, br) else game.to_hand(p, index) end
      end
    end
  end
end, 0, NAME)

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
