-- Purchases (tiles, volcanoes, islands) the active player's turn still
-- allows, from the engine's own counters (game.turn_state): those the turn
-- allows (the base one, the soil rule's and the powers' extra buys) less
-- those made.
--
--   local purchases = require("purchases")
--   purchases.left() -> purchases the turn still allows

local game = game

local M = {}

function M.left()
  local left = game.turn_state("buys_allowed") - game.turn_state("buys_made")
  return left > 0 and left or 0   -- not math.max: a library call costs more than the test
end

return M
