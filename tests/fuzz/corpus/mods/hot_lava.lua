-- Hot lava: whoever activates a volcano may harness its heat. They are asked
-- (game.ask) to choose one reward, or to let it go:
--   1. one extra critter move at the start of their next turn, or
--   2. one victory point at the end of the game.
-- The answer comes back as the "decision" event. What the mod remembers
-- lives in engine variables (see bank.lua), so it is saved with the game.

manifest = {
  name = "f",
  version = "1.0",
  description = "Activating a volcano earns a reward of your choice: a critter move or a point.",
}

local bank = require("util")

local TAG = "hot_lava_reward"
local MOVE, POINT = 1, 2

on("volcano_activated", function(ev)
  game.ask{
    player = ev.player,
    tag = TAG,
    pass = true,
    choices = { MOVE, POINT },
  }
end)

on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 1 then
    return
  end
  local moves, points = bank.get(ev.player)
  if ev.value == MOVE then
    moves = moves + 1
  else
    points = points + 1
  end
  bank.set(ev.player, moves, points)
end)

on("turn_start", function(ev)
  local moves, points = bank.get(ev.player)
  if moves > 0 then
    ev.moves = ev.moves + moves
    bank.set(ev.player, 0, points)
  end
end)

on("scoring", function(ev)
  local _, points = bank.get(ev.player)
  ev.bonus = ev.bonus + points
end)

--@@
-- hot_lava's memory: for each player, the extra moves and the points they
-- have banked. It lives in engine variables (game.var), one per seat, so it
-- is saved with the game and replays exactly; game.slot hands the variables
-- out while the mod loads. One variable holds both numbers: points * 64 + moves.

local bank = {}

local SLOT = {}
for p = 0, 4 do
  SLOT[p] = game.slot("hot_lava.bank." .. p)
end

-- Returns the moves and the points player p has banked.
function bank.get(p)
  local v = game.var(SLOT[p])
  return v % 64, v // 64
end

function bank.set(p, moves, points)
  game.set_var(SLOT[p], points * 64 + math.min(moves, 63))
end

return bank
