-- Scouting critters: a new power card, declared by this mod and dealt to the
-- Power Grid and the Caldera deck like the base cards.
--
-- Once per turn, in the claim step, the holder sends a critter scouting. The
-- player answers two questions in words: which critter, then where it goes
-- (the second question carries the critter and where it set out from in its
-- context). Each trip is counted per player in game.state and scores at the
-- end of the game.

manifest = {
  name = "scouting_critters",
  version = "1.0",
  description = "A new power card: Scouting critters (a critter travels two tiles; trips score points).",
}

local NAME = "Scouting critters"
local MAX_POINTS = 4

local trails = require("trails")   -- this mod's own file: mods/scouting_critters/trails.lua

card {
  name = NAME,
  levels = { 1, 3 },
  stars = 2,
  bolt = "claim",
  text = "Once per turn, in your claim step, send a critter scouting onto an uncontrolled biome two tiles away."
    .. " Each trip is worth 1 point at the end of the game (at most 4).",
  ruling = "One trip per turn, offered among the claim step's options. The scout is one of the holder's critters"
    .. " on the board that is free to move; it goes to a free area of a biome no critter controls, on a tile"
    .. " exactly two steps from its own, without lava and open to critters. The holder picks the critter, then"
    .. " the area. Trips are counted per player; each is 1 point at the end, at most 4. Caldera bolt: one more"
    .. " trip this turn, in the claim step.",
}

-- Per seat: trips made in the game, and this turn's spent trips and bolts
-- (`turn` says which turn those two counts belong to).
local S = game.state{
  trips = game.per_player(0),
  today = game.per_player{ turn = 0, spent = 0, bolts = 0 },
}

-- Trips `player` may still make this turn. Only reads (offers call it).
local function trips_left(player)
  local t = S.today[player]
  local spent, bolts = 0, 0
  if t.turn == game.turn() then spent, bolts = t.spent, t.bolts end
  return (game.holds(player, NAME) and 1 or 0) + bolts - spent
end

-- Adds one to this turn's `spent` or `bolts` of `player`.
local function count_today(player, field)
  local t = S.today[player]
  if t.turn ~= game.turn() then t.turn, t.spent, t.bolts = game.turn(), 0, 0 end
  t[field] = t[field] + 1
end

-- Step 2: where the scout goes. The context says which critter it is and
-- where it set out from, so the prompt can name the place.
local WHERE = game.question{
  name = "scouting_where",
  prompt = function(q) return "Where does the scout from " .. trails.at(q.context.from) .. " go?" end,
  label = function(choice)
    return ("The %s biome at %s"):format(game.area_biome(choice.q, choice.r, choice.value), trails.at(choice))
  end,
  context = { critter = 0, from = game.place() },
  answer = function(ev)
    local c = game.critter(ev.player, ev.context.critter)
    if c.place ~= "board" then return end
    game.move_critter(ev.player, c.index, ev.q, ev.r, ev.value)
    S.trips[ev.player] = S.trips[ev.player] + 1
  end,
}

-- Step 1: which critter scouts.
local WHICH = game.question{
  name = "scouting_which",
  prompt = "Which critter goes scouting?",
  label = function(choice) return trails.critter(choice.critter) end,
  answer = function(ev)
    local c = ev.critter
    WHERE:ask(ev.player, trails.destinations(c), { critter = c.index, from = { q = c.q, r = c.r } })
  end,
}

game.action{
  name = "scouting",
  at = "claim",
  card = NAME,
  offers = function(player)
    if trips_left(player) <= 0 or #trails.scouts(player) == 0 then return {} end
    return { { value = 0 } }
  end,
  label = function(opt) return ("Send a critter scouting (trips so far: %d)"):format(S.trips[opt.player]) end,
  perform = function(ev)
    count_today(ev.player, "spent")
    local choices = {}
    for _, c in ipairs(trails.scouts(ev.player)) do
      choices[#choices + 1] = { critter = c, q = c.q, r = c.r }
    end
    WHICH:ask(ev.player, choices)
  end,
}

on("caldera_played", function(ev) count_today(ev.player, "bolts") end, 0, { card = NAME, when = { card = NAME } })

on("scoring", function(ev)
  ev.bonus = ev.bonus + math.min(S.trips[ev.player], MAX_POINTS)
end, 0, NAME)
