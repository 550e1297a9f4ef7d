-- Flying critters
-- A critter may move onto any uncontrolled biome, any distance away.

local game, ipairs = game, ipairs

local NAME = "Flying critters"
local places = require("places")
local uses = require("uses").new(NAME, 0)   -- holders fly through the card's reach; bolts give one flight
local flight_beyond_reach   -- below

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 2,
  bolt = "move",
  bolt_needs = { holder = false },
  bolt_offer = function(player) return flight_beyond_reach(player) end,
  abilities = { reach = "any" },
  text = "In your move step a critter may fly to any uncontrolled biome any distance away, even on an inhabited tile.",
  ruling = "Caldera bolt: in this move step one critter may fly, as the power allows; offered to a player without the power when some uncontrolled biome lies beyond their critters' ordinary reach.",
}

-- Calls visit(c, a) for every flight the player's critters could make now:
-- critter c onto area a of an uncontrolled biome, anywhere but c's own tile.
-- Stops at the first visit that returns true, and returns whether one did.
local function each_flight(player, visit)
  local mine = game.critters(player, "board")
  if #mine == 0 then return false end
  for _, biome in ipairs(game.biomes("free")) do
    for _, a in ipairs(biome.areas) do
      for _, c in ipairs(mine) do
        if not c.fixed and not a.closed and not (c.q == a.q and c.r == a.r) and visit(c, a) then return true end
      end
    end
  end
  return false
end

local function offer_flights(player, offer)
  each_flight(player, function(c, a) offer(a.q, a.r, a.area, player, c.index) end)
end

-- A number for an area of a stack, to look places up without making strings.
local function area_key(q, r, area) return (q * 100 + r) * 10 + area end

-- Whether some flight goes where the critter's ordinary move could not (a
-- holder's moves reach anywhere already: the card's bolt_needs leaves them out).
function flight_beyond_reach(player)
  local reach = {}   -- critter index -> { [area_key] = true }
  return each_flight(player, function(c, a)
    local i = c.index
    if not reach[i] then
      reach[i] = {}
      for _, t in ipairs(game.move_targets(player, i)) do reach[i][area_key(t.q, t.r, t.area)] = true end
    end
    return not reach[i][area_key(a.q, a.r, a.area)]
  end)
end

-- The bolt's flight: a move onto any uncontrolled biome area, anywhere.
game.action{
  name = "fly",
  at = "move",
  card = NAME,
  move = true,
  uses = uses,   -- offered only while a use is left
  offers = offer_flights,
  label = function(opt)
    return ("Fly %s to %s"):format(places.critter(opt.critter), places.area(opt, opt.value))
  end,
  perform = function(ev)
    uses.spend(ev.player)
    game.move_critter(ev.critter.player, ev.critter.index, ev.q, ev.r, ev.value)
  end,
}

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
