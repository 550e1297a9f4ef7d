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
