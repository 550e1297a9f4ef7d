-- Frugal ritual
-- The sacrifice from hand costs 2 resources of different types.

local NAME = "Frugal ritual"

-- What content/players.lua says (no reader gives it): a crater holds 3 critters.
local CRATER_CAPACITY = 3

local S = game.state{
  bolt_turn = game.per_player(0),   -- the turn a bolt was played in
  buy_turn = 0,                     -- the turns whose buy and claim steps began
  claim_turn = 0,
  step = { turn = 0, hand = 0, forced = false },   -- the sacrifice step seen beginning
}

-- Whether the player may still sacrifice a critter from hand this turn: one
-- in hand, room in the crater, and none sacrificed from hand yet. A forced
-- sacrifice (buy step straight to sacrifice step, the claim step skipped) was
-- one; in the step, a hand smaller than as it began means one was made. No
-- reader says it, so where the step was not seen beginning, only the hand and
-- the crater count.
local function hand_sacrifice_left(player)
  if game.hand(player) == 0 or game.crater(player) >= CRATER_CAPACITY then return false end
  if S.step.turn ~= game.turn() then return true end
  return not S.step.forced and game.hand(player) >= S.step.hand
end

-- Whether a bolt would lower this turn's price: not for a holder, who pays
-- the frugal price already, and only when a sacrifice from hand is left and
-- two resources of different types could pay for it.
local function cheaper_sacrifice(player)
  return not game.holds(player, NAME) and hand_sacrifice_left(player) and
         #game.payments(player, { any = 2, distinct = true }) > 0
end

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "sacrifice",
  bolt_offer = cheaper_sacrifice,
  text = "Your sacrifice from hand costs 2 resources of different types instead of 5.",
  ruling = "A holder with resources of one type only may still pay the usual price (5 of that type). Caldera bolt: this turn's sacrifice from hand costs 2 resources of different types; offered in the sacrifice step only, to a player without the power who may still sacrifice from hand this turn and has two resources of different types.",
}

on("cost", function(ev)   -- the price of a sacrifice only (the gate's `when`)
  local bolt = S.bolt_turn[ev.player] == game.turn() and game.active() == ev.player
  if bolt or game.holds(ev.player, NAME) then
    -- 2 of different types, or the usual price of one type: a holder of one
    -- type only could pay the usual price, and the power never takes that away.
    ev.any, ev.alike, ev.each, ev.distinct = 2, ev.any, 0, true
  end
end, 0, { card = NAME, when = { item = "sacrifice" } })

on("phase", function() S.buy_turn = game.turn() end, 0, { card = NAME, when = { phase = "buy" } })
on("phase", function() S.claim_turn = game.turn() end, 0, { card = NAME, when = { phase = "claim" } })
on("phase", function(ev)
  local turn = game.turn()
  S.step.turn, S.step.hand = turn, game.hand(ev.player)
  S.step.forced = S.buy_turn == turn and S.claim_turn ~= turn
end, 0, { card = NAME, when = { phase = "sacrifice" } })

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then S.bolt_turn[ev.player] = game.turn() end
end, 0, NAME)
