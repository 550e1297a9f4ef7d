-- Uses of a power within a turn: a player holding the card has `per_turn`
-- uses each turn (default 1; 0 for a power used only through its Caldera
-- bolt; "unlimited": a holder never runs out), and every Caldera bolt of the
-- card played this turn adds one.
--
--   local uses = require("uses").new("Erosion")
--   uses.left(player) -> uses left this turn
--   uses.spend(player)          -- one use taken
--   uses.bolt(player)           -- a bolt of the card was played
--
-- The counter is game.uses (docs/lua-api.md), counted in C: declare an
-- action with `uses = uses` and it is offered only while a use is left,
-- with no Lua call otherwise. new() declares engine-owned state, so it is
-- called while the script loads.

local game = game

local M = {}

function M.new(card, per_turn)
  return game.uses{ card = card, per_turn = per_turn }
end

return M
