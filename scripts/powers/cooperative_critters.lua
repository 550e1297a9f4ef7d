-- Cooperative critters
-- A critter may move onto another player's controlled biome of its own tile:
-- it wipes out their critter there, or shares the biome if they cooperate too.

local game, ipairs = game, ipairs

local NAME = "Cooperative critters"
local places = require("places")
local uses = require("uses").new(NAME, "unlimited")   -- holders move freely; a bolt gives one such move
local takeover_possible   -- below

card {
  name = NAME,
  levels = { 3, 3 },
  middle = true,
  stars = 2,
  bolt = "move",
  -- A holder's critters make such moves already: the bolt is for the others.
  bolt_needs = { holder = false },
  bolt_offer = function(player) return takeover_possible(player) end,
  text = "Your critter may move onto another player's controlled biome of its tile: it wipes out their critter, or shares the biome if they cooperate too.",
  ruling = "In the move step (one move), onto an area of its own tile whose biome another player controls: the critters of players who do not hold the power are wiped out (a Colossal one parries, and the mover goes home); those who hold it share the biome, and sharers never contest each other. Claims are unchanged: no critter is placed onto a populated tile. Caldera bolt: one such move this turn, in the move step, offered to a player without the power when one of their critters could make it.",
}

-- A critter that moved with a Caldera bolt onto a holder's biome shares it
-- as a holder's critter would, for as long as it stays on the board.
local SHARING = game.critter_mark{ name = "sharing" }

local function cooperates(player) return game.holds(player, NAME) end

-- Whether critter c (a critter table) shares rather than being wiped out.
local function sharer(c) return cooperates(c.player) or c.marks[SHARING] == true end

-- Whether every critter of player p in the biome holding (q, r, area) shares.
local function shares(p, q, r, area)
  if cooperates(p) then return true end
  for _, a in ipairs(game.biome_areas(q, r, area)) do
    if a.critter and a.critter.player == p and not sharer(a.critter) then return false end
  end
  return true
end

-- The area of critter c's tile that c could move onto in the biome whose
-- areas are `areas`: one another player controls, free or held by a
-- non-cooperating opponent's critter; nil when there is none.
local function target_in(areas, c)
  local others, mine, here = false, false, nil
  for _, a in ipairs(areas) do
    if a.critter then
      if a.critter.player == c.player then mine = true else others = true end
    end
    if a.q == c.q and a.r == c.r and a.area ~= c.area then here = a end
  end
  if here and others and not mine and not here.closed and
     (not here.critter or not (sharer(here.critter) or here.critter.peaceful)) then
    return here
  end
  return nil
end

-- Every such area of critter c's tile, in the order of `biomes` (game.biomes()).
local function targets(c, biomes)
  local out = {}
  for _, biome in ipairs(biomes) do
    local here = target_in(biome.areas, c)
    if here then out[#out + 1] = here end
  end
  return out
end

-- Whether area `area` of the tile at (q, r) may be moved onto, as far as
-- the area itself goes: not closed (lava, a mark barring entry), and free or
-- held by a critter that neither shares nor is peaceful (target_in's test).
local function area_open(q, r, area)
  local lava, no_enter = game.stack_field(q, r, "lava", "no_enter")
  if lava or no_enter then return false end
  for _, o in ipairs(game.critters_at(q, r)) do
    if o.area == area then return not (sharer(o) or o.peaceful) end
  end
  return true
end

-- Whether some critter of the player could make such a move now: what
-- target_in asks, for the areas of the critters' own tiles, from single
-- values (game.biome_of: another player's critter in the biome and none of
-- the mover's), building no biome's areas.
function takeover_possible(player)
  local mover = 1 << player
  for index, q, r, at in game.each_critter_places(player, "board") do
    for area = 1, game.stack_field(q, r, "areas") do
      local _, present = game.biome_of(q, r, area)
      if area ~= at and present & mover == 0 and present ~= 0 and area_open(q, r, area) and
         not game.critter(player, index).fixed then
        return true
      end
    end
  end
  return false
end

game.action{
  name = "cooperative_move",
  at = "move",
  card = NAME,
  move = true,
  uses = uses,   -- a holder always, another player with a bolt's move left
  offers = function(player, offer)
    -- Most often there is no such move: learning that from the critters' own
    -- tiles is cheaper than reading every biome of the board.
    if not takeover_possible(player) then return end
    local biomes = game.biomes()
    for _, c in ipairs(game.critters(player, "board")) do
      if not c.fixed then
        for _, a in ipairs(targets(c, biomes)) do offer(a.q, a.r, a.area, player, c.index) end
      end
    end
  end,
  label = function(opt)
    return ("Move %s onto another player's biome, the %s area of its tile"):format(places.critter(opt.critter),
      game.area_biome(opt.q, opt.r, opt.value))
  end,
  perform = function(ev)
    if not cooperates(ev.player) then uses.spend(ev.player) end
    for _, a in ipairs(game.biome_areas(ev.q, ev.r, ev.value)) do
      local c = a.critter
      if c and c.player ~= ev.player and not sharer(c) and not c.peaceful then
        local _, stopped = game.hit(c.player, c.index, "takeover")
        if stopped then   -- parried: the mover goes home
          game.to_hand(ev.player, ev.critter.index)
          return
        end
      end
    end
    local others = false   -- sharers' critters staying: the mover shares with them
    for _, a in ipairs(game.biome_areas(ev.q, ev.r, ev.value)) do
      if a.critter and a.critter.player ~= ev.player then others = true end
    end
    for _, a in ipairs(game.biome_areas(ev.q, ev.r, ev.value)) do   -- the area is free now, unless a hit critter stayed
      if a.q == ev.q and a.r == ev.r and a.area == ev.value and a.free then
        if others and not cooperates(ev.player) then game.mark(ev.player, ev.critter.index, SHARING, true) end
        game.move_critter(ev.player, ev.critter.index, ev.q, ev.r, ev.value)
      end
    end
  end,
}

-- Sharers never contest each other: when everyone there shares, all stay.
on("contest", function(ev)
  local all = true
  for p = 0, game.players() - 1 do
    if ev.count[p] > 0 and not shares(p, ev.q, ev.r, ev.area) then all = false end
  end
  if not all or ev.players & (ev.players - 1) == 0 then return end
  for p = 0, game.players() - 1 do ev.keep[p] = ev.count[p] end
end, 0, NAME)

on("caldera_played", function(ev) uses.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })
