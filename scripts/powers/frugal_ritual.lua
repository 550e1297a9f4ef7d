-- Frugal ritual
-- The sacrifice from hand costs 2 resources of different types.

local NAME = "Frugal ritual"

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "sacrifice",
  text = "Your sacrifice from hand costs 2 resources of different types instead of 5.",
  ruling = "A holder with resources of one type only may still pay the usual price (5 of that type). Caldera bolt: this turn's sacrifice from hand costs 2 resources of different types; offered in the sacrifice step only.",
}

local S = game.state{ bolt_turn = game.per_player(0) }   -- the turn a bolt was played in

on("cost", function(ev)
  if ev.item ~= "sacrifice" then return end
  local bolt = S.bolt_turn[ev.player] == game.turn() and game.active() == ev.player
  if bolt or game.holds(ev.player, NAME) then
    -- 2 of different types, or the usual price of one type: a holder of one
    -- type only could pay the usual price, and the power never takes that away.
    ev.any, ev.alike, ev.each, ev.distinct = 2, ev.any, 0, true
  end
end, 0, NAME)

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then S.bolt_turn[ev.player] = game.turn() end
end, 0, NAME)
