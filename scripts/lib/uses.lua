-- Uses of a power within a turn: a player holding the card has `per_turn`
-- uses each turn (default 1; 0 for a power used only through its Caldera
-- bolt), and every Caldera bolt of the card played this turn adds one.
--
--   local uses = require("uses").new("Erosion")
--   uses.left(player) -> uses left this turn
--   uses.spend(player)          -- one use taken
--   uses.bolt(player)           -- a bolt of the card was played
--
-- new() declares engine-owned state (game.state) for the script calling it,
-- so it is called while that script loads.

local M = {}

function M.new(card, per_turn)
  local S = game.state{
    spent = game.per_player{ turn = 0, count = 0 },
    bolts = game.per_player{ turn = 0, count = 0 },
  }
  local function this_turn(counter)
    return counter.turn == game.turn() and counter.count or 0
  end
  local function add(counter)
    if counter.turn ~= game.turn() then
      counter.turn = game.turn()
      counter.count = 0
    end
    counter.count = counter.count + 1
  end
  -- Each player's two counters, looked up once here: a state lookup builds
  -- a new handle each time, and left() runs whenever options are listed.
  local spent, bolts = {}, {}
  for p = 0, 4 do spent[p], bolts[p] = S.spent[p], S.bolts[p] end
  local self = {}
  function self.left(player)
    local n = game.holds(player, card) and (per_turn or 1) or 0
    return n + this_turn(bolts[player]) - this_turn(spent[player])
  end
  function self.spend(player) add(spent[player]) end
  function self.bolt(player) add(bolts[player]) end
  return self
end

return M
