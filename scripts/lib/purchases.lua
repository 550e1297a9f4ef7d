-- Purchases (tiles, volcanoes, islands) the active player's turn still
-- allows, as far as a rules script can count them: no reader gives the
-- engine's own counters, so the count starts as the buy step begins and
-- follows the events each purchase causes (buy_limit after a bought tile is
-- placed, volcano_targeted for a bought volcano, island for a summoned one).
--
--   local purchases = require("purchases").new(NAME)   -- while the script loads
--   purchases.left() -> purchases the turn still allows, or nil when the count
--                       did not start with this buy step (the card came into
--                       play during it, or the game was set up mid-step)
--   purchases.add(n)    -- the script allowed n more (game.add_buys)
--
-- new() declares engine-owned state (game.state) and handlers gated by the
-- card, for the script calling it, so it is called while that script loads.

local M = {}

function M.new(card)
  local S = game.state{ turn = 0, made = 0, extra = 0 }
  local function counting() return S.turn == game.turn() end
  local function one_more(ev)
    if counting() and ev.player == game.active() then S.made = S.made + 1 end
  end

  on("phase", function()
    S.turn, S.made, S.extra = game.turn(), 0, 0
  end, 0, { card = card, when = { phase = "buy" } })
  -- Last of all, to read the limit every other handler agreed on.
  on("buy_limit", function(ev)
    if counting() then S.made, S.extra = ev.bought, ev.extra end
  end, -1000, card)
  on("volcano_targeted", one_more, 0, card)
  on("island", one_more, 0, card)

  local self = {}
  function self.left()
    if not counting() then return nil end
    return math.max(0, S.extra + 1 - S.made)
  end
  function self.add(n)
    if counting() then S.extra = S.extra + n end
  end
  return self
end

return M
