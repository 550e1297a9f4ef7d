-- Frugal ritual
-- Your sacrifice from hand costs 2 resources of different types instead of 5.

card {
  name = "Frugal ritual",
  levels = { 2, 4 },
  bolt = true,
  stars = 1,
  text = "Your sacrifice from hand costs 2 resources of different types instead of 5.",
  ruling = "Caldera bolt: this turn's sacrifice from hand costs 2 resources of different types.",
}

local NAME = "Frugal ritual"

local BOLT_TURN = game.slot("frugal_ritual.bolt_turn")

on("cost", function(ev)
  local bolt = game.var(BOLT_TURN) == game.turn() and game.active() == ev.player
  if ev.item == game.COST.sacrifice and (bolt or game.holds(ev.player, NAME)) then
    ev.any, ev.alike, ev.each, ev.distinct = 2, 0, 0, 1
  end
end, 0, NAME)

-- Caldera bolt: this turn's sacrifice from hand costs 2 different resources.
on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then game.set_var(BOLT_TURN, game.turn()) end
end, 0, NAME)
